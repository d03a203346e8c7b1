"""Computer players decide by a budget of work, never by the clock: the same seed and rules give the
same games on a busy machine and an idle one, and a move that the safety limit cut short says so."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from machiavelli_kit.core.cards import parse_cards
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import BGA
from machiavelli_kit.game.autoplay import play_game
from machiavelli_kit.game.deal import arranged_deal
from machiavelli_kit.game.flow import GameFlow, Seat
from machiavelli_kit.game.players import DEFAULT_BUDGET, fallback, make_player
from machiavelli_kit.game.record import dumps, loads
from machiavelli_kit.game.session import Game
from machiavelli_kit.game.tournament import run_tournament
from machiavelli_kit.solver import Clock, SolverOutOfWork, Work, solve

HARD = Position.parse(
    "4S 5S 6S 7S 8S 9S | 8D 9D 10D JD QD KD AD 2D 3D 4D | KS KH KD KC | JS QS KS AS 2S | 7S 7H 7C | "
    "QC KC AC 2C 3C 4C | 6D 7D 8D | JH QH KH AH 2H 3H 4H | 3S 4S 5S 6S | 8S 9S 10S | 2D 3D 4D 5D 6D 7D | 4H 5H 6H 7H",
    "AS AH 2S 2C 3S 3H 3C 5H 5C 5C 6H 7C 8C 9H 10H 10C QS QH QC",
)
HARD_RULES = "bga(max_cards_per_turn=none, wrap=true)"


def slow_clock(monkeypatch: pytest.MonkeyPatch, factor: float) -> None:
    """Every second of the kit's clocks looks like ``factor`` seconds, as on a machine that many times busier."""
    for name in ("perf_counter", "monotonic"):
        real: Callable[[], float] = getattr(time, name)
        monkeypatch.setattr(time, name, lambda real=real: factor * real())


def records(folder: Path) -> list[str]:
    return [path.read_text(encoding="utf-8") for path in sorted(folder.iterdir())]


def test_a_tournament_plays_the_same_games_when_every_second_looks_like_ten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the clock as the budget (2 s a move, as before), these games came out differently."""
    run_tournament(["expert", "greedy"], games=2, rules="bga", seed=3, records=tmp_path / "idle")
    slow_clock(monkeypatch, 10.0)
    run_tournament(["expert", "greedy"], games=2, rules="bga", seed=3, records=tmp_path / "busy")
    idle, busy = records(tmp_path / "idle"), records(tmp_path / "busy")
    assert len(idle) == 2 and idle == busy
    assert "out_of_time" not in "".join(idle)


def test_a_move_the_safety_limit_cut_short_falls_back_and_the_record_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = [parse_cards("8H 9H 10H 2S 5C"), parse_cards("3D")]
    game = Game(BGA, ["greedy", "random"], arranged_deal(BGA, hands, table=Table.parse("2H 2D 2C | JH QH KH")), 1)
    bot, view = make_player("greedy", seed=1), game.view(0)
    best = bot.choose(view)
    assert not bot.out_of_time
    slow_clock(monkeypatch, 1e9)  # each moment is a long time: the safety limit is past at the first look
    action = bot.choose(view)
    assert bot.out_of_time and action == fallback(view) != best
    game.play(action, out_of_time=bot.out_of_time)
    again = game
    assert json.loads(dumps(again))["turns"][0]["out_of_time"] is True
    assert loads(dumps(again)).turns == again.turns
    run = play_game(["greedy", "random"], "bga(hand_size=5)", seed=1)
    assert all(turn.out_of_time for turn in run.game.turns if turn.player == 0)  # greedy asks the solver each move
    assert not any(turn.out_of_time for turn in run.game.turns if turn.player == 1)  # random never asks the clock


def test_on_the_game_board_a_computer_move_cut_short_is_marked_too(monkeypatch: pytest.MonkeyPatch) -> None:
    flow = GameFlow.new([Seat("Greedy", computer="greedy"), Seat("Bot", computer="greedy")], "bga", seed=4)
    flow.computer_turn()
    slow_clock(monkeypatch, 1e9)
    flow.computer_turn()
    assert [turn.get("out_of_time", False) for turn in json.loads(flow.record())["turns"]] == [False, True]


def test_a_small_work_budget_falls_back_on_every_machine_and_is_not_out_of_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    choices = []
    for factor in (1.0, 1000.0):
        slow_clock(monkeypatch, factor)
        game = Game.new(["greedy", "greedy"], HARD_RULES, seed=5)
        bot = make_player("greedy", seed=1, budget=1)
        choices.append(bot.choose(game.view(game.to_move)))
        assert not bot.out_of_time
    assert choices[0] == choices[1] == fallback(Game.new(["greedy", "greedy"], HARD_RULES, seed=5).view(0))


def test_the_solver_stops_at_its_work_not_its_time(monkeypatch: pytest.MonkeyPatch) -> None:
    work = Work(10**6)
    best = solve(HARD, HARD_RULES, clock=Clock(None, work))
    needed = work.spent
    slow_clock(monkeypatch, 10.0)
    assert solve(HARD, HARD_RULES, clock=Clock(60.0, Work(needed))).table == best.table
    with pytest.raises(SolverOutOfWork, match=f"gave up after {needed - 1} steps of work"):
        solve(HARD, HARD_RULES, clock=Clock(60.0, Work(needed - 1)))
    shared = Work(needed + 1)  # one clock for two solves: the second has one unit left
    solve(HARD, HARD_RULES, clock=Clock(None, shared))
    with pytest.raises(SolverOutOfWork):
        solve(HARD, HARD_RULES, clock=Clock(None, shared))


def test_a_work_budget_is_at_least_one_unit() -> None:
    with pytest.raises(ValueError, match="at least 1 unit"):
        Work(0)


def test_each_move_counts_its_work_and_a_player_out_of_work_falls_back() -> None:
    run = play_game(["expert", "greedy"], "bga(hand_size=9)", seed=2)
    assert run.gave_up == (0, 0) and run.moves == tuple(map(len, run.work))
    assert all(1 <= units <= DEFAULT_BUDGET for seat in run.work for units in seat)  # each move asks the solver
    starved = play_game(["expert", "greedy"], "bga(hand_size=9)", seed=2, budget=1)
    assert all(units == 1 for seat in starved.work for units in seat)
    assert all(0 < gave_up <= moves for gave_up, moves in zip(starved.gave_up, starved.moves, strict=True))
    assert dumps(starved.game) != dumps(run.game)
