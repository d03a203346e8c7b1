"""The teacher's live view of the class, headless: the class server's overview put in words.

The class server's teacher's overview (``GET /api/class``, read with the teacher's token through
:class:`~machiavelli_kit.classroom.server.client.ClassClient`) says who is online and every table with
its seats and whose turn it is. :func:`class_picture` turns it into what the teacher's page shows: each
table in words, whose turn, and which seats may go to a computer player (a seat free, or whose learner
is not connected, at a game not over), and the puzzles each learner worked at in the trainer, marked as the
trainer's list marks them (✓ solved on their own, ◑ solved with help, ✗ not solved yet), with the themes the
class misses most. With ``hide_names`` (a projector's mode) no learner's name is in it: a learner is their
seat, and the puzzles are the class's totals only.

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
>>> overview["progress"] = [{"name": "Ada", "puzzles": [{"puzzle": "bga-3", "status": "solved", "hints": 0},
...     {"puzzle": "it-1", "status": "solved with help", "hints": 4}]}]
>>> overview["themes"] = [{"theme": "chain", "missed": 3, "tried": 4}]
>>> picture = class_picture(overview)
>>> print(picture.learners[0].line)
Ada: ✓ bga-3 · ◑ it-1
>>> print(picture.themes)
Themes the class misses most: chain (3 of 4 tries)
>>> hidden = class_picture(overview, hide_names=True)
>>> hidden.learners, hidden.work
((), 'The class: ✓ 1 · ◑ 1 · ✗ 0')

A tournament's round and standings (a learner's number instead of their name when names are hidden):

>>> overview["tournaments"] = [{"id": "t7", "status": "playing", "round": 2, "rounds": 3, "standings": [
...     {"name": "Ben", "number": "2", "games": 1, "wins": 1, "points": 31, "tiebreak": 0, "rank": 1},
...     {"name": "Ada", "number": "1", "games": 1, "wins": 0, "points": 0, "tiebreak": 1, "rank": 2}]}]
>>> tournament = class_picture(overview).tournaments[0]
>>> print(tournament.state)
Tournament t7: round 2 of 3
>>> tournament.lines
('1. Ben: 1 win in 1 game, 31 points', '2. Ada: 0 wins in 1 game, 0 points')
>>> class_picture(overview, hide_names=True).tournaments[0].lines[0]
'1. 2: 1 win in 1 game, 31 points'
>>> class_picture(overview, hide_names=True).tournaments[0].rows[0]
StandingRow(rank=1, name='2', games=1, wins=1, points=31, tiebreak=0)

The tables of the round being played, with their players (numbers when names are hidden):

>>> overview["tournaments"][0]["tables"] = [{"round": 2, "number": 1, "table": "k3x9", "status": "playing",
...     "time_left": 461.3}]
>>> table = class_picture(overview, hide_names=True).tournaments[0].tables[0]
>>> table.players, table.state
(('1', '2', 'greedy (computer)'), 'turn 8: 2 to move · time left: 7:42')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from machiavelli_kit.classroom import identity
from machiavelli_kit.classroom.lobby import class_server_url
from machiavelli_kit.classroom.server.client import ClassClient
from machiavelli_kit.core.rules import Rules, RulesError
from machiavelli_kit.core.rules_words import rules_text
from machiavelli_kit.game.flow import limit_words
from machiavelli_kit.i18n import _, ngettext, speaking
from machiavelli_kit.practice.progress import FAILED, HELPED, MARKS, SOLVED
from machiavelli_kit.puzzles.names import theme_name

MOST_THEMES = 5
"""How many of the themes the class misses the view names."""


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
class LearnerPicture:
    """A learner's puzzles as the teacher sees them: solved on their own, with help, not solved yet (ids), and
    all of it in a line."""

    name: str
    solved: tuple[str, ...]
    helped: tuple[str, ...]
    failed: tuple[str, ...]
    line: str


@dataclass(frozen=True)
class StandingRow:
    """A line of a tournament's standings as the teacher's view shows it (``name``: a number when names are
    hidden, the same number the server gives that learner)."""

    rank: int
    name: str
    games: int
    wins: int
    points: int
    tiebreak: int


@dataclass(frozen=True)
class RoundTable:
    """A table of the round being played: its number, who sits there in words, and how its game stands (with the
    time left on its clock)."""

    number: int
    players: tuple[str, ...]
    state: str


@dataclass(frozen=True)
class TournamentPicture:
    """A tournament as the teacher sees it: its round in words, the standings a line a learner (and as rows),
    its status, and the tables of the round being played."""

    id: str
    state: str
    lines: tuple[str, ...]
    status: str = "open"
    rows: tuple[StandingRow, ...] = ()
    tables: tuple[RoundTable, ...] = ()


@dataclass(frozen=True)
class ClassPicture:
    """The class as the teacher's live view shows it: who is online (a line), every table, each learner's puzzles
    (none with hidden names), the class's puzzles in a line, and the themes it misses most (a line, or empty)."""

    online: str
    tables: tuple[TablePicture, ...]
    learners: tuple[LearnerPicture, ...] = ()
    work: str = ""
    themes: str = ""
    tournaments: tuple[TournamentPicture, ...] = ()


def teacher_client() -> ClassClient | None:
    """A client of this page's class server with the teacher's token (a learner's page never has it:
    ``machiavelli-kit app`` gives it to the teacher's pages only) or, on a hub, the page's hub token (the server
    opens the view to a hub admin only); ``None`` when the page has no server or neither
    (:func:`machiavelli_kit.classroom.identity.teacher_client`)."""
    url = class_server_url()
    return None if url is None else identity.teacher_client(url)


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
        learners = tuple(_learner(learner) for learner in overview.get("progress", ()))
        work = _work(learners)
        return ClassPicture(
            line.format(count=len(online), names=", ".join(online)),
            tables,
            () if hide_names else learners,
            work,
            _themes(overview.get("themes", ())),
            tuple(
                _tournament(tournament, hide_names, overview.get("tables", ()))
                for tournament in overview.get("tournaments", ())
            ),
        )


def _tournament(
    tournament: Mapping[str, Any], hide_names: bool, tables: Sequence[Mapping[str, Any]] = ()
) -> TournamentPicture:
    """A tournament's round and standings in words (each learner's number for their name when names are hidden)."""
    key = tournament["id"]
    if tournament["status"] == "open":
        state = _("Tournament {id}: waiting for the teacher to start it").format(id=key)
    elif tournament["status"] == "over":
        state = _("Tournament {id}: over").format(id=key)
    else:
        state = _("Tournament {id}: round {round} of {rounds}").format(
            id=key, round=tournament["round"], rounds=tournament["rounds"]
        )
    lines = []
    for line in tournament.get("standings", ()):
        wins = ngettext("{count} win", "{count} wins", line["wins"]).format(count=line["wins"])
        games = ngettext("in {count} game", "in {count} games", line["games"]).format(count=line["games"])
        points = ngettext("{count} point", "{count} points", line["points"]).format(count=line["points"])
        name = line["number"] if hide_names else line["name"]
        # TRANSLATORS: a line of a tournament's standings: "1. Ada: 2 wins in 3 games, 31 points".
        lines.append(
            _("{rank}. {name}: {wins} {games}, {points}").format(
                rank=line["rank"], name=name, wins=wins, games=games, points=points
            )
        )
    rows = tuple(
        StandingRow(
            line["rank"],
            str(line["number"] if hide_names else line["name"]),
            line["games"],
            line["wins"],
            line["points"],
            line["tiebreak"],
        )
        for line in tournament.get("standings", ())
    )
    numbers = {line["name"]: str(line["number"]) for line in tournament.get("standings", ())}
    return TournamentPicture(
        key,
        state,
        tuple(lines),
        str(tournament["status"]),
        rows,
        _round_tables(tournament, tables, numbers, hide_names),
    )


def _round_tables(
    tournament: Mapping[str, Any], tables: Sequence[Mapping[str, Any]], numbers: Mapping[str, str], hide_names: bool
) -> tuple[RoundTable, ...]:
    """The tables of the round being played, their players (each learner's number when names are hidden)."""
    by_id = {str(table.get("id")): table for table in tables}
    found = []
    for entry in tournament.get("tables", ()):
        table = by_id.get(str(entry.get("table")))
        if entry.get("round") != tournament.get("round") or table is None:
            continue
        picture = _table(table, set(), False)
        players = tuple(
            numbers.get(str(seat.get("name")), "?") if hide_names and seat.get("name") else who
            for seat, who in zip(table.get("seats", ()), (seat.who for seat in picture.seats), strict=False)
        )
        if hide_names and table.get("status") == "playing":  # whose turn, by number
            mover = next(
                (
                    who
                    for seat, who in zip(table.get("seats", ()), players, strict=False)
                    if seat.get("seat") == table.get("to_move")
                ),
                "?",
            )
            state = _("turn {turn}: {player} to move").format(turn=int(table.get("turns") or 0) + 1, player=mover)
        else:
            state = picture.state
        left = limit_words(entry.get("time_left"), None, time_up=False)
        found.append(RoundTable(int(entry.get("number") or 0), players, state if left is None else f"{state} · {left}"))
    return tuple(found)


def _learner(learner: Mapping[str, Any]) -> LearnerPicture:
    by_status: dict[str, list[str]] = {SOLVED: [], HELPED: [], FAILED: []}
    for puzzle in learner.get("puzzles", ()):
        by_status.get(str(puzzle.get("status")), []).append(str(puzzle.get("puzzle")))
    parts = [f"{MARKS[status]} {', '.join(ids)}" for status, ids in by_status.items() if ids]
    name = str(learner.get("name"))
    # TRANSLATORS: a learner's puzzles in the teacher's live view, e.g. "Ada: ✓ bga-3, it-1 · ✗ chain-4".
    line = _("{name}: {puzzles}").format(name=name, puzzles=" · ".join(parts)) if parts else name
    solved, helped, failed = (tuple(by_status[status]) for status in (SOLVED, HELPED, FAILED))
    return LearnerPicture(name, solved, helped, failed, line)


def _work(learners: Sequence[LearnerPicture]) -> str:
    if not learners:
        return _("No puzzles tried yet.")
    solved = sum(len(learner.solved) for learner in learners)
    helped = sum(len(learner.helped) for learner in learners)
    failed = sum(len(learner.failed) for learner in learners)
    # TRANSLATORS: the class's puzzles in the teacher's live view: ✓ solved on their own, ◑ with help, ✗ not yet.
    return _("The class: ✓ {solved} · ◑ {helped} · ✗ {failed}").format(solved=solved, helped=helped, failed=failed)


def _themes(themes: Sequence[Mapping[str, Any]]) -> str:
    named = []
    for theme in themes[:MOST_THEMES]:
        missed, tried = int(theme.get("missed") or 0), int(theme.get("tried") or 0)
        # TRANSLATORS: a theme the class misses: {theme} is its name, e.g. "chain (3 of 4 tries)".
        entry = ngettext("{theme} ({missed} of {count} try)", "{theme} ({missed} of {count} tries)", tried)
        named.append(entry.format(theme=theme_name(str(theme.get("theme"))), missed=missed, count=tried))
    return _("Themes the class misses most: {themes}").format(themes=", ".join(named)) if named else ""


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
