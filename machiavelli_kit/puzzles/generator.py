"""The puzzle generator: positions planted around a technique, kept when the solver and the grader agree.

Each :class:`Recipe` describes a chapter: the planters it uses (see
:mod:`machiavelli_kit.puzzles.planting`), the table size, the rules, the
grades it accepts and the goals it asks. Generation is seeded by the recipe's
name, so the same recipe always makes the same puzzles.

A kept puzzle gives nothing away (see :func:`giveaways`), unless the recipe is
the basics chapter, where laying and extending are the point: the best play
adds no hand card to a meld that stays whole and would take it alone, the hand
holds no ready-made meld, and the cards left in hand are single decoys.

Yes-or-no goals are asked half one way and half the other: the generator
chooses the answer each puzzle should have before it plants. A "no" to *can
you close?* or *can you play this card?* gets decoys in the hand; a "restore"
is a planted play with a card or two changed until nothing can be played (a
near miss). Puzzles are numbered easiest first by the best play's technique,
so the answers do not line up.

>>> recipe = Recipe("demo", "Demo", "demo", count=2, grades=("swap", "split"), plants=("swap", "split"),
...                 table_cards=(8, 12))
>>> first, again = generate(recipe), generate(recipe)
>>> [puzzle.id for puzzle in first], first == again
(['demo-1', 'demo-2'], True)
>>> all(puzzle.grade in ("swap", "split") and not giveaways(solve(puzzle.position)) for puzzle in first)
True
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from itertools import combinations

from machiavelli_kit.core.cards import RANKS, Card, format_card, format_cards, full_deck
from machiavelli_kit.core.goal import Goal, GoalKind
from machiavelli_kit.core.melds import check_meld
from machiavelli_kit.core.position import Position, Table, check_table
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.i18n import LANGUAGES, SOURCE_LANGUAGE, speaking
from machiavelli_kit.puzzles.duplicates import canonical_form
from machiavelli_kit.puzzles.format import TECHNIQUES, Chapter, Puzzle
from machiavelli_kit.puzzles.grader import Grade, grade
from machiavelli_kit.puzzles.hint_words import Words
from machiavelli_kit.puzzles.planting import close, neighbours, plant
from machiavelli_kit.puzzles.verify import answer_of, complete, solve_puzzle
from machiavelli_kit.solver import Solution, play_exists, solve

SEED = 2026
MAX_TRIES = 20_000
NEAR_MISS_TRIES = 12


@dataclass(frozen=True)
class Recipe:
    """What one generated chapter asks for."""

    name: str
    title: str
    prefix: str
    count: int
    grades: tuple[str, ...]
    plants: tuple[str, ...]
    """Planters, one picked at random for each try."""
    table_cards: tuple[int, int]
    decoys: tuple[int, int] = (0, 1)
    """Extra hand cards: at least one where the answer is "no", none for "yes, you can close"."""
    rules: tuple[str, ...] = ("bga",)
    compare: tuple[str, ...] = ()
    """Rules under which the answer must differ (one per puzzle, matched to ``rules`` by position)."""
    ranks: tuple[int, ...] = RANKS
    """Ranks the table and hand are dealt from."""
    goals: tuple[GoalKind, ...] = (GoalKind.MAX, GoalKind.MAX, GoalKind.MAX, GoalKind.CLOSE, GoalKind.PLAY)
    efforts: tuple[int, ...] = ()
    """Efforts kept, each up to one and a half even shares of the chapter (empty: any effort)."""
    set_share: float = 0.5
    """The chance that a random table meld is a set rather than a run."""
    basics: bool = False
    """Laying and extending are the point: the giveaways are welcome."""
    intro: str = ""

    def rng(self) -> random.Random:
        return random.Random(f"{SEED}:{self.name}")


@dataclass(frozen=True)
class _Slot:
    """The rules, the goal and the answer wanted for the next puzzle."""

    rules: Rules
    compare: tuple[Rules, ...]
    kind: GoalKind
    yes: bool | None
    """For close, play and decide: whether the answer should be yes (play); None: either.

    Where the answer must change between rule sets, the more permissive rule set answers
    "play", so a decide goal takes either answer there: the recipe balances them by putting
    the permissive rules first as often as second."""


@dataclass(frozen=True)
class _Made:
    puzzle: Puzzle
    order: tuple[int, int, int]
    """Level and effort of the technique the position is about, and par: easiest first."""
    titles: dict[str, tuple[str, ...]]
    """The candidate titles by language, the same choices in the same order in each."""


def generate(recipe: Recipe) -> list[Puzzle]:
    """The recipe's puzzles, always the same ones for the same recipe."""
    rng = recipe.rng()
    made: list[_Made] = []
    seen: set[tuple[str, str]] = set()
    efforts: Counter[int] = Counter()
    quota = -(-3 * recipe.count // (2 * len(recipe.efforts))) if recipe.efforts else recipe.count
    for _ in range(MAX_TRIES):
        if len(made) == recipe.count:
            return _numbered(recipe, made)
        slot = _slot(recipe, len(made))
        kept = _make(rng, recipe, slot, _plant(rng, recipe, slot))
        if kept is None or (recipe.efforts and kept.puzzle.effort not in recipe.efforts):
            continue
        key = (str(slot.rules), canonical_form(kept.puzzle.position))
        effort = kept.puzzle.effort or 0
        if key not in seen and efforts[effort] < quota:
            seen.add(key)
            efforts[effort] += 1
            made.append(kept)
    raise RuntimeError(f"recipe {recipe.name!r}: only {len(made)} of {recipe.count} puzzles in {MAX_TRIES} tries")


def generate_chapter(recipe: Recipe) -> Chapter:
    return Chapter(recipe.name, recipe.title, recipe.intro, tuple(generate(recipe)))


def _slot(recipe: Recipe, number: int) -> _Slot:
    """Rules in turn; goals in turn (each goal with every rule set); for each yes-or-no goal,
    yes and no in turn."""
    choice = number % len(recipe.rules)
    kind = _kind(recipe, number)
    asked = sum(1 for earlier in range(number) if _kind(recipe, earlier) == kind)
    compare = (Rules.parse(recipe.compare[choice]),) if recipe.compare else ()
    either = kind is GoalKind.MAX or (kind is GoalKind.DECIDE and bool(compare))
    return _Slot(Rules.parse(recipe.rules[choice]), compare, kind, None if either else asked % 2 == 0)


def _kind(recipe: Recipe, number: int) -> GoalKind:
    return recipe.goals[(number // len(recipe.rules)) % len(recipe.goals)]


def _plant(rng: random.Random, recipe: Recipe, slot: _Slot) -> Position:
    low, high = recipe.decoys
    if slot.kind is GoalKind.CLOSE and slot.yes:
        decoys = 0
    elif slot.kind in (GoalKind.CLOSE, GoalKind.PLAY) and not slot.yes:
        decoys = rng.randint(max(1, low), max(1, high))
    else:
        decoys = rng.randint(low, high)
    return plant(
        rng, rng.choice(recipe.plants), slot.rules, table_cards=rng.randint(*recipe.table_cards), decoys=decoys,
        also=slot.compare, ranks=recipe.ranks, set_share=recipe.set_share,
    )  # fmt: skip


def _make(rng: random.Random, recipe: Recipe, slot: _Slot, position: Position) -> _Made | None:
    """The puzzle planted at ``position`` for ``slot``, if the solver and the grader agree."""
    rules = slot.rules
    about: Grade | None = None  # the grade of the play a near miss misses
    if slot.kind is GoalKind.DECIDE and slot.yes is False:
        planted = solve(position, rules)
        near = _near_miss(rng, position, rules) if planted.feasible else None
        if near is None:
            return None
        about, position = grade(planted), near
    best = solve(position, rules)
    graded = grade(best)
    if graded.technique not in recipe.grades or (not recipe.basics and giveaways(best)):
        return None
    goal = _goal(rng, recipe, slot, best)
    if goal is None:
        return None
    source = f"generated (seed {SEED}, recipe {recipe.name})"
    draft = Puzzle(recipe.prefix, recipe.title, source, rules, position, goal, 0)
    if slot.compare:
        here = answer_of(draft, solve_puzzle(draft))
        if all(answer_of(draft, solve_puzzle(draft, other)) == here for other in slot.compare):
            return None
    puzzle = complete(draft, slot.compare)
    if puzzle.feasible and puzzle.grade not in recipe.grades:
        return None
    if about is None:
        about = graded if best.feasible or not slot.compare else grade(solve_puzzle(draft, slot.compare[0]))
    words = Words(best, graded)
    own = solve_puzzle(puzzle) if goal.card is not None else None
    hints, titles = {}, {}
    for code in LANGUAGES:
        with speaking(code):
            hints[code], titles[code] = words.hints(goal, puzzle.answer, own), words.titles(goal)
    order = (TECHNIQUES.index(about.technique), about.effort, about.par)
    return _Made(replace(puzzle, hints=hints[SOURCE_LANGUAGE], hint_texts=hints), order, titles)


def _goal(rng: random.Random, recipe: Recipe, slot: _Slot, best: Solution) -> Goal | None:
    """The slot's goal, if the position gives the slot's answer."""
    hand = best.position.hand
    if slot.kind is GoalKind.MAX:
        return Goal.MAX
    if slot.kind is GoalKind.DECIDE:
        return Goal.DECIDE if slot.yes in (None, best.feasible) else None
    if not best.feasible:
        return None
    if slot.kind is GoalKind.CLOSE:
        return Goal.CLOSE if (best.max_play == len(hand)) == slot.yes else None
    played = Counter(best.played)
    choices = sorted({card for card in hand if not card.is_joker and bool(played[card]) == slot.yes})
    rng.shuffle(choices)
    for card in choices[:3]:
        goal = Goal(GoalKind.PLAY, card)
        if not slot.yes:  # only whether the card can be played is read
            if not play_exists(best.position, best.rules, goal):
                return goal
            continue
        answer = solve(best.position, best.rules, goal)
        if answer.feasible and grade(answer).technique in recipe.grades:
            return goal
    return None


def _near_miss(rng: random.Random, position: Position, rules: Rules) -> Position | None:
    """The position with a card or two changed until no play is left: a hand card swapped for a
    neighbour, a hand card or a table card taken away, a meld taken off the table."""
    spare = full_deck(rules.decks, rules.jokers) - position.all_cards()
    for _ in range(NEAR_MISS_TRIES):
        hand = list(position.hand)
        melds = [list(meld.cards) for meld in position.table.melds]
        for _ in range(rng.choice((1, 1, 2))):
            _nudge(rng, hand, melds, spare)
        if not hand:
            continue
        candidate = Position(Table.of(meld for meld in melds if meld), tuple(sorted(hand)))
        if candidate.problems(rules) or not check_table(candidate.table, rules).valid:
            continue
        if not play_exists(candidate, rules, Goal.MAX):
            return candidate
    return None


def _nudge(rng: random.Random, hand: list[Card], melds: list[list[Card]], spare: Counter[Card]) -> None:
    """One small change to a position, in place."""
    change = rng.choice(("swap", "swap", "drop", "card", "meld"))
    if change == "swap" or (change == "drop" and len(hand) < 2):
        at = rng.randrange(len(hand))
        choices = [card for card in neighbours(hand[at]) if spare[card] > 0]
        if choices:
            hand[at] = rng.choice(choices)
    elif change == "drop":
        hand.pop(rng.randrange(len(hand)))
    elif change == "card":
        meld = rng.choice(melds)
        if len(meld) > 3:
            meld.pop(rng.choice((0, len(meld) - 1)))
    elif len(melds) > 1:
        melds.pop(rng.randrange(len(melds)))


def _numbered(recipe: Recipe, made: list[_Made]) -> list[Puzzle]:
    """Easiest first, numbered in that order, each with the first title not yet used (in English;
    the other languages take the same choice)."""
    used: set[str] = set()
    puzzles = []
    for number, item in enumerate(sorted(made, key=lambda item: item.order), start=1):
        english = item.titles[SOURCE_LANGUAGE]
        choice = next((index for index, title in enumerate(english) if title not in used), len(english) - 1)
        used.add(english[choice])
        titles = {code: texts[choice] for code, texts in item.titles.items()}
        puzzles.append(replace(item.puzzle, id=f"{recipe.prefix}-{number}", title=english[choice], titles=titles))
    return puzzles


def giveaways(solution: Solution) -> list[str]:
    """What gives a puzzle away: a meld ready-made in the hand, a hand card that the best play
    simply adds to a meld that stays whole, or two-card stubs left in the hand."""
    position, rules = solution.position, solution.rules
    found = []
    naturals = sorted(set(card for card in position.hand if not card.is_joker))
    for size in (3, 4):
        for cards in combinations(naturals, size):
            if check_meld(cards, rules).valid:
                found.append(f"the hand holds a meld: {format_cards(cards)}")
    if not solution.feasible:
        return found
    played = Counter(solution.played)
    for final, origin in zip(solution.table.melds, solution.origins, strict=True):
        if origin is None:
            continue
        start = position.table.melds[origin].cards
        if Counter(start) - Counter(final.cards):
            continue
        for card in sorted((Counter(final.cards) - Counter(start)) & played):
            if check_meld((*start, card), rules).valid:
                found.append(f"{format_card(card)} simply extends {format_cards(start)}")
    if _stubs(solution.hand):
        found.append(f"two-card stubs are left in the hand: {format_cards(solution.hand)}")
    return found


def _stubs(hand: tuple[Card, ...]) -> bool:
    """Whether two cards left in hand would make a meld with one more card (a two-card stub)."""
    naturals = sorted(set(card for card in hand if not card.is_joker))
    return any(first.rank == second.rank or close(first, second) for first, second in combinations(naturals, 2))
