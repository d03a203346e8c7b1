"""The hardest positions we found, kept in ``hardest.txt``, and the search that found them.

``hardest.txt`` holds one position a line, ``rules || table || hand``: the slowest
for the kit's full answer among many candidates of the kinds that are slow (big
tables with long hands, wrap, 3 to 8 decks, many jokers, no cap or a long one),
with the issue's two-deck wrap table of 60 cards and a 19-card hand.
``solver_speed.py --bucket hardest`` times them against the baseline.

Run: ``.venv/bin/python benchmarks/hardest.py --search [--candidates 400] [--keep 40] [--seed 1]``
to search again (it times each candidate's full answer, so the choice depends on the
machine: the file keeps what one search found, and the benchmark always reads it).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from hard_positions import hard_position

from machiavelli_kit.core.position import Position
from machiavelli_kit.core.random_positions import random_position
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.files import write_atomically
from machiavelli_kit.solver import solve

FILE = Path(__file__).with_name("hardest.txt")
ISSUE_TABLE = (
    "4S 5S 6S 7S 8S 9S | 8D 9D 10D JD QD KD AD 2D 3D 4D | KS KH KD KC | JS QS KS AS 2S | 7S 7H 7C | "
    "QC KC AC 2C 3C 4C | 6D 7D 8D | JH QH KH AH 2H 3H 4H | 3S 4S 5S 6S | 8S 9S 10S | 2D 3D 4D 5D 6D 7D | 4H 5H 6H 7H"
)
ISSUE_HAND = "AS AH 2S 2C 3S 3H 3C 5H 5C 5C 6H 7C 8C 9H 10H 10C QS QH QC"
ISSUE_RULES = Rules.parse("bga(max_cards_per_turn=none, wrap=true)")
"""The issue's slow position: a two-deck wrap table of 60 cards and a 19-card hand, no cap."""
KINDS = (
    ("bga(max_cards_per_turn=none, wrap=true)", 60, 19),
    ("bga(max_cards_per_turn=none, wrap=true, jokers=4)", 70, 20),
    ("bga(decks=3, max_cards_per_turn=none, wrap=true)", 100, 20),
    ("bga(decks=3, jokers=6, max_cards_per_turn=30)", 110, 24),
    ("bga(decks=4, jokers=4, max_cards_per_turn=none, wrap=true)", 140, 24),
    ("bga(decks=5, jokers=8)", 180, 20),
    ("bga(decks=6, max_cards_per_turn=none, wrap=true)", 220, 26),
    ("bga(decks=8, jokers=8, max_cards_per_turn=none)", 300, 30),
    ("bga(decks=8, max_cards_per_turn=none, wrap=true)", 320, 24),
    ("bga(jokers=4, max_cards_per_turn=none, wrap=unlimited)", 70, 18),
)
"""Candidate kinds: rules, table cards, hand cards."""


def hardest_positions() -> list[tuple[Position, Rules]]:
    """The positions kept in ``hardest.txt`` with their rules (none when the file is missing)."""
    if not FILE.exists():
        return []
    found = []
    for line in FILE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            rules, table, hand = (part.strip() for part in line.split("||"))
            found.append((Position.parse(table, hand), Rules.parse(rules)))
    return found


def candidates(rng: random.Random, count: int) -> list[tuple[Position, Rules]]:
    """``count`` candidates of the slow kinds: random tables and the hard generator's mended runs."""
    found = [(Position.parse(ISSUE_TABLE, ISSUE_HAND), ISSUE_RULES)]
    for index in range(count):
        text, table_cards, hand_size = KINDS[index % len(KINDS)]
        rules = Rules.parse(text)
        if index % 2:
            position = random_position(rng, rules, table_cards=table_cards, hand_size=hand_size)
        else:
            position = hard_position(rng, rules, table_cards=table_cards, hand_size=hand_size)
        found.append((position, rules))
    return found


def seconds(position: Position, rules: Rules) -> float:
    """The best of two full answers' times (solve and moves), in seconds."""
    best = float("inf")
    for _ in range(2):
        started = time.perf_counter()
        _ = solve(position, rules, time_limit=None).moves
        best = min(best, time.perf_counter() - started)
    return best


def line(position: Position, rules: Rules) -> str:
    return f"{rules} || {position.table.notation()} || {' '.join(card.code for card in position.hand)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--search", action="store_true", help="search again and rewrite hardest.txt")
    parser.add_argument("--candidates", type=int, default=400)
    parser.add_argument("--keep", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    if not arguments.search:
        for position, rules in hardest_positions():
            print(f"{seconds(position, rules) * 1000:8.1f} ms  {line(position, rules)}")
        return
    timed = sorted(
        (
            (seconds(position, rules), line(position, rules))
            for position, rules in candidates(random.Random(arguments.seed), arguments.candidates)
        ),
        reverse=True,
    )
    kept = timed[: arguments.keep]
    issue = line(Position.parse(ISSUE_TABLE, ISSUE_HAND), ISSUE_RULES)
    if issue not in [text for _, text in kept]:
        kept.append(next(item for item in timed if item[1] == issue))
    header = (
        f"# The {len(kept)} slowest of {len(timed)} candidates (benchmarks/hardest.py --search --seed "
        f"{arguments.seed}); ms as found: " + " ".join(f"{value * 1000:.0f}" for value, _ in kept)
    )
    write_atomically(FILE, "\n".join([header, *(text for _, text in kept)]) + "\n")
    print(header)


if __name__ == "__main__":
    main()
