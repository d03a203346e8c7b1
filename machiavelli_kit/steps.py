"""From a start table to a solved one in single-card moves, told in words.

The moves are ordered so that a meld receives its new cards before it gives
any away, and a card freed by one move is the next to move: the chain reads
like the documents' showcase (it-3):

>>> from machiavelli_kit.position import Position
>>> from machiavelli_kit.solver import solve
>>> best = solve(Position.parse("7D 7H 7C | 8D 9D 10D | 10H 10C 10S | JH QH KH", "9H 7S"))
>>> for move in best.moves:
...     print(move.text)
7♠ from the hand joins the sevens and frees 7♦
7♦ joins the diamond run and frees 10♦
10♦ joins the tens and frees 10♥
10♥ joins the heart run
9♥ from the hand joins the heart run
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass

from machiavelli_kit.cards import JOKER, SUITS, Card
from machiavelli_kit.melds import Meld
from machiavelli_kit.position import Position, Table
from machiavelli_kit.rules import BGA, Rules
from machiavelli_kit.templates import CARD_COUNT, card_at, meld_shape

RANK_PLURALS = {
    1: "aces", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens",
    8: "eights", 9: "nines", 10: "tens", 11: "jacks", 12: "queens", 13: "kings",
}  # fmt: skip
SUIT_WORDS = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
ORDERED_CARDS = (*sorted(card_at(index) for index in range(CARD_COUNT)), JOKER)
CARD_ORDER = {card: place for place, card in enumerate(ORDERED_CARDS)}
"""Every card (one joker) in the cards' sort order, and each card's place in it."""


@dataclass(frozen=True)
class Move:
    """One card moved: from a meld of the working table (or the hand, ``None``)
    to a meld of the working table (or a new meld, ``None``), with its story."""

    card: Card
    source: int | None
    target: int | None
    text: str


def apply_move(melds: list[list[Card]], hand: list[Card], move: Move) -> None:
    """Carry out ``move`` on a working table and hand, in place.

    Emptied melds stay in the list (empty) so later indexes keep their meaning.
    """
    origin = hand if move.source is None else melds[move.source]
    origin.remove(move.card)
    if move.target is None:
        melds.append([move.card])
    else:
        melds[move.target].append(move.card)


@dataclass(frozen=True)
class Transfer:
    """A card that changes place: from a start meld (``None``: the hand) to a final meld."""

    card: Card
    source: int | None
    target: int


def moves_between(position: Position, table: Table, rules: Rules = BGA) -> tuple[Move, ...]:
    """The moves from ``position`` to any end ``table`` (a learner's, or a stored answer)."""
    from machiavelli_kit.matching import match_melds  # scipy: imported only when needed

    origins, _ = match_melds(position.table, table, rules)
    return plan_moves(position, table, origins, rules)


def plan_moves(
    position: Position, table: Table, origins: tuple[int | None, ...], rules: Rules = BGA
) -> tuple[Move, ...]:
    """The moves from ``position`` to ``table``, where final meld ``i`` continues start meld
    ``origins[i]`` (``None``: a new meld)."""
    start = [meld.cards for meld in position.table.melds]
    final = [meld.cards for meld in table.melds]
    _, transfers = _flows(start, final, origins)
    ordered = _order(transfers, origins)
    names = _Names(start, final, origins, rules)
    return _to_moves(ordered, origins, len(start), names)


def card_flows(
    position: Position, table: Table, origins: tuple[int | None, ...]
) -> tuple[list[Counter[Card]], list[Transfer]]:
    """What stays in each start meld, and where every other card of ``table`` comes from:
    a start meld that gives it up (the first one that does), else the hand."""
    start = [meld.cards for meld in position.table.melds]
    kept, transfers = _flows(start, [meld.cards for meld in table.melds], origins)
    stays = [Counter({ORDERED_CARDS[card]: count for card, count in each.items()}) for each in kept]
    return stays, transfers


def _flows(
    start: list[tuple[Card, ...]], final: list[tuple[Card, ...]], origins: tuple[int | None, ...]
) -> tuple[list[dict[int, int]], list[Transfer]]:
    """:func:`card_flows`, with what stays counted by each card's place in :data:`ORDERED_CARDS`
    (cards are counted by their places, which is quicker than by value)."""
    places = [_places(cards) for cards in start]
    leaving: list[Counter[int] | None] = [None] * len(start)  # each start meld's cards not yet kept
    kept_by: list[dict[int, int]] = [{} for _ in start]
    arriving: list[Counter[int]] = []
    for target, cards in enumerate(final):
        arrived = _places(cards)
        origin = origins[target]
        if origin is not None and leaving[origin] is None and arrived == places[origin]:
            kept_by[origin] = Counter(arrived)  # the meld as it was: everything stays
            leaving[origin] = Counter()
            arriving.append(Counter())
            continue
        incoming = Counter(arrived)
        if origin is not None:
            pool = leaving[origin]
            if pool is None:
                pool = leaving[origin] = Counter(places[origin])
            kept = kept_by[origin] = {}
            for card, count in incoming.items():
                if (have := pool.get(card, 0)) > 0:
                    kept[card] = stays = min(count, have)
                    incoming[card] = count - stays
                    pool[card] = have - stays
        arriving.append(incoming)
    sources: dict[int, deque[int]] = {}  # for each card, the start melds giving it up, first meld first
    for index, left in enumerate(leaving):
        for card, count in (Counter(places[index]) if left is None else left).items():
            if count > 0:
                sources.setdefault(card, deque()).extend([index] * count)
    transfers = []
    for target, counted in enumerate(arriving):
        for card in sorted(counted.elements()):
            waiting = sources.get(card)
            transfers.append(Transfer(ORDERED_CARDS[card], waiting.popleft() if waiting else None, target))
    return kept_by, transfers


_SUIT_PLACE = {suit.value: suit.order for suit in SUITS}


def _places(cards: tuple[Card, ...]) -> list[int]:
    """Each card's place in :data:`ORDERED_CARDS`, without hashing a card (an enum's hash is slow)."""
    joker = len(ORDERED_CARDS) - 1
    return [joker if card.suit is None else 4 * card.rank - 4 + _SUIT_PLACE[card.suit._value_] for card in cards]


def _order(transfers: list[Transfer], origins: tuple[int | None, ...]) -> list[Transfer]:
    """Receive before giving, follow chains, start with moves that open a chain.

    Each move is chosen among those whose start meld has received all its cards (else
    among all): the first, in the transfers' order, with the lowest priority: the card
    just freed, then more cards for the same meld, then hand cards that start a chain,
    then other table cards, then the rest.
    """
    sources = [transfer.source for transfer in transfers]
    finals = [transfer.target for transfer in transfers]
    working_target = [origins[final] for final in finals]
    gives = Counter(source for source in sources if source is not None)
    waiting = Counter(target for target in working_target if target is not None)
    remaining = list(range(len(transfers)))
    ordered: list[Transfer] = []
    last_working: int | None = None  # the last move's working and final target
    last_final: int | None = None
    while remaining:
        ready = [i for i in remaining if (source := sources[i]) is None or waiting[source] == 0]
        chosen, lowest = remaining[0], 5
        for i in ready or remaining:
            source, target = sources[i], working_target[i]
            if source is not None and source == last_working:
                priority = 0
            elif finals[i] == last_final:
                priority = 1
            elif source is None and target is not None and gives[target]:
                priority = 2
            else:
                priority = 3 if source is not None else 4
            if priority < lowest:
                chosen, lowest = i, priority
                if priority == 0:
                    break
        remaining.remove(chosen)
        target = working_target[chosen]
        if target is not None:
            waiting[target] -= 1
        if (source := sources[chosen]) is not None:
            gives[source] -= 1
        last_working, last_final = target, finals[chosen]
        ordered.append(transfers[chosen])
    return ordered


class _Names:
    """Names for melds in the stories: "the sevens", "the heart run", "a new club run".

    When two melds would share a name, a table meld is told apart by the cards it
    held at the start ("the diamond run A♦–4♦"), a new meld by its final cards.
    """

    def __init__(self, start: list[tuple[Card, ...]], final: list[tuple[Card, ...]],
                 origins: tuple[int | None, ...], rules: Rules) -> None:  # fmt: skip
        new = [index for index, origin in enumerate(origins) if origin is None]
        melds = [*start, *(final[index] for index in new)]
        self.shapes = [meld_shape(cards, rules) for cards in melds]
        self.names = [_name(kind, cards) for (kind, _), cards in zip(self.shapes, melds, strict=True)]
        self.counted = Counter(self.names)
        self.new_place = {index: len(start) + place for place, index in enumerate(new)}

    def working(self, index: int) -> str:
        return "the " + self._told(index)

    def _told(self, place: int) -> str:
        """The name of meld ``place`` (start melds, then new melds), told apart when it is shared."""
        name = self.names[place]
        return name if self.counted[name] == 1 else _told_apart(name, self.shapes[place][1])

    def new_meld(self, final_index: int, first: bool) -> str:
        name = self._told(self.new_place[final_index])
        if not first:
            return f"the new {name}"
        return f"a new {name}" if " run" in name else f"a new set of {name}"


def _told_apart(name: str, arranged: tuple[Card, ...]) -> str:
    """A meld's name with its cards: "the diamond run A♦–4♦", "the sevens (7♠ 7♥ 7♣)"."""
    if " run" in name:
        return f"{name} {arranged[0]}–{arranged[-1]}"
    return f"{name} ({Meld(arranged)})"


def _shape_name(cards: tuple[Card, ...], rules: Rules) -> str:
    """A meld's name: "the sevens", "the heart run", or its cards when it is not a meld."""
    return _name(meld_shape(cards, rules)[0], cards)


def _name(kind: str | None, cards: tuple[Card, ...]) -> str:
    naturals = [card for card in cards if card.suit is not None]
    if kind == "set" and naturals:
        return RANK_PLURALS[naturals[0].rank]
    if kind == "run" and naturals and naturals[0].suit is not None:
        return f"{SUIT_WORDS[naturals[0].suit.value]} run"
    return f"meld {Meld(cards)}"


def _to_moves(ordered: list[Transfer], origins: tuple[int | None, ...], start_count: int,
              names: _Names) -> tuple[Move, ...]:  # fmt: skip
    working_index: dict[int, int] = {final: origin for final, origin in enumerate(origins) if origin is not None}
    next_new = start_count
    moves = []
    freed = False
    for position, transfer in enumerate(ordered):
        created = transfer.target not in working_index
        if created:
            working_index[transfer.target] = next_new
            next_new += 1
            target: int | None = None
            destination = f"starts {names.new_meld(transfer.target, first=True)}"
        else:
            target = working_index[transfer.target]
            if origins[transfer.target] is None:
                destination = f"joins {names.new_meld(transfer.target, first=False)}"
            else:
                destination = f"joins {names.working(target)}"
        if transfer.source is None:
            origin_text = " from the hand"
        elif freed:
            origin_text = ""
        else:
            origin_text = f" from {names.working(transfer.source)}"
        text = f"{transfer.card}{origin_text} {destination}"
        following = ordered[position + 1] if position + 1 < len(ordered) else None
        if following is not None and following.source is not None and not created and following.source == target:
            text += f" and frees {following.card}"
            freed = True
        else:
            freed = False
        moves.append(Move(transfer.card, transfer.source, target, text))
    return tuple(moves)
