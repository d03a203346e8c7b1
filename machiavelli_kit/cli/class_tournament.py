"""``machiavelli-kit class tournament``: a class tournament. This module builds the ``class tournament``
command; each of its actions has its own block of functions below.

``sheets`` prints a tournament for a class without a computer for everyone: round 1's pairings, a score
sheet for each round and the tally, as one PDF (:mod:`machiavelli_kit.classroom.tournament.paper`).
"""

from __future__ import annotations

import argparse
import secrets
from pathlib import Path
from typing import Any

from machiavelli_kit.cli.errors import BadInput
from machiavelli_kit.i18n import _, ngettext, pgettext


def add_parser(actions: Any) -> None:
    """Add ``tournament`` and its actions to the ``class`` command's actions."""
    tournament = actions.add_parser(
        "tournament",
        help=_("a class tournament: timed rounds, seated by the standings"),
        description=_("A class tournament: timed rounds, learners seated by the standings after round 1."),
    )
    tournament_actions = tournament.add_subparsers(dest="tournament_action", required=True)
    add_sheets_parser(tournament_actions)


# --- sheets (paper tournament) ---

MOST_ROUNDS = 20
"""More rounds than any lesson holds; a larger number is a slip of the keyboard."""
MOST_NAMES_BYTES = 100_000
"""A class list longer than this is no class list."""


def add_sheets_parser(tournament_actions: Any) -> None:
    """``class tournament sheets``: the paper tournament's PDF."""
    sheets = tournament_actions.add_parser(
        "sheets",
        help=_("print a tournament for a class without computers: pairings and score sheets (PDF)"),
        description=_(
            "Print a class tournament to play with cards on the desks: who sits where in round 1, a score sheet "
            "for each round and a tally to add up wins and points, as one PDF."
        ),
    )
    sheets.add_argument(
        "--names",
        required=True,
        metavar=pgettext("option value", "FILE") + ".txt",
        help=_("the learners' names, one a line"),
    )
    sheets.add_argument(
        "--rounds",
        required=True,
        type=int,
        metavar="N",
        help=_("how many rounds (from 1 to {most})").format(most=MOST_ROUNDS),
    )
    sheets.add_argument("--table-size", required=True, type=int, metavar="K", help=_("players at a table, from 2 to 4"))
    sheets.add_argument(
        "--seed", type=int, metavar="S", help=_("the number that seats round 1 (the same number, the same seats)")
    )
    sheets.add_argument(
        "--title",
        metavar=pgettext("option value", "TITLE"),
        help=_('the title on the sheets (default: "Class tournament")'),
    )
    sheets.add_argument(
        "--out", required=True, metavar=pgettext("option value", "FILE") + ".pdf", help=_("the PDF file to write")
    )
    sheets.set_defaults(run=run_sheets)


def run_sheets(arguments: argparse.Namespace) -> int:
    from machiavelli_kit.classroom.tournament.pairing import pair_round
    from machiavelli_kit.classroom.tournament.paper import score_sheet_pdf  # ReportLab: loaded only for a PDF

    out = Path(arguments.out)
    if out.suffix.lower() != ".pdf":
        raise BadInput(_("--out {path}: the sheets are a PDF, so its name ends in .pdf").format(path=out))
    if not 1 <= arguments.rounds <= MOST_ROUNDS:
        raise BadInput(_("--rounds: a tournament has 1 to {most} rounds, not {count}").format(
            most=MOST_ROUNDS, count=arguments.rounds
        ))  # fmt: skip
    names = read_names(Path(arguments.names))
    seed = secrets.randbelow(1_000_000) if arguments.seed is None else arguments.seed
    first = pair_round(1, names, arguments.table_size, [], [], seed)
    title = arguments.title.strip() if arguments.title and arguments.title.strip() else _("Class tournament")
    score_sheet_pdf(title, names, arguments.rounds, arguments.table_size, out, first=first)
    # TRANSLATORS: {path} is the PDF written; {seed} the number to give again for the same seats.
    line = ngettext(
        "{path}: {count} learner, {rounds} rounds (seed {seed})",
        "{path}: {count} learners, {rounds} rounds (seed {seed})",
        len(names),
    )
    print(line.format(path=out, count=len(names), rounds=arguments.rounds, seed=seed))
    return 0


def read_names(path: Path) -> list[str]:
    """The names in ``path``, one a line (blank lines skipped): refused in words when one is repeated or
    could not be a player's name."""
    from machiavelli_kit.files import read_regular
    from machiavelli_kit.game.deal import DealError
    from machiavelli_kit.game.session import check_name

    try:
        text = read_regular(path, most=MOST_NAMES_BYTES).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadInput(_("{path}: save the list of names as UTF-8 text").format(path=path)) from None
    names: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        name = line.strip()
        if not name:
            continue
        try:
            check_name(name)
        except DealError as error:
            raise BadInput(_("{path}, line {line}: {error}").format(path=path, line=number, error=error)) from None
        if name in names:
            raise BadInput(
                _("{path}, line {line}: {name} is already on the list; tell the two apart, e.g. {example}").format(
                    path=path, line=number, name=name, example=f"{name} B."
                )
            )
        names.append(name)
    if len(names) < 2:
        raise BadInput(_("{path}: a tournament needs at least 2 names, one a line").format(path=path))
    return names
