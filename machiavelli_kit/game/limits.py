"""A game that must end on time: a limit of turns, or of minutes, for a lesson of fixed length.

When the limit is reached the round in progress is played to its end, so that every player has had
as many turns as the first; then the game ends and the fewest points left in hand win (the fewest
cards, when the rules score single games). A turn limit is part of the game from its deal (the same
seed gives the same game); a time limit is the clock's, so the game is told when the time is up
(:meth:`~machiavelli_kit.game.session.Game.call_time`) and its record says after which turn.

>>> Limit(turns=30).last_turn(players=4)
32
>>> round_end(played=9, players=4), round_end(played=8, players=4)
(12, 8)
>>> print(Limit(minutes=12))
12 minutes
>>> Limit(turns=0)
Traceback (most recent call last):
...
machiavelli_kit.game.limits.LimitError: a turn limit is a whole number of turns from 1 to 2000, not 0
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, TypeGuard

from machiavelli_kit.i18n import _, ngettext

LimitReason = Literal["time", "turns"]
MOST_TURNS = 2000
"""The longest turn limit: far longer than a lesson's game (the kit's computer players end theirs in a few hundred)."""
MOST_MINUTES = 24 * 60
"""The longest time limit: a day."""


class LimitError(ValueError):
    """A limit that cannot be: the message says what a limit may be."""


@dataclass(frozen=True)
class Limit:
    """At most ``turns`` turns, or ``minutes`` on the clock (either, both or neither); each rounded up to
    the end of the round in progress."""

    turns: int | None = None
    minutes: float | None = None

    def __post_init__(self) -> None:
        if self.turns is not None and not (_is_whole(self.turns) and 1 <= self.turns <= MOST_TURNS):
            raise LimitError(
                _("a turn limit is a whole number of turns from 1 to {most}, not {value}").format(
                    most=MOST_TURNS, value=self.turns
                )
            )
        minutes = self.minutes
        if minutes is not None and not (_is_number(minutes) and 0 < minutes <= MOST_MINUTES):
            raise LimitError(
                _("a time limit is a number of minutes above 0 and at most {most}, not {value}").format(
                    most=MOST_MINUTES, value=minutes
                )
            )

    def __bool__(self) -> bool:
        return self.turns is not None or self.minutes is not None

    def last_turn(self, players: int) -> int | None:
        """The turn after which the turn limit ends a game of ``players``: the end of the limit's round."""
        return None if self.turns is None else round_end(self.turns, players)

    def __str__(self) -> str:
        parts = []
        if self.turns is not None:
            parts.append(ngettext("{count} turn", "{count} turns", self.turns).format(count=self.turns))
        if self.minutes is not None:
            minutes = self.minutes
            shown = f"{minutes:g}"
            parts.append(ngettext("{count} minute", "{count} minutes", math.ceil(minutes)).format(count=shown))
        # TRANSLATORS: joins two limits of a game: "60 turns or 12 minutes".
        return _(" or ").join(parts) if parts else _("no limit")


NO_LIMIT = Limit()
"""A game that ends only by the rules: a close, the stock running out, or every player passing."""


def round_end(played: int, players: int) -> int:
    """The last turn of the round in progress after ``played`` turns of a game of ``players`` (``played``
    itself between two rounds): each round is one turn of every player, from the first player on."""
    return math.ceil(played / players) * players


def _is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
