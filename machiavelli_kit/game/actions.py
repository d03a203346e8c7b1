"""What a player may do on their turn: draw, play, restore or pass.

A play names the whole table as the player leaves it (and any helping cards
taken from the middle); the engine works out which hand cards went down.

>>> from machiavelli_kit.core.position import Table
>>> Play(Table.parse("5S 5H 5D")).kind, Draw().kind, action_of("pass")
('play', 'draw', Pass())
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Literal

from machiavelli_kit.core.cards import Card, parse_cards, quote
from machiavelli_kit.core.position import Table
from machiavelli_kit.i18n import _

ActionKind = Literal["draw", "play", "restore", "pass"]
ACTION_KINDS: tuple[ActionKind, ...] = ("draw", "play", "restore", "pass")


class IllegalAction(ValueError):
    """An action the rules refuse; the message says why, in plain words. The game is unchanged."""


@dataclass(frozen=True)
class Draw:
    """Take the top card of the stock and end the turn."""

    kind: ClassVar[ActionKind] = "draw"


@dataclass(frozen=True)
class Restore:
    """Give up a rearrangement: the table goes back as it was and the restore penalty is drawn."""

    kind: ClassVar[ActionKind] = "restore"


@dataclass(frozen=True)
class Pass:
    """End the turn without playing or drawing (only when the stock is empty and play goes on)."""

    kind: ClassVar[ActionKind] = "pass"


@dataclass(frozen=True, init=False)
class Play:
    """Leave the table as ``table``: every card that was there, plus cards from the hand.

    ``helpers`` names the helping cards taken from the middle (the alternative deal).
    Both may be written in the card notation, as the kit's other functions read them:

    >>> Play("5S 5H 5D | 6H 7H 8H") == Play(Table.parse("5S 5H 5D | 6H 7H 8H"))
    True
    >>> Play("5S 5H 5D 6H 7H", helpers="6H").helpers
    (Card.parse('6H'),)
    >>> Play("5S 5H 5D | 11H")
    Traceback (most recent call last):
    ...
    machiavelli_kit.core.cards.NotationError: '11H' is not a card: ranks are A, 2-10, J, Q, K
    """

    table: Table
    helpers: tuple[Card, ...]
    kind: ClassVar[ActionKind] = "play"

    def __init__(self, table: Table | str, helpers: Iterable[Card] | str = ()) -> None:
        if not isinstance(table, Table | str):
            # TRANSLATORS: {table} is what was given, quoted; the example is in the card notation, not translated.
            message = _('a play leaves a table, like Table.parse("5S 5H 5D") or "5S 5H 5D", not {table}')
            raise TypeError(message.format(table=quote(table)))
        object.__setattr__(self, "table", Table.parse(table) if isinstance(table, str) else table)
        object.__setattr__(self, "helpers", parse_cards(helpers) if isinstance(helpers, str) else tuple(helpers))


Action = Draw | Play | Restore | Pass


def action_of(kind: str) -> Draw | Restore | Pass:
    """The action without arguments named ``kind`` (``draw``, ``restore`` or ``pass``)."""
    actions: dict[str, Draw | Restore | Pass] = {"draw": Draw(), "restore": Restore(), "pass": Pass()}
    if kind not in actions:
        raise IllegalAction(
            _("{action} is not an action: choose draw, play, restore or pass").format(action=quote(kind))
        )
    return actions[kind]
