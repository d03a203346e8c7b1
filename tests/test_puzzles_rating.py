"""Glicko-2: the paper's worked example, and ratings that move the right way."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from machiavelli_kit.practice.rating import Rating, rate, start_rating
from machiavelli_kit.puzzles.format import TECHNIQUES


def test_glickmans_worked_example() -> None:
    """Glickman, "Example of the Glicko-2 system": 1500/200/0.06 against three opponents, tau 0.5.

    The paper rounds every step and prints 1464.06, 151.52 and 0.05999; the exact values are within that rounding.
    """
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = player.updated(games, tau=0.5)
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.deviation == pytest.approx(151.52, abs=0.005)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    idle = Rating(1500, 200, 0.06).updated([])
    assert idle.rating == 1500 and idle.volatility == 0.06
    assert idle.deviation == pytest.approx(173.7178 * (200**2 / 173.7178**2 + 0.06**2) ** 0.5)


def test_expected_score_is_a_half_between_equals_and_favours_the_stronger() -> None:
    assert Rating(1500, 100).expected(Rating(1500, 100)) == pytest.approx(0.5)
    assert Rating(1700, 100).expected(Rating(1500, 100)) > 0.7


ratings = st.builds(Rating, st.floats(800, 2400), st.floats(30, 350), st.floats(0.03, 0.1))


@given(ratings, ratings)
def test_a_win_raises_the_learner_and_lowers_the_puzzle_and_a_loss_does_the_opposite(
    learner: Rating, puzzle: Rating
) -> None:
    won_learner, won_puzzle = rate(learner, puzzle, 1.0)
    lost_learner, lost_puzzle = rate(learner, puzzle, 0.0)
    assert won_learner.rating > learner.rating > lost_learner.rating
    assert won_puzzle.rating < puzzle.rating < lost_puzzle.rating
    half, _ = rate(learner, puzzle, 0.5)
    assert lost_learner.rating < half.rating < won_learner.rating


def test_beating_a_harder_puzzle_gains_more() -> None:
    learner = Rating(1500, 150)
    easy, _ = rate(learner, Rating(1300, 150), 1.0)
    hard, _ = rate(learner, Rating(1800, 150), 1.0)
    assert hard.rating - learner.rating > easy.rating - learner.rating > 0


def test_a_newcomers_deviation_shrinks_with_each_game() -> None:
    learner = Rating()
    for score in (1.0, 0.0, 1.0):
        after, _ = rate(learner, Rating(1500, 200), score)
        assert after.deviation < learner.deviation
        learner = after


def test_puzzles_start_from_their_grade_and_effort() -> None:
    for effort in range(1, 6):
        by_grade = [start_rating(grade, effort).rating for grade in TECHNIQUES]
        assert by_grade == sorted(by_grade) and len(set(by_grade)) == len(TECHNIQUES), "higher rungs start higher"
    for grade in TECHNIQUES:
        by_effort = [start_rating(grade, effort).rating for effort in range(1, 6)]
        assert by_effort == sorted(by_effort) and len(set(by_effort)) == 5, "more effort starts higher"
    assert start_rating("spare", 1) == Rating(1500, 200), "the easiest spares meet a new learner at 1500"
    assert start_rating("lay", 1).rating == 1300 and start_rating("impossible", 2).rating == 2140
    assert start_rating(None, None) == start_rating("no such grade", 3) == Rating(1500, 200)
