"""The learner's own seat (its default name You, Tu, Ty) is told in the second person in the game log,
``game replay``, the end of a deal and of a match: it is not a name to put in the third person
("Ty zagrywa 3 karty" would be wrong Polish). Everyone else stays in the third person."""

from __future__ import annotations

import pytest

from machiavelli_kit.core.cards import parse_cards
from machiavelli_kit.core.position import Table
from machiavelli_kit.game.autoplay import play_out
from machiavelli_kit.game.flow import GameFlow, Seat
from machiavelli_kit.game.match import Match
from machiavelli_kit.game.narrator import board_ending, is_you, log_result, log_turn, you_name
from machiavelli_kit.game.state import Result, Turn

PLAY = Turn(3, 0, "play", Table.parse("5H 6H 7H"), parse_cards("6H 7H"))
DRAW = Turn(4, 0, "draw", Table(), (), parse_cards("KS"))
RESTORE = Turn(5, 0, "restore", Table(), (), parse_cards("KS 2H 3H"))
PASS = Turn(6, 0, "pass", Table(), (), ())


def test_the_log_tells_your_own_turns_in_the_second_person() -> None:
    names = ("You", "Bob")
    assert (
        log_turn(PLAY, names, hand_left=4)
        == "turn 3, you play 2 cards (6♥ 7♥); the table: 5♥ 6♥ 7♥; 4 cards left in hand"
    )
    assert log_turn(DRAW, names) == "turn 4, you draw a card (K♠)"
    assert log_turn(DRAW, names, reveal=False) == "turn 4, you draw a card"
    assert log_turn(Turn(4, 0, "draw", Table(), (), ()), names) == "turn 4, you must draw, but the stock is empty"
    assert log_turn(RESTORE, names) == "turn 5, you restore the table and draw 3 cards as the penalty (K♠ 2♥ 3♥)"
    assert log_turn(RESTORE, names, reveal=False) == "turn 5, you restore the table and draw 3 cards as the penalty"
    assert log_turn(Turn(5, 0, "restore", Table(), (), ()), names) == "turn 5, you restore the table"
    assert log_turn(PASS, names) == "turn 6, you pass (the stock is empty)"
    one = Turn(7, 0, "play", Table.parse("5H 6H 7H"), parse_cards("5H"))
    assert log_turn(one, names).startswith("turn 7, you play 1 card (5♥)")


def test_the_log_tells_everyone_else_in_the_third_person() -> None:
    names = ("Ann", "Bob")
    assert log_turn(PLAY, names).startswith("turn 3, Ann plays 2 cards (6♥ 7♥)")
    assert log_turn(PASS, names) == "turn 6, Ann passes (the stock is empty)"
    assert log_result(Result(0, "closed", ((), parse_cards("2S")), None), names) == "Ann closes and wins"


@pytest.mark.parametrize("name", ["You", "Tu", "Ty"])
def test_your_seat_is_you_whatever_the_language_the_record_was_made_in(name: str) -> None:
    assert is_you(name)
    assert log_turn(PASS, (name, "Bob")) == "turn 6, you pass (the stock is empty)"


def test_the_end_of_the_log_when_you_win_or_tie() -> None:
    names = ("You", "Bob")
    assert log_result(Result(0, "closed", ((), parse_cards("2S")), None), names) == "you close and win"
    out = Result(0, "stock_out", (parse_cards("2S"), parse_cards("2S 3S")), None)
    assert log_result(out, names) == "the stock ran out: you win with the fewest cards (1)"
    tie = Result(None, "blocked", (parse_cards("2S 4S"), parse_cards("2S 3S"), parse_cards("2S 3S")), (3, 5, 5))
    assert log_result(tie, ("Ann", "You", "Bob")) == (
        "every player passed in a row: the game is blocked: a draw, Ann, Bob and you hold 2 cards each; "
        "points left in hand: Ann 3, You 5, Bob 5"
    )
    assert log_result(tie, ("Ann", "Cleo", "Bob")).endswith("a draw, Ann, Cleo and Bob hold 2 cards each; " + (
        "points left in hand: Ann 3, Cleo 5, Bob 5"
    ))  # fmt: skip


def test_the_end_of_a_deal_when_you_win_or_tie() -> None:
    won = Result(0, "stock_out", (parse_cards("2S"), parse_cards("2S 3S")), None)
    assert board_ending(won, ("You", "Bob")).endswith("fewest cards wins. You win with 1 card.")
    assert board_ending(won, ("Ann", "Bob")).endswith("fewest cards wins. Ann wins with 1 card.")
    tie = Result(None, "stock_out", (parse_cards("2S 5D"), parse_cards("2S 3S"), parse_cards("2S 3S")), None)
    assert board_ending(tie, ("Ann", "Ty", "Bob")).endswith("It is a draw: Ann, Bob and you hold 2 cards each.")
    assert board_ending(tie, ("Ann", "Cleo", "Bob")).endswith("It is a draw: Ann, Cleo and Bob hold 2 cards each.")


def test_the_end_of_a_match_you_won() -> None:
    match = Match([you_name(), "Bob"], "classic", seed=0, deals=1)
    play_out(match.game, ["greedy", "random"])
    assert match.winner == 0
    flow = GameFlow([Seat(you_name()), Seat("Bob", computer="random")], match)
    end = flow.deal_end()
    assert end is not None and end.match_text == "After 1 deal, you win the match: fewest points wins."


def test_a_polish_log_never_puts_ty_in_the_third_person() -> None:
    lines = [log_turn(turn, ("Ty", "Bob"), lang="pl") for turn in (PLAY, DRAW, RESTORE, PASS)]
    assert not any(word in " ".join(lines) for word in ("Ty zagrywa", "Ty dobiera", "Ty przywraca", "Ty pasuje"))
    assert log_turn(PLAY, ("Ann", "Bob"), lang="pl").startswith("tura 3, Ann zagrywa 2 karty (6♥ 7♥)")
    assert lines == [
        "tura 3, zagrywasz 2 karty (6♥ 7♥); stół: 5♥ 6♥ 7♥",
        "tura 4, dobierasz kartę (K♠)",
        "tura 5, przywracasz stół i dobierasz 3 karty za karę (K♠ 2♥ 3♥)",
        "tura 6, pasujesz (talia jest pusta)",
    ]
    five = Turn(8, 0, "play", Table.parse("4H 5H 6H 7H 8H"), parse_cards("4H 5H 6H 7H 8H"))
    assert log_turn(five, ("Ty", "Bob"), lang="pl").startswith("tura 8, zagrywasz 5 kart")


def test_an_italian_log_tells_tu_in_the_second_person() -> None:
    assert log_turn(PLAY, ("Ann", "Bob"), lang="it").startswith("turno 3, Ann gioca 2 carte (6♥ 7♥)")
    assert log_turn(PLAY, ("Tu", "Bob"), lang="it").startswith("turno 3, giochi 2 carte (6♥ 7♥)")
    assert log_turn(PASS, ("Tu", "Bob"), lang="it") == "turno 6, passi (il mazzo è vuoto)"
    won = Result(0, "stock_out", (parse_cards("2S"), parse_cards("2S 3S")), None)
    assert board_ending(won, ("Tu", "Bob"), lang="it").endswith("Vinci tu con 1 carta.")
