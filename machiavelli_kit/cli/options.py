"""Options several commands share, declared once so that each says the same in ``--help``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from machiavelli_kit.cli.errors import BadInput
from machiavelli_kit.i18n import _, pgettext

if TYPE_CHECKING:
    from machiavelli_kit.game.limits import Limit
from machiavelli_kit.puzzles.format import TECHNIQUES


def table_metavar() -> str:
    """The value name ``--help`` shows after an option that takes a table (``--table TABLE``)."""
    # TRANSLATORS: the value names --help shows after each option (--table TABLE), in capitals.
    return pgettext("option value", "TABLE")


def folder_name(text: str) -> str:
    """A folder named on the command line (``--out DIR``, ``--dir DIR``): never empty, which would be taken
    for the folder the command runs in without a word."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            _("the folder's name is empty: give one, e.g. sheets (or . for the folder you are in)")
        )
    return text


def add_position_options(parser: argparse.ArgumentParser) -> None:
    """``--table TABLE`` and ``--hand HAND``: the position a command starts from (``check --turn``, ``solve``)."""
    parser.add_argument(
        "--table",
        metavar=table_metavar(),
        help=_("melds separated by |, e.g. {example} (the table may be empty)").format(example='"5S 5H 5D | 6H 7H 8H"'),
    )
    parser.add_argument(
        "--hand",
        metavar=pgettext("option value", "HAND"),
        help=_("the hand, e.g. {example}").format(example='"8H 9H"'),
    )


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """``--rules RULES``: the rules string the command plays or checks under (default ``bga``)."""
    parser.add_argument(
        "--rules",
        default="bga",
        # TRANSLATORS: the value names --help shows after each option (--rules RULES), in capitals.
        metavar=pgettext("option value", "RULES"),
        help=_("rules string, e.g. {simple} or {full}").format(simple="bga", full="bga(wrap=true, jokers=2)"),
    )


def add_players_option(parser: argparse.ArgumentParser, default: str | None) -> None:
    """``--players PLAYERS``: the computer players at the table, by seat (required when there is no ``default``)."""
    parser.add_argument(
        "--players",
        required=default is None,
        default=default,
        metavar=pgettext("option value", "PLAYERS"),
        help=_("computer players by seat, e.g. expert,greedy"),
    )


def add_json_option(parser: argparse.ArgumentParser) -> None:
    """``--json``: the command prints its answer as JSON (``check``, ``solve``, ``tournament``)."""
    parser.add_argument("--json", action="store_true", help=_("print one JSON object (its keys stay in English)"))


def add_puzzle_filters(parser: argparse.ArgumentParser) -> None:
    """``--chapter``, ``--grade``, ``--theme`` and ``--count``: which puzzles of the collection, and how many
    (``puzzles``, ``class assign``)."""
    parser.add_argument(
        "--chapter",
        metavar=pgettext("option value", "CHAPTER"),
        help=_("a chapter: its id (ch03), its file name, or the number of its id (3)"),
    )
    parser.add_argument(
        "--grade",
        metavar=pgettext("option value", "GRADE"),
        help=_("a grade: {grades}").format(grades=", ".join(TECHNIQUES)),
    )
    parser.add_argument(
        "--theme", metavar=pgettext("option value", "THEME"), help=_("a theme, e.g. chain or sets-to-runs")
    )
    parser.add_argument(
        "--count",
        type=int,
        metavar=pgettext("option value", "COUNT"),
        help=_("how many puzzles of the selection (spread from first to last)"),
    )


def add_assignment_option(parser: argparse.ArgumentParser) -> None:
    """``--assignment FILE.toml``: only the puzzles of an assignment file (``class report``, ``puzzles export``)."""
    parser.add_argument(
        "--assignment",
        metavar=pgettext("option value", "FILE") + ".toml",
        help=_("only this assignment's puzzles"),
    )


def filtered(arguments: argparse.Namespace) -> bool:
    """Whether ``--chapter``, ``--grade`` or ``--theme`` chooses puzzles; :class:`BadInput` for a ``--count``
    with nothing to choose from."""
    chosen = any((arguments.chapter, arguments.grade, arguments.theme))
    if arguments.count is not None and not chosen:
        raise BadInput(_("--count needs --chapter, --grade or --theme to choose from"))
    return chosen


def add_server_options(parser: argparse.ArgumentParser) -> None:
    """``--port``, ``--no-browser`` and ``--notebooks``: the options of ``lab`` and ``app``."""
    parser.add_argument(
        "--port",
        type=int,
        default=8888,
        metavar=pgettext("option value", "PORT"),
        help=_("port to serve on (default {port})").format(port=8888),
    )
    parser.add_argument("--no-browser", action="store_true", help=_("do not open a web browser"))
    parser.add_argument(
        "--notebooks",
        type=folder_name,
        metavar=(folder := pgettext("option value", "DIR")),
        # TRANSLATORS: {folder} is the option's value as --help shows it (--notebooks DIR).
        help=_(
            "keep and serve the notebooks in {folder} (the kit copies its notebooks there, keeping your changes)"
        ).format(folder=folder),
    )


def add_class_server_option(parser: argparse.ArgumentParser) -> None:
    """``--server URL``: the class server a ``table`` or ``class tournament`` command talks to."""
    parser.add_argument(
        "--server",
        required=True,
        metavar=pgettext("option value", "URL"),
        help=_("the class server, e.g. {example}").format(example="http://127.0.0.1:8890"),
    )


def add_computer_player_option(parser: argparse.ArgumentParser) -> None:
    """``--player NAME``: the computer player that plays a seat for a ``table join`` or ``class tournament join``."""
    parser.add_argument(
        "--player",
        required=True,
        metavar=pgettext("option value", "PLAYER"),
        help=_("the computer player: random, beginner, greedy or expert"),
    )


def add_ip_option(parser: argparse.ArgumentParser, default: str | None = None) -> None:
    """``--ip ADDRESS``: where a server listens (by default this computer only)."""
    parser.add_argument(
        "--ip",
        default=default,
        metavar=(address := pgettext("option value", "ADDRESS")),
        # TRANSLATORS: {address} is the option's value as --help shows it (--ip ADDRESS).
        help=_("listen on {address} (default: this computer only; 0.0.0.0 lets a class's computers in)").format(
            address=address
        ),
    )


def add_limit_options(parser: argparse.ArgumentParser) -> None:
    """``--turns N`` and ``--minutes M``: a game that ends when either is reached, its round played out."""
    parser.add_argument(
        "--turns",
        type=int,
        default=None,
        metavar=pgettext("option value", "COUNT"),
        help=_("end each game after this many turns (the round in progress is played out; fewest points win)"),
    )
    parser.add_argument(
        "--minutes",
        type=float,
        default=None,
        metavar=pgettext("option value", "MINUTES"),
        help=_("end each game when this many minutes have passed (the round in progress is played out)"),
    )


def limit_of(arguments: argparse.Namespace) -> Limit:
    """The limit ``--turns`` and ``--minutes`` give, or the one error that says why they cannot be one."""
    from machiavelli_kit.game.limits import Limit, LimitError  # only when a command runs: --help loads no game

    try:
        return Limit(turns=arguments.turns, minutes=arguments.minutes)
    except LimitError as error:
        raise BadInput(str(error)) from None
