"""The new melds helping cards may go into, so that the best play with helping cards is exact.

A helping card goes only into a new meld made of the player's own cards (at least
:data:`~machiavelli_kit.game.engine.MIN_OWN_CARDS_WITH_HELPERS` of them in each such meld)
and helping cards, never into a meld with a card from the table. So every play splits into
its *helping melds* and the rest, and the rest is the solver's own question: the table and
the hand cards left. :func:`helping_choices` lists every way to lay helping melds, once per
set of hand cards they use; the best play is the best of these with the solver's best rest.

A helping run that cuts into two runs, each a helping meld or a run of own cards alone, is
left out: the two shorter runs are as good, and the solver lays a run of own cards itself.

>>> from machiavelli_kit.core.cards import parse_cards
>>> from machiavelli_kit.core.rules import WIKIPEDIA
>>> hand, helpers = Counter(parse_cards("5S 5H 5C 4H 6H KD")), Counter(parse_cards("5D"))
>>> [str(choice) for choice in helping_choices(hand, helpers, WIKIPEDIA, room=6)]
['', '5♠ 5♥ 5♦', '5♠ 5♦ 5♣', '5♥ 5♦ 5♣', '5♠ 5♥ 5♦ 5♣']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from machiavelli_kit.core.cards import JOKER, Card
from machiavelli_kit.core.melds import MIN_MELD, Meld
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.game.engine import MIN_OWN_CARDS_WITH_HELPERS
from machiavelli_kit.solver.templates import Template, templates

Item = tuple[Card, bool]
"""A card of a helping meld, and whether it is a helping card (else the player's own)."""


@dataclass(frozen=True)
class HelpingChoice:
    """Some helping melds laid together: the melds, the player's own cards in them and the helping cards taken."""

    melds: tuple[Meld, ...]
    own: Counter[Card]
    taken: tuple[Card, ...]

    def __str__(self) -> str:
        return " | ".join(str(meld) for meld in self.melds)


def helping_choices(hand: Counter[Card], helpers: Counter[Card], rules: Rules, room: int) -> list[HelpingChoice]:
    """Every way to lay helping melds with ``hand`` and ``helpers`` using at most ``room`` hand cards,
    one per multiset of hand cards used (the first found), starting with laying none."""
    melds = list(helping_melds(hand, helpers, rules))
    found: dict[tuple[Card, ...], HelpingChoice] = {}

    def extend(start: int, chosen: tuple[tuple[Meld, Counter[Card], Counter[Card]], ...]) -> None:
        own: Counter[Card] = sum((each[1] for each in chosen), Counter())
        taken: Counter[Card] = sum((each[2] for each in chosen), Counter())
        key = tuple(sorted(own.elements()))
        if key not in found:
            found[key] = HelpingChoice(tuple(each[0] for each in chosen), own, tuple(sorted(taken.elements())))
        for index in range(start, len(melds)):
            meld = melds[index]
            more_own, more_taken = own + meld[1], taken + meld[2]
            if more_own.total() <= room and not more_own - hand and not more_taken - helpers:
                extend(index + 1, (*chosen, meld))

    extend(0, ())
    return list(found.values())


def helping_melds(
    hand: Counter[Card], helpers: Counter[Card], rules: Rules
) -> Iterator[tuple[Meld, Counter[Card], Counter[Card]]]:
    """Every helping meld ``hand`` and ``helpers`` can make, with its own cards and its helping cards,
    each once, leaving out the runs that cut in two (see the module's docstring)."""
    jokers = hand[JOKER] + helpers[JOKER]
    seen: set[tuple[tuple[Card, ...], tuple[Card, ...]]] = set()
    for template in templates(rules):
        cards = template.cards()
        absent = sum(1 for card in cards if not hand[card] and not helpers[card])
        if absent > jokers or not (jokers or any(helpers[card] for card in cards)):
            continue
        for items in _fillings(cards, hand.copy(), helpers.copy()):
            own = Counter(card for card, helping in items if not helping)
            taken = Counter(card for card, helping in items if helping)
            if not taken or own.total() < MIN_OWN_CARDS_WITH_HELPERS or _cuts_in_two(template, items):
                continue
            key = (tuple(sorted(own.elements())), tuple(sorted(taken.elements())))
            if key not in seen:
                seen.add(key)
                yield Meld(tuple(card for card, _ in items)), own, taken


def _fillings(cards: tuple[Card, ...], hand: Counter[Card], helpers: Counter[Card]) -> Iterator[tuple[Item, ...]]:
    """Every way to fill the slots ``cards`` with the card itself or a joker, from the hand or the
    helping cards, within what each holds (``hand`` and ``helpers`` are changed and put back)."""
    if not cards:
        yield ()
        return
    card, rest = cards[0], cards[1:]
    for option, helping in ((card, False), (card, True), (JOKER, False), (JOKER, True)):
        source = helpers if helping else hand
        if source[option] > 0:
            source[option] -= 1
            for tail in _fillings(rest, hand, helpers):
                yield ((option, helping), *tail)
            source[option] += 1


def _cuts_in_two(template: Template, items: tuple[Item, ...]) -> bool:
    """Whether a run cuts into two runs, each a helping meld or a run of own cards alone."""
    if template.kind != "run":
        return False
    return any(
        _stands_alone(items[:cut]) and _stands_alone(items[cut:]) for cut in range(MIN_MELD, len(items) - MIN_MELD + 1)
    )


def _stands_alone(items: tuple[Item, ...]) -> bool:
    own = sum(1 for _, helping in items if not helping)
    return own == len(items) or own >= MIN_OWN_CARDS_WITH_HELPERS
