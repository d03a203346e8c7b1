"""Melds and the meld validator, which says in words why a meld is wrong and what one card would fix it.

>>> Meld.parse("QH KH AH").check().kind
'run'
>>> Meld.parse("KH AH 2H").check().flags
(ProblemKind.ACE_BOTH_ENDS,)
>>> print(Meld.parse("5H 6H 8H").check().explain())
5♥ 6♥ 8♥: a run needs cards in a row, and 7♥ is missing between 6♥ and 8♥; add 7♥ to make 5♥ 6♥ 7♥ 8♥ a run
>>> Meld.parse("5H JK 7H").check(Rules(jokers=2)).jokers_as
(Card.parse('6H'),)

The verdict speaks the language in use, or the one asked for:

>>> print(Meld.parse("5H 6H 8H").check(lang="it").explain())
5♥ 6♥ 8♥: una scala ha bisogno di carte in fila, e tra 6♥ e 8♥ manca 7♥; aggiungi 7♥ e 5♥ 6♥ 7♥ 8♥ diventa una scala

A suggestion (:func:`suggest`) changes one card: it takes one out, adds one, or puts
one in place of another. It is made only when the changed meld checks valid under
the same rules and holds no more jokers than the game has, so it never proposes
what the game forbids. Melds that are too short or have a gap get an added card
first; the others get a card taken out first.

>>> suggest(parse_cards("7H 7S 7H"), BGA, (ProblemKind.IDENTICAL_CARDS,))
'put 7♦ or 7♣ in place of 7♥ to make a set'
>>> suggest(parse_cards("5H 6H"), BGA, (ProblemKind.TOO_SHORT,))
'add 4♥ or 7♥ to make a run'
>>> suggest(parse_cards("KH AH 2H"), BGA, (ProblemKind.ACE_BOTH_ENDS,)) is None
True
>>> suggest(parse_cards("5H 6H"), BGA, (ProblemKind.TOO_SHORT,), lang="pl")
'dołóż 4♥ albo 7♥, a powstanie sekwens'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property, partial
from typing import Literal

from machiavelli_kit.core.cards import (
    ACE,
    JOKER,
    RANKS,
    SUITS,
    Card,
    Suit,
    format_cards,
    parse_cards,
    rank_at,
    suit_name,
    top_place,
)
from machiavelli_kit.core.rules import BGA, Rules, as_rules
from machiavelli_kit.core.validator_words import number, rank_plural, say
from machiavelli_kit.i18n import _, and_list, language, speaking

MeldKind = Literal["set", "run"]
MIN_MELD = 3
MAX_SET = 4
MAX_RUN = 13


class ProblemKind(Enum):
    """What kind of thing is wrong: a meld's fault, a turn's or a table's. Its value is the stable
    name programs read (``check --json`` writes it as the problem's ``flag``).

    >>> ProblemKind("gap"), ProblemKind.TOO_SHORT.value
    (ProblemKind.GAP, 'too_short')
    """

    JOKER_NOT_ALLOWED = "joker_not_allowed"
    """A joker in a game played without jokers."""
    TOO_SHORT = "too_short"
    """Fewer than three cards."""
    IDENTICAL_CARDS = "identical_cards"
    """The same card more than once in one meld."""
    TOO_MANY_CARDS = "too_many_cards"
    """More cards than a set (four) or a run (thirteen) holds."""
    MIXED_RANKS = "mixed_ranks"
    """A set of more than one rank."""
    MIXED_SUITS = "mixed_suits"
    """A run of more than one suit."""
    NOT_CONSECUTIVE = "not_consecutive"
    """A run whose cards are not in a row, found without words (the words say which of the next four)."""
    ACE_LOW_ONLY = "ace_low_only"
    """An ace after the king in a game where an ace only goes before the two."""
    ACE_BOTH_ENDS = "ace_both_ends"
    """An ace between a king and a two, in a game whose runs do not turn the corner."""
    TOO_LONG = "too_long"
    """More cards than fit between a run's lowest and highest card."""
    GAP = "gap"
    """A run with cards missing in the middle."""
    TABLE_CARD_MISSING = "table_card_missing"
    """A card on the table when the turn began is no longer there (gone, or taken into the hand)."""
    CARD_NOT_IN_HAND = "card_not_in_hand"
    """A card put on the table that was not in the hand."""
    HAND_MISMATCH = "hand_mismatch"
    """The hand at the end is not the hand at the start less the cards played."""
    NOTHING_PLAYED = "nothing_played"
    """No card from the hand was played."""
    TOO_MANY_PLAYED = "too_many_played"
    """More hand cards than one turn may play."""
    TOO_MANY_JOKERS = "too_many_jokers"
    """More jokers than the game has."""
    TOO_MANY_COPIES = "too_many_copies"
    """More copies of a card than the decks hold."""

    def __repr__(self) -> str:
        return f"ProblemKind.{self.name}"


@dataclass(frozen=True)
class Problem:
    """One thing wrong, as a stable kind for programs and a sentence for people.

    ``meld`` is the place (from 0) of the table meld the problem is about, when
    it is about one; ``str()`` names that meld, so a list of problems reads well.

    >>> str(Problem(ProblemKind.TOO_SHORT, "a meld needs at least three cards", meld=1))
    'meld 2: a meld needs at least three cards'
    """

    flag: ProblemKind
    message: str
    meld: int | None = None

    def __str__(self) -> str:
        if self.meld is None:
            return self.message
        # TRANSLATORS: {number} is the place of a meld on the table (1, 2, ...), {problem} what is wrong with it.
        return _("meld {number}: {problem}").format(number=self.meld + 1, problem=self.message)


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

    def check(self, rules: Rules | str = BGA, lang: str | None = None) -> MeldCheck:
        return check_meld(self.cards, rules, lang)

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
        from machiavelli_kit.core.svg import meld_svg

        return meld_svg(self)


@dataclass(frozen=True)
class MeldCheck:
    """The verdict on one meld: its kind when valid, else every problem found.

    ``arranged`` holds the cards in play order; ``jokers_as`` says which card
    each joker stands for, in that order. ``rules`` are the rules the meld was
    checked under (they decide what a suggestion may propose).

    The problems are put in words when first read, in ``lang`` (the language
    the check was asked in), else in the language in use then; the verdict
    explains itself in that same language. So a program that only asks
    whether melds are valid never pays for the words.
    """

    cards: tuple[Card, ...]
    kind: MeldKind | None
    arranged: tuple[Card, ...] = ()
    jokers_as: tuple[Card, ...] = field(default=())
    rules: Rules = field(default=BGA, compare=False, repr=False)
    lang: str | None = field(default=None, compare=False, repr=False)
    why_not: Callable[[], tuple[Problem, ...]] | None = field(default=None, compare=False, repr=False)
    """What finds the problems of a meld that is not valid, in words (``None`` for a valid meld)."""

    @cached_property
    def _said(self) -> tuple[tuple[Problem, ...], str]:
        """The problems in words, and the language they were said in."""
        with speaking(self.lang) as spoken:
            return (() if self.why_not is None else self.why_not()), spoken

    @property
    def problems(self) -> tuple[Problem, ...]:
        """Every problem found, one per fault (none for a valid meld)."""
        return self._said[0] if self.why_not is not None else ()

    @property
    def valid(self) -> bool:
        return self.why_not is None

    @property
    def flags(self) -> tuple[ProblemKind, ...]:
        return tuple(problem.flag for problem in self.problems)

    @property
    def suggestion(self) -> str | None:
        """One change of one card that makes the meld valid under the same rules, in words, if there is one.

        >>> Meld.parse("4H 5H 7H 8H").check().suggestion
        'add 6♥ to make 4♥ 5♥ 6♥ 7♥ 8♥ a run'
        """
        if self.valid:
            return None
        return suggest(self.cards, self.rules, self.flags, self._said[1])

    def explain(self, also: Sequence[Problem] = ()) -> str:
        """One line: the cards as given, then what the meld is, or why it is not a meld and what would fix it.

        ``also`` adds problems found outside the meld (a card the decks hold
        too few copies of): a meld with any is never called valid.
        """
        with speaking(self._said[1]):
            shown = format_cards(self.cards, unicode=True) or say("no_cards")
            if self.valid and not also:
                if not self.jokers_as:
                    return f"{shown}: " + say(f"valid_{self.kind}")
                key = f"valid_joker_{self.kind}" if len(self.jokers_as) == 1 else f"valid_jokers_{self.kind}"
                return f"{shown}: " + say(key, cards=and_list([str(card) for card in self.jokers_as]))
            sentences = [problem.message for problem in (*self.problems, *also)]
            suggestion = self.suggestion
            return f"{shown}: " + "; ".join(sentences if suggestion is None else [*sentences, suggestion])


def check_meld(cards: Sequence[Card], rules: Rules | str = BGA, lang: str | None = None) -> MeldCheck:
    """Classify ``cards`` as a set, a run, or not a meld, with the reasons (one per fault), said in ``lang``
    (``None``: the language in use)."""
    rules = as_rules(rules)
    cards = tuple(cards)
    naturals = [card for card in cards if not card.is_joker]
    counts = Counter(naturals)
    jokers_unwelcome = len(naturals) < len(cards) and rules.jokers == 0
    repeated = len(counts) < len(naturals)
    if not jokers_unwelcome and len(cards) >= MIN_MELD and (not repeated or rules.unlimited_runs):
        # A valid meld says nothing, so it is found without words (the solver and the generators check many).
        as_set = _set_attempt(cards, naturals, words=False)
        if not as_set[0] and not repeated:
            return MeldCheck(cards, "set", as_set[1], as_set[2], rules, lang and language(lang))
        as_run = _run_attempt(cards, naturals, rules, words=False)
        if not as_run[0]:
            return MeldCheck(cards, "run", as_run[1], as_run[2], rules, lang and language(lang))
    return MeldCheck(cards, None, cards, (), rules, lang and language(lang), partial(_why_not, cards, naturals, rules))


def _why_not(cards: tuple[Card, ...], naturals: list[Card], rules: Rules) -> tuple[Problem, ...]:
    """The problems of a meld that is neither a set nor a run, one per fault, in words."""
    counts = Counter(naturals)
    jokers_unwelcome = len(naturals) < len(cards) and rules.jokers == 0
    repeated = len(counts) < len(naturals)
    as_set, as_run = _set_attempt(cards, naturals), _run_attempt(cards, naturals, rules)
    looks_like_set = _looks_like_set(naturals)
    problems: list[Problem] = []
    if jokers_unwelcome:
        problems.append(Problem(ProblemKind.JOKER_NOT_ALLOWED, say("no_jokers")))
    if len(cards) < MIN_MELD:
        key = "too_short" if cards else "too_short_empty"
        problems.append(
            Problem(ProblemKind.TOO_SHORT, say(key, MIN_MELD, least=number(MIN_MELD), count=number(len(cards))))
        )
    # A run that goes round and round may hold a card again: too long, it is only too long.
    round_run = repeated and rules.unlimited_runs and not looks_like_set
    if repeated and not (round_run and len(cards) > rules.run_limit()):
        problems.append(_repeats(naturals, counts, "set" if looks_like_set else "round_run" if round_run else "run"))
    for problem in as_set[0] if looks_like_set else as_run[0]:
        # Too many cards only because some are there twice is the one fault already named.
        if problem.flag is ProblemKind.IDENTICAL_CARDS or (
            repeated
            and not round_run
            and problem.flag is ProblemKind.TOO_MANY_CARDS
            and _fits_once(counts, cards, looks_like_set)
        ):
            continue
        problems.append(problem)
    return tuple(problems)


def check_shape(cards: Sequence[Card], rules: Rules | str = BGA, lang: str | None = None) -> MeldCheck:
    """Like :func:`check_meld`, but jokers are welcome whatever the rules' supply: the shape
    of a meld already on the table or planned (the table check counts the jokers).

    >>> check_shape(parse_cards("5H JK 7H")).kind
    'run'
    """
    rules = as_rules(rules)
    # check_meld asks only whether the game has jokers at all, never how many.
    return check_meld(cards, rules if rules.jokers else rules.replace(jokers=1), lang)


_Attempt = tuple[list[Problem], tuple[Card, ...], tuple[Card, ...]]


def _looks_like_set(naturals: list[Card]) -> bool:
    """Whether a wrong meld reads more like a set than a run: more cards share a rank than a suit
    (on a tie, when some rank is there twice), so its problems are told as a set's."""
    ranks = Counter(card.rank for card in naturals)
    if len(ranks) <= 1:
        return True
    by_rank, by_suit = max(ranks.values()), max(Counter(card.suit for card in naturals).values())
    return by_rank > by_suit or (by_rank == by_suit and len(ranks) < len(naturals))


def _repeats(naturals: list[Card], counts: Counter[Card], kind: str) -> Problem:
    """One problem naming every card that is in the meld more than once, in the meld's order (``kind``:
    ``set``, ``run``, or ``round_run`` for a run that may go round and round)."""
    twins = [card for card in dict.fromkeys(naturals) if counts[card] > 1]
    if len(twins) > 1:
        message = say(f"repeats_in_{kind}", cards=and_list([str(card) for card in twins]))
    else:
        message = say(f"copies_in_{kind}", counts[twins[0]], card=str(twins[0]), count=number(counts[twins[0]]))
    return Problem(ProblemKind.IDENTICAL_CARDS, message)


def _fits_once(counts: Counter[Card], cards: tuple[Card, ...], as_set: bool) -> bool:
    """Whether the meld would be short enough with each repeated card kept once."""
    jokers = sum(card.is_joker for card in cards)
    return len(counts) + jokers <= (MAX_SET if as_set else MAX_RUN)


def _biggest_group(cards: tuple[Card, ...], shared: Sequence[object]) -> int:
    """How many cards the meld keeps when the cards of all but its commonest rank (or suit) go: too many
    cards is a fault of its own only when even that many are too many, not when cards of another rank
    (or suit), already named, make up the excess."""
    jokers = len(cards) - len(shared)
    return jokers + (max(Counter(shared).values()) if shared else 0)


def _set_attempt(cards: tuple[Card, ...], naturals: list[Card], words: bool = True) -> _Attempt:
    """The cards as a set: its problems (in words, or with empty messages when ``words`` is false), else
    its cards in play order and the cards its jokers stand for."""
    problems = []
    ranks = sorted({card.rank for card in naturals})
    if len(cards) > MAX_SET and _biggest_group(cards, [card.rank for card in naturals]) > MAX_SET:
        message = say("set_too_long", MAX_SET, most=number(MAX_SET), count=number(len(cards))) if words else ""
        problems.append(Problem(ProblemKind.TOO_MANY_CARDS, message))
    if len(ranks) > 1:
        if not words:
            return [Problem(ProblemKind.MIXED_RANKS, ""), *problems], cards, ()
        shown_ranks = [rank_plural(rank) for rank in dict.fromkeys(card.rank for card in naturals)]
        problems.append(Problem(ProblemKind.MIXED_RANKS, say("mixed_ranks", ranks=and_list(shown_ranks))))
    if problems:
        return problems, cards, ()
    used_suits = {card.suit for card in naturals}
    rank = ranks[0] if ranks else 1
    free = [Card(rank, suit) for suit in Suit if suit not in used_suits]
    jokers_as = tuple(free[: len(cards) - len(naturals)])
    arranged = tuple(sorted(naturals)) + (JOKER,) * len(jokers_as)
    return [], arranged, jokers_as


def _run_attempt(cards: tuple[Card, ...], naturals: list[Card], rules: Rules, words: bool = True) -> _Attempt:
    """The cards as a run: its problems (in words, or with empty messages when ``words`` is false), else
    its cards in play order and the cards its jokers stand for."""
    problems = []
    suits = {card.suit for card in naturals}
    limit = rules.run_limit()
    if len(cards) > limit and _biggest_group(cards, [card.suit for card in naturals]) > limit:
        key = "run_round_too_long" if rules.unlimited_runs else "run_too_long"
        message = say(key, limit, most=number(limit), count=number(len(cards))) if words else ""
        problems.append(Problem(ProblemKind.TOO_MANY_CARDS, message))
    if len(suits) > 1:
        if not words:
            return [*problems, Problem(ProblemKind.MIXED_SUITS, "")], cards, ()
        names = [suit_name(suit) for suit in dict.fromkeys(card.suit for card in naturals) if suit]
        problems.append(Problem(ProblemKind.MIXED_SUITS, say("mixed_suits", suits=and_list(names))))
    repeated = len({card.rank for card in naturals}) < len(naturals)
    if problems or (repeated and not rules.unlimited_runs):
        return problems, cards, ()
    suit = naturals[0].suit if naturals else Suit.SPADES
    ranks = [card.rank for card in naturals]
    window = _run_window(ranks, len(cards), rules)
    if window is not None and len(window) <= MAX_RUN:  # one card of each rank at most
        jokers_as = tuple(Card(rank, suit) for rank in window if rank not in ranks)
        natural_by_rank = {card.rank: card for card in naturals}
        arranged = tuple(natural_by_rank.get(rank, JOKER) for rank in window)
        return [], arranged, jokers_as
    if window is not None:  # round and round: a rank held fewer times than the window holds it has a joker
        left = Counter(ranks)
        placed: list[Card] = []
        for rank in window:
            placed.append(Card(rank, suit) if left[rank] > 0 else JOKER)
            left[rank] -= 1
        jokers_as = tuple(Card(rank, suit) for rank, card in zip(window, placed, strict=True) if card.is_joker)
        return [], tuple(placed), jokers_as
    if repeated:  # cards held twice in a run that does not go round far enough: that fault is named on its own
        return [Problem(ProblemKind.IDENTICAL_CARDS, "")], cards, ()
    if not words:
        return [Problem(ProblemKind.NOT_CONSECUTIVE, "")], cards, ()
    return [_why_not_consecutive(cards, naturals, rules)], cards, ()


def _run_window(ranks: list[int], length: int, rules: Rules) -> list[int] | None:
    """The ranks, in order, of a run of ``length`` cards holding ``ranks`` (each as many times as
    given), if one exists; it starts at one of the ranks when it can."""
    if rules.unlimited_runs:
        wanted = Counter(ranks)
        for start in sorted(wanted) + list(RANKS):
            window = [rank_at(start + offset) for offset in range(length)]
            if not wanted - Counter(window):
                return window
        return None
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


def _placements(ranks: list[int], rules: Rules) -> list[list[int]]:
    """The ways to place ``ranks`` on the line of a run: :func:`_linear_positions`, and when runs
    turn the corner, also from each of its ranks on round the corner (Q K 2 as 12, 13, 15)."""
    placements = _linear_positions(ranks, rules)
    if rules.wrap:
        placements += [[(rank - start) % len(RANKS) + start for rank in ranks] for start in sorted(set(ranks))]
    return placements


def _why_not_consecutive(cards: tuple[Card, ...], naturals: list[Card], rules: Rules) -> Problem:
    ranks = [card.rank for card in naturals]
    if ACE in ranks and not rules.ace_high and _run_window(ranks, len(cards), rules.replace(ace_high=True)):
        return Problem(ProblemKind.ACE_LOW_ONLY, say("ace_low_only"))
    if not rules.wrap and _run_window(ranks, len(cards), rules.replace(wrap=True)):
        # Only a run that turns the corner holds these cards: the ace (or the joker for it) sits between K and 2.
        return Problem(ProblemKind.ACE_BOTH_ENDS, say("ace_between" if rules.ace_high else "ace_between_low"))
    suit = naturals[0].suit
    best = min(_placements(ranks, rules), key=lambda positions: max(positions) - min(positions))
    missing = [Card(rank_at(place), suit) for place in range(min(best), max(best) + 1) if place not in best]
    jokers = len(cards) - len(naturals)
    if not missing:
        return Problem(ProblemKind.TOO_LONG, say("too_long"))
    gap = format_cards(missing, unicode=True)
    if jokers:
        key = "gap_joker" if jokers == 1 else "gap_jokers"
        return Problem(
            ProblemKind.GAP, say(key, len(missing), count=number(len(missing)), cards=gap, jokers=number(jokers))
        )
    if len(missing) == 1:
        place = next(place for place in range(min(best), max(best) + 1) if place not in best)
        below, above = Card(rank_at(place - 1), suit), Card(rank_at(place + 1), suit)
        return Problem(ProblemKind.GAP, say("gap_one", card=gap, below=str(below), above=str(above)))
    return Problem(ProblemKind.GAP, say("gap_many", cards=gap))


ADD_FIRST = frozenset({ProblemKind.TOO_SHORT, ProblemKind.GAP})
"""Faults mended by a card the meld lacks, so adding one is tried first."""


MAX_CHOICES = 2
"""A suggestion names at most this many cards to choose from; with more choices it says nothing."""


@dataclass(frozen=True)
class Fix:
    """A suggestion in words, and the one or two melds it would make (each valid under the rules)."""

    text: str
    melds: tuple[tuple[Card, ...], ...]


def suggest(
    cards: Sequence[Card], rules: Rules = BGA, flags: Sequence[ProblemKind] = (), lang: str | None = None
) -> str | None:
    """One change of one card that makes ``cards`` a valid meld under ``rules``, in words (in ``lang``,
    ``None``: the language in use), or ``None``.

    ``flags`` are the meld's problems, the first one deciding what is tried first.
    """
    found = fix(cards, rules, flags, lang)
    return None if found is None else found.text


def fix(
    cards: Sequence[Card], rules: Rules = BGA, flags: Sequence[ProblemKind] = (), lang: str | None = None
) -> Fix | None:
    """Like :func:`suggest`, with the melds the suggestion would make."""
    with speaking(lang):
        return _fix(tuple(cards), rules, flags)


def _fix(cards: tuple[Card, ...], rules: Rules, flags: Sequence[ProblemKind]) -> Fix | None:
    if not MIN_MELD - 1 <= len(cards) <= rules.run_limit() + 1:
        return None  # no change of one card makes a meld of these
    ways: tuple[Callable[[tuple[Card, ...], Rules], Fix | None], ...] = (_take_out, _put_in_place, _add)
    if flags and flags[0] in ADD_FIRST:
        ways = (_add, _put_in_place, _take_out)
    for way in ways:
        found = way(cards, rules)
        if found is not None:
            return found
    return None


_Made = tuple[tuple[Card, ...], str, str]
"""A valid meld: its cards as changed, the same in play order as text, and its kind."""


def _made(cards: tuple[Card, ...], rules: Rules) -> _Made | None:
    if cards.count(JOKER) > rules.jokers:
        return None  # a valid shape, but more jokers than the game has
    verdict = check_meld(cards, rules)
    return (cards, format_cards(verdict.arranged, unicode=True), str(verdict.kind)) if verdict.valid else None


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    place = cards.index(card)
    return cards[:place] + cards[place + 1 :]


def _one_kind(works: Iterable[_Made]) -> str | None:
    kinds = {kind for _, _, kind in works}
    return kinds.pop() if len(kinds) == 1 else None


def _take_out(cards: tuple[Card, ...], rules: Rules) -> Fix | None:
    choices = list(dict.fromkeys(cards))
    works = {card: made for card in choices if (made := _made(_without(cards, card), rules))}
    melds = tuple(changed for changed, _, _ in works.values())
    if len(works) == 1:
        [(card, (_, meld, kind))] = works.items()
        if card.is_joker:
            return Fix(say(f"take_out_joker_{kind}", meld=meld), melds)
        key = "take_out_copy" if cards.count(card) > 1 else "take_out"
        return Fix(say(f"{key}_{kind}", card=str(card), meld=meld), melds)
    shared = _one_kind(works.values())
    if shared is None:
        return None
    if len(works) == MAX_CHOICES:
        card, other = works
        return Fix(say(f"take_out_either_{shared}", card=str(card), other=str(other)), melds)
    return Fix(say(f"take_out_any_{shared}"), melds) if len(works) == len(choices) else None


def _candidates(cards: tuple[Card, ...]) -> list[Card]:
    """The cards that could join ``cards``: the same rank as one of them, or the same suit."""
    naturals = [card for card in cards if not card.is_joker]
    ranks = {card.rank for card in naturals}
    suits = {card.suit for card in naturals}
    return [Card(rank, suit) for rank in RANKS for suit in SUITS if rank in ranks or suit in suits]


def _add(cards: tuple[Card, ...], rules: Rules) -> Fix | None:
    works: dict[Card, _Made] = {}
    for card in _candidates(cards):
        if made := _made((*cards, card), rules):
            works[card] = made
            if len(works) > MAX_CHOICES:
                return None
    melds = tuple(changed for changed, _, _ in works.values())
    if len(works) == 1:
        [(card, (_, meld, kind))] = works.items()
        return Fix(say(f"add_{kind}", card=str(card), meld=meld), melds)
    shared = _one_kind(works.values())
    if len(works) == MAX_CHOICES and shared is not None:
        card, other = works
        return Fix(say(f"add_either_{shared}", card=str(card), other=str(other)), melds)
    return None


def _put_in_place(cards: tuple[Card, ...], rules: Rules) -> Fix | None:
    works: dict[tuple[Card, Card], _Made] = {}
    for old in dict.fromkeys(cards):
        rest = _without(cards, old)
        for card in _candidates(rest):
            if card != old and (made := _made((*rest, card), rules)):
                works[old, card] = made
                if len(works) > MAX_CHOICES:
                    return None
    melds = tuple(changed for changed, _, _ in works.values())
    if len(works) == 1:
        [((old, card), (_, meld, kind))] = works.items()
        if old.is_joker:
            return Fix(say(f"put_in_place_of_joker_{kind}", card=str(card), meld=meld), melds)
        return Fix(say(f"put_in_place_{kind}", card=str(card), old=str(old), meld=meld), melds)
    shared = _one_kind(works.values())
    if len(works) == MAX_CHOICES and len({old for old, _ in works}) == 1 and shared is not None:
        (old, card), (_, other) = works
        text = say(f"put_in_place_either_{shared}", card=str(card), other=str(other), old=str(old))
        return Fix(text, melds)
    return None
