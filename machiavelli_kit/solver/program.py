"""The integer program for one position: which final table plays the most hand cards, disturbing
the table least.

The program is built over the rules' meld templates
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

Before the program, two shortcuts. When no hand card lies in a meld the position's cards and
jokers could fill (for ``close``: some hand card does not; for a card goal: that card), no play
meets the goal (:meth:`Program.hopeless`): many small positions end there. Then, for the
``max``, ``decide`` and ``close`` goals (:mod:`machiavelli_kit.solver.lay_off`): a play that
keeps every start meld's natural cards in it, and places every hand card that fits in a meld
the position could fill (or as many as a turn allows), is the answer: no play places more, and
it changes no table card. A short search looks for one; when it finds none, the
program answers. The rule set's templates are built once as arrays, and each
start meld's continuations once per shape (:mod:`machiavelli_kit.solver.shapes`);
a position keeps the templates it can fill and assembles the matrix with numpy.
A slot of a card nobody holds can only be a joker, so it counts in the jokers
directly, and templates that differ only in such slots are one column. The
program is solved by :mod:`machiavelli_kit.solver.search`. Its answer is checked
before it is returned: each final meld must fill its template (each one a meld,
as the tests check with the validator) and the table must keep its cards and
take only hand cards; an answer that breaks a rule is a :class:`SolverError`.
"""

from __future__ import annotations

from functools import cached_property, lru_cache

import numpy as np
import numpy.typing as npt

from machiavelli_kit.core.cards import JOKER, Card
from machiavelli_kit.core.goal import Goal, GoalKind
from machiavelli_kit.core.melds import Meld
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.solver.clock import Clock
from machiavelli_kit.solver.highs import INFINITY
from machiavelli_kit.solver.lay_off import lay_off
from machiavelli_kit.solver.layout import Bounds, FloatArray, Layout, Matrix, constraint_matrix, objectives
from machiavelli_kit.solver.search import Relaxation, most_cards_then_most_stays
from machiavelli_kit.solver.shapes import continuations, fills, kept_whole, known_shape, reforms_of, stays_in
from machiavelli_kit.solver.solution import Solution, SolverError
from machiavelli_kit.solver.templates import (
    CARD_COUNT,
    JOKER_INDEX,
    IntArray,
    TemplateArrays,
    card_at,
    card_bits,
    card_index,
    card_indexes,
    template_arrays,
)

FinalMeld = tuple[int | None, int, tuple[Card, ...]]
"""A meld of the answer: the start meld it continues (``None``: a new meld), its template, its cards."""


class Program:
    """The integer program for one position; see the module docstring. The play places at most
    ``room`` hand cards (``None``: as many as one turn may, :meth:`Rules.turn_room`)."""

    def __init__(self, position: Position, rules: Rules, goal: Goal, room: int | None = None) -> None:
        self.position, self.rules, self.goal = position, rules, goal
        size = len(position.hand)
        self.room = rules.turn_room(0, size) if room is None else min(room, size)
        self.arrays: TemplateArrays = template_arrays(rules)
        self.melds = [card_indexes(meld.cards) for meld in position.table.melds]
        on_table = [index for meld in self.melds for index in meld]
        self.hand = card_indexes(position.hand)
        table, hand = _counts(on_table), _counts(self.hand)
        self.on_table, self.in_hand = table[:CARD_COUNT], hand[:CARD_COUNT]
        self.table_jokers, self.jokers = int(table[JOKER_INDEX]), int(table[JOKER_INDEX] + hand[JOKER_INDEX])
        self.table_counts, self.hand_counts = _tally(on_table), _tally(self.hand)
        """The natural cards on the table and in the hand, counted by index (for the answer's check)."""
        self.table_bits = card_bits(on_table)
        self.held_bits = self.table_bits | card_bits(self.hand)
        """The cards on the table, and those the position holds (on the table or in the hand), as bits."""
        self.shapes = [known_shape(tuple(indexes), rules) for indexes in self.melds]

    def oversupplied(self) -> bool:
        """Whether the position holds more copies of a card, or more jokers, than the rules' decks."""
        table, decks = self.table_counts, self.rules.decks
        return (
            self.jokers > self.rules.jokers
            or any(count > decks for count in table.values())
            or any(count + table.get(card, 0) > decks for card, count in self.hand_counts.items())
        )

    def solve(self, clock: Clock) -> IntArray | None:
        """The column values of the best play, or ``None`` when no play meets the goal."""
        program = self._program()
        if program is None:
            return None
        layout, matrix, bounds = program
        placed, stays = objectives(layout)
        if self.goal.kind in (GoalKind.CLOSE, GoalKind.PLAY):  # the least par among the plays that meet the goal
            cost = stays if self.goal.kind is GoalKind.CLOSE else stays - placed
            return Relaxation(layout, matrix, bounds, clock, cost).maximise()
        weighted = (self._table_total() + 1) * placed + stays
        return most_cards_then_most_stays(Relaxation(layout, matrix, bounds, clock, weighted), placed, stays)

    def exists(self, clock: Clock) -> bool:
        """Whether some play meets the goal: the search stops at the first play it finds."""
        program = self._program()
        if program is None:
            return False
        layout, matrix, bounds = program
        placed, _ = objectives(layout)
        return Relaxation(layout, matrix, bounds, clock, placed).first_point() is not None

    def _program(self) -> tuple[Layout, Matrix, Bounds] | None:
        """The program's layout, matrix and bounds, or ``None`` when no play can meet the goal."""
        layout = self._layout()
        if layout is None:
            return None
        bounds = self._bounds(layout)
        if bounds is None:
            return None
        self.layout = layout
        return layout, constraint_matrix(layout, self.arrays), bounds

    def _table_total(self) -> int:
        return int(self.on_table.sum()) + self.table_jokers

    @cached_property
    def missing(self) -> IntArray:
        """Each template's slots of cards nobody holds."""
        if self.arrays.repeats:  # a card named twice is there twice only if both copies are held
            held = (self.on_table + self.in_hand).astype(np.float64)
            found: IntArray = np.minimum(_incidence(self.arrays), held).sum(axis=1).astype(np.int64)
            return self.arrays.sizes - found
        missing: IntArray = np.bitwise_count(self.arrays.masks & ~np.int64(self.held_bits)).astype(np.int64)
        return missing

    @cached_property
    def fits(self) -> int:
        """The cards (as bits) that lie in some meld the position's cards and jokers could fill."""
        return int(np.bitwise_or.reduce(self.arrays.masks[self.missing <= self.jokers]))

    def hopeless(self) -> bool:
        """Whether no play can meet the goal, seen without the program: no hand card lies in a meld
        the position could fill (for ``close``: some hand card does not; for a card: that card).
        With jokers in the hand, never: a joker may go anywhere."""
        if self.jokers > self.table_jokers:
            return False
        fits = self.fits
        card = self.goal.card
        if card is not None:
            return not fits >> card_index(card) & 1
        if self.goal.kind is GoalKind.CLOSE:
            return not all(fits >> index & 1 for index in self.hand)
        return not any(fits >> index & 1 for index in self.hand)

    def laid_off(self) -> Solution | None:
        """The answer found without the program, when a play keeps every start meld's natural
        cards in it and places as many hand cards as any play could (see
        :mod:`machiavelli_kit.solver.lay_off`); ``None`` when the shortcut does not apply or finds no
        such play."""
        kind = self.goal.kind
        if kind is GoalKind.PLAY or self.jokers > self.table_jokers or None in self.shapes or self.arrays.repeats:
            return None  # jokers in the hand, a start meld that is not one, runs round and round: the program answers
        fits, melds = self.fits, self.melds
        hand = [card for card in self.hand if fits >> card & 1]
        skips = max(0, len(hand) - self.room)
        if not hand or (kind is GoalKind.CLOSE and (skips or len(hand) < len(self.hand))):
            return None
        freed = [meld for meld, indexes in enumerate(melds) if JOKER_INDEX in indexes]
        reforms = {
            meld: reforms_of(self.arrays, shape, meld in freed)
            for meld, shape in enumerate(self.shapes)
            if shape is not None
        }
        for meld in freed:  # the template a joker meld fills as it lies first: its jokers stay if they can
            reforms[meld] = sorted(reforms[meld], key=lambda option: not fills(melds[meld], self.arrays, option[0]))
        found = lay_off(hand, reforms, freed, self.table_jokers, self.arrays, skips)
        if found is None:
            return None
        reformed = {origin: (template, cards) for origin, template, cards in found if origin is not None}
        final: list[FinalMeld] = [
            (meld, *(reformed.get(meld) or kept_whole(indexes, self.arrays))) for meld, indexes in enumerate(melds)
        ]
        return self._solution(final + [placed for placed in found if placed[0] is None], changed=0)

    def _layout(self) -> Layout | None:
        """The templates the position can fill and the start melds' continuations among them."""
        arrays, jokers = self.arrays, self.jokers
        held, missing = self.held_bits, self.missing
        fillable = missing <= jokers  # without jokers, a template misses no card: none are alike
        new = arrays.new[fillable[arrays.new]]
        if jokers:
            new = new[_distinct(arrays, new, np.zeros(len(new), dtype=np.int64), held, missing)]
        if len(new) == 0:
            return None
        used = int(np.bitwise_or.reduce(arrays.masks[new]))
        if self.table_bits & ~used:
            return None  # a table card that fits in no meld at all
        found = [(meld, *continuations(arrays, shape)) for meld, shape in enumerate(self.shapes) if shape is not None]
        kept = np.concatenate([np.zeros(0, dtype=np.int64)] + [chosen for _, chosen, _ in found])
        kept_stays = np.concatenate([np.zeros(0, dtype=np.int64)] + [stays for _, _, stays in found])
        kept_meld = np.repeat([meld for meld, _, _ in found], [len(chosen) for _, chosen, _ in found]).astype(np.int64)
        usable = np.flatnonzero(fillable[kept])
        if jokers:
            usable = usable[_distinct(arrays, kept[usable], kept_meld[usable], held, missing)]
        kept, kept_meld, kept_stays = kept[usable], kept_meld[usable], kept_stays[usable]
        return Layout(
            _indexes(used & held),
            new,
            missing[new],
            kept,
            kept_meld,
            kept_stays,
            missing[kept],
            jokers > 0,
        )

    def _copies(self, templates: IntArray, missing: IntArray) -> FloatArray:
        """How many copies of each template the cards and jokers could fill."""
        held = np.append(self.on_table + self.in_hand, 0)[self.arrays.grid[templates]]
        least = np.where(held > 0, held, CARD_COUNT).min(axis=1)
        by_jokers = np.where(missing > 0, self.jokers // np.maximum(missing, 1), CARD_COUNT)
        copies: FloatArray = np.minimum(least + self.jokers, by_jokers).astype(np.float64)
        return copies

    def _bounds(self, layout: Layout) -> Bounds | None:
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
        if self.goal.kind is GoalKind.CLOSE:
            if self.room < hand_total:
                return None
            row_lower[layout.placed_row] = table_total + hand_total
        else:
            row_lower[layout.placed_row] = table_total + 1
        row_upper[layout.placed_row] = table_total + self.room
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
        melds: list[tuple[int | None, int, tuple[int, ...]]] = []
        for column in np.flatnonzero(values[layout.kept_start :]).tolist():
            template, meld = int(layout.kept[column]), int(layout.kept_meld[column])
            shape = self.shapes[meld]
            assert shape is not None
            stays = stays_in(shape, templates[template].slots)
            melds.append((meld, template, stays))
            for card in stays:
                real_left[card] -= 1
        melds.sort(key=lambda item: item[0] if item[0] is not None else -1)
        new_counts = values[layout.new_start : layout.kept_start]
        for column in np.flatnonzero(new_counts).tolist():
            melds.extend([(None, int(layout.new[column]), ())] * int(new_counts[column]))
        final: list[FinalMeld] = []
        for origin, template, stays in melds:
            slots = templates[template].slots
            placed = _without(slots, stays) if stays else slots
            twice = self.arrays.repeats and len(set(placed)) < len(placed)  # a card placed twice: counted below
            if not twice and all(real_left[slot] > 0 for slot in placed):  # no joker: the template's cards
                for slot in placed:
                    real_left[slot] -= 1
                final.append((origin, template, self.arrays.cards[template]))
                continue
            cards, staying = [], list(stays)
            for slot in slots:
                if slot in staying:
                    staying.remove(slot)
                elif real_left[slot] <= 0:
                    cards.append(JOKER)
                    continue
                else:
                    real_left[slot] -= 1
                cards.append(card_at(slot))
            final.append((origin, template, tuple(cards)))
        return self._solution(final, changed=int(self.on_table.sum()) - sum(len(stays) for _, _, stays in melds))

    def _solution(self, final: list[FinalMeld], changed: int) -> Solution:
        """The answer with these final melds (new runs joined to the runs they continue), once
        :meth:`_checked_counts` finds it a valid turn that meets the goal."""
        final = _join_runs(final, self.arrays)
        real, jokers = self._checked_counts(final)
        return Solution(
            self.position,
            self.rules,
            self.goal,
            True,
            self._played(real, jokers - self.table_jokers),
            Table(tuple(Meld(cards) for _, _, cards in final)),
            tuple(origin for origin, _, _ in final),
            changed,
        )

    def _checked_counts(self, final: list[FinalMeld]) -> tuple[dict[int, int], int]:
        """The final table's natural cards counted by index, and its jokers, once it is checked to
        be a valid turn that meets the goal; else :class:`SolverError`. Each meld must fill its
        template, with jokers in any slots (the tests check that every template is a meld the
        validator accepts, whichever slots jokers fill); the table must keep every card it had,
        and take only hand cards, at least one and no more than the rules allow. Quicker than the
        validator, which words every verdict (and, on a position's few cards, than numpy)."""
        rules, templates = self.rules, self.arrays.templates
        indexes: list[int] = []
        for _origin, template, cards in final:
            slots = templates[template].slots
            if cards is self.arrays.cards[template]:  # the template's own cards fill it
                indexes += slots
                continue
            meld = card_indexes(cards)
            if tuple(meld) != slots and (
                len(meld) != len(slots)
                or any(index not in (slot, JOKER_INDEX) for index, slot in zip(meld, slots, strict=True))
            ):
                raise self._invalid(f"{Meld(cards)} does not fill its template")
            indexes += meld
        real, table, hand = _tally(indexes), self.table_counts, self.hand_counts
        jokers = indexes.count(JOKER_INDEX)
        played = len(indexes) - self._table_total()
        if any(real.get(card, 0) < count for card, count in table.items()) or jokers < self.table_jokers:
            raise self._invalid("a table card is missing")
        if any(count > table.get(card, 0) + hand.get(card, 0) for card, count in real.items()) or jokers > self.jokers:
            raise self._invalid("a card on the table was not in the hand")
        if any(count > rules.decks for count in real.values()) or jokers > rules.jokers:
            raise self._invalid("more copies than the decks hold")
        if not 1 <= played <= self.room:
            raise self._invalid(f"{played} cards played")
        card = self.goal.card
        if (self.goal.kind is GoalKind.CLOSE and played < len(self.position.hand)) or (
            card is not None
            and (
                jokers == self.table_jokers
                if card.is_joker
                else real.get(card_index(card), 0) == table.get(card_index(card), 0)
            )
        ):
            raise self._invalid(f"the goal {self.goal} is not met")
        return real, jokers

    def _invalid(self, problem: str) -> SolverError:
        return SolverError(f"the solver's answer for {self.position!r} is not a valid turn: {problem}")

    def _played(self, real: dict[int, int], jokers: int) -> tuple[Card, ...]:
        """The hand cards placed, in card order (jokers last): the real cards beyond those on the table."""
        table = self.table_counts
        naturals = [card for card, count in real.items() for _copy in range(count - table.get(card, 0))]
        naturals.sort(key=lambda card: card % 13 * 4 + card // 13)  # by rank, then suit
        return tuple(card_at(card) for card in naturals) + (JOKER,) * jokers


def _without(slots: tuple[int, ...], stays: tuple[int, ...]) -> list[int]:
    """The slots left once each card that stays has taken one slot of its own."""
    left = list(stays)
    placed = []
    for slot in slots:
        if slot in left:
            left.remove(slot)
        else:
            placed.append(slot)
    return placed


_BIT_PLACES = np.arange(CARD_COUNT, dtype=np.int64)


def _indexes(bits: int) -> IntArray:
    """The card indexes whose bits are set, in order."""
    indexes: IntArray = np.flatnonzero(np.right_shift(np.int64(bits), _BIT_PLACES) & 1)
    return indexes


def _tally(indexes: list[int]) -> dict[int, int]:
    """How many of each natural card (by index) ``indexes`` hold: on a position's few cards, quicker than numpy."""
    counts: dict[int, int] = {}
    for index in indexes:
        if index != JOKER_INDEX:
            counts[index] = counts.get(index, 0) + 1
    return counts


def _counts(indexes: list[int]) -> IntArray:
    """How many of each card (by index, jokers last) ``indexes`` hold."""
    counts: IntArray = np.bincount(np.array(indexes, dtype=np.int64), minlength=JOKER_INDEX + 1)
    return counts


@lru_cache(maxsize=16)
def _incidence(arrays: TemplateArrays) -> FloatArray:
    """How many times each template holds each card (a row per template: 0s and 1s, and 2s where
    a run goes round and round); only rules whose runs go round and round need it (else
    :attr:`TemplateArrays.masks` says the same in bits)."""
    incidence = np.zeros((len(arrays.templates), CARD_COUNT + 1))
    np.add.at(incidence, (np.arange(len(arrays.templates))[:, None], arrays.grid), 1.0)
    return incidence[:, :CARD_COUNT].copy()


def _distinct(
    arrays: TemplateArrays, templates: IntArray, groups: IntArray, held: int, missing: IntArray
) -> npt.NDArray[np.bool_]:
    """Which templates to keep: in each group, the first of those that hold the same cards of
    the position (``held``, as bits) and need as many jokers (the others would be the same column)."""
    keep = np.ones(len(templates), dtype=bool)
    if not np.any(missing[templates]):
        return keep
    keys = (arrays.masks[templates] & held) * 16 + missing[templates]
    if arrays.repeats:  # a template naming a card twice differs from one naming it once: never merged
        keys = np.where(arrays.twice[templates], -1 - np.arange(len(templates)), keys)
    order = np.lexsort((np.arange(len(templates)), keys, groups))
    same = (keys[order][1:] == keys[order][:-1]) & (groups[order][1:] == groups[order][:-1])
    keep[order[1:][same]] = False
    return keep


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
