"""The puzzle trainer without widgets: one try at a puzzle, and which puzzle comes next.

A :class:`PuzzleSession` is a :class:`~machiavelli_kit.practice.session.PlaySession` on
one puzzle. It judges every valid Check and every "No play: draw" against the
puzzle, climbs one hint ladder (the puzzle's own hints first, then the
solver's), and writes it all into the learner's :class:`Progress`: attempts,
hints, time, solved or solved with help, and the ratings. The first answer of
a try is the one that is rated (unless the learner had already solved the
puzzle on their own: replaying it is not rated, so it cannot be farmed):

- solved without hints: a win (1);
- solved after hints: half a win (0.5);
- solved with Solve or once the last hint showed the answer, a wrong answer,
  or the clock running out: a loss (0).

A :class:`Trainer` picks the next puzzle (near the learner's rating, from the
themes the learner misses most), keeps the puzzles to retry, and runs the
streak mode (puzzles get harder until the first miss) and the timed mode (a
clock per puzzle). Time is read from a ``clock`` (seconds), so tests pass a
fake one and never wait.

A trainer may also have a ``sink`` (a :class:`ProgressSink`): after every hint,
answer or time run out, it is given the puzzle's record as it then stands, to
send on (the class server's, wired where the page knows the server: the trainer
knows no server). The learner's progress file is saved as before, sink or not.

>>> from machiavelli_kit.puzzles.collection import load_collection
>>> from machiavelli_kit.practice.progress import Progress
>>> now = [0.0]
>>> session = PuzzleSession(load_collection().find("bga-3"), Progress(), clock=lambda: now[0])
>>> now[0] = 20.0
>>> session.no_play().text
'No play: no card from your hand can be played here, so you draw 1 card and your turn ends.'
>>> session.verdict, session.outcome, session.progress.record("bga-3").seconds
('Correct: there is no play here.', 'solved', 20.0)
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Literal, Protocol

from machiavelli_kit.core.cards import format_card
from machiavelli_kit.core.goal import GoalKind
from machiavelli_kit.core.position import Table
from machiavelli_kit.i18n import N_, _, speaking
from machiavelli_kit.practice.progress import FAILED, HELPED, MARKS, NEW, SOLVED, Progress, Record
from machiavelli_kit.practice.rating import Rating, start_rating
from machiavelli_kit.practice.session import CheckReport, NoPlayReport, PlaySession
from machiavelli_kit.practice.titles import place_in_chapter, revealed, shown_title
from machiavelli_kit.puzzles.collection import Collection
from machiavelli_kit.puzzles.format import Puzzle
from machiavelli_kit.puzzles.names import technique_name
from machiavelli_kit.puzzles.verify import Verdict, check_answer
from machiavelli_kit.solver import SolverTimeout
from machiavelli_kit.solver.steps import Move

Outcome = Literal["solved", "hinted", "helped", "failed"]
Mode = Literal["practice", "streak", "timed"]
VerdictKind = Literal["info", "valid", "hint", "invalid"]
MODES: tuple[Mode, ...] = ("practice", "streak", "timed")
SCORES: dict[Outcome, float] = {"solved": 1.0, "hinted": 0.5, "helped": 0.0, "failed": 0.0}
"""What each outcome scores in the rating: a win, half a win, a loss."""
# TRANSLATORS: the puzzle trainer's timed mode; "Next" is the button that gives the next puzzle.
TIME_UP = N_("Time is up: this one counts as missed. You can still finish it, or press Next.")
NO_HINTS = N_("No hints for this assignment: your teacher wants to see what you can do on your own.")
THEME_WEIGHT = 400.0
"""How many rating points a theme the learner always misses is worth, against one never missed."""
THEME_PRIOR = 0.5
"""The miss rate of a theme the learner has not tried yet."""
STREAK_HEAD_START = 300.0
"""A streak starts this far below the learner's rating."""
SECONDS_BASE, SECONDS_PER_EFFORT = 30.0, 15.0
PROVISIONAL = 110.0
"""Above this deviation a rating is still settling, and is shown with a question mark (as puzzle sites do)."""


class ProgressSink(Protocol):
    """Somewhere else a trainer's records go as they change (the class server, say): called with the puzzle's id
    and a copy of its record. It must return at once and never raise: it is called while the learner plays."""

    def __call__(self, puzzle_id: str, record: Record, /) -> None: ...


class PuzzleSession(PlaySession):
    """A learner's try at ``puzzle``, recorded into ``progress``; ``limit`` seconds on the clock in timed mode.

    With ``hints=False`` (an assignment that allows none) Hint answers
    :data:`NO_HINTS` and counts nothing, and Solve is refused.

    Listeners added with :meth:`on_change` are called after every hint and
    every answer (and when the time runs out), when the progress is worth saving.
    Its texts are said in ``lang``, or when it is ``None`` in the language in use at the time.
    """

    def __init__(
        self,
        puzzle: Puzzle,
        progress: Progress,
        *,
        clock: Callable[[], float] = time.monotonic,
        limit: float | None = None,
        hints: bool = True,
        lang: str | None = None,
    ) -> None:
        super().__init__(puzzle.position, puzzle.rules, lang)
        self.puzzle, self.progress, self.clock, self.limit = puzzle, progress, clock, limit
        self.hints = hints
        self.started = self._counted = clock()
        self.outcome: Outcome | None = None
        """How the try went: set by its first answer (or the clock), the one that is rated."""
        self.verdict = puzzle.question(lang)
        """The last word on the puzzle, for the learner (in the language in use when it was said)."""
        self.verdict_kind: VerdictKind = "info"
        """How the verdict looks, in any language: the question still open (info), a right answer (valid),
        a valid turn short of the answer (hint), or a wrong answer or the time run out (invalid)."""
        self.rated = progress.records.get(puzzle.id, Record()).status != SOLVED
        """Whether this try moves the ratings: not when the learner had solved the puzzle before."""
        self.late = False
        self._climbed = 0
        self._listeners: list[Callable[[PuzzleSession], None]] = []

    def on_change(self, listener: Callable[[PuzzleSession], None]) -> None:
        self._listeners.append(listener)

    @property
    def rungs(self) -> tuple[str, ...]:
        """One hint ladder: the puzzle's own hints (in the language in use), then the solver's rungs (the last one
        shows the answer)."""
        return (*self.puzzle.hints_in(), *self.ladder.rungs)

    def elapsed(self) -> float:
        return self.clock() - self.started

    def time_left(self) -> float | None:
        """Seconds left on the clock (``None`` without a clock)."""
        return None if self.limit is None else max(self.limit - self.elapsed(), 0.0)

    def hint(self) -> str:
        """The next rung of the one ladder; each new rung counts as a hint, and the last one as help."""
        with speaking(self.lang):
            return self._hint()

    def _hint(self) -> str:
        """The next rung; when the solver gave up, the puzzle's own hints, then what the board says of it."""
        if not self.hints:
            return _(NO_HINTS)
        try:
            rungs, answered = self.rungs, True
        except SolverTimeout:
            rungs, answered = self.puzzle.hints_in(), False  # none of them shows the answer
            if self._climbed >= len(rungs):
                return super().hint()  # the solver gave up: how many cards can be played, when it knew
        if self._climbed < len(rungs):
            self._climbed += 1
            self.progress.hint(self.puzzle.id)
        self.helped = self.helped or (answered and self._climbed == len(rungs))
        self._changed()
        # TRANSLATORS: {hint} is one hint, a sentence of its own.
        return _("Hint {number} of {count}: {hint}").format(
            number=self._climbed, count=len(rungs), hint=rungs[self._climbed - 1]
        )

    def solve_steps(self) -> Iterator[Move]:
        """The solver's moves, as for any board; refused when hints are off."""
        if not self.hints:
            raise ValueError(_(NO_HINTS, self.lang))
        return super().solve_steps()

    def no_play_reason(self) -> str | None:
        """Why the puzzle's goal cannot be met, or ``None`` when it can."""
        with speaking(self.lang):
            return self._no_play_reason()

    def _no_play_reason(self) -> str | None:
        if self.puzzle.feasible:
            return None
        card = self.puzzle.goal.card
        if card is not None:
            # TRANSLATORS: part of a sentence, after "No play: "; {card} is a card such as 7♥.
            return _("{card} cannot be played here").format(card=format_card(card, unicode=True))
        if self.puzzle.goal.kind is GoalKind.CLOSE:
            # TRANSLATORS: part of a sentence, after "No play: ".
            return _("your whole hand cannot be played here")
        return super().no_play_reason()

    def check(self) -> CheckReport:
        """Check the table; a valid turn is also judged against the puzzle and counted as an attempt."""
        report = super().check()
        if report.valid:
            with speaking(self.lang):
                self._answered(check_answer(self.puzzle, Table.of(self.state.melds)))
        return report

    def no_play(self) -> NoPlayReport:
        """Answer "no play": judged against the puzzle and counted as an attempt."""
        report = super().no_play()
        with speaking(self.lang):
            self._answered(check_answer(self.puzzle, "no play"))
        return report

    def tick(self) -> float | None:
        """The time left; when it has run out before any answer, the try counts as missed."""
        left = self.time_left()
        if self._expire():
            self._changed()
        return left

    def leave(self) -> None:
        """The learner moves on: the time spent so far is counted (a try without an answer is not rated)."""
        self._spend()

    def _expire(self) -> bool:
        if self.outcome is not None or self.time_left() != 0.0:
            return False
        self.late = True
        self._settle("failed")
        self.verdict, self.verdict_kind = _(TIME_UP, self.lang), "invalid"
        return True

    def _answered(self, verdict: Verdict) -> None:
        self._expire()
        self.progress.attempt(self.puzzle.id, solved=verdict.correct, helped=self.helped)
        if not verdict.correct:
            outcome: Outcome = "failed"
        elif self.helped:
            outcome = "helped"
        else:
            outcome = "hinted" if self._climbed else "solved"
        if self.outcome is None:
            self._settle(outcome)
        message = verdict.message
        if verdict.correct and self.helped:
            # TRANSLATORS: {verdict} is what the learner did, e.g. "1 card played, the most there is."
            message = _("Solved with help: {verdict}").format(verdict=verdict.detail)
        elif verdict.correct and self.late:
            # TRANSLATORS: {verdict} is a whole sentence such as "Correct: there is no play here."
            message = _("{verdict} The time had run out, so this one counts as missed.").format(verdict=message)
        self.verdict = message
        self.verdict_kind = "valid" if verdict.correct else "hint" if verdict.valid else "invalid"
        self._changed()

    def _settle(self, outcome: Outcome) -> None:
        """The try's result: both ratings move, if the try is rated."""
        self.outcome = outcome
        if self.rated:
            self.progress.rate(self.puzzle.id, SCORES[outcome], start_rating(self.puzzle.grade, self.puzzle.effort))

    def _spend(self) -> None:
        now = self.clock()
        self.progress.spend(self.puzzle.id, now - self._counted)
        self._counted = now

    def _changed(self) -> None:
        self._spend()
        for listener in self._listeners:
            listener(self)


class Trainer:
    """Puzzles from ``collection`` for the learner whose ``progress`` this is.

    ``clock`` gives the time in seconds and ``rng`` breaks ties between
    equally good puzzles (pass ``random.Random(seed)`` for a repeatable order).
    ``sink``, when given, is told each puzzle's record as it changes.
    Its texts, and those of the sessions it starts, are said in ``lang``, or when
    it is ``None`` in the language in use at the time.
    """

    def __init__(
        self,
        collection: Collection,
        progress: Progress,
        *,
        clock: Callable[[], float] = time.monotonic,
        rng: random.Random | None = None,
        lang: str | None = None,
        sink: ProgressSink | None = None,
    ) -> None:
        self.collection, self.progress, self.clock, self.lang = collection, progress, clock, lang
        self.sink = sink
        self.rng = rng or random.Random()
        self.mode: Mode = "practice"
        self.session: PuzzleSession | None = None
        self.queue: list[str] = []
        """Puzzles to retry, in order."""
        self.no_hints: frozenset[str] = frozenset()
        """Puzzles played without hints or Solve (those of an assignment that allows none)."""
        self.streak = 0
        self.streak_over = False
        self._streak_floor = 0.0
        """Each puzzle of a streak is rated above this: the learner's rating less a head start, then the last one's."""
        self._streak_seen: set[str] = set()
        self.timed_solved = self.timed_tried = 0
        self._scored: PuzzleSession | None = None

    # what the learner sees

    def rating(self, puzzle: Puzzle) -> Rating:
        """The puzzle's rating for this learner (from its grade and effort until it is rated)."""
        return self.progress.puzzle_rating(puzzle.id, start_rating(puzzle.grade, puzzle.effort))

    def status(self, puzzle: Puzzle) -> str:
        return self.progress.records.get(puzzle.id, Record()).status

    def label(self, puzzle: Puzzle) -> str:
        """The puzzle's line in a list: its mark, id, title and grade (once solved, hinted or given up), effort and
        rating."""
        with speaking(self.lang):
            return self._label(puzzle)

    def place(self, puzzle: Puzzle) -> tuple[int, int] | None:
        """The puzzle's place in its chapter and the chapter's size, for its neutral title."""
        return place_in_chapter(self.collection, puzzle.id)

    def title(self, puzzle: Puzzle) -> str:
        """The puzzle's title once solved, hinted or given up; before, its place in its chapter only."""
        return shown_title(puzzle, self.progress.records.get(puzzle.id, Record()), self.place(puzzle), lang=self.lang)

    def _label(self, puzzle: Puzzle) -> str:
        rating = round(self.rating(puzzle).rating)
        mark, title = MARKS[self.status(puzzle)], self.title(puzzle)
        if not revealed(self.progress.records.get(puzzle.id, Record())):
            # TRANSLATORS: a puzzle in a list, before it is solved (its technique is not named yet);
            # {effort} a number from 1 to 5, {rating} the puzzle's rating (about 1500).
            return _("{mark} {id}: {title} (effort {effort}, rated {rating})").format(
                mark=mark, id=puzzle.id, title=title, effort=puzzle.effort or "?", rating=rating
            )
        if puzzle.grade:
            grade = technique_name(puzzle.grade)
            # TRANSLATORS: a puzzle in a list; {grade} is a technique's name (spare card, chain, ...),
            # {effort} a number from 1 to 5, {rating} the puzzle's rating (about 1500).
            return _("{mark} {id}: {title} ({grade}, effort {effort}, rated {rating})").format(
                mark=mark, id=puzzle.id, title=title, grade=grade, effort=puzzle.effort, rating=rating
            )
        return _("{mark} {id}: {title} (not graded, rated {rating})").format(
            mark=mark, id=puzzle.id, title=title, rating=rating
        )

    def summary(self) -> str:
        """The learner's rating and, in streak or timed mode, how the run goes."""
        with speaking(self.lang):
            return self._summary()

    def _summary(self) -> str:
        mine = self.progress.rating
        if mine.deviation > PROVISIONAL:
            text = _("Your rating: {rating}? (it settles as you play more)").format(rating=round(mine.rating))
        else:
            text = _("Your rating: {rating}").format(rating=round(mine.rating))
        if self.mode == "streak":
            best = self.progress.best_streak
            if self.streak_over:
                # TRANSLATORS: follows "Your rating: ..."; a streak is a run of puzzles solved in a row.
                text += _(" · streak {streak}, over: press Next to start a new one (best {best})").format(
                    streak=self.streak, best=best
                )
            else:
                text += _(" · streak {streak}, going (best {best})").format(streak=self.streak, best=best)
        elif self.mode == "timed":
            text += _(" · solved in time: {solved} of {tried}").format(solved=self.timed_solved, tried=self.timed_tried)
        return text

    def missed(self, puzzles: Iterable[Puzzle]) -> list[Puzzle]:
        """The puzzles tried but not solved without help (failed, or solved only with help)."""
        return [puzzle for puzzle in puzzles if self.status(puzzle) in (FAILED, HELPED)]

    def miss_rates(self) -> dict[str, float]:
        """For each theme tried, how often its puzzles were missed (counted with one miss and one solve to start)."""
        tried: Counter[str] = Counter()
        misses: Counter[str] = Counter()
        for puzzle in self.collection.puzzles:
            status = self.status(puzzle)
            if status == NEW:
                continue
            for theme in puzzle.themes:
                tried[theme] += 1
                misses[theme] += status != SOLVED
        return {theme: (misses[theme] + 1) / (count + 2) for theme, count in tried.items()}

    # choosing

    def pick(self, puzzles: Sequence[Puzzle], exclude: Iterable[str] = ()) -> Puzzle | None:
        """The puzzle nearest the learner's rating, pulled toward the themes the learner misses most.

        Puzzles already solved without help come only when nothing else is left.
        """
        skip = set(exclude)
        pool = [puzzle for puzzle in puzzles if puzzle.id not in skip]
        fresh = [puzzle for puzzle in pool if self.status(puzzle) != SOLVED] or pool
        if not fresh:
            return None
        rates, mine = self.miss_rates(), self.progress.rating.rating

        def distance(puzzle: Puzzle) -> float:
            weakness = max((rates.get(theme, THEME_PRIOR) for theme in puzzle.themes), default=THEME_PRIOR)
            return abs(self.rating(puzzle).rating - mine) + THEME_WEIGHT * (1 - weakness)

        scores = {puzzle.id: distance(puzzle) for puzzle in fresh}
        best = min(scores.values())
        return self.rng.choice([puzzle for puzzle in fresh if scores[puzzle.id] <= best + 1e-9])

    def set_mode(self, mode: Mode) -> None:
        """Switch between practice, streak and timed; a streak or a timed run starts afresh."""
        if mode not in MODES:
            # TRANSLATORS: {modes} are the modes' names as a program writes them: practice, streak, timed.
            message = _("{mode!r} is not a mode: choose {modes}", self.lang)
            raise ValueError(message.format(mode=mode, modes=", ".join(MODES)))
        self.mode = mode
        self._new_streak()
        self.timed_solved = self.timed_tried = 0

    def next_puzzle(self, puzzles: Sequence[Puzzle]) -> Puzzle | None:
        """The next puzzle from ``puzzles``: a queued retry first, then the mode's choice."""
        current = {self.session.puzzle.id} if self.session else set()
        if self.mode == "streak":
            if self.session is not None and self.session.outcome is None:
                self._end_streak()  # skipping a puzzle ends the streak
            if self.streak_over:
                self._new_streak()
            return self._streak_pick(puzzles)
        by_id = {puzzle.id: puzzle for puzzle in puzzles}
        while self.queue:
            puzzle = by_id.get(self.queue.pop(0))
            if puzzle is not None:
                return puzzle
        return self.pick(puzzles, exclude=current)

    def retry_missed(self, puzzles: Sequence[Puzzle]) -> Puzzle | None:
        """Queue the missed ones among ``puzzles`` and give the first (``None`` when none was missed)."""
        self.queue = [puzzle.id for puzzle in self.missed(puzzles)]
        return self.next_puzzle(puzzles) if self.queue else None

    def start(self, puzzle: Puzzle) -> PuzzleSession:
        """Put ``puzzle`` on the board: the try before it ends, and a new one starts (with a clock in timed mode)."""
        if self.session is not None:
            self.session.leave()
        limit = time_limit(puzzle) if self.mode == "timed" else None
        hints = puzzle.id not in self.no_hints
        session = PuzzleSession(puzzle, self.progress, clock=self.clock, limit=limit, hints=hints, lang=self.lang)
        session.on_change(self._follow)
        session.on_change(self._send)
        self.session = session
        if self.mode == "streak":
            self._streak_seen.add(puzzle.id)
            self._streak_floor = self.rating(puzzle).rating
        return session

    # streak and timed runs

    def _follow(self, session: PuzzleSession) -> None:
        """Count a try's first result once in the run it belongs to."""
        if session.outcome is None or session is self._scored or session is not self.session:
            return
        self._scored = session
        won = session.outcome in ("solved", "hinted")
        if self.mode == "timed":
            self.timed_tried += 1
            self.timed_solved += won
        elif self.mode == "streak":
            if won:
                self.streak += 1
                self.progress.streak(self.streak)
            else:
                self._end_streak()

    def _send(self, session: PuzzleSession) -> None:
        """Give the sink the puzzle's record as it stands now."""
        if self.sink is not None:
            self.sink(session.puzzle.id, replace(self.progress.record(session.puzzle.id)))

    def _new_streak(self) -> None:
        self.streak, self.streak_over = 0, False
        self._streak_floor = self.progress.rating.rating - STREAK_HEAD_START
        self._streak_seen = set()

    def _end_streak(self) -> None:
        self.streak_over = True

    def _streak_pick(self, puzzles: Sequence[Puzzle]) -> Puzzle | None:
        """The easiest puzzle rated above the last one of the streak (the hardest left when none is)."""
        left = [puzzle for puzzle in puzzles if puzzle.id not in self._streak_seen]
        if not left:
            return None
        ratings = {puzzle.id: self.rating(puzzle).rating for puzzle in left}
        harder = [puzzle for puzzle in left if ratings[puzzle.id] > self._streak_floor]
        chosen = min(ratings[puzzle.id] for puzzle in harder) if harder else max(ratings.values())
        return self.rng.choice([puzzle for puzzle in left if ratings[puzzle.id] == chosen])


def time_limit(puzzle: Puzzle) -> float:
    """Seconds on the clock in timed mode: 30, and 15 more for each effort point (3 when not graded)."""
    return SECONDS_BASE + SECONDS_PER_EFFORT * (puzzle.effort or 3)


__all__ = ["MODES", "ProgressSink", "PuzzleSession", "Trainer", "time_limit"]
