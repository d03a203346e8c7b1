"""The teacher's slides for the projector: one position at a time, its question, then its answer move by move.

Plain Python, no widgets: :mod:`machiavelli_kit.ui.presenter` draws a :class:`Presentation`.
Each slide is a puzzle of the collection (its own question) or any position (how many
cards from the hand can be played?). It starts with the answer hidden; each step
forward plays one of the solver's moves (the moves the board's **Solve** plays, told
in the same words), and the last one says the position is solved and gives the answer.

>>> from machiavelli_kit.core.position import Position
>>> show = Presentation([Position.parse("4C 5C 6C", "3C 7C")], lang="en")
>>> print(show.slide.question)
How many cards from the hand can be played?
>>> while show.forward():
...     print(show.step.text, show.step.verdict)
Move 1 of 2: 3♣ from the hand joins the club run.
Move 2 of 2: 7♣ from the hand joins the club run. Solved! The answer: 2 cards.
>>> show.back(), show.step.number
(True, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from machiavelli_kit.core.goal import Goal
from machiavelli_kit.core.position import Position
from machiavelli_kit.core.rules import BGA, Rules, as_rules
from machiavelli_kit.i18n import N_, _, language, ngettext, speaking
from machiavelli_kit.practice.session import PlaySession, PlayState, nothing_to_show
from machiavelli_kit.puzzles.format import Puzzle
from machiavelli_kit.solver import Solution, SolverTimeout, solve
from machiavelli_kit.solver.steps import Move

# TRANSLATORS: the class question over a position on the projector (not a puzzle of the collection).
HOW_MANY = N_("How many cards from the hand can be played?")
# TRANSLATORS: under the board on the projector, before the answer is shown; → is the right arrow key.
HIDDEN = N_("The answer is hidden. Press → to show it, one move at a time.")


@dataclass(frozen=True)
class Step:
    """One moment of a slide: the cards as they lie, the move that put them so (none at the start),
    the move in words, and once the answer is all shown, the verdict."""

    number: int
    state: PlayState
    move: Move | None
    text: str
    verdict: str = ""

    @property
    def solved(self) -> bool:
        """Whether this step shows the whole answer."""
        return bool(self.verdict)


@dataclass(frozen=True)
class Slide:
    """One position on the projector: its title, its class question and every step of its answer."""

    title: str
    question: str
    position: Position
    rules: Rules
    steps: tuple[Step, ...]


Shown = Puzzle | Position
"""What a slide can show: a puzzle of the collection, or any position (under the presentation's rules)."""


class Presentation:
    """The slides of ``items`` (puzzles or positions), one at a time, stepped through forward and back.

    Positions are played under ``rules``; every text is said in ``lang`` (by default the
    language in use when the presentation is made). A slide is solved when it is first shown.
    """

    def __init__(self, items: Sequence[Shown], rules: Rules | str = BGA, lang: str | None = None) -> None:
        if not items:
            raise ValueError(_("There is nothing to show: give at least one puzzle or position."))
        self.items = tuple(items)
        self.rules = as_rules(rules)
        self.language = language(lang)
        self._slides: dict[int, Slide] = {}
        self.index = 0
        """The slide shown, counted from 0."""
        self.number = 0
        """The step shown: 0 is the question with the answer hidden."""

    def __len__(self) -> int:
        return len(self.items)

    @property
    def slide(self) -> Slide:
        """The slide shown (solved now, if it was not yet)."""
        if self.index not in self._slides:
            self._slides[self.index] = make_slide(self.items[self.index], self.rules, self.language)
        return self._slides[self.index]

    @property
    def step(self) -> Step:
        return self.slide.steps[self.number]

    def forward(self) -> bool:
        """Show one more move of the answer; ``False`` when the whole answer shows already."""
        if self.number + 1 >= len(self.slide.steps):
            return False
        self.number += 1
        return True

    def back(self) -> bool:
        """Take the last move shown back; ``False`` at the question."""
        if self.number == 0:
            return False
        self.number -= 1
        return True

    def go_to(self, index: int) -> bool:
        """Show slide ``index`` (from 0) at its question; ``False`` when there is no such slide."""
        if not 0 <= index < len(self.items):
            return False
        self.index, self.number = index, 0
        return True

    def next_slide(self) -> bool:
        return self.go_to(self.index + 1)

    def previous_slide(self) -> bool:
        return self.go_to(self.index - 1)


def make_slide(item: Shown, rules: Rules = BGA, lang: str | None = None) -> Slide:
    """The slide of a puzzle, or of a position under ``rules``, with its texts in ``lang``."""
    with speaking(lang):
        if isinstance(item, Puzzle):
            title, question = f"{item.id}: {item.title_in()}", item.question()
            position, rules, goal = item.position, item.rules, item.goal
        else:
            title, question, position, goal = "", _(HOW_MANY), item, Goal.MAX
        return Slide(title, question, position, rules, _steps(item, position, rules, goal))


def _steps(item: Shown, position: Position, rules: Rules, goal: Goal) -> tuple[Step, ...]:
    """The slide's steps: the question, then the solver's moves, as the board's Solve plays them. When
    the solver gave up having found a play that meets the goal (for ``max``, with the most cards), the
    slide shows that play and says another might move fewer table cards."""
    start = Step(0, PlayState.of(position), None, _(HIDDEN))
    try:
        solution, proven = solve(position, rules, goal), True
    except SolverTimeout as gave_up:
        if gave_up.found is None:
            return start, Step(1, start.state, None, nothing_to_show(gave_up))
        solution, proven = gave_up.found, False
    played = _played(solution)
    # TRANSLATORS: on the projector, once the whole answer shows; {answer} is "2 cards", "yes", "no"...
    verdict = _("Solved! The answer: {answer}.").format(answer=_answer(item, solution))
    if not proven:
        # TRANSLATORS: on the projector, after "Solved! The answer: 2 cards.", when the solver ran out of time
        # before it could check that the play shown is the one that moves the fewest table cards.
        unchecked = _("The solver ran out of time before it could check whether another play moves fewer table cards.")
        verdict = f"{verdict} {unchecked}"
    if not solution.feasible:
        # TRANSLATORS: on the projector, for a position where no play does what the question asks.
        text = _("No play does what the question asks, so no card moves.")
        return start, Step(1, start.state, None, text, verdict)
    steps = [start]
    for number, (move, state) in enumerate(played, start=1):
        # TRANSLATORS: one move of the answer on the projector; {move} says it in words ("7♠ from the hand joins ...").
        text = _("Move {number} of {count}: {move}.").format(number=number, count=len(played), move=move.text)
        steps.append(Step(number, state, move, text, verdict if number == len(played) else ""))
    return tuple(steps)


def _played(solution: Solution) -> list[tuple[Move, PlayState]]:
    """The solution's moves as the board's Solve plays them, each with the cards as they lie right after it."""
    if not solution.feasible:
        return []
    session = PlaySession(solution.position, solution.rules, best=lambda: solution)
    return [(move, session.state) for move in session.solve_steps()]


def _answer(item: Shown, solution: Solution) -> str:
    """The answer in words: the puzzle's own, or for a position how many cards can be played."""
    if isinstance(item, Puzzle):
        return item.answer_text()
    if not solution.feasible:
        return _("no play: draw a card")
    count = solution.max_play
    return ngettext("{count} card", "{count} cards", count).format(count=count)
