"""Deterministic SVG pictures of cards, melds and positions (for Jupyter's ``_repr_svg_``).

>>> from machiavelli_kit.core.cards import parse_card
>>> svg = card_svg(parse_card("10H"))
>>> svg.startswith("<svg") and "10" in svg and "♥" in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from machiavelli_kit.core.cards import Card, Suit, format_card
from machiavelli_kit.i18n import _, pgettext, speaking

if TYPE_CHECKING:
    from machiavelli_kit.core.melds import Meld
    from machiavelli_kit.core.position import Position

CARD_WIDTH, CARD_HEIGHT = 48, 68
OVERLAP = 30
GAP = 14
LABEL_HEIGHT = 18
TWO_COLOURS = {Suit.SPADES: "#111111", Suit.CLUBS: "#111111", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#c8102e"}
FOUR_COLOURS = {Suit.SPADES: "#111111", Suit.CLUBS: "#1b7a2e", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#1455b8"}
FELT = "#1f6b3a"


def suit_colour(card: Card, four_colour: bool = False) -> str:
    if card.suit is None:
        return "#6a1b9a"
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[card.suit]


def _card_group(card: Card, x: float, y: float, four_colour: bool) -> str:
    colour = suit_colour(card, four_colour)
    rank = "★" if card.is_joker else format_card(card)[:-1]
    # TRANSLATORS: written in capitals on the face of a joker in the card pictures (it: JOLLY); keep it short.
    symbol = escape(pgettext("card face", "JOKER")) if card.suit is None else card.suit.symbol
    big = (
        f'<text x="{CARD_WIDTH / 2}" y="{CARD_HEIGHT * 0.68}" font-size="9" text-anchor="middle" '
        f'font-weight="bold">{symbol}</text>'
        if card.is_joker
        else f'<text x="{CARD_WIDTH / 2}" y="{CARD_HEIGHT * 0.72}" font-size="26" text-anchor="middle">{symbol}</text>'
    )
    return (
        f'<g transform="translate({x},{y})" fill="{colour}">'
        f"<title>{escape(card.name)}</title>"
        f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" fill="#ffffff" stroke="#333333"/>'
        f'<text x="4" y="15" font-size="13" font-weight="bold">{rank}</text>'
        f'<text x="4" y="28" font-size="12">{"" if card.is_joker else symbol}</text>'
        f"{big}</g>"
    )


def _svg(width: float, height: float, body: str, background: str | None = None) -> str:
    fill = f'<rect width="100%" height="100%" fill="{background}" rx="6"/>' if background else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, sans-serif">{fill}{body}</svg>'
    )


def _row_width(count: int) -> float:
    return CARD_WIDTH + OVERLAP * (count - 1) if count else 0


def _row(cards: Sequence[Card], x: float, y: float, four_colour: bool) -> str:
    return "".join(_card_group(card, x + index * OVERLAP, y, four_colour) for index, card in enumerate(cards))


def card_svg(card: Card, four_colour: bool = False, lang: str | None = None) -> str:
    """One card; its tooltip names it in words in the language in use (or ``lang``)."""
    with speaking(lang):
        return _svg(CARD_WIDTH + 2, CARD_HEIGHT + 2, _card_group(card, 1, 1, four_colour))


def meld_svg(meld: Meld, four_colour: bool = False, lang: str | None = None) -> str:
    """A meld's cards in a row; their tooltips name them in the language in use (or ``lang``)."""
    cards = meld.cards
    with speaking(lang):
        return _svg(_row_width(len(cards)) + 2, CARD_HEIGHT + 2, _row(cards, 1, 1, four_colour))


def position_svg(
    position: Position, four_colour: bool = False, per_row: int = 4, ink_saving: bool = False, lang: str | None = None
) -> str:
    """The table's melds in rows of ``per_row``, then the hand, on green felt
    (``ink_saving``: on white inside a thin frame, for printing); its words in the language in use (or ``lang``)."""
    with speaking(lang):
        return _position_svg(position, four_colour, per_row, ink_saving)


def _position_svg(position: Position, four_colour: bool, per_row: int, ink_saving: bool) -> str:
    label, faint = ("#111111", "#555555") if ink_saving else ("#ffffff", "#cfe8d6")
    parts: list[str] = []
    y = GAP
    width = 0.0
    melds = list(position.table.melds)
    # TRANSLATORS: labels over the table's melds and the hand's cards in a picture of a position.
    table_word, hand_word = escape(pgettext("picture label", "Table")), escape(pgettext("picture label", "Hand"))
    # TRANSLATORS: in a picture of a position, where the table has no meld.
    empty_word = escape(_("(empty)"))
    parts.append(f'<text x="{GAP}" y="{y + 12}" fill="{label}" font-size="13">{table_word}</text>')
    y += LABEL_HEIGHT
    if not melds:
        parts.append(f'<text x="{GAP}" y="{y + 14}" fill="{faint}" font-size="12">{empty_word}</text>')
        y += LABEL_HEIGHT + GAP
    for start in range(0, len(melds), per_row):
        x = float(GAP)
        for meld in melds[start : start + per_row]:
            parts.append(_row(meld.cards, x, y, four_colour))
            x += _row_width(len(meld)) + GAP * 2
        width = max(width, x)
        y += CARD_HEIGHT + GAP
    if position.hand or not melds:
        parts.append(f'<text x="{GAP}" y="{y + 12}" fill="{label}" font-size="13">{hand_word}</text>')
        y += LABEL_HEIGHT
        parts.append(_row(position.hand, GAP, y, four_colour))
        width = max(width, GAP * 2 + _row_width(len(position.hand)))
        y += CARD_HEIGHT + GAP
    width = max(width, 160)
    if ink_saving:
        frame = f'<rect x="0.5" y="0.5" width="{width - 1}" height="{y - 1}" rx="6" fill="none" stroke="#888888"/>'
        return _svg(width, y, frame + "".join(parts))
    return _svg(width, y, "".join(parts), background=FELT)
