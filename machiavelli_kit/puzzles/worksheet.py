"""Printable worksheets: the puzzles on one self-contained HTML page, the answers on another.

Pictures are inline SVG from :mod:`machiavelli_kit.render`; the pages need no
network, script or stylesheet beyond their own.

>>> from machiavelli_kit.puzzles.collection import load_collection
>>> puzzles = load_collection().select(chapter="ch01")[:2]
>>> sheet = worksheet_html(puzzles, "Homework")
>>> sheet.startswith("<!DOCTYPE html>") and sheet.count("<svg") == 2 and "bga-7" in sheet
True
>>> "3♣ 4♣ 5♣ 6♣ 7♣ 8♣" in answers_html(puzzles, "Homework")
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape
from pathlib import Path

from machiavelli_kit.files import write_atomically
from machiavelli_kit.position import Position
from machiavelli_kit.puzzles.format import Puzzle
from machiavelli_kit.puzzles.position_id import format_position_id
from machiavelli_kit.render import position_svg
from machiavelli_kit.steps import moves_between

STYLE = """
body { font-family: "DejaVu Sans", sans-serif; margin: 2em; color: #111; }
h1 { font-size: 1.5em; }
.puzzle { page-break-inside: avoid; break-inside: avoid; margin-bottom: 1.5em; border-bottom: 1px solid #ccc; }
.puzzle h2 { font-size: 1.1em; margin-bottom: 0.2em; }
.meta { color: #555; font-size: 0.85em; }
.id { font-family: monospace; font-size: 0.8em; color: #555; word-break: break-all; }
.work { height: 4em; border: 1px dashed #bbb; margin-top: 0.5em; }
@media print { body { margin: 0; } }
"""


def worksheet_html(puzzles: Sequence[Puzzle], title: str, *, four_colour: bool = False) -> str:
    """The question sheet: each puzzle's rules, task and position."""
    items = []
    for number, puzzle in enumerate(puzzles, start=1):
        meta = f"{puzzle.id} · rules {puzzle.rules} · grade {puzzle.grade or '?'}"
        items.append(
            f'<section class="puzzle" id="{escape(puzzle.id)}">'
            f"<h2>{number}. {escape(puzzle.title)}</h2>"
            f'<p class="meta">{escape(meta)}</p>'
            f"<p>{escape(puzzle.question())}</p>"
            f"{position_svg(puzzle.position, four_colour)}"
            f'<p class="id">{escape(format_position_id(puzzle.position, puzzle.rules, puzzle.goal))}</p>'
            '<div class="work"></div></section>'
        )
    return _page(title, items)


def answers_html(puzzles: Sequence[Puzzle], title: str, *, four_colour: bool = False) -> str:
    """The answer sheet: each answer in words, an example final table and its moves."""
    items = []
    for number, puzzle in enumerate(puzzles, start=1):
        body = f"<p><strong>Answer: {escape(puzzle.answer_text())}</strong></p>"
        for compare in puzzle.compare:
            body += (
                f"<p>Under the rules {escape(str(compare.rules))}: {escape(puzzle.answer_text(compare.answer))}.</p>"
            )
        if puzzle.solution is not None:
            played = puzzle.solution.cards() - puzzle.position.table.cards()
            rest = tuple((Counter(puzzle.position.hand) - played).elements())
            moves = moves_between(puzzle.position, puzzle.solution, puzzle.rules)
            steps = "".join(f"<li>{escape(move.text)}</li>" for move in moves)
            body += f"{position_svg(Position(puzzle.solution, rest), four_colour)}<ol>{steps}</ol>"
            body += f"<p>Example table: {escape(str(puzzle.solution))}</p>"
        items.append(
            f'<section class="puzzle"><h2>{number}. {escape(puzzle.title)}</h2>'
            f'<p class="meta">{escape(puzzle.id)} · par {puzzle.par if puzzle.par is not None else "–"}</p>'
            f"{body}</section>"
        )
    return _page(f"{title}: answers", items)


def export_worksheet(puzzles: Sequence[Puzzle], directory: str | Path, title: str) -> tuple[Path, Path]:
    """Write ``worksheet.html`` and ``answers.html`` into ``directory``; return both paths."""
    folder = Path(directory)
    sheet, answers = folder / "worksheet.html", folder / "answers.html"
    write_atomically(sheet, worksheet_html(puzzles, title))
    write_atomically(answers, answers_html(puzzles, title))
    return sheet, answers


def _page(title: str, items: list[str]) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><h1>{escape(title)}</h1>{''.join(items)}</body></html>\n"
    )
