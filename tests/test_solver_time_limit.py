"""The solver never hangs a class: past its time limit it gives up, says so, and never says "restore"."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from machiavelli_kit.cli import main
from machiavelli_kit.cli import solve as solve_command
from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.position import Position
from machiavelli_kit.core.random_positions import random_position
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.practice.session import PlaySession
from machiavelli_kit.puzzles.format import PuzzleError, loads
from machiavelli_kit.puzzles.verify import verify
from machiavelli_kit.solver import DEFAULT_TIME_LIMIT, SolverError, SolverInputError, SolverTimeout, search, solve
from machiavelli_kit.solver.highs import OPTIONS, highs_for

HARD_RULES = "bga(max_cards_per_turn=none, wrap=true)"
HARD_TABLE = (
    "4S 5S 6S 7S 8S 9S | 8D 9D 10D JD QD KD AD 2D 3D 4D | KS KH KD KC | JS QS KS AS 2S | 7S 7H 7C | "
    "QC KC AC 2C 3C 4C | 6D 7D 8D | JH QH KH AH 2H 3H 4H | 3S 4S 5S 6S | 8S 9S 10S | 2D 3D 4D 5D 6D 7D | 4H 5H 6H 7H"
)
HARD_HAND = "AS AH 2S 2C 3S 3H 3C 5H 5C 5C 6H 7C 8C 9H 10H 10C QS QH QC"
HARD = Position.parse(HARD_TABLE, HARD_HAND)
"""A two-deck table of 60 cards and a 19-card hand (the slowest kind of position before the time limit)."""


def test_a_tiny_time_limit_gives_up_at_once_and_says_so() -> None:
    started = time.perf_counter()
    with pytest.raises(SolverTimeout, match=r"^gave up after 0.0001 s without proving the best play$") as caught:
        solve(HARD, HARD_RULES, time_limit=0.0001)
    assert time.perf_counter() - started < 1.0
    assert caught.value.seconds == 0.0001
    assert solve(HARD, HARD_RULES).max_play == 19  # within the default limit


def test_the_time_limit_counts_for_each_solve_not_for_the_process() -> None:
    """HiGHS holds a relaxation's time limit against all its past run time: after a long
    session a short limit must still leave each position its own time. The limit is short
    against the session (three limits' worth of HiGHS time is spent) but long against one
    solve (about 10 ms), so a loaded machine does not make it fail."""
    rng = random.Random(5)
    positions = [random_position(rng, Rules(), table_cards=60, hand_size=12) for _ in range(10)]
    highs = highs_for("lp")
    limit = 0.5
    target = highs.getRunTime() + 3 * limit
    while highs.getRunTime() < target:
        for position in positions:
            solve(position, time_limit=limit)


def test_the_time_limit_must_be_positive() -> None:
    for bad in (0, -1.0, float("nan")):
        with pytest.raises(SolverInputError, match="positive number of seconds"):
            solve(HARD, HARD_RULES, time_limit=bad)
    assert solve(Position.parse("4C 5C 6C", "3C"), time_limit=None).max_play == 1


def test_the_command_line_default_is_the_solvers() -> None:
    assert solve_command.DEFAULT_TIME_LIMIT == DEFAULT_TIME_LIMIT


@pytest.fixture
def iteration_limit() -> Iterator[None]:
    """The relaxations stop after no simplex iteration at all."""
    highs = highs_for("lp")
    highs.setOptionValue("simplex_iteration_limit", 0)
    try:
        yield
    finally:
        highs.setOptionValue("simplex_iteration_limit", 2**31 - 1)


@pytest.mark.usefixtures("iteration_limit")
def test_another_highs_status_is_an_error_not_a_restore() -> None:
    with pytest.raises(SolverError, match="Iteration limit"):
        solve(Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H"))


@pytest.fixture
def branch_and_cut_without_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fractional program goes straight to HiGHS's branch and cut, which may not branch."""
    monkeypatch.setattr(search, "SEARCH_BUDGET", 0)
    monkeypatch.setitem(OPTIONS, "mip", {**OPTIONS["mip"], "mip_max_leaves": 0})


@pytest.mark.usefixtures("branch_and_cut_without_leaves")
def test_branch_and_cut_stopped_early_is_an_error_not_a_restore() -> None:
    rng = random.Random(3)
    outcomes: set[bool | str] = set()
    for _ in range(30):
        position = random_position(rng, Rules(), table_cards=60, hand_size=12)
        try:
            outcomes.add(solve(position).feasible)
        except SolverError as error:
            assert "Solution limit" in str(error)
            outcomes.add("error")
    assert "error" in outcomes and False not in outcomes


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    code = main(list(arguments))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_solve_command_gives_up_with_its_own_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    position = ["--table", HARD_TABLE, "--hand", HARD_HAND, "--rules", HARD_RULES, "--time-limit", "0.0001"]
    code, out, _ = run(capsys, "solve", *position)
    assert code == solve_command.EXIT_GAVE_UP == 3
    assert out == "no answer: the solver gave up after 0.0001 s without proving the best play\n"
    code, out, _ = run(capsys, "solve", *position, "--json")
    assert code == 3 and json.loads(out) == {"error": "gave up after 0.0001 s without proving the best play"}
    with pytest.raises(SystemExit) as refused:
        main(["solve", *position[:-1], "0"])
    assert refused.value.code == 2 and "positive number of seconds" in capsys.readouterr().err


def test_a_batch_line_that_gives_up_answers_an_error_and_the_rest_go_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    hard = {"table": [meld.split() for meld in HARD_TABLE.split(" | ")], "hand": HARD_HAND.split(), "rules": HARD_RULES}
    lines = [json.dumps(hard), json.dumps({"hand": ["2C"]}), "{not json"]
    batch = tmp_path / "positions.jsonl"
    batch.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "solve", "--batch", str(batch), "--time-limit", "0.0001")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert answers[0] == {"error": "line 1: gave up after 0.0001 s without proving the best play"}
    assert answers[1]["max_play"] == 0  # settled before any search: nothing fits a meld
    assert answers[2]["error"].startswith("line 3: not JSON")


@pytest.fixture
def giving_up(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The hint ladder's solver gives up; the list counts its calls."""
    calls: list[int] = []

    def gives_up(*_: object, **__: object) -> None:
        calls.append(1)
        raise SolverTimeout(5)

    monkeypatch.setattr("machiavelli_kit.practice.hints.solve", gives_up)
    return calls


def test_a_board_says_the_solver_gave_up_and_asks_it_only_once(giving_up: list[int]) -> None:
    session = PlaySession(Position.parse("4C 5C 6C", "3C 9H"))
    assert session.hint() == "No hint: the solver gave up after 5 s without proving the best play."
    session.move(Card.parse("3C"), "hand", 0)
    report = session.check()
    assert report.valid and report.text == "Valid: you played 1 card (3♣)."
    with pytest.raises(SolverTimeout, match="gave up after 5 s"):
        session.solve()
    assert len(giving_up) == 1


def test_puzzles_check_names_the_puzzle_the_solver_gave_up_on(monkeypatch: pytest.MonkeyPatch) -> None:
    def gives_up(*_: object, **__: object) -> None:
        raise SolverTimeout(5)

    puzzle = loads(
        """
[chapter]
title = "t"
[[puzzle]]
id = "too-hard"
title = "Too hard"
source = "test"
rules = "bga"
table = [["4C", "5C", "6C"]]
hand = ["3C"]
goal = "max"
answer = 1
""",
        "test.toml",
    ).puzzles[0]
    monkeypatch.setattr("machiavelli_kit.puzzles.verify.solve", gives_up)
    with pytest.raises(
        PuzzleError, match="puzzle 'too-hard', field 'answer': not checked: the solver gave up after 5 s"
    ):
        verify(puzzle)
