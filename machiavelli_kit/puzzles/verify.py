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

from machiavelli_kit.cards import JOKER, Card, plural
from machiavelli_kit.notation import format_card, quote
from machiavelli_kit.position import Position, Table, check_turn
from machiavelli_kit.puzzles.format import Answer, Compare, Puzzle
from machiavelli_kit.puzzles.grader import Grade, grade
from machiavelli_kit.rules import Rules
from machiavelli_kit.solver import Solution, SolverInputError, SolverTimeout, solve

VARIANT_THEME = "variants"
NO_PLAY_WORDS = ("no play", "draw", "restore")
"""The words that answer "there is no play here" (``restore`` is the puzzle files' word for it)."""
CORRECT = "Correct: "


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
    for _ in range(min(surplus, hand.count(JOKER))):
        hand.remove(JOKER)
    return Position(position.table, tuple(hand))


def answer_of(puzzle: Puzzle, solution: Solution) -> Answer:
    """The answer a solution gives, in the form of the puzzle's goal."""
    if puzzle.goal.kind == "max":
        return solution.max_play if solution.feasible else 0
    if puzzle.goal.kind == "decide":
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
        raise puzzle.error("answer", f"not checked: the solver {gave_up}") from None
    found = answer_of(puzzle, solution)
    if found != puzzle.answer:
        raise puzzle.error("answer", f"the solver says {_say(found)}, the file says {_say(puzzle.answer)}")
    graded = grade(solution)
    expected: dict[str, object] = {"grade": graded.technique, "effort": graded.effort}
    if solution.feasible:
        expected["par"] = solution.par
    for name, value in expected.items():
        stored = getattr(puzzle, name)
        if stored is not None and stored != value:
            raise puzzle.error(name, f"the grader says {value!r}, the file says {stored!r}")
    themes = puzzle_themes(puzzle, graded)
    if puzzle.themes and tuple(sorted(puzzle.themes)) != themes:
        raise puzzle.error("themes", f"the grader finds {', '.join(themes)}; the file says {', '.join(puzzle.themes)}")
    for compare in puzzle.compare:
        try:
            other = answer_of(puzzle, solve_puzzle(puzzle, compare.rules))
        except SolverInputError as error:
            raise puzzle.error("compare", f"under {compare.rules}: {error}") from None
        except SolverTimeout as gave_up:
            raise puzzle.error("compare", f"not checked under {compare.rules}: the solver {gave_up}") from None
        if other != compare.answer:
            raise puzzle.error(
                "compare", f"under {compare.rules} the solver says {_say(other)}, the file says {_say(compare.answer)}"
            )
    return graded


def complete(puzzle: Puzzle, compare_rules: tuple[Rules, ...] = ()) -> Puzzle:
    """The puzzle with answer, example solution, par, grade, effort and themes from the solver,
    and its answer under each of ``compare_rules`` (keeps a stored solution that still fits)."""
    solution = solve_puzzle(puzzle)
    graded = grade(solution)
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
        return "yes" if answer else "no"
    return plural(answer, "card") if isinstance(answer, int) else repr(answer)


@dataclass(frozen=True)
class Verdict:
    """Whether a learner's answer is accepted, and why."""

    correct: bool
    message: str


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
            return Verdict(False, f"{quote(answer)} is not an answer: give a final table, or say no play")
        if puzzle.feasible:
            return Verdict(False, "Not quite: there is a play here. Look again.")
        card = puzzle.goal.card
        if card is not None:
            return Verdict(True, f"{CORRECT}{format_card(card, unicode=True)} cannot be played here.")
        if puzzle.goal.kind == "close":
            return Verdict(True, f"{CORRECT}your whole hand cannot be played here.")
        return Verdict(True, f"{CORRECT}there is no play here.")
    position = puzzle.position
    played = answer.cards() - position.table.cards()
    rest = Counter(position.hand) - played
    verdict = check_turn(position, Position(answer, tuple(rest.elements())), puzzle.rules)
    if not verdict.valid:
        return Verdict(False, "Not a valid turn: " + "; ".join(verdict.problem_lines()))
    count = sum(played.values())
    return _judge(puzzle, count, played, rest)


def _judge(puzzle: Puzzle, count: int, played: Counter[Card], rest: Counter[Card]) -> Verdict:
    card = puzzle.goal.card
    if card is not None:
        if not played[card]:
            return Verdict(False, f"Valid, but {card} is still in your hand.")
        return Verdict(True, f"{CORRECT}{format_card(card, unicode=True)} is played.")
    if puzzle.goal.kind == "close":
        if rest:
            return Verdict(False, f"Valid, but {plural(sum(rest.values()), 'card')} left in your hand.")
        return Verdict(True, f"{CORRECT}your whole hand is played.")
    if puzzle.goal.kind == "decide":
        return Verdict(True, f"{CORRECT}you play.")
    best = int(puzzle.answer)
    if count < best:
        return Verdict(False, f"Valid, but you can play more than {plural(count, 'card')}.")
    return Verdict(True, f"{CORRECT}{plural(count, 'card')} played, the most there is.")
