"""``machiavelli-kit solve``: the best play for a position, one or a batch of them."""

from __future__ import annotations

import argparse
import codecs
import json
import sys
import time
from typing import TYPE_CHECKING, Any

from machiavelli_kit.cards import plural
from machiavelli_kit.cli.errors import BadInput
from machiavelli_kit.notation import format_card, parse_cards, quote
from machiavelli_kit.position import Position, Table
from machiavelli_kit.rules import Rules

if TYPE_CHECKING:
    from machiavelli_kit.solver import Solution

EXIT_GAVE_UP = 3
"""``solve`` exits with this code when the solver gave up on the position (see ``--time-limit``)."""
DEFAULT_TIME_LIMIT = 5.0
"""Seconds per position, as the solver's own default (kept here so the solver loads only when used)."""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="find the best play",
        description="Find the most cards that can be played, and how.",
        epilog=f"Exit codes: 0 a play exists, 1 no play (draw instead), 2 bad input, {EXIT_GAVE_UP} the solver "
        "gave up (past --time-limit; a batch answers such a line with an error and goes on).",
    )
    parser.add_argument("--table", help='melds separated by |, e.g. "5S 5H 5D | 6H 7H 8H" (may be empty)')
    parser.add_argument("--hand", help='the hand, e.g. "8H 9H"')
    parser.add_argument("--rules", default="bga", help="rules string, e.g. bga(wrap=true, jokers=2)")
    parser.add_argument("--goal", default="max", help="max (default), close, or a card that must be played")
    parser.add_argument("--json", action="store_true", help="print the answer as JSON")
    parser.add_argument(
        "--time-limit",
        type=_seconds,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"give up on a position after this many seconds (default {DEFAULT_TIME_LIMIT:g})",
    )
    parser.add_argument(
        "--batch", metavar="FILE.jsonl", help="solve every line of a JSON-lines file ('-' for standard input)"
    )
    parser.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    if arguments.batch:
        if arguments.table is not None or arguments.hand is not None:
            raise BadInput("--batch takes its positions from the file: leave out --table and --hand")
        return _run_batch(arguments.batch, arguments.time_limit)
    if arguments.hand is None:
        raise BadInput("give the hand with --hand (and the table with --table)")
    rules = Rules.parse(arguments.rules)
    position = Position(Table.parse(arguments.table or ""), parse_cards(arguments.hand))
    from machiavelli_kit.solver import SolverTimeout, solve  # numpy and HiGHS load here, not for every command

    started = time.perf_counter()
    try:
        solution = solve(position, rules, arguments.goal, time_limit=arguments.time_limit)
    except SolverTimeout as gave_up:
        print(json.dumps({"error": str(gave_up)}) if arguments.json else f"no answer: the solver {gave_up}")
        return EXIT_GAVE_UP
    elapsed = (time.perf_counter() - started) * 1000
    if arguments.json:
        print(json.dumps(solution_record(solution, elapsed), ensure_ascii=False))
    elif solution.feasible:
        print(f"play {plural(solution.max_play, 'card')}: {' '.join(str(card) for card in solution.played)}")
        for number, move in enumerate(solution.moves, start=1):
            print(f"{number}. {move.text}")
        print(f"table: {solution.table}")
        print(f"par {solution.par} ({plural(solution.changed, 'table card')} change meld)")
    else:
        print("no play: no card from the hand can be played here, so the player draws 1 card")
    return 0 if solution.feasible else 1


def solution_record(solution: Solution, milliseconds: float) -> dict[str, Any]:
    """The JSON form of a solution, as printed by ``solve --json`` and ``--batch``."""
    return {
        "max_play": solution.max_play,
        "played": [format_card(card) for card in solution.played],
        "table": [[format_card(card) for card in meld.cards] for meld in solution.table.melds],
        "steps": [move.text for move in solution.moves],
        "par": solution.par,
        "ms": round(milliseconds, 3),
    }


def _run_batch(path: str, time_limit: float) -> int:
    """Answer each line of the file in order; a bad line answers ``{"error": "line N: ..."}`` and the rest go on.

    Lines are read as bytes and decoded one by one, so a line that is not
    UTF-8 is one bad line, not the end of the batch.
    """
    from machiavelli_kit.solver import SolverTimeout

    stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    with stream:
        for number, data in enumerate(stream, start=1):
            if number == 1:
                data = data.removeprefix(codecs.BOM_UTF8)  # Windows editors may start a UTF-8 file with one
            if not data.strip():
                continue
            try:
                record = _solve_line(data, time_limit)
            except (ValueError, SolverTimeout) as error:  # BadInput, the notation's and the rules' errors, give-ups
                record = {"error": f"line {number}: {error}"}
            print(json.dumps(record, ensure_ascii=False), flush=True)
    return 0


def _solve_line(data: bytes, time_limit: float) -> dict[str, Any]:
    try:
        item = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise BadInput(f"not UTF-8 text (byte {data[error.start]:#04x} at column {error.start + 1})") from None
    except json.JSONDecodeError as error:
        raise BadInput(f"not JSON ({error.msg})") from None
    except RecursionError:
        raise BadInput("brackets nested too deeply to read") from None
    if not isinstance(item, dict):
        raise BadInput("each line must be a JSON object with table, hand and rules")
    unknown = set(item) - {"table", "hand", "rules", "goal"}
    if unknown:
        raise BadInput(f"unknown key {quote(sorted(unknown)[0])}: keys are table, hand, rules, goal")
    table, hand = item.get("table", []), item.get("hand")
    if hand is None:
        raise BadInput("missing key 'hand'")
    if not isinstance(table, list) or not all(isinstance(meld, list) for meld in table):
        raise BadInput("'table' must be a list of melds, each a list of cards")
    if not isinstance(hand, list):
        raise BadInput("'hand' must be a list of cards")
    rules = Rules.parse(str(item.get("rules", "bga")))
    position = Position(Table.parse(table), parse_cards(hand))
    from machiavelli_kit.solver import solve

    started = time.perf_counter()
    solution = solve(position, rules, str(item.get("goal", "max")), time_limit=time_limit)
    return solution_record(solution, (time.perf_counter() - started) * 1000)


def _seconds(text: str) -> float:
    """A positive number of seconds, for ``--time-limit``."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < seconds < float("inf"):
        raise argparse.ArgumentTypeError(f"the time limit must be a positive number of seconds, not {text}")
    return seconds
