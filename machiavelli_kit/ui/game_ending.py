"""The end of a deal and the review of a game, as HTML for the game board.

>>> from machiavelli_kit.game.flow import DealEnd
>>> from machiavelli_kit.notation import parse_cards
>>> end = DealEnd(1, "Ann played every card and wins the game!", ((), parse_cards("KS 2H")), (0, 12), (0, 12), True, "")
>>> "K♠ 2♥</td><td" in ending_html(end, ("Ann", "Bob"))
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from machiavelli_kit.game.flow import DealEnd
from machiavelli_kit.game.learner_review import LearnerReview, ReviewedTurn
from machiavelli_kit.position import Position
from machiavelli_kit.render import position_svg

TABLE = 'style="border-collapse: collapse"'
CELL = ' style="text-align: left; padding: 3px 12px; border-bottom: 1px solid #ccc"'


def ending_html(end: DealEnd, names: Sequence[str]) -> str:
    """Who won and why, then a table of the hands left (and the points, and the match totals)."""
    head = ["player", "cards left"]
    if end.points is not None:
        head.append(f"points in deal {end.deal}")
    if end.totals is not None:
        head.append("match total")
    rows = []
    for seat, name in enumerate(names):
        cells = [html.escape(name), " ".join(str(card) for card in end.hands[seat]) or "none"]
        if end.points is not None:
            cells.append(str(end.points[seat]))
        if end.totals is not None:
            cells.append(str(end.totals[seat]))
        rows.append("<tr>" + "".join(f"<td{CELL}>{cell}</td>" for cell in cells) + "</tr>")
    header = "<tr>" + "".join(f"<th{CELL}>{cell}</th>" for cell in head) + "</tr>"
    match = f"<p>{html.escape(end.match_text)}</p>" if end.match_text else ""
    return f"<h3>{html.escape(end.text)}</h3><table {TABLE}>{header}{''.join(rows)}</table>{match}"


def review_html(report: LearnerReview) -> str:
    """The accuracy, then every turn in a line; where a better play was missed, the position
    before the turn and the solver's play are drawn side by side."""
    parts = [f'<p class="mk-game-accuracy"><b>{html.escape(report.summary)}</b></p>']
    for turn in report.turns:
        parts.append(_turn_html(turn))
    return "".join(parts)


def _turn_html(turn: ReviewedTurn) -> str:
    verdict = turn.verdict
    mark = "✓" if verdict.best_move else "✗"
    line = f"<p>{mark} Deal {turn.deal}. {html.escape(turn.text)}</p>"
    if verdict.best_move or verdict.best_table is None:
        return line
    best = Position(verdict.best_table, ())
    return (
        f'{line}<div style="display:flex;gap:12px;flex-wrap:wrap">'
        f"<figure>{position_svg(turn.before)}<figcaption>Your cards before the turn</figcaption></figure>"
        f"<figure>{position_svg(best)}<figcaption>The table after the best play</figcaption></figure></div>"
    )


__all__ = ["ending_html", "review_html"]
