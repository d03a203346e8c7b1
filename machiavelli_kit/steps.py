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
from dataclasses import dataclass, field, replace
from typing import Literal

from machiavelli_kit.cards import JOKER, SUITS, Card
from machiavelli_kit.i18n import _, pgettext, speaking
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
    story: Story = field(repr=False)

    @property
    def text(self) -> str:
        """The move in words, in the language in use."""
        return self.story.said()

    def said(self, lang: str | None = None) -> str:
        """The move in words, in ``lang`` (``None``: the language in use)."""
        return self.story.said(lang)


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

    origins, _changed = match_melds(position.table, table, rules)
    return plan_moves(position, table, origins, rules)


def plan_moves(
    position: Position, table: Table, origins: tuple[int | None, ...], rules: Rules = BGA
) -> tuple[Move, ...]:
    """The moves from ``position`` to ``table``, where final meld ``i`` continues start meld
    ``origins[i]`` (``None``: a new meld)."""
    start = [meld.cards for meld in position.table.melds]
    final = [meld.cards for meld in table.melds]
    _kept, transfers = _flows(start, final, origins)
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
    kept_by: list[dict[int, int]] = [{} for _meld in start]
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
        self.names = [_meld_name(kind, cards) for (kind, _arranged), cards in zip(self.shapes, melds, strict=True)]
        self.counted = Counter(self.names)
        self.new_place = {index: len(start) + place for place, index in enumerate(new)}

    def working(self, index: int) -> MeldName:
        return self._told(index)

    def _told(self, place: int, new: bool = False) -> MeldName:
        """The name of meld ``place`` (start melds, then new melds), told apart when it is shared."""
        name = self.names[place]
        if self.counted[name] > 1:
            name = replace(name, apart=_apart(name.kind, self.shapes[place][1]))
        return replace(name, new=new)

    def new_meld(self, final_index: int) -> MeldName:
        return self._told(self.new_place[final_index], new=True)


@dataclass(frozen=True)
class MeldName:
    """A meld as a story names it: a set of a rank, a run of a suit, or other cards; a new meld or not;
    and, when two melds would share the name, its cards (``apart``), which tell them apart."""

    kind: Literal["set", "run", "meld"]
    rank: int = 0
    suit: str = ""
    cards: str = ""
    new: bool = False
    apart: str = ""

    def said(self, role: Literal["named", "from", "joins", "starts"] = "named") -> str:
        """The name in the language in use, as the role in the story needs it (with its preposition
        in Italian and Polish): ``named`` on its own ("the heart run"), ``from`` a card's start meld,
        the meld a card ``joins``, the new meld a card ``starts``."""
        words = {"ranks": _rank_words(self.rank), "suit": _suit_words(self.suit), "cards": self.cards}
        text = _meld_phrases(role, self.new)[self.kind].format(**words)
        return f"{text} {self.apart}" if self.apart else text


def _meld_phrases(role: str, new: bool) -> dict[str, str]:
    """The phrases naming a set, a run and other cards in ``role``."""
    if role == "named":
        # TRANSLATORS: a meld named on its own, as the subject of a sentence ("the sevens": it: "il tris di sette",
        # pl: "komplet siódemek"); {ranks} is e.g. "sevens".
        return {"set": pgettext("a meld", "the {ranks}"),
                # TRANSLATORS: a run named on its own ("the heart run": it: "la scala di cuori", pl: "sekwens kier").
                "run": pgettext("a meld", "the {suit} run"),
                "meld": pgettext("a meld", "the meld {cards}")}  # fmt: skip
    if role == "from":
        # TRANSLATORS: the meld a moved card comes from, with its preposition ("from the sevens":
        # it: "dal tris di sette", pl: "z kompletu siódemek"); {ranks} is e.g. "sevens".
        return {"set": _("from the {ranks}"),
                # TRANSLATORS: the run a moved card comes from, with its preposition; {suit} is e.g. "heart".
                "run": _("from the {suit} run"),
                # TRANSLATORS: cards that are not a valid meld, where a moved card comes from; {cards} is the cards.
                "meld": _("from the meld {cards}")}  # fmt: skip
    if role == "starts":
        # TRANSLATORS: the new meld a moved card starts ("starts a new set of sevens").
        return {"set": _("a new set of {ranks}"),
                # TRANSLATORS: the new run a moved card starts ("starts a new heart run").
                "run": _("a new {suit} run"),
                "meld": _("a new meld {cards}")}  # fmt: skip
    if new:
        # TRANSLATORS: a meld started earlier in the same rearrangement, that a card joins, with the preposition
        # "joins" needs in Italian and Polish (it: "al nuovo tris di sette", pl: "do nowego kompletu siódemek").
        return {"set": pgettext("a card joins", "the new {ranks}"),
                "run": pgettext("a card joins", "the new {suit} run"),
                "meld": pgettext("a card joins", "the new meld {cards}")}  # fmt: skip
    # TRANSLATORS: the meld a card joins, with the preposition "joins" needs in Italian and Polish
    # (it: "al tris di sette", "alla scala di cuori"; pl: "do kompletu siódemek", "do sekwensu kier").
    return {"set": pgettext("a card joins", "the {ranks}"),
            "run": pgettext("a card joins", "the {suit} run"),
            "meld": pgettext("a card joins", "the meld {cards}")}  # fmt: skip


def _rank_words(rank: int) -> str:
    """A rank in a set's name: "sevens" in "the sevens" (Polish: the genitive, "kompletu siódemek")."""
    if not rank:
        return ""
    # TRANSLATORS: the ranks in a set's name: "the sevens", "a new set of sevens"; in Italian after "tris di"
    # (sette), in Polish after "komplet" in the genitive plural (siódemek).
    words = (pgettext("set of", "aces"), pgettext("set of", "twos"), pgettext("set of", "threes"),
             pgettext("set of", "fours"), pgettext("set of", "fives"), pgettext("set of", "sixes"),
             pgettext("set of", "sevens"), pgettext("set of", "eights"), pgettext("set of", "nines"),
             pgettext("set of", "tens"), pgettext("set of", "jacks"), pgettext("set of", "queens"),
             pgettext("set of", "kings"))  # fmt: skip
    return words[rank - 1]


def _suit_words(suit: str) -> str:
    """A suit in a run's name: "heart" in "the heart run"."""
    # TRANSLATORS: the suit in a run's name: "the heart run" (it: "la scala di cuori", pl: "sekwens kier").
    words = {"S": pgettext("run of", "spade"), "H": pgettext("run of", "heart"),
             "D": pgettext("run of", "diamond"), "C": pgettext("run of", "club")}  # fmt: skip
    return words.get(suit, "")


def meld_name(cards: tuple[Card, ...], rules: Rules = BGA) -> MeldName:
    """A meld's name, to say in the language in use (:meth:`MeldName.said`).

    >>> from machiavelli_kit.notation import parse_cards
    >>> meld_name(parse_cards("5H 6H 7H")).said(), meld_name(parse_cards("7S 7H 7C")).said("from")
    ('the heart run', 'from the sevens')
    """
    return _meld_name(meld_shape(cards, rules)[0], cards)


def _meld_name(kind: str | None, cards: tuple[Card, ...]) -> MeldName:
    naturals = [card for card in cards if card.suit is not None]
    if kind == "set" and naturals:
        return MeldName("set", rank=naturals[0].rank)
    if kind == "run" and naturals and naturals[0].suit is not None:
        return MeldName("run", suit=naturals[0].suit.value)
    return MeldName("meld", cards=str(Meld(cards)))


def _apart(kind: str, arranged: tuple[Card, ...]) -> str:
    """The cards that tell a meld apart from another of the same name: "A♦–4♦" for a run, "(7♠ 7♥ 7♣)" for a set."""
    if kind == "run":
        return f"{arranged[0]}–{arranged[-1]}"
    return f"({Meld(arranged)})"


def _shape_name(cards: tuple[Card, ...], rules: Rules) -> str:
    """A meld's name in English: "sevens", "heart run", or its cards when it is not a meld."""
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
            destination = names.new_meld(transfer.target)
        else:
            target = working_index[transfer.target]
            destination = names.new_meld(transfer.target) if origins[transfer.target] is None else names.working(target)
        if transfer.source is None:
            origin: MeldName | Literal["hand"] | None = "hand"
        elif freed:
            origin = None
        else:
            origin = names.working(transfer.source)
        following = ordered[position + 1] if position + 1 < len(ordered) else None
        frees = None
        if following is not None and following.source is not None and not created and following.source == target:
            frees = following.card
        freed = frees is not None
        story = Story(transfer.card, origin, destination, created, frees)
        moves.append(Move(transfer.card, transfer.source, target, story))
    return tuple(moves)


@dataclass(frozen=True)
class Story:
    """A move in words: the card, where it comes from (the hand, a meld, or ``None`` when the move
    before freed it), the meld it joins or starts, and the card it frees, if any."""

    card: Card
    origin: MeldName | Literal["hand"] | None
    destination: MeldName
    starts: bool
    frees: Card | None

    def said(self, lang: str | None = None) -> str:
        """The move in words, in the language in use (or ``lang``)."""
        with speaking(lang):
            card = str(self.card)
            if self.starts:
                meld = self.destination.said("starts")
                if self.origin == "hand":
                    # TRANSLATORS: a move of a rearrangement: {card} is a card (7♠), {meld} a new meld
                    # ("a new heart run", "a new set of sevens").
                    text = _("{card} from the hand starts {meld}").format(card=card, meld=meld)
                elif self.origin is None:
                    # TRANSLATORS: a move whose card the move before freed: "7♦ starts a new heart run".
                    text = _("{card} starts {meld}").format(card=card, meld=meld)
                else:
                    # TRANSLATORS: {source} is the meld it comes from, with its preposition ("from the sevens").
                    text = _("{card} {source} starts {meld}").format(
                        card=card, source=self.origin.said("from"), meld=meld
                    )
            else:
                meld = self.destination.said("joins")
                if self.origin == "hand":
                    # TRANSLATORS: a move of a rearrangement: "7♠ from the hand joins the sevens"; {meld} already
                    # holds the preposition Italian and Polish need ("al tris di sette", "do kompletu siódemek").
                    text = _("{card} from the hand joins {meld}").format(card=card, meld=meld)
                elif self.origin is None:
                    # TRANSLATORS: a move whose card the move before freed: "7♦ joins the diamond run".
                    text = _("{card} joins {meld}").format(card=card, meld=meld)
                else:
                    # TRANSLATORS: "10♦ from the tens joins the diamond run"; {source} and {meld} hold their
                    # prepositions ("dal tris di dieci", "alla scala di quadri").
                    text = _("{card} {source} joins {meld}").format(
                        card=card, source=self.origin.said("from"), meld=meld
                    )
            if self.frees is None:
                return text
            # TRANSLATORS: {move} is a move in words ("7♠ from the hand joins the sevens"), {card} the card it frees,
            # which the next move takes: "7♠ from the hand joins the sevens and frees 7♦".
            return _("{move} and frees {card}").format(move=text, card=str(self.frees))
