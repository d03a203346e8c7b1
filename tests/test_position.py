"""Tables, positions, the table and turn validators, and the SVG pictures."""

from __future__ import annotations

from machiavelli_kit.cards import JOKER, Card
from machiavelli_kit.position import Position, Table, check_table, check_turn
from machiavelli_kit.render import card_svg, meld_svg, position_svg
from machiavelli_kit.rules import BGA, Rules


def test_table_check_names_bad_melds_and_supply() -> None:
    verdict = check_table("5H 6H 7H | 5H 6H 7H | 5H 5S 5D | 8C 9C")
    assert not verdict.valid
    assert verdict.invalid_melds() == (3,)
    assert [problem.flag for problem in verdict.problems] == ["too_many_copies"]
    text = verdict.explain()
    assert "meld 4, 8♣ 9♣" in text and "5♥ appears 3 times on the table" in text
    assert check_table("5H 6H 7H | 5H 6H 7H | 5H 5S 5D", Rules(decks=3)).valid


def test_turn_problems_are_each_named() -> None:
    start = Position.parse("5S 5H 5D", "6S 7S 8S 9S")
    assert check_turn(start, Position.parse("5S 5H 5D | 6S 7S 8S", "9S")).valid
    cases = {
        "table_card_missing": Position.parse("5S 5H | 6S 7S 8S", "9S"),
        "card_not_in_hand": Position.parse("5S 5H 5D | 6H 7H 8H", "6S 7S 8S 9S"),
        "nothing_played": Position.parse("5S 5H 5D", "6S 7S 8S 9S"),
        "hand_mismatch": Position.parse("5S 5H 5D | 6S 7S 8S", ""),
    }
    for flag, end in cases.items():
        verdict = check_turn(start, end)
        assert flag in [problem.flag for problem in verdict.problems], flag
        assert not verdict.valid
    capped = check_turn(
        Position.parse("", "AS 2S 3S 4S"), Position.parse("AS 2S 3S 4S", ""), Rules(max_cards_per_turn=3)
    )
    assert [problem.flag for problem in capped.problems] == ["too_many_played"]


def test_positions_print_and_compare() -> None:
    position = Position.parse("5S 5H 5D | 6H 7H 8H", "9H 4H")
    assert str(position) == "table: 5♠ 5♥ 5♦ | 6♥ 7♥ 8♥\nhand:  4♥ 9♥"
    assert repr(position) == "Position.parse('5S 5H 5D | 6H 7H 8H', '4H 9H')"
    assert eval(repr(position), {"Position": Position}) == position
    assert Table.parse("6H 7H 8H | 5D 5S 5H") == position.table
    assert repr(Table.parse("5S 5H 5D")) == "Table.parse('5S 5H 5D')"
    assert position.problems() == ()
    assert [p.flag for p in Position.parse("5S 5H 5D", "JK").problems(BGA)] == ["too_many_jokers"]


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
    assert [problem.flag for problem in bad.problems] == ["table_card_missing"]
    assert bad.table.invalid_melds() == (0, 1)
    lines = bad.explain().splitlines()
    assert lines[0] == "the turn is not valid:" and all(line.startswith("- ") for line in lines[1:])
    assert len(lines) == 4 and "5♦ was on the table" in lines[1]


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
