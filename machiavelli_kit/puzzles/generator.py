"""The puzzle generator: random tables, hands drawn near them, kept when the grader likes them.

Each :class:`Recipe` describes a chapter: the table and hand sizes, the
rules, the grades it accepts and the goals it asks. Generation is seeded by
the recipe's name, so the same recipe always makes the same puzzles.

A kept puzzle gives nothing away (see :func:`giveaways`): the best play adds
no hand card to a meld that stays whole and would take it alone, the hand
holds no ready-made meld, and the cards left in hand after the best play are
single decoys, never two-card stubs.

>>> recipe = Recipe("demo", "Demo", "demo", count=2, grades=("swap", "split"), table_cards=(8, 12), hand_size=(2, 3))
>>> first, again = generate(recipe), generate(recipe)
>>> [puzzle.id for puzzle in first], first == again
(['demo-1', 'demo-2'], True)
>>> all(puzzle.grade in ("swap", "split") and not giveaways(solve(puzzle.position)) for puzzle in first)
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations

from machiavelli_kit.cards import JOKER, RANKS, SUITS, Card, full_deck, rank_at
from machiavelli_kit.deal import random_table
from machiavelli_kit.goal import Goal, GoalKind
from machiavelli_kit.melds import check_meld
from machiavelli_kit.notation import format_card, format_cards
from machiavelli_kit.position import Position
from machiavelli_kit.puzzles.format import Chapter, Puzzle
from machiavelli_kit.puzzles.grader import TECHNIQUES, grade
from machiavelli_kit.puzzles.verify import answer_of, complete, solve_puzzle
from machiavelli_kit.rules import Rules
from machiavelli_kit.solver import Solution, solve

SEED = 2026
MAX_TRIES = 40_000


@dataclass(frozen=True)
class Recipe:
    """What one generated chapter asks for."""

    name: str
    title: str
    prefix: str
    count: int
    grades: tuple[str, ...]
    table_cards: tuple[int, int]
    hand_size: tuple[int, int]
    rules: tuple[str, ...] = ("bga",)
    compare: tuple[str, ...] = ()
    """Rules under which the answer must differ (one per puzzle, matched to ``rules`` by position)."""
    ranks: tuple[int, ...] = RANKS
    """Ranks the table and hand are dealt from."""
    goals: tuple[GoalKind, ...] = ("max", "max", "max", "close", "play")
    min_effort: int = 1
    set_share: float = 0.5
    """The chance that a table meld is a set rather than a run."""
    stray_share: float = 0.15
    """The chance that a hand card is drawn from anywhere rather than near a table card."""
    hand_jokers: int = 0
    intro: str = ""
    puzzle_title: str = ""

    def rng(self) -> random.Random:
        return random.Random(f"{SEED}:{self.name}")


def generate(recipe: Recipe) -> list[Puzzle]:
    """The recipe's puzzles, always the same ones for the same recipe."""
    rng = recipe.rng()
    puzzles: list[Puzzle] = []
    seen: set[tuple[str, str]] = set()
    for _ in range(MAX_TRIES):
        if len(puzzles) == recipe.count:
            return _numbered(recipe, puzzles)
        choice = len(puzzles) % len(recipe.rules)
        rules = Rules.parse(recipe.rules[choice])
        compare = (Rules.parse(recipe.compare[choice]),) if recipe.compare else ()
        position = _deal(rng, recipe, rules, compare)
        key = (str(rules), _key(position))
        if key in seen:
            continue
        seen.add(key)
        puzzle = _make(rng, recipe, rules, position, compare)
        if puzzle is not None:
            puzzles.append(puzzle)
    raise RuntimeError(f"recipe {recipe.name!r}: only {len(puzzles)} of {recipe.count} puzzles in {MAX_TRIES} tries")


def _numbered(recipe: Recipe, puzzles: list[Puzzle]) -> list[Puzzle]:
    """Easiest first (grade, effort, par), numbered in that order."""
    ordered = sorted(puzzles, key=lambda puzzle: (TECHNIQUES.index(puzzle.grade or "lay"), puzzle.effort, puzzle.par))
    title = recipe.puzzle_title or recipe.title
    return [
        replace(puzzle, id=f"{recipe.prefix}-{number}", title=f"{title} #{number}")
        for number, puzzle in enumerate(ordered, start=1)
    ]


def generate_chapter(recipe: Recipe) -> Chapter:
    return Chapter(recipe.name, recipe.title, recipe.intro, tuple(generate(recipe)))


def _make(
    rng: random.Random, recipe: Recipe, rules: Rules, position: Position, compare: tuple[Rules, ...]
) -> Puzzle | None:
    best = solve(position, rules)
    graded = grade(best)
    if graded.technique not in recipe.grades or graded.effort < recipe.min_effort:
        return None
    if giveaways(best):
        return None
    goal = _goal(rng, recipe, position, best.feasible, best.max_play)
    source = f"generated (seed {SEED}, recipe {recipe.name})"
    draft = Puzzle(recipe.prefix, recipe.title, source, rules, position, goal, 0)
    if compare:
        here = answer_of(draft, solve_puzzle(draft))
        if all(answer_of(draft, solve_puzzle(draft, other)) == here for other in compare):
            return None
    puzzle = complete(draft, compare)
    return puzzle if puzzle.grade in recipe.grades else None


def _goal(rng: random.Random, recipe: Recipe, position: Position, feasible: bool, played: int) -> Goal:
    kind = rng.choice(recipe.goals)
    if kind == "close" and (not feasible or played < len(position.hand)):
        return Goal.MAX
    if kind == "play":
        return Goal("play", rng.choice(position.hand))
    return Goal(kind)


def _deal(rng: random.Random, recipe: Recipe, rules: Rules, also: tuple[Rules, ...]) -> Position:
    """A table valid under ``rules`` and ``also``, and a hand mostly of cards near the table's."""
    hand_jokers = min(recipe.hand_jokers, rules.jokers)
    supply = full_deck(rules.decks, 0 if also else rules.jokers - hand_jokers)
    for card in list(supply):
        if not card.is_joker and card.rank not in recipe.ranks:
            del supply[card]
    table = random_table(rng, rules, rng.randint(*recipe.table_cards), supply, also=also, set_share=recipe.set_share)
    on_table = sorted(table.cards().elements())
    hand: list[Card] = [JOKER] * hand_jokers
    for _ in range(rng.randint(*recipe.hand_size) - hand_jokers):
        near = [card for card in _neighbours(rng.choice(on_table)) if supply[card] > 0] if on_table else []
        pool = near if near and rng.random() >= recipe.stray_share else [card for card in supply if supply[card] > 0]
        card = rng.choice(sorted(pool))
        supply[card] -= 1
        hand.append(card)
    return Position(table, tuple(hand))


def _neighbours(card: Card) -> Iterator[Card]:
    """Cards near ``card``: its rank in the other suits, and its suit one or two ranks away (round the corner)."""
    if card.suit is None:
        return
    for suit in SUITS:
        if suit != card.suit:
            yield Card(card.rank, suit)
    for step in (-2, -1, 1, 2):
        yield Card(rank_at(card.rank + step), card.suit)


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
    for first, second in combinations(naturals, 2):
        same_rank = first.rank == second.rank
        close = first.suit == second.suit and abs(first.rank - second.rank) <= 2
        if same_rank or close:
            return True
    return False


def _key(position: Position) -> str:
    melds = sorted(" ".join(format_card(card) for card in sorted(meld.cards)) for meld in position.table.melds)
    return " | ".join(melds) + " / " + " ".join(format_card(card) for card in position.hand)
