"""Tables, positions, the table and turn validators, and the SVG pictures."""

from __future__ import annotations

import pytest

from machiavelli_kit.core.cards import JOKER, Card
from machiavelli_kit.core.melds import ProblemKind
from machiavelli_kit.core.position import Position, Table, check_table, check_turn
from machiavelli_kit.core.rules import BGA, Rules
from machiavelli_kit.core.svg import card_svg, meld_svg, position_svg


def test_table_check_names_bad_melds_and_supply() -> None:
    verdict = check_table("5H 6H 7H | 5H 6H 7H | 5H 5S 5D | 8C 9C")
    assert not verdict.valid
    assert verdict.invalid_melds() == (2, 3), "the third 5♥ is the fault of the meld that holds it"
    assert [(problem.flag, problem.meld) for problem in verdict.problems] == [(ProblemKind.TOO_MANY_COPIES, 2)]
    assert verdict.melds[2].kind == "set", "in shape it is still a set"
    assert verdict.explain().splitlines() == [
        "the table is not valid:",
        "- meld 3, 5♥ 5♠ 5♦: this 5♥ is one too many: the game is played with two decks, so there are only two "
        "5♥ in all, and other melds already hold them",
        "- meld 4, 8♣ 9♣: a meld needs at least three cards, and this one has only two; add 7♣ or 10♣ to make a run",
    ]
    assert check_table("5H 6H 7H | 5H 6H 7H | 5H 5S 5D", Rules(decks=3)).valid


def test_a_fault_is_told_once_and_a_meld_with_one_is_never_called_valid() -> None:
    jokers = check_table("JK JK JK JK | 5H 6H 7H", Rules(jokers=2))
    assert jokers.melds[0].kind == "set" and jokers.invalid_melds() == (0,)
    assert jokers.problem_lines() == [
        "meld 1, JK JK JK JK: there are two jokers too many here: this game has only two jokers in all"
    ]
    assert jokers.explain_meld(1) == "5♥ 6♥ 7♥: a valid run"
    # Two copies in one meld are one fault (a meld never holds the same card twice), not also too many copies.
    twins = check_table("5H 5H 5H | 5S 5D 5C", Rules(decks=2))
    assert [problem.flag for problem in twins.all_problems()] == [ProblemKind.IDENTICAL_CARDS]
    # Without jokers in the game each meld with one is told so, and the table does not say it again.
    no_jokers = check_table("5H JK 7H | JK 8S 9S")
    assert [(problem.flag, problem.meld) for problem in no_jokers.all_problems()] == [
        (ProblemKind.JOKER_NOT_ALLOWED, 0),
        (ProblemKind.JOKER_NOT_ALLOWED, 1),
    ]
    one_deck = check_table("5H 6H 7H | 5S 5H 5D", Rules(decks=1, jokers=1))
    assert one_deck.problem_lines() == [
        "meld 2, 5♠ 5♥ 5♦: this 5♥ is one too many: the game is played with one deck, so there is only one 5♥, "
        "and another meld already holds it"
    ]


def test_turn_problems_are_each_named() -> None:
    start = Position.parse("5S 5H 5D", "6S 7S 8S 9S")
    assert check_turn(start, Position.parse("5S 5H 5D | 6S 7S 8S", "9S")).valid
    cases = {
        ProblemKind.TABLE_CARD_MISSING: Position.parse("5S 5H | 6S 7S 8S", "9S"),
        ProblemKind.CARD_NOT_IN_HAND: Position.parse("5S 5H 5D | 6H 7H 8H", "6S 7S 8S 9S"),
        ProblemKind.NOTHING_PLAYED: Position.parse("5S 5H 5D", "6S 7S 8S 9S"),
        ProblemKind.HAND_MISMATCH: Position.parse("5S 5H 5D | 6S 7S 8S", ""),
    }
    for flag, end in cases.items():
        verdict = check_turn(start, end)
        assert [problem.flag for problem in verdict.problems] == [flag]
        assert not verdict.valid
    capped = check_turn(
        Position.parse("", "AS 2S 3S 4S"), Position.parse("AS 2S 3S 4S", ""), Rules(max_cards_per_turn=3)
    )
    assert [problem.message for problem in capped.problems] == [
        "four cards were played, but in this game one turn may play at most three"
    ]


def test_the_verdicts_sentences_come_from_its_problems_not_from_its_text() -> None:
    """A caller that says a verdict its own way takes its problems' sentences: the lines of the
    explanation, one line for a longer message, and the turn's problems but those it words itself."""
    start = Position.parse("5S 5H 5D | 6H 7H 8H", "AS 2S 3S 4S")
    end = Position.parse("5S 5H | 6H 7H 8H | AS 2S 3S 4S | 9C 9D", "5D")
    verdict = check_turn(start, end, Rules(max_cards_per_turn=3), lang="it")
    assert verdict.explain().splitlines()[1:] == [f"- {line}" for line in verdict.problem_lines()]
    lines = verdict.problem_lines()  # 5♦ taken back, 9♣ 9♦ not from the hand, the cap, two melds
    assert len(lines) == 5 and "al massimo" in lines[2]
    assert verdict.problem_lines(leaving_out={ProblemKind.TOO_MANY_PLAYED}) == lines[:2] + lines[3:]
    header, *lines = verdict.table.explain().splitlines()
    assert verdict.table.summary() == f"{header} " + "; ".join(line.removeprefix("- ") for line in lines)
    assert check_table("5S 5H 5D").summary() == check_table("5S 5H 5D").explain() == "the table is valid"


@pytest.mark.parametrize(
    ("end", "message"),
    [
        (("5S 5H | 6S 7S 8S", "9S"),
         "5♦ was on the table when the turn began and must stay there: put it back in a meld"),
        (("5S | 6S 7S 8S", "9S"),
         "5♥ 5♦ were on the table when the turn began and must stay there: put them back in melds"),
        (("5S 5H | 6S 7S 8S", "5D 9S"),
         "5♦ was on the table when the turn began and went into the hand, but table cards must stay on the table"),
        (("5S 5H 5D | 6H 7H 8H", "6S 7S 8S 9S"), "6♥ 7♥ 8♥ are new on the table, but they were not in the hand"),
        (("5S 5H 5D | 6S 7S 8S", ""), "9♠ left the hand but is not on the table"),
        (("5S 5H 5D | 6S 7S 8S", "9S KD"), "K♦ is in the hand now, but it was not there when the turn began"),
        (("5S 5H 5D", "6S 7S 8S 9S"),
         "no card from the hand was played: play at least one card, or draw if none can go anywhere"),
    ],
)  # fmt: skip
def test_each_turn_fault_is_one_sentence(end: tuple[str, str], message: str) -> None:
    verdict = check_turn(Position.parse("5S 5H 5D", "6S 7S 8S 9S"), Position.parse(*end))
    assert [problem.message for problem in verdict.problems] == [message]


def test_positions_print_and_compare() -> None:
    position = Position.parse("5S 5H 5D | 6H 7H 8H", "9H 4H")
    assert str(position) == "table: 5♠ 5♥ 5♦ | 6♥ 7♥ 8♥\nhand:  4♥ 9♥"
    assert repr(position) == "Position.parse('5S 5H 5D | 6H 7H 8H', '4H 9H')"
    assert eval(repr(position), {"Position": Position}) == position
    assert Table.parse("6H 7H 8H | 5D 5S 5H") == position.table
    assert repr(Table.parse("5S 5H 5D")) == "Table.parse('5S 5H 5D')"
    assert position.problems() == ()
    assert [p.flag for p in Position.parse("5S 5H 5D", "JK").problems(BGA)] == [ProblemKind.TOO_MANY_JOKERS]
    assert [p.message for p in Position.parse("5S 5H 5D", "JK JK 5H 5H").problems(Rules(jokers=1))] == [
        "there are three 5♥ here, but the game is played with two decks, so it has only two of each card",
        "there are two jokers here, but this game has only one",
    ]
    assert [p.message for p in Position.parse("5S 5H 5D", "JK").problems(BGA)] == [
        "there is a joker here, but this game is played without jokers"
    ]


def test_svg_is_deterministic_and_shows_every_card() -> None:
    position = Position.parse("5S 5H 5D 5C | 10H JH QH", "JK AC")
    first, second = position_svg(position), position._repr_svg_()
    assert first == second and first.startswith("<svg")
    for name in ["five of spades", "ten of hearts", "queen of hearts", "joker", "ace of clubs"]:
        assert f"<title>{name}</title>" in first
    assert card_svg(Card.parse("QS")).count("<rect") == 1
    assert meld_svg(position.table.melds[0]).count("<title>") == 4
    assert "#1455b8" in position_svg(position, four_colour=True)  # blue diamonds in the four-colour deck
    assert JOKER.name == "joker" and Card.parse("10H").name == "ten of hearts"


def test_tables_compare_as_multisets_of_melds() -> None:
    table = Table.parse("5S 5H 5D | 6H 7H 8H | 6H 7H 8H")
    assert table == Table.parse("8H 7H 6H | 5D 5S 5H | 7H 6H 8H")
    assert hash(table) == hash(Table.parse("8H 7H 6H | 5D 5S 5H | 7H 6H 8H"))
    assert table != Table.parse("5S 5H 5D | 6H 7H 8H")
    assert table.cards()[Card.parse("7H")] == 2 and sum(table.cards().values()) == 9
    assert Table.of([list(meld.cards) for meld in table]) == table
    assert Table.parse(table.notation()) == table and len(table) == 3
    assert str(table) == "5♠ 5♥ 5♦ | 6♥ 7♥ 8♥ | 6♥ 7♥ 8♥"
    assert eval(repr(table), {"Table": Table}) == table
    empty = Position.parse("", "")
    assert str(empty) == "table: (empty)\nhand:  (empty)" and eval(repr(empty), {"Position": Position}) == empty


def test_turn_explanations_name_each_problem() -> None:
    start = Position.parse("5S 5H 5D | 6H 7H 8H", "9H 9C")
    good = check_turn(start, Position.parse("5S 5H 5D | 6H 7H 8H 9H", "9C"))
    assert good.valid and good.played == (Card.parse("9H"),)
    assert good.explain() == "the turn is valid: 1 card played (9♥)"
    bad = check_turn(start, Position.parse("5S 5H | 6H 7H 8H 9H 9C", ""))
    assert [problem.flag for problem in bad.problems] == [ProblemKind.TABLE_CARD_MISSING]
    assert bad.table.invalid_melds() == (0, 1)
    lines = bad.explain().splitlines()
    assert lines[0] == "the turn is not valid:" and all(line.startswith("- ") for line in lines[1:])
    assert len(lines) == 4 and lines[1] == (
        "- 5♦ was on the table when the turn began and must stay there: put it back in a meld"
    )


def test_svg_is_the_same_for_equal_inputs_and_well_formed() -> None:
    import xml.etree.ElementTree as ElementTree

    text = ("5S 5H 5D 5C | 10H JH QH | AS 2S 3S | 4C 4D 4H | KD KS KC", "JK AC 10D")
    first, second = position_svg(Position.parse(*text)), position_svg(Position.parse(*text))
    assert first.encode() == second.encode()
    root = ElementTree.fromstring(first)
    titles = [element.text or "" for element in root.iter("{http://www.w3.org/2000/svg}title")]
    expected = Position.parse(*text)
    assert sorted(titles) == sorted(card.name for card in [*expected.table.cards().elements(), *expected.hand])
    assert position_svg(Position.parse(*text), four_colour=True) != first
    for card in ("10H", "JK", "AC", "KS"):
        svg = card_svg(Card.parse(card))
        ElementTree.fromstring(svg)
        assert svg == Card.parse(card)._repr_svg_()
    assert ElementTree.fromstring(position_svg(Position.parse("", ""))).tag.endswith("svg")


def test_jokers_spread_over_many_melds_are_one_problem_of_the_table_said_once() -> None:
    """Four jokers on a two-joker game's table: no meld is blamed (``7♠ 7♥ JK`` is a fine set), the count is."""
    check = check_table("7S 7H JK | 8S 8H JK | 9S 9H JK | 10S 10H JK", "bga(jokers=2)")
    assert not check.valid and check.invalid_melds() == ()
    assert check.problem_lines() == ["the melds hold four jokers together, but this game has only two: take two back"]
    one = check_table("7S 7H JK | 8S 8H JK", "bga(jokers=1)")
    assert one.problem_lines() == ["the melds hold two jokers together, but this game has only one: take one back"]
    italian = check_table("7S 7H JK | 8S 8H JK | 9S 9H JK", "bga(jokers=2)", lang="it").problem_lines()
    assert italian == ["le combinazioni hanno 3 jolly in tutto, ma questa partita ne ha solo 2: riprendine 1"]
