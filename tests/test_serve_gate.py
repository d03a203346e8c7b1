"""The app's gate without a server: which pages are the teacher's, how pages are counted against the limits
(hypothesis), the server's key and visitors' ids, and the pages a refusal shows."""

from __future__ import annotations

import stat
import subprocess
import sys
from fnmatch import fnmatch
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.classroom.server import TEACHER_TOKEN_VARIABLE
from machiavelli_kit.i18n import speaking
from machiavelli_kit.serve.app import app_config, app_environment, server_key
from machiavelli_kit.serve.gate import is_teacher_page
from machiavelli_kit.serve.pages import PageCount
from machiavelli_kit.serve.refusals import Refusal, refusal_page, refusal_text
from machiavelli_kit.serve.teacher import is_teacher_name, teacher_glob, teacher_url
from machiavelli_kit.serve.visitors import KEY_FILE, app_key, visitor_id


@pytest.mark.parametrize(
    ("path", "teachers"),
    [
        ("teacher.ipynb", True),
        ("teacher.it.ipynb", True),
        ("Teacher-notes.ipynb", True),
        ("TEACHER.IPYNB", True),
        ("teacher.ipynb/", True),
        ("./sub/../teacher.ipynb", True),
        ("class/teacher.pl.ipynb", True),
        ("notes.ipynb", True),  # a link to teacher.ipynb
        ("puzzles.ipynb", False),
        ("teachers-pet/puzzles.ipynb", False),
        ("my-teacher.ipynb", False),
    ],
)
def test_a_teachers_page_is_known_by_its_name_or_the_file_it_leads_to(
    tmp_path: Path, path: str, teachers: bool
) -> None:
    (tmp_path / "teacher.ipynb").write_text("{}", encoding="utf-8")
    (tmp_path / "notes.ipynb").symlink_to(tmp_path / "teacher.ipynb")
    assert is_teacher_page(tmp_path, path) is teachers


def test_the_listing_hides_what_the_gate_guards() -> None:
    for name in ("teacher.ipynb", "Teacher.it.ipynb", "TEACHER-notes.ipynb", "puzzles.ipynb", "my-teacher.ipynb"):
        assert fnmatch(name, teacher_glob()) is is_teacher_name(name), name


def test_the_teachers_link_carries_the_token_safely() -> None:
    url = teacher_url("http://localhost:8888/voila/render/", "teacher.ipynb", "a/b+c&d")
    assert url == "http://localhost:8888/voila/render/teacher.ipynb?teacher=a%2Fb%2Bc%26d"


Operation = tuple[str, int, int]
"""("add", kernel, visitor) or ("remove", kernel, 0): what happens to the app's pages, one at a time."""
operations = st.lists(st.tuples(st.sampled_from(["add", "remove"]), st.integers(0, 12), st.integers(0, 3)), max_size=60)


@settings(max_examples=300, deadline=None)
@given(operations, st.integers(1, 4), st.integers(1, 8))
def test_pages_are_counted_as_kernels_start_and_stop(ops: list[Operation], per_browser: int, total: int) -> None:
    pages, owners = PageCount(), {}  # owners: the model, kernel -> visitor
    for action, kernel, visitor in ops:
        if action == "add":
            pages.add(f"k{kernel}", f"v{visitor}")
            owners[kernel] = visitor
        else:
            pages.remove(f"k{kernel}")
            owners.pop(kernel, None)
        assert len(pages) == len(owners)
        for someone in range(4):
            mine = sum(owner == someone for owner in owners.values())
            assert pages.pages(f"v{someone}") == mine
            expected = (
                Refusal.TOO_MANY_PAGES if mine >= per_browser else Refusal.CLASS_FULL if len(owners) >= total else None
            )
            assert pages.refusal(f"v{someone}", per_browser, total) is expected


def test_the_servers_key_is_made_once_kept_private_and_remade_when_damaged(tmp_path: Path) -> None:
    key = app_key(tmp_path)
    assert len(key) == 32 and app_key(tmp_path) == key
    assert stat.S_IMODE((tmp_path / KEY_FILE).stat().st_mode) == 0o600
    (tmp_path / KEY_FILE).write_text("not a key\n", encoding="utf-8")
    remade = app_key(tmp_path)
    assert len(remade) == 32 and remade != key and app_key(tmp_path) == remade


def test_a_key_that_cannot_be_kept_is_said_and_the_app_still_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    first, second = server_key(blocked / "data"), server_key(blocked / "data")
    assert len(first) == 32 and first != second
    said = capsys.readouterr().err
    assert said.startswith(f"the app cannot keep its key in {blocked / 'data'} (Not a directory):")
    assert said.count("\n") == 2


def test_a_visitors_id_hides_the_secret_and_depends_on_the_servers_key() -> None:
    secret = "the browser's secret"
    ours = visitor_id(b"k" * 32, secret)
    assert len(ours) == 64 and int(ours, 16) >= 0 and secret not in ours
    assert visitor_id(b"k" * 32, secret) == ours != visitor_id(b"j" * 32, secret)


def test_the_app_passes_the_teachers_token_to_its_server_only() -> None:
    assert app_environment("s3cret")[TEACHER_TOKEN_VARIABLE] == "s3cret"
    config = app_config("s3cret", bytes(32))
    assert config.Voila.cookie_secret != bytes(32) and len(config.Voila.cookie_secret) == 32
    assert teacher_glob() in config.ContentsManager.hide_globs and "__pycache__" in config.ContentsManager.hide_globs


def test_each_refusal_says_what_happened_in_the_servers_language() -> None:
    with speaking("it"):
        italian = {refusal: refusal_text(refusal, 60) for refusal in Refusal}
        page = refusal_page(italian[Refusal.TEACHER_ONLY])
    english = {refusal: refusal_text(refusal, 60) for refusal in Refusal}
    assert all(italian[refusal] != english[refusal] and italian[refusal].endswith(".") for refusal in Refusal)
    assert len(set(english.values())) == len(Refusal)
    assert "(60)" in italian[Refusal.TOO_MANY_PAGES] and " 60 " in italian[Refusal.CLASS_FULL]
    assert '<html lang="it">' in page and "l&#x27;insegnante" in page


def test_the_apps_command_loads_no_server_library() -> None:
    """``machiavelli-kit --help`` imports the app's command: it must not load Voila, jupyter_server or tornado."""
    code = "import sys, machiavelli_kit.cli; print(sorted({'voila', 'jupyter_server', 'tornado'} & set(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
