"""Titles and hints in words for a generated puzzle, read from the solver's best play and its grade.

A title says what the puzzle is about: the meld the technique works on, the
card that starts it. Hints climb from a nudge to the first move and never give
the whole answer in the first one: where the answer is yes or no (close, play a
card, play or restore), the first hint reads the same either way.

>>> from machiavelli_kit.position import Position
>>> from machiavelli_kit.solver import solve
>>> from machiavelli_kit.puzzles.grader import grade
>>> best = solve(Position.parse("7D 7H 7C | 8D 9D 10D | 10H 10C 10S | JH QH KH", "9H 7S"))
>>> words = Words(best, grade(best))
>>> words.titles()[0]
'The chain from 7♠'
>>> for hint in words.hints(Goal.MAX, 2):
...     print(hint)
One card you place frees another, and that one frees the next: follow the chain.
First move: 7♠ from the hand joins the sevens and frees 7♦.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from machiavelli_kit.cards import Card
from machiavelli_kit.goal import Goal
from machiavelli_kit.melds import check_shape
from machiavelli_kit.puzzles.format import Answer
from machiavelli_kit.puzzles.grader import Grade
from machiavelli_kit.solver import Solution
from machiavelli_kit.steps import RANK_PLURALS, SUIT_WORDS, _shape_name, card_flows

NEUTRAL = "Try each card of your hand in turn: where could it go, and what would that break?"


def card_text(card: Card) -> str:
    return "the joker" if card.is_joker else str(card)


class Words:
    """The words for one position: ``best`` is the solver's best play (goal ``max``), ``graded`` its grade."""

    def __init__(self, best: Solution, graded: Grade) -> None:
        self.best = best
        self.graded = graded
        self.rules = best.rules
        self.start = [meld.cards for meld in best.position.table.melds]
        stays, transfers = card_flows(best.position, best.table, best.origins)
        self.kept = {origin for origin in best.origins if origin is not None}
        self.stays = [sum(stay.values()) for stay in stays]
        self.lost = [len(cards) - stay for cards, stay in zip(self.start, self.stays, strict=True)]
        self.gains = Counter(best.origins[transfer.target] for transfer in transfers)
        self.hand_gains = Counter(best.origins[transfer.target] for transfer in transfers if transfer.source is None)

    def name(self, cards: tuple[Card, ...]) -> str:
        """``the sevens``, ``the heart run``."""
        return "the " + _shape_name(cards, self.rules)

    def full_name(self, cards: tuple[Card, ...]) -> str:
        """``the sevens (7♠ 7♥ 7♣)``, ``the heart run 4♥–8♥``: a meld told apart from others like it."""
        arranged = check_shape(cards, self.rules).arranged
        if " run" in self.name(cards):
            return f"{self.name(cards)} {card_text(arranged[0])}–{card_text(arranged[-1])}"
        return f"{self.name(cards)} ({' '.join(card_text(card) for card in arranged)})"

    def _subject_meld(self) -> tuple[Card, ...]:
        """The start meld the hardest technique works on (else the first one the play changes)."""
        technique = self.graded.technique
        kept, lost, gains = self.kept, self.lost, self.gains
        tests: dict[str, Callable[[int], bool]] = {
            "extend": lambda m: m in kept and not lost[m] and self.hand_gains[m] > 0,
            "spare": lambda m: m in kept and lost[m] > 0 and not gains[m],
            "split": lambda m: m in kept and lost[m] > 0 and " run" in self.name(self.start[m]),
            "swap": lambda m: m in kept and lost[m] > 0 and gains[m] > 0,
            "dissolve": lambda m: m not in kept or self.stays[m] < 2,
        }
        test = tests.get(technique)
        found = [cards for m, cards in enumerate(self.start) if test is not None and test(m)]
        return (found or [*(self.start[m] for m in self.best.broken), *self.start])[0]

    def subject(self, full: bool = False) -> str:
        """The meld the hardest technique works on, named (``full``: told apart from others like it)."""
        cards = self._subject_meld()
        return self.full_name(cards) if full else self.name(cards)

    def _own_meld(self) -> tuple[Card, ...]:
        """A new meld made from hand cards only (for ``lay``)."""
        return next(
            meld.cards
            for meld, origin in zip(self.best.table.melds, self.best.origins, strict=True)
            if origin is None and not Counter(meld.cards) - Counter(self.best.played)
        )

    def _twin(self) -> Card | None:
        """A played card whose other copy stays on the table."""
        table = self.best.position.table.cards()
        return next((card for card in self.best.played if table[card] and not card.is_joker), None)

    def titles(self, goal: Goal = Goal.MAX) -> tuple[str, ...]:
        """Titles from the most general to the most particular: take the first one not used yet.
        A play-or-restore question gets a title that does not tell which."""
        best = self.best
        hand = [card_text(card) for card in best.position.hand]
        every = f"{', '.join(hand[:-1])} and {hand[-1]}" if len(hand) > 1 else hand[0]
        if not best.feasible or goal.kind == "decide":
            base = f"Room for {' and '.join(hand[:2])}?"
            return tuple(
                dict.fromkeys((base, f"Room for {every}?", f"Room for {every} among {len(self.start)} melds?"))
            )
        from_hand = [card_text(move.card) for move in best.moves if move.source is None]
        first, last, played = from_hand[0], from_hand[-1], " ".join(from_hand)
        twin = self._twin()
        titles = {
            "lay": "Lay your own {}",
            "extend": "Grow {}",
            "spare": "A card to spare from {}",
            "split": "Cut {}",
            "swap": "A swap in {}",
            "dissolve": "Take apart {}",
            "chain": "The chain from {}",
            "identical": "Twin {}",
        }[self.graded.technique]
        if self.graded.technique == "chain":
            base, full = titles.format(first), f"From {first} to {last}"
        elif self.graded.technique == "lay":
            own = self._own_meld()
            base, full = (titles.format(name.removeprefix("the ")) for name in (self.name(own), self.full_name(own)))
        elif self.graded.technique == "identical":
            base = full = titles.format(twin or RANK_PLURALS[best.played[0].rank])
        else:
            base, full = titles.format(self.subject()), titles.format(self.subject(full=True))
        return tuple(dict.fromkeys((base, full, f"{base} for {first}", f"{full} for {played}", f"{full} with {every}")))

    def nudge(self) -> str:
        """Hint 1 of a play: the technique, and the meld it works on."""
        technique = self.graded.technique
        if technique in ("lay", "chain", "identical"):
            twin = self._twin()
            return {
                "lay": "Some of your cards make a meld of their own.",
                "chain": "One card you place frees another, and that one frees the next: follow the chain.",
                "identical": f"There are two {twin}: they may not share a meld, but each can be in a set of its own."
                if twin
                else "Two decks mean two copies of each card: two sets of one rank can lie side by side.",
            }[technique]
        subject = self.subject()
        grows = "can take one more card" if " run" not in subject else "can grow: look at its ends"
        return {
            "extend": f"{subject.capitalize()} {grows}.",
            "spare": f"{subject.capitalize()} can spare a card and still be a meld.",
            "split": f"{subject.capitalize()} is long enough to be cut in two.",
            "swap": f"One of your cards can take the place of a card in {subject}.",
            "dissolve": f"{subject.capitalize()} can be taken apart: each card can go somewhere else.",
        }[technique]

    def needs(self, card: Card) -> str:
        """What ``card`` needs to be played: a set of its rank or a run of its suit."""
        if card.is_joker:
            return "The joker can stand for any card, but it still needs a meld: which one could take it?"
        suit = SUIT_WORDS[card.suit.value] if card.suit else ""
        return f"{card} can only go into a set of {RANK_PLURALS[card.rank]} or a {suit} run: which meld could take it?"

    def blocked(self, card: Card) -> str:
        """Hint 2 where ``card`` cannot be played."""
        suit = SUIT_WORDS[card.suit.value] if card.suit else ""
        return (f"Look where the other {RANK_PLURALS[card.rank]} and the {suit}s next to {card} lie: "
                "could any of them leave their meld without breaking it?")  # fmt: skip

    def hints(self, goal: Goal, answer: Answer, solution: Solution | None = None) -> tuple[str, ...]:
        """The hints for ``goal`` whose answer is ``answer``; ``solution`` is the goal's own play."""
        solution = solution if solution is not None and solution.feasible else self.best
        first = f"First move: {solution.moves[0].text.replace('JK', 'the joker')}." if solution.moves else ""
        yes = answer not in (0, False, "restore")
        if goal.card is not None:
            return (
                (self.needs(goal.card), self.nudge(), first)
                if yes
                else (self.needs(goal.card), self.blocked(goal.card))
            )
        if not self.best.feasible:
            stuck = next((card for card in self.best.position.hand if not card.is_joker), None)
            return (NEUTRAL, self.blocked(stuck)) if stuck else (NEUTRAL,)
        if goal.kind == "decide":
            return (NEUTRAL, self.nudge(), first)
        if goal.kind == "close" and not yes:
            left = Counter(self.best.position.hand) - Counter(self.best.played)
            card = min(left)
            return (self.nudge(), f"Make the best play, then look at {card_text(card)}: could any meld take it?")
        return (self.nudge(), first)
