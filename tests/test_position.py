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
