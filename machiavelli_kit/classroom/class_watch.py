"""The teacher's live view of the class, headless: the class server's overview put in words.

The class server's teacher's overview (``GET /api/class``, read with the teacher's token through
:class:`~machiavelli_kit.classroom.server.client.ClassClient`) says who is online and every table with
its seats and whose turn it is. :func:`class_picture` turns it into what the teacher's page shows: each
table in words, whose turn, and which seats may go to a computer player (a seat free, or whose learner
is not connected, at a game not over). With ``hide_names`` (a projector's mode) no learner's name is in
it: a learner is their seat.

>>> overview = {"online": ["Ada"], "tables": [{"id": "k3x9", "rules": "bga", "status": "playing",
...     "turn_seconds": None, "to_move": 1, "turns": 7, "seats": [
...     {"seat": 0, "name": "Ada", "computer": None}, {"seat": 1, "name": "Ben", "computer": None},
...     {"seat": 2, "name": None, "computer": "greedy"}]}]}
>>> picture = class_picture(overview)
>>> print(picture.online)
1 learner online: Ada
>>> table = picture.tables[0]
>>> print(table.state)
turn 8: Ben to move
>>> [(seat.who, seat.free_for_computer) for seat in table.seats]
[('Ada', False), ('Ben', True), ('greedy (computer)', False)]
>>> print(class_picture(overview, hide_names=True).tables[0].state)
turn 8: seat 2 to move
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from machiavelli_kit.classroom.lobby import class_server_url
from machiavelli_kit.classroom.server import TEACHER_TOKEN_VARIABLE
from machiavelli_kit.classroom.server.client import ClassClient
from machiavelli_kit.core.rules import Rules, RulesError
from machiavelli_kit.core.rules_words import rules_text
from machiavelli_kit.i18n import _, ngettext, speaking


@dataclass(frozen=True)
class SeatPicture:
    """A seat as the teacher sees it: who sits there in words, and whether it may go to a computer player."""

    seat: int
    who: str
    to_move: bool
    free_for_computer: bool


@dataclass(frozen=True)
class TablePicture:
    """A table as the teacher sees it: its id, rules in words, how its game stands, its seats."""

    id: str
    rules: str
    state: str
    seats: tuple[SeatPicture, ...]


@dataclass(frozen=True)
class ClassPicture:
    """The class as the teacher's live view shows it: who is online (a line), every table."""

    online: str
    tables: tuple[TablePicture, ...]


def teacher_client() -> ClassClient | None:
    """A client of this page's class server with the teacher's token, or ``None`` when the page has not both
    (a learner's page never has the token: ``machiavelli-kit app`` gives it to the teacher's pages only)."""
    url, token = class_server_url(), os.environ.get(TEACHER_TOKEN_VARIABLE, "").strip()
    return ClassClient(url, token, patience=0) if url and token else None


def class_picture(overview: Mapping[str, Any], *, hide_names: bool = False, lang: str | None = None) -> ClassPicture:
    """The teacher's ``overview`` of the class (the class server's answer) in words; with ``hide_names``, no
    learner's name is in it (a learner is their seat), for a projector."""
    with speaking(lang):
        online = sorted(str(name) for name in overview.get("online", ()))
        if hide_names:
            line = ngettext("{count} learner online", "{count} learners online", len(online))
        elif online:
            line = ngettext("{count} learner online: {names}", "{count} learners online: {names}", len(online))
        else:
            line = _("Nobody is online yet.")
        tables = tuple(_table(table, set(online), hide_names) for table in overview.get("tables", ()))
        return ClassPicture(line.format(count=len(online), names=", ".join(online)), tables)


def _table(table: Mapping[str, Any], online: set[str], hide_names: bool) -> TablePicture:
    status, to_move = str(table.get("status")), table.get("to_move")
    seats = tuple(_seat(seat, online, hide_names, status, to_move) for seat in table.get("seats", ()))
    try:
        rules = rules_text(Rules.parse(str(table.get("rules"))))
    except RulesError:
        rules = str(table.get("rules"))
    if status == "open":
        free = sum(1 for seat in table.get("seats", ()) if not seat.get("name") and not seat.get("computer"))
        state = ngettext("waiting for {count} more player", "waiting for {count} more players", free)
        state = state.format(count=free)
    elif status == "over":
        state = _("the game is over")
    else:
        mover = next((seat.who for seat in seats if seat.to_move), "?")
        state = _("turn {turn}: {player} to move").format(turn=int(table.get("turns") or 0) + 1, player=mover)
    return TablePicture(str(table.get("id")), rules, state, seats)


def _seat(seat: Mapping[str, Any], online: set[str], hide_names: bool, status: str, to_move: object) -> SeatPicture:
    number, name, computer = int(seat["seat"]), seat.get("name"), seat.get("computer")
    if computer:
        who = _("{player} (computer)").format(player=computer)
    elif name:
        who = _("seat {number}").format(number=number + 1) if hide_names else str(name)
    else:
        who = _("a free seat")
    free = status != "over" and not computer and (not name or name not in online)
    return SeatPicture(number, who, status == "playing" and to_move == number, free)
