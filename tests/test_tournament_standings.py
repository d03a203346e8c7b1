"""A class tournament's outcomes and standings: read from real games' records, checked against them, and
consistent with any outcomes (hypothesis)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from machiavelli_kit.classroom.tournament.outcome import GameOutcome, OutcomeError, outcome_of
from machiavelli_kit.classroom.tournament.standings import StandingsError, standings
from machiavelli_kit.core.cards import parse_card
from machiavelli_kit.game.actions import Draw
from machiavelli_kit.game.autoplay import play_game
from machiavelli_kit.game.limits import Limit
from machiavelli_kit.game.record import dumps, loads
from machiavelli_kit.game.scoring import hand_points
from machiavelli_kit.game.session import Game

NAMES = {"ann": "Ann", "ben": "Ben", "cy": "Cy", "dee": "Dee"}
GAMES: list[tuple[int, str, tuple[str | None, ...], list[str], str, Limit]] = [
    # round, table, seats (None: a computer player), the players by seat, rules, limit
    (1, "1", ("ann", "ben"), ["greedy", "beginner"], "bga", Limit(turns=20)),
    (1, "2", ("cy", "dee", None), ["beginner", "greedy", "greedy"], "classic", Limit(turns=12)),
    (2, "1", ("ann", "cy"), ["greedy", "greedy"], "bga", Limit()),
    (2, "2", ("ben", "dee", None), ["greedy", "beginner", "greedy"], "wikipedia", Limit(turns=9)),
]


def played() -> list[tuple[dict[str, Any], GameOutcome]]:
    """Each game of :data:`GAMES` played by computer players, its record as JSON data and its outcome."""
    games = []
    for seed, (round, table, seats, players, rules, limit) in enumerate(GAMES, start=11):
        record = json.loads(dumps(play_game(players, rules, seed, limit=limit).game))
        games.append((record, outcome_of(record, round, table, seats)))
    return games


def test_standings_agree_with_the_records_of_real_games() -> None:
    games = played()
    assert {outcome.reason for _record, outcome in games} >= {"turns", "closed"}
    wins, points, played_games = Counter[str](), Counter[str](), Counter[str]()
    for record, outcome in games:
        assert loads(json.dumps(record)).over, "each record replays clean"
        result = record["result"]
        left = [hand_points(parse_card(code) for code in hand) for hand in result["hands"]]
        assert list(outcome.points) == (result["points"] or left), "the record's points, or its hands counted"
        played_games.update(key for key in outcome.seats if key is not None)
        key = None if result["winner"] is None else outcome.seats[result["winner"]]
        assert outcome.winner == key
        if key is not None:
            wins[key] += 1
            points[key] += sum(left) - left[result["winner"]]
    table = standings(NAMES, [outcome for _record, outcome in games])
    assert [(line.wins, line.points) for line in table] == sorted(
        ((wins[key], points[key]) for key in NAMES), reverse=True
    )
    for line in table:
        assert (line.name, line.games, line.wins, line.points) == (
            NAMES[line.key], played_games[line.key], wins[line.key], points[line.key]
        )  # fmt: skip
        opponents = [
            other for _record, outcome in games if line.key in outcome.seats for other in outcome.seats
            if other is not None and other != line.key
        ]  # fmt: skip
        assert line.tiebreak == sum(wins[other] for other in opponents)


def test_a_game_not_over_or_with_other_seats_gives_no_outcome() -> None:
    game = Game.new(["Ann", "Ben"], "bga", seed=3)
    game.play(Draw())
    running = json.loads(dumps(game))
    with pytest.raises(OutcomeError, match="the game at table 4 in round 2 is not over yet"):
        outcome_of(running, 2, "4", ["ann", "ben"])
    finished = json.loads(dumps(play_game(["greedy", "greedy"], "bga", 3, limit=Limit(turns=4)).game))
    with pytest.raises(OutcomeError, match="played by 2 players, but the tournament seated 3 there"):
        outcome_of(finished, 1, "1", ["ann", "ben", None])
    with pytest.raises(OutcomeError, match="one learner cannot sit in two seats"):
        outcome_of(finished, 1, "1", ["ann", "ann"])
    broken = {**finished, "result": {**finished["result"], "points": [1, "x"]}}
    with pytest.raises(OutcomeError, match="points are not one number per player"):
        outcome_of(broken, 1, "1", ["ann", "ben"])
    broken = {**finished, "result": {**finished["result"], "hands": [["ZZ"], []]}}
    with pytest.raises(OutcomeError, match="the game at table 1 in round 1: "):
        outcome_of(broken, 1, "1", ["ann", "ben"])
    broken = {**finished, "result": {**finished["result"], "winner": 2}}
    with pytest.raises(OutcomeError, match="names no seat as the winner"):
        outcome_of(broken, 1, "1", ["ann", "ben"])


KEYS = ["k0", "k1", "k2", "k3", "k4", "k5"]


@st.composite
def outcomes(draw: st.DrawFn) -> list[GameOutcome]:
    games = []
    for number in range(draw(st.integers(0, 12))):
        size = draw(st.integers(2, 4))
        seats = draw(st.lists(st.sampled_from([*KEYS, None]), min_size=size, max_size=size))
        seats = [None if key is not None and key in seats[:place] else key for place, key in enumerate(seats)]
        points = draw(st.lists(st.integers(0, 150), min_size=size, max_size=size))
        winner = draw(st.sampled_from([None, *seats]))
        games.append(GameOutcome(number // 3 + 1, str(number), tuple(seats), winner, tuple(points), "time"))
    return games


@given(outcomes())
def test_standings_are_consistent_with_any_outcomes(games: list[GameOutcome]) -> None:
    table = standings({key: key.upper() for key in KEYS}, games)
    assert sorted(line.key for line in table) == KEYS, "every entrant listed once, with a game or not"
    assert sum(line.wins for line in table) == sum(game.winner is not None for game in games)
    assert sum(line.games for line in table) == sum(key is not None for game in games for key in game.seats)
    scores = [(line.wins, line.points, line.tiebreak) for line in table]
    assert scores == sorted(scores, reverse=True), "best first"
    for place, line in enumerate(table):
        better = sum(score > scores[place] for score in scores)
        assert line.rank == better + 1, "ranks shared on a full tie, the next rank skipping as many"
    won = sum(sum(game.points) - game.points[game.seats.index(game.winner)] for game in games if game.winner)
    assert sum(line.points for line in table) == won, "a winner scores the points left in the other hands"


def test_games_that_cannot_make_standings_are_refused_in_words() -> None:
    game = GameOutcome(1, "1", ("ann", "ben"), "ann", (0, 7), "closed")
    with pytest.raises(StandingsError, match="the game at table 1 in round 1 is counted twice"):
        standings(NAMES, [game, game])
    with pytest.raises(StandingsError, match="zed is not in the tournament"):
        standings(NAMES, [GameOutcome(1, "1", ("ann", "zed"), "ann", (0, 7), "closed")])
    with pytest.raises(StandingsError, match="its winner did not play there"):
        standings(NAMES, [GameOutcome(1, "1", ("ann", "ben"), "cy", (0, 7), "closed")])
