"""Where the board draws each card, meld number and area, and what lies under the pointer.

Plain geometry in layout units (the widget multiplies by its scale), so hit
testing is tested without a browser. Cards are drawn in the order they lie
in the state: a card stays where the learner put it. The table is as tall as
its melds need, with one drop zone for a new meld: a card-sized slot at the
end of the last row, or a thin strip under it when that row is full.

>>> from machiavelli_kit.core.position import Position
>>> from machiavelli_kit.practice.session import PlayState
>>> board = lay_out(PlayState.of(Position.parse("4C 5C 6C", "3C 7C 8C")))
>>> spot = board.card_at(board.cards[0].box.x + 5, board.cards[0].box.y + 5)
>>> spot.card, spot.place
(Card.parse('4C'), 0)
>>> board.drop_target(board.hand.x + 3, board.hand.y + 3)
'hand'
>>> board.drop_index(0, board.cards[0].box.x - 20)
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from machiavelli_kit.core.cards import Card
from machiavelli_kit.practice.session import Place, PlayState

CARD_W, CARD_H = 50.0, 72.0
STEP = 22.0
"""How much of each card in a meld shows before the next one covers it."""
HAND_STEP = CARD_W + 6
PAD = 12.0
LABEL = 20.0
"""Room for an area's name above its cards."""
GAP = 22.0
"""Between two melds in a row."""
TAG = 16.0
"""Room above a meld for its number tag."""
ROW_GAP = TAG + 10
"""Between two rows of melds: the lower row's number tags sit in it."""
STRIP = 30.0
"""Height of the new-meld strip when the last row has no room left for a slot."""
EMPTY = 14.0
"""Height under its name of an empty working area."""
WIDTH = 760.0


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h

    @property
    def bottom(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class CardSpot:
    """One drawn card: which card, where it lies (place and index in that place) and its box."""

    card: Card
    place: Place
    index: int
    box: Rect


@dataclass(frozen=True)
class Board:
    """The laid-out table (melds, their number tags, the new-meld zone), working area and hand."""

    width: float
    height: float
    table: Rect
    melds: tuple[Rect, ...]
    new_slot: Rect
    work: Rect
    hand: Rect
    cards: tuple[CardSpot, ...]
    tags: tuple[Rect, ...] = ()
    """The number tag of each meld ("1" for the first), as the messages name them."""

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

    def drop_index(self, meld: int, left: float, moving: CardSpot | None = None) -> int:
        """Where in ``meld`` a card whose left edge is at ``left`` goes: before the first card whose
        showing part is mostly right of that edge. ``moving`` (the dragged card) is left out."""
        return sum(1 for spot in self._lying(meld, moving) if spot.box.x + STEP / 2 < left)

    def caret_x(self, meld: int, index: int, moving: CardSpot | None = None) -> float:
        """Where the board marks a drop at ``index`` of ``meld``: just left of the card it goes before."""
        lying = self._lying(meld, moving)
        if not lying:
            return self.melds[meld].x + 8
        if index < len(lying):
            return lying[index].box.x - 3
        return lying[-1].box.x + CARD_W + 4

    def area_of(self, target: Place | None) -> Rect | None:
        """The box a drop on ``target`` lands in."""
        if isinstance(target, int):
            return self.melds[target]
        return {"new": self.new_slot, "work": self.work, "hand": self.hand}.get(str(target))

    def _lying(self, meld: int, moving: CardSpot | None) -> list[CardSpot]:
        return [spot for spot in self.cards if spot.place == meld and spot != moving]


def _row(cards: Sequence[Card], place: Place, x: float, y: float, step: float) -> list[CardSpot]:
    return [CardSpot(card, place, i, Rect(x + i * step, y, CARD_W, CARD_H)) for i, card in enumerate(cards)]


def _fitted_step(count: int, room: float, step: float) -> float:
    if count < 2:
        return step
    return max(6.0, min(step, (room - CARD_W) / (count - 1)))


def _tag(x: float, y: float, number: int) -> Rect:
    return Rect(x, y - TAG, 10 + 7 * len(str(number)), TAG - 3)


def lay_out(state: PlayState, width: float = WIDTH) -> Board:
    """Lay the melds out in rows that wrap, then the working area, then the hand."""
    spots: list[CardSpot] = []
    boxes: list[Rect] = []
    tags: list[Rect] = []
    room = width - 2 * PAD
    top = PAD + LABEL + TAG
    x, y = PAD, top
    for index, cards in enumerate(state.melds):
        step = _fitted_step(len(cards), room, STEP)
        meld_width = CARD_W + step * (len(cards) - 1)
        if x > PAD and x + meld_width > width - PAD:
            x, y = PAD, y + CARD_H + ROW_GAP
        spots += _row(cards, index, x, y, step)
        tags.append(_tag(x, y, index + 1))
        boxes.append(Rect(x - GAP / 2, y - ROW_GAP + 5, meld_width + GAP, CARD_H + ROW_GAP))
        x += meld_width + GAP
    if x + CARD_W <= width - PAD:
        new_slot = Rect(x, y, CARD_W, CARD_H)
    else:
        new_slot = Rect(PAD, y + CARD_H + ROW_GAP - TAG, room, STRIP)
    table = Rect(0, 0, width, new_slot.bottom + PAD)
    work = _area(table.bottom, room, bool(state.work))
    spots += _row(state.work, "work", PAD + 8, work.y + LABEL, _fitted_step(len(state.work), room - 16, HAND_STEP))
    hand = _area(work.bottom + PAD, room, True)  # card-high even when empty: the canvas resizes less
    spots += _row(state.hand, "hand", PAD + 8, hand.y + LABEL, _fitted_step(len(state.hand), room - 16, HAND_STEP))
    return Board(width, hand.bottom + PAD, table, tuple(boxes), new_slot, work, hand, tuple(spots), tuple(tags))


def _area(y: float, room: float, holds_cards: bool) -> Rect:
    """The working area or the hand: card-high when it holds cards (or may), else a thin labelled strip."""
    return Rect(PAD, y, room, LABEL + (CARD_H + 8 if holds_cards else EMPTY))


__all__ = ["CARD_H", "CARD_W", "WIDTH", "Board", "CardSpot", "Rect", "lay_out"]
