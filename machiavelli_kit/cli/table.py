"""``machiavelli-kit table``: make a table on a class server, play a seat with a computer player, get a record.

``new`` prints the new table's id; ``join`` plays one seat with a computer player until the game
ends (going on after the server restarts), then exits 0, under ``--name`` or, without it, as the hub account
whose token is in ``JUPYTERHUB_API_TOKEN`` (a class server that is a hub's service); ``record`` writes the
game's record, in the same JSON as ``game play`` writes, which ``game replay`` reads.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from typing import TYPE_CHECKING, Any

from machiavelli_kit.cli.errors import BadInput
from machiavelli_kit.cli.options import (
    add_class_server_option,
    add_computer_player_option,
    add_limit_options,
    add_rules_option,
    limit_of,
)
from machiavelli_kit.i18n import _, pgettext

if TYPE_CHECKING:
    from machiavelli_kit.classroom.server.client import ClassClient


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "table",
        help=_("make, join and record tables on a class server"),
        description=_("Tables on a class server (machiavelli-kit class serve): make one, play a seat, get the record."),
    )
    actions = parser.add_subparsers(dest="table_command", required=True)
    new = actions.add_parser("new", help=_("make a table and print its id"), description=_("Make a table."))
    add_class_server_option(new)
    add_rules_option(new)
    new.add_argument(
        "--seats", type=int, default=2, metavar=pgettext("option value", "N"), help=_("how many seats (2 to 6)")
    )
    new.add_argument(
        "--computer",
        action="append",
        default=[],
        metavar=pgettext("option value", "SEAT=PLAYER"),
        help=_("a computer player in a seat, e.g. {example} (seats count from 0; may be given again)").format(
            example="2=greedy"
        ),
    )
    new.add_argument(
        "--turn-seconds",
        type=float,
        default=None,
        metavar=pgettext("option value", "SECONDS"),
        help=_("a turn timer: when it runs out, the player draws"),
    )
    new.add_argument(
        "--seed", type=int, default=None, metavar=pgettext("option value", "SEED"), help=_("the deal's seed")
    )
    add_limit_options(new)
    new.set_defaults(run=run_new)
    join = actions.add_parser(
        "join", help=_("play a seat with a computer player until the game ends"), description=_("Play a seat.")
    )
    add_class_server_option(join)
    _table_option(join)
    join.add_argument(
        "--name",
        metavar=pgettext("option value", "NAME"),
        help=_("the name at the table (on a hub, leave it out: the hub account of {variable} plays)").format(
            variable="JUPYTERHUB_API_TOKEN"
        ),
    )
    add_computer_player_option(join)
    join.add_argument(
        "--seat",
        type=int,
        default=None,
        metavar=pgettext("option value", "SEAT"),
        help=_("the seat to take (default: the first free one)"),
    )
    join.set_defaults(run=run_join)
    record = actions.add_parser(
        "record", help=_("write a finished game's record"), description=_("Write a table's record.")
    )
    add_class_server_option(record)
    _table_option(record)
    record.add_argument(
        "--out", required=True, metavar=pgettext("option value", "FILE") + ".json", help=_("the record to write")
    )
    record.set_defaults(run=run_record)


def _table_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--table", required=True, metavar=pgettext("option value", "ID"), help=_("the table's id"))


def run_new(arguments: argparse.Namespace) -> int:
    from machiavelli_kit.classroom.identity import hub_token
    from machiavelli_kit.classroom.server import TEACHER_TOKEN_VARIABLE

    computers = dict(_computer(text) for text in arguments.computer)
    limit = limit_of(arguments)
    teacher = os.environ.get(TEACHER_TOKEN_VARIABLE) or None
    client = _client(arguments.server, teacher, None if teacher else hub_token())
    table = _run(
        client.new_table(arguments.rules, arguments.seats, computers, arguments.turn_seconds, arguments.seed, limit)
    )
    print(table)
    return 0


def _computer(text: str) -> tuple[int, str]:
    seat, sign, kind = text.partition("=")
    if not sign or not seat.strip().isdigit() or not kind.strip():
        raise BadInput(_("--computer {text}: write a seat and a computer player, e.g. 2=greedy").format(text=text))
    return int(seat), kind.strip()


def run_join(arguments: argparse.Namespace) -> int:
    from machiavelli_kit.game.players import PLAYERS

    if arguments.player not in PLAYERS:
        raise BadInput(
            _("unknown player {name}: players are {players}").format(name=arguments.player, players=", ".join(PLAYERS))
        )
    from machiavelli_kit.classroom.identity import HUB_TOKEN_VARIABLE, hub_token

    token = None if arguments.name is not None else hub_token()
    if arguments.name is None and token is None:
        raise BadInput(
            _("say who plays the seat: give --name NAME, or run it on a hub, with its token in {variable}").format(
                variable=HUB_TOKEN_VARIABLE
            )
        )
    client = _client(arguments.server, None, token)
    _run(_play_seat(client, arguments.table, arguments.name, arguments.player, arguments.seat))
    return 0


async def _play_seat(client: ClassClient, table: str, name: str | None, kind: str, seat: int | None) -> None:
    """Register ``name`` (``None``: come in as the hub account of the client's hub token), sit down, and play each
    turn of the seat with the computer player ``kind``."""
    from machiavelli_kit.i18n import language

    if name is None:
        await client.enter(language())
    else:
        await client.register(name, language())
    seat = await client.join(table, seat)
    try:
        await play_with(client, table, seat, kind)
    finally:
        await client.close()


async def play_with(client: ClassClient, table: str, seat: int, kind: str) -> None:
    """Play each turn of ``seat`` at ``table`` with the computer player ``kind``, until the game is over."""
    from machiavelli_kit.classroom.server.client import Refused, ServerGone, game_view
    from machiavelli_kit.game.actions import Draw, Pass
    from machiavelli_kit.game.players import make_player

    acted = -1
    async for view in client.views(table):
        game = view.get("game")
        if game is None or game["to_move"] != seat or len(game["turns"]) <= acted:
            continue
        acted = len(game["turns"])
        seen = game_view(view)
        player = make_player(kind, seed=f"{table}:{seat}:{acted}")
        plain = Draw() if seen.stock_size or seen.rules.stock_out != "play_on" else Pass()
        for action in (player.choose(seen), plain):  # after a refusal, the turn is still to be taken
            try:
                await client.act(table, action)
                break
            except Refused as error:
                print(_("refused: {reason}").format(reason=error), file=sys.stderr, flush=True)
            except ServerGone:  # the next view says whether the turn counted
                acted = -1
                break


def run_record(arguments: argparse.Namespace) -> int:
    from machiavelli_kit.files import write_atomically

    client = _client(arguments.server, None, None)
    text = _run(client.record(arguments.table))
    write_atomically(arguments.out, text)
    print(_("record written to {file}").format(file=arguments.out))
    return 0


def _client(server: str, credential: str | None, hub_token: str | None) -> ClassClient:
    from machiavelli_kit.classroom.server.client import ClassClient

    return ClassClient(server, credential, hub_token=hub_token)


def _run(work: Any) -> Any:
    """Run ``work`` to its end; the server's refusal, or its silence, as the command's error (exit 2)."""
    from machiavelli_kit.classroom.server.client import Refused, ServerGone

    try:
        return asyncio.run(work)
    except (Refused, ServerGone) as error:
        raise BadInput(str(error)) from None
