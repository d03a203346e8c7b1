"""The tournament's printed pages, set like the kit's other sheets (:mod:`machiavelli_kit.classroom.sheet_pdf`):
A4, DejaVu Sans for every letter of the kit's languages, the text searchable."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from html import escape

from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from machiavelli_kit.classroom.sheet_pdf import BOLD, GREY, INK, MARGIN, TEXT, register_fonts


@cache
def styles() -> dict[str, ParagraphStyle]:
    register_fonts()
    return {
        "title": ParagraphStyle("title", fontName=BOLD, fontSize=20, leading=25, spaceAfter=6),
        "big": ParagraphStyle("big", fontName=BOLD, fontSize=28, leading=34, spaceAfter=10),
        "heading": ParagraphStyle("heading", fontName=BOLD, fontSize=14, leading=18, spaceBefore=10, spaceAfter=4),
        "body": ParagraphStyle("body", fontName=TEXT, fontSize=11, leading=14.5, spaceAfter=3),
        "column": ParagraphStyle("column", fontName=BOLD, fontSize=9, leading=11),
        "row": ParagraphStyle("row", fontName=TEXT, fontSize=16, leading=20),
        "cell": ParagraphStyle("cell", fontName=TEXT, fontSize=11, leading=16),
        "note": ParagraphStyle("note", fontName=TEXT, fontSize=9, leading=12, textColor=GREY, spaceBefore=6),
    }


def paragraph(text: str, style: str) -> Paragraph:
    return Paragraph(escape(text), styles()[style])


def grid(
    rows: Sequence[Sequence[str | Flowable]],
    widths: Sequence[float],
    *,
    size: float = 11,
    height: float | None = None,
    padding: float = 3,
) -> Table:
    """A ruled table, its first row the heading (repeated on every page it runs onto)."""
    table = Table([list(row) for row in rows], colWidths=list(widths), rowHeights=height, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), TEXT, size),
                ("FONT", (0, 0), (-1, 0), BOLD, size),
                ("TEXTCOLOR", (0, 0), (-1, -1), INK),
                ("GRID", (0, 0), (-1, -1), 0.6, GREY),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, -1), padding),
                ("BOTTOMPADDING", (0, 0), (-1, -1), padding + 1),
            ]
        )
    )
    return table


def lines(first: str, second: str) -> Paragraph:
    """A table cell of two lines: ``first`` as the text, ``second`` small and grey below it."""
    return Paragraph(f'{escape(first)}<br/><font size="8" color="#555555">{escape(second)}</font>', styles()["cell"])


def page_width() -> float:
    return A4[0] - 2 * MARGIN
