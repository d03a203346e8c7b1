"""The computer players' ladder: every two-player pairing under bga, and the time a four-player game takes.

Run: ``.venv/bin/python benchmarks/tournament.py [--games 1000] [--four 100] [--seed 1]
[--minutes 120] [--jobs 1] [--out tournament.json]``, or ``--merge A.json B.json ...`` to add up
runs over different deals (e.g. ``--seed 1 --games 500`` and ``--seed 251 --games 500``).

Each pairing plays ``--games`` games (every deal twice, seats swapped), in chunks (``--jobs``
processes play chunks side by side; the chunks are merged in order), and stops
early once it has used its share of ``--minutes``; the figures say how many games were played.
After every chunk the results so far are written to ``--out`` (atomically), so a long run that
is stopped still leaves its figures. Prints a Markdown table: each pairing's first player's
wins, losses and draws, its win rate with the 95% Wilson interval, and its win rate among the
games that were not drawn (under bga a game that ends with the stock shows equal hands often).
Then, for each player in each pairing, its moves' times (median, p99, slowest), the processor
time of its moves (p99, slowest: what the move costs, which hardly grows when other programs
share the machine, as the clock's time does) and work: the most units any move spent against
the budget, and the moves that ran out of it.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import statistics
import time
from collections.abc import Callable
from typing import Any

from machiavelli_kit.core.rules import Rules
from machiavelli_kit.files import write_atomically
from machiavelli_kit.game.autoplay import AutoGame
from machiavelli_kit.game.players import DEFAULT_BUDGET
from machiavelli_kit.game.tournament import Tournament, run_tournament, wilson

FOUR = ("expert", "greedy", "beginner", "random")
PAIRINGS = list(itertools.combinations(FOUR, 2))
CHUNK = 20
MOVES_HEADER = (
    "| pairing | player | moves | median ms | p99 ms | slowest ms | processor p99 ms | processor slowest ms "
    "| most work / budget | out of work |",
    "|---|---|---|---|---|---|---|---|---|---|",
)
HEADER = (
    "| pairing | games | wins | losses | draws | win rate [95%] | not drawn: win rate [95%] | ms a move | s a game |",
    "|---|---|---|---|---|---|---|---|---|",
)


Moves = dict[str, dict[str, list[float]]]
"""For each player's name: its moves' ``seconds``, ``work`` and ``gave_up`` (1 for a move out of work)."""


def merge(total: Tournament | None, part: Tournament) -> Tournament:
    if total is None:
        return part
    for row, more in zip(total.rows, part.rows, strict=True):
        for name in ("games", "wins", "draws", "cards_left", "points", "seconds", "moves"):
            setattr(row, name, getattr(row, name) + getattr(more, name))
    total.games += part.games
    total.seconds += part.seconds
    for reason, count in part.reasons.items():
        total.reasons[reason] = total.reasons.get(reason, 0) + count
    return total


def play(
    players: tuple[str, ...],
    games: int,
    rules: Rules,
    seed: int,
    seconds: float,
    saved: Callable[[Tournament], None],
    jobs: int = 1,
) -> tuple[Tournament | None, Moves]:
    """Up to ``games`` games in chunks played by ``jobs`` processes, stopping after the chunk
    that passes ``seconds``; ``saved`` is called with the results so far after every chunk.
    Returns the standings and every move's time and work, by player."""
    total: Tournament | None = None
    moves: Moves = {}
    started = time.perf_counter()
    chunk = CHUNK - CHUNK % len(players)
    tasks = [
        (list(players), min(chunk, games - first), rules, seed + first // len(players))
        for first in range(0, games, chunk)
    ]
    with multiprocessing.Pool(jobs) as pool:
        for part, part_moves in pool.imap(run_chunk, tasks):
            total = merge(total, part)
            for name, columns in part_moves.items():
                for column, values in columns.items():
                    moves.setdefault(name, {}).setdefault(column, []).extend(values)
            saved(total)
            if time.perf_counter() - started > seconds:
                pool.terminate()
                break
    return total, moves


def run_chunk(task: tuple[list[str], int, Rules, int]) -> tuple[Tournament, Moves]:
    """One chunk of games (in a worker process), with every move's time and work by player."""
    moves: Moves = {}

    def keep(_number: int, run: AutoGame) -> None:
        for seat, name in enumerate(run.game.players):
            columns = moves.setdefault(name, {"seconds": [], "processor": [], "work": [], "gave_up": []})
            columns["seconds"].extend(run.times[seat])
            columns["processor"].extend(run.processor[seat])
            columns["work"].extend(run.work[seat])
            columns["gave_up"].append(run.gave_up[seat])

    return run_tournament(*task, progress=keep), moves


def move_lines(pairing: str, moves: Moves) -> list[str]:
    """One Markdown row per player of a pairing: its moves' times and work."""
    lines = []
    for name, columns in moves.items():
        times, processor = sorted(columns["seconds"]), sorted(columns["processor"])
        work, gave_up = max(columns["work"]), sum(columns["gave_up"])
        lines.append(
            f"| {pairing} | {name} | {len(times)} | {1000 * statistics.median(times):.1f} | {1000 * p99(times):.1f} "
            f"| {1000 * times[-1]:.0f} | {1000 * p99(processor):.1f} | {1000 * processor[-1]:.0f} "
            f"| {work:.0f} / {DEFAULT_BUDGET} | {gave_up:.0f} |"
        )
    return lines


def p99(values: list[float]) -> float:
    """The 99th percentile of sorted ``values`` (nearest rank)."""
    return values[min(len(values) - 1, int(0.99 * len(values)))]


def row_text(players: tuple[str, ...], table: Tournament) -> str:
    """One Markdown row for a pairing's tournament (see :func:`row`)."""
    first = table.rows[0]
    return row(
        " vs ".join(players),
        first.games,
        first.wins,
        first.draws,
        (first.ms_per_move, table.rows[1].ms_per_move),
        table.seconds / max(1, table.games),
    )


def row(pairing: str, games: int, wins: int, draws: int, ms: tuple[float, float], seconds: float) -> str:
    """One Markdown row: the first player's wins, losses and draws, its win rate with the 95%
    Wilson interval, and its win rate among the games that were not drawn, with theirs."""
    losses = games - wins - draws
    low, high = wilson(wins, games)
    decided = wins + losses
    decided_low, decided_high = wilson(wins, decided)
    return (
        f"| {pairing} | {games} | {wins} | {losses} | {draws} "
        f"| {100 * wins / max(1, games):.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
        f"| {100 * wins / max(1, decided):.1f}% [{100 * decided_low:.1f}, {100 * decided_high:.1f}] "
        f"| {ms[0]:.0f} / {ms[1]:.0f} | {seconds:.2f} |"
    )


def merged_rows(paths: list[str]) -> list[str]:
    """Rows for the pairings in earlier ``--out`` files (runs over different deals) added up;
    the times are averaged over the games."""
    totals: dict[str, list[float]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as file:
            results = json.load(file)
        for pairing, table in results.items():
            if isinstance(table, dict) and " vs " in pairing:
                first, second = table["players"]
                games = first["games"]
                more = [games, first["wins"], first["draws"], first["ms_per_move"], second["ms_per_move"]]
                more = [*more[:3], *(value * games for value in more[3:]), table["seconds_per_game"] * games]
                totals[pairing] = [a + b for a, b in zip(totals.get(pairing, [0.0] * 6), more, strict=True)]
    return [
        row(pairing, int(games), int(wins), int(draws), (ms0 / games, ms1 / games), seconds / games)
        for pairing, (games, wins, draws, ms0, ms1, seconds) in totals.items()
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing")
    parser.add_argument("--four", type=int, default=100, help="four-player games to time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=120.0, help="time for the whole run")
    parser.add_argument("--rules", default="bga")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing chunks of games at once")
    parser.add_argument("--merge", nargs="+", metavar="JSON", help="only add up earlier --out files and print")
    parser.add_argument("--out", default="tournament.json", help="where the results go, as JSON")
    parser.add_argument(
        "--pairings",
        default=",".join(f"{a}:{b}" for a, b in PAIRINGS),
        help="two-player pairings, e.g. expert:greedy,greedy:beginner",
    )
    arguments = parser.parse_args()
    if arguments.merge:
        print("\n".join([*HEADER, *merged_rows(arguments.merge)]))
        return
    rules = Rules.parse(arguments.rules)
    pairings = [tuple(pair.split(":")) for pair in arguments.pairings.split(",") if pair]
    share = 60 * arguments.minutes / (len(pairings) + (1 if arguments.four else 0))
    results: dict[str, Any] = {"rules": str(rules), "seed": arguments.seed}
    lines = list(HEADER)

    def saver(key: str) -> Callable[[Tournament], None]:
        def save(table: Tournament) -> None:
            results[key] = table.as_json()
            write_atomically(arguments.out, json.dumps(results, indent=1))

        return save

    timings = list(MOVES_HEADER)
    for players in pairings:
        table, moves = play(
            players, arguments.games, rules, arguments.seed, share, saver(" vs ".join(players)), arguments.jobs
        )
        assert table is not None
        lines.append(row_text(players, table))
        timings.extend(move_lines(" vs ".join(players), moves))
        print(lines[-1], flush=True)
    print("\n".join(lines))
    print("\n".join(["", *timings]))
    if arguments.four:
        four, moves = play(FOUR, arguments.four, rules, arguments.seed, share, saver("four"), arguments.jobs)
        assert four is not None
        print(f"\nfour players ({', '.join(FOUR)}), {four.games} games: {four.seconds / four.games:.2f} s a game")
        print(four.text())
        print("\n".join(["", *MOVES_HEADER, *move_lines("four", moves)]))


if __name__ == "__main__":
    main()
