"""``machiavelli-kit check``: is this table valid, and if not, why."""

from __future__ import annotations

import argparse
import json
from typing import Any

from machiavelli_kit.notation import format_cards
from machiavelli_kit.position import Table, check_table
from machiavelli_kit.rules import Rules


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser("check", help="check a table's melds", description="Check a table's melds.")
    parser.add_argument("--table", required=True, help='melds separated by |, e.g. "5S 5H 5D | 6H 7H 8H"')
    parser.add_argument("--rules", default="bga", help="rules string, e.g. bga or bga(wrap=true, jokers=2)")
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    parser.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    rules = Rules.parse(arguments.rules)
    table = Table.parse(arguments.table)
    verdict = check_table(table, rules)
    if arguments.json:
        report = {
            "valid": verdict.valid,
            "melds": [
                {
                    "cards": format_cards(meld.cards).split(),
                    "kind": meld.kind,
                    "problems": [{"flag": p.flag, "message": p.message} for p in meld.problems],
                }
                for meld in verdict.melds
            ],
            "problems": [{"flag": p.flag, "message": p.message} for p in verdict.problems],
        }
        print(json.dumps(report, ensure_ascii=False))
    else:
        for index, meld in enumerate(verdict.melds, start=1):
            print(f"meld {index}: {meld.explain()}")
        for problem in verdict.problems:
            print(problem.message)
        print("valid" if verdict.valid else "not valid")
    return 0 if verdict.valid else 1
