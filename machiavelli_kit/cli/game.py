"""``machiavelli-kit game``: play a game between computer players, replay a record, review it.

``replay`` and ``review`` exit 0 for a valid record, 1 for an invalid one (the turn and
the reason on standard error) and 2 for a file that cannot be read or cannot be a record:
not UTF-8, not JSON, nested too deeply, or longer than any game's.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from machiavelli_kit.cli.errors import BadInput
from machiavelli_kit.cli.options import add_limit_options, add_players_option, add_rules_option, limit_of
from machiavelli_kit.i18n import _, ngettext, pgettext

EXIT_OK, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "game", help=_("play, replay and review whole games"), description=_("Whole games: play, replay, review.")
    )
    actions = parser.add_subparsers(dest="game_command", required=True)
    play = actions.add_parser("play", help=_("let computer players play a game"), description=_("Play a game."))
    add_players_option(play, default="greedy,expert")
    add_rules_option(play)
    play.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar=pgettext("option value", "SEED"),
        help=_("the deal's seed (default: a random one, printed)"),
    )
    play.add_argument(
        "--out", metavar=pgettext("option value", "FILE") + ".json", help=_("save the game's record here")
    )
    add_limit_options(play)
    play.set_defaults(run=run_play)
    replay = actions.add_parser("replay", help=_("check a record and tell the game"), description=_("Replay a record."))
    replay.add_argument("file", metavar=pgettext("option value", "FILE") + ".json")
    replay.add_argument(
        "--seat",
        type=int,
        default=None,
        metavar=pgettext("option value", "SEAT"),
        help=_("tell the game as this seat saw it (others' draws hidden)"),
    )
    replay.set_defaults(run=run_replay)
    review = actions.add_parser(
        "review", help=_("compare each turn with the solver"), description=_("Review a record.")
    )
    review.add_argument("file", metavar=pgettext("option value", "FILE") + ".json")
    review.set_defaults(run=run_review)


def run_play(arguments: argparse.Namespace) -> int:
    from machiavelli_kit.core.rules import Rules
    from machiavelli_kit.game.autoplay import play_game
    from machiavelli_kit.game.players import PLAYERS
    from machiavelli_kit.game.record import save

    players = [name.strip() for name in arguments.players.split(",") if name.strip()]
    for name in players:
        if name not in PLAYERS:
            raise BadInput(
                _("unknown player {name!r}: players are {players}").format(name=name, players=", ".join(PLAYERS))
            )
    rules = Rules.parse(arguments.rules)
    limit = limit_of(arguments)
    seed = arguments.seed if arguments.seed is not None else _random_seed()
    run = play_game(players, rules, seed, limit=limit)
    # TRANSLATORS: the first line of "game play": "bga, seed 7: greedy, expert".
    print(_("{rules}, seed {seed}: {players}").format(rules=rules, seed=seed, players=", ".join(players)))
    for line in run.game.log():
        print(line)
    if arguments.out:
        save(run.game, arguments.out)
        print(_("record written to {file}").format(file=arguments.out))
    return EXIT_OK


def run_replay(arguments: argparse.Namespace) -> int:
    game = _load(arguments.file)
    if game is None:
        return EXIT_INVALID
    if arguments.seat is not None and not 0 <= arguments.seat < len(game.players):
        raise BadInput(_("--seat is a seat from 0 to {last}").format(last=len(game.players) - 1))
    names, dealer = ", ".join(game.players), game.players[game.dealer]
    if game.seed is None:
        print(
            _("{rules}, dealt by hand, dealer {dealer}: {players}").format(
                rules=game.rules, dealer=dealer, players=names
            )
        )
    else:
        print(
            _("{rules}, seed {seed}, dealer {dealer}: {players}").format(
                rules=game.rules, seed=game.seed, dealer=dealer, players=names
            )
        )
    for line in game.log(seat=arguments.seat):
        print(line)
    count = len(game.turns)
    if game.over:
        print(
            ngettext("valid record: {count} turn, finished", "valid record: {count} turns, finished", count).format(
                count=count
            )
        )
    else:
        print(
            ngettext(
                "valid record: {count} turn, not finished", "valid record: {count} turns, not finished", count
            ).format(count=count)
        )
    return EXIT_OK


def run_review(arguments: argparse.Namespace) -> int:
    from machiavelli_kit.game.review import review

    game = _load(arguments.file)
    if game is None:
        return EXIT_INVALID
    print(review(game).text())
    return EXIT_OK


def _load(path: str) -> Any:
    """The replayed game, or ``None`` after saying on standard error why the record is invalid;
    an unreadable file raises (exit 2)."""
    from machiavelli_kit.game.record import RecordError, UnreadableRecord, load

    try:
        return load(path)
    except UnreadableRecord as error:
        raise BadInput(_("{file} cannot be read as a record: {error}").format(file=path, error=error)) from None
    except RecordError as error:
        print(
            "machiavelli-kit game: " + _("{file} is not a valid record: {error}").format(file=path, error=error),
            file=sys.stderr,
        )
        return None


def _random_seed() -> int:
    import random

    return random.SystemRandom().randrange(2**31)
