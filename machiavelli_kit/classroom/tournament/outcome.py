"""What one game of a tournament gave: who sat where, who won, the points left in each hand, and why it ended.

A game's record (:mod:`machiavelli_kit.game.record`) knows its players' names; a tournament knows its
entrants by key. :func:`outcome_of` reads the record's result for the seats the tournament gave, each an
entrant's key or ``None`` for a computer player. Points are the cards left in hand, as the record's result
counts them, or as the points rules would count them when the game scored single games (the fewest cards won):
a tournament compares games by points whatever the rules.

>>> record = {"players": ["Ada", "computer"], "result": {"winner": 0, "reason": "time",
...           "hands": [["5H"], ["KS", "AC"]], "points": None}}
>>> outcome = outcome_of(record, 1, "A", ["ada", None])
>>> outcome.winner, outcome.points, outcome.reason
('ada', (5, 21), 'time')
>>> outcome_of({**record, "result": None}, 1, "A", ["ada", None])
Traceback (most recent call last):
...
machiavelli_kit.classroom.tournament.outcome.OutcomeError: the game at table A in round 1 is not over yet
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from machiavelli_kit.core.cards import NotationError, parse_card
from machiavelli_kit.game.scoring import hand_points
from machiavelli_kit.i18n import _, ngettext


class OutcomeError(ValueError):
    """A record that cannot give a tournament's outcome: the message says which game and why."""


@dataclass(frozen=True)
class GameOutcome:
    """One finished game: its round and table, the entrants' keys by seat (``None``: a computer player), the
    winner's key (``None``: a computer player won, or a draw), the points left in each seat's hand, and why it
    ended (the record's ``result.reason``: ``closed``, ``stock_out``, ``blocked``, ``time`` or ``turns``)."""

    round: int
    table: str
    seats: tuple[str | None, ...]
    winner: str | None
    points: tuple[int, ...]
    reason: str


def outcome_of(record: Mapping[str, Any], round: int, table: str, seats: Sequence[str | None]) -> GameOutcome:
    """The outcome of the finished game in ``record`` (the kit's JSON record, as data) played by ``seats``.

    The record's turns are not replayed here: the class server replayed each as it was played
    (:func:`machiavelli_kit.game.record.loads` checks a record from elsewhere)."""
    # TRANSLATORS: names one game of a class tournament in an error: "the game at table 3 in round 2".
    where = _("the game at table {table} in round {round}").format(table=table, round=round)
    players = record.get("players")
    if not isinstance(players, list):
        raise OutcomeError(_("{where} has no list of players in its record").format(where=where))
    if len(players) != len(seats):
        raise OutcomeError(
            ngettext(
                "{where} was played by {players} players, but the tournament seated {count} there",
                "{where} was played by {players} players, but the tournament seated {count} there",
                len(seats),
            ).format(where=where, players=len(players), count=len(seats))
        )
    keys = [seat for seat in seats if seat is not None]
    if len(set(keys)) != len(keys):
        raise OutcomeError(_("{where}: one learner cannot sit in two seats of one game").format(where=where))
    result = record.get("result")
    if result is None:
        raise OutcomeError(_("{where} is not over yet").format(where=where))
    if not isinstance(result, Mapping):
        raise OutcomeError(_("{where}: its record's result is not readable").format(where=where))
    winner, reason = result.get("winner"), result.get("reason")
    if winner is not None and not (_is_int(winner) and 0 <= winner < len(seats)):
        raise OutcomeError(_("{where}: its record names no seat as the winner").format(where=where))
    if not isinstance(reason, str):
        raise OutcomeError(_("{where}: its record does not say why the game ended").format(where=where))
    return GameOutcome(
        round,
        str(table),
        tuple(seats),
        None if winner is None else seats[winner],
        _points(result, where, len(seats)),
        reason,
    )


def _points(result: Mapping[str, Any], where: str, players: int) -> tuple[int, ...]:
    """The points left in each hand: the result's own, or counted from its hands under single scoring."""
    points = result.get("points")
    if points is not None:
        if (
            isinstance(points, list)
            and len(points) == players
            and all(_is_int(value) and value >= 0 for value in points)
        ):
            return tuple(points)
        raise OutcomeError(_("{where}: its record's points are not one number per player").format(where=where))
    hands = result.get("hands")
    if not (isinstance(hands, list) and len(hands) == players and all(_is_codes(hand) for hand in hands)):
        raise OutcomeError(_("{where}: its record's hands are not one list of cards per player").format(where=where))
    try:
        return tuple(hand_points(parse_card(code, "en") for code in hand) for hand in hands)
    except NotationError as error:
        raise OutcomeError(f"{where}: {error}") from None


def _is_codes(value: object) -> TypeGuard[list[str]]:
    return isinstance(value, list) and all(isinstance(code, str) for code in value)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
