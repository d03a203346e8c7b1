"""Dealing a game: the dealer, the hands, the stock and, in the alternative deal, the helping cards.

Dealing follows the rules: a random dealer (in a match, the next seat deals the next deal),
then one card at a time to each player in turn starting on the dealer's left, ``hand_size``
each (``short_deal`` each when five or more play), then ``helpers`` cards face up in the
middle; the rest is the stock, top card first. The same seed always gives the same deal.

>>> from machiavelli_kit.core.rules import Rules
>>> dealer, dealt = deal_game(Rules.parse("wikipedia(hand_size=6, helpers=4)"), 3, seed=7)
>>> dealer, [len(hand) for hand in dealt.hands], len(dealt.helpers), len(dealt.stock)
(1, [6, 6, 6], 4, 82)
>>> deal_game(Rules.parse("bga"), 7, seed=1)
Traceback (most recent call last):
...
machiavelli_kit.game.deal.DealError: a game has 2 to 6 players, not 7
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from machiavelli_kit.core.cards import Card, format_cards, full_deck
from machiavelli_kit.core.position import Table, check_table
from machiavelli_kit.core.random_positions import shuffled_deck
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.i18n import _, ngettext

MIN_PLAYERS, MAX_PLAYERS = 2, 6
SHORT_DEAL_PLAYERS = 5
"""From this many players on, ``short_deal`` (when set) replaces ``hand_size``."""


class DealError(ValueError):
    """A deal the rules do not allow: wrong number of players, too few cards, cards missing."""


@dataclass(frozen=True)
class Deal:
    """The cards at the start of a game: the hands by seat, the stock (top first), the table and the helpers."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    table: Table = field(default_factory=Table)
    helpers: tuple[Card, ...] = ()

    def all_cards(self) -> Counter[Card]:
        cards = Counter(self.stock) + self.table.cards() + Counter(self.helpers)
        for hand in self.hands:
            cards.update(hand)
        return cards


def cards_each(rules: Rules, players: int) -> int:
    """How many cards each player is dealt.

    >>> from machiavelli_kit.core.rules import WIKIPEDIA
    >>> cards_each(WIKIPEDIA, 4), cards_each(WIKIPEDIA.replace(short_deal=9), 5)
    (15, 9)
    """
    if players >= SHORT_DEAL_PLAYERS and rules.short_deal is not None:
        return rules.short_deal
    return rules.hand_size


def deal_game(rules: Rules, players: int, seed: int, dealer: int | None = None) -> tuple[int, Deal]:
    """The dealer's seat and the deal for ``players`` players, both drawn from ``seed``; with ``dealer``,
    that seat deals the same shuffled decks (the next deal of a match passes the deal on).

    >>> from machiavelli_kit.core.rules import BGA
    >>> first, deal = deal_game(BGA, 3, seed=5)
    >>> again, passed = deal_game(BGA, 3, seed=5, dealer=(first + 1) % 3)
    >>> again == (first + 1) % 3, deal.stock == passed.stock, passed.hands == (*deal.hands[-1:], *deal.hands[:-1])
    (True, True, True)
    """
    check_player_count(players)
    rng = random.Random(seed)
    drawn = rng.randrange(players)  # drawn even when the dealer is given, so the decks are shuffled alike
    if dealer is None:
        dealer = drawn
    elif not 0 <= dealer < players:
        raise DealError(
            _("the dealer is a seat from 0 to {last}, not {dealer}").format(last=players - 1, dealer=dealer)
        )
    deck = shuffled_deck(rng, rules)
    each = cards_each(rules, players)
    dealt = each * players
    if dealt + rules.helpers > len(deck):
        raise DealError(
            _(
                "{players} players with {each} cards each and {helpers} helping cards need {needed} cards, "
                "but the decks hold {held}"
            ).format(players=players, each=each, helpers=rules.helpers, needed=dealt + rules.helpers, held=len(deck))
        )
    hands: list[list[Card]] = [[] for _seat in range(players)]
    for index, card in enumerate(deck[:dealt]):
        hands[(dealer + 1 + index) % players].append(card)
    helpers = tuple(sorted(deck[dealt : dealt + rules.helpers]))
    stock = tuple(deck[dealt + rules.helpers :])
    return dealer, Deal(tuple(tuple(sorted(hand)) for hand in hands), stock, Table(), helpers)


def check_player_count(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise DealError(
            _("a game has {low} to {high} players, not {count}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, count=players
            )
        )


def deal_problems(deal: Deal, rules: Rules) -> list[str]:
    """What is wrong with a deal given by hand (a record, a test): every card of the decks exactly once,
    a hand for each player, a valid table.

    >>> from machiavelli_kit.core.rules import BGA
    >>> deal_problems(Deal(((Card.parse("5S"),),), ()), BGA)[0]
    'a game has 2 to 6 players, not 1'
    """
    try:
        check_player_count(len(deal.hands))
    except DealError as error:
        return [str(error)]
    problems = []
    for seat, hand in enumerate(deal.hands, start=1):
        if not hand:
            problems.append(_("player {seat} is dealt no cards").format(seat=seat))
    deck, dealt = full_deck(rules.decks, rules.jokers), deal.all_cards()
    extra, missing = dealt - deck, deck - dealt
    if extra:
        problems.append(
            _("the deal holds cards the decks do not: {cards}").format(cards=format_cards(sorted(extra.elements())))
        )
    if missing:
        problems.append(
            _("the deal leaves out cards of the decks: {cards}").format(cards=format_cards(sorted(missing.elements())))
        )
    if len(deal.helpers) != rules.helpers:
        problems.append(
            ngettext(
                "the rules put {count} helping card in the middle, not {dealt}",
                "the rules put {count} helping cards in the middle, not {dealt}",
                rules.helpers,
            ).format(count=rules.helpers, dealt=len(deal.helpers))
        )
    verdict = check_table(deal.table, rules)
    if not verdict.valid:
        # TRANSLATORS: {problems} says what is wrong with the table a deal starts with.
        problems.append(_("the table at the start: {problems}").format(problems=verdict.summary()))
    return problems


def arranged_deal(
    rules: Rules,
    hands: Sequence[Sequence[Card]],
    *,
    stock_top: Sequence[Card] = (),
    table: Table | None = None,
    helpers: Sequence[Card] = (),
    seed: int = 0,
) -> Deal:
    """A deal with chosen hands (and table, helpers, top of the stock); the rest of the decks,
    shuffled by ``seed``, goes under ``stock_top``. For lessons, puzzles turned into games, and tests."""
    table = table or Table()
    rest = full_deck(rules.decks, rules.jokers) - table.cards() - Counter(helpers) - Counter(stock_top)
    for hand in hands:
        rest -= Counter(hand)
    pile = sorted(rest.elements())
    random.Random(seed).shuffle(pile)
    deal = Deal(tuple(tuple(sorted(hand)) for hand in hands), (*stock_top, *pile), table, tuple(helpers))
    problems = deal_problems(deal, rules)
    if problems:
        raise DealError("; ".join(problems))
    return deal
