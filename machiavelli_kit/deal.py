"""Random positions dealt from the decks: valid tables of a chosen size and a hand.

Used by the benchmarks and the property tests; the puzzle generator builds on it.

>>> import random
>>> from machiavelli_kit.position import check_table
>>> position = random_position(random.Random(7), BGA, table_cards=20, hand_size=5)
>>> check_table(position.table).valid, len(position.hand), sum(position.table.cards().values()) >= 20
(True, 5, True)
"""

from __future__ import annotations

import random
from collections import Counter

from machiavelli_kit.cards import JOKER, Card, full_deck
from machiavelli_kit.melds import Meld
from machiavelli_kit.position import Position, Table
from machiavelli_kit.rules import BGA, Rules
from machiavelli_kit.templates import card_at, templates


def random_table(rng: random.Random, rules: Rules, cards: int, supply: Counter[Card]) -> Table:
    """Lay random valid melds from ``supply`` (taken out of it) until ``cards`` lie on the table.

    Runs of any length and sets of three or four are chosen at random among
    those the supply still holds; a joker may stand in for a missing card.
    """
    shapes = templates(rules)
    melds: list[Meld] = []
    laid = 0
    attempts = 0
    while laid < cards and attempts < 2000:
        attempts += 1
        shape = rng.choice(shapes)
        if len(shape.slots) > max(3, cards - laid + 2):
            continue
        meld = []
        for slot in shape.slots:
            card = card_at(slot)
            if supply[card] > 0:
                meld.append(card)
            elif supply[JOKER] > 0 and JOKER not in meld:
                meld.append(JOKER)
            else:
                break
        else:
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
