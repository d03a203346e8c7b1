"""A straightforward integer program for the same question, as the benchmark's baseline.

Every template and every card get a variable whatever the position holds, the
model is written row by row with highspy's modelling layer, and the same
weighted objective (most cards played, then fewest table cards moved) is solved.
"""

from __future__ import annotations

from collections import Counter

import highspy

from machiavelli_kit.cards import JOKER
from machiavelli_kit.position import Position
from machiavelli_kit.rules import Rules
from machiavelli_kit.templates import CARD_COUNT, card_index, templates


def baseline_solve(position: Position, rules: Rules) -> tuple[int, int]:
    """``(max_play, par)`` for ``position``, or ``(0, 0)`` when nothing can be played."""
    table, hand = position.table.cards(), Counter(position.hand)
    on_table = [0] * CARD_COUNT
    in_hand = [0] * CARD_COUNT
    for card, count in table.items():
        if card != JOKER:
            on_table[card_index(card)] = count
    for card, count in hand.items():
        if card != JOKER:
            in_hand[card_index(card)] = count
    jokers = table[JOKER] + hand[JOKER]
    shapes = templates(rules)
    h = highspy.Highs()
    h.silent()
    h.setOptionValue("threads", 1)
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_abs_gap", 0.5)
    x = [h.addIntegral(lb=0, ub=rules.decks + jokers) for _ in shapes]
    u = [h.addIntegral(lb=on_table[c], ub=on_table[c] + in_hand[c]) for c in range(CARD_COUNT)]
    j = [h.addIntegral(lb=0, ub=jokers) for _ in range(CARD_COUNT)]
    for c in range(CARD_COUNT):
        h.addConstr(sum((x[t] for t, shape in enumerate(shapes) if c in shape.slots), 0 * u[c]) == u[c] + j[c])
    h.addConstr(sum(j) >= table[JOKER])
    h.addConstr(sum(j) <= jokers)
    table_total = sum(on_table) + table[JOKER]
    placed = sum(u) + sum(j)
    cap = len(position.hand) if rules.max_cards_per_turn is None else rules.max_cards_per_turn
    h.addConstr(placed >= table_total + 1)
    h.addConstr(placed <= table_total + cap)
    stays = []
    per_template: dict[int, list[object]] = {}
    per_card: dict[int, list[object]] = {}
    for meld in position.table.melds:
        naturals = [card for card in meld.cards if card != JOKER]
        cards = {card_index(card) for card in naturals}
        same_rank = len({card.rank for card in naturals}) == 1
        same_suit = len({card.suit for card in naturals}) == 1
        options = []
        for t, shape in enumerate(shapes):
            fits = (shape.kind == "set" and same_rank and shape.rank == naturals[0].rank) or (
                shape.kind == "run" and same_suit and shape.suit == naturals[0].suit
            )
            common = cards & set(shape.slots)
            if fits and common:
                y = h.addBinary()
                options.append((y, t, common))
                stays.append(len(common) * y)
        if options:
            h.addConstr(sum(y for y, _, _ in options) <= 1)
        for y, t, common in options:
            per_template.setdefault(t, []).append(y)
            for c in common:
                per_card.setdefault(c, []).append(y)
    for t, ys in per_template.items():
        h.addConstr(sum(ys, 0 * x[t]) <= x[t])
    for c, ys in per_card.items():
        h.addConstr(sum(ys, 0 * u[c]) <= u[c])
    h.maximize((table_total + 1) * (placed - table_total) + sum(stays, 0 * u[0]))
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return (0, 0)
    played = round(h.val(placed)) - table_total
    stayed = round(sum(h.val(stay) for stay in stays)) if stays else 0
    return played, played + sum(on_table) - stayed
