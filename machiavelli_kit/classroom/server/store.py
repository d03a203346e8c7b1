"""The class server's database: learners, tables, seats and every turn, through SQLAlchemy.

SQLite in the kit's data folder by default (nothing to set up), PostgreSQL by URL for a school's hub
(``postgresql+psycopg://user@host/db``). Each change is one transaction, committed before the
server tells anyone of it; a turn's number is unique within its table, so a turn is written once.

>>> store = Store("sqlite://")
>>> ada = store.add_learner("Ada", "ada", "it", "0" * 64)
>>> store.add_table(TableRow("t1", "bga", 2, 7, None, "open", ada), {1: "greedy"})
>>> store.take_seat("t1", 0, ada, start=True)
>>> [seat.learner for seat in store.seats("t1")], store.table("t1").status
([1, None], 'playing')
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.exc import ArgumentError, IntegrityError, OperationalError

from machiavelli_kit.i18n import _
from machiavelli_kit.practice.progress import default_path

Status = Literal["open", "playing", "over"]
DATABASE_FILE = "class-server.sqlite"
"""The default database, in the kit's data folder beside the learner's progress file and the app's key."""
BUSY_MILLISECONDS = 5000
"""How long SQLite waits for another writer before it gives up."""

metadata = MetaData()
learners = Table(
    "learners",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(80), nullable=False),
    Column("key", String(200), nullable=False, unique=True),
    Column("lang", String(8), nullable=False),
    Column("secret_hash", String(64), nullable=False, unique=True),
    Column("created", DateTime(timezone=True), nullable=False),
)
tables = Table(
    "tables",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("rules", String(400), nullable=False),
    Column("seats", Integer, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("turn_seconds", Float, nullable=True),
    Column("status", String(8), nullable=False),
    Column("maker", Integer, ForeignKey("learners.id"), nullable=True),
    Column("created", DateTime(timezone=True), nullable=False),
)
seats = Table(
    "seats",
    metadata,
    Column("table_id", String(16), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("learner", Integer, ForeignKey("learners.id"), nullable=True),
    Column("computer", String(20), nullable=True),
)
turns = Table(
    "turns",
    metadata,
    Column("table_id", String(16), ForeignKey("tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("turn", Text, nullable=False),
)
table_limits = Table(
    "table_limits",
    metadata,
    Column("table_id", String(16), ForeignKey("tables.id"), primary_key=True),
    Column("turns", Integer, nullable=True),
    Column("minutes", Float, nullable=True),
    Column("deadline", DateTime(timezone=True), nullable=True),
    Column("time_called", Integer, nullable=True),
)
"""A table's game length: a table of its own, so that a class database made before limits keeps working (the
server adds new tables to a database, never columns). ``deadline``: when a time limit runs out, written as the
game starts; ``time_called``: after how many turns the referee called time."""
tournaments = Table(
    "tournaments",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("rules", String(400), nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("table_size", Integer, nullable=False),
    Column("minutes", Float, nullable=True),
    Column("turns", Integer, nullable=True),
    Column("pause", Float, nullable=False),
    Column("computer", String(20), nullable=False),
    Column("names_shown", Boolean, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("status", String(8), nullable=False),
    Column("round", Integer, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)
"""A class tournament, made by the teacher: its rules, rounds, table size, each round's limit (``minutes``,
``turns``), the pause between rounds (seconds), the computer player who fills short tables and takes a seat
left empty, whether learners see one another's names in the standings, its seed, ``open``/``playing``/``over``
and the round being played (0 before it starts)."""
entrants = Table(
    "entrants",
    metadata,
    Column("tournament_id", String(16), ForeignKey("tournaments.id"), primary_key=True),
    Column("learner", Integer, ForeignKey("learners.id"), primary_key=True),
    Column("first_round", Integer, nullable=False),
    Column("present", Boolean, nullable=False),
)
"""Who plays a tournament: from which round (a latecomer from the next one), and whether they are here (a learner
who left is not seated until they come back)."""
round_tables = Table(
    "round_tables",
    metadata,
    Column("table_id", String(16), ForeignKey("tables.id"), primary_key=True),
    Column("tournament_id", String(16), ForeignKey("tournaments.id"), nullable=False),
    Column("round", Integer, nullable=False),
    Column("number", Integer, nullable=False),
    Column("seats", Text, nullable=False),
)
"""Each round's tables: the table, its number in the round, and the learner in each seat (JSON, null for a
computer player)."""
tournament_rounds = Table(
    "tournament_rounds",
    metadata,
    Column("tournament_id", String(16), ForeignKey("tournaments.id"), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("sitting_out", Text, nullable=False),
)
"""Each round made, and who sat it out (JSON: learner ids), so that no one sits out twice."""
progress = Table(
    "progress",
    metadata,
    Column("learner", Integer, ForeignKey("learners.id"), primary_key=True),
    Column("puzzle", String(80), primary_key=True),
    Column("attempts", Integer, nullable=False),
    Column("hints", Integer, nullable=False),
    Column("solved", Boolean, nullable=False),
    Column("helped", Boolean, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)


class StoreError(ValueError):
    """The database cannot be opened, or refused a change (another server wrote it first, or it went away)."""


@dataclass(frozen=True)
class LearnerRow:
    id: int
    name: str
    key: str
    lang: str


@dataclass(frozen=True)
class ProgressRow:
    """A learner's work at one puzzle, as the trainer counts it: answers, hints, solved on their own or with help."""

    name: str
    puzzle: str
    attempts: int
    hints: int
    solved: bool
    helped: bool
    updated: datetime


@dataclass(frozen=True)
class TableRow:
    id: str
    rules: str
    seats: int
    seed: int
    turn_seconds: float | None
    status: Status
    maker: int | None


@dataclass(frozen=True)
class LimitRow:
    """A table's limit of turns or minutes, when its time runs out (once the game started), and after how many
    turns time was called."""

    turns: int | None
    minutes: float | None
    deadline: datetime | None = None
    time_called: int | None = None


@dataclass(frozen=True)
class TournamentRow:
    id: str
    rules: str
    rounds: int
    table_size: int
    minutes: float | None
    turns: int | None
    pause: float
    computer: str
    names_shown: bool
    seed: int
    status: Status
    round: int


@dataclass(frozen=True)
class EntrantRow:
    learner: int
    first_round: int
    present: bool


@dataclass(frozen=True)
class RoundTableRow:
    table: str
    round: int
    number: int
    seats: tuple[int | None, ...]


@dataclass(frozen=True)
class SeatRow:
    seat: int
    learner: int | None
    computer: str | None


def default_url() -> str:
    """SQLite in the kit's data folder (where the learner's progress and the app's key are kept)."""
    return f"sqlite:///{default_path().parent / DATABASE_FILE}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite in WAL mode with a busy timeout, its folder made private if new.

    >>> make_engine("mysql://kit@school/class")
    Traceback (most recent call last):
    ...
    machiavelli_kit.classroom.server.store.StoreError: the class server keeps the class in SQLite or PostgreSQL, ...
    """
    if not url.startswith(("sqlite:", "postgresql:", "postgresql+psycopg:")):
        raise StoreError(
            _(
                "the class server keeps the class in SQLite or PostgreSQL, not {url}: "
                "write sqlite:///FILE or postgresql+psycopg://USER@HOST/DATABASE"
            ).format(url=hidden_password(url))
        )
    if url.startswith("sqlite:///") and url != "sqlite:///:memory:":
        folder = Path(url.removeprefix("sqlite:///")).parent
        if not folder.exists():
            folder.mkdir(parents=True, mode=0o700)
    try:
        engine = create_engine(url)
    except ArgumentError:
        raise StoreError(_("{url} is not a database address").format(url=hidden_password(url))) from None
    except ImportError:
        raise StoreError(_("PostgreSQL needs its driver: pip install 'machiavelli-kit[postgres]'")) from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_settings)
    return engine


def _sqlite_settings(connection: Any, _record: object) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_MILLISECONDS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """The class's rows, read and written one transaction at a time."""

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        try:
            metadata.create_all(self.engine)
        except OperationalError as error:
            raise StoreError(
                _("the database at {url} cannot be opened: {reason}").format(
                    url=hidden_password(url), reason=str(error.orig).splitlines()[0]
                )
            ) from None
        if url.startswith("sqlite:///") and url != "sqlite:///:memory:":
            os.chmod(url.removeprefix("sqlite:///"), 0o600)

    def close(self) -> None:
        self.engine.dispose()

    # learners

    def add_learner(self, name: str, key: str, lang: str, secret_hash: str) -> int:
        """A new learner's id; :class:`StoreError` if the key is taken."""
        row = {"name": name, "key": key, "lang": lang, "secret_hash": secret_hash, "created": _now()}
        try:
            with self.engine.begin() as connection:
                inserted = connection.execute(insert(learners).values(row)).inserted_primary_key
                assert inserted is not None
                return int(inserted[0])
        except IntegrityError:
            raise StoreError(_("this name is already taken on this server: choose another")) from None

    def learner_by_secret(self, secret_hash: str) -> LearnerRow | None:
        return self._learner(learners.c.secret_hash == secret_hash)

    def learner_by_key(self, key: str) -> LearnerRow | None:
        return self._learner(learners.c.key == key)

    def learner(self, learner_id: int) -> LearnerRow | None:
        return self._learner(learners.c.id == learner_id)

    def set_language(self, learner_id: int, lang: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(learners).where(learners.c.id == learner_id).values(lang=lang))

    def _learner(self, where: Any) -> LearnerRow | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(learners).where(where)).first()
        return None if row is None else LearnerRow(row.id, row.name, row.key, row.lang)

    # tables and seats

    def add_table(
        self,
        table: TableRow,
        computers: Mapping[int, str],
        limit: LimitRow | None = None,
        learners: Mapping[int, int] | None = None,
    ) -> None:
        """The table and its seats, the computers' and the ``learners``' filled, and its limit if it has one, in one
        transaction."""
        learners = learners or {}
        with self.engine.begin() as connection:
            values = {**table.__dict__, "created": _now()}
            connection.execute(insert(tables).values(values))
            rows = [
                {"table_id": table.id, "seat": seat, "computer": computers.get(seat), "learner": learners.get(seat)}
                for seat in range(table.seats)
            ]
            connection.execute(insert(seats), rows)
            if limit is not None:
                connection.execute(insert(table_limits).values(table_id=table.id, **limit.__dict__))

    def limits(self) -> dict[str, LimitRow]:
        """Every table's limit, by table id (a table without one is not there)."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(table_limits)).all()
        return {row.table_id: LimitRow(row.turns, row.minutes, _aware(row.deadline), row.time_called) for row in rows}

    def set_deadline(self, table_id: str, deadline: datetime) -> None:
        """When the table's time runs out: written once, as its game starts (a restart keeps it)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(table_limits)
                .where(table_limits.c.table_id == table_id, table_limits.c.deadline.is_(None))
                .values(deadline=deadline)
            )

    def call_time(self, table_id: str, after: int, *, over: bool) -> None:
        """The table's time was called after ``after`` turns (``over``: that ended the game at once)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(table_limits)
                .where(table_limits.c.table_id == table_id, table_limits.c.time_called.is_(None))
                .values(time_called=after)
            )
            if over:
                connection.execute(update(tables).where(tables.c.id == table_id).values(status="over"))

    def take_seat(self, table_id: str, seat: int, learner: int, *, start: bool) -> None:
        """Bind ``seat`` to ``learner`` (and hand it back from a computer); ``start``: the game starts with it."""
        with self.engine.begin() as connection:
            connection.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(learner=learner, computer=None)
            )
            if start:
                connection.execute(update(tables).where(tables.c.id == table_id).values(status="playing"))

    def hand_to_computer(self, table_id: str, seat: int, kind: str, *, start: bool) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat).values(computer=kind)
            )
            if start:
                connection.execute(update(tables).where(tables.c.id == table_id).values(status="playing"))

    def table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(tables).where(tables.c.id == table_id)).first()
        return None if row is None else _table_row(row)

    def tables(self) -> list[TableRow]:
        """Every table, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(tables).order_by(tables.c.created, tables.c.id)).all()
        return [_table_row(row) for row in rows]

    def seats(self, table_id: str) -> list[SeatRow]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)).all()
        return [SeatRow(row.seat, row.learner, row.computer) for row in rows]

    # tournaments

    def add_tournament(self, tournament: TournamentRow) -> None:
        with self.engine.begin() as connection:
            connection.execute(insert(tournaments).values({**tournament.__dict__, "created": _now()}))

    def tournaments(self) -> list[TournamentRow]:
        """Every tournament, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(tournaments).order_by(tournaments.c.created, tournaments.c.id)).all()
        return [_tournament_row(row) for row in rows]

    def set_round(self, tournament_id: str, round: int, status: Status) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(tournaments).where(tournaments.c.id == tournament_id).values(round=round, status=status)
            )

    def add_entrant(self, tournament_id: str, learner: int, first_round: int) -> None:
        """Enter ``learner`` (or mark them here again, keeping the round they first joined for)."""
        key = (entrants.c.tournament_id == tournament_id, entrants.c.learner == learner)
        with self.engine.begin() as connection:
            if connection.execute(select(entrants).where(*key).with_for_update()).first() is None:
                values = {"tournament_id": tournament_id, "learner": learner, "first_round": first_round}
                connection.execute(insert(entrants).values(present=True, **values))
            else:
                connection.execute(update(entrants).where(*key).values(present=True))

    def set_present(self, tournament_id: str, learner: int, present: bool) -> None:
        key = (entrants.c.tournament_id == tournament_id, entrants.c.learner == learner)
        with self.engine.begin() as connection:
            connection.execute(update(entrants).where(*key).values(present=present))

    def entrants(self, tournament_id: str) -> list[EntrantRow]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(entrants).where(entrants.c.tournament_id == tournament_id).order_by(entrants.c.learner)
            ).all()
        return [EntrantRow(row.learner, row.first_round, row.present) for row in rows]

    def add_round(
        self, tournament_id: str, round: int, tables: Mapping[str, tuple[int | None, ...]], sitting_out: list[int]
    ) -> None:
        """A round's tables (made and seated already: each learner's id by seat, ``None`` for a computer player),
        who sits it out, and the tournament at that round, in one transaction."""
        with self.engine.begin() as connection:
            connection.execute(
                insert(tournament_rounds).values(
                    tournament_id=tournament_id, round=round, sitting_out=json.dumps(sitting_out)
                )
            )
            for number, (table_id, seated) in enumerate(tables.items(), start=1):
                values = {"table_id": table_id, "tournament_id": tournament_id, "round": round, "number": number}
                connection.execute(insert(round_tables).values(seats=json.dumps(list(seated)), **values))
            connection.execute(
                update(tournaments).where(tournaments.c.id == tournament_id).values(round=round, status="playing")
            )

    def sitting_out(self, tournament_id: str) -> dict[int, list[int]]:
        """Who sat out each round made, by round."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(tournament_rounds).where(tournament_rounds.c.tournament_id == tournament_id)
            ).all()
        return {row.round: list(json.loads(row.sitting_out)) for row in rows}

    def round_tables(self, tournament_id: str) -> list[RoundTableRow]:
        """Every table of the tournament, by round then number."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(round_tables)
                .where(round_tables.c.tournament_id == tournament_id)
                .order_by(round_tables.c.round, round_tables.c.number)
            ).all()
        return [RoundTableRow(row.table_id, row.round, row.number, tuple(json.loads(row.seats))) for row in rows]

    # turns

    def add_turn(self, table_id: str, number: int, turn: Mapping[str, Any], *, over: bool) -> None:
        """Commit one turn (and the game's end with it); :class:`StoreError` if that turn is already written."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(turns).values(table_id=table_id, number=number, turn=json.dumps(turn)))
                if over:
                    connection.execute(update(tables).where(tables.c.id == table_id).values(status="over"))
        except IntegrityError:
            raise StoreError(
                _("turn {number} of table {table} was already written").format(number=number, table=table_id)
            ) from None
        except OperationalError:
            raise StoreError(_("the class's database does not answer, so the turn was not played: try again")) from None

    def turns(self, table_id: str) -> list[Any]:
        """The table's turns in order, as the record writes them."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(turns.c.turn).where(turns.c.table_id == table_id).order_by(turns.c.number)
            ).all()
        return [json.loads(row.turn) for row in rows]

    # the trainer's progress

    def save_progress(
        self, learner: int, puzzle: str, attempts: int, hints: int, *, solved: bool, helped: bool
    ) -> None:
        """Keep the learner's work at ``puzzle``: each count the larger of the row's and the one given, solved once
        solved. So a trainer's records, sent again or in another order, never undo one another."""
        key = (progress.c.learner == learner, progress.c.puzzle == puzzle)
        try:
            with self.engine.begin() as connection:
                row = connection.execute(select(progress).where(*key).with_for_update()).first()
                if row is None:
                    values = {"attempts": attempts, "hints": hints, "solved": solved, "helped": helped}
                    row_values = {"learner": learner, "puzzle": puzzle, "updated": _now(), **values}
                    connection.execute(insert(progress).values(row_values))
                    return
                values = {
                    "attempts": max(row.attempts, attempts),
                    "hints": max(row.hints, hints),
                    "solved": row.solved or solved,
                    "helped": row.helped or helped,
                }
                if values != {"attempts": row.attempts, "hints": row.hints, "solved": row.solved, "helped": row.helped}:
                    connection.execute(update(progress).where(*key).values(updated=_now(), **values))
        except OperationalError:
            raise StoreError(
                _("the class's database does not answer, so your progress was not sent: try again")
            ) from None

    def progress(self) -> list[ProgressRow]:
        """Every learner's work at every puzzle they tried, by name then puzzle."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(learners.c.name, progress)
                .join(learners, learners.c.id == progress.c.learner)
                .order_by(learners.c.name, progress.c.puzzle)
            ).all()
        return [
            ProgressRow(row.name, row.puzzle, row.attempts, row.hints, row.solved, row.helped, row.updated)
            for row in rows
        ]


def hidden_password(url: str) -> str:
    """The database's address without its password.

    >>> hidden_password("postgresql+psycopg://kit:secret@school/class")
    'postgresql+psycopg://kit:***@school/class'
    """
    scheme, sep, rest = url.partition("://")
    login, at, place = rest.rpartition("@")
    if not at or ":" not in login:
        return url
    return f"{scheme}{sep}{login.split(':')[0]}:***@{place}"


def _tournament_row(row: Any) -> TournamentRow:
    return TournamentRow(
        row.id,
        row.rules,
        row.rounds,
        row.table_size,
        row.minutes,
        row.turns,
        row.pause,
        row.computer,
        row.names_shown,
        row.seed,
        row.status,
        row.round,
    )


def _table_row(row: Any) -> TableRow:
    return TableRow(row.id, row.rules, row.seats, row.seed, row.turn_seconds, row.status, row.maker)


def _aware(moment: datetime | None) -> datetime | None:
    """``moment`` in UTC (SQLite gives back a time without its zone; it was written in UTC)."""
    return moment if moment is None or moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _now() -> datetime:
    return datetime.now(UTC)
