"""``machiavelli-kit puzzles``: list, show, export and check the puzzles.

Chapter files from ``--dir`` (a teacher's own) are verified by the solver as
they are read; ``check`` verifies the bundled collection too.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from machiavelli_kit.classroom.sheet_options import ORDERS, SPACES, SheetOptions
from machiavelli_kit.cli.errors import BadInput
from machiavelli_kit.cli.options import add_assignment_option, add_puzzle_filters, filtered, folder_name
from machiavelli_kit.core.position import check_table
from machiavelli_kit.i18n import _, ngettext, pgettext
from machiavelli_kit.puzzles.collection import Collection, load_collection
from machiavelli_kit.puzzles.format import Puzzle
from machiavelli_kit.puzzles.names import technique_name, theme_name
from machiavelli_kit.puzzles.position_id import FIELD, format_position_id, parse_position_id

if TYPE_CHECKING:
    from machiavelli_kit.classroom.assignment import Assignment


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "puzzles",
        help=_("list, show and export the puzzle collection"),
        description=_("The bundled puzzle collection."),
    )
    parser.add_argument(
        "--dir",
        type=folder_name,
        metavar=pgettext("option value", "DIR"),
        help=_("read chapter files from this folder instead of the bundled puzzles/ (checked by the solver)"),
    )
    actions = parser.add_subparsers(dest="action", required=True)
    actions.add_parser(
        "check", help=_("verify every puzzle with the solver"), description=_("Load strictly and verify every puzzle.")
    )
    listing = actions.add_parser(
        "list", help=_("one line per puzzle"), description=_("List puzzles, optionally filtered.")
    )
    add_puzzle_filters(listing)
    show = actions.add_parser("show", help=_("one puzzle in full"), description=_("Show one puzzle."))
    show.add_argument(
        "id",
        metavar=pgettext("option value", "ID"),
        help=_("a puzzle's id, e.g. bga-1, or a shared position id (rules~table~hand)"),
    )
    show.add_argument("--hints", action="store_true", help=_("print the puzzle's hints"))
    show.add_argument("--answer", action="store_true", help=_("print the answer and an example solution"))
    export = actions.add_parser(
        "export",
        help=_("a printable worksheet and answer sheet"),
        description=_(
            "Write a student sheet (worksheet.html or .pdf) and its answer key (answers.html or .pdf). "
            "The student sheet shows no grade, share code or answer."
        ),
    )
    export.add_argument(
        "ids", nargs="*", metavar=pgettext("option value", "ID"), help=_("puzzle ids (or use the filters)")
    )
    add_puzzle_filters(export)
    export.add_argument(
        "--out",
        required=True,
        type=folder_name,
        metavar=pgettext("option value", "DIR"),
        help=_("folder for the worksheet and the answers"),
    )
    add_assignment_option(export)
    export.add_argument(
        "--title",
        metavar=pgettext("option value", "TITLE"),
        help=_("the worksheet's title (default: the assignment's, or Machiavelli puzzles)"),
    )
    export.add_argument(
        "--format", choices=("html", "pdf", "both"), default="html", help=_("html (default), pdf or both")
    )
    export.add_argument("--ink-saving", action="store_true", help=_("black and white: cards on white, no green blocks"))
    export.add_argument(
        "--space",
        choices=SPACES,
        default="lines",
        help=_("room to answer: ruled lines for the cards in view (default), a blank table to draw in, or none"),
    )
    export.add_argument(
        "--per-page",
        type=int,
        default=2,
        metavar=pgettext("option value", "COUNT"),
        help=_("this many puzzles a page, drawn smaller to fit (1-6, default 2)"),
    )
    export.add_argument(
        "--order", choices=ORDERS, default="easy", help=_("easy: fewer cards first in each chapter (default); given")
    )
    export.add_argument("--no-name-line", action="store_true", help=_("leave out the name, class and date line"))
    export.add_argument("--four-colour", action="store_true", help=_("the four-colour deck"))
    generate = actions.add_parser(
        "generate",
        help=_("regenerate the generated chapters"),
        description=_(
            "Run the seeded generator behind chapters 2 onwards: write the chapter files into a folder, "
            "or check that it reproduces the bundled ones exactly."
        ),
    )
    target = generate.add_mutually_exclusive_group(required=True)
    target.add_argument(
        "--out",
        type=folder_name,
        metavar=pgettext("option value", "DIR"),
        help=_("write the chapter files into this folder (e.g. puzzles/ of a checkout)"),
    )
    target.add_argument(
        "--check", action="store_true", help=_("generate into a scratch folder and compare with the bundled chapters")
    )
    generate.add_argument(
        "--chapter",
        action="append",
        metavar=pgettext("option value", "CHAPTER"),
        help=_("only this chapter, e.g. ch03 (may be repeated)"),
    )
    parser.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    if arguments.action == "generate":
        return _generate(arguments)
    collection = load_collection(arguments.dir, check=arguments.action == "check" or arguments.dir is not None)
    for skipped in collection.skipped:
        print(_("skipped {file}").format(file=skipped), file=sys.stderr)
    if arguments.action == "check":
        count, chapters = len(collection.puzzles), len(collection.chapters)
        puzzle_count = ngettext("{count} puzzle", "{count} puzzles", count).format(count=count)
        chapter_count = ngettext("{count} chapter", "{count} chapters", chapters).format(count=chapters)
        # TRANSLATORS: {puzzles} is e.g. "120 puzzles", {chapters} e.g. "9 chapters".
        print(_("{puzzles} in {chapters} agree with the solver").format(puzzles=puzzle_count, chapters=chapter_count))
        return 0
    if arguments.action == "list":
        filtered(arguments)
        for puzzle in _selected(collection, arguments):
            # TRANSLATORS: one line of the puzzle list: id, grade, effort (a number), title; keep the spacing.
            line = _("{id:<16} {grade:<10} effort {effort}  {title}")
            print(
                line.format(
                    id=puzzle.id,
                    grade=technique_name(puzzle.grade),
                    effort=puzzle.effort or "?",
                    title=puzzle.title_in(),
                )
            )
        return 0
    if arguments.action == "show":
        puzzle = _shared(arguments.id) if FIELD in arguments.id else collection.find(arguments.id)
        _show(puzzle, arguments.hints, arguments.answer)
        return 0
    filters = filtered(arguments)
    if sum((bool(arguments.ids), filters, arguments.assignment is not None)) > 1:
        raise BadInput(_("give puzzle ids, filters (--chapter, --grade, --theme) or --assignment, only one of them"))
    title = arguments.title
    if arguments.assignment is not None:
        assignment = _assignment(arguments.assignment, collection)
        puzzles, title = [collection.find(puzzle_id) for puzzle_id in assignment.puzzles], title or assignment.title
    elif arguments.ids:
        puzzles = [collection.find(puzzle_id) for puzzle_id in arguments.ids]
    elif filters:
        puzzles = _selected(collection, arguments)
    else:
        raise BadInput(_("say which puzzles to export: ids, --chapter, --grade or --theme, or --assignment"))
    # TRANSLATORS: the default title of a printed worksheet.
    return _export(puzzles, collection, arguments, title or _("Machiavelli puzzles"))


def _assignment(path: str, collection: Collection) -> Assignment:
    from machiavelli_kit.classroom.assignment import load_assignment

    try:
        return load_assignment(path, collection)
    except ValueError as error:
        raise BadInput(str(error)) from None


def _export(puzzles: list[Puzzle], collection: Collection, arguments: argparse.Namespace, title: str) -> int:
    """Write the sheets in the chosen formats with the chosen options."""
    from machiavelli_kit.classroom.sheet_files import export_worksheet  # the answer key tells moves: heavy

    options = SheetOptions(
        name_line=not arguments.no_name_line,
        ink_saving=arguments.ink_saving,
        space=arguments.space,
        per_page=arguments.per_page,
        order=arguments.order,
        four_colour=arguments.four_colour,
    )
    formats = ("html", "pdf") if arguments.format == "both" else (arguments.format,)
    paths = export_worksheet(puzzles, arguments.out, title, options, collection.chapters, formats)
    count = ngettext("{count} puzzle", "{count} puzzles", len(puzzles)).format(count=len(puzzles))
    # TRANSLATORS: {puzzles} is e.g. "8 puzzles"; {files} the files written.
    print(_("{puzzles}: {files}").format(puzzles=count, files=", ".join(str(path) for path in paths)))
    return 0


def _generate(arguments: argparse.Namespace) -> int:
    """Write the generated chapters (``--out``), or compare fresh ones with the bundled files (``--check``)."""
    from machiavelli_kit.puzzles.recipes import RECIPES, recipe, regenerate, same_as_bundled

    try:
        recipes = [recipe(name) for name in arguments.chapter] if arguments.chapter else list(RECIPES)
    except ValueError as error:
        raise BadInput(str(error)) from None
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) if arguments.check else Path(arguments.out)
        differs = []
        for timing in regenerate(folder, recipes):
            verdict = ""
            if arguments.check:
                same = same_as_bundled(folder, timing.name)
                verdict = "  " + (_("same as the bundled file") if same else _("DIFFERS from the bundled file"))
                differs += [] if same else [timing.name]
            count = ngettext("{count} puzzle", "{count} puzzles", timing.puzzles).format(count=timing.puzzles)
            # TRANSLATORS: a chapter generated: its name, how many puzzles, the seconds it took; keep the spacing.
            line = _("{name:<16} {puzzles:>12} in {seconds:5.1f} s{verdict}")
            print(line.format(name=timing.name, puzzles=count, seconds=timing.seconds, verdict=verdict))
    if differs:
        print(_("not the same as the bundled files: {names}").format(names=", ".join(differs)))
        return 1
    return 0


def _selected(collection: Collection, arguments: argparse.Namespace) -> list[Puzzle]:
    """The puzzles ``--chapter``, ``--grade`` and ``--theme`` choose (all of them without a filter), ``--count``
    of them when asked, as ``class assign`` chooses them."""
    from machiavelli_kit.classroom.assignment import select_puzzles

    try:
        return select_puzzles(collection, arguments.chapter, arguments.grade, arguments.theme, arguments.count)
    except ValueError as error:
        raise BadInput(str(error)) from None


def _shared(text: str) -> Puzzle:
    """A pasted position id as a puzzle, answered by the solver."""
    from machiavelli_kit.puzzles.verify import complete  # the solver: loaded only for a shared position

    shared = parse_position_id(text)
    verdict = check_table(shared.position.table, shared.rules)
    if not verdict.valid:
        # TRANSLATORS: {problems} lists what is wrong with the table, separated by semicolons.
        raise BadInput(
            _("the shared table is not valid: {problems}").format(problems="; ".join(verdict.problem_lines()))
        )
    if not shared.position.hand:
        raise BadInput(_("the shared position has no hand: nothing to play"))
    title, source = _("Shared position"), _("a position id")
    return complete(Puzzle("shared", title, source, shared.rules, shared.position, shared.goal, 0))


def _show(puzzle: Puzzle, hints: bool, answer: bool) -> None:
    print(f"{puzzle.id}: {puzzle.title_in()} ({puzzle.source})")
    # TRANSLATORS: {rules} is a rules string (bga(wrap=true)), {grade} a technique's name (chain, ...), {effort} 1 to 5.
    line = _("rules {rules}; grade {grade}, effort {effort}")
    print(line.format(rules=puzzle.rules, grade=technique_name(puzzle.grade), effort=puzzle.effort or "?"))
    print(_("themes: {themes}").format(themes=", ".join(theme_name(theme) for theme in puzzle.themes) or "-"))
    print(puzzle.position)
    print(puzzle.question())
    # TRANSLATORS: {code} is the position's share code, a text to paste into the kit.
    print(_("share: {code}").format(code=format_position_id(puzzle.position, puzzle.rules, puzzle.goal)))
    if hints:
        for number, text in enumerate(puzzle.hints_in(), start=1):
            print(_("hint {number}: {hint}").format(number=number, hint=text))
    if answer:
        print(_("answer: {answer}").format(answer=puzzle.answer_text()))
        if puzzle.solution is not None:
            # TRANSLATORS: {table} is an example table in the card notation (7H 8H 9H | ...).
            print(_("example: {table}").format(table=puzzle.solution))
        for compare in puzzle.compare:
            print(_("under {rules}: {answer}").format(rules=compare.rules, answer=puzzle.answer_text(compare.answer)))
