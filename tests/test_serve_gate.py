"""The app's gate without a server: which pages are the teacher's, and the page a refusal shows."""

from __future__ import annotations

import subprocess
import sys
from fnmatch import fnmatch
from pathlib import Path

import pytest

from machiavelli_kit.i18n import speaking
from machiavelli_kit.serve.app import app_config, app_environment
from machiavelli_kit.serve.gate import is_teacher_page
from machiavelli_kit.serve.refusals import Refusal, refusal_page, refusal_text
from machiavelli_kit.serve.teacher import TEACHER_TOKEN_VARIABLE, is_teacher_name, teacher_glob, teacher_url


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


def test_the_app_passes_the_teachers_token_to_its_server_only() -> None:
    assert app_environment("s3cret")[TEACHER_TOKEN_VARIABLE] == "s3cret"
    config = app_config("s3cret")
    assert teacher_glob() in config.ContentsManager.hide_globs and "__pycache__" in config.ContentsManager.hide_globs


def test_a_refusal_says_what_happened_in_the_servers_language() -> None:
    with speaking("it"):
        text = refusal_text(Refusal.TEACHER_ONLY)
        page = refusal_page(text)
    assert text != refusal_text(Refusal.TEACHER_ONLY) and text.endswith(".")
    assert '<html lang="it">' in page and "l&#x27;insegnante" in page


def test_the_apps_command_loads_no_server_library() -> None:
    """``machiavelli-kit --help`` imports the app's command: it must not load Voila, jupyter_server or tornado."""
    code = "import sys, machiavelli_kit.cli; print(sorted({'voila', 'jupyter_server', 'tornado'} & set(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
