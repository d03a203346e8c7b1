"""A class tournament on the class server: who entered, each round's tables, the standings, every game's record.

No network and no clock here: the service (:mod:`.service`) says when a round is over and when the next starts.
Round 1 seats the learners present at random from the tournament's seed, later rounds by the standings
(:func:`~machiavelli_kit.classroom.tournament.pairing.pair_round`); each round's tables are made seated and
started at once, a computer player in each seat no learner has, with the round's limit of minutes or turns.
A latecomer plays from the next round; a learner who left (:meth:`Tournaments.leave`) is not seated until they
join again. Entrants are known by their learner's key, the standings
(:func:`~machiavelli_kit.classroom.tournament.standings.standings`) counted from the games' records.

>>> from machiavelli_kit.classroom.server.referee import Referee
>>> from machiavelli_kit.classroom.server.store import LearnerRow, Store
>>> store = Store("sqlite://")
>>> tournaments = Tournaments(store, Referee(store))
>>> row = tournaments.new("bga", rounds=2, table_size=2, minutes=None, turns=30, seed=4)
>>> for name in ("Ada", "Bob", "Cy"):
...     learner = LearnerRow(store.add_learner(name, name.lower(), "en", name * 32), name, name.lower(), "en")
...     _round = tournaments.join(row.id, learner)
>>> seated = tournaments.start(row.id)
>>> sorted(seated), tournaments.row(row.id).round  # three at tables of two: one sits round 1 out (Bob)
([1, 3], 1)
>>> tournaments.new("bga", rounds=2, table_size=5, minutes=10, turns=None)
Traceback (most recent call last):
...
machiavelli_kit.classroom.server.referee.Refused: a tournament's tables have 2 to 4 players, not 5
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from typing import Any

from machiavelli_kit.classroom.server.referee import TABLE_ID_LENGTH, TABLE_ID_LETTERS, Referee, Refused, check_kind
from machiavelli_kit.classroom.server.store import LearnerRow, RoundTableRow, Store, TournamentRow
from machiavelli_kit.classroom.tournament.files import shown_names
from machiavelli_kit.classroom.tournament.outcome import GameOutcome, outcome_of
from machiavelli_kit.classroom.tournament.pairing import LARGEST_TABLE, SMALLEST_TABLE, Pairing, pair_round
from machiavelli_kit.classroom.tournament.standings import Standing, standings
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.game.limits import Limit
from machiavelli_kit.game.record import to_record
from machiavelli_kit.i18n import _

MOST_ROUNDS = 20
"""More rounds than any lesson holds."""
PAUSE = 30.0
"""The default seconds between two rounds, for the class to look at the standings."""
MOST_PAUSE = 600.0
COMPUTER = "greedy"
"""The default computer player of a short table and of a seat left empty."""


class Tournaments:
    """Every tournament of the class, in ``store``; its tables are the ``referee``'s."""

    def __init__(self, store: Store, referee: Referee) -> None:
        self.store, self.referee = store, referee
        self.rows: dict[str, TournamentRow] = {row.id: row for row in store.tournaments()}
        self.tables: dict[str, list[RoundTableRow]] = {key: store.round_tables(key) for key in self.rows}

    # the teacher's

    def new(
        self,
        rules: str,
        *,
        rounds: int,
        table_size: int,
        minutes: float | None,
        turns: int | None,
        pause: float = PAUSE,
        computer: str = COMPUTER,
        names_shown: bool = True,
        seed: int | None = None,
    ) -> TournamentRow:
        """A new tournament, open for learners to join; refused in words if a setting cannot be."""
        parsed = Rules.parse(rules)  # RulesError says what is wrong with the rules
        if not 1 <= rounds <= MOST_ROUNDS:
            raise Refused(_("a tournament has 1 to {most} rounds, not {count}").format(most=MOST_ROUNDS, count=rounds))
        if not SMALLEST_TABLE <= table_size <= LARGEST_TABLE:
            raise Refused(
                _("a tournament's tables have {low} to {high} players, not {count}").format(
                    low=SMALLEST_TABLE, high=LARGEST_TABLE, count=table_size
                )
            )
        limit = Limit(turns=turns, minutes=minutes)  # LimitError says what a limit may be
        if not limit:
            raise Refused(_("give each round a length in minutes (or turns), so that the rounds end on time"))
        if not 0 <= pause <= MOST_PAUSE:
            raise Refused(
                _("the pause between rounds is 0 to {most:g} seconds, not {value:g}").format(
                    most=MOST_PAUSE, value=pause
                )
            )
        check_kind(computer)
        row = TournamentRow(
            _new_id(),
            parsed.spelled("stock_out"),
            rounds,
            table_size,
            minutes,
            turns,
            pause,
            computer,
            names_shown,
            secrets.randbelow(2**31) if seed is None else seed,
            "open",
            0,
        )
        self.store.add_tournament(row)
        self.rows[row.id], self.tables[row.id] = row, []
        return row

    def start(self, tournament_id: str) -> dict[int, tuple[str, int]]:
        """Start round 1 with the learners who joined: each learner's table and seat."""
        row = self.row(tournament_id)
        if row.status != "open":
            raise Refused(_("this tournament has already started"))
        if sum(entrant.present for entrant in self.store.entrants(tournament_id)) < SMALLEST_TABLE:
            raise Refused(_("a tournament starts when at least two learners have joined it"))
        return self.start_round(tournament_id)

    # the learners'

    def join(self, tournament_id: str, learner: LearnerRow) -> int:
        """Enter ``learner`` (or bring them back after they left): the round they play from."""
        row = self.row(tournament_id)
        if row.status == "over":
            raise Refused(_("this tournament is over: there are no more rounds to join"))
        known = next((entrant for entrant in self.store.entrants(tournament_id) if entrant.learner == learner.id), None)
        self.store.add_entrant(tournament_id, learner.id, row.round + 1 if known is None else known.first_round)
        return row.round if self.seat_of(tournament_id, learner.id) is not None else row.round + 1

    def leave(self, tournament_id: str, learner: int) -> None:
        """``learner`` left: they are not seated in later rounds until they join again."""
        self.store.set_present(tournament_id, learner, False)

    # the rounds

    def row(self, tournament_id: str) -> TournamentRow:
        row = self.rows.get(tournament_id)
        if row is None:
            raise Refused(_("there is no tournament {id} on this server").format(id=tournament_id))
        return row

    def of_table(self, table_id: str) -> str | None:
        """The tournament whose round the table is in, if any."""
        return next((key for key, tables in self.tables.items() if any(t.table == table_id for t in tables)), None)

    def round_over(self, tournament_id: str) -> bool:
        """Whether every table of the round being played is over."""
        row = self.row(tournament_id)
        return row.status == "playing" and all(
            self.referee.status(table.table) == "over"
            for table in self.tables[tournament_id]
            if table.round == row.round
        )

    def finish_round(self, tournament_id: str) -> dict[int, tuple[str, int]]:
        """After a round is over: the next round's seats, or none once the last round is played (it is over)."""
        row = self.row(tournament_id)
        here = [e for e in self.store.entrants(tournament_id) if e.present and e.first_round <= row.round + 1]
        if row.round >= row.rounds or len(here) < SMALLEST_TABLE:  # the last round, or too few left to play
            self.store.set_round(tournament_id, row.round, "over")
            self.rows[tournament_id] = dataclasses.replace(row, status="over")
            return {}
        return self.start_round(tournament_id)

    def start_round(self, tournament_id: str) -> dict[int, tuple[str, int]]:
        """Seat the next round (:func:`pair_round`) and make its tables: each seated learner's table and seat."""
        row = self.row(tournament_id)
        number = row.round + 1
        learners = self._learners(tournament_id)
        present = [
            learners[entrant.learner].key
            for entrant in self.store.entrants(tournament_id)
            if entrant.present and entrant.first_round <= number
        ]
        by_key = {learner.key: learner for learner in learners.values()}
        pairing = pair_round(number, present, row.table_size, self.standings(tournament_id), self._past(row), row.seed)
        made: dict[str, tuple[int | None, ...]] = {}
        seated: dict[int, tuple[str, int]] = {}
        for index, keys in enumerate(pairing.tables, start=1):
            people = {seat: by_key[key] for seat, key in enumerate(keys) if key is not None}
            computers = {seat: row.computer for seat, key in enumerate(keys) if key is None}
            table = self.referee.new_table(
                row.rules,
                len(keys),
                computers,
                seed=random.Random(f"machiavelli-kit tournament {row.seed} round {number} table {index}").randrange(
                    2**31
                ),
                limit=Limit(turns=row.turns, minutes=row.minutes),
                seated=people,
            )
            made[table.id] = tuple(None if key is None else by_key[key].id for key in keys)
            seated.update({learner.id: (table.id, seat) for seat, learner in people.items()})
        out = [by_key[key].id for key in pairing.sitting_out]
        self.store.add_round(tournament_id, number, made, out)
        self.rows[tournament_id] = dataclasses.replace(row, round=number, status="playing")
        self.tables[tournament_id] = self.store.round_tables(tournament_id)
        return seated

    def _past(self, row: TournamentRow) -> list[Pairing]:
        learners = self._learners(row.id)
        out = self.store.sitting_out(row.id)
        return [
            Pairing(
                number,
                tuple(
                    tuple(None if seat is None else learners[seat].key for seat in table.seats)
                    for table in self.tables[row.id]
                    if table.round == number
                ),
                tuple(learners[learner].key for learner in out.get(number, [])),
            )
            for number in range(1, row.round + 1)
        ]

    def _learners(self, tournament_id: str) -> dict[int, LearnerRow]:
        found = {entrant.learner: self.store.learner(entrant.learner) for entrant in self.store.entrants(tournament_id)}
        return {key: learner for key, learner in found.items() if learner is not None}

    def seat_of(self, tournament_id: str, learner: int) -> tuple[str, int] | None:
        """The learner's table and seat in the round being played, if they have one."""
        row = self.row(tournament_id)
        for table in self.tables[tournament_id]:
            if table.round == row.round and learner in table.seats:
                return table.table, table.seats.index(learner)
        return None

    # what it gave

    def outcomes(self, tournament_id: str) -> list[GameOutcome]:
        """Every finished game of the tournament, read from its record."""
        learners = self._learners(tournament_id)
        found = []
        for table in self.tables[tournament_id]:
            game = self.referee.table(table.table).game
            if game is None or not game.over:
                continue
            seats = [None if seat is None else learners[seat].key for seat in table.seats]
            found.append(outcome_of(to_record(game), table.round, str(table.number), seats))
        return found

    def standings(self, tournament_id: str) -> list[Standing]:
        names = {learner.key: learner.name for learner in self._learners(tournament_id).values()}
        return standings(names, self.outcomes(tournament_id))

    def summary(self, tournament_id: str, learner: LearnerRow | None, *, teacher: bool) -> dict[str, Any]:
        """The tournament as the teacher (every name) or a learner (names as the teacher chose, their own line
        marked ``you``, their table now) may see it."""
        row = self.row(tournament_id)
        table = self.standings(tournament_id)
        shown = shown_names(table, hide_names=not (teacher or row.names_shown))
        numbers = shown_names(table, hide_names=True)
        you = None if learner is None else learner.key
        seat = None if learner is None else self.seat_of(tournament_id, learner.id)
        entered = learner is not None and any(e.learner == learner.id for e in self.store.entrants(tournament_id))
        return {
            "id": row.id,
            "rules": row.rules,
            "rounds": row.rounds,
            "table_size": row.table_size,
            "minutes": row.minutes,
            "turns": row.turns,
            "status": row.status,
            "round": row.round,
            "standings": [
                {
                    "name": shown[line.key] if line.key != you else line.name,
                    "games": line.games,
                    "wins": line.wins,
                    "points": line.points,
                    "tiebreak": line.tiebreak,
                    "rank": line.rank,
                    "number": numbers[line.key],
                    **({"you": True} if line.key == you else {}),
                }
                for line in table
            ],
            "entered": entered,
            "you": None if seat is None else {"round": row.round, "table": seat[0], "seat": seat[1]},
            "tables": [
                {
                    "round": t.round,
                    "number": t.number,
                    "table": t.table,
                    "status": self.referee.status(t.table),
                    "time_left": self.referee.time_left(t.table),
                }
                for t in self.tables[tournament_id]
            ]
            if teacher
            else [],
        }

    def records(self, tournament_id: str) -> list[dict[str, Any]]:
        """Every finished game's record (JSON text), with its round and table number."""
        self.row(tournament_id)
        return [
            {
                "round": table.round,
                "number": table.number,
                "table": table.table,
                "record": self.referee.record(table.table),
            }
            for table in self.tables[tournament_id]
            if self.referee.status(table.table) == "over"
        ]


def round_message(tournament_id: str, round: int, table: str, seat: int) -> dict[str, object]:
    """What a learner's connection is told as a round starts: their table, which their client opens by itself."""
    return {"type": "round", "tournament": tournament_id, "round": round, "table": table, "seat": seat}


def _new_id() -> str:
    return "".join(secrets.choice(TABLE_ID_LETTERS) for _ in range(TABLE_ID_LENGTH))
