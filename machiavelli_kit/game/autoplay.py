"""Computer players playing a whole game, timed move by move.

>>> run = play_game(["greedy", "beginner"], "bga", seed=5)
>>> run.game.over, run.game.result.reason in ("closed", "stock_out"), sum(run.moves) == len(run.game.turns)
(True, True, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from machiavelli_kit.core.rules import Rules, as_rules
from machiavelli_kit.game.deal import deal_game
from machiavelli_kit.game.limits import NO_LIMIT, Limit
from machiavelli_kit.game.players import DEFAULT_BUDGET, make_player
from machiavelli_kit.game.session import Game

MAX_TURNS = 5000
"""A game of computer players that lasts longer than this is a bug, not a long game."""


@dataclass(frozen=True)
class AutoGame:
    """A finished game and, for each seat, each move's seconds spent choosing (on the clock, and of
    the processor) and units of work spent (:attr:`Player.spent
    <machiavelli_kit.game.players.Player.spent>`), and the moves that fell back on a one-step play,
    out of work or time."""

    game: Game
    times: tuple[tuple[float, ...], ...]
    work: tuple[tuple[int, ...], ...]
    gave_up: tuple[int, ...]
    processor: tuple[tuple[float, ...], ...] = ()
    """Each move's processor seconds (this process's, all its threads): unlike :attr:`times`, they
    hardly grow when other programs share the machine."""

    @property
    def seconds(self) -> tuple[float, ...]:
        """Seconds each seat spent choosing its moves."""
        return tuple(sum(times) for times in self.times)

    @property
    def moves(self) -> tuple[int, ...]:
        """Moves each seat made."""
        return tuple(len(times) for times in self.times)


def play_game(
    players: Sequence[str],
    rules: Rules | str,
    seed: int,
    *,
    names: Sequence[str] | None = None,
    budget: int = DEFAULT_BUDGET,
    limit: Limit = NO_LIMIT,
    clock: Callable[[], float] = time.monotonic,
) -> AutoGame:
    """Deal from ``seed`` and let the computer players ``players`` (by seat) play to the end, or to the
    ``limit``'s (its minutes read on ``clock``, in seconds)."""
    rules = as_rules(rules)
    dealer, deal = deal_game(rules, len(players), seed)
    game = Game(rules, names or players, deal, dealer, seed=seed, limit=limit)
    return play_out(game, players, budget=budget, clock=clock)


def play_out(
    game: Game, players: Sequence[str], *, budget: int = DEFAULT_BUDGET, clock: Callable[[], float] = time.monotonic
) -> AutoGame:
    """Let the computer players ``players`` (by seat) play ``game`` from where it stands to the end; when the
    game has a time limit, its time is up (:meth:`Game.call_time`) once its minutes have passed on ``clock``.
    (A turn limit keeps the same seed's game the same; a time limit depends on how fast the machine plays.)"""
    minutes = game.limit.minutes
    deadline = None if minutes is None else clock() + 60 * minutes
    seed = game.seed if game.seed is not None else 0
    bots = [make_player(name, seed=f"{seed}:{seat}:{name}", budget=budget) for seat, name in enumerate(players)]
    times: list[list[float]] = [[] for _bot in bots]
    processor: list[list[float]] = [[] for _bot in bots]
    work: list[list[int]] = [[] for _bot in bots]
    gave_up = [0] * len(bots)
    while game.to_move is not None:
        seat = game.to_move
        if len(game.turns) >= MAX_TURNS:
            raise RuntimeError(f"the game with seed {seed} did not end in {MAX_TURNS} turns")
        bot = bots[seat]
        started, started_processor = time.perf_counter(), time.process_time()
        action = bot.choose(game.view(seat))
        times[seat].append(time.perf_counter() - started)
        processor[seat].append(time.process_time() - started_processor)
        work[seat].append(bot.spent)
        gave_up[seat] += bot.gave_up
        game.play(action, out_of_time=bot.out_of_time)
        if deadline is not None and clock() >= deadline:
            game.call_time()
    return AutoGame(
        game, tuple(map(tuple, times)), tuple(map(tuple, work)), tuple(gave_up), tuple(map(tuple, processor))
    )
