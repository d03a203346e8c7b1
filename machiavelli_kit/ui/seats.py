"""The players round the table, at a glance: a chip for each seat with its name and how many cards
it holds, the one whose turn it is marked (▶, and a colour), after the turn and the stock.

Plain HTML for the game board's seat row (an ``ipywidgets.HTML``), styled by :data:`SEATS_STYLE`.

>>> from machiavelli_kit.game.flow import GameFlow, Seat
>>> flow = GameFlow.new([Seat("Ann"), Seat("Bea", computer="greedy")], "bga", seed=7)
>>> print(seats_text(flow))
Turn 1 · stock: 74 cards | ▶ Ann 15 cards | Bea 15 cards
"""

from __future__ import annotations

import html

from machiavelli_kit.core.cards import count_cards
from machiavelli_kit.game.flow import GameFlow
from machiavelli_kit.i18n import speaking

NOW = "▶"
"""In front of the name of the player whose turn it is (seen without the colour, read by a screen reader)."""
SEATS_STYLE = (
    "<style>"
    ".mk-game-seats .widget-html-content { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px;"
    " line-height: 1.5; }"
    ".mk-seat { border: 1px solid #8fa89a; border-radius: 1em; padding: 0 10px; background: #f3f6f3; }"
    ".mk-seat-now { border: 2px solid #b8860b; background: #ffe9a8; font-weight: bold; }"
    "</style>"
)


def seats_parts(flow: GameFlow) -> tuple[str, list[tuple[str, bool]]]:
    """The turn and stock in words, and each seat's chip text with whether it is that seat's turn."""
    with speaking(flow.language):
        game = flow.game
        chips = [
            (f"{NOW} {name}" if seat == game.to_move else name, count_cards(len(game.hand(seat))), seat == game.to_move)
            for seat, name in enumerate(flow.names)
        ]
        return flow.turn_info(), [(f"{name} {cards}", now) for name, cards, now in chips]


def seats_html(flow: GameFlow) -> str:
    """The seat row as HTML: the turn and stock, then a chip for each seat (``mk-seat``, ``mk-seat-now``)."""
    return row_html(*seats_parts(flow))


def row_html(info: str, chips: list[tuple[str, bool]]) -> str:
    """A seat row as HTML from its parts: ``info`` (the turn and stock), then each chip's text and whether it is
    that seat's turn; a networked table's board draws its seats so too.

    >>> print(row_html("Turn 2", [("▶ Bea 14 cards", True)]))
    <span class="mk-game-turn">Turn 2</span> <span class="mk-seat mk-seat-now" aria-current="true">▶ Bea 14 cards</span>
    """
    spans = [
        f'<span class="mk-seat mk-seat-now" aria-current="true">{html.escape(text)}</span>'
        if now
        else f'<span class="mk-seat">{html.escape(text)}</span>'
        for text, now in chips
    ]
    return " ".join([f'<span class="mk-game-turn">{html.escape(info)}</span>', *spans])


def seats_text(flow: GameFlow) -> str:
    """The seat row in plain text, the chips apart with ``|``."""
    info, chips = seats_parts(flow)
    return " | ".join([info, *(text for text, _now in chips)])


__all__ = ["NOW", "SEATS_STYLE", "row_html", "seats_html", "seats_parts", "seats_text"]
