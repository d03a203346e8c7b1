"""How long a whole game lasts, in turns, per preset and number of players, with the computer players.

Run: ``.venv/bin/python benchmarks/game_length.py [--games 40] [--seed 1] [--players greedy,beginner]
[--presets bga,classic,wikipedia] [--counts 2,3,4] [--jobs 1]``.

A turn is one player's turn (a play, a draw, a restore or a pass); a round is every player's turn
once, so a class can read it as the turns each learner takes. ``--players`` is the lineup, repeated
round the table (``greedy,beginner`` seats greedy, beginner, greedy, beginner); the seats rotate
from game to game, as in a tournament. A classic game is one deal of its match. Prints a Markdown
table: per preset and number of players, the games, the median and 90th percentile of turns and of
rounds, and how the games ended. The counts come from the players' decisions alone (they decide by
work, never by the clock), so the same arguments print the same table on any machine.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
from collections import Counter
from itertools import cycle, islice

from machiavelli_kit.core.rules import PRESET_NAMES
from machiavelli_kit.game.autoplay import AutoGame
from machiavelli_kit.game.tournament import run_tournament

HEADER = (
    "| preset | players | games | turns: median | turns: p90 | rounds: median | rounds: p90 | endings |",
    "|---|---|---|---|---|---|---|---|",
)


def percentile(values: list[int], share: float) -> int:
    """The nearest-rank percentile: the smallest value at or above ``share`` of them.

    >>> percentile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 0.9), percentile([5], 0.9)
    (90, 5)
    """
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def lengths(preset: str, count: int, lineup: list[str], games: int, seed: int) -> tuple[list[int], Counter[str]]:
    """The turns of each of ``games`` games of ``count`` players under ``preset``, and how they ended."""
    turns: list[int] = []
    endings: Counter[str] = Counter()

    def note(_number: int, run: AutoGame) -> None:
        turns.append(len(run.game.turns))
        assert run.game.result is not None
        endings[run.game.result.reason] += 1

    players = list(islice(cycle(lineup), count))
    run_tournament(players, games=games, rules=preset, seed=seed, progress=note)
    return turns, endings


def row(preset: str, count: int, turns: list[int], endings: Counter[str]) -> str:
    rounds = [math.ceil(total / count) for total in turns]
    ended = ", ".join(f"{reason.replace('_', ' ')} {number}" for reason, number in sorted(endings.items()))
    return (
        f"| {preset} | {count} | {len(turns)} | {statistics.median(turns):g} | {percentile(turns, 0.9)} | "
        f"{statistics.median(rounds):g} | {percentile(rounds, 0.9)} | {ended} |"
    )


def _cell(arguments: tuple[str, int, list[str], int, int]) -> str:
    preset, count, lineup, games, seed = arguments
    return row(preset, count, *lengths(preset, count, lineup, games, seed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per preset and number of players")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--players", default="greedy,beginner", help="the lineup, repeated round the table")
    parser.add_argument("--presets", default=",".join(PRESET_NAMES), help="the presets (rules strings)")
    parser.add_argument("--counts", default="2,3,4", help="the numbers of players")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing cells side by side")
    arguments = parser.parse_args()
    lineup = arguments.players.split(",")
    cells = [
        (preset, int(count), lineup, arguments.games, arguments.seed)
        for preset in arguments.presets.split(",")
        for count in arguments.counts.split(",")
    ]
    print(f"lineup: {', '.join(lineup)} (round the table); seed {arguments.seed}")
    print("\n".join(HEADER))
    if arguments.jobs > 1:
        with multiprocessing.Pool(arguments.jobs) as pool:
            for line in pool.imap(_cell, cells):
                print(line, flush=True)
    else:
        for cell in cells:
            print(_cell(cell), flush=True)


if __name__ == "__main__":
    main()
