"""Melds and the meld validator, which says in words why a meld is wrong.

>>> Meld.parse("QH KH AH").check().kind
'run'
>>> [problem.flag for problem in Meld.parse("KH AH 2H").check().problems]
['ace_both_ends']
>>> print(Meld.parse("5H 6H 8H").check().explain())
5♥ 6♥ 8♥: the ranks of 5♥ 6♥ 8♥ are not consecutive: 7♥ missing
>>> Meld.parse("5H JK 7H").check(Rules(jokers=2)).jokers_as
(Card.parse('6H'),)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

from machiavelli_kit.cards import ACE, JOKER, RANK_SYMBOLS, RANKS, Card, Suit, plural, rank_at, top_place
from machiavelli_kit.notation import format_cards, parse_cards
from machiavelli_kit.rules import BGA, Rules, as_rules

MeldKind = Literal["set", "run"]
MIN_MELD = 3
MAX_SET = 4
MAX_RUN = 13


@dataclass(frozen=True)
class Problem:
    """One thing wrong, as a stable flag for programs and a sentence for people.

    ``meld`` is the place (from 0) of the table meld the problem is about, when
    it is about one; ``str()`` names that meld, so a list of problems reads well.

    >>> str(Problem("too_short", "a meld needs at least 3 cards", meld=1))
    'meld 2: a meld needs at least 3 cards'
    """

    flag: str
    message: str
    meld: int | None = None

    def __str__(self) -> str:
        return self.message if self.meld is None else f"meld {self.meld + 1}: {self.message}"


@dataclass(frozen=True, eq=False)
class Meld:
    """A group of cards meant as a set or a run.

    The cards keep the order they were given in, for display; two melds are
    equal when they hold the same cards in any order.
    """

    cards: tuple[Card, ...]

    @classmethod
    def parse(cls, text: str | Iterable[str]) -> Meld:
        return cls(parse_cards(text))

    def check(self, rules: Rules | str = BGA) -> MeldCheck:
        return check_meld(self.cards, rules)

    def arranged(self, rules: Rules | str = BGA) -> Meld:
        """The same cards in play order (runs low to high, jokers in place) when valid."""
        return Meld(self.check(rules).arranged)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return sorted(self.cards) == sorted(other.cards)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.cards)))

    def __str__(self) -> str:
        return format_cards(self.cards, unicode=True)

    def __repr__(self) -> str:
        return f"Meld.parse({format_cards(self.cards)!r})"

    def _repr_svg_(self) -> str:
        from machiavelli_kit.render import meld_svg

        return meld_svg(self)


@dataclass(frozen=True)
class MeldCheck:
    """The verdict on one meld: its kind when valid, else every problem found.

    ``arranged`` holds the cards in play order; ``jokers_as`` says which card
    each joker stands for, in that order.
    """

    cards: tuple[Card, ...]
    kind: MeldKind | None
    problems: tuple[Problem, ...] = ()
    arranged: tuple[Card, ...] = ()
    jokers_as: tuple[Card, ...] = field(default=())

    @property
    def valid(self) -> bool:
        return not self.problems

    @property
    def flags(self) -> tuple[str, ...]:
        return tuple(problem.flag for problem in self.problems)

    def explain(self) -> str:
        """One line: what the meld is, or why it is not a meld."""
        shown = format_cards(self.cards, unicode=True) or "(no cards)"
        if self.valid:
            stand_ins = ""
            if self.jokers_as:
                stand_ins = " (joker as " + ", ".join(str(card) for card in self.jokers_as) + ")"
            return f"{shown}: a valid {self.kind}{stand_ins}"
        return f"{shown}: " + "; ".join(problem.message for problem in self.problems)


def check_meld(cards: Sequence[Card], rules: Rules | str = BGA) -> MeldCheck:
    """Classify ``cards`` as a set, a run, or not a meld, with the reasons."""
    rules = as_rules(rules)
    cards = tuple(cards)
    naturals = [card for card in cards if not card.is_joker]
    shown = format_cards(cards, unicode=True) or "(no cards)"
    common: list[Problem] = []
    if len(naturals) < len(cards) and rules.jokers == 0:
        common.append(Problem("joker_not_allowed", "jokers are not used in this game (the rules have jokers=0)"))
    if len(cards) < MIN_MELD:
        common.append(Problem("too_short", f"a meld needs at least {MIN_MELD} cards, {shown} has {len(cards)}"))
    counts = Counter(naturals)
    repeated = sorted(card for card, count in counts.items() if count > 1)
    if repeated:
        names = ", ".join(f"{card} appears {_times(counts[card])}" for card in repeated)
        common.append(Problem("identical_cards", f"{names}: a meld never holds two identical cards"))

    as_set = _set_attempt(cards, naturals, shown)
    as_run = _run_attempt(cards, naturals, shown, rules)
    attempts: tuple[tuple[MeldKind, _Attempt], ...] = (("set", as_set), ("run", as_run))
    for kind, (problems, arranged, jokers_as) in attempts:
        if not common and not problems:
            return MeldCheck(cards, kind, (), arranged, jokers_as)
    ranks = {card.rank for card in naturals}
    suits = {card.suit for card in naturals}
    looks_like_set = len(ranks) <= 1 or (len(suits) > 1 and len(ranks) < len(naturals))
    problems = as_set[0] if looks_like_set else as_run[0]
    return MeldCheck(cards, None, tuple(common) + tuple(problems), cards, ())


def check_shape(cards: Sequence[Card], rules: Rules | str = BGA) -> MeldCheck:
    """Like :func:`check_meld`, but jokers are welcome whatever the rules' supply: the shape
    of a meld already on the table or planned (the table check counts the jokers).

    >>> check_shape(parse_cards("5H JK 7H")).kind
    'run'
    """
    rules = as_rules(rules)
    # check_meld asks only whether the game has jokers at all, never how many.
    return check_meld(cards, rules if rules.jokers else rules.replace(jokers=1))


_Attempt = tuple[list[Problem], tuple[Card, ...], tuple[Card, ...]]


def _set_attempt(cards: tuple[Card, ...], naturals: list[Card], shown: str) -> _Attempt:
    problems = []
    ranks = sorted({card.rank for card in naturals})
    if len(cards) > MAX_SET:
        problems.append(
            Problem("too_many_cards", f"a set holds at most {MAX_SET} cards, one per suit; {shown} has {len(cards)}")
        )
    if len(ranks) > 1:
        names = " and ".join(RANK_SYMBOLS[rank] for rank in ranks)
        problems.append(Problem("mixed_ranks", f"the cards of a set share one rank, {shown} mixes {names}"))
    if problems:
        return problems, cards, ()
    used_suits = {card.suit for card in naturals}
    rank = ranks[0] if ranks else 1
    free = [Card(rank, suit) for suit in Suit if suit not in used_suits]
    jokers_as = tuple(free[: len(cards) - len(naturals)])
    arranged = tuple(sorted(naturals)) + (JOKER,) * len(jokers_as)
    return [], arranged, jokers_as


def _run_attempt(cards: tuple[Card, ...], naturals: list[Card], shown: str, rules: Rules) -> _Attempt:
    problems = []
    suits = sorted({card.suit for card in naturals if card.suit}, key=lambda suit: suit.order)
    if len(cards) > MAX_RUN:
        problems.append(Problem("too_many_cards", f"a run holds at most {MAX_RUN} cards, {shown} has {len(cards)}"))
    if len(suits) > 1:
        symbols = " and ".join(suit.symbol for suit in suits)
        problems.append(Problem("mixed_suits", f"the cards of a run share one suit, {shown} mixes {symbols}"))
    if problems or len({card.rank for card in naturals}) < len(naturals):
        return problems, cards, ()
    suit = suits[0] if suits else Suit.SPADES
    ranks = [card.rank for card in naturals]
    window = _run_window(ranks, len(cards), rules)
    if window is not None:
        jokers_as = tuple(Card(rank, suit) for rank in window if rank not in ranks)
        natural_by_rank = {card.rank: card for card in naturals}
        arranged = tuple(natural_by_rank.get(rank, JOKER) for rank in window)
        return [], arranged, jokers_as
    return [_why_not_consecutive(cards, naturals, shown, rules)], cards, ()


def _run_window(ranks: list[int], length: int, rules: Rules) -> list[int] | None:
    """The ranks, in order, of a run of ``length`` cards holding ``ranks``, if one exists."""
    if rules.wrap:
        starts = sorted(set(ranks)) + list(RANKS)
        for start in starts:
            window = [rank_at(start + offset) for offset in range(length)]
            if set(ranks) <= set(window):
                return window
        return None
    if not ranks:  # jokers only (or no card at all): any window of that length will do
        return list(range(1, length + 1))
    for positions in _linear_positions(ranks, rules):
        top = top_place(rules.ace_high)
        low, high = (min(positions), max(positions)) if positions else (1, 1)
        start = low if low + length - 1 <= top else top - length + 1
        if start >= 1 and start <= low and high <= start + length - 1:
            return [rank_at(start + offset) for offset in range(length)]
    return None


def _linear_positions(ranks: list[int], rules: Rules) -> list[list[int]]:
    """The ways to place ``ranks`` on the line A=1 .. K=13 (.. A=14 when aces are high)."""
    low = sorted(ranks)
    if ACE in ranks and rules.ace_high:
        return [low, sorted(top_place(ace_high=True) if rank == ACE else rank for rank in ranks)]
    return [low]


def _why_not_consecutive(cards: tuple[Card, ...], naturals: list[Card], shown: str, rules: Rules) -> Problem:
    ranks = [card.rank for card in naturals]
    if ACE in ranks and not rules.ace_high and _run_window(ranks, len(cards), rules.replace(ace_high=True)):
        return Problem(
            "ace_low_only", f"{shown} puts the ace above the king, but these rules keep the ace low (ace_high=false)"
        )
    if ACE in ranks and not rules.wrap and _run_window(ranks, len(cards), rules.replace(wrap=True)):
        return Problem(
            "ace_both_ends",
            f"{shown} turns the corner at the ace: an ace is low (A 2 3) or high (Q K A), never both"
            " (unless the rules allow wrap)",
        )
    suit = naturals[0].suit
    best = min(_linear_positions(ranks, rules), key=lambda positions: max(positions) - min(positions))
    missing = [Card(rank_at(place), suit) for place in range(min(best), max(best) + 1) if place not in best]
    jokers = len(cards) - len(naturals)
    if not missing:
        return Problem("too_long", f"{shown} is too long to fit between the lowest and the highest rank")
    gap = format_cards(missing, unicode=True)
    if jokers:
        shortfall = f"{len(missing)} missing ({gap}) but {plural(jokers, 'joker')}"
        return Problem("gap", f"the ranks of {shown} are not consecutive: {shortfall}")
    return Problem("gap", f"the ranks of {shown} are not consecutive: {gap} missing")


def _times(count: int) -> str:
    return "twice" if count == 2 else f"{count} times"
