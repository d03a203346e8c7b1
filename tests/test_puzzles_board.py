"""The puzzle board: Check and No play: draw are judged, one hint ladder, Solve counts as help, progress is saved."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

import machiavelli_kit.ui.position_board
from machiavelli_kit.classroom.visitor import VISITOR
from machiavelli_kit.core.cards import Card
from machiavelli_kit.practice.progress import HELPED, Progress, Record
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.ui.puzzle_board import PuzzleBoard
from machiavelli_kit.ui.status import kind_of

COLLECTION = load_collection()
C = Card.parse


@pytest.fixture(autouse=True)
def _no_step_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(machiavelli_kit.ui.position_board, "STEP_DELAY", 0)


def test_solve_is_judged_as_solved_with_help(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    view = PuzzleBoard(COLLECTION.find("it-3"), Progress(student="Ada"), path)
    view.board.buttons["Solve"].click()
    assert view.board.errors == []
    assert view.verdict.value == "Solved with help: 2 cards played, the most there is."
    record = Progress.load(path).record("it-3")
    assert (record.attempts, record.hints, record.status) == (1, 0, HELPED)


def test_no_play_draw_on_a_restore_puzzle_is_correct_and_draws_one_card(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    view = PuzzleBoard(COLLECTION.find("bga-3"), Progress(), path)
    view.board.buttons["No play: draw"].click()
    assert view.board.errors == []
    assert view.verdict.value == "Correct: there is no play here."
    assert view.board.status.value.startswith("No play: no card from your hand can be played here, so you draw 1 card")
    assert Progress.load(path).record("bga-3").solved


def test_the_verdict_leads_the_status_line_in_its_colour(tmp_path: Path) -> None:
    view = PuzzleBoard(COLLECTION.find("bga-3"), Progress(), tmp_path / "progress.json")
    assert view.board.status_line.children == (view.verdict, view.board.status)
    assert view.verdict.value == COLLECTION.find("bga-3").question() and kind_of(view.verdict) == "info"
    view.board.buttons["No play: draw"].click()
    assert kind_of(view.verdict) == view.verdict_kind == "valid" and view.board.status_kind == "valid"
    assert view.verdict.layout.display is None, "shown: it says more than the status"
    assert view.saving in view.board.box.children, "a failed save shows under the status line"


def test_no_play_after_moving_cards_puts_them_back_and_draws_the_restore_penalty(tmp_path: Path) -> None:
    view = PuzzleBoard(COLLECTION.find("bga-3"), Progress(), tmp_path / "progress.json")
    session = view.board.session
    session.move(C("6H"), 0, "new")
    session.move(C("8H"), "hand", 2)
    view.board.buttons["No play: draw"].click()
    assert "You moved cards, so they all go back where they were and you draw 3 cards" in view.board.status.value
    assert session.state.melds == tuple(meld.cards for meld in session.start.table.melds)
    assert view.verdict.value == "Correct: there is no play here."


def test_no_play_draw_where_there_is_a_play_says_so_without_giving_it_away(tmp_path: Path) -> None:
    view = PuzzleBoard(COLLECTION.find("it-3"), Progress(), tmp_path / "progress.json")
    view.board.buttons["No play: draw"].click()
    assert view.verdict.value == "Not quite: there is a play here. Look again."
    assert view.board.status.value == "Not quite: there is a play here. Look again."
    assert view.verdict.layout.display == "none", "the status line says it once"
    assert kind_of(view.verdict) == view.board.status_kind == "invalid"
    assert view.progress.record("it-3").status == "failed"


def test_solve_on_a_restore_puzzle_gives_the_answer_with_help(tmp_path: Path) -> None:
    view = PuzzleBoard(COLLECTION.find("bga-3"), Progress(), tmp_path / "progress.json")
    view.board.buttons["Solve"].click()
    assert view.board.status.value.startswith("No play: ")
    assert view.verdict.value == "Solved with help: there is no play here."
    assert view.progress.record("bga-3").status == HELPED


def test_one_hint_button_climbs_the_puzzles_hints_then_the_solvers(tmp_path: Path) -> None:
    puzzle = COLLECTION.find("it-3")
    view = PuzzleBoard(puzzle, Progress(), tmp_path / "progress.json")
    assert view.hint_button is view.board.buttons["Hint"]
    assert [button.description for button in view.board.buttons.values()].count("Hint") == 1
    shown = []
    total = len(puzzle.hints) + len(view.session.ladder.rungs)
    for _ in range(total + 1):
        view.hint_button.click()
        shown.append(view.board.status.value)
    assert shown[0] == f"Hint 1 of {total}: {puzzle.hints[0]}"
    assert shown[len(puzzle.hints)].startswith(f"Hint {len(puzzle.hints) + 1} of {total}: You can play 2 cards")
    assert shown[-1] == shown[-2], "the last rung stays"
    assert Progress.load(tmp_path / "progress.json").record("it-3").hints == total, "each new rung counts once"
    assert view.session.helped, "the last rung shows the answer"


def test_a_valid_turn_short_of_the_answer_is_an_unsolved_attempt(tmp_path: Path) -> None:
    view = PuzzleBoard(COLLECTION.find("it-3"), Progress(), tmp_path / "progress.json")
    session = view.board.session
    session.move(C("7S"), "hand", 0)
    session.move(C("7D"), 0, 1)
    view.board.buttons["Check"].click()
    assert view.board.errors == []
    assert view.verdict.value == "Valid, but you can play more than 1 card."
    assert kind_of(view.verdict) == "hint", "a valid turn short of the answer: close, not wrong"
    record = view.progress.record("it-3")
    assert (record.attempts, record.hints, record.solved, record.solved_with_help) == (1, 0, False, False)


def test_an_invalid_table_is_no_attempt(tmp_path: Path) -> None:
    view = PuzzleBoard(COLLECTION.find("it-4"), Progress(), tmp_path / "progress.json")
    view.board.session.move(C("5D"), 0, "new")
    view.board.buttons["Check"].click()
    assert view.board.status.value.startswith("Not valid yet")
    assert view.verdict.value == COLLECTION.find("it-4").question()
    assert view.progress.records.get("it-4", Record()).attempts == 0


@pytest.mark.parametrize(
    ("lang", "check", "no_play"),
    [("it", "Controlla", "Niente da giocare: pesca"), ("pl", "Sprawdź", "Pas: dobieram")],
)
def test_a_puzzle_board_made_with_lang_shows_its_title_question_and_verdicts_in_it(
    tmp_path: Path, lang: str, check: str, no_play: str
) -> None:
    from machiavelli_kit.i18n import speaking

    puzzle = COLLECTION.find("it-3")
    view = PuzzleBoard(puzzle, Progress(), tmp_path / "progress.json", lang=lang)
    assert view.language == view.board.language == lang
    assert view.board.buttons["Check"].description == check
    assert view.board.buttons["No play: draw"].description == no_play
    heading = view.board.box.children[1]
    assert heading.value == "<b>it-3: " + {"it": "Rompicapo", "pl": "Zagadka"}[lang] + "</b>"  # no title yet
    view.hint_button.click()
    assert puzzle.title_in(lang) != puzzle.title and puzzle.title_in(lang) in heading.value
    with speaking(lang):
        question = puzzle.question()
    assert question != puzzle.question() and view.verdict.value == html.escape(question)
    view.board.buttons["No play: draw"].click()
    assert view.verdict_kind == "invalid" and view.verdict.value != html.escape(question)
    assert not view.verdict.value.startswith("Not quite"), "the verdict is said in the board's language"


def test_on_a_class_server_a_board_neither_shows_nor_saves_the_servers_own_progress(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = tmp_path / "progress.json"
    earlier = Progress(student="")
    earlier.attempt("it-3", solved=True)
    earlier.save(shared)
    monkeypatch.setenv("MACHIAVELLI_KIT_PROGRESS", str(shared))
    monkeypatch.setenv(VISITOR, "a1" * 32)
    view = PuzzleBoard(COLLECTION.find("it-3"), Progress.load(shared), shared)
    assert not view.keeps_progress
    assert view.progress.records == {}, "another visitor's answers were shown"
    assert "not saved" in view.saving.value
    view.board.buttons["Solve"].click()
    assert view.verdict.value == "Solved with help: 2 cards played, the most there is."
    assert Progress.load(shared) == earlier, "the board saved into the file every visitor shares"


def test_on_a_class_server_a_board_saves_into_a_students_own_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MACHIAVELLI_KIT_PROGRESS", str(tmp_path / "progress.json"))
    monkeypatch.setenv(VISITOR, "a1" * 32)
    own = tmp_path / "students" / "ada.json"
    view = PuzzleBoard(COLLECTION.find("it-3"), Progress(student="Ada"), own)
    assert view.keeps_progress and view.saving.value == ""
    view.board.buttons["Solve"].click()
    assert Progress.load(own).record("it-3").status == HELPED
