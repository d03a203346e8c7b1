"""Painting a laid-out board on an ipycanvas canvas: felt, meld numbers, drop zones, areas and cards.

Every style of an ipycanvas canvas (``fill_style``, ``font``...) is a validated
trait, and setting one costs more than drawing a card's outline, so a
:class:`Pen` sets a style only when it changes, and the painter orders its
work to change styles seldom: all card shadows in one fill, rank and small
suit in one font, and the big suit only on cards nothing covers. The words it draws
(the areas' names) are said in the language in use: a board paints inside its own.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.svg import FELT, suit_colour
from machiavelli_kit.i18n import _
from machiavelli_kit.ui.layout import CARD_H, CARD_W, PAD, Board, CardSpot, Rect

AREA = "#18552e"
BORROWED = "#f0a020"
INVALID = "rgba(255, 70, 70, 0.55)"
TAG_FILL = "#f4efd8"
SHADOW = "rgba(0, 0, 0, 0.18)"
LIFTED_SHADOW = "rgba(0, 0, 0, 0.3)"
TARGET = "#fff3b0"
FOCUS = "#1a5fb4"
"""The outline of the card the keyboard's focus is on, and of a card held up with the keyboard."""
FOCUS_HALO = "#ffffff"
FONT = "DejaVu Sans, sans-serif"


class Pen:
    """A canvas whose styles are set only when they change (the canvas's own state between two paints)."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self._styles: dict[str, object] = {}

    def set(self, **styles: object) -> None:
        for name, value in styles.items():
            if self._styles.get(name) != value:
                setattr(self.canvas, name, value)
                self._styles[name] = value


def paint_board(
    pen: Pen, board: Board, *, hidden: CardSpot | None, highlight: tuple[int, ...], four_colour: bool
) -> None:
    """The whole board but ``hidden`` (the card being dragged), with the melds in ``highlight`` flagged."""
    canvas = pen.canvas
    pen.set(fill_style=FELT)
    canvas.fill_rect(0, 0, board.width, board.height)
    pen.set(font=f"bold 13px {FONT}", fill_style="#ffffff")
    # TRANSLATORS: the name drawn over the melds on the board.
    canvas.fill_text(_("Table"), PAD, PAD + 13)
    for index in highlight:
        if index < len(board.melds):
            box = board.melds[index]
            pen.set(fill_style=INVALID, stroke_style="#ff3030", line_width=3)
            rounded(canvas, box.x + 4, box.y + 4, box.w - 8, box.h - 8, 8)
            canvas.fill()
            canvas.stroke()
    for index, tag in enumerate(board.tags):
        _tag(pen, tag, index + 1, flagged=index in highlight)
    _new_slot(pen, board.new_slot)
    holds = {spot.place for spot in board.cards}
    if "work" in holds:
        work = _("Working area: table cards you took off; put them back")
    else:
        work = _("Working area: drag table cards here to borrow them")
    _area(pen, board.work, work)
    _area(pen, board.hand, _("Your hand") if "hand" in holds else _("Your hand is empty"))
    shown = [spot for spot in board.cards if spot != hidden]
    pen.set(fill_style=SHADOW)
    canvas.begin_path()
    for spot in shown:
        _outline(canvas, spot.box.x + 1.5, spot.box.y + 2, CARD_W, CARD_H, 6)
    canvas.fill()
    covered = _covered(shown)
    for spot in shown:
        _card(pen, spot.card, spot.box, four_colour, borrowed=spot.place == "work", whole=spot not in covered)


def paint_lifted(
    pen: Pen,
    board: Board,
    drag: CardSpot,
    card_box: Rect,
    pointer: tuple[float, float],
    four_colour: bool,
    *,
    keyboard: bool = False,
) -> None:
    """The dragged card at ``card_box``, an outline round where it would land, and where in a meld;
    held up with the ``keyboard``, the card is outlined as the focus is."""
    canvas = pen.canvas
    target = board.drop_target(*pointer)
    area = board.area_of(target)
    pen.set(stroke_style=TARGET, line_width=2)
    if area is not None and target != drag.place:
        rounded(canvas, area.x + 2, area.y + 2, area.w - 4, area.h - 4, 8)
        canvas.stroke()
    if isinstance(target, int):
        box = board.melds[target]
        x = board.caret_x(target, board.drop_index(target, card_box.x, drag), drag)
        pen.set(line_width=4)
        canvas.stroke_line(x, box.y + 8, x, box.bottom - 8)
    pen.set(fill_style=LIFTED_SHADOW)
    rounded(canvas, card_box.x + 4, card_box.y + 5, CARD_W, CARD_H, 6)
    canvas.fill()
    _card(pen, drag.card, card_box, four_colour, borrowed=False, whole=True)
    if keyboard:
        _focus_ring(pen, card_box)


def paint_focus(pen: Pen, spot: CardSpot, four_colour: bool) -> None:
    """The card the keyboard's focus is on, drawn whole over its neighbours and outlined."""
    pen.set(fill_style=LIFTED_SHADOW)
    rounded(pen.canvas, spot.box.x + 2, spot.box.y + 3, CARD_W, CARD_H, 6)
    pen.canvas.fill()
    _card(pen, spot.card, spot.box, four_colour, borrowed=spot.place == "work", whole=True)
    _focus_ring(pen, spot.box)


def _focus_ring(pen: Pen, box: Rect) -> None:
    """A thick outline round ``box``, dark on a white halo, seen on the felt and on the cards alike."""
    pen.set(stroke_style=FOCUS_HALO, line_width=7)
    rounded(pen.canvas, box.x - 3, box.y - 3, box.w + 6, box.h + 6, 8)
    pen.canvas.stroke()
    pen.set(stroke_style=FOCUS, line_width=3.5)
    pen.canvas.stroke()


def _covered(spots: list[CardSpot]) -> set[CardSpot]:
    """The cards the next card of their row covers over their big suit: it is left out."""
    return {one for one, other in pairwise(spots) if one.place == other.place and other.box.x - one.box.x < CARD_W - 10}


def _card(pen: Pen, card: Card, box: Rect, four_colour: bool, *, borrowed: bool, whole: bool) -> None:
    canvas = pen.canvas
    pen.set(fill_style="#ffffff", stroke_style=BORROWED if borrowed else "#555555", line_width=3 if borrowed else 1)
    rounded(canvas, box.x, box.y, box.w, box.h, 6)
    canvas.fill()
    canvas.stroke()
    symbol = "" if card.suit is None else card.suit.symbol
    pen.set(fill_style=suit_colour(card, four_colour), font=f"bold 15px {FONT}")
    canvas.fill_text("★" if card.is_joker else card.code[:-1], box.x + 4, box.y + 16)
    canvas.fill_text(symbol, box.x + 4, box.y + 32)
    if whole:
        pen.set(font=f"28px {FONT}")
        canvas.fill_text(symbol or "J", box.x + CARD_W / 2 - 6, box.y + CARD_H - 14)


def _tag(pen: Pen, box: Rect, number: int, *, flagged: bool) -> None:
    """The number tag of a meld, the number the messages call it by."""
    pen.set(fill_style="#ff3030" if flagged else TAG_FILL)
    rounded(pen.canvas, box.x, box.y, box.w, box.h, 4)
    pen.canvas.fill()
    pen.set(font=f"bold 11px {FONT}", fill_style="#ffffff" if flagged else "#12401f")
    pen.canvas.fill_text(str(number), box.x + 5, box.y + box.h - 2.5)


def _new_slot(pen: Pen, slot: Rect) -> None:
    """The drop zone for a new meld: a card-sized outline, or a thin strip when the row is full."""
    canvas = pen.canvas
    pen.set(stroke_style="#9cc9a9", line_width=1)
    canvas.set_line_dash([5, 4])
    rounded(canvas, slot.x, slot.y, slot.w, slot.h, 6)
    canvas.stroke()
    canvas.set_line_dash([])
    pen.set(font=f"10px {FONT}", fill_style="#cfe8d6")
    if slot.w > CARD_W:
        canvas.fill_text(_("drop a card here to start a new meld"), slot.x + 10, slot.y + slot.h / 2 + 4)
        return
    # TRANSLATORS: written in a card-sized box (about 8 letters wide), one line per line of the text.
    lines = _("new\nmeld").split("\n")
    top = slot.y + slot.h / 2 - 6 * (len(lines) - 1) + 4
    pen.set(text_align="center")
    for number, line in enumerate(lines):
        canvas.fill_text(line, slot.x + slot.w / 2, top + 12 * number)
    pen.set(text_align="start")


def _area(pen: Pen, box: Rect, label: str) -> None:
    pen.set(fill_style=AREA)
    rounded(pen.canvas, box.x, box.y, box.w, box.h, 8)
    pen.canvas.fill()
    pen.set(font=f"bold 13px {FONT}", fill_style="#ffffff")
    pen.canvas.fill_text(label, box.x + 8, box.y + 15)


def rounded(canvas: Any, x: float, y: float, width: float, height: float, radius: float) -> None:
    """A new path: the rounded rectangle."""
    canvas.begin_path()
    _outline(canvas, x, y, width, height, radius)


def _outline(canvas: Any, x: float, y: float, width: float, height: float, radius: float) -> None:
    canvas.move_to(x + radius, y)
    canvas.arc_to(x + width, y, x + width, y + height, radius)
    canvas.arc_to(x + width, y + height, x, y + height, radius)
    canvas.arc_to(x, y + height, x, y, radius)
    canvas.arc_to(x, y, x + width, y, radius)
    canvas.close_path()


__all__ = ["FOCUS", "Pen", "paint_board", "paint_focus", "paint_lifted", "rounded"]
