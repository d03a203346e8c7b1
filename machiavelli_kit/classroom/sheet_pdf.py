"""The worksheet and its answer key as PDF files for A4 paper, drawn with ReportLab.

The same sheets as the HTML pages (:mod:`.sheet_html`), laid out alike
(:mod:`.sheet_layout`), with the same options, in any of the kit's languages. The words
are set in DejaVu Sans, which comes with matplotlib (a dependency of the kit) and is
embedded in the file: it has every letter of the kit's languages (Polish ą ę ł ń ó ś ź ż
ć, Italian à è é ì ò ù), which Bitstream Vera, ReportLab's own font, lacks. The suit
signs are set in ZapfDingbats, one of the fourteen fonts every PDF reader carries. So a
sheet prints alike on every machine, and its text can be searched and copied, suits
included.

>>> from machiavelli_kit.puzzles.collection import load_collection
>>> pdf = worksheet_pdf(load_collection().select(chapter="ch01")[:2], "Homework")
>>> pdf.startswith(b"%PDF-")
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from html import escape
from io import BytesIO
from pathlib import Path

import matplotlib
from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    KeepInFrame,
    KeepTogether,
    ListFlowable,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from machiavelli_kit.classroom.answer_key import answer_key
from machiavelli_kit.classroom.sheet_layout import (
    NAME_LINE,
    answer_line,
    answers_title,
    arrange,
    draw_here,
    example_line,
    key_meta,
    pages,
    sheet_heading,
    sheet_meta,
    table_rows,
    why_heading,
    writing_lines,
)
from machiavelli_kit.classroom.sheet_options import SheetOptions, WorksheetError
from machiavelli_kit.core.cards import Card, format_card
from machiavelli_kit.core.position import Position
from machiavelli_kit.core.svg import CARD_HEIGHT, CARD_WIDTH, FELT, GAP, LABEL_HEIGHT, OVERLAP, suit_colour
from machiavelli_kit.i18n import _, speaking
from machiavelli_kit.puzzles.format import Chapter, Puzzle

TEXT, ITALIC, BOLD, SUITS = "KitText", "KitTextItalic", "KitTextBold", "ZapfDingbats"
SUIT_SIGNS = frozenset("♠♥♦♣★")
"""Characters the text font lacks, set in ZapfDingbats."""
PICTURE_SCALE = 0.6
"""Points per pixel of :mod:`machiavelli_kit.core.svg`'s layout (smaller if a picture is wider than the page)."""
LINE_SPACING = 22.0
MARGIN = 15 * mm
MIN_SCALE = 0.5
"""The smallest a puzzle is drawn to fit its page (cards about 9 mm wide, its heading 6 pt): smaller is unreadable."""
SHEET_TOP = 70.0
"""Points kept on every page for the sheet's title and the name line (on the first page)."""
PUZZLE_GAP = 6.0
FRAME_PADDING = 12.0
"""A page frame's padding, top and bottom together."""
INK = HexColor("#111111")
GREY = HexColor("#555555")


FONT_FILES = {TEXT: "DejaVuSans.ttf", ITALIC: "DejaVuSans-Oblique.ttf", BOLD: "DejaVuSans-Bold.ttf"}
"""DejaVu Sans in the styles the sheets use, from matplotlib's fonts."""


def font_folder() -> Path:
    """Where matplotlib keeps its DejaVu fonts."""
    return Path(matplotlib.get_data_path()) / "fonts" / "ttf"


@cache
def register_fonts() -> None:
    """Register DejaVu Sans (regular, italic, bold) once, and ZapfDingbats under every style for the suits."""
    folder = font_folder()
    for name, file in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(folder / file)))
    pdfmetrics.registerFontFamily(TEXT, normal=TEXT, bold=BOLD, italic=ITALIC, boldItalic=BOLD)
    pdfmetrics.registerFontFamily(SUITS, normal=SUITS, bold=SUITS, italic=SUITS, boldItalic=SUITS)


def a4_pdf(title: str, story: list[Flowable]) -> bytes:
    """The PDF of ``story`` on A4 with the sheets' margins, titled ``title`` in its properties
    (the handout and the tournament's pages; the worksheets number their pages, see :class:`SheetDocument`)."""
    buffer = BytesIO()
    document = SimpleDocTemplate(
        buffer, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN,
        title=title, author="Machiavelli Kit",
    )  # fmt: skip
    document.build(story)
    return buffer.getvalue()


def markup(text: str) -> str:
    """``text`` as Paragraph markup: escaped, with the suit signs in the suits font."""
    return "".join(f'<font name="{SUITS}">{sign}</font>' if sign in SUIT_SIGNS else escape(sign) for sign in text)


@cache
def _styles() -> dict[str, ParagraphStyle]:
    register_fonts()
    return {
        "title": ParagraphStyle("title", fontName=BOLD, fontSize=18, leading=23, spaceAfter=8),
        "chapter": ParagraphStyle("chapter", fontName=BOLD, fontSize=14, leading=18, spaceBefore=6, spaceAfter=2),
        "intro": ParagraphStyle("intro", fontName=ITALIC, fontSize=10, leading=13, spaceAfter=4),
        "puzzle": ParagraphStyle("puzzle", fontName=BOLD, fontSize=12, leading=15, spaceBefore=8, spaceAfter=2),
        "meta": ParagraphStyle("meta", fontName=TEXT, fontSize=8, leading=10, textColor=GREY, spaceAfter=2),
        "body": ParagraphStyle("body", fontName=TEXT, fontSize=10, leading=13, spaceAfter=4),
    }


def _paragraph(text: str, style: str) -> Paragraph:
    return Paragraph(markup(text), _styles()[style])


@dataclass(frozen=True)
class _Card:
    card: Card
    x: float
    y: float


class PositionPicture(Flowable):
    """A position drawn as cards, laid out as :func:`machiavelli_kit.core.svg.position_svg` lays it out:
    the table's melds four to a row, then the hand; on green felt, or white in a thin frame."""

    def __init__(self, position: Position, *, ink_saving: bool, four_colour: bool) -> None:
        super().__init__()
        self.ink_saving, self.four_colour = ink_saving, four_colour
        self.labels: list[tuple[float, str]] = []
        self.cards: list[_Card] = []
        y, width = float(GAP), 0.0
        melds = list(position.table.melds)
        # TRANSLATORS: labels over the cards of a position drawn on a worksheet.
        self.labels.append((y + 12, _("Table")))
        y += LABEL_HEIGHT
        if not melds:
            self.labels.append((y + 14, _("(empty)")))
            y += LABEL_HEIGHT + GAP
        for start in range(0, len(melds), 4):
            x = float(GAP)
            for meld in melds[start : start + 4]:
                self.cards += [_Card(card, x + index * OVERLAP, y) for index, card in enumerate(meld.cards)]
                x += CARD_WIDTH + OVERLAP * (len(meld) - 1) + GAP * 2
            width = max(width, x)
            y += CARD_HEIGHT + GAP
        if position.hand or not melds:
            self.labels.append((y + 12, _("Hand")))
            y += LABEL_HEIGHT
            self.cards += [_Card(card, GAP + index * OVERLAP, y) for index, card in enumerate(position.hand)]
            width = max(width, GAP * 2 + CARD_WIDTH + OVERLAP * (len(position.hand) - 1))
            y += CARD_HEIGHT + GAP
        self.size = (max(width, 160), y)
        self.scale = PICTURE_SCALE

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.scale = min(PICTURE_SCALE, available_width / self.size[0])
        return self.size[0] * self.scale, self.size[1] * self.scale

    def draw(self) -> None:
        canvas: Canvas = self.canv
        width, height = self.size
        canvas.saveState()
        canvas.scale(self.scale, self.scale)
        if self.ink_saving:
            canvas.setStrokeColor(HexColor("#888888"))
            canvas.roundRect(0.5, 0.5, width - 1, height - 1, 6, stroke=1, fill=0)
        else:
            canvas.setFillColor(HexColor(FELT))
            canvas.roundRect(0, 0, width, height, 6, stroke=0, fill=1)
        canvas.setFillColor(INK if self.ink_saving else HexColor("#ffffff"))
        canvas.setFont(TEXT, 13)
        for top, label in self.labels:
            canvas.drawString(GAP, height - top, label)
        for item in self.cards:
            self._card(canvas, item.card, item.x, height - item.y - CARD_HEIGHT)
        canvas.restoreState()

    def _card(self, canvas: Canvas, card: Card, x: float, y: float) -> None:
        """One card face with its bottom left corner at ``x, y`` (in the layout's pixels)."""
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.setStrokeColor(HexColor("#333333"))
        canvas.roundRect(x, y, CARD_WIDTH, CARD_HEIGHT, 5, stroke=1, fill=1)
        canvas.setFillColor(HexColor(suit_colour(card, self.four_colour)))
        top = y + CARD_HEIGHT
        if card.is_joker or card.suit is None:
            canvas.setFont(SUITS, 13)
            canvas.drawString(x + 4, top - 15, "★")
            canvas.setFont(BOLD, 9)
            canvas.drawCentredString(x + CARD_WIDTH / 2, top - CARD_HEIGHT * 0.68, "JOKER")
            return
        canvas.setFont(BOLD, 13)
        canvas.drawString(x + 4, top - 15, format_card(card)[:-1])
        canvas.setFont(SUITS, 10)
        canvas.drawString(x + 4, top - 28, card.suit.symbol)
        canvas.setFont(SUITS, 22)
        canvas.drawCentredString(x + CARD_WIDTH / 2, top - CARD_HEIGHT * 0.72, card.suit.symbol)


class WritingLines(Flowable):
    """Ruled lines across the page to write the answer on."""

    def __init__(self, count: int) -> None:
        super().__init__()
        self.count = count

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        return available_width, self.count * LINE_SPACING

    def draw(self) -> None:
        self.canv.setStrokeColor(HexColor("#999999"))
        self.canv.setLineWidth(0.5)
        for line in range(self.count):
            self.canv.line(0, line * LINE_SPACING, self.width, line * LINE_SPACING)


class BlankTable(Flowable):
    """An empty table with a dashed edge, ``rows`` rows of cards tall, to draw the answer in."""

    def __init__(self, rows: int) -> None:
        super().__init__()
        self.label = draw_here()
        self.box_height = (LABEL_HEIGHT + GAP * 2 + rows * (CARD_HEIGHT + GAP)) * PICTURE_SCALE

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        return available_width, self.box_height

    def draw(self) -> None:
        canvas: Canvas = self.canv
        canvas.setStrokeColor(GREY)
        canvas.setDash(6, 4)
        canvas.roundRect(0.5, 0.5, self.width - 1, self.box_height - 1, 6, stroke=1, fill=0)
        canvas.setFillColor(INK)
        canvas.setFont(TEXT, 10)
        canvas.drawString(GAP * PICTURE_SCALE, self.box_height - 16, self.label)


class SheetDocument(SimpleDocTemplate):
    """A4 pages with the title and page number at the foot; counts the puzzles (:class:`FittedPuzzle`) placed
    on each page."""

    def __init__(self, buffer: BytesIO, title: str) -> None:
        super().__init__(
            buffer, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN,
            title=title, author="Machiavelli Kit", invariant=True,
        )  # fmt: skip
        self.placed: Counter[int] = Counter()

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, FittedPuzzle):
            self.placed[self.page] += 1


class FittedPuzzle(KeepInFrame):
    """A puzzle of the student sheet drawn smaller, when it must, to take no more than its share of a page."""


def puzzle_room(document: SheetDocument, per_page: int) -> float:
    """The height one puzzle may take so that ``per_page`` of them fit a page under the sheet's title."""
    return (document.height - FRAME_PADDING - SHEET_TOP) / per_page - PUZZLE_GAP


def _natural_height(block: Sequence[Flowable], width: float) -> float:
    """How tall ``block`` is at full size, ``width`` wide."""
    return sum(item.wrap(width, 1e6)[1] + item.getSpaceBefore() + item.getSpaceAfter() for item in block)


def _fitted(blocks: Sequence[tuple[int, list[Flowable]]], document: SheetDocument, per_page: int) -> list[FittedPuzzle]:
    """Each numbered block shrunk to its share of a page; refused in words, naming the tallest puzzle and how
    many a page it allows, when that would make a puzzle too small to read."""
    room = puzzle_room(document, per_page)
    heights = {number: _natural_height(block, document.width) for number, block in blocks}
    tallest = max(heights, key=lambda number: heights[number])
    if heights[tallest] * MIN_SCALE > room:
        most = max(n for n in range(1, per_page) if n == 1 or heights[tallest] * MIN_SCALE <= puzzle_room(document, n))
        # TRANSLATORS: a worksheet's number of puzzles a page that cannot be met; {count} and {most} are numbers.
        message = _("Puzzle {number} is too big to print {count} to a page: choose {most} a page or fewer.")
        raise WorksheetError(message.format(number=tallest, count=per_page, most=most))
    return [FittedPuzzle(document.width, room, block, mode="shrink") for _number, block in blocks]


class PageQuota(Flowable):
    """Takes no room until the page holds ``per_page`` puzzles; then it asks for more room than is left,
    which sends the next puzzle to a new page."""

    def __init__(self, document: SheetDocument, per_page: int) -> None:
        super().__init__()
        self.document, self.per_page = document, per_page

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        full = self.document.placed[self.document.page] >= self.per_page
        return (available_width, available_height + 1) if full else (0, 0)

    def draw(self) -> None:
        """Nothing to draw: the quota only decides where a page ends."""


def worksheet_pdf(
    puzzles: Sequence[Puzzle],
    title: str,
    options: SheetOptions | None = None,
    chapters: Sequence[Chapter] = (),
    lang: str | None = None,
) -> bytes:
    """The student sheet as a PDF in ``lang`` (else the language in use): ``options.per_page`` puzzles a page,
    each kept whole on its page and drawn smaller when it must to fit (refused in words when it would be too
    small to read)."""
    with speaking(lang):
        return _worksheet_pdf(puzzles, title, options or SheetOptions(), chapters)


def _worksheet_pdf(puzzles: Sequence[Puzzle], title: str, options: SheetOptions, chapters: Sequence[Chapter]) -> bytes:
    buffer = BytesIO()
    document = SheetDocument(buffer, title)
    story: list[Flowable] = [_paragraph(title, "title")]
    if options.name_line:
        story.append(_name_line())
    blocks: list[tuple[int, list[Flowable]]] = []
    for section, number, puzzle, _new_page in pages(arrange(puzzles, chapters, options.order), options.per_page):
        block = _chapter_heading(section.title, section.intro) if number == section.puzzles[0][0] else []
        block += [
            _paragraph(sheet_heading(number), "puzzle"),
            _paragraph(sheet_meta(puzzle), "meta"),
            _paragraph(puzzle.question(), "body"),
            PositionPicture(puzzle.position, ink_saving=options.ink_saving, four_colour=options.four_colour),
            Spacer(1, 6),
        ]
        if options.space == "lines":
            block.append(WritingLines(writing_lines(puzzle)))
        elif options.space == "table":
            block.append(BlankTable(table_rows(puzzle)))
        blocks.append((number, block))
    for fitted in _fitted(blocks, document, options.per_page):
        story += [PageQuota(document, options.per_page), fitted, Spacer(1, PUZZLE_GAP)]
    return _build(document, buffer, story)


def answers_pdf(
    puzzles: Sequence[Puzzle],
    title: str,
    options: SheetOptions | None = None,
    chapters: Sequence[Chapter] = (),
    lang: str | None = None,
) -> bytes:
    """The answer key as a PDF in ``lang`` (else the language in use): every answer in words, its moves or why
    nothing can be played, and the end table."""
    with speaking(lang):
        return _answers_pdf(puzzles, title, options or SheetOptions(), chapters)


def _answers_pdf(puzzles: Sequence[Puzzle], title: str, options: SheetOptions, chapters: Sequence[Chapter]) -> bytes:
    buffer = BytesIO()
    document = SheetDocument(buffer, answers_title(title))
    story: list[Flowable] = [_paragraph(answers_title(title), "title")]
    for section, number, puzzle, _new_page in pages(arrange(puzzles, chapters, options.order), options.per_page):
        entry = answer_key(puzzle)
        block = _chapter_heading(section.title, "") if number == section.puzzles[0][0] else []
        block += [
            _paragraph(f"{number}. {puzzle.title_in()}", "puzzle"),
            _paragraph(key_meta(puzzle), "meta"),
            Paragraph(f"<b>{markup(answer_line(entry))}</b>", _styles()["body"]),
        ]
        if entry.moves:
            block.append(_list(entry.moves, "1"))
        if entry.reasons:
            block += [_paragraph(why_heading(), "body"), _list(entry.reasons, "bullet")]
        if puzzle.story_in():
            block.append(_paragraph(puzzle.story_in(), "body"))
        if entry.end is not None:
            block += [
                PositionPicture(entry.end, ink_saving=options.ink_saving, four_colour=options.four_colour),
                _paragraph(example_line(entry.end.table), "body"),
            ]
        block += [_paragraph(line, "body") for line in entry.compare]
        story.append(KeepTogether(block))
    return _build(document, buffer, story)


def _chapter_heading(title: str, intro: str) -> list[Flowable]:
    if not title:
        return []
    return [_paragraph(title, "chapter"), *([_paragraph(intro, "intro")] if intro else [])]


def _list(lines: Sequence[str], kind: str) -> ListFlowable:
    """Numbered (``kind`` ``"1"``: "1.", "2.", ...) or bulleted lines."""
    items = [_paragraph(line, "body") for line in lines]
    return ListFlowable(
        items, bulletType=kind, bulletFormat="%s." if kind == "1" else None,
        bulletFontName=TEXT, bulletFontSize=10, leftIndent=16,
    )  # fmt: skip


def _name_line() -> Table:
    """Name, class and date, each on a line to write on."""
    table = Table([[_(word) for word in NAME_LINE]], colWidths=["50%", "25%", "25%"], rowHeights=[26])
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), TEXT, 10),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.8, INK),
                ("RIGHTPADDING", (0, 0), (-1, -1), 12),
            ]
        )
    )
    return table


def _build(document: SheetDocument, buffer: BytesIO, story: list[Flowable]) -> bytes:
    """The story laid out on the document's pages, with its title and the page number at the foot of each."""

    title = str(document.title)

    def footer(canvas: Canvas, page: SimpleDocTemplate) -> None:
        canvas.saveState()
        canvas.setFont(TEXT, 8)
        canvas.setFillColor(GREY)
        canvas.drawString(MARGIN, MARGIN / 2, title)
        # TRANSLATORS: at the foot of each page of a printed worksheet.
        canvas.drawRightString(A4[0] - MARGIN, MARGIN / 2, _("page {number}").format(number=page.page))
        canvas.restoreState()

    document.build(story, onFirstPage=footer, onLaterPages=footer)
    return buffer.getvalue()
