"""One moment of a game, what each turn did, how the game ended, and what a player can see.

Everything here is an immutable value: the engine (:mod:`machiavelli_kit.game.engine`)
makes a new state from the old one and an action, so a refused action changes nothing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from machiavelli_kit.core.cards import Card, full_deck
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.game.actions import ActionKind
from machiavelli_kit.game.deal import Deal
from machiavelli_kit.game.limits import LimitReason

EndReason = Literal["closed", "stock_out", "blocked", "time", "turns"]


@dataclass(frozen=True)
class Result:
    """How a game ended: the winner's seat (``None`` for a draw), why, the hands left, and
    the points left in each hand when the rules score points."""

    winner: int | None
    reason: EndReason
    hands: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...] | None


@dataclass(frozen=True)
class Turn:
    """What one turn did: the player's seat, the action, the table after it, the hand cards
    played, the cards drawn and the helping cards taken; and whether a computer player's safety
    limit cut its thinking short (so that, unlike its other moves, it depended on the machine)."""

    number: int
    player: int
    action: ActionKind
    table: Table
    played: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()
    helpers: tuple[Card, ...] = ()
    out_of_time: bool = False


@dataclass(frozen=True)
class GameState:
    """The whole game at one moment, including what no single player can see."""

    rules: Rules
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    table: Table
    helpers: tuple[Card, ...]
    to_move: int
    opened: tuple[bool, ...]
    """Whether each player has laid a meld of their own (matters when ``attach_before_laying`` is false)."""
    passes: int = 0
    """Turns in a row, since the stock ran out, without a play."""
    turns: int = 0
    result: Result | None = None
    ends_after: tuple[int, LimitReason] | None = None
    """The turn after which a limit ends the game, and which limit (:mod:`machiavelli_kit.game.limits`)."""

    @classmethod
    def start(cls, rules: Rules, deal: Deal, dealer: int) -> GameState:
        """The state after ``deal``; the player on the dealer's left moves first."""
        players = len(deal.hands)
        return cls(
            rules,
            deal.hands,
            deal.stock,
            deal.table,
            tuple(sorted(deal.helpers)),
            (dealer + 1) % players,
            (False,) * players,
        )

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def over(self) -> bool:
        return self.result is not None

    def position(self, seat: int) -> Position:
        """The table and ``seat``'s hand, as the turn validator and the solver take them."""
        return Position(self.table, self.hands[seat])

    def all_cards(self) -> Counter[Card]:
        """Every card in the game, wherever it is (always the whole decks)."""
        cards = Counter(self.stock) + self.table.cards() + Counter(self.helpers)
        for hand in self.hands:
            cards.update(hand)
        return cards

    def view(self, seat: int) -> View:
        """What the player in ``seat`` can see."""
        unseen = full_deck(self.rules.decks, self.rules.jokers) - self.table.cards() - Counter(self.helpers)
        unseen -= Counter(self.hands[seat])
        return View(
            self.rules,
            seat,
            self.hands[seat],
            self.table,
            self.helpers,
            len(self.stock),
            tuple(len(hand) for hand in self.hands),
            self.opened[seat],
            self.turns,
            unseen,
            None if self.ends_after is None else self.ends_after[0] - self.turns,
        )


@dataclass(frozen=True)
class View:
    """One player's view of the game: their hand, the table, the helping cards, how many cards
    the stock and each hand hold, and the cards they have not seen (in other hands or the stock)."""

    rules: Rules
    seat: int
    hand: tuple[Card, ...]
    table: Table
    helpers: tuple[Card, ...]
    stock_size: int
    hand_sizes: tuple[int, ...]
    opened: bool
    turns: int
    unseen: Counter[Card] = field(repr=False)
    turns_left: int | None = None
    """Turns, this one included, before a limit of turns or time ends the game (``None``: no such end in sight)."""

    @property
    def position(self) -> Position:
        return Position(self.table, self.hand)

    @property
    def players(self) -> int:
        return len(self.hand_sizes)

    @property
    def may_touch_table(self) -> bool:
        """Whether this player may add to or rearrange the melds on the table this turn."""
        return self.rules.attach_before_laying or self.opened
