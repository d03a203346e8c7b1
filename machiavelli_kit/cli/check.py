"""``machiavelli-kit check``: is this table valid, or with ``--turn`` this turn, and if not, why.

A table is given with ``--table``; a turn with ``--turn``, the start table
``--table`` and hand ``--hand`` as for ``solve``, and the table after the turn
``--end``. The hand after the turn is what the start hand keeps of the cards
that are not new on the table. Exit codes: 0 valid, 1 not valid, 2 input that
cannot be read (or a start position the decks cannot deal).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterable
from typing import Any

from machiavelli_kit.cli.errors import BadInput
from machiavelli_kit.cli.options import add_json_option, add_position_options, add_rules_option, table_metavar
from machiavelli_kit.core.cards import format_cards, parse_cards
from machiavelli_kit.core.melds import Problem
from machiavelli_kit.core.position import Position, Table, TableCheck, TurnCheck, check_table, check_turn
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.i18n import _


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "check",
        help=_("check a table's melds, or a whole turn"),
        description=_(
            "Check a table's melds, or with --turn a whole turn: the start table and hand, "
            "and the table after the turn."
        ),
        # TRANSLATORS: --turn, --table, --hand, --end and the cards in quotes are typed as they are: keep them.
        epilog=_("Exit codes: 0 valid, 1 not valid, 2 bad input. Example of a turn: {example}").format(
            example='check --turn --table "5S 5H 5D 5C | 6H 7H 8H" --hand "4H" --end "5S 5D 5C | 4H 5H 6H 7H 8H"'
        ),
    )
    add_position_options(parser)
    parser.add_argument("--turn", action="store_true", help=_("check a turn from --table and --hand to --end"))
    parser.add_argument("--end", metavar=table_metavar(), help=_("with --turn: the table after the turn"))
    add_rules_option(parser)
    add_json_option(parser)
    parser.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    if arguments.turn:
        return _run_turn(arguments)
    if arguments.hand is not None or arguments.end is not None:
        raise BadInput(_("--hand and --end describe a turn: add --turn to check one"))
    if arguments.table is None:
        raise BadInput(_("give the table with --table (or check a turn with --turn)"))
    rules = Rules.parse(arguments.rules)
    verdict = check_table(Table.parse(arguments.table), rules)
    if arguments.json:
        print(json.dumps(table_record(verdict), ensure_ascii=False))
    else:
        for index in range(len(verdict.melds)):
            # TRANSLATORS: one line per meld of the table checked, e.g. "meld 2: 6♥ 7♥ 8♥: a valid run".
            print(_("meld {number}: {explanation}").format(number=index + 1, explanation=verdict.explain_meld(index)))
        for problem in verdict.problems:
            if problem.meld is None:
                print(problem.message)
        # TRANSLATORS: the last line of a table check: the whole table is valid, or not.
        print(_("valid") if verdict.valid else _("not valid"))
    return 0 if verdict.valid else 1


def _run_turn(arguments: argparse.Namespace) -> int:
    if arguments.hand is None:
        raise BadInput(_("a turn needs the hand before it: give it with --hand"))
    if arguments.end is None:
        raise BadInput(_("a turn needs the table after it: give it with --end"))
    rules = Rules.parse(arguments.rules)
    start = Position(Table.parse(arguments.table or ""), parse_cards(arguments.hand))
    impossible = start.problems(rules)
    if impossible:
        raise BadInput(
            _("the start cannot happen in this game: {problems}").format(
                problems="; ".join(p.message for p in impossible)
            )
        )
    end_table = Table.parse(arguments.end)
    played = end_table.cards() - start.table.cards()
    end = Position(end_table, tuple((Counter(start.hand) - played).elements()))
    verdict = check_turn(start, end, rules)
    if arguments.json:
        print(json.dumps(turn_record(verdict), ensure_ascii=False))
    else:
        print(verdict.explain())
    return 0 if verdict.valid else 1


def table_record(verdict: TableCheck) -> dict[str, Any]:
    """The JSON form of a table check: each meld with its cards, kind, problems and suggestion."""
    return {
        "valid": verdict.valid,
        "melds": [
            {
                "cards": format_cards(meld.cards).split(),
                "kind": meld.kind,
                "valid": not verdict.meld_problems(index),
                "problems": _problems(verdict.meld_problems(index)),
                "suggestion": meld.suggestion,
            }
            for index, meld in enumerate(verdict.melds)
        ],
        "problems": _problems(problem for problem in verdict.problems if problem.meld is None),
    }


def turn_record(verdict: TurnCheck) -> dict[str, Any]:
    """The JSON form of a turn check: the cards played, the turn's problems and the end table's check."""
    return {
        "valid": verdict.valid,
        "played": format_cards(verdict.played).split(),
        "problems": _problems(verdict.problems),
        "table": table_record(verdict.table),
    }


def _problems(problems: Iterable[Problem]) -> list[dict[str, str]]:
    return [{"flag": problem.flag.value, "message": problem.message} for problem in problems]
