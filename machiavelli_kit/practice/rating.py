"""Glicko-2 ratings for the learner and for each puzzle, as puzzle sites keep them.

The algorithm is Mark Glickman's, step by step as in his paper "Example of the
Glicko-2 system". A rating carries its deviation (how sure it is: high for a
newcomer, lower after many games) and its volatility (how much it swings).
Every rated try at a puzzle is one game between the learner and the puzzle,
rated as a period of its own, the way puzzle sites do it.

The paper's worked example (it rounds each step, so it prints 1464.06 and
0.05999 where the exact values are 1464.0507 and 0.0599960):

>>> player = Rating(1500, 200, 0.06)
>>> games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
>>> new = player.updated(games)
>>> round(new.rating, 4), round(new.deviation, 2), round(new.volatility, 7)
(1464.0507, 151.52, 0.059996)

A puzzle starts from its grade and effort:

>>> start_rating("spare", 1).rating, start_rating("chain", 5).rating, start_rating(None, None).rating
(1500.0, 2060.0, 1500.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from machiavelli_kit.puzzles.format import TECHNIQUES

SCALE = 173.7178
"""The factor between the Glicko scale (1500 in the middle) and the Glicko-2 scale (0 in the middle)."""
TAU = 0.5
"""How much the volatility may change (Glickman suggests 0.3 to 1.2)."""
EPSILON = 0.000001
"""The tolerance of the volatility search."""
LEARNER_START = 1500.0
PUZZLE_DEVIATION = 200.0
"""A puzzle's starting deviation: its grade already says roughly how hard it is."""
LEVEL_POINTS = 100.0
EFFORT_POINTS = 40.0
START_LEVEL = TECHNIQUES.index("spare") + 1
"""The rung of the technique ladder whose easiest puzzles start at the learner's 1500."""


@dataclass(frozen=True)
class Rating:
    """A Glicko rating: the rating, its deviation and its volatility."""

    rating: float = LEARNER_START
    deviation: float = 350.0
    volatility: float = 0.06

    def expected(self, opponent: Rating) -> float:
        """The chance to beat ``opponent``, from 0 to 1."""
        mu, other = _mu(self), _mu(opponent)
        return _expected(mu, other, _g(opponent.deviation / SCALE))

    def updated(self, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
        """The rating after one period of ``games``: (opponent, score) with score 1 win, 0.5 draw, 0 loss.

        A period without games only makes the deviation grow.
        """
        phi, sigma = self.deviation / SCALE, self.volatility
        if not games:
            return Rating(self.rating, SCALE * math.sqrt(phi**2 + sigma**2), sigma)
        mu = _mu(self)
        weights = [(_g(opponent.deviation / SCALE), _mu(opponent), score) for opponent, score in games]
        expected = [(g, _expected(mu, other, g), score) for g, other, score in weights]
        v = 1 / sum(g**2 * e * (1 - e) for g, e, _ in expected)
        gain = sum(g * (score - e) for g, e, score in expected)
        sigma = _volatility(phi, sigma, v, v * gain, tau)
        phi_star = math.sqrt(phi**2 + sigma**2)
        phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
        mu += phi**2 * gain
        return Rating(SCALE * mu + LEARNER_START, SCALE * phi, sigma)


def rate(learner: Rating, puzzle: Rating, score: float) -> tuple[Rating, Rating]:
    """Both ratings after one try: the learner scored ``score`` against the puzzle (and the puzzle the rest)."""
    return learner.updated([(puzzle, score)]), puzzle.updated([(learner, 1 - score)])


def start_rating(grade: str | None, effort: int | None) -> Rating:
    """A puzzle's rating before anyone has tried it: 100 points a rung of the technique ladder, 40 an effort point.

    The easiest spare puzzles start at 1500, where a new learner starts; a
    puzzle without a grade starts there too.
    """
    if grade not in TECHNIQUES:
        return Rating(LEARNER_START, PUZZLE_DEVIATION)
    level = TECHNIQUES.index(grade) + 1
    points = LEVEL_POINTS * (level - START_LEVEL) + EFFORT_POINTS * ((effort or 1) - 1)
    return Rating(LEARNER_START + points, PUZZLE_DEVIATION)


def _mu(rating: Rating) -> float:
    return (rating.rating - LEARNER_START) / SCALE


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi**2 / math.pi**2)


def _expected(mu: float, other: float, g: float) -> float:
    return 1 / (1 + math.exp(-g * (mu - other)))


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    low = a
    if delta**2 > phi**2 + v:
        high = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > EPSILON:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = middle, f_middle
    return math.exp(low / 2)


__all__ = ["Rating", "rate", "start_rating"]
