"""Computer players. Each is deterministic given its seed and keeps to a time budget per move.

- ``random``: a random one-step play (a new meld from the hand, or one card added to a meld), else a draw.
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
from machiavelli_kit.game.plans import best_play, no_play, simple_options, simple_play
from machiavelli_kit.game.state import View
from machiavelli_kit.notation import quote
from machiavelli_kit.solver import SolverTimeout

DEFAULT_BUDGET = 2.0
"""Seconds a computer player may think about one move."""


class Player:
    """A computer player: ``choose`` returns the action for the player to move, within
    ``budget`` seconds of thought; a search that runs out of time falls back on the
    biggest one-step play (or no play)."""

    name: ClassVar[str] = "player"

    def __init__(self, seed: int | str = 0, budget: float = DEFAULT_BUDGET) -> None:
        self.rng = random.Random(seed)
        self.budget = budget

    def choose(self, view: View) -> Action:
        try:
            return self.think(view, time.perf_counter() + self.budget)
        except SolverTimeout:
            return fallback(view)

    def think(self, view: View, deadline: float) -> Action:
        """The action, chosen by ``deadline`` (a ``time.perf_counter()`` time)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.name} player>"


class RandomPlayer(Player):
    """A random legal action: one of the one-step plays (a new meld from the hand, or a card
    added to a meld), chosen at random, else no play."""

    name = "random"

    def think(self, view: View, deadline: float) -> Action:
        options = simple_options(view)
        return self.rng.choice(options) if options else no_play(view)


class Beginner(Player):
    """Lays melds from its hand and extends melds on the table; never takes a meld apart."""

    name = "beginner"

    def think(self, view: View, deadline: float) -> Action:
        return simple_play(view, deadline) or no_play(view)


class Greedy(Player):
    """The solver's maximum play every turn (helping cards first), else no play."""

    name = "greedy"

    def think(self, view: View, deadline: float) -> Action:
        return best_play(view, deadline=deadline) or no_play(view)


def fallback(view: View) -> Action:
    """What a player whose time ran out does: the one-step play with the most cards, else no play."""
    options = simple_options(view)
    if not options:
        return no_play(view)
    return max(options, key=lambda play: play.table.cards().total())


PLAYERS: dict[str, type[Player]] = {kind.name: kind for kind in (RandomPlayer, Beginner, Greedy)}


def make_player(name: str, seed: int | str = 0, budget: float = DEFAULT_BUDGET) -> Player:
    """The computer player called ``name`` (``random``, ``beginner``, ``greedy``, ``expert``)."""
    if name not in PLAYERS:
        raise ValueError(f"unknown player {quote(name)}: players are {', '.join(PLAYERS)}")
    return PLAYERS[name](seed, budget)
