"""The end of a deal and the review of a game, as HTML for the game board.

>>> from machiavelli_kit.game.flow import DealEnd
>>> from machiavelli_kit.core.cards import parse_cards
>>> end = DealEnd(1, "Ann played every card and wins the game!", ((), parse_cards("KS 2H")), (0, 12), (0, 12), True, "")
>>> "K♠ 2♥</td><td" in ending_html(end, ("Ann", "Bob"))
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from machiavelli_kit.core.position import Position
from machiavelli_kit.core.svg import position_svg
from machiavelli_kit.game.flow import DealEnd
from machiavelli_kit.game.learner_review import LearnerReview, ReviewedTurn
from machiavelli_kit.i18n import _, speaking

TABLE = 'style="border-collapse: collapse"'
CELL = ' style="text-align: left; padding: 3px 12px; border-bottom: 1px solid #ccc"'


def ending_html(end: DealEnd, names: Sequence[str], *, lang: str | None = None) -> str:
    """Who won and why, then a table of the hands left (and the points, and the match totals);
    the table's words in the language in use (or ``lang``)."""
    with speaking(lang):
        return _ending_html(end, names)


def _ending_html(end: DealEnd, names: Sequence[str]) -> str:
    # TRANSLATORS: the columns of the table at the end of a deal.
    head = [_("player"), _("cards left")]
    if end.points is not None:
        head.append(_("points in deal {number}").format(number=end.deal))
    if end.totals is not None:
        head.append(_("match total"))
    rows = []
    for seat, name in enumerate(names):
        # TRANSLATORS: in the "cards left" column, for a player with no cards left.
        cells = [html.escape(name), " ".join(str(card) for card in end.hands[seat]) or html.escape(_("none"))]
        if end.points is not None:
            cells.append(str(end.points[seat]))
        if end.totals is not None:
            cells.append(str(end.totals[seat]))
        rows.append("<tr>" + "".join(f"<td{CELL}>{cell}</td>" for cell in cells) + "</tr>")
    header = "<tr>" + "".join(f"<th{CELL}>{html.escape(cell)}</th>" for cell in head) + "</tr>"
    match = f"<p>{html.escape(end.match_text)}</p>" if end.match_text else ""
    return f"<h3>{html.escape(end.text)}</h3><table {TABLE}>{header}{''.join(rows)}</table>{match}"


def review_html(report: LearnerReview, *, lang: str | None = None) -> str:
    """The accuracy, then every turn in a line; where a better play was missed, the position
    before the turn and the solver's play are drawn side by side (in the language in use, or ``lang``)."""
    with speaking(lang):
        parts = [f'<p class="mk-game-accuracy"><b>{html.escape(report.summary)}</b></p>']
        for turn in report.turns:
            parts.append(_turn_html(turn))
        return "".join(parts)


def _turn_html(turn: ReviewedTurn) -> str:
    verdict = turn.verdict
    mark = "✓" if verdict.best_move else "✗"
    deal = _("Deal {number}.").format(number=turn.deal)
    line = f"<p>{mark} {html.escape(deal)} {html.escape(turn.text)}</p>"
    if verdict.best_move or verdict.best_table is None:
        return line
    best = Position(verdict.best_table, ())
    before, after = _("Your cards before the turn"), _("The table after the best play")
    return (
        f'{line}<div style="display:flex;gap:12px;flex-wrap:wrap">'
        f"<figure>{position_svg(turn.before)}<figcaption>{html.escape(before)}</figcaption></figure>"
        f"<figure>{position_svg(best)}<figcaption>{html.escape(after)}</figcaption></figure></div>"
    )


__all__ = ["ending_html", "review_html"]
