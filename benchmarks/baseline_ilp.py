"""The strongest max-only integer program we could write, as the benchmark's baseline.

It answers only ``max_play`` (no par, no moves, no validation): the same
template model as the kit without the start-meld matching. The model is built
once per rule set; a position only changes bounds:

- ``x[T]``: copies of new meld ``T`` (sets, and runs of 3 to 5 cards: a longer run
  is two shorter ones), at most as many as the position's cards and jokers fill
  (0 for a template it cannot fill);
- ``u[c]``, ``j[c]``: slots of card ``c`` held by the real card and by a joker,
  ``on table <= u[c] <= on table + in hand``;
- maximise the cards placed, at least one and at most the cap more than the table.

The linear relaxation is solved first (presolve off, from the last position's
basis) and taken when integral; otherwise HiGHS's branch and cut finishes, with
presolve, an absolute gap below 1 (the objective is integral) and the options
that measured best on these positions.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import highspy
import numpy as np

from machiavelli_kit.core.cards import JOKER
from machiavelli_kit.core.position import Position
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.solver.templates import CARD_COUNT, card_index, template_arrays

OPTIONS: dict[str, str | float | bool] = {
    "output_flag": False,
    "threads": 1,
    "mip_rel_gap": 0.0,
    "mip_abs_gap": 0.999,  # the objective is integral: a gap below 1 is optimal
    "mip_heuristic_run_feasibility_jump": False,
}
"""Chosen by measurement on the benchmark's positions, as are presolve off for the relaxation
(it is re-solved from the last position's basis) and on for branch and cut."""


class _Model:
    """The rule set's program in a reusable HiGHS object; see the module docstring."""

    def __init__(self, ace_high: bool, wrap: bool, jokers: bool) -> None:
        arrays = template_arrays(Rules(ace_high=ace_high, wrap=wrap))
        self.slots, offsets = arrays.gather(arrays.new)  # sets, and runs of 3 to 5 cards
        self.firsts = offsets[:-1]
        self.count = len(arrays.new)
        joker_columns = CARD_COUNT if jokers else 0
        columns = self.count + CARD_COUNT + joker_columns
        starts: list[int] = offsets.tolist()
        indexes: list[int] = self.slots.tolist()
        # u[c] and j[c]: -1 in the card row, +1 in the placed row (and the joker row)
        values = [1.0] * len(indexes)
        placed_row, joker_row = CARD_COUNT, CARD_COUNT + 1
        for kind in range(1 + bool(jokers)):
            for card in range(CARD_COUNT):
                rows = [card, placed_row] + ([joker_row] if kind else [])
                indexes.extend(rows)
                values.extend([-1.0] + [1.0] * (len(rows) - 1))
                starts.append(len(indexes))
        lp = highspy.HighsLp()
        lp.num_col_, lp.num_row_ = columns, CARD_COUNT + 1 + bool(jokers)
        lp.col_cost_ = np.array([0.0] * self.count + [1.0] * (CARD_COUNT + joker_columns))
        lp.col_lower_ = np.zeros(columns)
        lp.col_upper_ = np.zeros(columns)
        lp.row_lower_ = np.zeros(lp.num_row_)
        lp.row_upper_ = np.zeros(lp.num_row_)
        lp.sense_ = highspy.ObjSense.kMaximize
        lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
        lp.a_matrix_.start_ = np.array(starts, dtype=np.int32)
        lp.a_matrix_.index_ = np.array(indexes, dtype=np.int32)
        lp.a_matrix_.value_ = np.array(values)
        self.highs = highspy.Highs()  # type: ignore[no-untyped-call]
        for name, value in OPTIONS.items():
            self.highs.setOptionValue(name, value)
        self.highs.passModel(lp)
        self.columns = np.arange(columns, dtype=np.int32)
        self.rows = np.arange(lp.num_row_, dtype=np.int32)
        self.jokers = jokers

    def solve(self, position: Position, rules: Rules) -> int:
        """``max_play`` for ``position`` (0: nothing can be played)."""
        table, hand = position.table.cards(), Counter(position.hand)
        on_table = np.zeros(CARD_COUNT)
        in_hand = np.zeros(CARD_COUNT)
        for card, count in table.items():
            if card != JOKER:
                on_table[card_index(card)] = count
        for card, count in hand.items():
            if card != JOKER:
                in_hand[card_index(card)] = count
        jokers = table[JOKER] + hand[JOKER]
        held = (on_table + in_hand)[self.slots]
        missing = np.add.reduceat(held == 0, self.firsts)
        least = np.minimum.reduceat(np.where(held > 0, held, CARD_COUNT), self.firsts)
        copies = np.minimum(least + jokers, np.where(missing > 0, jokers // np.maximum(missing, 1), CARD_COUNT))
        lower = np.concatenate([np.zeros(self.count), on_table] + ([np.zeros(CARD_COUNT)] if self.jokers else []))
        upper = np.concatenate(
            [np.where(missing <= jokers, copies, 0.0), on_table + in_hand]
            + ([np.full(CARD_COUNT, float(jokers))] if self.jokers else [])
        )
        total = on_table.sum() + table[JOKER]
        cap = len(position.hand) if rules.max_cards_per_turn is None else rules.max_cards_per_turn
        row_lower = np.zeros(len(self.rows))
        row_upper = np.zeros(len(self.rows))
        row_lower[CARD_COUNT], row_upper[CARD_COUNT] = total + 1, total + min(cap, len(position.hand))
        if self.jokers:
            row_lower[CARD_COUNT + 1], row_upper[CARD_COUNT + 1] = table[JOKER], jokers
        highs = self.highs
        highs.changeColsBounds(len(self.columns), self.columns, lower, upper)
        highs.changeRowsBounds(len(self.rows), self.rows, row_lower, row_upper)  # type: ignore[attr-defined]
        highs.changeColsIntegrality(len(self.columns), self.columns, np.zeros(len(self.columns), dtype=np.uint8))
        highs.setOptionValue("presolve", "off")
        highs.run()
        if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            return 0
        relaxed = np.asarray(highs.getSolution().col_value)
        if np.all(np.abs(relaxed - np.rint(relaxed)) < 1e-9):
            return round(float(highs.getInfo().objective_function_value - total))
        highs.changeColsIntegrality(len(self.columns), self.columns, np.ones(len(self.columns), dtype=np.uint8))
        highs.setOptionValue("presolve", "on")
        highs.run()
        if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            return 0
        return round(float(highs.getInfo().objective_function_value - total))


@cache
def _model(ace_high: bool, wrap: bool, jokers: bool) -> _Model:
    return _Model(ace_high, wrap, jokers)


def baseline_solve(position: Position, rules: Rules) -> int:
    """``max_play`` for ``position`` under ``rules`` (0 when nothing can be played)."""
    return _model(rules.ace_high, rules.wrap, rules.jokers > 0).solve(position, rules)
