"""The engine's API: a seat that is not in the game, a table given as text, a name that would print fake lines."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from machiavelli_kit.core.cards import NotationError, parse_cards
from machiavelli_kit.core.position import Table
from machiavelli_kit.core.rules import BGA
from machiavelli_kit.game.actions import Draw, IllegalAction, Play
from machiavelli_kit.game.deal import DealError, arranged_deal
from machiavelli_kit.game.session import Game


def small_game() -> Game:
    deal = arranged_deal(BGA, [parse_cards("5S 5H 5D 9C"), parse_cards("2S 2D 2C KS")])
    return Game(BGA, ["Ann", "Bob"], deal, dealer=1)


@pytest.mark.parametrize("seat", [99, 2, -1, True, 1.0, "0"])
def test_a_seat_not_in_the_game_is_refused_in_words_and_nothing_changes(seat: object) -> None:
    game = small_game()
    with pytest.raises(IllegalAction, match=r"there is no seat .* in this game: the seats are 0 to 1"):
        game.play(Draw(), player=seat)  # type: ignore[arg-type]
    assert game.turns == [] and game.to_move == 0


def test_the_seat_to_move_may_be_named() -> None:
    game = small_game()
    assert game.play(Draw(), player=0).player == 0
    with pytest.raises(IllegalAction, match="it is Bob's turn, not Ann's"):
        game.play(Draw(), player=0)


def test_a_play_takes_its_table_and_helping_cards_as_text() -> None:
    game = small_game()
    turn = game.play(Play("5S 5H 5D"))
    assert turn.played == parse_cards("5S 5H 5D") and game.table == Table.parse("5S 5H 5D")
    assert Play("5S 5H 5D | 6H 7H 8H", "6H") == Play(Table.parse("6H 7H 8H | 5S 5H 5D"), parse_cards("6H"))


def test_text_that_is_not_a_table_gets_the_notation_s_error() -> None:
    with pytest.raises(NotationError, match="'11H' is not a card"):
        Play("5S 5H 5D | 11H")
    with pytest.raises(NotationError, match=r"meld 2 of the table is empty: remove the extra '\|'"):
        Play("5S 5H 5D | | 6H 7H 8H")
    with pytest.raises(TypeError, match="a play leaves a table, like"):
        Play(None)  # type: ignore[arg-type]


DIRECTION_MARKS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
CONTROLS = st.characters(categories=["Cc", "Cs", "Zl", "Zp"]) | st.sampled_from(DIRECTION_MARKS)


@given(st.text(st.characters(exclude_categories=["Cc", "Cs", "Zl", "Zp"]), max_size=10), CONTROLS)
def test_a_name_with_a_control_character_is_refused(start: str, control: str) -> None:
    deal = arranged_deal(BGA, [parse_cards("5S"), parse_cards("2S")])
    with pytest.raises(DealError, match="a player's name "):
        Game(BGA, ["Ann", "B" + start + control], deal, dealer=1)


@pytest.mark.parametrize("name", ["Zoë", "Łucja", "Anne-Marie O'Neil", "👩\u200d💻 coder", "José  Ñ"])
def test_names_in_any_alphabet_with_emoji_and_spaces_are_kept(name: str) -> None:
    assert all(unicodedata.category(character) != "Cc" for character in name)
    game = Game.new([name, "greedy"], seed=3)
    assert game.players[0] == name
