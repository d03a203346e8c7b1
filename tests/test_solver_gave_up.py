"""A solve's time limit covers its moves, and a solve that gave up still says what it proved (issue 28).

Time is never measured here: each clock reads a timer the test moves by hand, and a solve that
found a play and then gave up is made from a real play (:func:`gave_up_having_found`).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from machiavelli_kit.cli import main
from machiavelli_kit.cli.solve import EXIT_GAVE_UP
from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.position import Position
from machiavelli_kit.practice.presentation import Presentation
from machiavelli_kit.practice.progress import Progress
from machiavelli_kit.practice.session import PlaySession
from machiavelli_kit.practice.trainer import PuzzleSession
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.format import Puzzle, PuzzleError, loads
from machiavelli_kit.puzzles.verify import verify
from machiavelli_kit.solver import Clock, Solution, SolverTimeout, solve
from machiavelli_kit.solver.program import Program
from machiavelli_kit.solver.solution import SpareTime
from machiavelli_kit.solver.steps import plan_moves
from tests.test_presentation import SHOWCASE, SHOWCASE_MOVES

"""The documents' showcase (it-3): five moves, answered by the program."""
LAID_OFF = Position.parse("4C 5C 6C", "3C 7C 8C")
"""Answered by the lay-off shortcut, without the program."""


def gave_up_having_found(found: Solution, seconds: float = 5) -> SolverTimeout:
    """What a solve of ``found``'s position raises when it found that play (the most cards) and
    then ran out of its ``seconds``; when there is no play, it had found none."""
    gave_up = SolverTimeout(seconds)
    return gave_up.having_found(found) if found.feasible else gave_up


@pytest.mark.parametrize(("position", "last_step"), [(SHOWCASE, "extract"), (LAID_OFF, "laid_off")])
def test_the_moves_are_worked_out_within_the_time_the_solve_left(
    monkeypatch: pytest.MonkeyPatch, position: Position, last_step: str
) -> None:
    """A solve that used up its 5 s returns its answer; reading the moves then gives up, carrying the
    play, which is the best one (proven), and whose own moves can still be read."""
    now = [0.0]
    real: Callable[..., Solution | None] = getattr(Program, last_step)

    def all_the_time(program: Program, *arguments: object) -> Solution | None:
        answer = real(program, *arguments)
        now[0] = 5.0  # the solve's last step took all its time
        return answer

    monkeypatch.setattr(Program, last_step, all_the_time)
    best = solve(position, clock=Clock(5.0, timer=lambda: now[0]))
    with pytest.raises(SolverTimeout) as late:
        _ = best.moves
    assert str(late.value) == "gave up after 5 s: it found the best play, but not yet its moves"
    found = late.value.found
    assert late.value.proven and found == best
    assert found is not None and [move.card for move in found.moves] == [
        move.card for move in plan_moves(position, best.table, best.origins)
    ]


def test_moves_read_long_after_the_solve_get_the_time_it_left() -> None:
    """The moves' clock starts when they are read: a hint ladder that reads them at its fourth hint,
    a minute after the solve, still gets them."""
    now = [0.0]
    best = solve(SHOWCASE, clock=Clock(5.0, timer=lambda: now[0]))
    now[0] = 60.0
    assert len(best.moves) == 5


def test_plan_moves_looks_at_the_clock_at_each_move() -> None:
    """Each look at the clock moves it on a second: with one second fewer than the looks the moves
    need, the moves give up part way; without a clock they take no look at all."""
    best = solve(SHOWCASE)
    ticks = itertools.count()
    clock = Clock(1000.0, timer=lambda: float(next(ticks)))
    moves = plan_moves(SHOWCASE, best.table, best.origins, check=clock.remaining)
    looks = next(ticks) - 1  # the clock's own start was one
    assert len(moves) == 5 and looks >= len(moves)
    ticks = itertools.count()
    with pytest.raises(SolverTimeout, match="gave up after 5 s"):
        plan_moves(SHOWCASE, best.table, best.origins, check=Clock(5.0, timer=lambda: float(next(ticks))).remaining)


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str]:
    code = main(list(arguments))
    return code, capsys.readouterr().out


def found_then_gave_up(best: Solution) -> Solution:
    """The solve found ``best`` (the most cards) and ran out of time before it proved its par."""
    raise gave_up_having_found(best)


def no_time_for_moves(best: Solution) -> Solution:
    """The solve proved ``best`` with no time left for its moves."""
    return replace(best, spare=SpareTime(5.0, 0.0, lambda: 0.0))


Cut = Callable[[Solution], Solution]


@pytest.fixture
def cut_short(monkeypatch: pytest.MonkeyPatch) -> list[Cut]:
    """Every solve the command line asks runs short of time, as the list's one function says, from
    the real answer (at first :func:`found_then_gave_up`)."""
    real = solve
    how: list[Cut] = [found_then_gave_up]
    monkeypatch.setattr(
        "machiavelli_kit.solver.solve", lambda *arguments, **options: how[0](real(*arguments, **options))
    )
    return how


SHOWCASE_OPTIONS = ("--table", "7D 7H 7C | 8D 9D 10D | 10H 10C 10S | JH QH KH", "--hand", "9H 7S")


def test_solve_says_the_play_it_proved_when_it_gave_up(
    capsys: pytest.CaptureFixture[str], cut_short: list[Cut]
) -> None:
    code, out = run(capsys, "solve", *SHOWCASE_OPTIONS)
    assert code == EXIT_GAVE_UP
    assert out.splitlines() == [
        "play 2 cards: 7♠ 9♥, the most anyone can play here; the solver gave up before it proved which play "
        "moves the fewest table cards",
        "1. 7♠ from the hand joins the sevens and frees 7♦",
        "2. 7♦ joins the diamond run and frees 10♦",
        "3. 10♦ joins the tens and frees 10♥",
        "4. 10♥ joins the heart run",
        "5. 9♥ from the hand joins the heart run",
        "table: 7♠ 7♥ 7♣ | 7♦ 8♦ 9♦ | 10♠ 10♦ 10♣ | 9♥ 10♥ J♥ Q♥ K♥",
    ]
    code, out = run(capsys, "solve", *SHOWCASE_OPTIONS, "--goal", "close")
    assert code == EXIT_GAVE_UP and out.startswith("play 2 cards: 7♠ 9♥, which does what the goal asks; the solver")
    cut_short[0] = no_time_for_moves
    code, out = run(capsys, "solve", *SHOWCASE_OPTIONS)
    assert code == EXIT_GAVE_UP
    assert out.splitlines() == [
        "play 2 cards: 7♠ 9♥, the best play; the solver gave up before it worked out the moves",
        "table: 7♠ 7♥ 7♣ | 7♦ 8♦ 9♦ | 10♠ 10♦ 10♣ | 9♥ 10♥ J♥ Q♥ K♥",
        "par 5 (3 table cards change meld)",
    ]


def test_solve_json_and_batch_carry_the_play_found_and_say_it_is_not_proven(
    capsys: pytest.CaptureFixture[str], cut_short: list[Cut], tmp_path: Path
) -> None:
    message = (
        "gave up after 5 s without proving the best play; it did find a play of 2 cards, the most anyone can "
        "play here, but not yet the one that moves the fewest table cards"
    )
    code, out = run(capsys, "solve", *SHOWCASE_OPTIONS, "--json")
    record = json.loads(out)
    assert code == EXIT_GAVE_UP
    assert record.pop("ms") >= 0 and len(record.pop("steps")) == 5
    assert record == {
        "max_play": 2,
        "played": ["7S", "9H"],
        "table": [["7S", "7H", "7C"], ["7D", "8D", "9D"], ["10S", "10D", "10C"], ["9H", "10H", "JH", "QH", "KH"]],
        "par": 5,
        "proven": False,
        "error": message,
    }
    batch = tmp_path / "positions.jsonl"
    lines = [{"table": [["4C", "5C", "6C"]], "hand": ["3C"]}, {"table": [["4C", "5C", "6C"]], "hand": ["KH"]}]
    batch.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    code, out = run(capsys, "solve", "--batch", str(batch))
    first, second = (json.loads(line) for line in out.splitlines())
    assert code == 0
    assert (first["max_play"], first["played"], first["steps"], first["proven"]) == (
        1, ["3C"], ["3♣ from the hand joins the club run"], False,
    )  # fmt: skip
    assert first["error"] == (
        "line 1: gave up after 5 s without proving the best play; it did find a play of 1 card, "
        "the most anyone can play here, but not yet the one that moves the fewest table cards"
    )
    assert second == {"error": "line 2: gave up after 5 s without proving the best play"}
    cut_short[0] = no_time_for_moves
    code, out = run(capsys, "solve", *SHOWCASE_OPTIONS, "--json")
    record = json.loads(out)
    assert code == EXIT_GAVE_UP
    assert (record["max_play"], record["par"], record["steps"], record["proven"]) == (2, 5, None, True)
    assert record["error"] == "gave up after 5 s: it found the best play, but not yet its moves"


def test_a_proven_answer_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "solve", *SHOWCASE_OPTIONS, "--json")
    assert code == 0 and json.loads(out)["proven"] is True and "error" not in json.loads(out)


def test_the_projector_shows_the_play_found_and_says_a_shorter_one_may_exist(monkeypatch: pytest.MonkeyPatch) -> None:
    real = solve
    monkeypatch.setattr(
        "machiavelli_kit.practice.presentation.solve", lambda *arguments: found_then_gave_up(real(*arguments))
    )
    show = Presentation([SHOWCASE], lang="en")
    texts = []
    while show.forward():
        texts.append(show.step.text)
    assert texts == SHOWCASE_MOVES  # the play found is the best one here: the same moves
    assert show.step.verdict == (
        "Solved! The answer: 2 cards. The solver ran out of time before it could check whether another play moves "
        "fewer table cards."
    )
    assert show.step.state.hand == ()
    monkeypatch.setattr(
        "machiavelli_kit.practice.presentation.solve", lambda *arguments: no_time_for_moves(real(*arguments))
    )
    show = Presentation([SHOWCASE], lang="en")
    while show.forward():
        pass
    assert show.step.number == 5 and show.step.verdict == "Solved! The answer: 2 cards."  # the best play, proven


@pytest.mark.parametrize("cut", [found_then_gave_up, no_time_for_moves])
def test_a_board_that_gave_up_hints_how_many_cards_and_solve_plays_the_play_found(
    monkeypatch: pytest.MonkeyPatch, cut: Cut
) -> None:
    real = solve
    monkeypatch.setattr("machiavelli_kit.practice.hints.solve", lambda *arguments: cut(real(*arguments)))
    session = PlaySession(SHOWCASE, lang="en")
    assert session.hint() == "Hint: you can play 2 cards. The solver gave up after 5 s, so there are no more hints."
    assert session.hint() == session.hint()  # no rung to climb
    session.move(Card.parse("7S"), "hand", 0)
    assert session.check().text == "Valid: you played 1 card (7♠); 2 can be played here."
    assert session.no_play_reason() is None
    moves = session.solve()
    assert len(moves) == 5 and session.state.hand == () and session.check().valid


def test_a_hint_in_italian_and_polish_says_how_many_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    real = solve
    monkeypatch.setattr("machiavelli_kit.practice.hints.solve", lambda *arguments: found_then_gave_up(real(*arguments)))
    assert PlaySession(SHOWCASE, lang="it").hint() == (
        "Suggerimento: puoi giocare 2 carte. Il risolutore si è arreso dopo 5 s, quindi non ci sono altri suggerimenti."
    )
    assert PlaySession(SHOWCASE, lang="pl").hint() == (
        "Podpowiedź: możesz zagrać 2 karty. Komputer szukał przez 5 s i nie zdążył ustalić więcej, więc innych "
        "podpowiedzi nie ma."
    )


def puzzle_answering(answer: int, compare: str = "") -> Puzzle:
    """The showcase as a puzzle of the most cards, whose file says ``answer``."""
    return loads(
        f"""
[chapter]
title = "t"
[[puzzle]]
id = "showcase"
title = "Showcase"
source = "test"
rules = "bga"
table = [["7D", "7H", "7C"], ["8D", "9D", "10D"], ["10H", "10C", "10S"], ["JH", "QH", "KH"]]
hand = ["9H", "7S"]
goal = "max"
answer = {answer}
{compare}
""",
        "test.toml",
    ).puzzles[0]


def test_puzzles_check_says_the_most_cards_found_and_still_catches_a_wrong_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = solve
    monkeypatch.setattr("machiavelli_kit.puzzles.verify.solve", lambda *arguments: found_then_gave_up(real(*arguments)))
    with pytest.raises(PuzzleError) as unchecked:
        verify(puzzle_answering(2))
    assert str(unchecked.value).endswith(
        "puzzle 'showcase', field 'answer': not checked: the solver gave up after 5 s without proving the best "
        "play; it did find a play of 2 cards, the most anyone can play here, but not yet the one that moves the "
        "fewest table cards"
    )
    with pytest.raises(PuzzleError, match="field 'answer': the solver says 2 cards, the file says 3 cards"):
        verify(puzzle_answering(3))


def test_a_puzzle_whose_solver_gave_up_gives_its_own_hints_then_how_many_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = solve
    monkeypatch.setattr("machiavelli_kit.practice.hints.solve", lambda *arguments: found_then_gave_up(real(*arguments)))
    puzzle = load_collection().find("it-3")
    own = puzzle.hints_in("en")
    session = PuzzleSession(puzzle, Progress(), lang="en")
    hints = [session.hint() for _ in range(len(own) + 2)]
    assert own and hints[: len(own)] == [
        f"Hint {number} of {len(own)}: {hint}" for number, hint in enumerate(own, start=1)
    ]
    gave_up = "Hint: you can play 2 cards. The solver gave up after 5 s, so there are no more hints."
    assert hints[len(own) :] == [gave_up, gave_up]
    assert not session.helped, "none of the puzzle's own hints shows the answer"


def test_solve_on_a_board_whose_solver_found_nothing_says_so_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pressing Solve when the solver gave up without a play: one sentence on the status line, no error."""
    from machiavelli_kit.ui.position_board import PositionBoard

    def gives_up(*_arguments: object) -> Solution:
        raise SolverTimeout(5)

    monkeypatch.setattr("machiavelli_kit.practice.hints.solve", gives_up)
    board = PositionBoard(SHOWCASE, lang="en")
    board.buttons["Solve"].click()
    assert board.errors == []
    assert "The solver gave up after 5 s: there is no answer to show." in board.status.value
    assert board.session.state.hand == SHOWCASE.hand  # nothing was played
