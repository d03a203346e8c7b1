"""The search for the program's best integer point: its linear relaxation in HiGHS, and a
branch and bound over it.

HiGHS (presolve off) solves the relaxation; when its vertex is integral it is
the answer, as it is for most positions. Otherwise the number of cards is
bounded first and, for that number (then one fewer, while no play has it), the
play where the most cards stay is searched for: a depth-first branch and bound
over the relaxation, each node re-solved from its parent's basis. Objectives
are integral, so a node whose bound rounds down to the best value found is cut,
the search stops when a play reaches the root's bound, and reduced costs at the
root fix what cannot move in a better play. The search first dives towards plays
for :data:`DIVE_BUDGET` relaxations; when that has not settled it, Gomory cuts
(:mod:`machiavelli_kit.solver.cuts`) tighten the root, and the search starts
again from it and branches first on the hand cards' counts (which cards go
down), then on the counts of new melds, where the relaxation is weakest (see
:class:`_Search`). Past :data:`SEARCH_BUDGET`
relaxations HiGHS's branch and cut finishes, from the best play found and within
the columns those reduced costs fixed. A search for any integer point at all
(:meth:`Relaxation.first_point`, feasibility alone) stops at the first one.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cached_property

import highspy
import numpy as np
from scipy.sparse import csc_array, csr_array, vstack

from machiavelli_kit.solver.clock import Clock
from machiavelli_kit.solver.cuts import Cut, Vertex, gomory_cuts
from machiavelli_kit.solver.highs import INFINITY, highs_for
from machiavelli_kit.solver.layout import Bounds, FloatArray, Layout, Matrix
from machiavelli_kit.solver.solution import SolverError, SolverTimeout
from machiavelli_kit.solver.templates import IntArray

INTEGRALITY_TOLERANCE = 1e-6
MIP_INTEGRALITY_TOLERANCE = 1e-5
"""Above HiGHS's own (1e-6) for its branch and cut's points; the answer is checked anyway."""
SEARCH_BUDGET = 150
"""Relaxations the depth-first search may solve before HiGHS's branch and cut takes over (whose
root cuts cost as much time as tens to hundreds of relaxations on the positions left to it)."""
DIVE_BUDGET = 10
"""Relaxations, of those, for the first dive towards plays before the search starts again."""
CUT_ROUNDS = 6
"""Rounds of Gomory cuts at the root, at most, when the dive has not settled the search (each one
relaxation of the budget)."""
ROWS_READ = 5
"""Tableau rows read for cuts in one round, at most."""
CUTS_PER_ROUND = 5
"""Cuts added in one round, at most, the deepest: a few keep each relaxation quick."""
CUT_PROGRESS = 0.02
"""The rounds of cuts stop after one that lowered the root's bound by less than this."""
BOUND_TOLERANCE = 1e-3
"""Slack on a relaxation's bound before it is rounded down (far above HiGHS's own tolerances)."""
_STATUS = highspy.HighsModelStatus


def most_cards_then_most_stays(relaxation: Relaxation, placed: IntArray, stays: IntArray) -> IntArray | None:
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


class Relaxation:
    """The program's linear relaxation in HiGHS, maximising ``cost`` until told another, and the
    searches for its best integer point.

    Branching changes column bounds only, so each node's relaxation starts from
    its parent's basis (dual simplex, presolve off): a few pivots per node.
    """

    def __init__(self, layout: Layout, matrix: Matrix, bounds: Bounds, clock: Clock, cost: IntArray) -> None:
        self.layout, self.clock, self.cost, self.matrix = layout, clock, cost, matrix
        col_lower, col_upper, row_lower, row_upper = bounds
        self.col_lower, self.col_upper, self.row_lower = col_lower, col_upper, row_lower
        self.cuts: list[Cut] = []
        starts, indexes, values = matrix
        self.highs = highs_for()
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
        self.clock.spend()
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
        return self._search(first=False)

    def first_point(self) -> IntArray | None:
        """Any integer point, or ``None`` when there is none: the search stops at the first one it
        finds, and HiGHS's branch and cut, when it takes over, at its first one too."""
        return self._search(first=True)

    def _search(self, first: bool) -> IntArray | None:
        search = _Search(self, self.cost, first)
        try:
            finished = search.run(SEARCH_BUDGET)
            better = None if finished else self._branch_and_cut(search.best, search.lower, search.upper, first)
        except SolverTimeout as error:  # the best point found so far goes with it: the caller says what it proves
            error.point = search.best
            raise
        finally:
            self.highs.changeColsBounds(len(self.everything), self.everything, self.col_lower, self.col_upper)
            self.drop_cuts()
        if finished:
            return search.best
        if better is None or (search.best is not None and self.cost @ search.best >= self.cost @ better):
            return search.best
        return better

    def _branch_and_cut(
        self, start: IntArray | None, lower: FloatArray, upper: FloatArray, first: bool = False
    ) -> IntArray | None:
        """HiGHS's branch and cut on the current program (its cost too, or none for the ``first``
        point: then any point is optimal), within the column bounds the search has proven for any
        point better than ``start`` (the best found so far, which may lie outside them: then HiGHS
        starts without it, and finding nothing proves it best)."""
        lp = self.highs.getLp()
        lp.integrality_ = [highspy.HighsVarType.kInteger] * lp.num_col_
        lp.col_lower_, lp.col_upper_ = lower, upper
        if first:
            lp.col_cost_ = np.zeros(lp.num_col_)
        mip = highs_for("mip")  # a new one each time: its time limit counts from now, whatever HiGHS's clock does
        mip.passModel(lp)
        if start is not None and np.all(start >= lower) and np.all(start <= upper):
            mip.setSolution(len(start), self.everything, start.astype(np.float64))
        mip.setOptionValue("time_limit", self.clock.remaining())
        work = self.clock.work
        nodes = 0 if work is None else max(1, work.left)  # each node a unit of work
        if work is not None:
            mip.setOptionValue("mip_max_nodes", nodes)
        mip.run()
        status = mip.getModelStatus()
        explored = mip.getInfo().mip_node_count
        self.clock.spend(explored)
        if work is not None and status == _STATUS.kSolutionLimit and explored >= nodes:  # stopped at the work left
            raise work.spend_all()
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

    def add_cuts(self, cuts: list[Cut]) -> None:
        """Add the cuts as rows, after the program's own (they stay until :meth:`drop_cuts`)."""
        for cut in cuts:
            self.highs.addRow(cut.lower, INFINITY, len(cut.columns), cut.columns, cut.values)
        self.cuts += cuts

    def drop_cuts(self) -> None:
        """Take the cuts' rows away: they hold only within the search that read them."""
        if self.cuts:
            rows = len(self.row_lower)
            self.highs.deleteRows(len(self.cuts), np.arange(rows, rows + len(self.cuts), dtype=np.int32))
            self.cuts = []

    @cached_property
    def sparse_rows(self) -> csr_array:
        """The program's constraint matrix, row by row (for the cuts)."""
        starts, indexes, values = self.matrix
        return csc_array((values, indexes, starts), shape=(len(self.row_lower), self.layout.columns)).tocsr()

    def vertex(self) -> Vertex:
        """The optimal vertex of the last run, with its basis and bounds, and the cuts added so far."""
        highs = self.highs
        lp, basis = highs.getLp(), highs.getBasis()
        rows = self.sparse_rows
        if self.cuts:
            cuts = csr_array(
                (
                    np.concatenate([cut.values for cut in self.cuts]),
                    np.concatenate([cut.columns for cut in self.cuts]),
                    np.cumsum([0] + [len(cut.columns) for cut in self.cuts]),
                ),
                shape=(len(self.cuts), self.layout.columns),
            )
            rows = vstack([rows, cuts], format="csr")
        status = np.array([int(value) for value in [*basis.col_status, *basis.row_status]])
        columns = self.layout.columns
        basic = highs.getBasicVariables()[1]  # type: ignore[attr-defined]  # (highspy's stubs lack the basis calls)
        position = {  # HiGHS names a basic row's activity -1 - row
            int(variable) if variable >= 0 else columns - 1 - int(variable): place
            for place, variable in enumerate(basic)
        }

        def tableau_row(column: int) -> FloatArray:
            place = position[column]
            reduced = highs.getReducedRow(place)[1]  # type: ignore[attr-defined]
            inverse = highs.getBasisInverseRow(place)[1]  # type: ignore[attr-defined]
            return np.concatenate([reduced, -inverse])

        return Vertex(
            rows,
            len(self.row_lower),
            np.concatenate([lp.col_lower_, lp.row_lower_]),
            np.concatenate([lp.col_upper_, lp.row_upper_]),
            status == int(highspy.HighsBasisStatus.kBasic),
            status == int(highspy.HighsBasisStatus.kUpper),
            np.asarray(highs.getSolution().col_value),
            tableau_row,
        )

    def send_bounds(self, columns: IntArray, lower: FloatArray, upper: FloatArray) -> None:
        self.highs.changeColsBounds(len(columns), columns.astype(np.int32), lower, upper)

    def reduced_costs(self) -> FloatArray:
        return np.asarray(self.highs.getSolution().col_dual)


Node = dict[int, tuple[float, float]]
"""A node of the search: the columns whose bounds it narrows."""


class _Search:
    """Depth-first branch and bound over the relaxation, for one integral objective (or, ``first``,
    a dive that stops at the first integer point).

    The search runs twice at most. First a dive: the branch variable is the one
    with the largest fractional part, rounded up first, which reaches a good play
    in a few nodes and, on most positions, one that meets the root's bound. When
    :data:`DIVE_BUDGET` relaxations have not settled it, a few rounds of Gomory
    cuts tighten the root, and the search starts again from it, with what the
    dive found, the cuts kept and the tighter root's reduced costs (the slowest
    position took 89 relaxations without the cuts, 54 with them; the 219
    programs of seeds 1 to 12 whose dive did not settle them, 6,367 and 4,362,
    the most 154 and 96). It branches first on the card count (``u``) nearest
    one half: where fewer cards go down than the hand holds, the relaxation
    spreads them over many cards, and deciding which go is what proves the rest
    (on positions from games with a turn's room cut short, 43 relaxations where
    150 did not settle it and branch and cut finished it). Then, with the card
    counts whole, on the count of new melds nearest one half (rounded up
    first), then as the dive does: on the slow positions the
    relaxation with whole counts of new melds already has the
    integer optimum's bound (49.67 falls to 46 on the slowest, 49.25 to 40.5 on
    another), so those are the branches that move it; the dive's rule needed
    hundreds of nodes there. A node whose bound cannot beat the best play found is
    cut; the search stops when a play reaches the root's bound. Each better play
    also fixes, by the root's reduced costs, the columns that cannot move off
    their bound in any play better still.
    """

    def __init__(self, relaxation: Relaxation, cost: IntArray, first: bool = False) -> None:
        self.relaxation, self.cost, self.first = relaxation, cost, first
        self.lower, self.upper = relaxation.col_lower.copy(), relaxation.col_upper.copy()
        self.sent = (self.lower.copy(), self.upper.copy())
        self.best: IntArray | None = None
        self.best_value = -math.inf
        self.root: tuple[float, FloatArray, FloatArray] | None = None
        """The root's bound, vertex and reduced costs (once cuts are added, of the root with them)."""

    def run(self, budget: int) -> bool:
        """Search, solving at most ``budget`` relaxations; ``True`` when the search is complete: the
        dive, then, when it has not settled the search, cuts at the root and the search again from
        the root."""
        dive = min(budget, DIVE_BUDGET)
        left, finished = self._depth_first(dive, self._dive_column)
        if not finished:
            left, finished = self._cuts_at_root(budget - dive + left)
        return finished or self._depth_first(left, self._proof_column)[1]

    def _cuts_at_root(self, budget: int) -> tuple[int, bool]:
        """Rounds of Gomory cuts at the root, each re-solved (none for the ``first`` point): the
        relaxations left, and whether they settled the search (the root's bound rounds down to the
        best play found, or its vertex is a play: then the best, as every cut keeps every play). The
        rounds stop after :data:`CUT_ROUNDS`, or one that lowers the bound by less than
        :data:`CUT_PROGRESS` or finds no cut; the cuts stay for the rest of the search, and the
        last root, tighter, fixes columns by its reduced costs from then on."""
        if self.first:
            return budget, False
        previous = math.inf
        for _ in range(CUT_ROUNDS):
            if budget == 0:
                return 0, False
            if not self._enter({}):
                return budget, True  # bounds that cross: no play is better than the best found
            budget -= 1
            result = self.relaxation.run()
            if result is None or math.floor(result[0] + BOUND_TOLERANCE) <= self.best_value:
                return budget, True
            value, point = result
            play = _integral(point)
            if play is not None:  # the best play: every cut keeps every play, so none is better
                self.best, self.best_value = play, int(self.cost @ play)
                return budget, True
            self.root = (value, point, self.relaxation.reduced_costs())
            if self.best is not None:
                self._fix()  # by the tighter root (it cannot prove the best play: its bound did not, above)
            progress, previous = previous - value, value
            if progress < CUT_PROGRESS:
                break
            cuts = gomory_cuts(self.relaxation.vertex(), ROWS_READ, CUTS_PER_ROUND)
            if not cuts:
                break
            self.relaxation.add_cuts(cuts)
        return budget, False

    def _depth_first(self, budget: int, choose: Callable[[FloatArray], int]) -> tuple[int, bool]:
        """Search from the root, branching on the column ``choose`` picks, solving at most
        ``budget`` relaxations: the relaxations left, and whether the search is complete."""
        stack: list[Node] = [{}]
        while stack:
            if budget == 0:
                return 0, False
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
            if np.all(fraction < 0):
                if self._improve(np.rint(point).astype(np.int64)) or self.first:
                    break
                continue
            column = choose(fraction)
            lower, upper = node.get(column, (self.lower[column], self.upper[column]))
            stack.append({**node, column: (lower, math.floor(point[column]))})
            stack.append({**node, column: (math.ceil(point[column]), upper)})
        return budget, True

    @staticmethod
    def _dive_column(fraction: FloatArray) -> int:
        """The column with the largest fractional part (``fraction``: each column's, ``-1`` where whole)."""
        return int(np.argmax(fraction))

    def _proof_column(self, fraction: FloatArray) -> int:
        """The card count (``u``: a card's copies on the final table), then the count of new melds,
        whose fractional part is nearest one half, else the column with the largest fractional part."""
        layout = self.relaxation.layout
        for start, end in ((0, len(layout.cards)), (layout.new_start, layout.kept_start)):
            part = fraction[start:end]
            if np.any(part >= 0):
                return start + int(np.argmin(np.where(part >= 0, np.abs(part - 0.5), np.inf)))
        return self._dive_column(fraction)

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
        return self._fix()

    def _fix(self) -> bool:
        """Fix, by the root's reduced costs, the columns that cannot move off their bound in a play
        better than the best found; ``True`` when no play can be better."""
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
