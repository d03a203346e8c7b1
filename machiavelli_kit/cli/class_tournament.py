"""``machiavelli-kit class tournament``: a class tournament. This module builds the ``class tournament``
command; each of its actions has its own block of functions below.

``new``, ``start``, ``join`` and ``standings`` run a tournament on the class server (:mod:`.class_serve`): the
teacher makes it and starts it with the teacher's token in ``MACHIAVELLI_KIT_TEACHER_TOKEN``; ``join`` plays
every round for a learner with a computer player, then exits 0; ``standings`` prints the table (``--json``:
the players with name, games, wins, points and rank). ``sheets`` prints a tournament for a class without a
computer for everyone: round 1's pairings, a score
sheet for each round and the tally, as one PDF (:mod:`machiavelli_kit.classroom.tournament.paper`).
"""

from __future__ import annotations

import argparse
import secrets
from pathlib import Path
from typing import Any

from machiavelli_kit.cli.errors import BadInput
from machiavelli_kit.cli.options import add_class_server_option, add_computer_player_option
from machiavelli_kit.i18n import _, ngettext, pgettext


def add_parser(actions: Any) -> None:
    """Add ``tournament`` and its actions to the ``class`` command's actions."""
    tournament = actions.add_parser(
        "tournament",
        help=_("a class tournament: timed rounds, seated by the standings"),
        description=_("A class tournament: timed rounds, learners seated by the standings after round 1."),
    )
    tournament_actions = tournament.add_subparsers(dest="tournament_action", required=True)
    add_server_parsers(tournament_actions)
    add_sheets_parser(tournament_actions)


# --- new, start, join, standings (the tournament on the class server) ---

POLL_SECONDS = 0.5
"""How often ``join`` asks the server, between two rounds, whether the next has started."""


def add_server_parsers(tournament_actions: Any) -> None:
    """``new``, ``start``, ``join`` and ``standings``: a tournament on a class server."""
    from machiavelli_kit.cli.options import add_limit_options, add_rules_option, folder_name

    new = tournament_actions.add_parser(
        "new",
        help=_("make a tournament on a class server and print its id"),
        description=_("Make a class tournament on a class server (the teacher's token in {variable}).").format(
            variable="MACHIAVELLI_KIT_TEACHER_TOKEN"
        ),
    )
    add_class_server_option(new)
    add_rules_option(new)
    new.add_argument(
        "--rounds",
        required=True,
        type=int,
        metavar="N",
        help=_("how many rounds (from 1 to {most})").format(most=MOST_ROUNDS),
    )
    new.add_argument("--table-size", required=True, type=int, metavar="K", help=_("players at a table, from 2 to 4"))
    add_limit_options(new)
    new.add_argument(
        "--pause",
        type=float,
        default=None,
        metavar=pgettext("option value", "SECONDS"),
        help=_("the seconds between two rounds, to look at the standings (default: 30)"),
    )
    new.add_argument(
        "--computer-player",
        default=None,
        metavar=pgettext("option value", "PLAYER"),
        help=_("the computer player at a short table (default: greedy)"),
    )
    new.add_argument(
        "--hide-names", action="store_true", help=_("learners see numbers instead of names in the standings")
    )
    new.add_argument(
        "--seed", type=int, default=None, metavar="S", help=_("the number that seats the rounds and deals the games")
    )
    new.set_defaults(run=run_new)
    start = tournament_actions.add_parser(
        "start", help=_("start a tournament with those who joined"), description=_("Start round 1 of a tournament.")
    )
    add_class_server_option(start)
    _id_option(start)
    start.set_defaults(run=run_start)
    join = tournament_actions.add_parser(
        "join",
        help=_("play every round of a tournament with a computer player"),
        description=_("Join a tournament and play every round of it with a computer player, then stop."),
    )
    add_class_server_option(join)
    _id_option(join)
    join.add_argument("--name", required=True, metavar=pgettext("option value", "NAME"), help=_("the player's name"))
    add_computer_player_option(join)
    join.set_defaults(run=run_join)
    table = tournament_actions.add_parser(
        "standings", help=_("print a tournament's standings"), description=_("Print a tournament's standings.")
    )
    add_class_server_option(table)
    _id_option(table)
    table.add_argument(
        "--json", action="store_true", help=_("print a list of players with name, games, wins, points and rank")
    )
    table.add_argument(
        "--csv", metavar=pgettext("option value", "FILE") + ".csv", help=_("also write the standings as CSV")
    )
    table.add_argument(
        "--pdf", metavar=pgettext("option value", "FILE") + ".pdf", help=_("also write the standings as a PDF to print")
    )
    table.add_argument(
        "--records",
        type=folder_name,
        metavar=pgettext("option value", "DIR"),
        help=_("write each game's record into this folder"),
    )
    table.set_defaults(run=run_standings)


def _id_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--id", required=True, metavar=pgettext("option value", "ID"), help=_("the tournament's id"))


def _teacher(server: str) -> Any:
    """A client with the teacher's token, or the one error that says where to put it."""
    import os

    from machiavelli_kit.classroom.server import TEACHER_TOKEN_VARIABLE
    from machiavelli_kit.classroom.server.client import ClassClient

    token = os.environ.get(TEACHER_TOKEN_VARIABLE, "").strip()
    if not token:
        raise BadInput(
            _("only the teacher can do this: put the teacher's token in {variable}").format(
                variable=TEACHER_TOKEN_VARIABLE
            )
        )
    return ClassClient(server, token)


def run_new(arguments: argparse.Namespace) -> int:
    from machiavelli_kit.cli.options import limit_of
    from machiavelli_kit.cli.table import _run

    limit = limit_of(arguments)
    if not limit:
        raise BadInput(_("give each round a length: --minutes M (or --turns N), so that the rounds end on time"))
    client = _teacher(arguments.server)
    made = client.new_tournament(
        arguments.rules,
        arguments.rounds,
        arguments.table_size,
        limit,
        pause=arguments.pause,
        computer=arguments.computer_player,
        seed=arguments.seed,
        names_shown=not arguments.hide_names,
    )
    print(_run(made))
    return 0


def run_start(arguments: argparse.Namespace) -> int:
    from machiavelli_kit.cli.table import _run

    round = _run(_teacher(arguments.server).start_tournament(arguments.id))
    print(_("round {round} has started").format(round=round))
    return 0


def run_join(arguments: argparse.Namespace) -> int:
    from machiavelli_kit.classroom.server.client import ClassClient
    from machiavelli_kit.cli.table import _run
    from machiavelli_kit.game.players import PLAYERS

    if arguments.player not in PLAYERS:
        raise BadInput(
            _("unknown player {name}: players are {players}").format(name=arguments.player, players=", ".join(PLAYERS))
        )
    _run(play_tournament(ClassClient(arguments.server), arguments.id, arguments.name, arguments.player))
    return 0


async def play_tournament(client: Any, tournament: str, name: str, kind: str) -> None:
    """Register ``name``, join ``tournament`` and play each round's table with the computer player ``kind``, until
    the tournament is over; a server that restarts meanwhile is waited for (the client's ``patience``)."""
    import asyncio

    from machiavelli_kit.cli.table import play_with
    from machiavelli_kit.i18n import language

    await client.register(name, language())
    await client.join_tournament(tournament)
    played: set[str] = set()
    try:
        while True:
            now = await client.patiently(lambda: client.tournament(tournament))
            you = now["you"]
            if you is not None and you["table"] not in played:
                await play_with(client, you["table"], you["seat"], kind)
                played.add(you["table"])
            elif now["status"] == "over":
                return
            else:
                await asyncio.sleep(POLL_SECONDS)
    finally:
        await client.close()


def run_standings(arguments: argparse.Namespace) -> int:
    import json

    from machiavelli_kit.cli.table import _run

    if arguments.pdf and not arguments.pdf.lower().endswith(".pdf"):
        raise BadInput(_("--pdf {path}: the standings are a PDF, so its name ends in .pdf").format(path=arguments.pdf))
    client = _teacher(arguments.server)
    table = _run(client.tournament(arguments.id))["standings"]
    _write_files(arguments, table)
    if arguments.records:
        _write_records(Path(arguments.records), _run(_teacher(arguments.server).tournament_records(arguments.id)))
    if arguments.json:
        players = [{key: line[key] for key in ("name", "games", "wins", "points", "rank")} for line in table]
        print(json.dumps(players, ensure_ascii=False, indent=1))
        return 0
    # TRANSLATORS: the heading of a tournament's standings; keep the columns short.
    print(_("rank  name  games  wins  points  tie-break"))
    for line in table:
        columns = (line["rank"], line["name"], line["games"], line["wins"], line["points"], line["tiebreak"])
        print("  ".join(str(column) for column in columns))
    return 0


def _write_files(arguments: argparse.Namespace, table: list[dict[str, Any]]) -> None:
    """The standings as CSV and as a PDF, where ``--csv`` and ``--pdf`` say."""
    if not arguments.csv and not arguments.pdf:
        return
    from machiavelli_kit.classroom.tournament.files import standings_csv, standings_pdf
    from machiavelli_kit.classroom.tournament.standings import Standing
    from machiavelli_kit.files import write_atomically

    lines = [
        Standing(
            line["number"], line["name"], line["games"], line["wins"], line["points"], line["tiebreak"], line["rank"]
        )
        for line in table
    ]
    if arguments.csv:
        write_atomically(arguments.csv, standings_csv(lines))
        print(_("standings written to {file}").format(file=arguments.csv))
    if arguments.pdf:
        standings_pdf(_("Class tournament"), lines, arguments.pdf)
        print(_("standings written to {file}").format(file=arguments.pdf))


def _write_records(folder: Path, records: list[dict[str, Any]]) -> None:
    """Each finished game's record as ``round-R-table-N.json`` in ``folder`` (made if new)."""
    from machiavelli_kit.files import write_atomically

    folder.mkdir(parents=True, exist_ok=True)
    for game in records:
        write_atomically(folder / f"round-{game['round']}-table-{game['number']}.json", game["record"])
    print(
        ngettext("{count} record written to {folder}", "{count} records written to {folder}", len(records)).format(
            count=len(records), folder=folder
        )
    )


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
