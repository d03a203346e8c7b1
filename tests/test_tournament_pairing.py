"""Who sits where in a class tournament: every learner seated once or sitting out, never alone at a table,
never sitting out twice, neighbours in the standings meeting without rematches, the same seed the same seats."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.classroom.tournament.outcome import GameOutcome
from machiavelli_kit.classroom.tournament.pairing import Pairing, PairingError, pair_round, table_sizes
from machiavelli_kit.classroom.tournament.standings import Standing, standings


def learners(count: int) -> list[str]:
    return [f"learner{number:02}" for number in range(count)]


def play_round(pairing: Pairing, chance: random.Random) -> list[GameOutcome]:
    """Outcomes for ``pairing``'s tables: a random seat wins (a computer too), random points left."""
    outcomes = []
    for number, seats in enumerate(pairing.tables, start=1):
        winner = chance.randrange(len(seats))
        points = tuple(0 if seat == winner else chance.randrange(1, 90) for seat in range(len(seats)))
        outcomes.append(GameOutcome(pairing.round, str(number), seats, seats[winner], points, "time"))
    return outcomes


def tournament(
    present_by_round: list[list[str]], table_size: int, seed: int, chance: random.Random
) -> list[tuple[Pairing, list[Standing]]]:
    """Every round seated after the standings of the rounds before; each round with the standings it was seated by."""
    names = {key: key.title() for present in present_by_round for key in present}
    pairings: list[Pairing] = []
    outcomes: list[GameOutcome] = []
    rounds = []
    for number, present in enumerate(present_by_round, start=1):
        table = standings(names, outcomes)
        pairing = pair_round(number, present, table_size, table, pairings, seed)
        rounds.append((pairing, table))
        pairings.append(pairing)
        outcomes += play_round(pairing, chance)
    return rounds


def meetings(pairings: list[Pairing]) -> Counter[frozenset[str]]:
    return Counter(
        frozenset(pair)
        for pairing in pairings
        for seats in pairing.tables
        for pair in combinations([key for key in seats if key is not None], 2)
    )


@settings(max_examples=60)
@given(
    size=st.integers(2, 30),
    table_size=st.integers(2, 4),
    rounds=st.integers(1, 8),
    seed=st.integers(0, 10**6),
    data=st.data(),
)
def test_every_round_seats_everyone_present_once_never_alone_and_no_one_sits_out_twice(
    size: int, table_size: int, rounds: int, seed: int, data: st.DataObject
) -> None:
    everyone = learners(size)
    # Learners come late and leave: each round some of the class is present (at least two).
    present_by_round = [
        data.draw(st.lists(st.sampled_from(everyone), min_size=2, unique=True), label=f"present in round {number}")
        for number in range(1, rounds + 1)
    ]
    sat_out: list[str] = []
    for pairing, _table in tournament(present_by_round, table_size, seed, random.Random(seed)):
        present = present_by_round[pairing.round - 1]
        seated = [key for seats in pairing.tables for key in seats if key is not None]
        assert sorted(seated + list(pairing.sitting_out)) == sorted(present), "each learner present once"
        assert all(len(seats) == table_size for seats in pairing.tables), "short tables filled with computers"
        all_sat_out = set(present) <= set(sat_out)
        for seats in pairing.tables:
            count = sum(key is not None for key in seats)
            assert count >= 2 or (all_sat_out and count == 1), f"a learner alone at a table: {pairing}"
        assert len(pairing.sitting_out) <= 1
        if pairing.sitting_out:
            assert table_size == 2 and len(present) % 2 == 1, "sitting out only when one would be alone"
        assert not set(pairing.sitting_out) & set(sat_out), f"{pairing.sitting_out} sits out twice"
        sat_out += pairing.sitting_out


@settings(max_examples=40)
@given(size=st.integers(2, 30), table_size=st.integers(2, 4), rounds=st.integers(1, 4), seed=st.integers(0, 10**6))
def test_the_same_seed_gives_the_same_seats_whatever_the_order_of_the_list(
    size: int, table_size: int, rounds: int, seed: int
) -> None:
    present = learners(size)
    played = tournament([present] * rounds, table_size, seed, random.Random(seed))
    past = [pairing for pairing, _table in played[:-1]]
    last, table = played[-1]
    reordered = random.Random(seed + 1).sample(present, len(present))
    assert pair_round(last.round, reordered, table_size, table, past, seed) == last
    assert pair_round(last.round, present, table_size, list(reversed(table)), past, seed) == last


@settings(max_examples=60)
@given(seed=st.integers(0, 10**6), results=st.integers(0, 10**6))
def test_six_learners_at_tables_of_two_never_meet_twice_in_three_rounds(seed: int, results: int) -> None:
    played = tournament([learners(6)] * 3, 2, seed, random.Random(results))
    assert max(meetings([pairing for pairing, _table in played]).values()) == 1


@settings(max_examples=30)
@given(half=st.integers(2, 15), seed=st.integers(0, 10**6))
def test_an_even_class_at_tables_of_two_has_no_rematch_in_three_rounds(half: int, seed: int) -> None:
    played = tournament([learners(2 * half)] * 3, 2, seed, random.Random(seed))
    assert max(meetings([pairing for pairing, _table in played]).values()) == 1


def ranked(keys: str) -> list[Standing]:
    """Standings in the order of ``keys``, each with one win fewer than the one above."""
    return [Standing(key, key, 1, len(keys) - place, 0, 0, place + 1) for place, key in enumerate(keys)]


def tables_of(pairing: Pairing) -> set[frozenset[str | None]]:
    return {frozenset(seats) for seats in pairing.tables}


def test_later_rounds_seat_neighbours_in_the_standings_together() -> None:
    first = Pairing(1, (("A", "E"), ("B", "F"), ("C", "G"), ("D", "H")), ())
    second = pair_round(2, list("ABCDEFGH"), 2, ranked("ABCDEFGH"), [first], seed=3)
    assert tables_of(second) == {frozenset(pair) for pair in ("AB", "CD", "EF", "GH")}
    assert set(second.tables[0]) == {"A", "B"}, "the top table first"


def test_neighbours_who_met_are_split_up_with_the_nearest_who_did_not() -> None:
    first = Pairing(1, (("A", "B"), ("C", "D"), ("E", "F"), ("G", "H")), ())
    second = pair_round(2, list("ABCDEFGH"), 2, ranked("ABCDEFGH"), [first], seed=3)
    assert tables_of(second) == {frozenset(pair) for pair in ("AC", "BD", "EG", "FH")}


def test_the_lowest_in_the_standings_sits_out_and_a_latecomer_starts_at_the_bottom() -> None:
    second = pair_round(2, list("ABCDE"), 2, ranked("ABCDE"), [Pairing(1, (("A", "B"), ("C", "D")), ("E",))], 3)
    assert second.sitting_out == ("D",), "E sat out already: D is the lowest who has not"
    late = pair_round(2, list("ABCDZ"), 4, ranked("ABCDE"), [], seed=3)
    assert [sum(key is not None for key in seats) for seats in late.tables] == [3, 2]
    assert "Z" in late.tables[1] and "D" in late.tables[1], "the latecomer plays with the lowest in the standings"


def test_when_everyone_has_sat_out_the_odd_learner_plays_the_computer() -> None:
    played = tournament([["ann", "ben", "cy"]] * 4, 2, 5, random.Random(5))
    assert sorted(pairing.sitting_out[0] for pairing, _table in played[:3]) == ["ann", "ben", "cy"]
    last = played[3][0]
    alone = last.tables[1]
    assert last.sitting_out == () and alone[0] is not None and alone[1] is None


def test_round_one_is_random_from_the_seed() -> None:
    seatings = {pair_round(1, learners(8), 2, [], [], seed).tables for seed in range(10)}
    assert len(seatings) > 1
    assert table_sizes(10, 4) == (4, 3, 3) and table_sizes(7, 2) == (2, 2, 2, 1) and table_sizes(9, 3) == (3, 3, 3)


@pytest.mark.parametrize(
    ("round", "present", "table_size", "words"),
    [
        (1, ["a", "b"], 5, "a table seats 2 to 4 players, not 5"),
        (1, ["a", "b"], 1, "a table seats 2 to 4 players, not 1"),
        (0, ["a", "b"], 2, "rounds are counted from 1"),
        (1, ["a", "b", "a"], 2, "a is listed twice"),
        (1, ["a"], 2, "at least 2 learners present"),
    ],
)
def test_a_round_that_cannot_be_seated_is_refused_in_words(
    round: int, present: list[str], table_size: int, words: str
) -> None:
    with pytest.raises(PairingError, match=words):
        pair_round(round, present, table_size, [], [], seed=1)
