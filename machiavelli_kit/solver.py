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
from typing import TYPE_CHECKING

import highspy
import numpy as np

from machiavelli_kit.cards import JOKER, Card
from machiavelli_kit.goal import Goal, GoalError
from machiavelli_kit.melds import MIN_MELD, Meld, check_meld, check_shape
from machiavelli_kit.notation import format_card
from machiavelli_kit.position import Position, Table, check_turn
from machiavelli_kit.rules import BGA, Rules, as_rules
from machiavelli_kit.templates import CARD_COUNT, Template, card_at, card_index, templates

if TYPE_CHECKING:
    from machiavelli_kit.steps import Move


INTEGRALITY_TOLERANCE = 1e-9
MAX_NEW_RUN = 5


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
        kept = {origin: meld for origin, meld in zip(self.origins, self.table.melds, strict=True) if origin is not None}
        return tuple(
            index
            for index, meld in enumerate(self.position.table.melds)
            if index not in kept or Counter(meld.cards) - Counter(kept[index].cards)
        )

    @cached_property
    def moves(self) -> tuple[Move, ...]:
        """Single-card moves from the start table to this one, in an order that reads well."""
        from machiavelli_kit.steps import plan_moves

        if not self.feasible:
            return ()
        return plan_moves(self.position, self.table, self.origins, self.rules)

    def _repr_svg_(self) -> str:
        from machiavelli_kit.render import position_svg

        return position_svg(self.end_position)

    def __str__(self) -> str:
        if not self.feasible:
            return "no play reaches the goal: restore the table"
        played = " ".join(str(card) for card in self.played)
        return f"play {len(self.played)} ({played}), par {self.par}: {self.table}"


def solve(position: Position, rules: Rules | str = BGA, goal: Goal | Card | str = Goal.MAX) -> Solution:
    """The exact best play for ``position`` under ``rules`` (a :class:`Rules` or a rules string).

    ``goal`` (a :class:`Goal`, its text, or a card) is ``max`` (as many hand
    cards as possible, at least one; ``decide`` is the same question),
    ``close`` (the whole hand), or ``play:<card>`` (that card must be played,
    and as little else as possible). Ties are broken by the least disruption
    of the table (lowest par).
    """
    rules = as_rules(rules)
    goal = _as_goal(goal, position)
    problems = position.problems(rules)
    if problems:
        raise SolverInputError("; ".join(problem.message for problem in problems))
    program = _Program(position, rules, goal)
    values = program.solve()
    if values is None:
        return Solution(position, rules, goal, False, (), position.table, tuple(range(len(position.table))), 0)
    solution = program.extract(values)
    verdict = check_turn(position, solution.end_position, rules)
    if not verdict.valid:
        raise SolverError(f"the solver's answer for {position!r} is not a valid turn: {verdict.explain()}")
    return solution


def _as_goal(goal: Goal | Card | str, position: Position) -> Goal:
    """The goal as a :class:`Goal`; a goal card must be in the hand."""
    try:
        parsed = Goal.parse(goal)
    except GoalError as error:
        raise SolverInputError(str(error)) from None
    if parsed.card is not None and parsed.card not in position.hand:
        raise SolverInputError(f"the goal card {format_card(parsed.card)} is not in the hand")
    return parsed


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
        self.start_melds = [_meld_shape(meld, rules) for meld in position.table.melds]

    def solve(self) -> np.ndarray | None:
        """Build and solve the program; the column values, or ``None`` when no play meets the goal."""
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
        used = sorted({slot for template in self.templates for slot in template.slots})
        if any(int(c) not in used for c in np.flatnonzero(self.on_table)):
            return None  # a table card that fits in no meld at all
        table_total = int(self.on_table.sum()) + self.table_jokers
        hand_total = len(self.position.hand)
        play_weight = {"max": table_total + 1.0, "decide": table_total + 1.0, "close": 0.0, "play": -1.0}[goal.kind]
        u = {c: columns.add(self.on_table[c], self.on_table[c] + self.in_hand[c], play_weight) for c in used}
        j = {c: columns.add(0, jokers, play_weight) for c in used} if jokers else {}
        # New melds: x[T] copies of template T.
        # A new run of six or more cards is two shorter new runs, so runs of 3 to 5 suffice.
        self.new_columns = [
            (columns.add(0, rules.decks + jokers), t)
            for t, template in enumerate(self.templates)
            if template.kind == "set" or len(template.slots) <= MAX_NEW_RUN
        ]
        # Start melds that go on: y[M, T] = 1 when start meld M becomes template T; its
        # cards in T stay (the objective's second term).
        self.kept_columns: list[tuple[int, int, int]] = []
        for m_index, shape in enumerate(self.start_melds):
            if shape is None:
                continue
            options = []
            for t_index, template in enumerate(self.templates):
                stays = len(shape.cards & set(template.slots))
                if stays and shape.fits(template) and not _sheds_a_run(template, shape.cards):
                    column = columns.add(0, 1, float(stays))
                    self.kept_columns.append((column, t_index, m_index))
                    options.append((column, 1.0))
            row(-highspy.kHighsInf, 1, options)
        slot_terms: dict[int, list[tuple[int, float]]] = {c: [(u[c], -1.0)] for c in used}
        for c in j:
            slot_terms[c].append((j[c], -1.0))
        for column, t_index, *_ in [*self.new_columns, *self.kept_columns]:
            for slot in self.templates[t_index].slots:
                slot_terms[slot].append((column, 1.0))
        for terms in slot_terms.values():
            row(0, 0, terms)
        if j:
            row(self.table_jokers, jokers, [(column, 1.0) for column in j.values()])
        placed = [(column, 1.0) for column in [*u.values(), *j.values()]]
        cap = hand_total if rules.max_cards_per_turn is None else min(hand_total, rules.max_cards_per_turn)
        if goal.kind == "close":
            if cap < hand_total:
                return None
            row(table_total + hand_total, table_total + hand_total, placed)
        else:
            row(table_total + 1, table_total + cap, placed)
        if goal.card is not None:
            if goal.card.is_joker:
                row(self.table_jokers + 1, jokers, [(column, 1.0) for column in j.values()])
            elif card_index(goal.card) not in u:
                return None
            else:
                columns.lower[u[card_index(goal.card)]] += 1
        self.real_columns = u
        return _run_highs(columns, rows_lower, rows_upper)

    def extract(self, values: np.ndarray) -> Solution:
        """Turn the program's values into a table: kept melds in start order, then new melds."""
        counts = np.rint(values).astype(int)
        real_left = {c: int(counts[column]) for c, column in self.real_columns.items()}
        melds: list[tuple[int | None, Template, frozenset[int]]] = []
        for column, t_index, m_index in self.kept_columns:
            if counts[column]:
                shape = self.start_melds[m_index]
                assert shape is not None
                stays = shape.cards & frozenset(self.templates[t_index].slots)
                melds.append((m_index, self.templates[t_index], stays))
                for c in stays:
                    real_left[c] -= 1
        for column, t_index in self.new_columns:
            melds.extend([(None, self.templates[t_index], frozenset())] * int(counts[column]))
        melds.sort(key=lambda item: (item[0] is None, item[0] or 0))
        final: list[tuple[int | None, tuple[Card, ...]]] = []
        for origin, template, stays in melds:
            cards = []
            for slot in template.slots:
                if slot not in stays and real_left[slot] == 0:
                    cards.append(JOKER)
                    continue
                if slot not in stays:
                    real_left[slot] -= 1
                cards.append(card_at(slot))
            final.append((origin, tuple(cards)))
        final = _join_runs(final, self.rules)
        table = Table(tuple(Meld(cards) for _, cards in final))
        played = table.cards() - self.position.table.cards()
        stayed = sum(len(stays) for _, _, stays in melds)
        return Solution(
            self.position,
            self.rules,
            self.goal,
            True,
            tuple(sorted(played.elements())),
            table,
            tuple(origin for origin, _ in final),
            int(self.on_table.sum()) - stayed,
        )


def _join_runs(
    melds: list[tuple[int | None, tuple[Card, ...]]], rules: Rules
) -> list[tuple[int | None, tuple[Card, ...]]]:
    """Join each new run to a run it continues, as a player would lay it: the program
    only builds new runs of 3 to 5 cards, and joining new cards changes no one's par."""
    joined = list(melds)
    merged = True
    while merged:
        merged = False
        for later, (origin, cards) in enumerate(joined):
            if origin is not None:
                continue
            for earlier, (other_origin, other_cards) in enumerate(joined):
                if earlier == later:
                    continue
                verdict = check_meld(other_cards + cards, rules)
                if verdict.kind == "run":
                    joined[earlier] = (other_origin, verdict.arranged)
                    del joined[later]
                    merged = True
                    break
            if merged:
                break
    return joined


def _sheds_a_run(template: Template, kept: frozenset[int]) -> bool:
    """Whether a run continuing a start meld could drop three or more of its new cards as a
    run of their own, keeping three or more with the kept cards: then the shorter
    continuation plus a new run is as good, and the longer template need not be offered."""
    if template.kind != "run":
        return False
    inside = [index for index, slot in enumerate(template.slots) if slot in kept]
    first, last, length = inside[0], inside[-1], len(template.slots)
    return (first >= MIN_MELD and length - first >= MIN_MELD) or (
        length - 1 - last >= MIN_MELD and last + 1 >= MIN_MELD
    )


@dataclass(frozen=True)
class _Shape:
    """What a start meld may go on as: a set of its rank or a run of its suit."""

    kind: str
    key: object
    cards: frozenset[int]

    def fits(self, template: Template) -> bool:
        return template.kind == self.kind and (template.rank if self.kind == "set" else template.suit) == self.key


def _meld_shape(meld: Meld, rules: Rules) -> _Shape | None:
    """How a start meld can continue: (kind, rank or suit, its natural card indexes)."""
    naturals = [card for card in meld.cards if not card.is_joker]
    if not naturals:
        return None
    cards = frozenset(card_index(card) for card in naturals)
    if len(cards) < len(naturals):
        return None
    verdict = check_shape(meld.cards, rules)
    if verdict.kind == "set":
        return _Shape("set", naturals[0].rank, cards)
    if verdict.kind == "run":
        return _Shape("run", naturals[0].suit, cards)
    return None


def _run_highs(columns: _Columns, rows_lower: list[float], rows_upper: list[float]) -> np.ndarray | None:
    """Solve the integer program exactly.

    The linear relaxation comes first: when its optimal vertex is already
    integral it is optimal for the integer program too, and the branch-and-cut
    machinery (most of the time on large tables) is skipped.
    """
    highs = highspy.Highs()  # type: ignore[no-untyped-call]
    highs.setOptionValue("output_flag", False)
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
    highs.passModel(lp)
    highs.run()
    status = highs.getModelStatus()
    if status == highspy.HighsModelStatus.kInfeasible:
        return None
    relaxed = np.asarray(highs.getSolution().col_value)
    integral = np.all(np.abs(relaxed - np.rint(relaxed)) < INTEGRALITY_TOLERANCE)
    if status == highspy.HighsModelStatus.kOptimal and integral:
        return relaxed
    # Branch and cut. The objective has integer coefficients, so the relaxation's
    # bound rounded down is a bound too; looking first for a solution that reaches
    # it (a feasibility problem, often quick) proves optimality when one exists.
    bound = np.floor(highs.getInfo().objective_function_value + INTEGRALITY_TOLERANCE)
    cost = lp.col_cost_
    nonzero = np.flatnonzero(cost).astype(np.int32)
    highs.setOptionValue("presolve", "off")
    highs.setOptionValue("mip_rel_gap", 0.0)
    highs.setOptionValue("mip_abs_gap", 0.999)  # integer objective: a gap below 1 is optimal
    highs.setOptionValue("mip_heuristic_run_feasibility_jump", False)
    highs.changeColsIntegrality(
        lp.num_col_, np.arange(lp.num_col_, dtype=np.int32), np.full(lp.num_col_, 1, dtype=np.uint8)
    )
    everything = np.arange(lp.num_col_, dtype=np.int32)
    highs.addRow(bound, highspy.kHighsInf, len(nonzero), nonzero, cost[nonzero])
    highs.changeColsCost(lp.num_col_, everything, np.zeros(lp.num_col_))
    highs.run()
    if highs.getModelStatus() == highspy.HighsModelStatus.kOptimal:
        return np.asarray(highs.getSolution().col_value)
    # The bound is out of reach: search below it, with the real objective back.
    highs.changeRowBounds(lp.num_row_, -highspy.kHighsInf, bound - 1)
    highs.changeColsCost(lp.num_col_, everything, cost)
    highs.run()
    if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return None
    return np.asarray(highs.getSolution().col_value)
