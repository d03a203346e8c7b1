"""The class server's referee: tables, seats bound to learners, and every action checked before it counts.

No network here: the web application (:mod:`.app`) calls the referee and tells the players. Each
change is committed to the :class:`~.store.Store` before the referee's own state takes it, so what
a player is told is always in the database; a restarted server rebuilds every game from its rules,
seed, seats and turns by the code that replays records (:func:`~machiavelli_kit.game.record.replay_turns`).

>>> from machiavelli_kit.classroom.server.store import LearnerRow, Store
>>> store = Store("sqlite://")
>>> referee = Referee(store)
>>> ada = LearnerRow(store.add_learner("Ada", "ada", "en", "a" * 64), "Ada", "ada", "en")
>>> bob = LearnerRow(store.add_learner("Bob", "bob", "it", "b" * 64), "Bob", "bob", "it")
>>> table = referee.new_table("bga", 2, seed=7).id
>>> referee.take_seat(table, ada, None), referee.take_seat(table, bob, None), referee.status(table)
(0, 1, 'playing')
>>> referee.act(table, bob, Draw())
Traceback (most recent call last):
...
machiavelli_kit.classroom.server.referee.Refused: è il turno di Ada, non di Bob
>>> referee.act(table, ada, Draw()).action, Referee(store).view(table, 0, "en")["game"]["turns"][0]["action"]
('draw', 'draw')
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from machiavelli_kit.classroom.server.store import LearnerRow, LimitRow, SeatRow, Status, Store, TableRow
from machiavelli_kit.classroom.server.views import TableViews
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.game.actions import Action, Draw, IllegalAction, Pass
from machiavelli_kit.game.deal import MAX_PLAYERS, MIN_PLAYERS
from machiavelli_kit.game.engine import end_after_round, refusal, step
from machiavelli_kit.game.limits import NO_LIMIT, Limit
from machiavelli_kit.game.players import PLAYERS
from machiavelli_kit.game.record import dumps, replay_turns, turn_record
from machiavelli_kit.game.session import Game
from machiavelli_kit.game.state import Turn, View
from machiavelli_kit.i18n import _, speaking

TABLE_ID_LETTERS = "abcdefghijkmnpqrstuvwxyz23456789"
"""A table's id is 8 of these (no 0, o, 1, l: read aloud or copied from a projector, none is mistaken)."""
TABLE_ID_LENGTH = 8
TURN_SECONDS = (5.0, 3600.0)
"""The shortest and longest turn timer a table may have."""


class Refused(ValueError):
    """An action, a seat or a table the referee refuses; the message says why, in the learner's words."""


@dataclass(frozen=True)
class ComputerMove:
    """A computer player's move to think about, off the event loop: its kind, seed, and the seat's view."""

    table: str
    number: int
    """The turn's number: the move counts only if the game is still at it."""
    kind: str
    seed: str
    view: View


@dataclass
class LiveTable:
    row: TableRow
    seats: list[SeatRow]
    names: dict[int, str]
    """The names of the learners seated, by seat."""
    limit: LimitRow | None = None
    """The table's limit of turns or minutes, if it has one."""
    game: Game | None = None
    views: TableViews | None = None
    """The game's views, each turn worked out once (made again when the game is another)."""


class Referee:
    """Every table of the class, in memory and in ``store``; ``now`` tells the time a time limit runs out by
    (the wall clock: a deadline is kept in the database, so a restarted server keeps it)."""

    def __init__(self, store: Store, now: Callable[[], datetime] | None = None) -> None:
        self.store = store
        self.now = now or _utc_now
        self.live: dict[str, LiveTable] = {}
        limits = store.limits()
        for row in store.tables():
            self.live[row.id] = self._rebuild(row, limits.get(row.id))

    def _rebuild(self, row: TableRow, limit: LimitRow | None) -> LiveTable:
        seats = self.store.seats(row.id)
        names = {}
        for seat in seats:
            learner = None if seat.learner is None else self.store.learner(seat.learner)
            if learner is not None:
                names[seat.seat] = learner.name
        live = LiveTable(row, seats, names, limit)
        if row.status != "open":
            turns = self.store.turns(row.id)
            called = None if limit is None else limit.time_called
            if called is None:
                live.game = replay_turns(self._new_game(live), turns)
            else:
                live.game = replay_turns(self._new_game(live), turns[:called])
                live.game.call_time()
                replay_turns(live.game, turns[called:])
        return live

    def _new_game(self, live: LiveTable) -> Game:
        names = [live.names.get(seat.seat) or str(seat.computer) for seat in live.seats]
        limit = NO_LIMIT if live.limit is None else Limit(turns=live.limit.turns, minutes=live.limit.minutes)
        return Game.new(names, Rules.parse(live.row.rules), live.row.seed, limit=limit)

    # tables

    def new_table(
        self,
        rules: str,
        seats: int,
        computers: Mapping[int, str] | None = None,
        *,
        turn_seconds: float | None = None,
        maker: int | None = None,
        seed: int | None = None,
        limit: Limit = NO_LIMIT,
        seated: Mapping[int, LearnerRow] | None = None,
    ) -> TableRow:
        """Make a table; computer players sit in the seats ``computers`` names; ``limit``: the game ends after so
        many turns or minutes (the round in progress played out); ``seated``: learners already in their seats (a
        tournament's table: when every seat is filled so, the game starts at once). Refused in words if wrong."""
        seated = dict(seated or {})
        computers = dict(computers or {})
        parsed = Rules.parse(rules)  # RulesError says what is wrong with the rules
        if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
            raise Refused(
                _("a table has {low} to {high} seats, not {count}").format(
                    low=MIN_PLAYERS, high=MAX_PLAYERS, count=seats
                )
            )
        for seat, kind in computers.items():
            if not 0 <= seat < seats:
                raise Refused(
                    _("there is no seat {seat} at a table of {count}: the seats are 0 to {last}").format(
                        seat=seat, count=seats, last=seats - 1
                    )
                )
            check_kind(kind)
        if len(computers) == seats and not seated:
            raise Refused(_("every seat has a computer player: leave at least one seat for a learner"))
        if turn_seconds is not None and not TURN_SECONDS[0] <= turn_seconds <= TURN_SECONDS[1]:
            raise Refused(
                _("a turn timer is {low:g} to {high:g} seconds, not {value:g}").format(
                    low=TURN_SECONDS[0], high=TURN_SECONDS[1], value=turn_seconds
                )
            )
        full = bool(seated) and len(computers) + len(seated) == seats and not set(seated) & set(computers)
        row = TableRow(
            _table_id(),
            parsed.spelled("stock_out"),  # as records name it: read back as it was meant
            seats,
            secrets.randbelow(2**31) if seed is None else seed,
            turn_seconds,
            "playing" if full else "open",
            maker,
        )
        limit_row = LimitRow(limit.turns, limit.minutes) if limit else None
        self.store.add_table(row, computers, limit_row, {seat: learner.id for seat, learner in seated.items()})
        live = self.live[row.id] = self._rebuild(row, limit_row)
        if full:
            self._wind(live)
        return row

    def table(self, table_id: str) -> LiveTable:
        live = self.live.get(table_id)
        if live is None:
            raise Refused(_("there is no table {table} on this server").format(table=table_id))
        return live

    def status(self, table_id: str) -> Status:
        return self.table(table_id).row.status

    def seat_of(self, table_id: str, learner: int) -> int | None:
        """The seat bound to ``learner`` at the table, if any."""
        return next((seat.seat for seat in self.table(table_id).seats if seat.learner == learner), None)

    def summary(self, table_id: str) -> dict[str, object]:
        """What anyone may know of a table: its rules, seats, who sits where, whose turn."""
        live = self.table(table_id)
        game = live.game
        return {
            "id": live.row.id,
            "rules": live.row.rules,
            "status": live.row.status,
            "turn_seconds": live.row.turn_seconds,
            "limit": None if live.limit is None else {"turns": live.limit.turns, "minutes": live.limit.minutes},
            "seats": [
                {"seat": seat.seat, "name": live.names.get(seat.seat), "computer": seat.computer} for seat in live.seats
            ],
            "to_move": None if game is None else game.to_move,
            "turns": 0 if game is None else len(game.turns),
        }

    # seats

    def take_seat(self, table_id: str, learner: LearnerRow, seat: int | None) -> int:
        """Seat ``learner`` (the first free seat when ``seat`` is ``None``); a learner who already sits at the
        table gets their own seat back, and takes it back from a computer that played it meanwhile."""
        live = self.table(table_id)
        with speaking(learner.lang):
            own = self.seat_of(table_id, learner.id)
            if own is not None:
                if seat is not None and seat != own:
                    raise Refused(_("you already sit in seat {seat} at this table").format(seat=own))
                if live.seats[own].computer is not None:
                    self._bind(live, own, learner, start=False)
                return own
            if live.row.status != "open":
                raise Refused(_("this game has already started: choose another table, or make one"))
            free = [entry.seat for entry in live.seats if entry.learner is None and entry.computer is None]
            if seat is None:
                seat = free[0]
            elif not 0 <= seat < len(live.seats):
                raise Refused(
                    _("there is no seat {seat} at this table: the seats are 0 to {last}").format(
                        seat=seat, last=len(live.seats) - 1
                    )
                )
            elif seat not in free:
                raise Refused(_("seat {seat} is taken: choose a free seat").format(seat=seat))
            self._bind(live, seat, learner, start=len(free) == 1)
            return seat

    def _bind(self, live: LiveTable, seat: int, learner: LearnerRow, *, start: bool) -> None:
        self.store.take_seat(live.row.id, seat, learner.id, start=start)
        live.seats[seat] = SeatRow(seat, learner.id, None)
        live.names[seat] = learner.name
        if start:
            self._start(live)

    def _start(self, live: LiveTable) -> None:
        live.row = dataclasses.replace(live.row, status="playing")
        live.game = self._new_game(live)
        self._wind(live)

    def _wind(self, live: LiveTable) -> None:
        """Write when a time limit runs out, as the game starts (once: a restart keeps it)."""
        if live.limit is not None and live.limit.minutes is not None and live.limit.deadline is None:
            deadline = self.now() + timedelta(minutes=live.limit.minutes)
            self.store.set_deadline(live.row.id, deadline)
            live.limit = dataclasses.replace(live.limit, deadline=deadline)

    # the time limit

    def deadline(self, table_id: str) -> datetime | None:
        """When the table's time runs out, while its game is on and time has not been called."""
        live = self.table(table_id)
        limit, game = live.limit, live.game
        if limit is None or limit.deadline is None or game is None or game.over or limit.time_called is not None:
            return None
        if live.row.status == "open":
            return None
        return limit.deadline

    def time_left(self, table_id: str) -> float | None:
        """The seconds until the table's time runs out (0 once past), ``None`` when no clock runs."""
        deadline = self.deadline(table_id)
        return None if deadline is None else max(0.0, (deadline - self.now()).total_seconds())

    def check_time(self, table_id: str) -> bool:
        """Call time at the table if its deadline has passed (:meth:`Game.call_time`: the round in progress is
        played to its end, or the game ends now between two rounds); whether that changed the game."""
        live = self.table(table_id)
        deadline = self.deadline(table_id)
        if deadline is None or self.now() < deadline:
            return False
        game, limit = live.game, live.limit
        assert game is not None and limit is not None
        ends_now = end_after_round(game.state, "time").over
        self.store.call_time(table_id, len(game.turns), over=ends_now)
        live.limit = dataclasses.replace(limit, time_called=len(game.turns))
        game.call_time()
        if game.over:
            live.row = dataclasses.replace(live.row, status="over")
        return True

    def hand_to_computer(
        self, table_id: str, seat: int, kind: str, *, by: int | None, teacher: bool, present: Collection[int]
    ) -> None:
        """Give ``seat`` to the computer player ``kind``: by the table's maker (learner ``by``) or the teacher,
        for a seat that is free or whose learner is not here (``present``: the learners connected now)."""
        live = self.table(table_id)
        if not teacher and (by is None or by != live.row.maker):
            raise Refused(_("only the table's maker or the teacher can give a seat to a computer player"))
        check_kind(kind)
        if not 0 <= seat < len(live.seats):
            raise Refused(
                _("there is no seat {seat} at this table: the seats are 0 to {last}").format(
                    seat=seat, last=len(live.seats) - 1
                )
            )
        if live.row.status == "over":
            raise Refused(_("this game is over"))
        learner = live.seats[seat].learner
        if learner is not None and learner in present:
            raise Refused(
                _("{name} is at the table: only a seat left empty can go to a computer player").format(
                    name=live.names.get(seat, "")
                )
            )
        filled = sum(1 for entry in live.seats if entry.learner is not None or entry.computer is not None)
        start = live.row.status == "open" and learner is None and filled == len(live.seats) - 1
        self.store.hand_to_computer(table_id, seat, kind, start=start)
        live.seats[seat] = SeatRow(seat, learner, kind)
        if start:
            self._start(live)

    # turns

    def act(self, table_id: str, learner: LearnerRow, action: Action) -> Turn:
        """Apply ``action`` for ``learner``: their table, their seat, their turn, then the rules; refused in
        the learner's language, and nothing changes."""
        live = self.table(table_id)
        with speaking(learner.lang):
            seat = self.seat_of(table_id, learner.id)
            if seat is None:
                raise Refused(_("you have no seat at this table"))
            game = live.game
            if game is None:
                raise Refused(_("the game has not started yet: it starts when every seat is taken"))
            if game.over:
                raise Refused(_("the game is over: no more turns"))
            if live.seats[seat].computer is not None:
                raise Refused(_("a computer player has your seat now: take it back by joining the table again"))
            if game.to_move != seat:
                raise Refused(
                    _("it is {name}'s turn, not {other}'s").format(
                        name=game.players[game.state.to_move], other=game.players[seat]
                    )
                )
            try:
                return self._commit(live, action)
            except IllegalAction as error:
                raise Refused(str(error)) from None

    def _commit(self, live: LiveTable, action: Action, *, out_of_time: bool = False) -> Turn:
        """Commit the turn ``action`` makes, then let the game take it (:class:`IllegalAction` changes nothing)."""
        assert live.game is not None
        game = live.game
        state, turn = step(game.state, action)
        if out_of_time:
            turn = dataclasses.replace(turn, out_of_time=True)
        self.store.add_turn(live.row.id, turn.number, turn_record(turn, game.rules), over=state.over)
        game.state = state
        game.turns.append(turn)
        if state.over:
            live.row = dataclasses.replace(live.row, status="over")
        return turn

    def computer_move(self, table_id: str) -> ComputerMove | None:
        """The computer's move to think about at the table now, if a computer player is to move."""
        live = self.table(table_id)
        game = live.game
        if game is None or game.to_move is None:
            return None
        kind = live.seats[game.to_move].computer
        if kind is None:
            return None
        number = len(game.turns) + 1
        seed = f"{live.row.seed}:{game.to_move}:{number}"  # fresh each move: the same after a restart
        return ComputerMove(table_id, number, kind, seed, game.view(game.to_move))

    def play_computer(self, move: ComputerMove, action: Action, *, out_of_time: bool) -> Turn | None:
        """The computer's chosen action, if the game is still at its turn and the seat still the computer's."""
        live = self.table(move.table)
        game = live.game
        if game is None or game.over or len(game.turns) + 1 != move.number:
            return None
        if live.seats[game.state.to_move].computer != move.kind:
            return None
        return self._commit(live, action, out_of_time=out_of_time)

    def time_out(self, table_id: str, number: int) -> Turn | None:
        """The turn timer ran out on turn ``number``: the player draws (or passes, where the rules say so)."""
        live = self.table(table_id)
        game = live.game
        if game is None or game.over or len(game.turns) + 1 != number:
            return None
        action: Action = Draw() if refusal(game.state, Draw()) is None else Pass()
        return self._commit(live, action)

    # what is seen

    def view(self, table_id: str, seat: int | None, lang: str) -> dict[str, object]:
        """The table as ``seat`` sees it (``None``: a watcher), in ``lang``; ``maker``: whether that seat's learner
        made the table (and so may give its empty seats to computer players)."""
        live = self.table(table_id)
        maker = seat is not None and live.row.maker is not None and live.seats[seat].learner == live.row.maker
        view: dict[str, object] = {"type": "view", **self.summary(table_id), "maker": maker}
        game = live.game
        ends = None if game is None or game.over else game.state.ends_after
        view["turns_left"] = None if ends is None or game is None else ends[0] - len(game.turns)
        view["time_up"] = game is not None and game.time_called is not None and not game.over
        if live.game is not None:
            if live.views is None or live.views.game is not live.game:
                live.views = TableViews(live.game)
            view["game"] = live.views.seat_view(seat, lang)
        return view

    def record(self, table_id: str) -> str:
        """The game's record (JSON text), once it is over: a record shows every hand."""
        live = self.table(table_id)
        if live.game is None or not live.game.over:
            raise Refused(_("the record is ready when the game is over: it shows every hand"))
        return dumps(live.game)


def _utc_now() -> datetime:
    return datetime.now(UTC)


def check_kind(kind: str) -> None:
    """Refuse in words a computer player that does not exist."""
    if kind not in PLAYERS:
        raise Refused(
            _("there is no computer player called {name}: choose {players}").format(
                name=kind, players=", ".join(PLAYERS)
            )
        )


def _table_id() -> str:
    return "".join(secrets.choice(TABLE_ID_LETTERS) for _ in range(TABLE_ID_LENGTH))
