"""From a start table to a solved one in single-card moves, told in words.

The moves are ordered so that a meld receives its new cards before it gives
any away, and a card freed by one move is the next to move: the chain reads
like the documents' showcase (it-3):

>>> from machiavelli_kit.core.position import Position
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

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from machiavelli_kit.core.cards import JOKER, SUITS, Card
from machiavelli_kit.core.melds import Meld
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import BGA, Rules
from machiavelli_kit.i18n import _, pgettext, speaking
from machiavelli_kit.solver.templates import CARD_COUNT, TemplateArrays, card_at, meld_shape, template_arrays

ORDERED_CARDS = (*sorted(card_at(index) for index in range(CARD_COUNT)), JOKER)
CARD_ORDER = {card: place for place, card in enumerate(ORDERED_CARDS)}
"""Every card (one joker) in the cards' sort order, and each card's place in it."""
JOKER_PLACE = len(ORDERED_CARDS) - 1
Flow = tuple[int, int | None, int]
"""A :class:`Transfer` with its card as its place in :data:`ORDERED_CARDS` (quicker to make and sort)."""


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
    from machiavelli_kit.solver.matching import match_melds  # scipy: imported only when needed

    origins, _changed = match_melds(position.table, table, rules)
    return plan_moves(position, table, origins, rules)


def plan_moves(
    position: Position,
    table: Table,
    origins: tuple[int | None, ...],
    rules: Rules = BGA,
    check: Callable[[], object] | None = None,
) -> tuple[Move, ...]:
    """The moves from ``position`` to ``table``, where final meld ``i`` continues start meld
    ``origins[i]`` (``None``: a new meld), with ``check`` called at each step (``None``: none): the
    time limit's, which raises :class:`~machiavelli_kit.solver.solution.SolverTimeout` once it has passed.

    No position's moves take long: over ``benchmarks/solver_speed.py``'s 543 positions (the 473
    with a play; ``benchmarks/solver_phases.py`` with every ``--bucket``, the hardest set too) they
    took a median of 0.64 ms of process CPU, a p99 of 2.1 ms and at worst 4.4 ms (at a load of 5);
    the slowest are the hardest set's, 35 to 38 moves on tables of about 80 melds.
    """
    if check is not None:
        check()
    start = [meld.cards for meld in position.table.melds]
    final = [meld.cards for meld in table.melds]
    start_places = [_places(cards) for cards in start]
    final_places = [_places(cards) for cards in final]
    _kept, flows = _flows(start_places, final_places, origins)
    ordered = _order(flows, origins, check)
    names = _Names(start, final, start_places, final_places, origins, rules)
    if check is not None:
        check()
    return _to_moves(ordered, origins, len(start), names)


def card_flows(
    position: Position, table: Table, origins: tuple[int | None, ...]
) -> tuple[list[Counter[Card]], list[Transfer]]:
    """What stays in each start meld, and where every other card of ``table`` comes from:
    a start meld that gives it up (the first one that does), else the hand."""
    start = [_places(meld.cards) for meld in position.table.melds]
    kept, flows = _flows(start, [_places(meld.cards) for meld in table.melds], origins)
    stays = [Counter({ORDERED_CARDS[card]: count for card, count in each.items()}) for each in kept]
    return stays, [Transfer(ORDERED_CARDS[card], source, target) for card, source, target in flows]


def _flows(
    places: list[list[int]], final: list[list[int]], origins: tuple[int | None, ...]
) -> tuple[list[dict[int, int]], list[Flow]]:
    """:func:`card_flows`, with every card as its place in :data:`ORDERED_CARDS` (cards are
    counted by their places, which is quicker than by value): the start and final melds'
    places in, what stays in each start meld counted and the transfers as :data:`Flow` out."""
    leaving: list[list[int] | None] = [None] * len(places)  # each start meld's cards not yet kept
    kept_by: list[dict[int, int]] = [{} for _meld in places]
    arriving: list[list[int]] = []
    for target, arrived in enumerate(final):
        origin = origins[target]
        if origin is None:
            arriving.append(arrived)
            continue
        pool = leaving[origin]
        if pool is None:
            pool = leaving[origin] = list(places[origin])
        kept = kept_by[origin] = {}
        incoming = []
        for card in arrived:
            if card in pool:
                pool.remove(card)
                kept[card] = kept.get(card, 0) + 1
            else:
                incoming.append(card)
        arriving.append(incoming)
    sources: dict[int, list[int]] = {}  # for each card, the start melds giving it up, last meld first
    for index in range(len(places) - 1, -1, -1):
        left = leaving[index]
        for card in places[index] if left is None else left:
            sources.setdefault(card, []).append(index)
    flows: list[Flow] = []
    for target, incoming in enumerate(arriving):
        for card in sorted(incoming):
            waiting = sources.get(card)
            flows.append((card, waiting.pop() if waiting else None, target))
    return kept_by, flows


_SUIT_PLACE = {suit.value: suit.order for suit in SUITS}


def _places(cards: tuple[Card, ...]) -> list[int]:
    """Each card's place in :data:`ORDERED_CARDS`, without hashing a card (an enum's hash is slow)."""
    return [JOKER_PLACE if card.suit is None else 4 * card.rank - 4 + _SUIT_PLACE[card.suit._value_] for card in cards]


def _order(flows: list[Flow], origins: tuple[int | None, ...], check: Callable[[], object] | None = None) -> list[Flow]:
    """Receive before giving, follow chains, start with moves that open a chain (``check`` called before
    each move is chosen: the choices take time growing as the square of the moves).

    Each move is chosen among those whose start meld has received all its cards (else
    among all): the first, in the transfers' order, with the lowest priority: the card
    just freed, then more cards for the same meld, then hand cards that start a chain,
    then other table cards, then the rest.
    """
    sources = [source for _card, source, _target in flows]
    finals = [target for _card, _source, target in flows]
    working_target = [origins[final] for final in finals]
    gives: dict[int, int] = {}  # cards each start meld has yet to give
    waiting: dict[int, int] = {}  # cards each start meld has yet to receive
    for source in sources:
        if source is not None:
            gives[source] = gives.get(source, 0) + 1
    for target in working_target:
        if target is not None:
            waiting[target] = waiting.get(target, 0) + 1
    remaining = list(range(len(flows)))
    ordered: list[Flow] = []
    last_working: int | None = None  # the last move's working and final target
    last_final: int | None = None
    while remaining:
        if check is not None:
            check()
        ready = [i for i in remaining if (source := sources[i]) is None or not waiting.get(source)]
        chosen, lowest = remaining[0], 5
        for i in ready or remaining:
            source = sources[i]
            if source is not None and source == last_working:
                chosen = i
                break
            if lowest > 1:
                if finals[i] == last_final:
                    priority = 1
                elif source is None:
                    target = working_target[i]
                    priority = 2 if target is not None and gives.get(target) else 4
                else:
                    priority = 3
                if priority < lowest:
                    chosen, lowest = i, priority
        remaining.remove(chosen)
        target = working_target[chosen]
        if target is not None:
            waiting[target] -= 1
        if (source := sources[chosen]) is not None:
            gives[source] -= 1
        last_working, last_final = target, finals[chosen]
        ordered.append(flows[chosen])
    return ordered


NameKey = tuple[Literal["set", "run", "meld"], int, str, str]
"""A :class:`MeldName`'s kind, rank, suit and cards: what two melds of the same name share."""


@cache
def _by_places(arrays: TemplateArrays) -> dict[frozenset[int], tuple[int, NameKey]]:
    """For a meld without jokers, found by its cards' places in :data:`ORDERED_CARDS`: its template
    (as :attr:`~machiavelli_kit.solver.templates.TemplateArrays.by_cards` says) and its name's key."""
    found: dict[frozenset[int], tuple[int, NameKey]] = {}
    for slots, number in arrays.by_cards.items():
        first = card_at(arrays.templates[number].slots[0])
        key: NameKey = ("set", first.rank, "", "")
        if arrays.templates[number].kind == "run":
            key = ("run", 0, first.suit.value if first.suit is not None else "", "")
        found[frozenset(4 * (index % 13) + index // 13 for index in slots)] = number, key
    return found


class _Names:
    """Names for melds in the stories: "the sevens", "the heart run", "a new club run".

    When two melds would share a name, a table meld is told apart by the cards it
    held at the start ("the diamond run A♦–4♦"), a new meld by its final cards. Every
    meld's name is known up front, to tell which are shared, from its template when it
    has no jokers; a name is made only when a story tells it.
    """

    def __init__(self, start: list[tuple[Card, ...]], final: list[tuple[Card, ...]],
                 start_places: list[list[int]], final_places: list[list[int]],
                 origins: tuple[int | None, ...], rules: Rules) -> None:  # fmt: skip
        new = [index for index, origin in enumerate(origins) if origin is None]
        melds = [*start, *(final[index] for index in new)]
        arrays = self.arrays = template_arrays(rules)
        by_places = _by_places(arrays)
        self.shapes: list[int | tuple[str | None, tuple[Card, ...]]] = []  # a template's number, or meld_shape's
        self.keys: list[NameKey] = []
        for cards, places in zip(melds, [*start_places, *(final_places[index] for index in new)], strict=True):
            found = None
            if JOKER_PLACE not in places:  # as meld_shape: a meld without jokers is looked up among the templates
                slots = frozenset(places)
                if len(slots) == len(places):
                    found = by_places.get(slots)
            if found is not None:
                self.shapes.append(found[0])
                self.keys.append(found[1])
                continue
            shape = meld_shape(cards, rules)
            self.shapes.append(shape)
            name = _meld_name(shape[0], cards)
            self.keys.append((name.kind, name.rank, name.suit, name.cards))
        self.counted: dict[NameKey, int] = {}
        for key in self.keys:
            self.counted[key] = self.counted.get(key, 0) + 1
        self.new_place = {index: len(start) + place for place, index in enumerate(new)}
        self.told: list[MeldName | None] = [None] * len(melds)
        self.told_new: list[MeldName | None] = [None] * len(melds)

    def working(self, index: int) -> MeldName:
        return self.told[index] or self._told(index)

    def new_meld(self, final_index: int) -> MeldName:
        place = self.new_place[final_index]
        return self.told_new[place] or self._told(place, new=True)

    def _told(self, place: int, new: bool = False) -> MeldName:
        """The name of meld ``place`` (start melds, then new melds), told apart when it is shared."""
        key = self.keys[place]
        apart = self._arranged(place) if self.counted[key] > 1 else ()
        told = MeldName(*key, new=new, apart=apart)
        (self.told_new if new else self.told)[place] = told
        return told

    def _arranged(self, place: int) -> tuple[Card, ...]:
        """The cards of meld ``place`` in play order, as :func:`~machiavelli_kit.solver.templates.meld_shape` says."""
        shape = self.shapes[place]
        return self.arrays.cards[shape] if isinstance(shape, int) else shape[1]


@dataclass(frozen=True)
class MeldName:
    """A meld as a story names it: a set of a rank, a run of a suit, or other cards; a new meld or not;
    and, when two melds would share the name, its cards in play order (``apart``), which tell them apart."""

    kind: Literal["set", "run", "meld"]
    rank: int = 0
    suit: str = ""
    cards: str = ""
    new: bool = False
    apart: tuple[Card, ...] = ()

    def said(self, role: Literal["named", "from", "joins", "starts"] = "named") -> str:
        """The name in the language in use, as the role in the story needs it (with its preposition
        in Italian and Polish): ``named`` on its own ("the heart run"), ``from`` a card's start meld,
        the meld a card ``joins``, the new meld a card ``starts``."""
        text = self.put_into(_meld_phrases(role, self.new)[self.kind])
        return f"{text} {told_apart(self.kind, self.apart)}" if self.apart else text

    def put_into(self, phrase: str) -> str:
        """``phrase`` (already in the language in use) with this meld's ranks, suit or cards put in its
        ``{ranks}``, ``{suit}`` or ``{cards}``.

        >>> MeldName("set", rank=7).put_into("Grow the {ranks}")
        'Grow the sevens'
        """
        return phrase.format(ranks=rank_words(self.rank), suit=suit_words(self.suit), cards=self.cards)


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


def rank_words(rank: int) -> str:
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


def suit_words(suit: str) -> str:
    """A suit in a run's name: "heart" in "the heart run"."""
    # TRANSLATORS: the suit in a run's name: "the heart run" (it: "la scala di cuori", pl: "sekwens kier").
    words = {"S": pgettext("run of", "spade"), "H": pgettext("run of", "heart"),
             "D": pgettext("run of", "diamond"), "C": pgettext("run of", "club")}  # fmt: skip
    return words.get(suit, "")


def meld_name(cards: tuple[Card, ...], rules: Rules = BGA) -> MeldName:
    """A meld's name, to say in the language in use (:meth:`MeldName.said`).

    >>> from machiavelli_kit.core.cards import parse_cards
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


def card_said(card: Card) -> str:
    """A card as a sentence says it: its symbol, or "the joker".

    >>> from machiavelli_kit.core.cards import JOKER, Card
    >>> card_said(Card.parse("7S")), card_said(JOKER)
    ('7♠', 'the joker')
    """
    # TRANSLATORS: the joker card in a sentence, as its subject: a move ("the joker from the hand joins the heart
    # run"), a puzzle's title or hint ("Room for 7♠ and the joker?").
    return _("the joker") if card.is_joker else str(card)


def card_listed(card: Card) -> str:
    """A card in a list of cards: its symbol, or the word for the joker on its own.

    >>> from machiavelli_kit.core.cards import JOKER, Card
    >>> card_listed(Card.parse("QH")), card_listed(JOKER)
    ('Q♥', 'joker')
    """
    return card.name if card.is_joker else str(card)


def cards_listed(cards: Iterable[Card]) -> str:
    """Cards in a list, each as :func:`card_listed` says it.

    >>> from machiavelli_kit.core.cards import parse_cards
    >>> cards_listed(parse_cards("QH QD JK"))
    'Q♥ Q♦ joker'
    """
    return " ".join(card_listed(card) for card in cards)


def told_apart(kind: str | None, arranged: tuple[Card, ...]) -> str:
    """The cards that tell a meld apart from another of the same name: "A♦–4♦" for a run, "(7♠ 7♥ 7♣)" else.

    >>> from machiavelli_kit.core.cards import parse_cards
    >>> told_apart("run", parse_cards("AD 2D 3D 4D")), told_apart("set", parse_cards("QH QD JK"))
    ('A♦–4♦', '(Q♥ Q♦ joker)')
    """
    if kind == "run":
        return f"{card_listed(arranged[0])}–{card_listed(arranged[-1])}"
    return f"({cards_listed(arranged)})"


def _to_moves(ordered: list[Flow], origins: tuple[int | None, ...], start_count: int,
              names: _Names) -> tuple[Move, ...]:  # fmt: skip
    working_index: dict[int, int] = {final: origin for final, origin in enumerate(origins) if origin is not None}
    next_new = start_count
    moves = []
    freed = False
    last = len(ordered) - 1
    for position, (place, source, final) in enumerate(ordered):
        created = final not in working_index
        if created:
            working_index[final] = next_new
            next_new += 1
            target: int | None = None
            destination = names.new_meld(final)
        else:
            target = working_index[final]
            destination = names.new_meld(final) if origins[final] is None else names.working(target)
        if source is None:
            origin: MeldName | Literal["hand"] | None = "hand"
        elif freed:
            origin = None
        else:
            origin = names.working(source)
        frees = None
        if position < last and not created:
            following, following_source, _final = ordered[position + 1]
            if following_source is not None and following_source == target:
                frees = ORDERED_CARDS[following]
        freed = frees is not None
        card = ORDERED_CARDS[place]
        moves.append(Move(card, source, target, Story(card, origin, destination, created, frees)))
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
            card = card_said(self.card)
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
            if self.frees.is_joker:
                # TRANSLATORS: a move that frees the joker, which the next move takes: "A♦ from the hand joins
                # the diamond run and frees the joker" (pl: the joker in the accusative, "i uwalnia jokera").
                return _("{move} and frees the joker").format(move=text)
            # TRANSLATORS: {move} is a move in words ("7♠ from the hand joins the sevens"), {card} the card it frees,
            # which the next move takes: "7♠ from the hand joins the sevens and frees 7♦".
            return _("{move} and frees {card}").format(move=text, card=str(self.frees))
