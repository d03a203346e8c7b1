"""Computer players. Each is deterministic given its seed and keeps to a time budget per move.

- ``random``: a random legal action: the smallest play around a random playable card, else a draw.
- ``beginner``: lays melds from its hand and adds cards to the ends of melds; never rearranges.
- ``greedy``: the solver's maximum play, every turn.
- ``expert``: see :class:`Expert`.

>>> from machiavelli_kit.game.session import Game
>>> game = Game.new(["greedy", "random"], "bga", seed=3)
>>> bot = make_player("greedy", seed=1)
>>> action = bot.choose(game.view(game.to_move))
>>> action.kind, game.refusal(action) is None
('play', True)
"""

from __future__ import annotations

import random
import time
from typing import ClassVar

from machiavelli_kit.game.actions import Action
from machiavelli_kit.game.plans import best_play, no_play, simple_play
from machiavelli_kit.game.state import View

DEFAULT_BUDGET = 2.0
"""Seconds a computer player may think about one move."""


class Player:
    """A computer player: ``choose`` returns the action for the player to move."""

    name: ClassVar[str] = "player"

    def __init__(self, seed: int | str = 0, budget: float = DEFAULT_BUDGET) -> None:
        self.rng = random.Random(seed)
        self.budget = budget

    def choose(self, view: View) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.name} player>"


class RandomPlayer(Player):
    """A random legal action: the smallest play holding a random playable card, else no play."""

    name = "random"

    def choose(self, view: View) -> Action:
        widest = best_play(view, helpers=False)
        if widest is None:
            return no_play(view)
        played = sorted((widest.table.cards() - view.table.cards()).elements())
        return best_play(view, self.rng.choice(played), helpers=False) or widest


class Beginner(Player):
    """Lays melds from its hand and extends melds on the table; never takes a meld apart."""

    name = "beginner"

    def choose(self, view: View) -> Action:
        return simple_play(view) or no_play(view)


class Greedy(Player):
    """The solver's maximum play every turn (helping cards first), else no play."""

    name = "greedy"

    def choose(self, view: View) -> Action:
        return best_play(view) or no_play(view)


PLAYERS: dict[str, type[Player]] = {kind.name: kind for kind in (RandomPlayer, Beginner, Greedy)}


def make_player(name: str, seed: int | str = 0, budget: float = DEFAULT_BUDGET) -> Player:
    """The computer player called ``name`` (``random``, ``beginner``, ``greedy``, ``expert``)."""
    if name not in PLAYERS:
        raise ValueError(f"unknown player {name!r}: players are {', '.join(PLAYERS)}")
    return PLAYERS[name](seed, budget)


def deadline(budget: float) -> float:
    """The clock time by which a move thought about from now must be chosen."""
    return time.perf_counter() + budget
