"""What a turn or a puzzle asks for, parsed and written in this one place.

- ``max``: play as many hand cards as possible (at least one);
- ``close``: play the whole hand;
- ``play:<card>``: play this card (and as little else as possible);
- ``decide``: say whether a play exists at all (for the solver, the same as ``max``).

Case does not matter; position ids write ``play-7S`` for ``play:7S`` (a colon
is awkward in a URL), and a bare card is read as "play this card".

>>> Goal.parse("CLOSE"), Goal.parse("play:7S"), Goal.parse("play-7s") == Goal.parse("7S")
(Goal.parse('close'), Goal.parse('play:7S'), True)
>>> str(Goal.parse("play-10h")), Goal.parse("play:10H").id_text
('play:10H', 'play-10H')
>>> Goal.parse("win")
Traceback (most recent call last):
...
machiavelli_kit.core.goal.GoalError: 'win' is not a goal: goals are max, close, decide, or play:<card> such as play:7S
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from machiavelli_kit.core.cards import Card, NotationError, format_card, parse_card, quote
from machiavelli_kit.i18n import N_, _

# TRANSLATORS: {text} is what was written, in quotes. max, close, decide and play:7S are written as they are
# in a puzzle file: do not translate them.
HELP = N_("{text} is not a goal: goals are max, close, decide, or play:<card> such as play:7S")


class GoalError(ValueError):
    """Text that is not a goal; the message says what goals there are."""


class GoalKind(Enum):
    """What a goal asks for; its value is the goal as written (a ``play`` goal adds its card).

    >>> GoalKind("close"), GoalKind.PLAY.value
    (GoalKind.CLOSE, 'play')
    """

    MAX = "max"
    """Play as many hand cards as possible (at least one)."""
    CLOSE = "close"
    """Play the whole hand."""
    PLAY = "play"
    """Play one given card, and as little else as possible."""
    DECIDE = "decide"
    """Say whether any play exists (for the solver, the same question as ``max``)."""

    def __repr__(self) -> str:
        return f"GoalKind.{self.name}"


PLAIN_KINDS = (GoalKind.MAX, GoalKind.CLOSE, GoalKind.DECIDE)
"""The goals that name no card."""


@dataclass(frozen=True)
class Goal:
    """A goal: its kind, and for ``play`` the card that must be played."""

    kind: GoalKind
    card: Card | None = None

    MAX: ClassVar[Goal]
    CLOSE: ClassVar[Goal]
    DECIDE: ClassVar[Goal]

    def __post_init__(self) -> None:
        if (self.kind is GoalKind.PLAY) != (self.card is not None):
            raise GoalError("a play goal names one card, and only a play goal names a card")

    @classmethod
    def parse(cls, text: str | Card | Goal) -> Goal:
        """Read ``max``, ``close``, ``decide``, ``play:7S``, ``play-7S`` or a bare card ``7S``."""
        if isinstance(text, Goal):
            return text
        if isinstance(text, Card):
            return cls(GoalKind.PLAY, text)
        if not isinstance(text, str):
            raise TypeError(f"a goal is text such as 'max' or 'play:7S', not {type(text).__name__}")
        token = text.strip()
        lowered = token.lower()
        for kind in PLAIN_KINDS:
            if lowered == kind.value:
                return cls(kind)
        card_text = token[5:] if lowered.startswith(("play:", "play-")) else token
        try:
            return cls(GoalKind.PLAY, parse_card(card_text))
        except NotationError:
            if card_text is not token:
                # TRANSLATORS: {text} is the goal as written (play:11H), {card} its card part ('11H'), both quoted.
                message = _("{text} is not a goal: {card} is not a card").format(
                    text=quote(text), card=quote(card_text)
                )
                raise GoalError(message) from None
            raise GoalError(_(HELP).format(text=quote(text))) from None

    @property
    def id_text(self) -> str:
        """The goal as written in a position id (``play-7S``)."""
        return str(self).replace(":", "-")

    def __str__(self) -> str:
        return f"play:{format_card(self.card)}" if self.card is not None else self.kind.value

    def __repr__(self) -> str:
        return f"Goal.parse({str(self)!r})"


Goal.MAX, Goal.CLOSE, Goal.DECIDE = Goal(GoalKind.MAX), Goal(GoalKind.CLOSE), Goal(GoalKind.DECIDE)
