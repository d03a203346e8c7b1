"""Positions planted around a technique, instead of dealt at random and mostly thrown away.

A planter builds the *core* of a puzzle backwards from the finished table: it
picks the melds the best play should end with, then undoes the technique,
taking the cards the play would add back into the hand and putting borrowed
cards back where the technique takes them from. What is left is the start
table. Random melds around the core and single decoy cards in the hand hide
it. The solver and the grader still judge every plant: a plant only makes a
puzzle likely, never certain.

The planters, by the technique they plant:

- ``lay``: a meld in the hand; ``extend``: cards that grow a meld at its ends;
- ``spare``: a set of four or a long run lends a card to the hand's cards;
- ``split``: a long run is cut by a copy of one of its cards, or loses a middle card;
- ``swap``: a hand card takes the place of a table card, which leaves for the hand's meld;
- ``dissolve``: every card of a meld goes somewhere else (or sets turn into runs);
- ``chain``: a hand card frees a card, which frees another, and the last one
  lets the hand's cards in;
- ``identical``: both copies of a card end in two sets of its rank;
- ``expert``: two of the hard cores at once.

>>> import random
>>> from machiavelli_kit.core.position import check_table
>>> position = plant(random.Random(3), "chain", BGA, table_cards=18)
>>> check_table(position.table).valid, len(position.hand) >= 2
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from machiavelli_kit.core.cards import JOKER, RANKS, SUITS, Card, Suit, full_deck, rank_at, top_place
from machiavelli_kit.core.melds import check_meld
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.random_positions import random_table
from machiavelli_kit.core.rules import BGA, Rules

PLANTERS = ("lay", "extend", "spare", "split", "swap", "dissolve", "chain", "identical", "expert")
HARD = ("swap", "dissolve", "chain", "identical")


class NoRoom(Exception):
    """The cards a plant asks for are used up, or would not make valid melds: plant again."""


class Bench:
    """A plant in the making: the cards left in the decks, the start table and the hand."""

    def __init__(self, rng: random.Random, rules: Rules, also: tuple[Rules, ...], ranks: tuple[int, ...]) -> None:
        self.rng = rng
        self.every = (rules, *also)
        self.ranks = ranks
        self.supply = full_deck(rules.decks)
        self.table: list[tuple[Card, ...]] = []
        self.hand: list[Card] = []
        # Runs may use the corner (Q K A, K A 2) when any of the rule sets allows it: where
        # the others do not, the answer changes between them.
        self.top = max(top_place(each.ace_high) for each in self.every)
        self.wrap = any(each.wrap for each in self.every)
        self.corner = len({(each.ace_high, each.wrap) for each in self.every}) > 1

    def chance(self, share: float) -> bool:
        return self.rng.random() < share

    def suit(self) -> Suit:
        return self.rng.choice(SUITS)

    def place(self, low: int = 1, high: int = 14) -> int:
        """A place on the run line (1 to 14, 14 the high ace) whose rank the recipe deals; near the
        corner where the rule sets disagree about it (anywhere round it when runs may wrap)."""
        if self.corner and self.wrap:
            low, high = len(RANKS) - 2, len(RANKS) + 3
        elif not self.wrap:
            high = min(high, self.top)
            low = max(low, high - 3) if self.corner else low
        places = [place for place in range(low, high + 1) if rank_at(place) in self.ranks]
        if not places:
            raise NoRoom("no rank of the recipe fits")
        return self.rng.choice(places)

    def run(self, suit: Suit, low: int, length: int) -> tuple[Card, ...]:
        """The run of ``suit`` from place ``low`` on, if some rule set allows it."""
        high = low + length - 1
        if length > len(RANKS) or (not self.wrap and (low < 1 or high > self.top)):
            raise NoRoom("the run leaves the line")
        return tuple(Card(rank_at(place), suit) for place in range(low, high + 1))

    def lay(self, cards: Iterable[Card]) -> None:
        """Put a start meld on the table: valid under every rule set, from cards still in the decks."""
        meld = tuple(cards)
        if not all(check_meld(meld, each).valid for each in self.every):
            raise NoRoom("not a meld under every rule set")
        self._take(meld)
        self.table.append(meld)

    def give(self, cards: Iterable[Card]) -> None:
        """Put cards in the hand."""
        cards = tuple(cards)
        self._take(cards)
        self.hand.extend(cards)

    def _take(self, cards: tuple[Card, ...]) -> None:
        wanted = Counter(cards)
        if any(self.supply[card] < count for card, count in wanted.items()):
            raise NoRoom("both copies are used")
        self.supply.subtract(wanted)

    def fill(self, cards: int, set_share: float) -> None:
        """Random melds around the core until about ``cards`` lie on the table."""
        laid = sum(len(meld) for meld in self.table)
        if laid < cards:
            for card in list(self.supply):
                if not card.is_joker and card.rank not in self.ranks:
                    del self.supply[card]
            extra = random_table(self.rng, self.every[0], cards - laid, self.supply, also=self.every[1:],
                                 set_share=set_share)  # fmt: skip
            self.table.extend(meld.cards for meld in extra.melds)

    def joker(self) -> None:
        """Where every rule set has jokers and none lies on the table yet, one stands in for a
        card of a random meld (the card goes back to the decks)."""
        if self.supply[JOKER] and not any(JOKER in meld for meld in self.table):
            at = self.rng.randrange(len(self.table))
            meld = list(self.table[at])
            slot = self.rng.randrange(len(meld))
            self.supply[meld[slot]] += 1
            self.supply[JOKER] -= 1
            meld[slot] = JOKER
            self.table[at] = tuple(meld)

    def decoys(self, count: int) -> None:
        """Single cards in the hand that fit nowhere at a glance: no meld on the table takes one
        as it stands, and none makes a pair or a near run with another hand card."""
        wanted = len(self.hand) + count
        for _ in range(40 * count):
            if len(self.hand) == wanted:
                return
            card = self.rng.choice(sorted(card for card, left in self.supply.items() if left > 0))
            if card.rank in self.ranks and not self._tempting(card):
                self.give([card])
        if len(self.hand) < wanted:
            raise NoRoom("no decoy fits")

    def _tempting(self, card: Card) -> bool:
        near = any(other.rank == card.rank or close(other, card) for other in self.hand if not other.is_joker)
        return near or any(check_meld((*meld, card), self.every[0]).valid for meld in self.table)

    def position(self) -> Position:
        """The start table in a shuffled order, and the hand sorted as a player holds it."""
        melds = list(self.table)
        self.rng.shuffle(melds)
        return Position(Table.of(melds), tuple(sorted(self.hand)))


def close(one: Card, other: Card) -> bool:
    """Same suit, at most two ranks apart: the two could be in one short run."""
    return one.suit == other.suit and abs(one.rank - other.rank) <= 2


def neighbours(card: Card) -> Iterator[Card]:
    """Cards near ``card``: its rank in the other suits, and its suit one or two ranks away (round the corner)."""
    if card.suit is None:
        return
    for suit in SUITS:
        if suit != card.suit:
            yield Card(card.rank, suit)
    for step in (-2, -1, 1, 2):
        yield Card(rank_at(card.rank + step), card.suit)


def plant(
    rng: random.Random,
    planter: str,
    rules: Rules = BGA,
    *,
    table_cards: int,
    decoys: int = 0,
    also: tuple[Rules, ...] = (),
    ranks: tuple[int, ...] = RANKS,
    set_share: float = 0.5,
) -> Position:
    """A position planted by ``planter`` (see :data:`PLANTERS`), valid under ``rules`` and every
    rule set in ``also``, with about ``table_cards`` on the table and ``decoys`` extra hand cards.
    Where every rule set has jokers, at least one joker lies on the table.

    Tries again until the cards allow the plant (a few tries at most).
    """
    for _ in range(200):
        bench = Bench(rng, rules, also, ranks)
        bench.supply[JOKER] = min(each.jokers for each in bench.every)
        try:
            _CORES[planter](bench)
            bench.fill(table_cards, set_share)
            bench.joker()
            bench.decoys(decoys)
        except NoRoom:
            continue
        return bench.position()
    raise RuntimeError(f"the {planter!r} planter found no room in 200 tries")


def _lay(b: Bench) -> None:
    """A meld of the hand's own: a set or a short run that nothing on the table needs."""
    if b.chance(0.5):
        suits = b.rng.sample(SUITS, b.rng.choice((3, 3, 4)))
        rank = rank_at(b.place())
        b.give(Card(rank, suit) for suit in suits)
    else:
        length = b.rng.choice((3, 3, 4, 5))
        b.give(b.run(b.suit(), b.place(1, 15 - length), length))


def _extend(b: Bench) -> None:
    """A run that grows by one or two cards at one end or both, or a set of three that takes its fourth."""
    if b.chance(0.3):
        suits = b.rng.sample(SUITS, 4)
        rank = rank_at(b.place())
        b.lay(Card(rank, suit) for suit in suits[:3])
        b.give([Card(rank, suits[3])])
        return
    below, above = b.rng.choice(((1, 0), (0, 1), (2, 0), (0, 2), (1, 1), (1, 2), (2, 1)))
    middle = b.rng.choice((3, 3, 4))
    whole = b.run(b.suit(), b.place(1, 15 - below - above - middle), below + middle + above)
    b.lay(whole[below : below + middle])
    b.give(whole[:below] + whole[below + middle :])


def _spare(b: Bench) -> None:
    """A card ``lent`` from a set of four or a long run's end makes the hand's cards playable: they
    grow a run with it, or make a new set or run with it."""
    suit, place = b.suit(), b.place()
    lent = Card(rank_at(place), suit)
    shape = b.rng.choice(("run", "set", "new run"))
    lender_is_set = shape == "new run" or (shape == "run" and b.chance(0.5))
    if lender_is_set:
        b.lay(Card(lent.rank, each) for each in SUITS)
    else:
        length = b.rng.choice((4, 4, 5))
        upward = b.chance(0.5)
        b.lay(b.run(suit, place if upward else place - length + 1, length))
    if shape == "set":
        others = b.rng.sample([each for each in SUITS if each != suit], 2)
        b.give(Card(lent.rank, each) for each in others)
    elif shape == "new run":
        low = place - b.rng.choice((0, 1, 2))
        b.give(card for card in b.run(suit, low, 3) if card != lent)
    else:
        step = b.rng.choice((-1, 1))
        reach, stays = b.rng.choice((1, 1, 2)), b.rng.choice((3, 4))
        whole = b.run(suit, min(place - step * reach, place + step * stays), reach + stays + 1)
        hand = whole[:reach] if step == 1 else whole[-reach:]
        b.lay(whole[reach + 1 :] if step == 1 else whole[:stays])
        b.give(hand)


def _split(b: Bench) -> None:
    """A long run cut in two: by a copy of one of its cards from the hand, or because a middle
    card leaves for a set with two cards of its rank from the hand."""
    suit = b.suit()
    left, right = b.rng.choice((3, 3, 4)), b.rng.choice((3, 3, 4))
    if b.chance(0.5):
        run = b.run(suit, b.place(1, 15 - left - right + 1), left + right - 1)
        b.lay(run)
        b.give([run[left - 1]])
    else:
        run = b.run(suit, b.place(1, 15 - left - right - 1), left + right + 1)
        b.lay(run)
        middle = run[left]
        others = b.rng.sample([each for each in SUITS if each != suit], 2)
        b.give(Card(middle.rank, each) for each in others)


def _swap(b: Bench) -> None:
    """A hand card takes the place of a table card, which leaves for a meld with the hand's other
    cards: a set swaps one suit for another, a run of three moves along by one."""
    if b.chance(0.55):
        suits = b.rng.sample(SUITS, 4)
        place = b.place()
        rank = rank_at(place)
        b.lay(Card(rank, each) for each in suits[:3])
        b.give([Card(rank, suits[3])])
        _new_run_around(b, place, suits[0])
    else:
        suit = b.suit()
        place = b.place(2, 13)
        run = b.run(suit, place, 3)
        b.lay(run)
        upward = b.chance(0.5)
        b.give([b.run(suit, place + 3 if upward else place - 1, 1)[0]])
        leaving = run[0] if upward else run[-1]
        others = b.rng.sample([each for each in SUITS if each != suit], 2)
        b.give(Card(leaving.rank, each) for each in others)


def _new_run_around(b: Bench, place: int, suit: Suit) -> None:
    """Hand cards that make a run with the card at ``place`` once it is free."""
    if b.chance(0.5):
        low = place - b.rng.choice((0, 1, 2))
        b.give(card for offset, card in enumerate(b.run(suit, low, 3)) if low + offset != place)
    else:
        _join_run(b, place, suit)


def _join_run(b: Bench, place: int, suit: Suit) -> None:
    """A table run of three that the card at ``place`` would join, and one or two hand cards
    beyond that card, which need it."""
    step = b.rng.choice((-1, 1))
    reach = b.rng.choice((1, 1, 2))
    whole = b.run(suit, min(place - step * reach, place + step * 3), reach + 4)
    beyond = [Card(rank_at(place - step * k), suit) for k in range(1, reach + 1)]
    b.lay(card for card in whole if card not in beyond and card.rank != rank_at(place))
    b.give(beyond)


def _dissolve(b: Bench) -> None:
    """A meld of three taken apart, each card going somewhere else, at least one to the hand's
    cards; or three sets of consecutive ranks turned into runs for a hand card."""
    kind = b.rng.choice(("sets to runs", "set", "run"))
    if kind == "sets to runs":
        suits = b.rng.sample(SUITS, 3)
        place = b.place(1, 12)
        for step in range(3):
            b.lay(Card(rank_at(place + step), each) for each in suits)
        upward = b.chance(0.5)
        b.give(b.run(b.rng.choice(suits), place + 3 if upward else place - 1, 1))
    elif kind == "set":
        suits = b.rng.sample(SUITS, 3)
        place = b.place()
        b.lay(Card(rank_at(place), each) for each in suits)
        for number, each in enumerate(suits):
            if number == 0 or b.chance(0.3):
                _new_run_around(b, place, each)
            else:
                step = b.rng.choice((-1, 1))
                b.lay(b.run(each, min(place + step, place + 3 * step), 3))
    else:
        suit = b.suit()
        run = b.run(suit, b.place(1, 12), 3)
        b.lay(run)
        for number, card in enumerate(run):
            others = [each for each in SUITS if each != suit]
            if number == 0 or b.chance(0.3):
                b.give(Card(card.rank, each) for each in b.rng.sample(others, 2))
            else:
                b.lay(Card(card.rank, each) for each in others)


def _chain(b: Bench) -> None:
    """A hand card joins a meld of three and frees a card, which joins the next meld of three and
    frees another (runs and sets in turn), until the last freed card joins a table run that the
    hand's other cards need: every link is a start meld giving a card to the next one."""
    links = b.rng.choice((2, 2, 3))
    into_set = links % 2 == 1  # the last link is a set, so the last freed card can join a run
    place, suit = b.place(), b.suit()
    b.give([Card(rank_at(place), suit)])
    for _ in range(links):
        if into_set:
            others = [each for each in SUITS if each != suit]
            b.lay(Card(rank_at(place), each) for each in others)
            suit = b.rng.choice(others)
        else:
            step = b.rng.choice((-1, 1))
            b.lay(b.run(suit, min(place + step, place + step * 3), 3))
            place += step * 3
        into_set = not into_set
    _join_run(b, place, suit)


def _identical(b: Bench) -> None:
    """Both copies of a card end in two sets of its rank: a set of four splits into two sets of
    three with cards from the hand, and perhaps a run's end card."""
    suits = b.rng.sample(SUITS, 4)
    place = b.place()
    rank = rank_at(place)
    b.lay(Card(rank, each) for each in suits)
    if b.chance(0.5):
        b.give(Card(rank, each) for each in suits[:2])
    else:
        b.give([Card(rank, suits[0])])
        upward = b.chance(0.5)
        length = b.rng.choice((4, 4, 5))
        b.lay(b.run(suits[1], place if upward else place - length + 1, length))


def _expert(b: Bench) -> None:
    """Two hard cores on one table."""
    for name in b.rng.sample(HARD, 2):
        _CORES[name](b)


_CORES: dict[str, Callable[[Bench], None]] = {
    "lay": _lay, "extend": _extend, "spare": _spare, "split": _split, "swap": _swap, "dissolve": _dissolve,
    "chain": _chain, "identical": _identical, "expert": _expert,
}  # fmt: skip
