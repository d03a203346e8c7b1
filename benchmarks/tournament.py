"""The computer players' ladder: two-player pairings under bga, and the time a four-player game takes.

Run: ``.venv/bin/python benchmarks/tournament.py [--games 1000] [--four 100] [--seed 1]
[--minutes 120] [--out tournament.json]``

Each pairing plays ``--games`` games (every deal twice, seats swapped), in chunks, and stops
early once it has used its share of ``--minutes``; the figures say how many games were played.
After every chunk the results so far are written to ``--out`` (atomically), so a long run that
is stopped still leaves its figures. Prints a Markdown table: each pairing's first player's
wins, win rate and 95% Wilson interval, and whether the interval excludes 50%.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from machiavelli_kit.files import write_atomically
from machiavelli_kit.game.tournament import Standing, Tournament, run_tournament, wilson
from machiavelli_kit.rules import Rules

PAIRINGS = [("expert", "greedy"), ("greedy", "beginner"), ("beginner", "random")]
FOUR = ("expert", "greedy", "beginner", "random")
CHUNK = 20


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


def play(players: tuple[str, ...], games: int, rules: Rules, seed: int, seconds: float) -> Tournament | None:
    """Up to ``games`` games in chunks, stopping after the chunk that passes ``seconds``."""
    total: Tournament | None = None
    started = time.perf_counter()
    chunk = CHUNK - CHUNK % len(players)
    for first in range(0, games, chunk):
        part = run_tournament(list(players), min(chunk, games - first), rules, seed + first // len(players))
        total = merge(total, part)
        if time.perf_counter() - started > seconds:
            break
    return total


def row_text(players: tuple[str, ...], table: Tournament) -> str:
    first: Standing = table.rows[0]
    low, high = wilson(first.wins, first.games)
    verdict = "yes" if low > 0.5 else "no"
    draws = first.draws
    return (
        f"| {players[0]} vs {players[1]} | {first.games} | {first.wins} | {draws} | {100 * first.win_rate:.1f}% "
        f"| [{100 * low:.1f}%, {100 * high:.1f}%] | {verdict} | {table.rows[0].ms_per_move:.0f} / "
        f"{table.rows[1].ms_per_move:.0f} | {table.seconds / max(1, table.games):.2f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing")
    parser.add_argument("--four", type=int, default=100, help="four-player games to time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=120.0, help="time for the whole run")
    parser.add_argument("--rules", default="bga")
    parser.add_argument("--out", default="tournament.json", help="where the results go, as JSON")
    arguments = parser.parse_args()
    rules = Rules.parse(arguments.rules)
    share = 60 * arguments.minutes / (len(PAIRINGS) + 1)
    results: dict[str, Any] = {"rules": str(rules), "seed": arguments.seed, "pairings": [], "four": None}
    lines = [
        "| pairing | games | wins | draws | win rate | 95% interval | over 50% | ms a move | s a game |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for players in PAIRINGS:
        table = play(players, arguments.games, rules, arguments.seed, share)
        assert table is not None
        results["pairings"].append(table.as_json())
        write_atomically(arguments.out, json.dumps(results, indent=1))
        lines.append(row_text(players, table))
        print(lines[-1], flush=True)
    four = play(FOUR, arguments.four, rules, arguments.seed, share)
    assert four is not None
    results["four"] = four.as_json()
    write_atomically(arguments.out, json.dumps(results, indent=1))
    print("\n".join(lines))
    print(f"\nfour players ({', '.join(FOUR)}), {four.games} games: {four.seconds / four.games:.2f} s a game")
    print(four.text())


if __name__ == "__main__":
    main()
