"""Tables, positions, and the table and turn validators.

A :class:`Table` is the melds on the table; a :class:`Position` is a table
and the hand of the player to move.

>>> start = Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H")
>>> end = Position.parse("5S 5D 5C | 4H 5H 6H 7H 8H", "")
>>> check_turn(start, end).valid
True
>>> print(check_turn(start, Position.parse("5S 5D 5C | 4H 6H 7H 8H", "")).explain())
the turn is not valid:
- 5♥ was on the table at the start of the turn and is missing now
- meld 2, 4♥ 6♥ 7♥ 8♥: the ranks of 4♥ 6♥ 7♥ 8♥ are not consecutive: 5♥ missing
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from machiavelli_kit.cards import JOKER, Card, plural
from machiavelli_kit.melds import Meld, MeldCheck, Problem, check_meld
from machiavelli_kit.notation import NotationError, format_cards, format_table, parse_cards, parse_table
from machiavelli_kit.rules import BGA, Rules, as_rules


@dataclass(frozen=True, eq=False)
class Table:
    """The melds on the table, in display order. Equal tables hold equal melds in any order."""

    melds: tuple[Meld, ...] = ()

    @classmethod
    def parse(cls, text: str | Iterable[Iterable[str]]) -> Table:
        """Parse ``"5S 5H 5D | 6H 7H 8H"`` or ``[["5S", "5H", "5D"], ...]``."""
        return cls(tuple(Meld(cards) for cards in parse_table(text)))

    @classmethod
    def of(cls, melds: Iterable[Sequence[Card] | Meld]) -> Table:
        return cls(tuple(meld if isinstance(meld, Meld) else Meld(tuple(meld)) for meld in melds))

    def cards(self) -> Counter[Card]:
        """Every card on the table, counted."""
        return Counter(card for meld in self.melds for card in meld.cards)

    def check(self, rules: Rules | str = BGA) -> TableCheck:
        return check_table(self, rules)

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
        from machiavelli_kit.render import position_svg

        return position_svg(Position(self, ()))


@dataclass(frozen=True, eq=False)
class Position:
    """A table and the hand of the player whose turn it is."""

    table: Table
    hand: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(sorted(self.hand)))

    @classmethod
    def parse(cls, table: str | Iterable[Iterable[str]], hand: str | Iterable[str]) -> Position:
        return cls(Table.parse(table), parse_cards(hand))

    def all_cards(self) -> Counter[Card]:
        return self.table.cards() + Counter(self.hand)

    def problems(self, rules: Rules | str = BGA) -> tuple[Problem, ...]:
        """What makes this position impossible under ``rules`` (too many copies or jokers)."""
        return _supply_problems(self.all_cards(), as_rules(rules), "in this position")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.table == other.table and self.hand == other.hand

    def __hash__(self) -> int:
        return hash((self.table, self.hand))

    def __str__(self) -> str:
        return f"table: {self.table or '(empty)'}\nhand:  {format_cards(self.hand, unicode=True) or '(empty)'}"

    def __repr__(self) -> str:
        return f"Position.parse({self.table.notation()!r}, {format_cards(self.hand)!r})"

    def _repr_svg_(self) -> str:
        from machiavelli_kit.render import position_svg

        return position_svg(self)


@dataclass(frozen=True)
class TableCheck:
    """The verdict on a table: one :class:`MeldCheck` per meld plus table-wide problems."""

    melds: tuple[MeldCheck, ...]
    problems: tuple[Problem, ...]

    @property
    def valid(self) -> bool:
        return not self.problems and all(meld.valid for meld in self.melds)

    def invalid_melds(self) -> tuple[int, ...]:
        """Indexes of the melds that are not valid."""
        return tuple(index for index, meld in enumerate(self.melds) if not meld.valid)

    def all_problems(self) -> tuple[Problem, ...]:
        """Every problem: each meld's, marked with the meld's place, then the table's."""
        return (
            tuple(replace(problem, meld=index) for index, meld in enumerate(self.melds) for problem in meld.problems)
            + self.problems
        )

    def problem_lines(self) -> list[str]:
        """One line per invalid meld (its cards and all that is wrong with it), then the table's problems."""
        lines = [f"meld {index + 1}, {meld.explain()}" for index, meld in enumerate(self.melds) if not meld.valid]
        return lines + [problem.message for problem in self.problems]

    def explain(self) -> str:
        if self.valid:
            return "the table is valid"
        return "the table is not valid:\n" + "\n".join(f"- {line}" for line in self.problem_lines())


@dataclass(frozen=True)
class TurnCheck:
    """The verdict on a whole turn: the end table and what moved between table and hand."""

    table: TableCheck
    problems: tuple[Problem, ...]
    played: tuple[Card, ...]

    @property
    def valid(self) -> bool:
        return not self.problems and self.table.valid

    def all_problems(self) -> tuple[Problem, ...]:
        """Every problem: the turn's (cards lost, nothing played, ...), then the end table's."""
        return self.problems + self.table.all_problems()

    def explain(self) -> str:
        if self.valid:
            played = format_cards(self.played, unicode=True)
            return f"the turn is valid: {plural(len(self.played), 'card')} played ({played})"
        return "the turn is not valid:\n" + "\n".join(f"- {line}" for line in self.problem_lines())

    def problem_lines(self) -> list[str]:
        """One line per problem of the turn, then one per invalid meld of the end table."""
        return [problem.message for problem in self.problems] + self.table.problem_lines()


def check_table(table: Table | str, rules: Rules | str = BGA) -> TableCheck:
    """Check every meld, and that the table holds no more copies than the decks have.

    The table and the rules may be given as text:

    >>> check_table("5S 5H 5D | KH AH 2H", "bga(wrap=true)").valid
    True
    """
    if isinstance(table, str):
        table = Table.parse(table)
    rules = as_rules(rules)
    melds = tuple(check_meld(meld.cards, rules) for meld in table.melds)
    return TableCheck(melds, _supply_problems(table.cards(), rules, "on the table"))


def check_turn(start: Position, end: Position, rules: Rules | str = BGA) -> TurnCheck:
    """Check a turn that went from ``start`` to ``end``.

    Every card on the table at the start must still be there, the new table
    cards must come from the hand, the hand must have lost exactly those, at
    least one card must be played (and no more than the rules allow), and the
    end table must be valid.
    """
    rules = as_rules(rules)
    start_table, end_table = start.table.cards(), end.table.cards()
    start_hand, end_hand = Counter(start.hand), Counter(end.hand)
    problems: list[Problem] = []
    for card in sorted(start_table - end_table):
        problems.append(
            Problem("table_card_missing", f"{card} was on the table at the start of the turn and is missing now")
        )
    played = end_table - start_table
    for card in sorted(played - start_hand):
        problems.append(Problem("card_not_in_hand", f"{card} is new on the table but was not in the hand"))
    if end_hand != start_hand - played:
        expected = format_cards(sorted((start_hand - played).elements()), unicode=True) or "(empty)"
        problems.append(Problem("hand_mismatch", f"the hand should now hold {expected}"))
    played_cards = tuple(sorted(played.elements()))
    if not played_cards:
        problems.append(
            Problem("nothing_played", "no card from the hand was played: play at least one card, or draw instead")
        )
    cap = rules.max_cards_per_turn
    if cap is not None and len(played_cards) > cap:
        problems.append(
            Problem("too_many_played", f"{len(played_cards)} cards played, but the rules allow at most {cap} a turn")
        )
    return TurnCheck(check_table(end.table, rules), tuple(problems), played_cards)


def _supply_problems(cards: Counter[Card], rules: Rules, where: str) -> tuple[Problem, ...]:
    problems = []
    for card, count in sorted(cards.items()):
        if card == JOKER:
            if count > rules.jokers:
                problems.append(Problem("too_many_jokers", f"{count} jokers {where}, but the game has {rules.jokers}"))
        elif count > rules.decks:
            problems.append(
                Problem(
                    "too_many_copies",
                    f"{card} appears {count} times {where}, but the game has only {rules.decks} of each card",
                )
            )
    return tuple(problems)


__all__ = ["NotationError", "Position", "Table", "TableCheck", "TurnCheck", "check_table", "check_turn"]
