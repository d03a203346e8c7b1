"""Deliberately hard positions for the solver benchmark: jokers, long hands, near-complete runs.

A table of long runs, each cut into pieces of three or more where a card is
missing; the missing cards, the jokers and some other cards make a long hand.
Most hand cards fit in several places, and a joker may stand in a piece, so
the linear relaxation has many fractional vertices and ties.

Run: ``.venv/bin/python benchmarks/hard_positions.py [--count 5] [--seed 1]`` to print some.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from machiavelli_kit.core.cards import JOKER, Card, full_deck
from machiavelli_kit.core.melds import MIN_MELD, Meld, check_meld
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.random_positions import random_table
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.solver.templates import templates

HARD_RULES = (
    Rules(jokers=2, max_cards_per_turn=None),
    Rules(jokers=4, wrap=True, max_cards_per_turn=None),
    Rules(jokers=2, ace_high=False),
    Rules(jokers=4),
    Rules(jokers=2, wrap=True, max_cards_per_turn=None),
    Rules(decks=3, jokers=2),
)


def hard_position(rng: random.Random, rules: Rules, *, table_cards: int = 60, hand_size: int = 17) -> Position:
    """A table of near-complete runs (and some sets) and a long hand that mends them."""
    supply = full_deck(rules.decks, rules.jokers)
    runs = [shape for shape in templates(rules) if shape.kind == "run" and len(shape.slots) >= 7]
    melds: list[tuple[Card, ...]] = []
    menders: list[Card] = []
    laid = 0
    for _ in range(200):
        if laid >= table_cards * 2 // 3:
            break
        cards = rng.choice(runs).cards()
        if any(supply[card] < 1 for card in cards):
            continue
        supply.subtract(cards)
        pieces, missing = _cut(rng, cards)
        menders.extend(missing)
        for piece in pieces:
            if supply[JOKER] and rng.random() < 0.3:
                piece, freed = _with_joker(rng, piece, rules)
                supply[JOKER] -= freed is not None
                menders.extend([freed] if freed is not None else [])
            melds.append(piece)
            laid += len(piece)
    rest = random_table(rng, rules, table_cards - laid, supply, set_share=0.7)
    melds.extend(meld.cards for meld in rest.melds)
    jokers = [JOKER] * supply[JOKER]
    supply[JOKER] = 0
    hand = jokers + rng.sample(menders, min(len(menders), hand_size - len(jokers)))
    spare = sorted(supply.elements())
    hand += rng.sample(spare, min(len(spare), max(0, hand_size - len(hand))))
    rng.shuffle(melds)
    position = Position(Table(tuple(Meld(meld) for meld in melds)), tuple(hand))
    _check_supply(position, rules)
    return position


def _cut(rng: random.Random, cards: tuple[Card, ...]) -> tuple[list[tuple[Card, ...]], list[Card]]:
    """Cut a run into pieces of three or more, taking out one card between pieces."""
    pieces, missing = [], []
    start = 0
    while len(cards) - start >= 2 * MIN_MELD + 1:
        length = rng.randint(MIN_MELD, len(cards) - start - MIN_MELD - 1)
        pieces.append(cards[start : start + length])
        missing.append(cards[start + length])
        start += length + 1
    pieces.append(cards[start:])
    return pieces, missing


def _with_joker(rng: random.Random, piece: tuple[Card, ...], rules: Rules) -> tuple[tuple[Card, ...], Card | None]:
    """The piece with one card replaced by a joker, and that card (``None``: the piece is unchanged)."""
    place = rng.randrange(len(piece))
    changed = (*piece[:place], JOKER, *piece[place + 1 :])
    if not check_meld(changed, rules).valid:
        return piece, None
    return changed, piece[place]


def _check_supply(position: Position, rules: Rules) -> None:
    counts = position.all_cards()
    assert counts[JOKER] <= rules.jokers and all(
        count <= rules.decks for card, count in counts.items() if not card.is_joker
    ), position
    assert all(check_meld(meld.cards, rules).valid for meld in position.table.melds), position


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    for index in range(arguments.count):
        rules = HARD_RULES[index % len(HARD_RULES)]
        position = hard_position(rng, rules)
        cards = Counter(position.table.cards())
        print(f"{rules}: {sum(cards.values())} table cards, {len(position.hand)} in hand")
        print(f"  table {position.table.notation()}")
        print(f"  hand  {' '.join(card.code for card in position.hand)}")


if __name__ == "__main__":
    main()
