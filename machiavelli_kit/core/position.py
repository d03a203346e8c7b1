"""Tables, positions, and the table and turn validators.

A :class:`Table` is the melds on the table; a :class:`Position` is a table
and the hand of the player to move.

>>> start = Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H")
>>> end = Position.parse("5S 5D 5C | 4H 5H 6H 7H 8H", "")
>>> check_turn(start, end).valid
True
>>> print(check_turn(start, Position.parse("5S 5D 5C | 4H 6H 7H", "")).explain())
the turn is not valid:
- 5♥ 8♥ were on the table when the turn began and must stay there: put them back in melds
- meld 2, 4♥ 6♥ 7♥: a run needs cards in a row, and 5♥ is missing between 4♥ and 6♥; add 5♥ to make 4♥ 5♥ 6♥ 7♥ a run

The checks speak the language in use, or the one asked for:

>>> print(check_turn(start, Position.parse("5S 5D 5C | 4H 5H 6H 7H 8H", ""), lang="pl").explain())
tura jest poprawna: zagrana 1 karta (4♥)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from machiavelli_kit.core.cards import JOKER, Card, format_cards, format_table, parse_cards, parse_table
from machiavelli_kit.core.melds import Meld, MeldCheck, Problem, ProblemKind, check_meld
from machiavelli_kit.core.rules import BGA, Rules, as_rules
from machiavelli_kit.core.validator_words import number, say
from machiavelli_kit.i18n import _, speaking


@dataclass(frozen=True, eq=False)
class Table:
    """The melds on the table, in display order. Equal tables hold equal melds in any order."""

    melds: tuple[Meld, ...] = ()

    @classmethod
    def parse(cls, text: str | Iterable[Iterable[str]], lang: str | None = None) -> Table:
        """Parse ``"5S 5H 5D | 6H 7H 8H"`` or ``[["5S", "5H", "5D"], ...]``; ``lang="it"`` reads Italian suits."""
        return cls(tuple(Meld(cards) for cards in parse_table(text, lang)))

    @classmethod
    def of(cls, melds: Iterable[Sequence[Card] | Meld]) -> Table:
        return cls(tuple(meld if isinstance(meld, Meld) else Meld(tuple(meld)) for meld in melds))

    def cards(self) -> Counter[Card]:
        """Every card on the table, counted."""
        return Counter(card for meld in self.melds for card in meld.cards)

    def check(self, rules: Rules | str = BGA, lang: str | None = None) -> TableCheck:
        return check_table(self, rules, lang)

    def __len__(self) -> int:
        return len(self.melds)

    def __iter__(self) -> Iterator[Meld]:
        return iter(self.melds)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return Counter(self.melds) == Counter(other.melds)

    def __hash__(self) -> int:
        return hash(frozenset(Counter(self.melds).items()))

    def __str__(self) -> str:
        return format_table((meld.cards for meld in self.melds), unicode=True)

    def notation(self) -> str:
        """ASCII notation, as parsed by :meth:`parse`."""
        return format_table(meld.cards for meld in self.melds)

    def __repr__(self) -> str:
        return f"Table.parse({self.notation()!r})"

    def _repr_svg_(self) -> str:
        from machiavelli_kit.core.svg import position_svg

        return position_svg(Position(self, ()))


@dataclass(frozen=True, eq=False)
class Position:
    """A table and the hand of the player whose turn it is."""

    table: Table
    hand: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(sorted(self.hand)))

    @classmethod
    def parse(
        cls, table: str | Iterable[Iterable[str]], hand: str | Iterable[str], lang: str | None = None
    ) -> Position:
        return cls(Table.parse(table, lang), parse_cards(hand, lang))

    def all_cards(self) -> Counter[Card]:
        return self.table.cards() + Counter(self.hand)

    def problems(self, rules: Rules | str = BGA, lang: str | None = None) -> tuple[Problem, ...]:
        """What makes this position impossible under ``rules`` (too many copies or jokers), said in ``lang``."""
        with speaking(lang):
            return _supply_problems(self.all_cards(), as_rules(rules))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.table == other.table and self.hand == other.hand

    def __hash__(self) -> int:
        return hash((self.table, self.hand))

    def __str__(self) -> str:
        # TRANSLATORS: shown for a table or a hand without cards.
        empty = _("(empty)")
        table, hand = str(self.table) or empty, format_cards(self.hand, unicode=True) or empty
        # TRANSLATORS: a position in two lines; {table} and {hand} are cards. Line the cards up if you can.
        return _("table: {table}\nhand:  {hand}").format(table=table, hand=hand)

    def __repr__(self) -> str:
        return f"Position.parse({self.table.notation()!r}, {format_cards(self.hand)!r})"

    def _repr_svg_(self) -> str:
        from machiavelli_kit.core.svg import position_svg

        return position_svg(self)


@dataclass(frozen=True)
class TableCheck:
    """The verdict on a table: one :class:`MeldCheck` per meld plus the table's own problems.

    A copy the decks do not hold (a third 5♥ with two decks, a joker too many)
    is a problem of the meld that holds it, in ``problems`` with that meld's
    place; such a meld keeps its kind in ``melds`` but is not valid on this table.
    """

    melds: tuple[MeldCheck, ...]
    problems: tuple[Problem, ...]
    lang: str | None = field(default=None, compare=False, repr=False)

    @property
    def valid(self) -> bool:
        return not self.problems and all(meld.valid for meld in self.melds)

    def meld_problems(self, index: int) -> tuple[Problem, ...]:
        """Everything wrong with the meld at ``index``: its own problems, then the copies it holds too many of."""
        own = tuple(replace(problem, meld=index) for problem in self.melds[index].problems)
        return own + tuple(problem for problem in self.problems if problem.meld == index)

    def invalid_melds(self) -> tuple[int, ...]:
        """Indexes of the melds that are not valid on this table."""
        return tuple(index for index in range(len(self.melds)) if self.meld_problems(index))

    def all_problems(self) -> tuple[Problem, ...]:
        """Every problem once: meld by meld, then the table's problems that belong to no meld."""
        by_meld = tuple(problem for index in range(len(self.melds)) for problem in self.meld_problems(index))
        return by_meld + tuple(problem for problem in self.problems if problem.meld is None)

    def explain_meld(self, index: int) -> str:
        """One line on the meld at ``index``: its cards as laid out, then what it is or everything wrong with it."""
        extra = tuple(problem for problem in self.problems if problem.meld == index)
        return self.melds[index].explain(also=extra)

    def problem_lines(self) -> list[str]:
        """One line per invalid meld (its cards and all that is wrong with it), then the table's other problems."""
        with speaking(self.lang):
            # TRANSLATORS: {number} is the place of a meld on the table (1, 2, ...), {explanation} its cards and
            # what is wrong with them ("4♥ 6♥ 7♥: a run needs cards in a row, ...").
            meld_line = _("meld {number}, {explanation}")
            lines = [
                meld_line.format(number=index + 1, explanation=self.explain_meld(index))
                for index in self.invalid_melds()
            ]
        return lines + [problem.message for problem in self.problems if problem.meld is None]

    def explain(self) -> str:
        """The verdict in words: valid, or one line per invalid meld (in the language it was checked in)."""
        with speaking(self.lang):
            if self.valid:
                return say("table_valid")
            return say("table_not_valid") + "\n" + "\n".join(f"- {line}" for line in self.problem_lines())

    def summary(self) -> str:
        """The verdict in one line, for a message that says more: the problems joined by semicolons.

        >>> print(check_table("5S 5H | 6H 7H 8H | 9C 9D").summary())
        the table is not valid: meld 1, 5♠ 5♥: a meld needs at least three cards, and this one has only two;
        add 5♦ or 5♣ to make a set; meld 3, 9♣ 9♦: a meld needs at least three cards, and this one has only
        two; add 9♠ or 9♥ to make a set
        """
        with speaking(self.lang):
            if self.valid:
                return say("table_valid")
            return say("table_not_valid") + " " + "; ".join(self.problem_lines())


@dataclass(frozen=True)
class TurnCheck:
    """The verdict on a whole turn: the end table and what moved between table and hand."""

    table: TableCheck
    problems: tuple[Problem, ...]
    played: tuple[Card, ...]
    lang: str | None = field(default=None, compare=False, repr=False)

    @property
    def valid(self) -> bool:
        return not self.problems and self.table.valid

    def all_problems(self) -> tuple[Problem, ...]:
        """Every problem: the turn's (cards lost, nothing played, ...), then the end table's."""
        return self.problems + self.table.all_problems()

    def explain(self) -> str:
        """The verdict in words: valid with the cards played, or one line per problem (in the language it was
        checked in)."""
        with speaking(self.lang):
            if self.valid:
                played = format_cards(self.played, unicode=True)
                return say("turn_valid", len(self.played), count=str(len(self.played)), cards=played)
            return say("turn_not_valid") + "\n" + "\n".join(f"- {line}" for line in self.problem_lines())

    def problem_lines(self, leaving_out: Collection[ProblemKind] = ()) -> list[str]:
        """One line per problem of the turn (but those of the kinds in ``leaving_out``, which the
        caller words its own way), then one per invalid meld of the end table."""
        turn = [problem.message for problem in self.problems if problem.flag not in leaving_out]
        return turn + self.table.problem_lines()


def check_table(table: Table | str, rules: Rules | str = BGA, lang: str | None = None) -> TableCheck:
    """Check every meld, and that the table holds no more copies than the decks have; the problems are said
    in ``lang`` (``None``: the language in use).

    The table and the rules may be given as text:

    >>> check_table("5S 5H 5D | KH AH 2H", "bga(wrap=true)").valid
    True
    >>> print(check_table("JK JK JK JK", "bga(jokers=2)").explain())
    the table is not valid:
    - meld 1, JK JK JK JK: there are two jokers too many here: this game has only two jokers in all
    """
    with speaking(lang) as spoken:
        if isinstance(table, str):
            table = Table.parse(table)
        rules = as_rules(rules)
        melds = tuple(check_meld(meld.cards, rules, spoken) for meld in table.melds)
        return TableCheck(melds, _copies_too_many(table, rules), spoken)


def check_turn(start: Position, end: Position, rules: Rules | str = BGA, lang: str | None = None) -> TurnCheck:
    """Check a turn that went from ``start`` to ``end``, saying the problems in ``lang`` (``None``: the language
    in use).

    Every card on the table at the start must still be there, the new table
    cards must come from the hand, the hand must have lost exactly those, at
    least one card must be played (and no more than the rules allow), and the
    end table must be valid. Each fault is named once: a table card that went
    into the hand is one problem, not a card missing and a hand that is wrong.
    """
    with speaking(lang) as spoken:
        return _check_turn(start, end, as_rules(rules), spoken)


def _check_turn(start: Position, end: Position, rules: Rules, lang: str) -> TurnCheck:
    start_table, end_table = start.table.cards(), end.table.cards()
    start_hand, end_hand = Counter(start.hand), Counter(end.hand)
    played = end_table - start_table
    expected_hand = start_hand - played
    gone_from_table = start_table - end_table
    taken = gone_from_table & (end_hand - expected_hand)
    problems = [
        *_cards_problem(ProblemKind.TABLE_CARD_MISSING, gone_from_table - taken, "table_card_gone", "table_cards_gone"),
        *_cards_problem(ProblemKind.TABLE_CARD_MISSING, taken, "table_card_taken", "table_cards_taken"),
        *_cards_problem(ProblemKind.CARD_NOT_IN_HAND, played - start_hand, "not_from_hand", "not_from_hand_many"),
        *_cards_problem(ProblemKind.HAND_MISMATCH, end_hand - expected_hand - taken, "new_in_hand", "new_in_hand_many"),
        *_cards_problem(ProblemKind.HAND_MISMATCH, expected_hand - end_hand, "lost_from_hand", "lost_from_hand_many"),
    ]
    played_cards = tuple(sorted(played.elements()))
    if not played_cards:
        problems.append(Problem(ProblemKind.NOTHING_PLAYED, say("nothing_played")))
    count = len(played_cards)
    room = rules.turn_room(count)
    if room < 0:  # count + room: the most one turn may play
        message = say("too_many_played", count, count=number(count), most=number(count + room))
        problems.append(Problem(ProblemKind.TOO_MANY_PLAYED, message))
    return TurnCheck(check_table(end.table, rules, lang), tuple(problems), played_cards, lang)


def _cards_problem(kind: ProblemKind, cards: Counter[Card], one: str, many: str) -> tuple[Problem, ...]:
    """One problem naming ``cards`` (none when there are none), in the sentence for one card or for several."""
    if not cards:
        return ()
    key = one if sum(cards.values()) == 1 else many
    return (Problem(kind, say(key, cards=format_cards(sorted(cards.elements()), unicode=True))),)


def _copies_too_many(table: Table, rules: Rules) -> tuple[Problem, ...]:
    """The copies the game does not have, each a problem of the meld that holds it (reading the table in order),
    and the jokers: a meld that alone holds more than the game has is told so; more jokers than that spread
    over several melds are one problem of the table, said once.

    A meld that alone holds a card more often than the decks do is already
    told it holds that card twice, and one without jokers in a game without
    them that it may not hold any; neither is told again here.

    >>> print(check_table("7S 7H JK | 8S 8H JK | 9S 9H JK", "bga(jokers=2)").explain())
    the table is not valid:
    - the melds hold three jokers together, but this game has only two: take one back
    """
    problems = []
    seen: Counter[Card] = Counter()
    jokers = [meld.cards.count(JOKER) for meld in table.melds]
    for index, meld in enumerate(table.melds):
        here = Counter(meld.cards)
        for card, count in here.items():
            before = seen[card]
            if card.is_joker:
                if rules.jokers and count > rules.jokers:
                    message = _jokers_too_many(count - rules.jokers, rules.jokers)
                    problems.append(Problem(ProblemKind.TOO_MANY_JOKERS, message, index))
            elif before >= rules.decks:
                key = "extra_copy_one_deck" if rules.decks == 1 else "extra_copy"
                message = say(key, rules.decks, card=str(card), decks=number(rules.decks))
                problems.append(Problem(ProblemKind.TOO_MANY_COPIES, message, index))
        seen.update(here)
    total = sum(jokers)
    if rules.jokers and total > rules.jokers and max(jokers) <= rules.jokers:
        key = "jokers_on_table_one" if rules.jokers == 1 else "jokers_on_table"
        message = say(key, total, count=number(total), jokers=number(rules.jokers), excess=number(total - rules.jokers))
        problems.append(Problem(ProblemKind.TOO_MANY_JOKERS, message))
    return tuple(problems)


def _jokers_too_many(excess: int, jokers: int) -> str:
    if jokers == 1:
        return say("extra_joker_one" if excess == 1 else "extra_jokers_one", excess, count=number(excess))
    if excess == 1:
        return say("extra_joker", jokers, jokers=number(jokers))
    return say("extra_jokers", excess, count=number(excess), jokers=number(jokers))


def _supply_problems(cards: Counter[Card], rules: Rules) -> tuple[Problem, ...]:
    """More copies of a card, or more jokers, than the game has: one problem per card."""
    problems = []
    for card, count in sorted(cards.items()):
        if card == JOKER:
            if count > rules.jokers:
                problems.append(Problem(ProblemKind.TOO_MANY_JOKERS, _jokers_here(count, rules.jokers)))
        elif count > rules.decks:
            key = "copies_here_one_deck" if rules.decks == 1 else "copies_here"
            message = say(key, count, count=number(count), card=str(card), decks=number(rules.decks))
            problems.append(Problem(ProblemKind.TOO_MANY_COPIES, message))
    return tuple(problems)


def _jokers_here(count: int, jokers: int) -> str:
    if jokers == 0:
        return say("jokers_here_none" if count == 1 else "jokers_here_none_many", count, count=number(count))
    return say("jokers_here_one" if jokers == 1 else "jokers_here", count, count=number(count), jokers=number(jokers))


__all__ = ["Position", "Table", "TableCheck", "TurnCheck", "check_table", "check_turn"]
