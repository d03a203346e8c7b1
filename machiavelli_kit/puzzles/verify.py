"""Check a puzzle against the solver, and check a learner's answer against a puzzle.

>>> from machiavelli_kit.puzzles.format import loads
>>> chapter = loads('''
... [chapter]
... title = "Demo"
... [[puzzle]]
... id = "spare-five"
... title = "A spare five"
... source = "here"
... rules = "bga"
... table = [["5S", "5H", "5D", "5C"], ["6H", "7H", "8H"]]
... hand = ["4H"]
... goal = "max"
... answer = 2
... ''', "demo.toml")
>>> verify(chapter.puzzles[0])
Traceback (most recent call last):
...
machiavelli_kit.puzzles.format.PuzzleError: demo.toml, puzzle 'spare-five', field 'answer': the solver says 1 ...
>>> from dataclasses import replace
>>> fixed = replace(chapter.puzzles[0], answer=1)
>>> verify(fixed).technique
'spare'
>>> print(check_answer(fixed, Table.parse("5S 5D 5C | 4H 5H 6H 7H 8H")).message)
Correct: 1 card played, the most there is.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from machiavelli_kit.core.cards import JOKER, Card, count_cards, format_card, quote
from machiavelli_kit.core.goal import GoalKind
from machiavelli_kit.core.position import Position, Table, check_turn
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.i18n import _, ngettext
from machiavelli_kit.puzzles.format import Answer, Compare, Puzzle
from machiavelli_kit.puzzles.grader import Grade, grade
from machiavelli_kit.solver import Solution, SolverInputError, SolverTimeout, solve

VARIANT_THEME = "variants"
NO_PLAY_WORDS = ("no play", "draw", "restore")
"""The words that answer "there is no play here" (``restore`` is the puzzle files' word for it)."""
CORRECT = "Correct: "
"""How an English verdict on a right answer starts (in other languages, look at :attr:`Verdict.correct`)."""


def solve_puzzle(puzzle: Puzzle, rules: Rules | None = None) -> Solution:
    """The solver's answer to the puzzle's goal (under other ``rules`` when given)."""
    rules = rules or puzzle.rules
    return solve(position_under(puzzle.position, rules), rules, puzzle.goal)


def position_under(position: Position, rules: Rules) -> Position:
    """The position for ``rules``: hand jokers the rules do not have are left out."""
    surplus = position.all_cards()[JOKER] - rules.jokers
    if surplus <= 0:
        return position
    hand = list(position.hand)
    for _joker in range(min(surplus, hand.count(JOKER))):
        hand.remove(JOKER)
    return Position(position.table, tuple(hand))


def answer_of(puzzle: Puzzle, solution: Solution) -> Answer:
    """The answer a solution gives, in the form of the puzzle's goal."""
    if puzzle.goal.kind is GoalKind.MAX:
        return solution.max_play if solution.feasible else 0
    if puzzle.goal.kind is GoalKind.DECIDE:
        return "play" if solution.feasible else "restore"
    return solution.feasible


def puzzle_themes(puzzle: Puzzle, graded: Grade) -> tuple[str, ...]:
    """The grader's themes, plus ``variants`` when the answer changes under other rules."""
    extra = {VARIANT_THEME} if puzzle.compare else set()
    return tuple(sorted(set(graded.themes) | extra))


def verify(puzzle: Puzzle) -> Grade:
    """Raise :class:`PuzzleError` where the solver or the grader disagrees with the file."""
    try:
        solution = solve_puzzle(puzzle)
    except SolverInputError as error:
        raise puzzle.error("hand", str(error)) from None
    except SolverTimeout as gave_up:
        if gave_up.found is None or answer_of(puzzle, gave_up.found) == puzzle.answer:
            # TRANSLATORS: {reason} says why the solver gave up, e.g. "gave up after 10 seconds", and the most
            # cards it found, when it found them.
            raise puzzle.error("answer", _("not checked: the solver {reason}").format(reason=gave_up)) from None
        solution = gave_up.found  # the play it found proves the answer (the most cards, or that there is a play)
    found = answer_of(puzzle, solution)
    if found != puzzle.answer:
        raise puzzle.error(
            "answer",
            _("the solver says {found}, the file says {stored}").format(found=_say(found), stored=_say(puzzle.answer)),
        )
    shown = shown_solution(puzzle, solution)
    if shown.par != solution.par:
        raise puzzle.error(
            "solution", _("it has par {found}, the best play has par {best}").format(found=shown.par, best=solution.par)
        )
    graded = grade(shown)
    expected: dict[str, object] = {"grade": graded.technique, "effort": graded.effort}
    if solution.feasible:
        expected["par"] = solution.par
    for name, value in expected.items():
        stored = getattr(puzzle, name)
        if stored is not None and stored != value:
            raise puzzle.error(
                name, _("the grader says {found!r}, the file says {stored!r}").format(found=value, stored=stored)
            )
    themes = puzzle_themes(puzzle, graded)
    if puzzle.themes and tuple(sorted(puzzle.themes)) != themes:
        raise puzzle.error(
            "themes",
            _("the grader finds {found}; the file says {stored}").format(
                found=", ".join(themes), stored=", ".join(puzzle.themes)
            ),
        )
    for compare in puzzle.compare:
        try:
            other = answer_of(puzzle, solve_puzzle(puzzle, compare.rules))
        except SolverInputError as error:
            # TRANSLATORS: {rules} is a rules string from the puzzle file, e.g. bga(wrap=true).
            raise puzzle.error(
                "compare", _("under {rules}: {error}").format(rules=compare.rules, error=error)
            ) from None
        except SolverTimeout as gave_up:
            if gave_up.found is None or answer_of(puzzle, gave_up.found) == compare.answer:
                raise puzzle.error(
                    "compare",
                    _("not checked under {rules}: the solver {reason}").format(rules=compare.rules, reason=gave_up),
                ) from None
            other = answer_of(puzzle, gave_up.found)
        if other != compare.answer:
            raise puzzle.error(
                "compare",
                _("under {rules} the solver says {found}, the file says {stored}").format(
                    rules=compare.rules, found=_say(other), stored=_say(compare.answer)
                ),
            )
    return graded


def shown_solution(puzzle: Puzzle, solution: Solution) -> Solution:
    """The play the puzzle shows as its answer: its stored solution, as a :class:`Solution` of the
    solver's question, when it has one, else the solver's ``solution``. The grade describes the play
    a learner is shown; where several plays are as good, the solver's choice among them may change."""
    if puzzle.solution is None or not solution.feasible:
        return solution
    return Solution.of_table(solution.position, solution.rules, solution.goal, puzzle.solution)


def complete(puzzle: Puzzle, compare_rules: tuple[Rules, ...] = ()) -> Puzzle:
    """The puzzle with answer, example solution, par, grade, effort and themes from the solver,
    and its answer under each of ``compare_rules`` (keeps a stored solution that still fits)."""
    solution = solve_puzzle(puzzle)
    graded = grade(shown_solution(puzzle, solution))
    compare = tuple(Compare(rules, answer_of(puzzle, solve_puzzle(puzzle, rules))) for rules in compare_rules)
    filled = replace(
        puzzle,
        answer=answer_of(puzzle, solution),
        solution=(puzzle.solution or solution.table) if solution.feasible else None,
        par=solution.par if solution.feasible else None,
        grade=graded.technique,
        effort=graded.effort,
        compare=compare or puzzle.compare,
    )
    return replace(filled, themes=puzzle_themes(filled, graded))


def _say(answer: Answer) -> str:
    if isinstance(answer, bool):
        return _("yes") if answer else _("no")
    return count_cards(answer) if isinstance(answer, int) else repr(answer)


@dataclass(frozen=True)
class Verdict:
    """Whether a learner's answer is accepted, and why (in the language in use when it was judged)."""

    correct: bool
    message: str
    detail: str = ""
    """A right answer's message without its "Correct:" (what the learner did), else the message."""
    valid: bool = False
    """Whether the answer was a valid turn (a wrong one is then short of the goal)."""


def _right(detail: str) -> Verdict:
    # TRANSLATORS: a learner's right answer to a puzzle; {detail} says what the learner did, e.g. "you play."
    return Verdict(True, _("Correct: {detail}").format(detail=detail), detail, True)


def _wrong(message: str, valid: bool = False) -> Verdict:
    return Verdict(False, message, message, valid)


def check_answer(puzzle: Puzzle, answer: Table | str) -> Verdict:
    """Judge a learner's final table, or "no play" (also ``draw`` or ``restore``), against the puzzle.

    Any valid turn that reaches the puzzle's answer is accepted, not only the
    stored example solution. "No play" is right only where the puzzle's goal
    cannot be met; where it can, the verdict says so without showing how.

    >>> from machiavelli_kit.puzzles.collection import load_collection
    >>> print(check_answer(load_collection().find("bga-3"), "No play").message)
    Correct: there is no play here.
    """
    if isinstance(answer, str):
        if " ".join(answer.lower().split()) not in NO_PLAY_WORDS:
            # TRANSLATORS: "no play" is the answer the learner may type (also accepted: draw, restore); keep it.
            return _wrong(
                _("{answer} is not an answer: give a final table, or say no play").format(answer=quote(answer))
            )
        if puzzle.feasible:
            return _wrong(_("Not quite: there is a play here. Look again."))
        card = puzzle.goal.card
        if card is not None:
            return _right(_("{card} cannot be played here.").format(card=format_card(card, unicode=True)))
        if puzzle.goal.kind is GoalKind.CLOSE:
            return _right(_("your whole hand cannot be played here."))
        return _right(_("there is no play here."))
    position = puzzle.position
    played = answer.cards() - position.table.cards()
    rest = Counter(position.hand) - played
    verdict = check_turn(position, Position(answer, tuple(rest.elements())), puzzle.rules)
    if not verdict.valid:
        # TRANSLATORS: {problems} lists what is wrong with the turn, separated by semicolons.
        return _wrong(_("Not a valid turn: {problems}").format(problems="; ".join(verdict.problem_lines())))
    count = sum(played.values())
    return _judge(puzzle, count, played, rest)


def _judge(puzzle: Puzzle, count: int, played: Counter[Card], rest: Counter[Card]) -> Verdict:
    card = puzzle.goal.card
    if card is not None:
        if not played[card]:
            return _wrong(_("Valid, but {card} is still in your hand.").format(card=card), valid=True)
        return _right(_("{card} is played.").format(card=format_card(card, unicode=True)))
    if puzzle.goal.kind is GoalKind.CLOSE:
        if rest:
            left = sum(rest.values())
            return _wrong(
                ngettext(
                    "Valid, but {count} card left in your hand.", "Valid, but {count} cards left in your hand.", left
                ).format(count=left),
                valid=True,
            )
        return _right(_("your whole hand is played."))
    if puzzle.goal.kind is GoalKind.DECIDE:
        return _right(_("you play."))
    best = int(puzzle.answer)
    if count < best:
        return _wrong(
            ngettext(
                "Valid, but you can play more than {count} card.",
                "Valid, but you can play more than {count} cards.",
                count,
            ).format(count=count),
            valid=True,
        )
    return _right(
        ngettext("{count} card played, the most there is.", "{count} cards played, the most there is.", count).format(
            count=count
        )
    )
