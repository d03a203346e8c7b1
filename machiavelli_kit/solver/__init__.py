"""The exact solver: the most hand cards that can be played, disturbing the table least.

The question is an integer program over the rules' meld templates
(:mod:`machiavelli_kit.solver.templates`):

- ``x[T]``: how many new melds of template ``T`` lie on the final table (sets, and
  runs of 3 to 5 cards: a longer new run is two shorter ones);
- ``y[M, T]``: 1 when start meld ``M`` goes on as a final meld of template ``T``
  (a set as a set of its rank, a run as a run of its suit), keeping its natural
  cards that ``T`` holds: they *stay*; each start meld goes on at most once;
- ``u[c]``, ``j[c]``: how many slots of card ``c`` hold the real card, and how many a
  joker; every card on the table at the start stays on it (``u[c] >= on table``),
  the rest come from the hand (``u[c] <= on table + in hand``), jokers likewise.

Every slot of every final meld holds one card: ``sum x + sum y = u + j`` per card.
Among the plays that reach the goal, the solver keeps the one where the most
table cards stay, so the least disruption is exact, not a heuristic:
``par`` = table cards that change meld + hand cards placed. Jokers count
neither as staying nor as changing.

How it is solved. First a shortcut (:mod:`machiavelli_kit.solver.lay_off`) for the
``max``, ``decide`` and ``close`` goals: a play that keeps every start meld's
natural cards in it, and places every hand card that fits in a meld the position
could fill (or as many as a turn allows), is the answer: no play places more, and
it changes no table card. A short search looks for one; when it finds none, the
program answers. The rule set's templates are built once as arrays, and each
start meld's continuations once per shape; a position keeps the templates it
can fill and assembles the matrix with numpy. A slot of a card nobody holds can
only be a joker, so it counts in the jokers directly, and templates that differ
only in such slots are one column. HiGHS (presolve off) solves the relaxation
with the objective *(table cards + 1) x cards placed + cards that stay*; when
its vertex is integral it is the answer, as it is for most positions.
Otherwise the two questions are answered in turn: the relaxation bounds the
number of cards, and for that number (then one fewer, while no play has it) a
search finds the play where the most cards stay. The search is a depth-first
branch and bound over the relaxation (each node re-solved from its parent's
basis): objectives are integral, so a node whose bound rounds down to the best
value found is cut, the search stops when a play reaches the root's bound, and
reduced costs at the root fix what cannot move in a better play. Past
:data:`SEARCH_BUDGET` relaxations HiGHS's branch and cut finishes, from the
best play found: its cuts prove in one node what branching proves slowly. A
time limit covers it all: past it :class:`SolverTimeout` says the solver gave
up, never "restore"; any other way HiGHS stops is a :class:`SolverError`, as is
an answer that breaks a rule: each final meld must fill its template (each one a
meld, as the tests check with the validator) and the table must keep its cards
and take only hand cards.

>>> from machiavelli_kit.core.position import Position
>>> best = solve(Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H"))
>>> best.max_play, str(best.table), best.par
(1, '5♠ 5♦ 5♣ | 4♥ 5♥ 6♥ 7♥ 8♥', 2)
>>> solve(Position.parse("6S 6H 6D | 7S 7H 7D", "8H")).feasible
False
"""

from __future__ import annotations

import math
import os
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

import highspy
import numpy as np
import numpy.typing as npt

from machiavelli_kit.core.cards import JOKER, Card, format_card
from machiavelli_kit.core.goal import Goal, GoalError
from machiavelli_kit.core.melds import MIN_MELD, Meld
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import BGA, Rules, as_rules
from machiavelli_kit.i18n import _, ngettext
from machiavelli_kit.solver.lay_off import lay_off
from machiavelli_kit.solver.templates import (
    CARD_COUNT,
    JOKER_INDEX,
    MAX_NEW_RUN,
    IntArray,
    TemplateArrays,
    card_at,
    card_index,
    card_indexes,
    meld_shape,
    template_arrays,
)

if TYPE_CHECKING:
    from machiavelli_kit.solver.steps import Move

FloatArray = npt.NDArray[np.float64]
Bounds = tuple[FloatArray, FloatArray, FloatArray, FloatArray]
"""Column lower and upper bounds, row lower and upper bounds."""
FinalMeld = tuple[int | None, int, tuple[Card, ...]]
"""A meld of the answer: the start meld it continues (``None``: a new meld), its template, its cards."""

DEFAULT_TIME_LIMIT = 5.0
"""Seconds the solver may spend on one position before it gives up."""
INTEGRALITY_TOLERANCE = 1e-6
MIP_INTEGRALITY_TOLERANCE = 1e-5
"""Above HiGHS's own (1e-6) for its branch and cut's points; the answer is checked anyway."""
SEARCH_BUDGET = 30
"""Relaxations the depth-first search may solve before HiGHS's branch and cut takes over."""
BOUND_TOLERANCE = 1e-3
"""Slack on a relaxation's bound before it is rounded down (far above HiGHS's own tolerances)."""
INFINITY = highspy.kHighsInf
_STATUS = highspy.HighsModelStatus


class SolverInputError(ValueError):
    """A position the solver cannot take: more copies than the decks hold, or a bad goal."""


class SolverError(RuntimeError):
    """The solver failed: its answer broke a rule, or HiGHS stopped for no good reason (a bug)."""


class SolverTimeout(RuntimeError):
    """The solver gave up: it could not prove the best play within its time limit."""

    def __init__(self, seconds: float) -> None:
        # TRANSLATORS: the solver's message when it runs out of time; {seconds} is a number of seconds.
        super().__init__(_("gave up after {seconds} s without proving the best play").format(seconds=f"{seconds:g}"))
        self.seconds = seconds


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

    @classmethod
    def no_play(cls, position: Position, rules: Rules, goal: Goal) -> Solution:
        """The verdict that no play meets the goal: the table stays as it is."""
        return cls(position, rules, goal, False, (), position.table, tuple(range(len(position.table))), 0)

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
        from machiavelli_kit.solver.steps import plan_moves

        if not self.feasible:
            return ()
        return plan_moves(self.position, self.table, self.origins, self.rules)

    def _repr_svg_(self) -> str:
        from machiavelli_kit.core.svg import position_svg

        return position_svg(self.end_position)

    def __str__(self) -> str:
        if not self.feasible:
            return _("no play reaches the goal: restore the table")
        played = " ".join(str(card) for card in self.played)
        # TRANSLATORS: the best play in short: the hand cards played, par (the fewest moves), the final table.
        return ngettext(
            "play {count} card ({cards}), par {par}: {table}",
            "play {count} cards ({cards}), par {par}: {table}",
            len(self.played),
        ).format(count=len(self.played), cards=played, par=self.par, table=self.table)


def solve(
    position: Position,
    rules: Rules | str = BGA,
    goal: Goal | Card | str = Goal.MAX,
    *,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> Solution:
    """The exact best play for ``position`` under ``rules`` (a :class:`Rules` or a rules string).

    ``goal`` (a :class:`Goal`, its text, or a card) is ``max`` (as many hand
    cards as possible, at least one; ``decide`` is the same question),
    ``close`` (the whole hand), or ``play:<card>`` (that card must be played,
    and the play with the lowest par). Ties are broken by the least disruption
    of the table (lowest par). Past ``time_limit`` seconds (``None``: no limit)
    the solver raises :class:`SolverTimeout`.
    """
    rules = as_rules(rules)
    goal = _as_goal(goal, position)
    if time_limit is not None and not time_limit > 0:
        raise SolverInputError(
            _("the time limit must be a positive number of seconds, not {limit}").format(limit=repr(time_limit))
        )
    program = _Program(position, rules, goal)
    if program.oversupplied():
        raise SolverInputError("; ".join(problem.message for problem in position.problems(rules)))
    laid_off = program.laid_off()
    if laid_off is not None:
        return laid_off
    values = program.solve(_Clock(time_limit))
    if values is None:
        return Solution.no_play(position, rules, goal)
    return program.extract(values)


def _as_goal(goal: Goal | Card | str, position: Position) -> Goal:
    """The goal as a :class:`Goal`; a goal card must be in the hand."""
    try:
        parsed = Goal.parse(goal)
    except GoalError as error:
        raise SolverInputError(str(error)) from None
    if parsed.card is not None and parsed.card not in position.hand:
        raise SolverInputError(_("the goal card {card} is not in the hand").format(card=format_card(parsed.card)))
    return parsed


class _Clock:
    """The time left before the solver gives up."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.deadline = math.inf if seconds is None else time.perf_counter() + seconds

    def remaining(self) -> float:
        """Seconds left (``inf`` without a limit); :class:`SolverTimeout` when none are."""
        left = self.deadline - time.perf_counter()
        if left <= 0:
            raise self.timeout()
        return left

    def timeout(self) -> SolverTimeout:
        return SolverTimeout(self.seconds if self.seconds is not None else math.inf)


@dataclass(frozen=True)
class _Shape:
    """What a start meld may go on as: a set of its rank or a run of its suit (by the suit's
    order), and its natural cards."""

    kind: str
    key: int
    cards: frozenset[int]


def _meld_shape(cards: tuple[Card, ...], indexes: list[int], arrays: TemplateArrays, rules: Rules) -> _Shape | None:
    """How a start meld can go on; ``None`` when it cannot (no naturals, or not a meld)."""
    naturals = [index for index in indexes if index != JOKER_INDEX]
    unique = frozenset(naturals)
    if not naturals or len(unique) < len(naturals):
        return None
    number = arrays.by_cards.get(unique) if len(naturals) == len(indexes) else None
    kind = meld_shape(cards, rules)[0] if number is None else arrays.templates[number].kind
    if kind == "set":
        return _Shape("set", naturals[0] % 13 + 1, unique)
    if kind == "run":
        return _Shape("run", naturals[0] // 13, unique)
    return None


@lru_cache(maxsize=8192)
def _known_shape(indexes: tuple[int, ...], rules: Rules) -> _Shape | None:
    """:func:`_meld_shape` of the start meld with these card indexes, remembered: the same
    melds come back on table after table."""
    cards = tuple(JOKER if index == JOKER_INDEX else card_at(index) for index in indexes)
    return _meld_shape(cards, list(indexes), template_arrays(rules), rules)


def _counts(indexes: list[int]) -> IntArray:
    """How many of each card (by index, jokers last) ``indexes`` hold."""
    counts: IntArray = np.bincount(np.array(indexes, dtype=np.int64), minlength=JOKER_INDEX + 1)
    return counts


@lru_cache(maxsize=4096)
def _continuations(arrays: TemplateArrays, shape: _Shape) -> tuple[IntArray, IntArray]:
    """The templates a start meld of ``shape`` may go on as, and how many of its cards stay in each.

    A run that could shed three or more of its new cards as a run of their own,
    keeping three or more with the kept cards, is left out: the shorter
    continuation plus a new run is as good.
    """
    candidates, grid, sizes = _shape_group(arrays, shape.kind, shape.key)
    member = np.zeros(CARD_COUNT + 1, dtype=bool)  # JOKER_INDEX (no card) is no member
    member[list(shape.cards)] = True
    inside = member[grid]
    stays = inside.sum(axis=1, dtype=np.int64)
    usable = stays > 0
    if shape.kind == "run":  # first and last kept places (read only where some card stays)
        first = inside.argmax(axis=1)
        last = grid.shape[1] - 1 - inside[:, ::-1].argmax(axis=1)
        usable &= ~(
            ((first >= MIN_MELD) & (sizes - first >= MIN_MELD))
            | ((sizes - 1 - last >= MIN_MELD) & (last + 1 >= MIN_MELD))
        )
    return candidates[usable], stays[usable]


@lru_cache(maxsize=4096)
def _reforms(arrays: TemplateArrays, shape: _Shape, jokers: bool) -> list[tuple[int, tuple[int, ...]]]:
    """The melds a start meld of ``shape`` may go on as keeping all its natural cards, and the
    slots each one leaves open: longer ones only, unless the meld has ``jokers`` to free."""
    candidates, stays = _continuations(arrays, shape)
    least = MIN_MELD if jokers else len(shape.cards) + 1
    return [
        (template, tuple(slot for slot in arrays.templates[template].slots if slot not in shape.cards))
        for template in candidates[stays == len(shape.cards)].tolist()
        if len(arrays.templates[template].slots) >= least
    ]


def _fills(indexes: list[int], arrays: TemplateArrays, template: int) -> bool:
    """Whether a meld's cards (indexes) fill ``template`` slot by slot as they lie, jokers in any slots."""
    slots = arrays.templates[template].slots
    return len(slots) == len(indexes) and all(
        index in (slot, JOKER_INDEX) for index, slot in zip(indexes, slots, strict=True)
    )


def _kept_whole(indexes: list[int], arrays: TemplateArrays) -> tuple[int, tuple[Card, ...]]:
    """The template a start meld without jokers fills as it is, and its cards in the template's order."""
    template = arrays.by_cards[frozenset(indexes)]
    return template, arrays.cards[template]


@lru_cache(maxsize=16)
def _incidence(arrays: TemplateArrays) -> tuple[FloatArray, IntArray]:
    """Which cards each template holds (a row of 0s and 1s per template), and how many."""
    incidence = np.zeros((len(arrays.templates), CARD_COUNT + 1))
    np.put_along_axis(incidence, arrays.grid, 1.0, axis=1)
    return incidence[:, :CARD_COUNT].copy(), np.diff(arrays.starts).astype(np.int64)


@lru_cache(maxsize=256)
def _shape_group(arrays: TemplateArrays, kind: str, key: int) -> tuple[IntArray, IntArray, IntArray]:
    """The templates a start meld of that kind and key may go on as, their slots (a row each,
    padded with :data:`JOKER_INDEX`) and their sizes."""
    candidates = arrays.by_shape[(kind, key)]
    return candidates, arrays.grid[candidates], arrays.starts[candidates + 1] - arrays.starts[candidates]


@dataclass
class _Layout:
    """Where each kind of column and row of the program lies.

    Columns: ``u`` then ``j`` (one each per card the position holds that some
    template uses), ``x`` (new melds), ``y`` (start melds going on). Rows: one
    per such card, the cards placed, the jokers placed, then one per start meld
    that may go on. A slot of a card nobody holds can only be a joker: it counts
    in the placed and jokers rows directly (``missing``), and templates that
    differ only in such slots are one column.
    """

    cards: IntArray
    new: IntArray
    new_missing: IntArray
    kept: IntArray
    kept_meld: IntArray
    kept_stays: IntArray
    kept_missing: IntArray
    jokers: bool

    @cached_property
    def joker_columns(self) -> int:
        return len(self.cards) if self.jokers else 0

    @cached_property
    def new_start(self) -> int:
        return len(self.cards) + self.joker_columns

    @cached_property
    def kept_start(self) -> int:
        return self.new_start + len(self.new)

    @cached_property
    def columns(self) -> int:
        return self.kept_start + len(self.kept)

    @property
    def placed_row(self) -> int:
        return len(self.cards)

    @cached_property
    def kept_row(self) -> IntArray:
        """For each ``y`` column, which of the start meld rows it is in (0 for the first)."""
        rank: IntArray = np.cumsum(np.bincount(self.kept_meld) > 0) - 1
        return rank[self.kept_meld]

    @cached_property
    def rows(self) -> int:
        meld_rows = int(self.kept_row.max()) + 1 if len(self.kept_row) else 0
        return self.placed_row + 1 + self.jokers + meld_rows


class _Program:
    """The integer program for one position; see the module docstring."""

    def __init__(self, position: Position, rules: Rules, goal: Goal) -> None:
        self.position, self.rules, self.goal = position, rules, goal
        self.arrays: TemplateArrays = template_arrays(rules)
        melds = [card_indexes(meld.cards) for meld in position.table.melds]
        table = _counts([index for meld in melds for index in meld])
        hand = _counts(card_indexes(position.hand))
        self.on_table, self.in_hand = table[:CARD_COUNT], hand[:CARD_COUNT]
        self.table_jokers, self.jokers = int(table[JOKER_INDEX]), int(table[JOKER_INDEX] + hand[JOKER_INDEX])
        self.shapes = [_known_shape(tuple(indexes), rules) for indexes in melds]

    def oversupplied(self) -> bool:
        """Whether the position holds more copies of a card, or more jokers, than the rules' decks."""
        return bool(np.any(self.on_table + self.in_hand > self.rules.decks)) or self.jokers > self.rules.jokers

    def solve(self, clock: _Clock) -> IntArray | None:
        """The column values of the best play, or ``None`` when no play meets the goal."""
        layout = self._layout()
        if layout is None:
            return None
        bounds = self._bounds(layout)
        if bounds is None:
            return None
        self.layout = layout
        placed, stays = _objectives(layout)
        matrix = _matrix(layout, self.arrays)
        if self.goal.kind in ("close", "play"):  # the least par among the plays that meet the goal
            cost = stays if self.goal.kind == "close" else stays - placed
            return _Relaxation(layout, matrix, bounds, clock, cost).maximise()
        weighted = (self._table_total() + 1) * placed + stays
        return _most_cards_then_most_stays(_Relaxation(layout, matrix, bounds, clock, weighted), placed, stays)

    def _table_total(self) -> int:
        return int(self.on_table.sum()) + self.table_jokers

    @cached_property
    def held(self) -> npt.NDArray[np.bool_]:
        """Which cards the position holds (on the table or in the hand)."""
        return (self.on_table + self.in_hand) > 0

    @cached_property
    def missing(self) -> IntArray:
        """Each template's slots of cards nobody holds."""
        incidence, sizes = _incidence(self.arrays)
        missing: IntArray = sizes - (incidence @ self.held).astype(np.int64)
        return missing

    def laid_off(self) -> Solution | None:
        """The answer found without the program, when a play keeps every start meld's natural
        cards in it and places as many hand cards as any play could (see
        :mod:`machiavelli_kit.solver.lay_off`); ``None`` when the shortcut does not apply or finds no
        such play."""
        kind = self.goal.kind
        if kind == "play" or self.jokers > self.table_jokers or None in self.shapes:
            return None  # jokers in the hand, or a start meld that is not one: the program answers
        fits = np.zeros(CARD_COUNT + 1, dtype=bool)  # cards in a meld the decks and jokers could fill
        fits[self.arrays.grid[self.missing <= self.jokers]] = True
        everything = card_indexes(self.position.hand)
        hand = [card for card in everything if fits[card]]
        cap = self.rules.max_cards_per_turn
        skips = 0 if cap is None else max(0, len(hand) - cap)
        if not hand or (kind == "close" and (skips or len(hand) < len(everything))):
            return None
        melds = [card_indexes(meld.cards) for meld in self.position.table.melds]
        freed = [meld for meld, indexes in enumerate(melds) if JOKER_INDEX in indexes]
        reforms = {
            meld: _reforms(self.arrays, shape, meld in freed)
            for meld, shape in enumerate(self.shapes)
            if shape is not None
        }
        for meld in freed:  # the template a joker meld fills as it lies first: its jokers stay if they can
            reforms[meld] = sorted(reforms[meld], key=lambda option: not _fills(melds[meld], self.arrays, option[0]))
        found = lay_off(hand, reforms, freed, self.table_jokers, self.arrays, skips)
        if found is None:
            return None
        reformed = {origin: (template, cards) for origin, template, cards in found if origin is not None}
        final: list[FinalMeld] = [
            (meld, *(reformed.get(meld) or _kept_whole(indexes, self.arrays))) for meld, indexes in enumerate(melds)
        ]
        return self._solution(final + [placed for placed in found if placed[0] is None], changed=0)

    def _layout(self) -> _Layout | None:
        """The templates the position can fill and the start melds' continuations among them."""
        arrays = self.arrays
        held, missing = self.held, self.missing
        fillable = missing <= self.jokers
        new = arrays.new[fillable[arrays.new]]
        new = new[_distinct(arrays, new, np.zeros(len(new), dtype=np.int64), held, missing)]
        if len(new) == 0:
            return None
        used = np.zeros(CARD_COUNT + 1, dtype=bool)
        used[arrays.grid[new, :MAX_NEW_RUN]] = True
        used = used[:CARD_COUNT]
        if np.any(self.on_table[~used]):
            return None  # a table card that fits in no meld at all
        found = [(meld, *_continuations(arrays, shape)) for meld, shape in enumerate(self.shapes) if shape is not None]
        kept = np.concatenate([np.zeros(0, dtype=np.int64)] + [chosen for _, chosen, _ in found])
        kept_stays = np.concatenate([np.zeros(0, dtype=np.int64)] + [stays for _, _, stays in found])
        kept_meld = np.repeat([meld for meld, _, _ in found], [len(chosen) for _, chosen, _ in found]).astype(np.int64)
        usable = np.flatnonzero(fillable[kept])
        usable = usable[_distinct(arrays, kept[usable], kept_meld[usable], held, missing)]
        kept, kept_meld, kept_stays = kept[usable], kept_meld[usable], kept_stays[usable]
        return _Layout(
            np.flatnonzero(used & held),
            new,
            missing[new],
            kept,
            kept_meld,
            kept_stays,
            missing[kept],
            self.jokers > 0,
        )

    def _copies(self, templates: IntArray, missing: IntArray) -> FloatArray:
        """How many copies of each template the cards and jokers could fill."""
        held = np.append(self.on_table + self.in_hand, 0)[self.arrays.grid[templates]]
        least = np.where(held > 0, held, CARD_COUNT).min(axis=1)
        by_jokers = np.where(missing > 0, self.jokers // np.maximum(missing, 1), CARD_COUNT)
        copies: FloatArray = np.minimum(least + self.jokers, by_jokers).astype(np.float64)
        return copies

    def _bounds(self, layout: _Layout) -> Bounds | None:
        """Column and row bounds for the goal: ``(col_lower, col_upper, row_lower, row_upper)``,
        or ``None`` when the goal is out of reach at once."""
        cards, count = layout.cards, len(layout.cards)
        col_lower = np.zeros(layout.columns)
        col_upper = np.ones(layout.columns)
        col_lower[:count] = self.on_table[cards]
        col_upper[:count] = self.on_table[cards] + self.in_hand[cards]
        col_upper[count : layout.new_start] = self.jokers
        col_upper[layout.new_start : layout.kept_start] = self._copies(layout.new, layout.new_missing)
        row_lower = np.zeros(layout.rows)
        row_upper = np.zeros(layout.rows)
        row_lower[layout.placed_row + 1 + layout.jokers :] = -INFINITY
        row_upper[layout.placed_row + 1 + layout.jokers :] = 1
        table_total, hand_total = self._table_total(), len(self.position.hand)
        cap = hand_total if self.rules.max_cards_per_turn is None else min(hand_total, self.rules.max_cards_per_turn)
        if self.goal.kind == "close":
            if cap < hand_total:
                return None
            row_lower[layout.placed_row] = table_total + hand_total
        else:
            row_lower[layout.placed_row] = table_total + 1
        row_upper[layout.placed_row] = table_total + cap
        if layout.jokers:
            row_lower[layout.placed_row + 1], row_upper[layout.placed_row + 1] = self.table_jokers, self.jokers
        card = self.goal.card
        if card is not None:
            if card.is_joker:
                row_lower[layout.placed_row + 1] = self.table_jokers + 1
            else:
                where = np.flatnonzero(cards == card_index(card))
                if len(where) == 0:
                    return None
                col_lower[where[0]] += 1
        return col_lower, col_upper, row_lower, row_upper

    def extract(self, values: IntArray) -> Solution:
        """Turn the program's values into a table: kept melds in start order, then new melds."""
        layout, templates = self.layout, self.arrays.templates
        real = np.zeros(CARD_COUNT, dtype=np.int64)
        real[layout.cards] = values[: len(layout.cards)]
        real_left: list[int] = real.tolist()
        melds: list[tuple[int | None, int, frozenset[int]]] = []
        for column in np.flatnonzero(values[layout.kept_start :]).tolist():
            template, meld = int(layout.kept[column]), int(layout.kept_meld[column])
            shape = self.shapes[meld]
            assert shape is not None
            stays = shape.cards.intersection(templates[template].slots)
            melds.append((meld, template, stays))
            for card in stays:
                real_left[card] -= 1
        melds.sort(key=lambda item: item[0] if item[0] is not None else -1)
        new_counts = values[layout.new_start : layout.kept_start]
        for column in np.flatnonzero(new_counts).tolist():
            melds.extend([(None, int(layout.new[column]), frozenset())] * int(new_counts[column]))
        final: list[FinalMeld] = []
        for origin, template, stays in melds:
            slots = templates[template].slots
            placed = [slot for slot in slots if slot not in stays] if stays else slots
            if all(real_left[slot] > 0 for slot in placed):  # no joker: the template's cards
                for slot in placed:
                    real_left[slot] -= 1
                final.append((origin, template, self.arrays.cards[template]))
                continue
            cards = []
            for slot in slots:
                if slot not in stays and real_left[slot] <= 0:
                    cards.append(JOKER)
                    continue
                if slot not in stays:
                    real_left[slot] -= 1
                cards.append(card_at(slot))
            final.append((origin, template, tuple(cards)))
        return self._solution(final, changed=int(self.on_table.sum()) - sum(len(stays) for _, _, stays in melds))

    def _solution(self, final: list[FinalMeld], changed: int) -> Solution:
        """The answer with these final melds (new runs joined to the runs they continue), once
        :meth:`_checked_counts` finds it a valid turn that meets the goal."""
        final = _join_runs(final, self.arrays)
        counts = self._checked_counts(final)
        return Solution(
            self.position,
            self.rules,
            self.goal,
            True,
            self._played(counts[:CARD_COUNT], int(counts[JOKER_INDEX]) - self.table_jokers),
            Table(tuple(Meld(cards) for _, _, cards in final)),
            tuple(origin for origin, _, _ in final),
            changed,
        )

    def _checked_counts(self, final: list[FinalMeld]) -> IntArray:
        """The final table's cards counted (jokers last), once it is checked to be a valid turn
        that meets the goal; else :class:`SolverError`. Each meld must fill its template, with
        jokers in any slots (the tests check that every template is a meld the validator
        accepts, whichever slots jokers fill); the table must keep every card it had, and take
        only hand cards, at least one and no more than the rules allow. Quicker than the
        validator, which words every verdict."""
        rules, templates = self.rules, self.arrays.templates
        indexes: list[int] = []
        for _origin, template, cards in final:
            meld, slots = card_indexes(cards), templates[template].slots
            if tuple(meld) != slots and (
                len(meld) != len(slots)
                or any(index not in (slot, JOKER_INDEX) for index, slot in zip(meld, slots, strict=True))
            ):
                raise self._invalid(f"{Meld(cards)} does not fill its template")
            indexes += meld
        counts = _counts(indexes)
        real, jokers = counts[:CARD_COUNT], int(counts[JOKER_INDEX])
        played = int((real - self.on_table).sum()) + jokers - self.table_jokers
        cap = len(self.position.hand) if rules.max_cards_per_turn is None else rules.max_cards_per_turn
        if np.any(real < self.on_table) or jokers < self.table_jokers:
            raise self._invalid("a table card is missing")
        if np.any(real > self.on_table + self.in_hand) or jokers > self.jokers:
            raise self._invalid("a card on the table was not in the hand")
        if np.any(real > rules.decks) or jokers > rules.jokers:
            raise self._invalid("more copies than the decks hold")
        if not 1 <= played <= cap:
            raise self._invalid(f"{played} cards played")
        card = self.goal.card
        if (self.goal.kind == "close" and played < len(self.position.hand)) or (
            card is not None
            and (
                jokers == self.table_jokers
                if card.is_joker
                else real[card_index(card)] == self.on_table[card_index(card)]
            )
        ):
            raise self._invalid(f"the goal {self.goal} is not met")
        return counts

    def _invalid(self, problem: str) -> SolverError:
        return SolverError(f"the solver's answer for {self.position!r} is not a valid turn: {problem}")

    def _played(self, real: IntArray, jokers: int) -> tuple[Card, ...]:
        """The hand cards placed, in card order (jokers last): the real cards beyond those on the table."""
        naturals = np.repeat(np.arange(CARD_COUNT), real - self.on_table)
        ordered = naturals[np.argsort(naturals % 13 * 4 + naturals // 13, kind="stable")]
        return tuple(card_at(card) for card in ordered.tolist()) + (JOKER,) * jokers


def _objectives(layout: _Layout) -> tuple[IntArray, IntArray]:
    """Each column's cards placed (a ``u`` or ``j`` one, a template the jokers of the slots no card
    fills) and start-meld cards that stay (a continuation's)."""
    placed = np.concatenate([np.ones(layout.new_start, dtype=np.int64), layout.new_missing, layout.kept_missing])
    stays = np.zeros(layout.columns, dtype=np.int64)
    stays[layout.kept_start :] = layout.kept_stays
    return placed, stays


def _most_cards_then_most_stays(relaxation: _Relaxation, placed: IntArray, stays: IntArray) -> IntArray | None:
    """The most cards placed and, among those plays, the most cards that stay.

    ``relaxation`` comes with both objectives weighted as its cost (the cards placed,
    worth more than any number of staying cards, plus those): one run of it settles
    most positions. When its vertex is fractional, the number of cards is bounded
    first: by that vertex's own count when it is whole (the weight exceeds any
    number of staying cards, so no play places more), else by the relaxation of
    cards alone. Then the most staying cards are searched for that number, then one
    fewer.
    """
    root = relaxation.run()
    if root is None:
        return None
    point = _integral(root[1])
    if point is not None:
        return point
    count = float(placed @ root[1])
    if abs(count - round(count)) > INTEGRALITY_TOLERANCE:
        relaxation.set_cost(placed)
        bound = relaxation.run()
        assert bound is not None, "the same polytope was feasible a moment ago"
        count = bound[0]
    lowest = relaxation.row_lower[relaxation.layout.placed_row]
    relaxation.set_cost(stays)
    for cards in range(math.floor(count + BOUND_TOLERANCE), int(lowest) - 1, -1):
        relaxation.fix_row(relaxation.layout.placed_row, cards)
        best = relaxation.maximise()
        if best is not None:
            return best
    return None


def _integral(point: FloatArray, tolerance: float = INTEGRALITY_TOLERANCE) -> IntArray | None:
    """The point rounded, when every value is within ``tolerance`` of an integer."""
    rounded = np.rint(point)
    if np.all(np.abs(point - rounded) < tolerance):
        return rounded.astype(np.int64)
    return None


class _Relaxation:
    """The program's linear relaxation in HiGHS, maximising ``cost`` until told another, and the
    searches for its best integer point.

    Branching changes column bounds only, so each node's relaxation starts from
    its parent's basis (dual simplex, presolve off): a few pivots per node.
    """

    def __init__(self, layout: _Layout, matrix: Matrix, bounds: Bounds, clock: _Clock, cost: IntArray) -> None:
        self.layout, self.clock, self.cost = layout, clock, cost
        col_lower, col_upper, row_lower, row_upper = bounds
        self.col_lower, self.col_upper, self.row_lower = col_lower, col_upper, row_lower
        starts, indexes, values = matrix
        self.highs = _highs()
        passed = self.highs.passModel(
            layout.columns,
            len(row_lower),
            len(indexes),
            int(highspy.MatrixFormat.kColwise),
            int(highspy.ObjSense.kMaximize),
            0.0,
            cost.astype(np.float64),
            col_lower,
            col_upper,
            row_lower,
            row_upper,
            starts,
            indexes,
            values,
            np.zeros(layout.columns, dtype=np.int32),  # continuous
        )
        if passed != highspy.HighsStatus.kOk:
            raise SolverError(f"HiGHS refused the program ({passed})")
        self.everything = np.arange(layout.columns, dtype=np.int32)

    def set_cost(self, cost: IntArray) -> None:
        self.cost = cost
        self.highs.changeColsCost(len(cost), self.everything, cost.astype(np.float64))

    def fix_row(self, row: int, value: float) -> None:
        self.highs.changeRowBounds(row, value, value)

    def run(self) -> tuple[float, FloatArray] | None:
        """The relaxation's optimum and its point, or ``None`` when it is infeasible."""
        highs = self.highs
        # HiGHS holds a relaxation's time limit against all its past run time, and this HiGHS lives on
        highs.setOptionValue("time_limit", highs.getRunTime() + self.clock.remaining())
        highs.run()
        status = highs.getModelStatus()
        if status == _STATUS.kOptimal:
            return highs.getObjectiveValue(), np.asarray(highs.getSolution().col_value)
        if status == _STATUS.kInfeasible:
            return None
        if status == _STATUS.kTimeLimit:
            raise self.clock.timeout()
        raise SolverError(f"HiGHS stopped with status {highs.modelStatusToString(status)!r}")

    def maximise(self) -> IntArray | None:
        """The integer point that maximises the cost (integral), or ``None`` when there is none.

        A depth-first search over the relaxation settles nearly every program in
        a few nodes; past :data:`SEARCH_BUDGET` relaxations HiGHS's branch and
        cut, whose cuts prove bounds that branching alone proves slowly, takes over.
        """
        search = _Search(self, self.cost)
        try:
            finished = search.run(SEARCH_BUDGET)
        finally:
            self.highs.changeColsBounds(len(self.everything), self.everything, self.col_lower, self.col_upper)
        return search.best if finished else self._branch_and_cut(search.best)

    def _branch_and_cut(self, start: IntArray | None) -> IntArray | None:
        """HiGHS's branch and cut on the current program (its cost too), from the best point found so far."""
        lp = self.highs.getLp()
        lp.integrality_ = [highspy.HighsVarType.kInteger] * lp.num_col_
        mip = _highs("mip")  # a new one each time: its time limit counts from now, whatever HiGHS's clock does
        mip.passModel(lp)
        if start is not None:
            mip.setSolution(len(start), self.everything, start.astype(np.float64))
        mip.setOptionValue("time_limit", self.clock.remaining())
        mip.run()
        status = mip.getModelStatus()
        if status == _STATUS.kOptimal:
            point = _integral(np.asarray(mip.getSolution().col_value), MIP_INTEGRALITY_TOLERANCE)
            if point is None:
                raise SolverError("HiGHS's branch and cut returned a point that is not integral")
            return point
        if status == _STATUS.kInfeasible:
            return None
        if status == _STATUS.kTimeLimit:
            raise self.clock.timeout()
        raise SolverError(f"HiGHS's branch and cut stopped with status {mip.modelStatusToString(status)!r}")

    def send_bounds(self, columns: IntArray, lower: FloatArray, upper: FloatArray) -> None:
        self.highs.changeColsBounds(len(columns), columns.astype(np.int32), lower, upper)

    def reduced_costs(self) -> FloatArray:
        return np.asarray(self.highs.getSolution().col_dual)


Node = dict[int, tuple[float, float]]
"""A node of the search: the columns whose bounds it narrows."""


class _Search:
    """Depth-first branch and bound over the relaxation, for one integral objective.

    The branch variable is the one with the largest fractional part, rounded up
    first (a dive towards a play). A node whose bound cannot beat the best play
    found is cut; the search stops when a play reaches the root's bound. Each
    better play also fixes, by the root's reduced costs, the columns that cannot
    move off their bound in any play better still.
    """

    def __init__(self, relaxation: _Relaxation, cost: IntArray) -> None:
        self.relaxation, self.cost = relaxation, cost
        self.lower, self.upper = relaxation.col_lower.copy(), relaxation.col_upper.copy()
        self.sent = (self.lower.copy(), self.upper.copy())
        self.best: IntArray | None = None
        self.best_value = -math.inf
        self.root: tuple[float, FloatArray, FloatArray] | None = None

    def run(self, budget: int) -> bool:
        """Search, solving at most ``budget`` relaxations; ``True`` when the search is complete."""
        stack: list[Node] = [{}]
        while stack:
            if budget == 0:
                return False
            budget -= 1
            node = stack.pop()
            if not self._enter(node):
                continue
            result = self.relaxation.run()
            if result is None:
                continue
            value, point = result
            if self.root is None:
                self.root = (value, point, self.relaxation.reduced_costs())
            if math.floor(value + BOUND_TOLERANCE) <= self.best_value:
                continue
            fraction = point - np.floor(point)
            fraction[(fraction < INTEGRALITY_TOLERANCE) | (fraction > 1 - INTEGRALITY_TOLERANCE)] = -1.0
            column = int(np.argmax(fraction))
            if fraction[column] < 0:
                if self._improve(np.rint(point).astype(np.int64)):
                    break
                continue
            lower, upper = node.get(column, (self.lower[column], self.upper[column]))
            stack.append({**node, column: (lower, math.floor(point[column]))})
            stack.append({**node, column: (math.ceil(point[column]), upper)})
        return True

    def _enter(self, node: Node) -> bool:
        """Send the node's bounds to HiGHS; ``False`` when they leave no room."""
        lower, upper = self.lower.copy(), self.upper.copy()
        for column, (low, high) in node.items():
            lower[column] = max(low, lower[column])
            upper[column] = min(high, upper[column])
        if np.any(lower > upper):
            return False
        changed = np.flatnonzero((lower != self.sent[0]) | (upper != self.sent[1]))
        if len(changed):
            self.relaxation.send_bounds(changed, lower[changed], upper[changed])
            self.sent = (lower, upper)
        return True

    def _improve(self, point: IntArray) -> bool:
        """Keep a better play; ``True`` when nothing can beat it."""
        self.best, self.best_value = point, int(self.cost @ point)
        assert self.root is not None
        root_value, root_point, reduced = self.root
        room = root_value + BOUND_TOLERANCE - (self.best_value + 1)
        if room < 0:
            return True
        # A column at its bound at the root with reduced cost d loses |d| per unit it moves.
        steps = np.floor(room / np.maximum(np.abs(reduced), 1e-12))
        at_lower = (reduced < -INTEGRALITY_TOLERANCE) & (root_point <= self.lower + INTEGRALITY_TOLERANCE)
        at_upper = (reduced > INTEGRALITY_TOLERANCE) & (root_point >= self.upper - INTEGRALITY_TOLERANCE)
        self.upper = np.where(at_lower, np.minimum(self.upper, self.lower + steps), self.upper)
        self.lower = np.where(at_upper, np.maximum(self.lower, self.upper - steps), self.lower)
        return False


Matrix = tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], FloatArray]


def _matrix(layout: _Layout, arrays: TemplateArrays) -> Matrix:
    """The constraint matrix, column by column (see :class:`_Layout`): starts, row indexes, values.

    Each column's entries are laid out in a row of a grid (``-1``: no entry) and read off
    row by row: a ``u[c]`` has its card's row (-1) and the placed row; a ``j[c]`` those and
    the jokers row; a template its cards' rows, then the placed and jokers rows for the
    slots no card fills, then (a start meld's continuation) its start meld's row.
    """
    count = len(layout.cards)
    row_of = np.full(CARD_COUNT + 1, -1, dtype=np.int32)  # no row for JOKER_INDEX, no card
    row_of[layout.cards] = np.arange(count, dtype=np.int32)
    placed, joker_row = count, count + 1
    width = arrays.grid.shape[1]
    templates = np.concatenate([layout.new, layout.kept])
    missing = np.concatenate([layout.new_missing, layout.kept_missing]).astype(np.float64)
    rows = np.full((layout.columns, width + 3), -1, dtype=np.int32)
    values = np.ones((layout.columns, width + 3))
    cards = np.arange(count, dtype=np.int32)
    rows[:count, 0], rows[:count, 1], values[:count, 0] = cards, placed, -1.0  # u[c]
    if layout.jokers:  # j[c]
        rows[count : 2 * count, 0], values[count : 2 * count, 0] = cards, -1.0
        rows[count : 2 * count, 1], rows[count : 2 * count, 2] = placed, joker_row
    first = layout.new_start
    rows[first:, :width] = row_of[arrays.grid[templates]]
    short = first + np.flatnonzero(missing)  # slots no card fills: jokers, placed
    rows[short, width], rows[short, width + 1] = placed, joker_row
    values[first:, width], values[first:, width + 1] = missing, missing
    rows[layout.kept_start :, width + 2] = placed + 1 + layout.jokers + layout.kept_row
    entries = rows >= 0
    starts = np.zeros(layout.columns + 1, dtype=np.int32)
    np.cumsum(entries.sum(axis=1), out=starts[1:])
    return starts, rows[entries], values[entries]


def _distinct(
    arrays: TemplateArrays, templates: IntArray, groups: IntArray, held: npt.NDArray[np.bool_], missing: IntArray
) -> npt.NDArray[np.bool_]:
    """Which templates to keep: in each group, the first of those that hold the same cards of
    the position and need as many jokers (the others would be the same column)."""
    keep = np.ones(len(templates), dtype=bool)
    if not np.any(missing[templates]):
        return keep
    slots = arrays.grid[templates]
    bits = np.where(np.append(held, False)[slots], np.left_shift(1, slots), 0)
    keys = np.bitwise_or.reduce(bits, axis=1) * 16 + missing[templates]
    order = np.lexsort((np.arange(len(templates)), keys, groups))
    same = (keys[order][1:] == keys[order][:-1]) & (groups[order][1:] == groups[order][:-1])
    keep[order[1:][same]] = False
    return keep


_LOCAL = threading.local()
_OPTIONS: dict[str, dict[str, str | float | bool]] = {
    "lp": {"presolve": "off"},
    "mip": {
        "presolve": "off",
        "mip_rel_gap": 0.0,
        "mip_abs_gap": 0.999,  # the objectives are integral: a gap below 1 is optimal
        "mip_heuristic_run_feasibility_jump": False,
    },
}
"""HiGHS's options for the relaxations (small, re-solved often: no presolve) and for branch and cut."""


def _highs(kind: str = "lp") -> highspy.Highs:
    """A silent, single-threaded HiGHS of that kind: for relaxations this thread's own, reused
    (each program passes its model, which replaces the last one), for branch and cut a new one."""
    highs: highspy.Highs | None = getattr(_LOCAL, kind, None)
    if highs is None:
        highs = _quiet_new_highs()
        highs.setOptionValue("output_flag", False)
        highs.setOptionValue("threads", 1)
        for name, value in _OPTIONS[kind].items():
            highs.setOptionValue(name, value)
        if kind == "lp":
            setattr(_LOCAL, kind, highs)
    return highs


def _quiet_new_highs() -> highspy.Highs:
    """A new HiGHS, made with the process's standard output pointed away: newer HiGHS prints its
    banner there when the first one is made, before any option can silence it, and that line
    would land in the middle of ``solve --json`` or ``--batch`` output."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 1)
            return highspy.Highs()  # type: ignore[no-untyped-call]
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def _join_runs(melds: list[FinalMeld], arrays: TemplateArrays) -> list[FinalMeld]:
    """Join each new run to a run it continues, as a player would lay it: the program
    only builds new runs of 3 to 5 cards, and joining new cards changes no one's par."""
    joined = list(melds)
    merged = True
    while merged:
        merged = False
        for later, (origin, template, cards) in enumerate(joined):
            if origin is not None or arrays.templates[template].kind != "run":
                continue
            slots = arrays.templates[template].slots
            for earlier, (other_origin, other, other_cards) in enumerate(joined):
                other_slots = arrays.templates[other].slots
                if earlier == later or arrays.templates[other].kind != "run" or other_slots[0] // 13 != slots[0] // 13:
                    continue
                if (both := arrays.index.get(other_slots + slots)) is not None:
                    joined[earlier] = (other_origin, both, other_cards + cards)
                elif (both := arrays.index.get(slots + other_slots)) is not None:
                    joined[earlier] = (other_origin, both, cards + other_cards)
                else:
                    continue
                del joined[later]
                merged = True
                break
            if merged:
                break
    return joined
