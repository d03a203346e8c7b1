"""Games that end on time (issue 26): a turn limit or a time limit, the round in progress played out,
the fewest points left in hand winning (the fewest cards under single scoring), and records that replay."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.core.cards import parse_cards
from machiavelli_kit.core.position import Table
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.game.actions import Draw, Play
from machiavelli_kit.game.autoplay import play_game
from machiavelli_kit.game.deal import arranged_deal
from machiavelli_kit.game.flow import GameFlow, Seat
from machiavelli_kit.game.limits import NO_LIMIT, Limit, LimitError, round_end
from machiavelli_kit.game.narrator import board_ending
from machiavelli_kit.game.record import RecordError, dumps, loads
from machiavelli_kit.game.session import Game
from machiavelli_kit.ui.game_board import GameBoard
from machiavelli_kit.ui.seats import seats_text


def game_of(rules: str, hands: Sequence[str], limit: Limit = NO_LIMIT) -> Game:
    """A game with chosen hands; seat 0 moves first."""
    parsed = Rules.parse(rules)
    deal = arranged_deal(parsed, [parse_cards(hand) for hand in hands])
    return Game(parsed, [f"p{seat}" for seat in range(len(hands))], deal, dealer=len(hands) - 1, limit=limit)


def test_a_turn_limit_plays_out_the_round_then_the_fewest_cards_win() -> None:
    game = game_of("bga", ["5H 6H 7H 9C", "2S 2D 2C KS", "3S 4D"], Limit(turns=4))
    game.play(Play(Table.parse("5H 6H 7H")))  # turn 1: p0 holds one card
    for _turn in range(3):
        game.play(Draw())
    # the limit's turn 4 is p0's, in the second round: p1 and p2 still play theirs
    assert not game.over and game.to_move == 1
    game.play(Draw())
    assert not game.over
    game.play(Draw())
    assert game.result is not None
    assert (len(game.turns), game.result.reason, game.result.winner) == (6, "turns", 0)
    assert [len(hand) for hand in game.result.hands] == [2, 6, 4]


def test_under_points_scoring_the_fewest_points_win_not_the_fewest_cards() -> None:
    # p0 keeps two kings (20 points), p1 four small cards (2+2+3+3 = 10 points)
    game = game_of("bga(scoring=points)", ["KS KD", "2S 2D 3C 3H"], Limit(turns=1))
    game.play(Draw())
    game.play(Draw())
    assert game.result is not None and game.result.reason == "turns"
    cards = [len(hand) for hand in game.result.hands]
    assert cards[0] < cards[1] and game.result.winner == 1, "fewer cards, but more points: p1 wins"
    assert game.result.points is not None and game.result.points[1] < game.result.points[0]
    assert "fewest points" in game.log()[-1] and "p1 wins" in game.log()[-1]
    assert "p1 wins with" in board_ending(game.result, game.players) and "points" in board_ending(
        game.result, game.players
    )


def test_the_time_is_up_mid_round_the_round_finishes_between_rounds_the_game_ends_at_once() -> None:
    game = game_of("bga", ["5H 6H 7H 9C", "2S 2D 2C KS", "3S 4D"])
    game.play(Draw())
    game.call_time()
    assert not game.over and game.time_called == 1
    game.call_time()  # a second call changes nothing
    assert game.time_called == 1
    game.play(Draw())
    game.play(Draw())
    assert game.result is not None and game.result.reason == "time" and len(game.turns) == 3

    between = game_of("bga", ["5H 6H 7H 9C", "2S 2D 2C KS"])
    between.play(Draw())
    between.play(Draw())
    between.call_time()
    assert between.result is not None and between.result.reason == "time" and len(between.turns) == 2


def test_a_close_in_the_last_round_still_wins_by_closing() -> None:
    game = game_of("bga", ["5H 6H 7H 9C", "2S 2D 2C"], Limit(turns=1))
    game.play(Draw())
    game.play(Play(Table.parse("2S 2D 2C")))
    assert game.result is not None and (game.result.reason, game.result.winner) == ("closed", 1)


def test_the_same_seed_and_turn_limit_give_the_same_game() -> None:
    first = play_game(["greedy", "expert", "beginner"], "bga", seed=11, limit=Limit(turns=20))
    again = play_game(["greedy", "expert", "beginner"], "bga", seed=11, limit=Limit(turns=20))
    assert first.game.turns == again.game.turns and first.game.result == again.game.result


def test_a_time_limit_ends_a_computer_game_by_its_clock_and_the_record_says_when() -> None:
    seconds = iter(range(0, 10_000, 15))  # a clock that moves 15 s each time it is read
    run = play_game(["greedy", "greedy"], "bga", seed=5, limit=Limit(minutes=1), clock=lambda: next(seconds))
    game = run.game
    assert game.result is not None and game.result.reason == "time"
    assert game.time_called == 4, "read at the start (0 s), then after each turn: 60 s after the fourth"
    assert len(game.turns) == 4, "the time was up between two rounds: the game ended at once"
    record = json.loads(dumps(game))
    assert record["limit"] == {"minutes": 1, "time_called": 4}
    again = loads(dumps(game))
    assert again.turns == game.turns and again.result == game.result


def test_records_keep_the_limit_and_refuse_a_wrong_one() -> None:
    game = play_game(["greedy", "beginner"], "bga", seed=3, limit=Limit(turns=7)).game
    text = dumps(game)
    assert json.loads(text)["limit"] == {"turns": 7} and len(game.turns) == 8
    assert loads(text).result == game.result
    with pytest.raises(RecordError, match="turn 7: the game was already over after turn 6"):
        loads(text.replace('"limit": {"turns": 7}', '"limit": {"turns": 5}'))
    with pytest.raises(RecordError, match="result: the game is not over after 8 turns"):
        loads(text.replace('"limit": {"turns": 7}', '"limit": {"turns": 9}'))
    with pytest.raises(RecordError, match="time_called must be a number of turns from 0 to 8, not 9"):
        loads(text.replace('"limit": {"turns": 7}', '"limit": {"turns": 7, "time_called": 9}'))
    with pytest.raises(RecordError, match="limit: a turn limit is a whole number"):
        loads(text.replace('"limit": {"turns": 7}', '"limit": {"turns": true}'))
    with pytest.raises(RecordError, match="unknown field 'hours'"):
        loads(text.replace('"limit": {"turns": 7}', '"limit": {"hours": 1}'))
    plain = dumps(play_game(["greedy", "beginner"], "bga", seed=3).game)
    assert '"limit"' not in plain, "a game without a limit writes the record it always did"


@pytest.mark.parametrize(
    ("limit", "message"),
    [
        ({"turns": 0}, "a turn limit is a whole number of turns from 1 to 2000, not 0"),
        ({"turns": 2.5}, "a turn limit is a whole number of turns from 1 to 2000, not 2.5"),
        ({"minutes": 0}, "a time limit is a number of minutes above 0 and at most 1440, not 0"),
        ({"minutes": float("nan")}, "a time limit is a number of minutes"),
    ],
)
def test_a_limit_that_cannot_be_is_refused_in_words(limit: dict[str, float], message: str) -> None:
    with pytest.raises(LimitError, match=message):
        Limit(**limit)  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**20),
    players=st.sampled_from([["greedy", "beginner"], ["random", "greedy", "beginner"], ["random"] * 4]),
    turns=st.integers(1, 60),
)
def test_a_turn_limit_never_ends_a_round_half_played(seed: int, players: list[str], turns: int) -> None:
    game = play_game(players, "bga", seed=seed, limit=Limit(turns=turns)).game
    assert game.result is not None
    played = len(game.turns)
    if game.result.reason == "turns":
        assert played == round_end(turns, len(players)), "every player has had as many turns as the first"
    else:
        assert played <= round_end(turns, len(players))
    assert loads(dumps(game)).result == game.result


def test_the_command_line_plays_to_a_turn_limit_and_refuses_a_bad_one(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    command = [sys.executable, "-m", "machiavelli_kit", "game", "play", "--seed", "4", "--players", "greedy,expert"]
    done = subprocess.run([*command, "--turns", "9", "--out", str(out)], capture_output=True, text=True, check=True)
    assert "the last round is over" in done.stdout
    assert json.loads(out.read_text())["limit"] == {"turns": 9}
    refused = subprocess.run([*command, "--minutes", "-3"], capture_output=True, text=True)
    assert refused.returncode != 0 and "a time limit is a number of minutes above 0" in refused.stderr
    assert "Traceback" not in refused.stderr


class FakeClock:
    """Seconds that move only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_local_game_reads_its_clock_as_each_turn_ends_and_says_the_time_left() -> None:
    clock = FakeClock()
    flow = GameFlow.new(
        [Seat("Ann"), Seat("Bea", computer="greedy")], "bga", seed=7, limit=Limit(minutes=10), clock=clock
    )
    assert "time left: 10:00" in flow.turn_info()
    clock.now += 9 * 60 + 58.5
    assert "time left: 0:02" in flow.turn_info()
    clock.now += 5  # the time runs out while Ann thinks: her turn still counts, then Bea ends the round
    assert flow.draw().ended and not flow.game.over
    assert flow.game.time_called == 1 and "the time is up: 1 turn left" in flow.turn_info()
    flow.computer_turn()
    assert flow.game.result is not None and flow.game.result.reason == "time"
    assert "The time is up and the round is over" in flow.deal_end_text()


def test_the_board_offers_a_game_length_and_its_seat_row_counts_the_turns_down() -> None:
    board = GameBoard(seed=7)
    lengths = dict(board.setup.length.options)
    assert {"No limit", "10 minutes", "60 turns"} <= set(lengths)
    board.setup.choose(["person", "greedy"])
    board.setup.length.value = lengths["30 turns"]
    board.setup.start_button.click()
    assert board.errors == [] and board.flow is not None
    assert "30 turns left" in seats_text(board.flow)
    board.buttons["Draw"].click()  # Ann draws, then the computer plays its turn at once (no event loop here)
    assert "28 turns left" in seats_text(board.flow)


def test_the_board_speaks_the_game_length_in_italian() -> None:
    board = GameBoard(seed=7, lang="it")
    assert {"Nessun limite", "10 minuti", "60 turni"} <= {label for label, _limit in board.setup.length.options}
