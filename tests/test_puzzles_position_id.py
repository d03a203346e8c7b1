"""Position ids: url-safe, and parsing a formatted id gives the same position, rules and goal back."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from machiavelli_kit.core.cards import JOKER, RANKS, SUITS, Card
from machiavelli_kit.core.goal import Goal, GoalKind
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import Rules, preset
from machiavelli_kit.puzzles.position_id import PositionIdError, format_position_id, parse_position_id

cards = st.one_of(st.builds(Card, st.sampled_from(RANKS), st.sampled_from(SUITS)), st.just(JOKER))
melds = st.lists(cards, min_size=1, max_size=13).map(tuple)
positions = st.builds(
    Position, st.lists(melds, max_size=8).map(Table.of), st.lists(cards, min_size=0, max_size=15).map(tuple)
)
rules = st.builds(
    preset,
    st.sampled_from(["bga", "classic", "wikipedia"]),
    jokers=st.integers(0, 4),
    wrap=st.booleans(),
    ace_high=st.booleans(),
    max_cards_per_turn=st.one_of(st.none(), st.integers(1, 20)),
    stock_out=st.sampled_from(["end", "play_on"]),
)


@given(positions, rules, st.data())
def test_round_trip(position: Position, rules: Rules, data: st.DataObject) -> None:
    goals = [Goal.MAX, Goal.CLOSE, Goal.DECIDE] + [Goal(GoalKind.PLAY, card) for card in position.hand]
    goal = data.draw(st.sampled_from(goals))
    text = format_position_id(position, rules, goal)
    assert quote(text, safe="") == text, "the id must be url-safe as it stands"
    shared = parse_position_id(text)
    assert shared.rules == rules and str(shared.rules) == str(rules)
    assert shared.position.table.notation() == position.table.notation()
    assert shared.position.hand == position.hand
    assert shared.goal == goal
    assert format_position_id(shared.position, shared.rules, shared.goal) == text


def test_cards_are_read_by_the_kit_notation_in_any_case() -> None:
    shared = parse_position_id("BGA~th.jh.qh~kh~PLAY-kh")
    assert shared.position.table.notation() == "10H JH QH"
    assert shared.goal == Goal.parse("play:KH")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bga~5S 5H 5D~4H", "' ' cannot appear in a position id"),
        ("bga~5S.5H.5D", "write rules~table~hand"),
        ("nope~5S.5H.5D~4H", "position id, rules: unknown preset 'nope'"),
        ("bga.wrap~5S~4H", "position id, rules: 'wrap' is not a parameter"),
        ("bga~5S.5X~4H", "position id, table: '5X' is not a card"),
        ("bga~5S.5H.5D~4H~win", "position id, goal: 'win' is not a goal"),
    ],
)
def test_bad_ids_say_which_part_is_wrong(text: str, message: str) -> None:
    with pytest.raises(PositionIdError, match=re.escape(message)):
        parse_position_id(text)
