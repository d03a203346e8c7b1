"""The solver's answer, and the ways a solve can fail.

A :class:`Solution` is the best play found for a position (or the verdict that
no play meets the goal); it says which hand cards go down, the final table, par
and, read when asked, the moves from the start table to the final one, within the time
its solve left (:class:`SpareTime`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.goal import Goal, GoalKind
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.i18n import _, ngettext

if TYPE_CHECKING:
    from machiavelli_kit.solver.steps import Move


MOST_CARDS = (GoalKind.MAX, GoalKind.DECIDE)
"""The goals whose answer places the most hand cards any play can."""


class SolverInputError(ValueError):
    """A position the solver cannot take: more copies than the decks hold, or a bad goal."""


class SolverError(RuntimeError):
    """The solver failed: its answer broke a rule, or HiGHS stopped for no good reason (a bug)."""


class SolverTimeout(RuntimeError):
    """The solver gave up: it could not prove the best play within its time limit.

    What it had proven by then is kept: :attr:`found`, a play that meets the goal (for ``max``,
    with the most cards there are) but was not yet proven to move the fewest table cards, or
    ``None``; or, when the time ran out while the moves of the best play were worked out, that
    play (:attr:`proven`). Its message says which. The moves of :attr:`found` are worked out
    without a limit when they are read: the limit has passed, and they cost little (a few
    milliseconds at most over the benchmark's positions, see :func:`~machiavelli_kit.solver.steps.plan_moves`).
    """

    found: Solution | None = None
    proven: bool = False
    """Whether :attr:`found` is the best play, proven: only its moves were not worked out in time."""
    point: object = None
    """The program's point behind :attr:`found`, as the search hands it on (the solver's own use)."""

    def __init__(self, seconds: float) -> None:
        # TRANSLATORS: the solver's message when it runs out of time; {seconds} is a number of seconds.
        super().__init__(_("gave up after {seconds} s without proving the best play").format(seconds=f"{seconds:g}"))
        self.seconds = seconds

    def having_found(self, found: Solution) -> SolverTimeout:
        """This error, with the play it found before it gave up, and its message saying what that proves."""
        self.found = found
        if found.goal.kind in MOST_CARDS:
            # TRANSLATORS: added to "gave up after 5 s without proving the best play" when the most cards are known.
            proven = ngettext(
                "; it did find a play of {count} card, the most anyone can play here, but not yet "
                "the one that moves the fewest table cards",
                "; it did find a play of {count} cards, the most anyone can play here, but not yet "
                "the one that moves the fewest table cards",
                found.max_play,
            ).format(count=found.max_play)
        else:
            # TRANSLATORS: added to "gave up after 5 s without proving the best play" when the goal can be met.
            proven = _("; it did find a play that does it, but not yet the one that moves the fewest table cards")
        self.args = (f"{self.args[0]}{proven}",)
        return self

    @property
    def most_cards(self) -> int | None:
        """The most hand cards any play places here, when the solver proved it before it gave up
        (the goal asked for the most cards or the whole hand, or the best play is known); else ``None``."""
        found = self.found
        if found is None or not (self.proven or found.goal.kind in (*MOST_CARDS, GoalKind.CLOSE)):
            return None
        return found.max_play

    def again(self) -> SolverTimeout:
        """The same give-up as a new error, to raise once more (an error raised twice grows its traceback)."""
        again = SolverTimeout(self.seconds)
        again.args, again.found, again.proven = self.args, self.found, self.proven
        return again

    def before_moves(self, best: Solution) -> SolverTimeout:
        """This error, raised while the moves of ``best``, the best play proven, were worked out."""
        self.found, self.proven = best, True
        # TRANSLATORS: the solver proved the best play but ran out of time while it worked out its moves;
        # {seconds} is a number of seconds.
        message = _("gave up after {seconds} s: it found the best play, but not yet its moves")
        self.args = (message.format(seconds=f"{self.seconds:g}"),)
        return self


class SolverOutOfWork(SolverTimeout):
    """The solver gave up: the work its caller allowed (:class:`~machiavelli_kit.solver.clock.Work`)
    is spent. Unlike a time limit, it gives up at the same point on any machine."""

    def __init__(self, units: int) -> None:
        # TRANSLATORS: the solver's message when it used up the work it was allowed; {count} is a number.
        message = ngettext(
            "gave up after {count} step of work without proving the best play",
            "gave up after {count} steps of work without proving the best play",
            units,
        )
        RuntimeError.__init__(self, message.format(count=units))
        self.seconds = math.inf
        self.units = units


class SpareTime(NamedTuple):
    """The time a solve left of its limit of ``seconds``: ``left`` seconds, on ``timer``
    (:meth:`~machiavelli_kit.solver.clock.Clock.spare`).

    A :class:`Solution` keeps it for its moves, worked out when they are read: their clock starts
    then, with the time left, so the solve and its moves together stay within the limit however
    long after the solve the moves are read (a hint ladder reads them at its fourth hint).

    >>> check = SpareTime(5.0, 0.0, lambda: 0.0).started()
    >>> check()
    Traceback (most recent call last):
    ...
    machiavelli_kit.solver.solution.SolverTimeout: gave up after 5 s without proving the best play
    """

    seconds: float
    left: float
    timer: Callable[[], float]

    def started(self) -> Callable[[], None]:
        """A check for the moves, started now: it raises :class:`SolverTimeout` once the time left has passed."""
        deadline = self.timer() + self.left

        def check() -> None:
            if self.timer() >= deadline:
                raise SolverTimeout(self.seconds)

        return check


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
    spare: SpareTime | None = field(default=None, repr=False, compare=False)
    """The time its solve left, within which :attr:`moves` are worked out (``None``: no limit)."""

    @classmethod
    def no_play(cls, position: Position, rules: Rules, goal: Goal) -> Solution:
        """The verdict that no play meets the goal: the table stays as it is."""
        return cls(position, rules, goal, False, (), position.table, tuple(range(len(position.table))), 0)

    @classmethod
    def of_table(cls, position: Position, rules: Rules, goal: Goal, table: Table) -> Solution:
        """The play from ``position`` that leaves ``table``: the hand cards it places, and which start
        meld goes on as which final meld, matched for the least par.

        >>> from machiavelli_kit.core.goal import Goal
        >>> final = Table.parse("4H 5H 6H 7H 8H | 5S 5D 5C")
        >>> play = Solution.of_table(Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H"), Rules(), Goal.MAX, final)
        >>> play.played, play.origins, play.par
        ((Card.parse('4H'),), (1, 0), 2)
        """
        from machiavelli_kit.solver.matching import match_melds  # scipy: loaded only when needed

        origins, changed = match_melds(position.table, table, rules)
        played = tuple(sorted((table.cards() - position.table.cards()).elements()))
        return cls(position, rules, goal, True, played, table, origins, changed)

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
        """Single-card moves from the start table to this one, in an order that reads well, worked
        out within the time the solve left (:attr:`spare`): past it :class:`SolverTimeout`, carrying
        this play (:attr:`SolverTimeout.proven`), whose moves are then worked out without a limit."""
        from machiavelli_kit.solver.steps import plan_moves

        if not self.feasible:
            return ()
        check = None if self.spare is None else self.spare.started()
        try:
            return plan_moves(self.position, self.table, self.origins, self.rules, check)
        except SolverTimeout as error:
            raise error.before_moves(replace(self, spare=None)) from None

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
