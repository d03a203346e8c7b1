"""Where the widget draws each card and area, and what lies under the pointer.

Plain geometry in layout units (the widget multiplies by its scale), so hit
testing is tested without a browser.

>>> from machiavelli_kit.position import Position
>>> from machiavelli_kit.play import PlayState
>>> board = lay_out(PlayState.of(Position.parse("4C 5C 6C", "3C 7C 8C")))
>>> spot = board.card_at(PAD + 5, PAD + LABEL + 5)
>>> spot.card, spot.place
(Card.parse('4C'), 0)
>>> board.drop_target(board.hand.x + 3, board.hand.y + 3)
'hand'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from machiavelli_kit.cards import Card
from machiavelli_kit.melds import check_meld
from machiavelli_kit.play import Place, PlayState
from machiavelli_kit.rules import BGA, Rules

CARD_W, CARD_H = 50.0, 72.0
STEP = 22.0
HAND_STEP = CARD_W + 6
PAD = 12.0
LABEL = 20.0
GAP = 22.0
WIDTH = 760.0


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h


@dataclass(frozen=True)
class CardSpot:
    """One drawn card: which card, where it lies (place and index in that place) and its box."""

    card: Card
    place: Place
    index: int
    box: Rect


@dataclass(frozen=True)
class Board:
    """The laid-out table, working area and hand."""

    width: float
    height: float
    table: Rect
    melds: tuple[Rect, ...]
    new_slot: Rect
    work: Rect
    hand: Rect
    cards: tuple[CardSpot, ...]

    def card_at(self, x: float, y: float) -> CardSpot | None:
        """The topmost card under the point, if any."""
        return next((spot for spot in reversed(self.cards) if spot.box.contains(x, y)), None)

    def drop_target(self, x: float, y: float) -> Place | None:
        """Where a card dropped at the point goes: a meld, a new meld, the working area or the hand."""
        for index, box in enumerate(self.melds):
            if box.contains(x, y):
                return index
        if self.table.contains(x, y):
            return "new"
        if self.work.contains(x, y):
            return "work"
        if self.hand.contains(x, y):
            return "hand"
        return None


def meld_order(cards: Sequence[Card], rules: Rules = BGA) -> tuple[Card, ...]:
    """Cards in display order: a valid meld in play order, anything else sorted."""
    verdict = check_meld(cards, rules)
    return verdict.arranged if verdict.valid else tuple(sorted(cards))


def _row(cards: Sequence[Card], place: Place, x: float, y: float, step: float) -> list[CardSpot]:
    return [CardSpot(card, place, i, Rect(x + i * step, y, CARD_W, CARD_H)) for i, card in enumerate(cards)]


def _fitted_step(count: int, room: float, step: float) -> float:
    if count < 2:
        return step
    return max(6.0, min(step, (room - CARD_W) / (count - 1)))


def lay_out(state: PlayState, rules: Rules = BGA, width: float = WIDTH, min_rows: int = 1) -> Board:
    """Lay the melds out in rows that wrap, then the working area, then the hand."""
    spots: list[CardSpot] = []
    boxes: list[Rect] = []
    x, y = PAD, PAD + LABEL
    rows = 1
    room = width - 2 * PAD
    for index, cards in enumerate(state.melds):
        ordered = meld_order(cards, rules)
        step = _fitted_step(len(ordered), room, STEP)
        meld_width = CARD_W + step * (len(ordered) - 1)
        if x > PAD and x + meld_width > width - PAD:
            x, y, rows = PAD, y + CARD_H + GAP, rows + 1
        spots += _row(ordered, index, x, y, step)
        boxes.append(Rect(x - GAP / 2, y - GAP / 2, meld_width + GAP, CARD_H + GAP))
        x += meld_width + GAP
    if x + CARD_W > width - PAD:
        x, y, rows = PAD, y + CARD_H + GAP, rows + 1
    new_slot = Rect(x, y, CARD_W, CARD_H)
    rows = max(rows, min_rows)
    table = Rect(0, 0, width, PAD + LABEL + rows * (CARD_H + GAP))
    work = Rect(PAD, table.h + PAD, room, LABEL + CARD_H + PAD)
    spots += _row(state.work, "work", PAD + 8, work.y + LABEL, _fitted_step(len(state.work), room - 16, HAND_STEP))
    hand = Rect(PAD, work.y + work.h + PAD, room, LABEL + CARD_H + PAD)
    spots += _row(state.hand, "hand", PAD + 8, hand.y + LABEL, _fitted_step(len(state.hand), room - 16, HAND_STEP))
    return Board(width, hand.y + hand.h + PAD, table, tuple(boxes), new_slot, work, hand, tuple(spots))


def rows_needed(state: PlayState, rules: Rules = BGA, width: float = WIDTH) -> int:
    """How many rows the table takes for ``state``, for sizing the canvas."""
    board = lay_out(state, rules, width)
    return round((board.table.h - PAD - LABEL) / (CARD_H + GAP))


__all__ = ["CARD_H", "CARD_W", "Board", "CardSpot", "Rect", "lay_out", "meld_order", "rows_needed"]
