"""Computer players. Each is deterministic given its seed and the rules: its strength is a budget
of work per move (units of the solver's work: solves, relaxations, branch-and-cut nodes, see
:class:`~machiavelli_kit.solver.Work`), never the clock, so the same game is played on a busy
machine and an idle one. A wall-clock safety limit (:data:`SAFETY_SECONDS`) stays; a move it cut
short says so (:attr:`Player.out_of_time`), and the game's record with it.

- ``random``: a random one-step play (a new meld from the hand, or one card added to a meld), else a draw.
- ``beginner``: lays melds from its hand and adds cards to the ends of melds, a step a turn; never
  rearranges. Near the end of the stock it counts the cards: ahead, it draws and keeps its melds.
- ``greedy``: the solver's maximum play, every turn.
- ``expert``: plays to close in one go: it keeps the cards it could lay and draws, laying cards
  only to close, to keep its hand within one turn's cap, or when the stock may end the game.

>>> from machiavelli_kit.game.session import Game
>>> game = Game.new(["greedy", "random"], "bga", seed=3)
>>> bot = make_player("greedy", seed=1)
>>> action = bot.choose(game.view(game.to_move))
>>> action.kind, game.refusal(action) is None, bot.out_of_time
('play', True, False)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import ClassVar

from machiavelli_kit.core.cards import Card, quote
from machiavelli_kit.core.goal import Goal
from machiavelli_kit.core.melds import MIN_MELD
from machiavelli_kit.core.position import Position
from machiavelli_kit.core.rules import RANKS_IN_SUIT
from machiavelli_kit.game.actions import Action, Draw, Play
from machiavelli_kit.game.plans import (
    best_play,
    closes,
    first_step,
    newcomer_play,
    no_play,
    simple_options,
    solve_within,
)
from machiavelli_kit.game.state import View
from machiavelli_kit.i18n import _
from machiavelli_kit.solver import Clock, SolverTimeout, Work

DEFAULT_BUDGET = 2000
"""Units of the solver's work a computer player may spend on one move: about 14 times the most any
move of the players' ladder needed (144 units, greedy's; benchmarks/tournament.py prints it)."""
SAFETY_SECONDS = 60.0
"""Seconds after which a move is cut short whatever its budget: a safety limit, far above any move's
time on a working machine (the record says when it triggered)."""


class Player:
    """A computer player: ``choose`` returns the action for the player to move, within ``budget``
    units of work; a search that runs out of work falls back on the biggest one-step play (or no
    play), the same way on any machine. Past ``safety`` seconds it falls back too, and
    :attr:`out_of_time` says so until the next move."""

    name: ClassVar[str] = "player"

    def __init__(self, seed: int | str = 0, budget: int = DEFAULT_BUDGET, safety: float = SAFETY_SECONDS) -> None:
        self.rng = random.Random(seed)
        self.budget, self.safety = budget, safety
        self.out_of_time = False
        """Whether the last move was cut short by the safety limit (then it depended on the machine)."""
        self.gave_up = False
        """Whether the last move fell back on the biggest one-step play, out of work (or time)."""
        self.spent = 0
        """Units of work the last move spent."""

    def choose(self, view: View) -> Action:
        work = Work(self.budget)
        clock = Clock(self.safety, work)
        try:
            action = self.think(view, clock)
            self.gave_up = False
        except SolverTimeout:  # out of work, or (the safety limit) out of time
            action = fallback(view)
            self.gave_up = True
        self.out_of_time = clock.ran_out
        self.spent = min(work.spent, work.units)
        return action

    def think(self, view: View, clock: Clock) -> Action:
        """The action, chosen within ``clock``'s work (and its safety limit)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.name} player>"


class RandomPlayer(Player):
    """A random legal action: one of the one-step plays (a new meld from the hand, or a card
    added to a meld), chosen at random, else no play."""

    name = "random"

    def think(self, view: View, clock: Clock) -> Action:
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
    ready would leave it with fewer cards than every opponent, and one turn may lay them all
    (the rules' cap on a turn's cards), it draws and keeps those melds:
    the stock runs out sooner, and an opponent still holding cards it meant to play later is
    caught with them. It does not draw the last card unless that still leaves it the fewest.
    Once the stock is empty it plays everything it can, or, holding the fewest, ends the game
    by drawing, the win in hand. Under ``stock_out=last_card`` the game ends with the stock's
    last card, so it plays everything it can as soon as the others' draws could empty the stock
    before its next turn (fewer cards in it than players, counting the card it would draw).
    (Measured against ``random``: see the README's tournament figures.)
    """

    name = "beginner"
    RUSH = 20
    """Stock size from which the beginner, ahead on the count, draws instead of playing a step."""

    def think(self, view: View, clock: Clock) -> Action:
        stock_out_ends = view.rules.stock_out != "play_on"
        if not view.stock_size and stock_out_ends and _fewest(view):
            return Draw()
        play = newcomer_play(view, clock)
        if play is None:
            return no_play(view)
        held, ready = len(view.hand), _played(play, view)
        if not view.stock_size or ready == held:
            return play
        others = min(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
        ahead = held - ready < others and (view.stock_size > 1 or held + 1 < others)
        cap = view.rules.max_cards_per_turn
        one_turn_lays_all = cap is None or ready < cap  # else what it keeps could not all go down at the end
        rush = stock_out_ends and view.stock_size <= self.RUSH and ahead and one_turn_lays_all
        if rush and not last_chance(view, drawing=True):
            return Draw()
        if last_chance(view, drawing=rush):
            return play
        return first_step(view, play)


class Greedy(Player):
    """The solver's maximum play every turn (with the helping cards, when there are any), else no play."""

    name = "greedy"

    def think(self, view: View, clock: Clock) -> Action:
        return best_play(view, clock=clock) or no_play(view)


class Expert(Player):
    """Plays to close in one go, as strong players do. It keeps in hand the cards it could lay
    and draws instead: cards held stay free to join the cards it draws (a seven laid on a run
    can no longer make a set with the two sevens still in hand), and the table it leaves gives
    the other players nothing new to build with. It lays cards when that closes; when its hand
    has grown past what one turn may play (:attr:`HOLD`, or the rules' cap on a turn's cards), and
    then only as many as it must, the ones least connected to the rest of its hand; and when the
    stock may end the game before its next turn (or is empty), all it can, as greedy does.

    Measured against ``greedy``: see the README's tournament figures.
    """

    name = "expert"
    HOLD = 13
    """Cards it keeps in hand at most while it waits to close (fewer if the rules cap a turn lower)."""

    def think(self, view: View, clock: Clock) -> Action:
        hold = min(self.HOLD, view.rules.max_cards_per_turn or self.HOLD)
        waiting = view.stock_size and not last_chance(view)
        if waiting and len(view.hand) <= hold:  # most turns it cannot close: asked first, without par
            return (closes(view, clock=clock) and best_play(view, Goal.CLOSE, clock=clock)) or no_play(view)
        full = best_play(view, clock=clock)
        if full is None:
            return no_play(view)
        if not waiting or _played(full, view) == len(view.hand) or not view.may_touch_table:
            return full
        return _shed(view, full, len(view.hand) - hold, clock) or full


def _shed(view: View, full: Play, count: int, clock: Clock) -> Play | None:
    """A play of at least ``count`` of the hand cards ``full`` lays, the ones least connected to the
    rest of the hand first (a few more when those alone fit nowhere, as on a bare table, where a
    new meld needs three), or ``None`` when ``full`` lays no more than that."""
    laid = full.table.cards() - view.table.cards() - Counter(full.helpers)
    if laid.total() <= count:
        return None
    loose = sorted(laid.elements(), key=lambda card: (connections(card, view.hand), card))
    for size in range(count, min(count + MIN_MELD, laid.total())):
        found = solve_within(Position(view.table, tuple(loose[:size])), view.rules, Goal.CLOSE, clock)
        if not found.feasible:  # those cards alone fit nowhere: the most of the hand that does, up to size
            found = solve_within(view.position, view.rules, Goal.MAX, clock, size)
        if found.feasible and len(found.played) >= count:
            return Play(found.table)
    return None


def connections(card: Card, hand: Sequence[Card]) -> int:
    """How many other cards of ``hand`` could sit in one meld with ``card``: the same rank in
    another suit, or the same suit within two ranks (the ace next to the two and to the king);
    jokers go with everything. A rough count, to choose which cards to keep.

    >>> from machiavelli_kit.core.cards import parse_cards
    >>> hand = parse_cards("7H 7S 8H KH AH 2C")
    >>> [connections(card, hand) for card in hand]
    [2, 1, 1, 1, 1, 0]
    """
    if card.is_joker:
        return len(hand) - 1
    return sum(1 for other in hand if other is not card and _may_share_a_meld(card, other))


def _may_share_a_meld(card: Card, other: Card) -> bool:
    if other.is_joker:
        return True
    if other.suit != card.suit:
        return other.rank == card.rank
    gap = abs(other.rank - card.rank)
    return 0 < min(gap, RANKS_IN_SUIT - gap) <= 2


def last_chance(view: View, drawing: bool = False) -> bool:
    """Whether the game may end before this player's next turn without anyone closing: this is the
    last round of a game with a limit of turns or time; or, with ``stock_out=last_card``, the other
    players' draws could take the rest of the stock (what is left after this player's own draw, when
    ``drawing``; a draw of the last card ends the game at once, which is no later turn missed)."""
    if view.turns_left is not None and view.turns_left <= view.players:
        return True
    left = view.stock_size - drawing
    return view.rules.stock_out == "last_card" and 0 < left < len(view.hand_sizes)


def _fewest(view: View) -> bool:
    """Whether this player holds fewer cards than everyone else."""
    return all(len(view.hand) < size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)


def _played(play: Play, view: View) -> int:
    """Hand cards a play puts down."""
    return (play.table.cards() - view.table.cards()).total() - len(play.helpers)


def fallback(view: View) -> Action:
    """What a player whose work (or time) ran out does: the one-step play with the most cards, else no play."""
    options = simple_options(view)
    if not options:
        return no_play(view)
    return max(options, key=lambda play: play.table.cards().total())


PLAYERS: dict[str, type[Player]] = {kind.name: kind for kind in (RandomPlayer, Beginner, Greedy, Expert)}


def make_player(name: str, seed: int | str = 0, budget: int = DEFAULT_BUDGET, safety: float = SAFETY_SECONDS) -> Player:
    """The computer player called ``name`` (``random``, ``beginner``, ``greedy``, ``expert``), with
    ``budget`` units of work a move and a safety limit of ``safety`` seconds."""
    if name not in PLAYERS:
        raise ValueError(
            _("unknown player {name}: players are {players}").format(name=quote(name), players=", ".join(PLAYERS))
        )
    return PLAYERS[name](seed, budget, safety)
