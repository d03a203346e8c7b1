"""How fast the computer players think: the expert's moves, and a whole game of all four players.

Run: ``.venv/bin/python benchmarks/players_speed.py [--games 40] [--seed 1] [--rules bga]``

Plays ``--games`` deals of the expert against three greedy players, then as many of all four
players (expert, greedy, beginner, random; every deal from ``--seed`` on, one process) and
prints, in process CPU time (what a move costs, which hardly grows when other programs share
the machine; the clock's time beside it):

- every player's moves: median, p99 and slowest, and how many moves;
- a four-player game's thinking (all four players' moves added up): median, mean, p90, slowest,
  and each player's share; and the whole game's time with the referee's checks of every play
  (``Game.play``), which is not thinking but is what a game of computer players costs.

Greedy, the solver's plain maximum play, is the yardstick in the same run: the expert's median
and p99 are printed over greedy's too.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from machiavelli_kit.game.autoplay import play_game

FOUR = ("expert", "greedy", "beginner", "random")
EXPERT_TABLE = ("expert", "greedy", "greedy", "greedy")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="deals of each table")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--rules", default="bga")
    arguments = parser.parse_args()
    seeds = range(arguments.seed, arguments.seed + arguments.games)
    moves: dict[str, list[float]] = defaultdict(list)  # process CPU ms of each move, by player
    clock_moves: dict[str, list[float]] = defaultdict(list)
    for seed in seeds:
        run = play_game(EXPERT_TABLE, arguments.rules, seed)
        for seat, name in enumerate(EXPERT_TABLE):
            moves[name] += [1000 * seconds for seconds in run.processor[seat]]
            clock_moves[name] += [1000 * seconds for seconds in run.times[seat]]
    thinking: list[float] = []
    whole: list[float] = []
    shares: dict[str, list[float]] = defaultdict(list)
    for seed in seeds:
        started = time.process_time()
        run = play_game(FOUR, arguments.rules, seed)
        whole.append(time.process_time() - started)
        thinking.append(sum(sum(seconds) for seconds in run.processor))
        for seat, name in enumerate(FOUR):
            shares[name].append(sum(run.processor[seat]))
            moves[name] += [1000 * seconds for seconds in run.processor[seat]]
            clock_moves[name] += [1000 * seconds for seconds in run.times[seat]]
    print(f"rules {arguments.rules}, deals {seeds.start}-{seeds.stop - 1}: {arguments.games} games of "
          f"{' + '.join(EXPERT_TABLE)}, {arguments.games} of {' + '.join(FOUR)}")  # fmt: skip
    print()
    print(f"{'player':9} {'moves':>6} {'median':>8} {'p99':>8} {'slowest':>8}   (ms, process CPU)   clock p99")
    for name in FOUR:
        values = moves[name]
        print(
            f"{name:9} {len(values):6} {statistics.median(values):8.2f} {percentile(values, 0.99):8.1f} "
            f"{max(values):8.1f}   {'':19} {percentile(clock_moves[name], 0.99):8.1f}"
        )
    expert, greedy = moves["expert"], moves["greedy"]
    print(
        f"expert/greedy: median {statistics.median(expert) / statistics.median(greedy):.2f}x, "
        f"p99 {percentile(expert, 0.99) / percentile(greedy, 0.99):.2f}x"
    )
    print()
    print(f"a four-player game, seconds of process CPU ({len(thinking)} games):")
    print(f"{'':22} {'median':>8} {'mean':>8} {'p90':>8} {'slowest':>8}")
    for label, values in (("thinking", thinking), ("with the referee", whole)):
        print(
            f"{label:22} {statistics.median(values):8.3f} {statistics.mean(values):8.3f} "
            f"{percentile(values, 0.9):8.3f} {max(values):8.3f}"
        )
    total = sum(thinking)
    print(
        "each player's share of the thinking: " + ", ".join(f"{name} {sum(shares[name]) / total:.0%}" for name in FOUR)
    )


if __name__ == "__main__":
    main()
