"""Computer players. Each is deterministic given its seed and keeps to a time budget per move.

- ``random``: a random one-step play (a new meld from the hand, or one card added to a meld), else a draw.
- ``beginner``: lays melds from its hand and adds cards to the ends of melds, a step a turn; never
  rearranges. Near the end of the stock it counts the cards: ahead, it draws and keeps its melds.
- ``greedy``: the solver's maximum play, every turn.
- ``expert``: greedy, but it denies an opponent close to closing the table that would let them close.

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

from machiavelli_kit.core.cards import Card, quote
from machiavelli_kit.core.goal import Goal
from machiavelli_kit.core.position import Position
from machiavelli_kit.game.actions import Action, Draw, Play
from machiavelli_kit.game.plans import best_play, first_step, newcomer_play, no_play, simple_options, solve_within
from machiavelli_kit.game.state import View
from machiavelli_kit.i18n import _
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
    """Lays melds from its hand and extends melds on the table; never takes a meld apart.

    It plays a step a turn (its first card added to a meld, else one new meld of three cards)
    and keeps the rest of what it could lay for later turns, because each turn with a play is a
    card not drawn; it plays everything at once when that closes, or when the stock is empty.

    It counts the cards, as a newcomer can (the stock and every hand's size are on show). With
    the stock at :attr:`RUSH` cards or fewer, when the stock running out ends the game
    (``stock_out`` ``last_card`` or ``end``), while laying all it holds
    ready would leave it with fewer cards than every opponent, it draws and keeps those melds:
    the stock runs out sooner, and an opponent still holding cards it meant to play later is
    caught with them. It does not draw the last card unless that still leaves it the fewest.
    Once the stock is empty it plays everything it can, or, holding the fewest, ends the game
    by drawing, the win in hand. (Measured against ``random``: see the README's tournament figures.)
    """

    name = "beginner"
    RUSH = 20
    """Stock size from which the beginner, ahead on the count, draws instead of playing a step."""

    def think(self, view: View, deadline: float) -> Action:
        stock_out_ends = view.rules.stock_out == "end"
        if not view.stock_size and stock_out_ends and _fewest(view):
            return Draw()
        play = newcomer_play(view, deadline)
        if play is None:
            return no_play(view)
        held, ready = len(view.hand), _played(play, view)
        if not view.stock_size or ready == held:
            return play
        others = min(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
        ahead = held - ready < others and (view.stock_size > 1 or held + 1 < others)
        if stock_out_ends and view.stock_size <= self.RUSH and ahead:
            return Draw()
        return first_step(view, play)


class Greedy(Player):
    """The solver's maximum play every turn (helping cards first), else no play."""

    name = "greedy"

    def think(self, view: View, deadline: float) -> Action:
        return best_play(view, deadline=deadline) or no_play(view)


class Expert(Player):
    """Plays like ``greedy`` until an opponent is close to closing. Then it counts the cards it
    has not seen (in other hands or the stock), deals that opponent likely hands from them
    (hands that could not close on the table as it is), and weighs each candidate play by how
    many of those hands could close on the table it would leave: it plays less, or draws,
    rather than hand the opponent a close. It always closes when it can.

    Measured against ``greedy``: see the README's tournament figures.
    """

    name = "expert"
    WATCH = 3
    """An opponent holding this many cards or fewer is close to closing."""
    SAMPLES = 10
    """Likely hands dealt to that opponent."""
    TOLERANCE = 0.1
    """Plays whose risk is within this of the safest count as safe; the one playing most cards wins."""

    def think(self, view: View, deadline: float) -> Action:
        full = best_play(view, deadline=deadline)
        if full is None:
            return no_play(view)
        if _played(full, view) == len(view.hand):
            return full
        threat = min((size for seat, size in enumerate(view.hand_sizes) if seat != view.seat), default=0)
        if threat > self.WATCH or threat == 0:
            return full
        try:
            return self._safest(view, full, threat, deadline)
        except SolverTimeout:
            return full

    def _safest(self, view: View, full: Play, size: int, deadline: float) -> Action:
        hands = self._likely_hands(view, size, deadline)
        if not hands:
            return full

        def risk(play: Play) -> float:
            closes = sum(_solve_close(Position(play.table, hand), view, deadline) for hand in hands)
            return closes / len(hands)

        options: list[tuple[float, int, Action]] = [(risk(full), _played(full, view), full)]
        if options[0][0] > 0:
            cards = sorted(set((full.table.cards() - view.table.cards()).elements()))
            for card in self.rng.sample(cards, min(2, len(cards))):
                smaller = best_play(view, card, deadline=deadline)
                if smaller is not None and time.perf_counter() < deadline:
                    options.append((risk(smaller), _played(smaller, view), smaller))
            if view.stock_size:
                options.append((0.0, -1, no_play(view)))
        safest = min(option[0] for option in options)
        return max((option for option in options if option[0] <= safest + self.TOLERANCE), key=lambda o: o[1])[2]

    def _likely_hands(self, view: View, size: int, deadline: float) -> list[tuple[Card, ...]]:
        """Hands of ``size`` cards dealt from the unseen cards that could not close on the table now."""
        unseen = sorted(view.unseen.elements())
        hands: list[tuple[Card, ...]] = []
        for _sample in range(3 * self.SAMPLES):
            if len(hands) == self.SAMPLES or len(unseen) < size or time.perf_counter() > deadline:
                break
            hand = tuple(self.rng.sample(unseen, size))
            if not _solve_close(Position(view.table, hand), view, deadline):
                hands.append(hand)
        return hands


def _fewest(view: View) -> bool:
    """Whether this player holds fewer cards than everyone else."""
    return all(len(view.hand) < size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)


def _played(play: Play, view: View) -> int:
    """Hand cards a play puts down."""
    return (play.table.cards() - view.table.cards()).total() - len(play.helpers)


def _solve_close(position: Position, view: View, deadline: float) -> bool:
    """Whether ``position``'s hand can all be played (under the rules, ignoring the closed table)."""
    return solve_within(position, view.rules, Goal.CLOSE, deadline).feasible


def fallback(view: View) -> Action:
    """What a player whose time ran out does: the one-step play with the most cards, else no play."""
    options = simple_options(view)
    if not options:
        return no_play(view)
    return max(options, key=lambda play: play.table.cards().total())


PLAYERS: dict[str, type[Player]] = {kind.name: kind for kind in (RandomPlayer, Beginner, Greedy, Expert)}


def make_player(name: str, seed: int | str = 0, budget: float = DEFAULT_BUDGET) -> Player:
    """The computer player called ``name`` (``random``, ``beginner``, ``greedy``, ``expert``)."""
    if name not in PLAYERS:
        raise ValueError(
            _("unknown player {name}: players are {players}").format(name=quote(name), players=", ".join(PLAYERS))
        )
    return PLAYERS[name](seed, budget)
