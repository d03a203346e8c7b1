"""The keyboard's focus on a laid-out board, and what the arrow keys, Enter and Escape do to it.

Pure: a :class:`Cursor` and a :class:`~machiavelli_kit.ui.layout.Board` in, a new cursor out. With
nothing held, the focus is on a card, and the arrows walk the cards in reading order (the melds row
by row, then the working area, then the hand): Right and Left to the next and the one before, round
the end; Up and Down to the nearest card in the row above or below. Enter picks the focused card up;
the focus then walks the places it may go (:class:`Stop`: each gap in each meld, a new meld, the
working area, the hand) and Enter puts it down there, as a drag letting go at ``Stop.point`` would.
Escape puts it back.

>>> from machiavelli_kit.core.position import Position
>>> from machiavelli_kit.practice.session import PlayState
>>> from machiavelli_kit.ui.layout import lay_out
>>> board = lay_out(PlayState.of(Position.parse("4C 5C 6C", "3C 7C")))
>>> cursor = Cursor().press(board, "right")  # the first key shows the focus, in the hand
>>> str(cursor.card(board).card)
'3♣'
>>> cursor = cursor.press(board, "enter").press(board, "up").press(board, "up")
>>> cursor.stop(board).target  # up from the hand: the working area, then the table's row
'new'
>>> stop = cursor.press(board, "left").stop(board)
>>> stop.key  # the end of meld 1 (numbered 0 here)
(0, 3)
>>> board.drop_target(*stop.point), board.drop_index(0, stop.point[0])  # a drag letting go there agrees
(0, 3)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal, TypeVar

from machiavelli_kit.practice.session import Place
from machiavelli_kit.ui.layout import CARD_H, STEP, Board, CardSpot, Rect

CursorKey = Literal["left", "right", "up", "down", "enter", "escape"]
"""What a key asks of the cursor (the browser's ArrowLeft is ``"left"``, Enter and Space are ``"enter"``)."""
Key = tuple[Place, int | None]
"""A card by its place and index there, or a stop by its target and index (``None`` off the melds)."""
T = TypeVar("T")


@dataclass(frozen=True)
class Stop:
    """Where a held card can be put down: in meld ``target`` before its card ``index`` (the cards left
    when the held one is lifted), or on ``"new"``, ``"work"`` or ``"hand"`` (``index`` None).
    ``point`` is where a drag holding the card by its left edge's middle lets go for the same move."""

    target: Place
    index: int | None
    point: tuple[float, float]

    @property
    def key(self) -> Key:
        return (self.target, self.index)


@dataclass(frozen=True)
class Cursor:
    """The focused card (``at``, None before the first key) and the card held up, if any.

    Held, ``at`` is the focused :class:`Stop`'s key. Keys are looked up in the board each time, so a
    cursor outlives a board that changes under it: a card gone leaves the focus on its neighbour.
    """

    at: Key | None = None
    held: CardSpot | None = None

    def card(self, board: Board) -> CardSpot | None:
        """The focused card, when nothing is held and the board has cards."""
        if self.holding(board) is not None or not board.cards:
            return None
        at = self.at if self.held is None else _card_key(self.held)
        return board.cards[_find(at, [_card_key(spot) for spot in board.cards], _start_card(board))]

    def stop(self, board: Board) -> Stop | None:
        """Where the held card would go, when one is held."""
        held = self.holding(board)
        if held is None:
            return None
        stops = drop_stops(board, held)
        return stops[_find(self.at, [stop.key for stop in stops], _home(stops, held))]

    def holding(self, board: Board) -> CardSpot | None:
        """The held card, if it still lies where it was picked up on this board."""
        return self.held if self.held in board.cards else None

    def press(self, board: Board, key: CursorKey) -> Cursor:
        """The cursor after ``key``. Enter on a stop does not move the card here: the board does that
        (as a drag letting go at ``stop(board).point``)."""
        held = self.holding(board)
        if self.held is not None and (held is None or key == "escape"):
            return Cursor(_card_key(self.held))  # put back, or gone from under the cursor: let go
        if held is None:
            spot = self.card(board)
            if spot is None:
                return Cursor()
            if self.at is None:
                return Cursor(_card_key(spot))
            if key == "enter":
                return Cursor(None, spot)
            return Cursor(_card_key(_walk(board.cards, board.cards.index(spot), key, _card_x, _card_y)))
        stops = drop_stops(board, held)
        stop = self.stop(board)
        if key == "enter" or stop is None:
            return self
        return replace(self, at=_walk(stops, stops.index(stop), key, _stop_x, _stop_y).key)


def drop_stops(board: Board, held: CardSpot) -> tuple[Stop, ...]:
    """Every place ``held`` can be put down, in reading order: the gaps of each meld, a new meld, the
    working area and the hand."""
    stops: list[Stop] = []
    for meld, box in enumerate(board.melds):
        lying = [spot for spot in board.cards if spot.place == meld and spot != held]
        row = next(spot.box.y for spot in board.cards if spot.place == meld) + CARD_H / 2
        if not lying:
            stops.append(Stop(meld, 0, (box.x + box.w / 2, row)))
            continue
        lefts = [spot.box.x + STEP / 2 for spot in lying] + [lying[-1].box.x + STEP / 2 + 1]
        stops += [Stop(meld, index, (left, row)) for index, left in enumerate(lefts)]
    areas: tuple[tuple[Place, Rect], ...] = (("new", board.new_slot), ("work", board.work), ("hand", board.hand))
    for target, area in areas:
        stops.append(Stop(target, None, (area.x + area.w / 2, area.y + area.h / 2)))
    return tuple(stops)


def _card_key(spot: CardSpot) -> Key:
    return (spot.place, spot.index)


def _card_x(spot: CardSpot) -> float:
    return spot.box.x + STEP / 2


def _card_y(spot: CardSpot) -> float:
    return spot.box.y


def _stop_x(stop: Stop) -> float:
    return stop.point[0]


def _stop_y(stop: Stop) -> float:
    return stop.point[1]


def _start_card(board: Board) -> int:
    """Where the focus starts: the hand's first card, where a turn starts (else the first card)."""
    return next((number for number, spot in enumerate(board.cards) if spot.place == "hand"), 0)


def _home(stops: tuple[Stop, ...], held: CardSpot) -> int:
    """Where a held card's focus starts: where it was picked up from (Enter there leaves it as it was)."""
    key = (held.place, held.index if isinstance(held.place, int) else None)
    return next(number for number, stop in enumerate(stops) if stop.key == key)


def _find(key: Key | None, keys: list[Key], default: int) -> int:
    """The index of ``key`` in ``keys``; a key gone falls back to the last one before it in its place."""
    if key is None:
        return default
    if key in keys:
        return keys.index(key)
    place, index = key
    before = [number for number, (other, at) in enumerate(keys) if other == place and (at or 0) <= (index or 0)]
    same = [number for number, (other, _at) in enumerate(keys) if other == place]
    return (before or same or [default])[-1]


def _walk(items: tuple[T, ...], here: int, key: CursorKey, x_of: Callable[[T], float], y_of: Callable[[T], float]) -> T:
    """The item ``key`` leads to from ``items[here]``: the next or the one before (round the end), or the
    nearest by x in the nearest row above or below (staying put at the top and the bottom)."""
    if key in ("left", "right"):
        return items[(here + (1 if key == "right" else -1)) % len(items)]
    y = y_of(items[here])
    rows = [other for other in {y_of(item) for item in items} if (other < y if key == "up" else other > y)]
    if not rows:
        return items[here]
    row = max(rows) if key == "up" else min(rows)
    x = x_of(items[here])
    return min((item for item in items if y_of(item) == row), key=lambda item: abs(x_of(item) - x))


__all__ = ["Cursor", "CursorKey", "Stop", "drop_stops"]
