"""The class server's referee, without a network: seats bound to learners, every action checked, each seat's
view holding its own hand only, a game rebuilt from the database as it was, and the turn timer's draw.

Each test uses a real SQLite database in memory (the same store the server uses), never a mock.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.classroom.server.referee import Referee, Refused
from machiavelli_kit.classroom.server.store import LearnerRow, Store
from machiavelli_kit.core.position import Table
from machiavelli_kit.game.actions import Draw, Pass, Play
from machiavelli_kit.game.limits import Limit
from machiavelli_kit.game.players import make_player
from machiavelli_kit.game.record import loads
from machiavelli_kit.game.session import Game

CODE = re.compile(r'(?<=")(?:10|[2-9AJQK])[SHDC](?=")')
SYMBOL = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")
SEED = 7
"""With two players, seed 7 deals seat 0 the first turn."""


def learner(store: Store, name: str, lang: str = "en") -> LearnerRow:
    key = name.lower()
    return LearnerRow(store.add_learner(name, key, lang, key.ljust(64, "0")), name, key, lang)


@pytest.fixture
def store() -> Store:
    return Store("sqlite://")


def two_learners(store: Store, seats: int = 2, **options: object) -> tuple[Referee, str, LearnerRow, LearnerRow]:
    referee = Referee(store)
    ada, bob = learner(store, "Ada"), learner(store, "Bob")
    table = referee.new_table("bga", seats, seed=SEED, **options).id  # type: ignore[arg-type]
    assert referee.take_seat(table, ada, None) == 0
    assert referee.take_seat(table, bob, None) == 1
    return referee, table, ada, bob


def test_a_table_starts_when_every_seat_is_filled_and_deals_as_its_seed_does(store: Store) -> None:
    referee = Referee(store)
    ada, bob = learner(store, "Ada"), learner(store, "Bob")
    table = referee.new_table("bga", 3, {1: "greedy"}, seed=SEED).id
    assert referee.take_seat(table, ada, None) == 0
    assert referee.status(table) == "open"
    assert referee.take_seat(table, bob, None) == 2
    assert referee.status(table) == "playing"
    game = referee.table(table).game
    assert game is not None
    assert game.players == ("Ada", "greedy", "Bob")
    assert game.deal == Game.new(["Ada", "greedy", "Bob"], "bga", SEED).deal


def test_a_seat_is_bound_to_the_learner_who_took_it(store: Store) -> None:
    referee = Referee(store)
    ada, bob, cleo = learner(store, "Ada"), learner(store, "Bob"), learner(store, "Cleo", "it")
    table = referee.new_table("bga", 3, seed=SEED).id
    assert referee.take_seat(table, ada, 1) == 1
    with pytest.raises(Refused, match="seat 1 is taken"):
        referee.take_seat(table, bob, 1)
    assert referee.take_seat(table, ada, None) == 1, "the same learner coming back gets their seat again"
    with pytest.raises(Refused, match="you already sit in seat 1"):
        referee.take_seat(table, ada, 2)
    with pytest.raises(Refused, match="there is no seat 3"):
        referee.take_seat(table, bob, 3)
    referee.take_seat(table, bob, None)
    referee.take_seat(table, learner(store, "Dan"), None)
    with pytest.raises(Refused, match="questa partita è già cominciata"):
        referee.take_seat(table, cleo, None)


def test_a_learner_acts_only_at_their_own_seat_and_turn(store: Store) -> None:
    referee, table, ada, bob = two_learners(store)
    cleo = learner(store, "Cleo")
    with pytest.raises(Refused, match="it is Ada's turn, not Bob's"):
        referee.act(table, bob, Draw())
    with pytest.raises(Refused, match="you have no seat at this table"):
        referee.act(table, cleo, Draw())
    with pytest.raises(Refused, match="there is no table nosuch"):
        referee.act("nosuch", ada, Draw())
    with pytest.raises(Refused, match="you may pass only when the stock is empty"):
        referee.act(table, ada, Pass())
    assert store.turns(table) == [], "a refused action changes nothing"
    referee.act(table, ada, Draw())
    with pytest.raises(Refused, match="it is Bob's turn, not Ada's"):
        referee.act(table, ada, Draw())
    assert len(store.turns(table)) == 1


def test_the_engines_refusal_is_said_in_the_learners_language(store: Store) -> None:
    referee = Referee(store)
    ada, bob = learner(store, "Ada", "pl"), learner(store, "Bob", "it")
    table = referee.new_table("bga", 2, seed=SEED).id
    referee.take_seat(table, ada, None)
    referee.take_seat(table, bob, None)
    with pytest.raises(Refused) as polish:
        referee.act(table, ada, Play(Table.parse("KS KH")))
    with pytest.raises(Refused) as italian:
        referee.act(table, bob, Draw())
    assert "K♠" in str(polish.value) and "meld" not in str(polish.value)
    assert str(italian.value) == "è il turno di Ada, non di Bob"


def test_a_game_is_rebuilt_from_the_database_as_it_was(store: Store) -> None:
    referee, table, ada, bob = two_learners(store)
    players = {0: (ada, make_player("greedy", seed=1)), 1: (bob, make_player("beginner", seed=2))}
    game = referee.table(table).game
    assert game is not None
    for _turn in range(12):
        who, bot = players[game.state.to_move]
        referee.act(table, who, bot.choose(game.view(game.state.to_move)))
    again = Referee(store).table(table).game
    assert again is not None
    assert again.turns == game.turns and again.state == game.state


def test_a_seat_view_shows_its_own_hand_and_never_anothers_drawn_card(store: Store) -> None:
    referee, table, ada, _bob = two_learners(store)
    referee.act(table, ada, Draw())
    game = referee.table(table).game
    assert game is not None
    drawn = game.turns[0].drawn[0].code
    ada_view, bob_view = referee.view(table, 0, "en"), referee.view(table, 1, "en")
    assert drawn in ada_view["game"]["hand"]  # type: ignore[index]
    assert bob_view["game"]["hand"] == [card.code for card in game.hand(1)]  # type: ignore[index]
    assert bob_view["game"]["turns"][0]["drawn"] == []  # type: ignore[index]
    assert bob_view["game"]["turns"][0]["drawn_count"] == 1  # type: ignore[index]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**31 - 1), st.integers(2, 4), st.integers(1, 40))
def test_no_seat_view_names_a_card_the_seat_may_not_know(seed: int, seats: int, turns: int) -> None:
    """Every card a seat's view names (as a code, or in its log's words) is in its own hand, drawn by it, or was
    shown to all: on the table, played, among the helping cards; never a card only another's hand holds."""
    store = Store("sqlite://")
    referee = Referee(store)
    people = [learner(store, f"P{seat}") for seat in range(seats)]
    table = referee.new_table("bga", seats, seed=seed).id
    for person in people:
        referee.take_seat(table, person, None)
    game = referee.table(table).game
    assert game is not None
    bot = make_player("beginner", seed=seed)
    while len(game.turns) < turns and not game.over:
        seat = game.state.to_move
        referee.act(table, people[seat], bot.choose(game.view(seat)))
    if game.over:
        return  # the result shows every hand, as the record does
    for seat in range(seats):
        known = {*game.hand(seat), *game.deal.table.cards(), *game.deal.helpers}
        for turn in game.turns:
            known |= {*turn.table.cards(), *turn.played, *turn.helpers}
            if turn.player == seat:
                known |= set(turn.drawn)
        view = referee.view(table, seat, "en")["game"]
        assert view["hand"] == [card.code for card in game.hand(seat)]  # type: ignore[index]
        named = set(CODE.findall(json.dumps({**view, "log": []}))) | {  # type: ignore[dict-item]
            match.group(0)
            for line in view["log"]
            for match in SYMBOL.finditer(line)  # type: ignore[index]
        }
        assert named <= {card.code for card in known} | {str(card) for card in known}


def test_the_record_is_refused_while_the_game_is_played(store: Store) -> None:
    referee, table, _ada, _bob = two_learners(store)
    with pytest.raises(Refused, match="when the game is over"):
        referee.record(table)


def test_a_whole_game_gives_a_record_that_replays(store: Store) -> None:
    referee = Referee(store)
    ada = learner(store, "Ada")
    table = referee.new_table("bga", 2, {1: "greedy"}, seed=SEED).id
    referee.take_seat(table, ada, None)
    game = referee.table(table).game
    assert game is not None
    bot = make_player("greedy", seed=3)
    while not game.over:
        move = referee.computer_move(table)
        if move is None:
            referee.act(table, ada, bot.choose(game.view(0)))
        else:
            referee.play_computer(move, make_player(move.kind, seed=move.seed).choose(move.view), out_of_time=False)
    assert referee.status(table) == "over"
    replayed = loads(referee.record(table))
    assert replayed.turns == game.turns and replayed.result == game.result
    assert Referee(store).status(table) == "over"


def test_a_computer_move_counts_only_at_its_own_turn(store: Store) -> None:
    referee = Referee(store)
    ada = learner(store, "Ada")
    table = referee.new_table("bga", 2, {0: "greedy"}, seed=SEED).id
    referee.take_seat(table, ada, None)
    move = referee.computer_move(table)
    assert move is not None and move.number == 1
    assert referee.play_computer(move, Draw(), out_of_time=False) is not None
    assert referee.play_computer(move, Draw(), out_of_time=False) is None, "the same move twice counts once"
    assert referee.computer_move(table) is None, "the learner's turn now"


def test_the_turn_timer_draws_for_the_player_once(store: Store) -> None:
    referee, table, _ada, _bob = two_learners(store, turn_seconds=30)
    turn = referee.time_out(table, 1)
    assert turn is not None and turn.action == "draw" and turn.player == 0
    assert referee.time_out(table, 1) is None, "a timer of a turn already taken does nothing"
    game = referee.table(table).game
    assert game is not None and game.to_move == 1


def test_a_seat_left_empty_goes_to_a_computer_and_back_to_its_learner(store: Store) -> None:
    referee = Referee(store)
    ada, bob, cleo = learner(store, "Ada"), learner(store, "Bob"), learner(store, "Cleo")
    table = referee.new_table("bga", 2, seed=SEED, maker=ada.id).id
    referee.take_seat(table, ada, None)
    referee.take_seat(table, bob, None)
    with pytest.raises(Refused, match="only the table's maker or the teacher"):
        referee.hand_to_computer(table, 1, "greedy", by=cleo.id, teacher=False, present=set())
    with pytest.raises(Refused, match="Bob is at the table"):
        referee.hand_to_computer(table, 1, "greedy", by=ada.id, teacher=False, present={bob.id})
    with pytest.raises(Refused, match="no computer player called clever"):
        referee.hand_to_computer(table, 1, "clever", by=None, teacher=True, present=set())
    referee.hand_to_computer(table, 1, "greedy", by=None, teacher=True, present=set())
    referee.act(table, ada, Draw())
    with pytest.raises(Refused, match="a computer player has your seat"):
        referee.act(table, bob, Draw())
    move = referee.computer_move(table)
    assert move is not None and move.kind == "greedy"
    assert referee.take_seat(table, bob, None) == 1
    assert referee.computer_move(table) is None, "Bob took his seat back"
    assert Referee(store).table(table).game.players == ("Ada", "Bob")  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("rules", "seats", "computers", "seconds", "words"),
    [
        ("bga(wrap=maybe)", 2, {}, None, "wrap must be true, false or unlimited"),
        ("poker", 2, {}, None, "poker"),
        ("bga", 7, {}, None, "a table has 2 to 6 seats, not 7"),
        ("bga", 2, {2: "greedy"}, None, "there is no seat 2 at a table of 2"),
        ("bga", 2, {0: "greedy", 1: "expert"}, None, "leave at least one seat for a learner"),
        ("bga", 2, {}, 1.0, "a turn timer is 5 to 3600 seconds, not 1"),
    ],
)
def test_a_table_that_cannot_be_is_refused_in_words(
    store: Store, rules: str, seats: int, computers: dict[int, str], seconds: float | None, words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        Referee(store).new_table(rules, seats, computers, turn_seconds=seconds)
    assert store.tables() == []


def test_the_referee_calls_time_at_the_deadline_and_a_rebuilt_referee_replays_it(tmp_path: Path) -> None:
    """A table of one minute: its deadline is written as the game starts; before it nothing happens, after it
    time is called (the round in progress played out, the fewest in hand winning), and a referee rebuilt from the
    database (a restarted server) has the same game, time called after the same turn."""
    moment = [datetime(2026, 1, 1, 9, 0, tzinfo=UTC)]
    store = Store(f"sqlite:///{tmp_path / 'class.db'}")
    referee = Referee(store, now=lambda: moment[0])
    ada, bob = learner(store, "Ada"), learner(store, "Bob")
    table = referee.new_table("bga", 2, seed=SEED, limit=Limit(minutes=1)).id
    assert referee.deadline(table) is None, "no clock runs before the game starts"
    referee.take_seat(table, ada, None)
    referee.take_seat(table, bob, None)
    assert store.limits()[table].deadline == moment[0] + timedelta(minutes=1)
    referee.act(table, ada, Draw())
    moment[0] += timedelta(seconds=59)
    assert not referee.check_time(table) and referee.time_left(table) == 1.0
    moment[0] += timedelta(seconds=1)
    assert referee.check_time(table), "the deadline has come"
    assert not referee.check_time(table), "time is called once"
    assert referee.status(table) == "playing" and referee.view(table, 1, "en")["turns_left"] == 1
    rebuilt = Referee(store, now=lambda: moment[0])
    referee.act(table, bob, Draw())  # Bob ends the round
    game = referee.table(table).game
    assert game is not None and game.result is not None and game.result.reason == "time"
    assert loads(referee.record(table)).result == game.result
    again = Referee(store).table(table).game
    assert again is not None and again.result == game.result and again.time_called == 1
    assert rebuilt.table(table).game is not None and rebuilt.table(table).game.time_called == 1  # type: ignore[union-attr]
    store.close()


def test_time_called_between_two_rounds_ends_the_game_at_once() -> None:
    moment = [datetime(2026, 1, 1, 9, 0, tzinfo=UTC)]
    store = Store("sqlite://")
    referee = Referee(store, now=lambda: moment[0])
    ada, bob = learner(store, "Ada"), learner(store, "Bob")
    table = referee.new_table("bga", 2, seed=SEED, limit=Limit(minutes=0.5)).id
    referee.take_seat(table, ada, None)
    referee.take_seat(table, bob, None)
    moment[0] += timedelta(minutes=1)
    assert referee.check_time(table)
    assert referee.status(table) == "over" and store.table(table).status == "over"  # type: ignore[union-attr]
    assert loads(referee.record(table)).result.reason == "time"  # type: ignore[union-attr]
