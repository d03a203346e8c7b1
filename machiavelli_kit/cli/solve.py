"""``machiavelli-kit solve``: the best play for a position, one or a batch of them."""

from __future__ import annotations

import argparse
import codecs
import json
import sys
import time
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from machiavelli_kit.cli.errors import BadInput
from machiavelli_kit.cli.options import add_json_option, add_position_options, add_rules_option
from machiavelli_kit.core.cards import format_card, parse_cards, quote
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.i18n import _, ngettext, pgettext
from machiavelli_kit.i18n.json_words import json_reason

if TYPE_CHECKING:
    from machiavelli_kit.solver import Solution, SolverTimeout
    from machiavelli_kit.solver.steps import Move

EXIT_GAVE_UP = 3
"""``solve`` exits with this code when the solver gave up on the position (see ``--time-limit``)."""
DEFAULT_TIME_LIMIT = 5.0
"""Seconds per position, as the solver's own default (kept here so the solver loads only when used)."""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "solve",
        help=_("find the best play"),
        description=_("Find the most cards that can be played, and how."),
        epilog=_(
            "Exit codes: 0 a play exists, 1 no play (draw instead), 2 bad input, {gave_up} the solver gave up "
            "(past --time-limit; a batch answers such a line with an error and goes on)."
        ).format(gave_up=EXIT_GAVE_UP),
    )
    add_position_options(parser)
    add_rules_option(parser)
    parser.add_argument(
        "--goal",
        default="max",
        metavar=pgettext("option value", "GOAL"),
        # TRANSLATORS: max and close are typed as they are: keep them.
        help=_("max (default), close, or a card that must be played"),
    )
    add_json_option(parser)
    parser.add_argument(
        "--time-limit",
        type=_seconds,
        default=DEFAULT_TIME_LIMIT,
        metavar=pgettext("option value", "SECONDS"),
        help=_("give up on a position after this many seconds (default {seconds:g})").format(
            seconds=DEFAULT_TIME_LIMIT
        ),
    )
    parser.add_argument(
        "--batch",
        metavar=pgettext("option value", "FILE") + ".jsonl",
        help=_("solve every line of a JSON-lines file ({dash} for standard input)").format(dash="'-'"),
    )
    parser.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    if arguments.batch:
        if arguments.table is not None or arguments.hand is not None:
            raise BadInput(_("--batch takes its positions from the file: leave out --table and --hand"))
        return _run_batch(arguments.batch, arguments.time_limit)
    if arguments.hand is None:
        raise BadInput(_("give the hand with --hand (and the table with --table)"))
    rules = Rules.parse(arguments.rules)
    position = Position(Table.parse(arguments.table or ""), parse_cards(arguments.hand))
    from machiavelli_kit.solver import SolverTimeout, solve  # numpy and HiGHS load here, not for every command

    started = time.perf_counter()
    try:
        solution = solve(position, rules, arguments.goal, time_limit=arguments.time_limit)
        moves = solution.moves  # worked out within the same time limit
    except SolverTimeout as gave_up:
        if arguments.json:
            print(json.dumps(gave_up_record(gave_up, (time.perf_counter() - started) * 1000), ensure_ascii=False))
        else:
            _print_gave_up(gave_up)
        return EXIT_GAVE_UP
    elapsed = (time.perf_counter() - started) * 1000
    if arguments.json:
        print(json.dumps(solution_record(solution, elapsed), ensure_ascii=False))
    elif solution.feasible:
        played = " ".join(str(card) for card in solution.played)
        count = solution.max_play
        # TRANSLATORS: the first line of solve's answer, e.g. "play 3 cards: 3♣ 7♣ 8♣".
        print(
            ngettext("play {count} card: {cards}", "play {count} cards: {cards}", count).format(
                count=count, cards=played
            )
        )
        _print_moves(moves)
        _print_table(solution, with_par=True)
    else:
        print(_("no play: no card from the hand can be played here, so the player draws 1 card"))
    return 0 if solution.feasible else 1


def _print_gave_up(gave_up: SolverTimeout) -> None:
    """What the solver proved before it gave up: nothing, the most cards and a play of them (or a
    play that meets the goal), or the best play without its moves."""
    from machiavelli_kit.solver.solution import MOST_CARDS

    found = gave_up.found
    if found is None:
        print(
            _("no answer: the solver gave up after {seconds:g} s without proving the best play").format(
                seconds=gave_up.seconds
            )
        )
        return
    count, cards = found.max_play, " ".join(str(card) for card in found.played)
    if gave_up.proven:
        # TRANSLATORS: solve's answer when the solver proved the best play but ran out of time before its moves.
        line = ngettext(
            "play {count} card: {cards}, the best play; the solver gave up before it worked out the moves",
            "play {count} cards: {cards}, the best play; the solver gave up before it worked out the moves",
            count,
        )
    elif found.goal.kind in MOST_CARDS:
        # TRANSLATORS: solve's answer when the solver gave up but had proven how many cards can be played at most.
        line = ngettext(
            "play {count} card: {cards}, the most anyone can play here; the solver gave up before it proved "
            "which play moves the fewest table cards",
            "play {count} cards: {cards}, the most anyone can play here; the solver gave up before it proved "
            "which play moves the fewest table cards",
            count,
        )
    else:
        # TRANSLATORS: solve's answer when the solver gave up after it found a play that does what the goal asks
        # (plays the whole hand, or plays a given card).
        line = ngettext(
            "play {count} card: {cards}, which does what the goal asks; the solver gave up before it proved "
            "which play moves the fewest table cards",
            "play {count} cards: {cards}, which does what the goal asks; the solver gave up before it proved "
            "which play moves the fewest table cards",
            count,
        )
    print(line.format(count=count, cards=cards))
    if not gave_up.proven:
        _print_moves(found.moves)
    _print_table(found, with_par=gave_up.proven)


def _print_moves(moves: tuple[Move, ...]) -> None:
    for number, move in enumerate(moves, start=1):
        print(f"{number}. {move.text}")


def _print_table(solution: Solution, *, with_par: bool) -> None:
    """The table after the play, and its par when it is proven the least."""
    # TRANSLATORS: the table after the best play, as melds separated by |.
    print(_("table: {table}").format(table=solution.table))
    if with_par:
        changed = solution.changed
        # TRANSLATORS: par is the fewest moves (see the glossary); {count} table cards end in another meld.
        print(
            ngettext(
                "par {par} ({count} table card changes meld)", "par {par} ({count} table cards change meld)", changed
            ).format(par=solution.par, count=changed)
        )


def solution_record(solution: Solution, milliseconds: float, *, proven: bool = True) -> dict[str, Any]:
    """The JSON form of a solution, as printed by ``solve --json`` and ``--batch``: ``proven`` says
    whether it is the best play (false for a play a solve that gave up found, see :func:`gave_up_record`)."""
    return {
        "max_play": solution.max_play,
        "played": [format_card(card) for card in solution.played],
        "table": [[format_card(card) for card in meld.cards] for meld in solution.table.melds],
        "steps": [move.text for move in solution.moves],
        "par": solution.par,
        "proven": proven,
        "ms": round(milliseconds, 3),
    }


def gave_up_record(gave_up: SolverTimeout, milliseconds: float) -> dict[str, Any]:
    """The JSON form of a solve that gave up: its ``error``, and the record of the play it found, if
    any: ``proven`` false (the most cards but maybe not the least par), or true with ``steps`` null
    (the best play, but not its moves)."""
    found = gave_up.found
    if found is None:
        return {"error": str(gave_up)}
    record = solution_record(found, milliseconds, proven=gave_up.proven)
    if gave_up.proven:
        record["steps"] = None
    return {**record, "error": str(gave_up)}


def _run_batch(path: str, time_limit: float) -> int:
    """Answer each line of the file in order; a bad line answers ``{"error": "line N: ..."}`` and the rest go on.

    Lines are read as bytes and decoded one by one, so a line that is not
    UTF-8 is one bad line, not the end of the batch.
    """
    from machiavelli_kit.solver import SolverTimeout

    stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    with stream:
        for number, data in enumerate(batch_lines(stream), start=1):
            if number == 1:
                data = data.removeprefix(codecs.BOM_UTF8)  # Windows editors may start a UTF-8 file with one
            if not data.strip():
                continue
            started = time.perf_counter()
            try:
                record = _solve_line(data, time_limit)
            except ValueError as error:  # BadInput, the notation's and the rules' errors
                record = {"error": _("line {number}: {error}").format(number=number, error=error)}
            except SolverTimeout as gave_up:
                record = gave_up_record(gave_up, (time.perf_counter() - started) * 1000)
                record["error"] = _("line {number}: {error}").format(number=number, error=gave_up)
            print(json.dumps(record, ensure_ascii=False), flush=True)
    return 0


def batch_lines(stream: Iterable[bytes]) -> Iterator[bytes]:
    r"""The lines of a batch file, without their ends: a line ends at ``\n``, ``\r\n`` or a lone ``\r``
    (as old Macs wrote them). The file is read up to each ``\n``, so a batch piped in is answered as it comes.

    >>> import io
    >>> list(batch_lines(io.BytesIO(b"a\rb\r\nc\n\nd")))
    [b'a', b'b', b'c', b'', b'd']
    """
    for data in stream:
        body = data[:-2] if data.endswith(b"\r\n") else data[:-1] if data.endswith((b"\n", b"\r")) else data
        yield from body.split(b"\r")


def _solve_line(data: bytes, time_limit: float) -> dict[str, Any]:
    try:
        item = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise BadInput(
            _("not UTF-8 text (byte {byte} at column {column})").format(
                byte=f"{data[error.start]:#04x}", column=error.start + 1
            )
        ) from None
    except json.JSONDecodeError as error:
        raise BadInput(_("not JSON ({reason})").format(reason=json_reason(error))) from None
    except RecursionError:
        raise BadInput(_("brackets nested too deeply to read")) from None
    if not isinstance(item, dict):
        # TRANSLATORS: table, hand and rules are the JSON keys, typed as they are: keep them.
        raise BadInput(_("each line must be a JSON object with table, hand and rules"))
    unknown = set(item) - {"table", "hand", "rules", "goal"}
    if unknown:
        raise BadInput(
            _("unknown key {key}: keys are {keys}").format(
                key=quote(sorted(unknown)[0]), keys="table, hand, rules, goal"
            )
        )
    table, hand = item.get("table", []), item.get("hand")
    if hand is None:
        raise BadInput(_("missing key {key}").format(key="'hand'"))
    if not isinstance(table, list) or not all(isinstance(meld, list) for meld in table):
        raise BadInput(_("{key} must be a list of melds, each a list of cards").format(key="'table'"))
    if not isinstance(hand, list):
        raise BadInput(_("{key} must be a list of cards").format(key="'hand'"))
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
        raise argparse.ArgumentTypeError(_("{text} is not a number of seconds").format(text=repr(text))) from None
    if not 0 < seconds < float("inf"):
        raise argparse.ArgumentTypeError(
            _("the time limit must be a positive number of seconds, not {text}").format(text=text)
        )
    return seconds
