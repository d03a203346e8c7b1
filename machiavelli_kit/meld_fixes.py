"""What one card would turn a wrong meld into a right one: the validator's suggestions.

A suggestion changes one card (takes one out, adds one, or puts one in place
of another) and is made only when the changed meld checks valid under the same
rules and holds no more jokers than the game has, so it never proposes what the
game forbids. Melds that are too short or
have a gap get an added card first; the others get a card taken out first.

>>> from machiavelli_kit.notation import parse_cards
>>> suggest(parse_cards("7H 7S 7H"), BGA, ("identical_cards",))
'put 7♦ or 7♣ in place of 7♥ to make a set'
>>> suggest(parse_cards("5H 6H"), BGA, ("too_short",))
'add 4♥ or 7♥ to make a run'
>>> suggest(parse_cards("KH AH 2H"), BGA, ("ace_both_ends",)) is None
True
>>> suggest(parse_cards("5H 6H"), BGA, ("too_short",), lang="pl")
'dołóż 4♥ albo 7♥, a powstanie sekwens'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from machiavelli_kit.cards import JOKER, RANKS, SUITS, Card
from machiavelli_kit.i18n import speaking
from machiavelli_kit.melds import MAX_RUN, MIN_MELD, check_meld
from machiavelli_kit.notation import format_cards
from machiavelli_kit.rules import BGA, Rules
from machiavelli_kit.validator_words import say

ADD_FIRST = frozenset({"too_short", "gap"})
"""Faults mended by a card the meld lacks, so adding one is tried first."""


MAX_CHOICES = 2
"""A suggestion names at most this many cards to choose from; with more choices it says nothing."""


@dataclass(frozen=True)
class Fix:
    """A suggestion in words, and the one or two melds it would make (each valid under the rules)."""

    text: str
    melds: tuple[tuple[Card, ...], ...]


def suggest(
    cards: Sequence[Card], rules: Rules = BGA, flags: Sequence[str] = (), lang: str | None = None
) -> str | None:
    """One change of one card that makes ``cards`` a valid meld under ``rules``, in words (in ``lang``,
    ``None``: the language in use), or ``None``.

    ``flags`` are the meld's problems, the first one deciding what is tried first.
    """
    found = fix(cards, rules, flags, lang)
    return None if found is None else found.text


def fix(cards: Sequence[Card], rules: Rules = BGA, flags: Sequence[str] = (), lang: str | None = None) -> Fix | None:
    """Like :func:`suggest`, with the melds the suggestion would make."""
    with speaking(lang):
        return _fix(tuple(cards), rules, flags)


def _fix(cards: tuple[Card, ...], rules: Rules, flags: Sequence[str]) -> Fix | None:
    if not MIN_MELD - 1 <= len(cards) <= MAX_RUN + 1:
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
