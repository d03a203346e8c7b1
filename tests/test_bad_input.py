"""Bad input found by fuzzing: each gets a clear error naming the problem, never a traceback from deep inside."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

import machiavelli_kit.practice.progress
from machiavelli_kit.core.cards import Card, parse_cards
from machiavelli_kit.core.melds import Meld, ProblemKind, check_meld, check_shape
from machiavelli_kit.core.position import Position, Table, check_table, check_turn
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.practice.progress import Progress, Record
from machiavelli_kit.practice.session import PlaySession
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.format import PuzzleError, load, loads
from machiavelli_kit.ui.puzzle_board import PuzzleBoard

COLLECTION = load_collection()
CHAPTER = """[chapter]
title = "Mes énigmes"

[[puzzle]]
id = "first"
title = "Café"
source = "me"
rules = "bga"
table = [["5S", "5H", "5D", "5C"], ["6H", "7H", "8H"]]
hand = ["4H"]
goal = "max"
answer = 1
"""


def refuse_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every progress save fail as in a read-only folder (chmod does not stop root, who may run the tests)."""

    def refuse(path: object, text: str, *, private: bool = False) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(machiavelli_kit.practice.progress, "write_atomically", refuse)


@pytest.mark.parametrize("button", ["Hint", "Puzzle hint", "Check"])
def test_a_failed_save_is_said_on_the_board_in_plain_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, button: str
) -> None:
    view = PuzzleBoard(COLLECTION.find("it-3"), Progress(), tmp_path / "progress.json")
    refuse_writes(monkeypatch)
    if button == "Check":
        view.board.session.move(Card.parse("7S"), "hand", 0)
        view.board.session.move(Card.parse("7D"), 0, 1)
    clicked = view.hint_button if button == "Puzzle hint" else view.board.buttons[button]
    clicked.click()
    assert view.board.errors == []
    assert "PermissionError" not in view.board.status.value
    assert "Progress not saved: the kit is not allowed to write in" in view.saving.value
    assert str(tmp_path) in view.saving.value
    assert view.progress.record("it-3") != Record(), "the board still counts what happened"

    monkeypatch.undo()
    view.hint_button.click()
    assert view.saving.value == "", "a save that works again clears the message"
    assert Progress.load(tmp_path / "progress.json").record("it-3") == view.progress.record("it-3")


def test_rules_strings_are_accepted_wherever_rules_are() -> None:
    wrapped = "bga(wrap=true)"
    corner = Meld.parse("KH AH 2H")
    assert corner.check(wrapped).kind == "run" and corner.check("bga").kind is None
    assert corner.arranged(wrapped) == corner
    assert check_meld(corner.cards, wrapped).valid and check_shape(corner.cards, wrapped).valid
    assert check_table("5S 5H 5D | KH AH 2H", wrapped).valid
    assert Table.parse("KH AH 2H").check(wrapped).valid
    start, end = Position.parse("", "KH AH 2H"), Position.parse("KH AH 2H", "")
    assert check_turn(start, end, wrapped).valid and not check_turn(start, end, "bga").valid
    assert Position.parse("JK JK JK", "").problems("bga(jokers=2)")[0].flag is ProblemKind.TOO_MANY_JOKERS
    session = PlaySession(start, wrapped)
    for card in parse_cards("KH AH 2H"):
        session.move(card, "hand", "new" if card.rank == 13 else 0)
    assert session.check().valid


def test_a_bad_rules_string_is_named_not_an_attribute_error() -> None:
    with pytest.raises(ValueError, match="wrap must be true, false or unlimited, not 'perhaps'"):
        check_table("5S 5H 5D", "bga(wrap=perhaps)")
    with pytest.raises(ValueError, match="unknown preset 'bgaa'"):
        PlaySession(Position.parse("", "5S"), "bgaa")


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK JK JK JK", "a run holds at most thirteen cards"),
        ("JK " * 17, "a set holds at most four cards, one of each suit, and this one has seventeen"),
        ("5S " * 40, "there are 40 5♠ here, but a set needs a different suit on every card"),
    ],
)
def test_a_meld_of_17_or_more_cards_is_told_what_is_wrong_with_it(cards: str, message: str) -> None:
    verdict = check_shape(parse_cards(cards), "bga")
    assert verdict.kind is None
    assert message in verdict.explain()
    assert "jokers must be" not in verdict.explain()


def test_a_chapter_file_nested_3000_deep_is_named_not_a_recursion_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(CHAPTER.replace('hand = ["4H"]', "hand = " + "[" * 3000 + "]" * 3000), encoding="utf-8")
    with pytest.raises(PuzzleError, match=r"deep\.toml: not valid TOML: lists or tables are nested too deeply"):
        load(path)
    with pytest.raises(PuzzleError, match="nested too deeply"):
        loads("x = " + "[" * 3000 + "]" * 3000, "text")


def test_a_latin_1_chapter_file_is_named_with_the_line(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(CHAPTER.encode("latin-1"))
    with pytest.raises(PuzzleError) as error:
        load(path)
    assert str(error.value) == f"{path}: line 2 is not UTF-8 text (byte 0xe9): save the file as UTF-8"


def test_a_chapter_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "notepad.toml"
    path.write_bytes(CHAPTER.encode("utf-8-sig"))
    assert load(path).title == "Mes énigmes"


def test_a_huge_puzzle_id_or_key_is_cut_short_in_the_message() -> None:
    for text in (CHAPTER.replace('"first"', '"' + "X" * 1_000_000 + '"'), CHAPTER + "y" * 1_000_000 + " = 1\n"):
        with pytest.raises(PuzzleError) as error:
            loads(text, "big.toml")
        assert len(str(error.value)) < 300 and "(1,000,000 characters)" in str(error.value)


@pytest.mark.parametrize(
    "environment",
    [{"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "POSIX", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"}],
    ids=["PYTHONIOENCODING=ascii", "C locale"],
)
def test_output_that_cannot_show_suits_gets_letters(environment: dict[str, str]) -> None:
    encoding_variables = ("LANG", "LANGUAGE", "PYTHONIOENCODING", "PYTHONUTF8", "PYTHONCOERCECLOCALE")
    variables = {key: value for key, value in os.environ.items() if key not in encoding_variables}
    variables = {key: value for key, value in variables.items() if not key.startswith("LC_")}

    def command(*arguments: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "machiavelli_kit", *arguments],
            env={**variables, **environment},
            capture_output=True,
            text=True,
            encoding="ascii",
            check=False,
        )

    checked = command("check", "--table", "5S 5H 5D | 6H 7H 9H")
    assert (checked.returncode, checked.stderr) == (1, "")
    assert "meld 2: 6H 7H 9H: a run needs cards in a row, and 8H is missing between 7H and 9H" in checked.stdout
    solved = command("solve", "--table", "7D 7H 7C | 8D 9D 10D | 10H 10C 10S | JH QH KH", "--hand", "9H 7S")
    assert (solved.returncode, solved.stderr) == (0, "")
    assert "1. 7S from the hand joins the sevens and frees 7D" in solved.stdout
    bad = command("check", "--table", "5S 5H 5Z")
    assert (bad.returncode, bad.stdout) == (2, "")
    assert "'5Z' is not a card: suits are S, H, D, C (or S H D C)" in bad.stderr


def test_polish_and_italian_on_an_output_that_cannot_show_their_letters_lose_only_the_accents() -> None:
    variables = {key: value for key, value in os.environ.items() if key not in ("LANG", "LANGUAGE")}

    def command(*arguments: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "machiavelli_kit", *arguments],
            env={**variables, "PYTHONIOENCODING": "ascii"},
            capture_output=True,
            text=True,
            encoding="ascii",
            check=False,
        )

    checked = command("--lang", "pl", "check", "--table", "5S 5H 5D | 6H 7H 9H")
    assert (checked.returncode, checked.stderr) == (1, "")
    assert checked.stdout.splitlines()[0].startswith("uklad 1: 5S 5H 5D: ")
    assert checked.stdout.splitlines()[-1] == "niepoprawny" and "?" not in checked.stdout
    bad = command("--lang", "it", "check", "--table", "5S 5H 5Z")
    assert (bad.returncode, bad.stdout) == (2, "")
    assert bad.stderr.startswith("machiavelli-kit check: '5Z' non e una carta: ") and "?" not in bad.stderr


def answer_without_waiting(pipe: Path, call: Callable[[], object]) -> BaseException | None:
    """What ``call`` raises (``None`` if nothing); the test fails, and still ends, if it waits on the named pipe."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            call()
            outcome.append(None)
        except BaseException as error:  # handed over to the test's thread
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=60)
    if thread.is_alive():
        with open(pipe, "wb"):  # the writer it waits for, so that it ends
            pass
        thread.join()
        pytest.fail(f"{pipe.name} was opened and waited on")
    return outcome[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_in_a_files_place_is_named_never_waited_on(tmp_path: Path) -> None:
    from machiavelli_kit.classroom.assignment import AssignmentError, load_assignment
    from machiavelli_kit.classroom.exports import ExportError, read_export

    calls: list[tuple[str, Callable[[Path], object], type[Exception], str]] = [
        ("progress.json", Progress.load, machiavelli_kit.practice.progress.ProgressError, "cannot be read"),
        ("week.toml", lambda path: load_assignment(path, COLLECTION), AssignmentError, "cannot be read"),
        ("ada.csv", read_export, ExportError, "ada.csv: "),
        ("mine.toml", load, PuzzleError, "cannot be read"),
    ]
    for name, call, kind, start in calls:
        pipe = tmp_path / name
        os.mkfifo(pipe)
        error = answer_without_waiting(pipe, lambda: call(pipe))  # noqa: B023 (called at once)
        assert isinstance(error, kind), error
        assert start in str(error) and "it is a named pipe, not a file" in str(error)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Position.parse(None, "AS"), "the table is missing (None): write it like 5S 5H 5D | 6H 7H 8H"),
        (lambda: Position.parse("", None), "the cards are missing (None): write them like 7H 8H 9H, or '' for none"),
        (lambda: Table.parse(7), "7 is not a table: write it like 5S 5H 5D | 6H 7H 8H"),
        (lambda: Table.parse([["5S", "5H", "5D"], None]), "the cards are missing (None)"),
        (lambda: Table.parse([5]), "5 is not cards: write them like 7H 8H 9H"),
        (lambda: parse_cards(7.5), "7.5 is not cards: write them like 7H 8H 9H"),
        (
            lambda: Rules.parse(None),
            "the rules are missing (None): write a preset, e.g. bga or bga(wrap=true, jokers=2)",
        ),
        (lambda: Rules.parse(5), "5 is not a rules string: write a preset, e.g. bga or bga(wrap=true, jokers=2)"),
        (lambda: Rules.parse(["bga"]), "['bga'] is not a rules string"),
    ],
)
def test_nothing_or_a_number_where_cards_or_rules_go_is_named(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError) as error:
        call()
    assert str(error.value).startswith(message)
