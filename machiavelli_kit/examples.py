"""The rule documents' worked examples and meld-validity examples, as data.

Suits lost with the documents' pictures are reconstructed as in the kit's
rules synthesis. Each story is told in the kit's own words.

>>> [item.id for item in WORKED_EXAMPLES][:3]
['bga-1', 'bga-2', 'bga-3']
>>> example("it-3").position.hand
(Card.parse('7S'), Card.parse('9H'))
>>> sum(item.valid for item in VALIDITY_EXAMPLES), len(VALIDITY_EXAMPLES)
(7, 15)
"""

from __future__ import annotations

from dataclasses import dataclass

from machiavelli_kit.position import Position, Table
from machiavelli_kit.rules import BGA, CLASSIC, WIKIPEDIA, Rules


@dataclass(frozen=True)
class WorkedExample:
    """A position from the documents, the play they show, and what it teaches."""

    id: str
    source: str
    table: str
    hand: str
    answer: str | None
    """A best final table, or ``None`` when the table must be restored."""
    story: str
    preset: str = "bga"

    @property
    def position(self) -> Position:
        return Position.parse(self.table, self.hand)

    @property
    def rules(self) -> Rules:
        return {"bga": BGA, "classic": CLASSIC, "wikipedia": WIKIPEDIA}[self.preset]

    @property
    def answer_table(self) -> Table | None:
        return None if self.answer is None else Table.parse(self.answer)


@dataclass(frozen=True)
class ValidityExample:
    """Cards offered as one meld, whether they form one, and the reason."""

    cards: str
    valid: bool
    reason: str


VALIDITY_EXAMPLES: tuple[ValidityExample, ...] = (
    ValidityExample("5S 5H 5D", True, "three fives of different suits: a set"),
    ValidityExample("5S 5H 5D 5C", True, "all four fives: the largest set"),
    ValidityExample("5S 5H", False, "two cards are too few; a meld needs three"),
    ValidityExample("5H 5H 5S", False, "two identical five of hearts: a set needs different suits"),
    ValidityExample("5S 6H 7S", False, "consecutive ranks, but a run must keep one suit"),
    ValidityExample("5H 6H 7H", True, "three hearts in a row: a run"),
    ValidityExample("5H 6H 7H 8H", True, "four hearts in a row: a longer run"),
    ValidityExample("5H 6H", False, "two cards are too few, even in a row"),
    ValidityExample("5H 6H 8H", False, "the seven is missing, so the ranks are not consecutive"),
    ValidityExample("AH 2H 3H", True, "the ace may sit below the two"),
    ValidityExample("QH KH AH", True, "the ace may sit above the king"),
    ValidityExample("KH AH 2H", False, "the ace cannot be high and low at once"),
    ValidityExample("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", True, "every heart from ace to king: the longest run"),
    ValidityExample("10C JC QC KC AC 2C", False, "turning the corner at the ace needs the wrap-around variant"),
    ValidityExample("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", False, "an ace at both ends repeats a card"),
)

WORKED_EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        "bga-1", "BGA rules (003)", "5S 5H 5D 5C | 6H 7H 8H", "4H", "5S 5D 5C | 4H 5H 6H 7H 8H",
        "The four fives can spare one and still be a set. Take the five of hearts into the heart run, "
        "and the four of hearts from the hand fits below it.",
    ),
    WorkedExample(
        "bga-2", "BGA rules (003)", "5S 5H 5D | 6S 6H 6D | 7S 7H 7D", "8H",
        "5S 6S 7S | 5H 6H 7H 8H | 5D 6D 7D",
        "Three sets of three cannot spare a card each, but they can be turned around: read the three "
        "sets column by column and they become three runs, and the heart run takes the eight.",
    ),
    WorkedExample(
        "bga-3", "BGA rules (003)", "6S 6H 6D | 7S 7H 7D", "8H", None,
        "Almost the same table, but only two sets. Taking the six and seven of hearts for a run "
        "leaves two pairs behind, and a pair is no meld. Nothing can be played: restore and draw.",
    ),
    WorkedExample(
        "bga-4", "BGA rules (003)", "5S 5H 5D | 6H 7H 8H", "5C 4H", "5S 5D 5C | 4H 5H 6H 7H 8H",
        "The five of clubs from the hand takes the place of the five of hearts in the set, which frees "
        "that five for the heart run; then the four of hearts goes below it. Two cards played.",
    ),
    WorkedExample(
        "bga-5", "BGA rules (003)", "5S 5H 5D 5C", "5H 5S",
        "5S 5D 5H | 5H 5C 5S",
        "With two decks, a second five of hearts and of spades exist. Split the four fives into two "
        "pairs and complete each pair with a card from the hand: two sets of three.",
    ),
    WorkedExample(
        "bga-6", "BGA rules (001, 004)", "3C 4C 5C 6C | QH QD QS", "5C 7C 8C QC JH KH",
        "3C 4C 5C | 5C 6C 7C 8C | JH QH KH | QD QS QC",
        "The club run is cut after its five; the second five of clubs starts a new run 5-6-7-8 with the "
        "six. The queen of hearts leaves the queens for a run with the jack and king, and the queen of "
        "clubs fills the set again. The whole hand is played: the player closes.",
    ),
    WorkedExample(
        "bga-7", "BGA rules (001, 004)", "4C 5C 6C", "3C 7C 8C", "3C 4C 5C 6C 7C 8C",
        "The simplest kind of play: the club run grows at both ends, the three below and the seven and "
        "eight above.",
    ),
    WorkedExample(
        "it-1", "Italian rules (000)", "6S 6H 6C", "6D 7S 8S", "6H 6C 6D | 6S 7S 8S",
        "The six of diamonds replaces the six of spades in the set; that six then starts a spade run "
        "with the seven and eight from the hand.",
        "classic",
    ),
    WorkedExample(
        "it-2", "Italian rules (000)", "10H JH QH", "KH 10S 10D", "JH QH KH | 10H 10S 10D",
        "The king goes on top of the heart run, so the run can spare its ten; the ten of hearts joins "
        "the two tens from the hand in a new set.",
        "classic",
    ),
    WorkedExample(
        "it-3", "Italian rules (000)", "7D 7H 7C | 8D 9D 10D | 10H 10C 10S | JH QH KH", "9H 7S",
        "7S 7H 7C | 7D 8D 9D | 10D 10C 10S | 9H 10H JH QH KH",
        "A chain: the seven of spades joins the sevens and frees the seven of diamonds, which goes "
        "below the diamond run and frees its ten; the ten of diamonds joins the tens and frees the ten "
        "of hearts, which with the nine from the hand extends the heart run downwards.",
        "classic",
    ),
    WorkedExample(
        "it-4", "Italian rules, comments (000)", "2D 3D 4D 5D | 2S 3S 4S 5S", "5H",
        "2D 3D 4D | 2S 3S 4S | 5D 5S 5H",
        "Both runs are one card longer than they need to be. Their fives, with the five of hearts, "
        "make a set, and the player closes.",
        "classic",
    ),
    WorkedExample(
        "wiki-1", "Wikipedia (002)", "KH KD KC | QH QD QC | JH JD JC", "10C",
        "JH QH KH | JD QD KD | 10C JC QC KC",
        "Three sets become three runs, read suit by suit, and the ten of clubs goes below the club run.",
        "wikipedia",
    ),
    WorkedExample(
        "wiki-2", "Wikipedia (002)", "KH KD KS | QH QD QS QC | JH JD JS", "10H QH QD",
        "10H JH QH KH | JD QD KD | JS QS KS | QC QH QD",
        "Turning the sets into runs strands the queen of clubs, alone. The two queens from the hand "
        "rescue it with a new set of queens. With only the ten in hand this play fails and the table "
        "must be restored.",
        "wikipedia",
    ),
    WorkedExample(
        "wiki-2-without-queens", "Wikipedia (002)", "KH KD KS | QH QD QS QC | JH JD JS", "10H", None,
        "The same table with only the ten of hearts in hand. Building the three runs leaves the queen of clubs "
        "on its own, and no other arrangement helps: restore the table.",
        "wikipedia",
    ),
)  # fmt: skip

_BY_ID = {item.id: item for item in WORKED_EXAMPLES}


def example(identifier: str) -> WorkedExample:
    """The worked example with this id, e.g. ``"bga-7"``."""
    try:
        return _BY_ID[identifier]
    except KeyError:
        raise KeyError(f"no worked example {identifier!r}: choose from {', '.join(_BY_ID)}") from None


__all__ = ["VALIDITY_EXAMPLES", "WORKED_EXAMPLES", "ValidityExample", "WorkedExample", "example"]
