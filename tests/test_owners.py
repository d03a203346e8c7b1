"""Names on a class's app server: the first visitor who gives a name owns its file, and a teacher can free it."""

from __future__ import annotations

import json
import multiprocessing
import tempfile
import threading
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.classroom.owners import (
    NAME_TAKEN,
    NameTaken,
    OwnersError,
    claim,
    last_name,
    owned_names,
    owners_path,
    release,
)
from machiavelli_kit.classroom.students import list_students, student_path
from machiavelli_kit.classroom.visitor import VISITOR, visitor
from machiavelli_kit.cli import main
from machiavelli_kit.practice.progress import Progress

ADA, BEN = "a1" * 32, "b2" * 32
"""Two visitors' ids, as the app server gives them: hex text."""


def test_the_visitor_is_read_from_the_environment_and_absent_outside_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    assert VISITOR == "MACHIAVELLI_KIT_VISITOR", "the app server sets this very name"
    monkeypatch.delenv(VISITOR, raising=False)
    assert visitor() is None
    monkeypatch.setenv(VISITOR, "  ")
    assert visitor() is None
    monkeypatch.setenv(VISITOR, ADA)
    assert visitor() == ADA


def test_the_first_visitor_owns_a_name_and_every_spelling_of_it(tmp_path: Path) -> None:
    assert claim("Ada Lovelace", tmp_path, ADA) == student_path("Ada Lovelace", tmp_path)
    assert claim("ada  LOVELACE", tmp_path, ADA) == student_path("Ada Lovelace", tmp_path), "her own name again"
    for spelling in ("Ada Lovelace", "ada lovelace", " ADA  Lovelace "):
        with pytest.raises(NameTaken) as refused:
            claim(spelling, tmp_path, BEN)
        assert str(refused.value) == NAME_TAKEN
    assert claim("Ben", tmp_path, BEN).name == "ben.json"
    assert owned_names(tmp_path, ADA) == ["Ada Lovelace"] and owned_names(tmp_path, BEN) == ["Ben"]
    assert owned_names(tmp_path, "c3" * 32) == []


def test_the_last_name_a_visitor_gave_is_remembered_for_their_next_page(tmp_path: Path) -> None:
    assert last_name(tmp_path, ADA) is None
    claim("Ada", tmp_path, ADA)
    claim("Ada's sister", tmp_path, ADA)  # a family's computer: two names, one browser
    assert last_name(tmp_path, ADA) == "Ada's sister"
    claim("ada", tmp_path, ADA)
    assert last_name(tmp_path, ADA) == "Ada" and last_name(tmp_path, BEN) is None
    assert owned_names(tmp_path, ADA) == ["Ada", "Ada's sister"]


def test_the_owners_file_keeps_a_hash_of_each_visitor_never_their_id_and_is_private(tmp_path: Path) -> None:
    claim("Ada", tmp_path, ADA)
    text = owners_path(tmp_path).read_text(encoding="utf-8")
    assert ADA not in text and json.loads(text)["files"]["ada.json"]["name"] == "Ada"
    assert owners_path(tmp_path).stat().st_mode & 0o777 == 0o600
    assert list_students(tmp_path) == [], "the owners' file is no student's"


def test_a_teacher_frees_a_name_for_the_next_visitor(tmp_path: Path) -> None:
    claim("Ada", tmp_path, ADA)
    assert release("ADA", tmp_path) is True
    assert last_name(tmp_path, ADA) is None and owned_names(tmp_path, ADA) == []
    assert claim("Ada", tmp_path, BEN).name == "ada.json"
    with pytest.raises(NameTaken):
        claim("Ada", tmp_path, ADA)
    assert release("Cleo", tmp_path) is False
    assert release("Ada", tmp_path / "elsewhere") is False and not (tmp_path / "elsewhere").exists(), "no folder made"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "Expecting property name enclosed in double quotes"),
        ('{"format": 1, "files": {"ada.json": {"owner": "me", "name": "Ada"}}, "last": {}}', "not laid out"),
        ('{"format": true, "files": {}, "last": {}}', "not laid out"),
        ('{"format": 1, "files": [], "last": {}}', "not laid out"),
        ('{"format": 2, "files": {}, "last": {}}', "a newer Machiavelli Kit wrote it: update the kit"),
        ("[" * 5000 + "]" * 5000, "nested too deeply"),
    ],
)
def test_an_unreadable_owners_file_refuses_every_name_in_words(tmp_path: Path, text: str, reason: str) -> None:
    owners_path(tmp_path).write_text(text, encoding="utf-8")
    for step in (lambda: claim("Ada", tmp_path, ADA), lambda: release("Ada", tmp_path)):
        with pytest.raises(OwnersError, match="cannot be read as the list of who owns which name") as caught:
            step()
        assert reason in str(caught.value)
    assert owners_path(tmp_path).read_text(encoding="utf-8") == text, "a file the kit cannot read is left alone"


def test_visitors_binding_one_name_at_once_end_with_one_owner(tmp_path: Path) -> None:
    visitors = [f"{number:064x}" for number in range(12)]
    start = threading.Barrier(len(visitors))
    won: list[str] = []
    refused: list[str] = []

    def bind(visitor: str) -> None:
        start.wait()
        try:
            claim("Ada", tmp_path, visitor)
            won.append(visitor)
        except NameTaken:
            refused.append(visitor)

    threads = [threading.Thread(target=bind, args=(visitor,)) for visitor in visitors]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(won) == 1 and len(refused) == len(visitors) - 1
    assert owned_names(tmp_path, won[0]) == ["Ada"]
    assert all(owned_names(tmp_path, visitor) == [] for visitor in refused)


def _bind_in_a_process(folder: str, visitor: str, start: Barrier, results: Queue[str]) -> None:
    start.wait()
    try:
        claim("Ada", folder, visitor)
        results.put(visitor)
    except NameTaken:
        results.put("refused")
    except Exception as error:  # said to the test, which would otherwise wait for an answer in vain
        results.put(f"error: {error}")


def test_two_kernels_binding_one_name_at_once_end_with_one_owner(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")  # a kernel of its own, as each page has
    start = context.Barrier(2)
    results: Queue[str] = context.Queue()
    kernels = [context.Process(target=_bind_in_a_process, args=(str(tmp_path), v, start, results)) for v in (ADA, BEN)]
    for kernel in kernels:
        kernel.start()
    outcomes = sorted(results.get(timeout=120) for _ in kernels)
    for kernel in kernels:
        kernel.join()
    assert outcomes[1] == "refused" and outcomes[0] in (ADA, BEN)
    assert owned_names(tmp_path, outcomes[0]) == ["Ada"]


NAMES = st.sampled_from(["Ada", "ada", " ADA ", "Ben", "Cleo", "cleo"])
VISITORS = st.sampled_from([ADA, BEN, "c3" * 32])
STEPS = st.lists(st.tuples(st.sampled_from(["claim", "release"]), NAMES, VISITORS), max_size=25)


@settings(max_examples=60, deadline=None)
@given(STEPS)
def test_claims_and_releases_agree_with_a_plain_model(steps: list[tuple[str, str, str]]) -> None:
    owner: dict[str, tuple[str, str]] = {}
    """The model: each file's owner and the name they first gave."""
    last: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as folder:
        for action, name, visitor in steps:
            key = student_path(name, folder).name
            if action == "release":
                assert release(name, folder) is (key in owner)
                owner.pop(key, None)
                last = {who: file for who, file in last.items() if file != key}
            elif owner.setdefault(key, (visitor, name.strip()))[0] == visitor:
                assert claim(name, folder, visitor).name == key
                last[visitor] = key
            else:
                with pytest.raises(NameTaken):
                    claim(name, folder, visitor)
        for visitor in (ADA, BEN, "c3" * 32):
            mine = sorted((first for who, first in owner.values() if who == visitor), key=str.casefold)
            assert owned_names(folder, visitor) == mine
            assert last_name(folder, visitor) == (owner[last[visitor]][1] if visitor in last else None)


def test_progress_release_frees_a_name_from_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MACHIAVELLI_KIT_PROGRESS", str(tmp_path / "progress.json"))
    folder = tmp_path / "students"
    claim("Ada Lovelace", folder, ADA)
    Progress(student="Ada Lovelace").save(student_path("Ada Lovelace", folder))
    assert main(["progress", "release", "ada lovelace"]) == 0
    out = capsys.readouterr().out
    assert out == "ada lovelace is free again: the next learner who types it on the app gets its progress\n"
    assert claim("Ada Lovelace", folder, BEN).name == "ada-lovelace.json" and last_name(folder, BEN) == "Ada Lovelace"
    assert main(["progress", "release", "Zed"]) == 2
    err = capsys.readouterr().err
    assert (
        err == "machiavelli-kit progress: nobody has taken the name Zed on this server, so there is nothing to free\n"
    )
    assert main(["progress", "release", "../.."]) == 2
    assert "needs at least one letter or digit" in capsys.readouterr().err
