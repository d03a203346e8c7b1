"""The solver's lay-off shortcut: when it answers, and that its answers are the program's."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from machiavelli_kit.core.goal import Goal
from machiavelli_kit.core.position import Position, check_turn
from machiavelli_kit.core.random_positions import random_position
from machiavelli_kit.core.rules import BGA, Rules
from machiavelli_kit.solver import Solution, solve
from machiavelli_kit.solver.matching import match_melds
from machiavelli_kit.solver.program import Program

VARIANTS = [
    BGA,
    Rules(jokers=2),
    Rules(jokers=4, wrap=True),
    Rules(ace_high=False, jokers=1),
    Rules(max_cards_per_turn=3),
    Rules(decks=3, jokers=2),
]


def laid_off(position: Position, rules: Rules = BGA, goal: str = "max") -> Solution | None:
    """The shortcut's answer, or ``None`` when it leaves the position to the program."""
    return Program(position, rules, Goal.parse(goal)).laid_off()


def by_the_program(position: Position, rules: Rules, goal: str = "max") -> Solution:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Program, "laid_off", lambda _program: None)
        return solve(position, rules, goal)


def test_cards_laid_off_and_a_new_meld() -> None:
    position = Position.parse("4H 5H 6H | 9S 9H 9D", "7H 3D 4D 5D 9C")
    found = laid_off(position)
    assert found is not None
    assert str(found.table) == "4♥ 5♥ 6♥ 7♥ | 9♠ 9♥ 9♦ 9♣ | 3♦ 4♦ 5♦"
    assert (found.max_play, found.par, found.changed) == (5, 5, 0)
    assert found == solve(position)


def test_a_joker_traded_for_its_card_goes_on_in_a_new_meld() -> None:
    position = Position.parse("4H JK 6H", "5H 9S 9D")
    found = laid_off(position, Rules(jokers=1))
    assert found is not None
    assert str(found.table) == "4♥ 5♥ 6♥ | 9♠ 9♦ JK"
    assert (found.max_play, found.par) == (3, 3)  # the joker counts neither as kept nor as changed


def test_a_joker_that_stays_keeps_standing_for_the_same_card() -> None:
    position = Position.parse("QH QD JK | 5C 6C 7C", "8C")
    found = laid_off(position, Rules(jokers=1))
    assert found is not None and str(found.table) == "Q♥ Q♦ JK | 5♣ 6♣ 7♣ 8♣"


def test_no_answer_when_only_a_rearrangement_places_the_cards() -> None:
    position = Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H")
    assert laid_off(position) is None
    best = solve(position)
    assert (best.max_play, best.par) == (1, 2)


def test_no_answer_when_a_play_could_place_more_cards() -> None:
    """9C fits a set the table's nines could make: a lay-off that leaves it is not proven best."""
    position = Position.parse("9S 9H 9D | 10C JC QC", "9C 2H")
    found = laid_off(position)
    assert found is not None and found.max_play == 1  # 2H fits in no meld: it never counts
    assert laid_off(Position.parse("9S 9H 9D 9C | 10D JD QD", "9C")) is None  # a second 9C needs a rearrangement


def test_the_cap_leaves_cards_in_the_hand() -> None:
    position = Position.parse("", "AS 2S 3S 4S 5S 6S")
    found = laid_off(position, Rules(max_cards_per_turn=4))
    assert found is not None and found.max_play == 4
    assert found.max_play == by_the_program(position, Rules(max_cards_per_turn=4)).max_play


def test_goals_the_shortcut_leaves_to_the_program() -> None:
    position = Position.parse("4H 5H 6H", "7H 2C")
    assert laid_off(position, goal="close") is None  # 2C fits nowhere: the hand cannot be closed
    assert laid_off(position, goal="play:7H") is None  # the lowest par for a card is another question
    assert laid_off(Position.parse("4H 5H 6H", "7H JK"), Rules(jokers=1)) is None  # jokers in the hand
    closing = laid_off(Position.parse("4H 5H 6H", "7H 8H"), goal="close")
    assert closing is not None and closing.max_play == 2


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS), size=st.sampled_from([20, 60, 90]))
def test_its_answers_are_the_programs(seed: int, variant: Rules, size: int) -> None:
    """Whenever the shortcut answers, the program alone finds as many cards and the same par,
    and the shortcut's table is a valid turn that changes no table card."""
    rng = random.Random(seed)
    position = random_position(rng, variant, table_cards=size, hand_size=rng.choice([4, 9, 14]))
    for goal in ("max", "close"):
        found = laid_off(position, variant, goal)
        if found is None:
            continue
        program = by_the_program(position, variant, goal)
        assert (found.feasible, found.max_play, found.par) == (program.feasible, program.max_play, program.par)
        assert check_turn(position, found.end_position, variant).valid
        assert match_melds(position.table, found.table, variant)[1] == 0


def test_it_answers_most_positions_of_a_full_table() -> None:
    """On tables of 90 cards, a hand mostly fits without moving a table card: the shortcut answers."""
    rng = random.Random(7)
    answered = 0
    for number in range(40):
        variant = VARIANTS[number % len(VARIANTS)]
        position = random_position(rng, variant, table_cards=90, hand_size=14)
        answered += laid_off(position, variant) is not None
    assert answered >= 25


EIGHT_DECKS = Rules.parse("bga(decks=8, jokers=8, max_cards_per_turn=none)")
LONG_HAND = Position.parse(
    "9H 9C 9D 9S | QC QS QH | 2D JK 2H | 3D 4D 5D 6D 7D 8D | 3D JK 3H 3C | 4C JK 4S | 3H 4H 5H 6H 7H "
    "| JK QD QC | JK 5S 6S 7S | JD JH JS | 5D 5S 5C | JK 3H 4H 5H 6H | 4S JK 4C 4D | 7H 7C 7D JK | JH "
    "JD JS | 5C 5S 5H 5D | 3C 3D 3S 3H | 3S 4S 5S 6S | 8H 9H 10H | AS 2S 3S 4S 5S | 10S 10C 10H | 9S "
    "10S JS QS KS AS | 9H 10H JH | 9C 10C JC | 7H 8H 9H 10H | JS QS KS AS | 2S 3S 4S 5S | 3H 4H 5H 6H "
    "| 10H JH QH | 9S 9C 9D | AH 2H 3H | KH KD KS KC | JS QS KS AS | AD AS AC | 5D 6D 7D 8D 9D 10D | "
    "JD JH JC JS | 9S 10S JS QS | 6C 7C 8C | 3S 3C 3D | 10S JS QS | 8C 8D 8H 8S | 6C 6S 6D | 9H 9C 9S "
    "9D | AD 2D 3D 4D | 9C 10C JC QC KC AC | 5C 6C 7C 8C 9C | 8S 8C 8H 8D | KS KC KD | KC KH KS | 8H "
    "9H 10H JH QH | 7D 8D 9D | QC QH QD | 2S 2H 2D 2C | 5C 5S 5D | 8C 8S 8H | 9D 9C 9S 9H | 4C 4H 4S "
    "| 3D 4D 5D 6D 7D 8D | 3S 4S 5S | 3C 4C 5C 6C 7C 8C | JH QH KH AH | AS AD AH | QC QD QS | 9S 9D "
    "9H | 10D 10H 10S 10C | 5C 6C 7C | 3C 4C 5C 6C 7C 8C | QS KS AS | AD 2D 3D | AC AD AH | KD KH KC "
    "| 4C 5C 6C 7C 8C | 4D 5D 6D 7D 8D 9D | 2D 3D 4D 5D 6D 7D | 10D 10C 10S | 10C JC QC KC | 2H 2S 2C "
    "| AS AH AC | 7D 7C 7S 7H",
    "AH AH AH AC 2S 2D 2C 3S 3H 3C 4D 5H 6S 6S 6S 7S 7H 10D 10D 10C 10C JD JC QH QD QC KS KD KD KC",
)
"""A table of eight decks and a hand of 30 cards, all of which go down with no table card moved
(one of ``benchmarks/hardest.txt``)."""


def test_a_long_hand_on_a_table_of_many_decks() -> None:
    # the search's budget grows with the hand: 24 choices in all were too few for 30 cards
    found = laid_off(LONG_HAND, EIGHT_DECKS)
    assert found is not None and (found.max_play, found.par, found.changed) == (30, 30, 0)
    program = by_the_program(LONG_HAND, EIGHT_DECKS)
    assert (program.max_play, program.par) == (30, 30)
