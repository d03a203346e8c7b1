"""``machiavelli-kit tournament``: many games between computer players, seats rotated."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from machiavelli_kit.cli.errors import BadInput
from machiavelli_kit.cli.options import (
    add_json_option,
    add_limit_options,
    add_players_option,
    add_rules_option,
    folder_name,
    limit_of,
)
from machiavelli_kit.i18n import _, pgettext


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "tournament",
        help=_("play many games between computer players"),
        # argparse %-formats help texts, not a description (unless it names %(prog)s): its % stays single
        description=_("Computer players play many games, seats rotated; win rates and their intervals (95%)."),
    )
    add_players_option(parser, default=None)
    parser.add_argument(
        "--games",
        type=int,
        default=100,
        metavar=pgettext("option value", "COUNT"),
        help=_("how many games (default 100)"),
    )
    add_rules_option(parser)
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        metavar=pgettext("option value", "SEED"),
        help=_("the first deal's seed (default 1)"),
    )
    parser.add_argument(
        "--budget",
        type=int,
        default=None,
        metavar=pgettext("option value", "STEPS"),
        help=_("steps of work a player may spend on each move (the same on any computer)"),
    )
    add_limit_options(parser)
    add_json_option(parser)
    parser.add_argument(
        "--records",
        type=folder_name,
        metavar=pgettext("option value", "DIR"),
        help=_("write each game's record into this folder"),
    )
    parser.add_argument("--progress", action="store_true", help=_("say on standard error as each game ends"))
    parser.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    from machiavelli_kit.core.rules import Rules
    from machiavelli_kit.game.autoplay import AutoGame
    from machiavelli_kit.game.deal import MAX_PLAYERS, MIN_PLAYERS
    from machiavelli_kit.game.players import DEFAULT_BUDGET, PLAYERS
    from machiavelli_kit.game.tournament import run_tournament

    players = [name.strip() for name in arguments.players.split(",") if name.strip()]
    unknown = [name for name in players if name not in PLAYERS]
    if unknown:
        raise BadInput(
            _("unknown player {name!r}: players are {players}").format(name=unknown[0], players=", ".join(PLAYERS))
        )
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise BadInput(
            _("a game has {low} to {high} players, not {count}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(players)
            )
        )
    if arguments.games < 1:
        raise BadInput(_("--games must be at least 1"))
    limit = limit_of(arguments)
    budget = DEFAULT_BUDGET if arguments.budget is None else arguments.budget
    if budget <= 0:
        raise BadInput(_("--budget must be at least 1 step of work"))

    def progress(number: int, run: AutoGame) -> None:
        result = run.game.result
        if result is None or result.winner is None:
            line = _("game {number}/{games}: a draw").format(number=number, games=arguments.games)
        else:
            line = _("game {number}/{games}: {name} wins").format(
                number=number, games=arguments.games, name=run.game.players[result.winner]
            )
        print(line, file=sys.stderr, flush=True)

    table = run_tournament(
        players,
        arguments.games,
        Rules.parse(arguments.rules),
        arguments.seed,
        records=arguments.records,
        budget=budget,
        progress=progress if arguments.progress else None,
        limit=limit,
    )
    print(json.dumps(table.as_json()) if arguments.json else table.text())
    return 0
