"""The exact solver: the most hand cards that can be played, disturbing the table least.

The question is an integer program over the rules' meld templates
(:mod:`machiavelli_kit.templates`), solved exactly by HiGHS:

- ``x[T]``: how many copies of template ``T`` lie on the final table;
- ``u[c]``, ``j[c]``: how many slots of card ``c`` hold the real card, and how many a joker;
- every card on the table at the start stays (``u[c] >= on table``), the rest come
  from the hand (``u[c] <= on table + in hand``), jokers likewise.

Among the plays that reach the goal, the solver keeps the one that moves the
fewest table cards to another meld. A table card *stays* when its start meld is
matched to the final meld that holds it; each start meld is matched to at most
one final meld of the same kind (a set to a set of its rank, a run to a run of
its suit) and each final meld to at most one start meld. The matching is part
of the same integer program (``y[M, T]``), so the least disruption is exact,
not a heuristic: ``par`` = table cards that change meld + hand cards placed.
Jokers count neither as staying nor as changing.

>>> from machiavelli_kit.position import Position
>>> best = solve(Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H"))
>>> best.max_play, str(best.table), best.par
(1, '5♠ 5♦ 5♣ | 4♥ 5♥ 6♥ 7♥ 8♥', 2)
>>> solve(Position.parse("6S 6H 6D | 7S 7H 7D", "8H")).feasible
False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Literal

import highspy
import numpy as np

from machiavelli_kit.cards import JOKER, Card
from machiavelli_kit.melds import Meld, check_meld
from machiavelli_kit.notation import format_card
from machiavelli_kit.position import Position, Table, check_turn
from machiavelli_kit.rules import BGA, Rules
from machiavelli_kit.templates import CARD_COUNT, Template, card_index, templates

if TYPE_CHECKING:
    from machiavelli_kit.steps import Move

GoalName = Literal["max", "close"]
Goal = GoalName | Card


class SolverInputError(ValueError):
    """A position the solver cannot take: more copies than the decks hold, or a bad goal."""


class SolverError(RuntimeError):
    """The solver's own answer failed the validator (a bug: please report the position)."""


@dataclass(frozen=True)
class Solution:
    """The best play found for a position, or the verdict that none meets the goal."""

    position: Position
    rules: Rules
    goal: Goal
    feasible: bool
    played: tuple[Card, ...]
    table: Table
    origins: tuple[int | None, ...] = field(repr=False)
    """For each final meld, the start meld it continues (``None``: a new meld)."""
    changed: int

    @property
    def max_play(self) -> int:
        return len(self.played)

    @property
    def par(self) -> int:
        """Table cards that change meld plus hand cards placed."""
        return self.changed + len(self.played)

    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(sorted((Counter(self.position.hand) - Counter(self.played)).elements()))

    @property
    def end_position(self) -> Position:
        return Position(self.table, self.hand)

    @property
    def broken(self) -> tuple[int, ...]:
        """Start melds that lost cards or were taken apart."""
        kept = {origin: meld for origin, meld in zip(self.origins, self.table.melds) if origin is not None}
        return tuple(
            index
            for index, meld in enumerate(self.position.table.melds)
            if index not in kept or Counter(meld.cards) - Counter(kept[index].cards)
        )

    @cached_property
    def moves(self) -> tuple[Move, ...]:
        """Single-card moves from the start table to this one, in an order that reads well."""
        from machiavelli_kit.steps import plan_moves

        return plan_moves(self)

    def __str__(self) -> str:
        if not self.feasible:
            return "no play reaches the goal: restore the table"
        played = " ".join(str(card) for card in self.played)
        return f"play {len(self.played)} ({played}), par {self.par}: {self.table}"


def solve(position: Position, rules: Rules = BGA, goal: Goal | str = "max") -> Solution:
    """The exact best play for ``position`` under ``rules``.

    ``goal`` is ``"max"`` (as many hand cards as possible, at least one),
    ``"close"`` (the whole hand), or a card (``Card`` or ``"7S"``) that must be
    played; with a card goal the solver plays as little else as it can.
    Ties are broken by the least disruption of the table (lowest par).
    """
    goal = _as_goal(goal, position)
    problems = position.problems(rules)
    if problems:
        raise SolverInputError("; ".join(problem.message for problem in problems))
    program = _Program(position, rules, goal)
    result = program.solve()
    if result is None:
        return Solution(position, rules, goal, False, (), position.table, tuple(range(len(position.table))), 0)
    solution = program.extract(result)
    verdict = check_turn(position, solution.end_position, rules)
    if not verdict.valid:
        raise SolverError(f"the solver's answer for {position!r} is not a valid turn: {verdict.explain()}")
    return solution


def _as_goal(goal: Goal | str, position: Position) -> Goal:
    if isinstance(goal, Card):
        card = goal
    elif goal in ("max", "close"):
        return goal  # type: ignore[return-value]
    else:
        from machiavelli_kit.notation import parse_card

        text = goal.removeprefix("play:")
        try:
            card = parse_card(text)
        except ValueError:
            raise SolverInputError(f"{goal!r} is not a goal: use max, close, or a card to play such as 7S") from None
    if card not in position.hand:
        raise SolverInputError(f"the goal card {format_card(card)} is not in the hand")
    return card


@dataclass
class _Columns:
    """Column bookkeeping for the integer program."""

    lower: list[float] = field(default_factory=list)
    upper: list[float] = field(default_factory=list)
    cost: list[float] = field(default_factory=list)
    entries: list[list[tuple[int, float]]] = field(default_factory=list)

    def add(self, lower: float, upper: float, cost: float = 0.0) -> int:
        self.lower.append(lower)
        self.upper.append(upper)
        self.cost.append(cost)
        self.entries.append([])
        return len(self.lower) - 1


class _Program:
    """The integer program for one position; see the module docstring."""

    def __init__(self, position: Position, rules: Rules, goal: Goal) -> None:
        self.position, self.rules, self.goal = position, rules, goal
        table, hand = position.table.cards(), Counter(position.hand)
        self.on_table = np.zeros(CARD_COUNT, dtype=int)
        self.in_hand = np.zeros(CARD_COUNT, dtype=int)
        for card, count in table.items():
            if not card.is_joker:
                self.on_table[card_index(card)] = count
        for card, count in hand.items():
            if not card.is_joker:
                self.in_hand[card_index(card)] = count
        self.table_jokers, self.hand_jokers = table[JOKER], hand[JOKER]
        jokers = self.table_jokers + self.hand_jokers
        available = self.on_table + self.in_hand
        self.templates = [
            template
            for template in templates(rules)
            if int(np.count_nonzero(available[list(template.slots)] == 0)) <= jokers
        ]
        self.start_melds = [_meld_shape(meld) for meld in position.table.melds]

    def solve(self) -> dict[str, np.ndarray] | None:
        rules, goal = self.rules, self.goal
        columns = _Columns()
        rows_lower: list[float] = []
        rows_upper: list[float] = []

        def row(lower: float, upper: float, terms: Sequence[tuple[int, float]]) -> None:
            index = len(rows_lower)
            rows_lower.append(lower)
            rows_upper.append(upper)
            for column, value in terms:
                columns.entries[column].append((index, value))

        jokers = self.table_jokers + self.hand_jokers
        copies = rules.decks + jokers
        x = [columns.add(0, copies) for _ in self.templates]
        used = sorted({slot for template in self.templates for slot in template.slots})
        u = {c: columns.add(float(self.on_table[c]), float(self.on_table[c] + self.in_hand[c])) for c in used}
        j = {c: columns.add(0, jokers) for c in used} if jokers else {}
        slot_terms: dict[int, list[tuple[int, float]]] = {c: [] for c in used}
        for column, template in zip(x, self.templates):
            for slot in template.slots:
                slot_terms[slot].append((column, 1.0))
        for c in used:
            row(0, 0, [*slot_terms[c], (u[c], -1.0), *([(j[c], -1.0)] if j else [])])
        for c in np.flatnonzero(self.on_table):
            if int(c) not in u:
                return None  # a table card that fits in no meld at all
        if j:
            row(self.table_jokers, jokers, [(j[c], 1.0) for c in used])
        table_total = int(self.on_table.sum()) + self.table_jokers
        hand_total = len(self.position.hand)
        placed = [(column, 1.0) for column in [*u.values(), *j.values()]]
        cap = hand_total if rules.max_cards_per_turn is None else min(hand_total, rules.max_cards_per_turn)
        if goal == "close":
            if cap < hand_total:
                return None
            row(table_total + hand_total, table_total + hand_total, placed)
        else:
            row(table_total + 1, table_total + cap, placed)
        if isinstance(goal, Card):
            if goal.is_joker:
                row(self.table_jokers + 1, jokers, [(j[c], 1.0) for c in used])
            else:
                c = card_index(goal)
                if c not in u:
                    return None
                columns.lower[u[c]] = float(self.on_table[c] + 1)

        # Least disruption: y[M, T] = 1 when start meld M continues as a copy of template T.
        play_weight = {"max": table_total + 1.0, "close": 0.0}[goal] if isinstance(goal, str) else -1.0
        for column in [*u.values(), *j.values()]:
            columns.cost[column] = play_weight
        self.y_pairs: list[tuple[int, int, int]] = []
        per_template: dict[int, list[tuple[int, float]]] = {}
        per_card: dict[int, list[tuple[int, float]]] = {}
        for m_index, shape in enumerate(self.start_melds):
            if shape is None:
                continue
            kind, key, cards = shape
            options = []
            for t_index, template in enumerate(self.templates):
                if template.kind != kind or (template.rank if kind == "set" else template.suit) != key:
                    continue
                stays = cards & set(template.slots)
                if not stays:
                    continue
                y = columns.add(0, 1, float(len(stays)))
                self.y_pairs.append((m_index, t_index, y))
                options.append((y, 1.0))
                per_template.setdefault(t_index, []).append((y, 1.0))
                for c in stays:
                    per_card.setdefault(c, []).append((y, 1.0))
            if options:
                row(-highspy.kHighsInf, 1, options)
        for t_index, terms in per_template.items():
            row(-highspy.kHighsInf, 0, [*terms, (x[t_index], -1.0)])
        for c, terms in per_card.items():
            row(-highspy.kHighsInf, 0, [*terms, (u[c], -1.0)])

        values = _run_highs(columns, rows_lower, rows_upper)
        if values is None:
            return None
        self.columns = (x, u, j)
        return {"values": values}

    def extract(self, result: dict[str, np.ndarray]) -> Solution:
        values = np.rint(result["values"]).astype(int)
        x, u, j = self.columns
        real_left = {c: int(values[column]) for c, column in u.items()}
        instances: list[Template] = []
        for column, template in zip(x, self.templates):
            instances.extend([template] * int(values[column]))
        origin_of: dict[int, int] = {}
        stays_of: dict[int, set[int]] = {}
        for m_index, t_index, column in self.y_pairs:
            if values[column] != 1:
                continue
            template = self.templates[t_index]
            instance = next(
                i for i, candidate in enumerate(instances) if candidate is template and i not in origin_of
            )
            origin_of[instance] = m_index
            shape = self.start_melds[m_index]
            assert shape is not None
            stays_of[instance] = shape[2] & set(template.slots)
        for instance, stays in stays_of.items():
            for c in stays:
                real_left[c] -= 1
        melds: list[tuple[int | None, Meld]] = []
        stayed = 0
        for instance, template in enumerate(instances):
            cards = []
            for slot in template.slots:
                if slot in stays_of.get(instance, set()):
                    cards.append(_card(slot))
                    stayed += 1
                elif real_left.get(slot, 0) > 0:
                    real_left[slot] -= 1
                    cards.append(_card(slot))
                else:
                    cards.append(JOKER)
            melds.append((origin_of.get(instance), Meld(tuple(cards))))
        melds.sort(key=lambda item: (item[0] is None, item[0] if item[0] is not None else 0))
        table = Table(tuple(meld for _, meld in melds))
        played = Counter(table.cards()) - self.position.table.cards()
        table_naturals = int(self.on_table.sum())
        return Solution(
            self.position,
            self.rules,
            self.goal,
            True,
            tuple(sorted(played.elements())),
            table,
            tuple(origin for origin, _ in melds),
            table_naturals - stayed,
        )


def _card(index: int) -> Card:
    from machiavelli_kit.templates import card_at

    return card_at(index)


def _meld_shape(meld: Meld) -> tuple[str, object, frozenset[int]] | None:
    """How a start meld can continue: (kind, rank or suit, its natural card indexes)."""
    naturals = [card for card in meld.cards if not card.is_joker]
    if not naturals:
        return None
    cards = frozenset(card_index(card) for card in naturals)
    if len(cards) < len(naturals):
        return None
    verdict = check_meld(meld.cards, Rules(jokers=len(meld.cards)))
    if verdict.kind == "set":
        return ("set", naturals[0].rank, cards)
    if verdict.kind == "run":
        return ("run", naturals[0].suit, cards)
    return None


def _run_highs(columns: _Columns, rows_lower: list[float], rows_upper: list[float]) -> np.ndarray | None:
    highs = highspy.Highs()
    highs.setOptionValue("output_flag", False)
    highs.setOptionValue("mip_rel_gap", 0.0)
    highs.setOptionValue("mip_abs_gap", 0.5)
    highs.setOptionValue("threads", 1)
    lp = highspy.HighsLp()
    lp.num_col_ = len(columns.lower)
    lp.num_row_ = len(rows_lower)
    lp.col_cost_ = np.asarray(columns.cost, dtype=float)
    lp.col_lower_ = np.asarray(columns.lower, dtype=float)
    lp.col_upper_ = np.asarray(columns.upper, dtype=float)
    lp.row_lower_ = np.asarray(rows_lower, dtype=float)
    lp.row_upper_ = np.asarray(rows_upper, dtype=float)
    lp.sense_ = highspy.ObjSense.kMaximize
    starts, indexes, values = [0], [], []
    for entries in columns.entries:
        for row_index, value in entries:
            indexes.append(row_index)
            values.append(value)
        starts.append(len(indexes))
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = np.asarray(starts, dtype=np.int32)
    lp.a_matrix_.index_ = np.asarray(indexes, dtype=np.int32)
    lp.a_matrix_.value_ = np.asarray(values, dtype=float)
    lp.integrality_ = [highspy.HighsVarType.kInteger] * lp.num_col_
    highs.passModel(lp)
    highs.run()
    if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return None
    return np.asarray(highs.getSolution().col_value)
