"""The standings of a class tournament, from its finished games.

Each learner's line counts the games played, the games won and the tournament's **points**: the winner of
a game scores the points left in every other hand at the table (computer players' hands too), so a win that
leaves the others with many cards scores more; a loser and a draw score nothing (2-10 their face value,
J Q K 10, A 11, a joker 25, whatever the rules' scoring). The **tie-break** is the sum of the wins of the
learners each one played against (once per game played together): a win against strong players counts
more. The order is by wins, then points, then tie-break, most first; learners equal in all three share
their rank. Every entrant has a line, also those who have played no game yet.

>>> from machiavelli_kit.classroom.tournament.outcome import GameOutcome
>>> games = [GameOutcome(1, "1", ("ada", "ben"), "ada", (0, 12), "closed"),
...          GameOutcome(1, "2", ("cy", None), "cy", (3, 20), "time"),
...          GameOutcome(2, "1", ("ada", "cy"), None, (4, 4), "time")]
>>> for line in standings({"ada": "Ada", "ben": "Ben", "cy": "Cy", "dee": "Dee"}, games):
...     print(line.rank, line.name, line.games, line.wins, line.points, line.tiebreak)
1 Cy 2 1 20 1
2 Ada 2 1 12 1
3 Ben 1 0 0 1
4 Dee 0 0 0 0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from machiavelli_kit.classroom.tournament.outcome import GameOutcome
from machiavelli_kit.i18n import _


class StandingsError(ValueError):
    """Games that cannot make standings: the message names the game and why."""


@dataclass(frozen=True)
class Standing:
    """One learner's line: their key and name, games played and won, tournament points, tie-break and rank
    (from 1; shared on a full tie)."""

    key: str
    name: str
    games: int
    wins: int
    points: int
    tiebreak: int
    rank: int


def standings(names: Mapping[str, str], outcomes: Sequence[GameOutcome]) -> list[Standing]:
    """Every entrant of ``names`` (key to name) ranked after ``outcomes``: best first, equals by name."""
    games, wins, points = Counter[str](), Counter[str](), Counter[str]()
    seen: set[tuple[int, str]] = set()
    for outcome in outcomes:
        _check(outcome, names, seen)
        for key in outcome.seats:
            if key is not None:
                games[key] += 1
        if outcome.winner is not None:
            wins[outcome.winner] += 1
            winner_seat = outcome.seats.index(outcome.winner)
            points[outcome.winner] += sum(left for seat, left in enumerate(outcome.points) if seat != winner_seat)
    tiebreak = Counter[str]()
    for outcome in outcomes:
        for key in outcome.seats:
            if key is not None:
                tiebreak[key] += sum(wins[other] for other in outcome.seats if other is not None and other != key)
    order = sorted(names, key=lambda key: (-wins[key], -points[key], -tiebreak[key], names[key].casefold(), key))
    lines: list[Standing] = []
    for place, key in enumerate(order, start=1):
        score = (wins[key], points[key], tiebreak[key])
        above = lines[-1] if lines else None
        rank = above.rank if above is not None and (above.wins, above.points, above.tiebreak) == score else place
        lines.append(Standing(key, names[key], games[key], wins[key], points[key], tiebreak[key], rank))
    return lines


def _check(outcome: GameOutcome, names: Mapping[str, str], seen: set[tuple[int, str]]) -> None:
    where = _("the game at table {table} in round {round}").format(table=outcome.table, round=outcome.round)
    if (outcome.round, outcome.table) in seen:
        raise StandingsError(_("{where} is counted twice").format(where=where))
    seen.add((outcome.round, outcome.table))
    for key in outcome.seats:
        if key is not None and key not in names:
            raise StandingsError(_("{where}: {key} is not in the tournament").format(where=where, key=key))
    if len(outcome.points) != len(outcome.seats):
        raise StandingsError(_("{where}: its points are not one number per player").format(where=where))
    if outcome.winner is not None and outcome.winner not in outcome.seats:
        raise StandingsError(_("{where}: its winner did not play there").format(where=where))
