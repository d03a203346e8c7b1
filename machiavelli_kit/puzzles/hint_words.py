"""Titles and hints in words for a generated puzzle, read from the solver's best play and its grade.

A title says what the puzzle is about: the meld the technique works on, the
card that starts it. Hints climb from a nudge to the first move and never give
the whole answer in the first one: where the answer is yes or no (close, play a
card, play or restore), the first hint reads the same either way.

Every text is said in the language in use, whole sentences from the catalogs
(a meld's name is part of its sentence, so each language words it as its
grammar needs): the generator writes each puzzle's titles and hints in every
language the kit speaks.

>>> from machiavelli_kit.i18n import speaking
>>> from machiavelli_kit.core.position import Position
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
>>> with speaking("it"):
...     words.titles()[0]
'La catena da 7♠'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.goal import Goal, GoalKind
from machiavelli_kit.i18n import N_, _, and_list, ngettext
from machiavelli_kit.puzzles.format import Answer
from machiavelli_kit.puzzles.grader import Grade
from machiavelli_kit.solver import Solution
from machiavelli_kit.solver.steps import (
    MeldName,
    card_flows,
    card_said,
    meld_name,
    rank_words,
    suit_words,
    told_apart,
)
from machiavelli_kit.solver.templates import meld_shape

Phrases = dict[str, str]
"""A text by the kind of meld it names: ``set`` (with ``{ranks}``), ``run`` (``{suit}``), ``meld`` (``{cards}``);
in English, marked for the catalogs and translated when it is said."""

# TRANSLATORS: puzzle titles naming a meld: {ranks} as in "a set of sevens", {suit} as in "a heart run",
# {cards} the cards of a meld that is neither. Each title comes for a set, a run and other cards.
TITLES: dict[str, Phrases] = {
    "lay": {"set": N_("Lay your own {ranks}"), "run": N_("Lay your own {suit} run"),
            "meld": N_("Lay your own meld {cards}")},
    "extend": {"set": N_("Grow the {ranks}"), "run": N_("Grow the {suit} run"), "meld": N_("Grow the meld {cards}")},
    "spare": {"set": N_("A card to spare from the {ranks}"), "run": N_("A card to spare from the {suit} run"),
              "meld": N_("A card to spare from the meld {cards}")},
    "split": {"set": N_("Cut the {ranks}"), "run": N_("Cut the {suit} run"), "meld": N_("Cut the meld {cards}")},
    "swap": {"set": N_("A swap in the {ranks}"), "run": N_("A swap in the {suit} run"),
             "meld": N_("A swap in the meld {cards}")},
    "dissolve": {"set": N_("Take apart the {ranks}"), "run": N_("Take apart the {suit} run"),
                 "meld": N_("Take apart the meld {cards}")},
}  # fmt: skip
"""A puzzle's title naming the meld its technique works on (``lay``: the meld laid), by technique."""

# TRANSLATORS: hints naming a meld: {ranks} as in "a set of sevens", {suit} as in "a heart run", {cards} the
# cards of a meld that is neither. Each hint comes for a set, a run and other cards.
NUDGES: dict[str, Phrases] = {
    "extend": {"set": N_("The {ranks} can take one more card."),
               "run": N_("The {suit} run can grow: look at its ends."),
               "meld": N_("The meld {cards} can take one more card.")},
    "spare": {"set": N_("The {ranks} can spare a card and still be a meld."),
              "run": N_("The {suit} run can spare a card and still be a meld."),
              "meld": N_("The meld {cards} can spare a card and still be a meld.")},
    "split": {"set": N_("The {ranks} are long enough to be cut in two."),
              "run": N_("The {suit} run is long enough to be cut in two."),
              "meld": N_("The meld {cards} is long enough to be cut in two.")},
    "swap": {"set": N_("One of your cards can take the place of a card in the {ranks}."),
             "run": N_("One of your cards can take the place of a card in the {suit} run."),
             "meld": N_("One of your cards can take the place of a card in the meld {cards}.")},
    "dissolve": {"set": N_("The {ranks} can be taken apart: each card can go somewhere else."),
                 "run": N_("The {suit} run can be taken apart: each card can go somewhere else."),
                 "meld": N_("The meld {cards} can be taken apart: each card can go somewhere else.")},
}  # fmt: skip
"""The first hint of a play, naming the meld its technique works on, by technique."""


def said(phrases: Phrases, name: MeldName) -> str:
    """The phrase for ``name``'s kind in the language in use, with its ranks, suit or cards put in."""
    return name.put_into(_(phrases[name.kind]))


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

    def apart(self, cards: tuple[Card, ...]) -> str:
        """The cards that tell a meld apart from others like it: ``4♥–8♥`` for a run, ``(7♠ 7♥ 7♣)`` else."""
        return told_apart(*meld_shape(cards, self.rules))

    def _subject_meld(self) -> tuple[Card, ...]:
        """The start meld the hardest technique works on (else the first one the play changes)."""
        technique = self.graded.technique
        kept, lost, gains = self.kept, self.lost, self.gains
        tests: dict[str, Callable[[int], bool]] = {
            "extend": lambda m: m in kept and not lost[m] and self.hand_gains[m] > 0,
            "spare": lambda m: m in kept and lost[m] > 0 and not gains[m],
            "split": lambda m: m in kept and lost[m] > 0 and meld_name(self.start[m], self.rules).kind == "run",
            "swap": lambda m: m in kept and lost[m] > 0 and gains[m] > 0,
            "dissolve": lambda m: m not in kept or self.stays[m] < 2,
        }
        test = tests.get(technique)
        found = [cards for m, cards in enumerate(self.start) if test is not None and test(m)]
        return (found or [*(self.start[m] for m in self.best.broken), *self.start])[0]

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
        A play-or-restore question gets a title that does not tell which. There are always five
        (some may be the same), so that the same choice can be made in every language."""
        best = self.best
        hand = [card_said(card) for card in best.position.hand]
        every = and_list(hand)
        if not best.feasible or goal.kind is GoalKind.DECIDE:
            # TRANSLATORS: a puzzle's title: can these hand cards be played? {cards} is "7♠ and 8♥".
            room = _("Room for {cards}?")
            count = len(self.start)
            # TRANSLATORS: a puzzle's title: can these hand cards be played among the table's {count} melds?
            among = ngettext("Room for {cards} among {count} meld?", "Room for {cards} among {count} melds?", count)
            first_two, base = room.format(cards=and_list(hand[:2])), room.format(cards=every)
            among = among.format(cards=every, count=count)
            return first_two, base, among, among, among
        from_hand = [card_said(move.card) for move in best.moves if move.source is None]
        first, last, played = from_hand[0], from_hand[-1], " ".join(from_hand)
        technique = self.graded.technique
        if technique == "chain":
            # TRANSLATORS: a puzzle's title: a chain of moves that starts with hand card {card}.
            base = _("The chain from {card}").format(card=first)
            # TRANSLATORS: a puzzle's title: a chain of moves from hand card {first} to hand card {last}.
            full = _("From {first} to {last}").format(first=first, last=last)
        elif technique == "identical":
            twin = self._twin()
            # TRANSLATORS: a puzzle's title: both copies of card {card} (two decks) end up on the table.
            base = full = _("Twin {card}").format(card=twin) if twin else _title_twin_sets(best.played[0].rank)
        else:
            cards = self._own_meld() if technique == "lay" else self._subject_meld()
            base = said(TITLES[technique], meld_name(cards, self.rules))
            full = f"{base} {self.apart(cards)}"
        # TRANSLATORS: a puzzle's title made particular: {title} is a title, {cards} the hand cards played ("7♠ 8♥").
        for_cards = _("{title} for {cards}")
        # TRANSLATORS: a puzzle's title made particular: {title} is a title, {cards} the whole hand ("7♠, 8♥ and 9♥").
        with_cards = _("{title} with {cards}").format(title=full, cards=every)
        return (
            base,
            full,
            for_cards.format(title=base, cards=first),
            for_cards.format(title=full, cards=played),
            with_cards,
        )

    def nudge(self) -> str:
        """Hint 1 of a play: the technique, and the meld it works on."""
        technique = self.graded.technique
        if technique == "lay":
            # TRANSLATORS: a hint.
            return _("Some of your cards make a meld of their own.")
        if technique == "chain":
            # TRANSLATORS: a hint.
            return _("One card you place frees another, and that one frees the next: follow the chain.")
        if technique == "identical":
            twin = self._twin()
            if twin:
                # TRANSLATORS: a hint; {card} is a card of which there are two copies (two decks).
                return _(
                    "There are two {card}: they may not share a meld, but each can be in a set of its own."
                ).format(card=twin)
            # TRANSLATORS: a hint.
            return _("Two decks mean two copies of each card: two sets of one rank can lie side by side.")
        return said(NUDGES[technique], meld_name(self._subject_meld(), self.rules))

    def needs(self, card: Card) -> str:
        """What ``card`` needs to be played: a set of its rank or a run of its suit."""
        if card.is_joker:
            # TRANSLATORS: a hint.
            return _("The joker can stand for any card, but it still needs a meld: which one could take it?")
        suit = suit_words(card.suit.value) if card.suit else ""
        # TRANSLATORS: a hint; {ranks} as in "a set of sevens", {suit} as in "a heart run".
        return _("{card} can only go into a set of {ranks} or a {suit} run: which meld could take it?").format(
            card=card, ranks=rank_words(card.rank), suit=suit
        )

    def blocked(self, card: Card) -> str:
        """Hint 2 where ``card`` cannot be played."""
        suit = suit_words(card.suit.value) if card.suit else ""
        # TRANSLATORS: a hint; {ranks} as in "a set of sevens", {suit} as in "a heart run" (English adds an s).
        return _(
            "Look where the other {ranks} and the {suit}s next to {card} lie: "
            "could any of them leave their meld without breaking it?"
        ).format(card=card, ranks=rank_words(card.rank), suit=suit)

    def hints(self, goal: Goal, answer: Answer, solution: Solution | None = None) -> tuple[str, ...]:
        """The hints for ``goal`` whose answer is ``answer``; ``solution`` is the goal's own play."""
        solution = solution if solution is not None and solution.feasible else self.best
        first = ""
        if solution.moves:
            # TRANSLATORS: the last hint: the first move of the answer, as the kit tells moves.
            first = _("First move: {move}.").format(move=solution.moves[0].text)
        yes = answer not in (0, False, "restore")
        if goal.card is not None:
            return (
                (self.needs(goal.card), self.nudge(), first)
                if yes
                else (self.needs(goal.card), self.blocked(goal.card))
            )
        # TRANSLATORS: a hint that gives nothing away.
        neutral = _("Try each card of your hand in turn: where could it go, and what would that break?")
        if not self.best.feasible:
            stuck = next((card for card in self.best.position.hand if not card.is_joker), None)
            return (neutral, self.blocked(stuck)) if stuck else (neutral,)
        if goal.kind is GoalKind.DECIDE:
            return (neutral, self.nudge(), first)
        if goal.kind is GoalKind.CLOSE and not yes:
            left = Counter(self.best.position.hand) - Counter(self.best.played)
            # TRANSLATORS: a hint where the whole hand cannot be played: {card} is a card that stays in the hand.
            later = _("Make the best play, then look at {card}: could any meld take it?")
            return (self.nudge(), later.format(card=card_said(min(left))))
        return (self.nudge(), first)


def _title_twin_sets(rank: int) -> str:
    # TRANSLATORS: a puzzle's title: two sets of the same rank side by side; {ranks} as in "a set of sevens".
    return _("Twin {ranks}").format(ranks=rank_words(rank))
