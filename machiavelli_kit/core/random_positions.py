"""Random positions dealt from the decks: valid tables of a chosen size and a hand.

The one random dealer of the kit: the benchmarks, the property tests, the puzzle
generator and the game all deal from here.

>>> import random
>>> from machiavelli_kit.core.position import check_table
>>> position = random_position(random.Random(7), BGA, table_cards=20, hand_size=5)
>>> check_table(position.table).valid, len(position.hand), sum(position.table.cards().values()) >= 20
(True, 5, True)
"""

from __future__ import annotations

import random
from collections import Counter

from machiavelli_kit.core.cards import JOKER, RANKS, SUITS, Card, full_deck, rank_at, top_place
from machiavelli_kit.core.melds import Meld, check_meld
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import BGA, Rules


def random_table(
    rng: random.Random,
    rules: Rules,
    cards: int,
    supply: Counter[Card],
    *,
    also: tuple[Rules, ...] = (),
    set_share: float = 0.5,
) -> Table:
    """Lay random melds from ``supply`` (taken out of it) until about ``cards`` lie on the table.

    Each meld is a set of three or four (with chance ``set_share``) or a run of
    3 to 6 (sometimes 13 to 17 when runs go round and round), valid under ``rules``
    and every rule set in ``also``; a joker may stand in for one of its cards when
    the supply holds one.
    """
    every = (rules, *also)
    melds: list[Meld] = []
    laid = 0
    for _ in range(500):
        if laid >= cards:
            break
        rank, suit = rng.choice(RANKS), rng.choice(SUITS)
        if rng.random() < set_share:
            meld = [Card(rank, other) for other in rng.sample(SUITS, rng.choice((3, 3, 4)))]
        else:
            length = rng.choice((3, 3, 4, 4, 5, 6))
            if rules.unlimited_runs and rng.random() < 0.25:  # round and round, a card again past 13
                length = rng.randint(13, 17)
            meld = [Card(rank_at(rank + step), suit) for step in range(length)]
            if not rules.wrap and rank + len(meld) - 1 > top_place(rules.ace_high):
                continue
        if Counter(meld) - supply or not all(check_meld(meld, other).valid for other in every):
            continue
        if supply[JOKER] and rng.random() < 0.5:
            meld[rng.randrange(len(meld))] = JOKER
        supply.subtract(meld)
        melds.append(Meld(tuple(meld)))
        laid += len(meld)
    return Table(tuple(melds))


def shuffled_deck(rng: random.Random, rules: Rules = BGA) -> list[Card]:
    """Every card of the rules' decks and jokers, in an order drawn from ``rng`` (the game's dealer).

    >>> deck = shuffled_deck(random.Random(7), BGA)
    >>> len(deck), deck == shuffled_deck(random.Random(7), BGA), deck == sorted(deck)
    (104, True, False)
    """
    deck = sorted(full_deck(rules.decks, rules.jokers).elements())
    rng.shuffle(deck)
    return deck


def random_position(rng: random.Random, rules: Rules = BGA, *, table_cards: int, hand_size: int) -> Position:
    """A valid table of about ``table_cards`` cards and a random hand from what is left."""
    supply = full_deck(rules.decks, rules.jokers)
    table = random_table(rng, rules, table_cards, supply)
    rest = sorted(supply.elements())
    hand = rng.sample(rest, min(hand_size, len(rest)))
    return Position(table, tuple(hand))
