"""The one-page rules handout as a PDF for A4 paper, in the rules' own words (:mod:`.rules_sheet` in core).

Set like the worksheets (:mod:`.sheet_pdf`): DejaVu Sans for every letter of the kit's
languages, the suit signs in ZapfDingbats, the text searchable.

>>> from machiavelli_kit.core.rules import Rules
>>> handout_pdf(Rules.parse("wikipedia"), lang="pl").startswith(b"%PDF-")
True
"""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, ListFlowable, Paragraph

from machiavelli_kit.classroom.sheet_pdf import BOLD, GREY, TEXT, a4_pdf, markup, register_fonts
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.core.rules_sheet import rules_sheet, sheet_title
from machiavelli_kit.i18n import speaking


def handout_pdf(rules: Rules, lang: str | None = None) -> bytes:
    """The handout for ``rules`` in ``lang`` (else the language in use): one A4 page."""
    register_fonts()
    styles = {
        "title": ParagraphStyle("title", fontName=BOLD, fontSize=20, leading=25, spaceAfter=2),
        "rules": ParagraphStyle("rules", fontName=TEXT, fontSize=10, leading=13, textColor=GREY, spaceAfter=6),
        "heading": ParagraphStyle("heading", fontName=BOLD, fontSize=13, leading=16, spaceBefore=8, spaceAfter=2),
        "body": ParagraphStyle("body", fontName=TEXT, fontSize=11, leading=14.5),
    }
    with speaking(lang):
        title, said = sheet_title(rules)
        story: list[Flowable] = [Paragraph(markup(title), styles["title"]), Paragraph(markup(said), styles["rules"])]
        for heading, lines in rules_sheet(rules):
            items = [Paragraph(markup(line), styles["body"]) for line in lines]
            points = ListFlowable(items, bulletType="bullet", bulletFontName=TEXT, bulletFontSize=8, leftIndent=12)
            story.append(KeepTogether([Paragraph(markup(heading), styles["heading"]), points]))
    return a4_pdf(title, story)
