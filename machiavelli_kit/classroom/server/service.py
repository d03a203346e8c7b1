"""The running class: the referee, who is connected, and what happens after each turn.

After every committed turn each connection watching the table is sent its own view; then the next
turn is prepared: a computer player thinks in a thread pool (one move at a time per table, its
seed and work budget making the move the same on any machine), or the table's turn timer starts; each view
tells how many seconds that timer has left (``turn_left``). A table with a time limit has a clock too: the
referee looks at it as each turn ends, and a timer on the event loop calls time when it runs out even while
nobody plays (``time_left`` in each view).

A tournament's round (:mod:`.tournaments`) starts by itself once every table of the round before is over and
the tournament's pause has passed; each learner seated is told their table (``{"type": "round"}``) on every
connection they have open. A learner at a tournament's table whose turn comes while they have no connection,
and who is not back within ``grace`` seconds, has their seat played by the computer for the rest of the game
and is not seated again until they join again.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import NamedTuple, Protocol

from machiavelli_kit.classroom.server import GRACE
from machiavelli_kit.classroom.server.hub_users import HubUsers
from machiavelli_kit.classroom.server.messages import RateLimit
from machiavelli_kit.classroom.server.referee import ComputerMove, Referee
from machiavelli_kit.classroom.server.store import LearnerRow, Store
from machiavelli_kit.classroom.server.tournaments import Tournaments, round_message
from machiavelli_kit.classroom.server.views import seconds_left
from machiavelli_kit.game.actions import Action, Draw, IllegalAction, Pass
from machiavelli_kit.game.players import make_player
from machiavelli_kit.puzzles.collection import Collection, load_collection

log = logging.getLogger("machiavelli_kit.class_server")
THINKERS = 2
"""Threads for the computer players' moves (the machine's cores are shared with the learners' kernels)."""


class Watcher(Protocol):
    """A connection that is sent a table's views (:mod:`.live`)."""

    learner: LearnerRow | None

    def send(self, message: dict[str, object]) -> None: ...


def secret_hash(secret: str) -> str:
    """What the database keeps of a credential: never the credential itself."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def new_secret() -> str:
    return secrets.token_urlsafe(24)


class TurnTimer(NamedTuple):
    """A table's turn timer: the turn it runs for, and its handle (which knows when it runs out, in loop time)."""

    number: int
    handle: asyncio.TimerHandle


class ClassService:
    """The class server's state: ``store`` and its referee, the teacher's token, the connections, and the puzzles
    learners may send progress for (``collection``, the bundled one by default: read once, here, not while a
    learner waits); ``clock`` (seconds) paces the learners' progress against flooding; ``hub`` when it runs as a
    hub's service (its learners are then the hub's accounts)."""

    def __init__(
        self,
        store: Store,
        teacher_token: str,
        collection: Collection | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        hub: HubUsers | None = None,
        grace: float = GRACE,
    ) -> None:
        self.store, self.clock, self.hub, self.grace = store, clock, hub, grace
        self.collection = collection if collection is not None else load_collection()
        self.puzzle_ids = frozenset(puzzle.id for puzzle in self.collection.puzzles)
        self.referee = Referee(store)
        self.tournaments = Tournaments(store, self.referee)
        self.connections: dict[int, set[Watcher]] = {}
        """Each learner's open connections, to tell them their table when a round starts."""
        self.rounds: dict[str, asyncio.TimerHandle] = {}
        """Each tournament's next round, waiting for its pause to pass."""
        self.away: dict[str, TurnTimer] = {}
        """Each tournament table whose learner to move has no connection: the computer takes over when it runs."""
        self.teacher_token = teacher_token
        self.watchers: dict[str, set[Watcher]] = {}
        self.online: Counter[int] = Counter()
        self.thinking: set[str] = set()
        self.timers: dict[str, TurnTimer] = {}
        """Each table's turn timer running now."""
        self.clocks: dict[str, asyncio.TimerHandle] = {}
        """Each timed table's clock: calls time when the table's deadline comes."""
        self.pool = ThreadPoolExecutor(THINKERS, thread_name_prefix="computer-player")
        self.progress_limits: dict[int, RateLimit] = {}
        """Each learner's flood limit on sending their progress (over HTTP, where there is no connection to close)."""

    def start(self) -> None:
        """Go on with every game being played: computers think, timers run again."""
        for table_id, live in self.referee.live.items():
            if live.row.status == "playing":
                self.referee.check_time(table_id)  # its time ran out while the server was down
                self.next_turn(table_id)
        for tournament_id in self.tournaments.rows:
            self._round_done(tournament_id)

    def close(self) -> None:
        for timer in self.timers.values():
            timer.handle.cancel()
        for handle in (*self.clocks.values(), *self.rounds.values(), *(away.handle for away in self.away.values())):
            handle.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.store.close()

    # who is who

    def learner(self, credential: str | None) -> LearnerRow | None:
        if not credential:
            return None
        return self.store.learner_by_secret(secret_hash(credential))

    def is_teacher(self, credential: str | None) -> bool:
        return credential is not None and hmac.compare_digest(credential.encode(), self.teacher_token.encode())

    def may_send_progress(self, learner: LearnerRow) -> bool:
        """Whether ``learner`` sends their progress slowly enough (:class:`~.messages.RateLimit`)."""
        return self.progress_limits.setdefault(learner.id, RateLimit(clock=self.clock)).allow()

    # watching

    def watch(self, table_id: str, watcher: Watcher) -> None:
        self.referee.table(table_id)  # Refused when there is no such table
        self.watchers.setdefault(table_id, set()).add(watcher)
        self.send_view(table_id, watcher)

    def forget(self, watcher: Watcher) -> None:
        for watching in self.watchers.values():
            watching.discard(watcher)

    def arrive(self, learner: int, watcher: Watcher) -> None:
        """A connection of ``learner`` said hello: they are online, and told their table when a round starts."""
        self.online[learner] += 1
        self.connections.setdefault(learner, set()).add(watcher)

    def depart(self, learner: int, watcher: Watcher) -> None:
        """A connection of ``learner`` closed: when it was their last and their turn has come at a tournament's
        table, the grace before the computer takes their seat starts."""
        self.connections.get(learner, set()).discard(watcher)
        self.online[learner] -= 1
        if self.online[learner] > 0:
            return
        del self.online[learner]
        for tournament_id in self.tournaments.rows:
            place = self.tournaments.seat_of(tournament_id, learner)
            game = None if place is None else self.referee.table(place[0]).game
            if place is not None and game is not None and not game.over:
                self._mind_away(place[0], len(game.turns) + 1)

    def tell(self, learner: int, message: dict[str, object]) -> None:
        for watcher in list(self.connections.get(learner, ())):
            watcher.send(message)

    def send_view(self, table_id: str, watcher: Watcher) -> None:
        learner = watcher.learner
        if learner is None:
            return
        seat = self.referee.seat_of(table_id, learner.id)
        view = self.referee.view(table_id, seat, learner.lang)
        timer = self.timers.get(table_id)
        now = asyncio.get_running_loop().time()
        view["turn_left"] = None if timer is None else seconds_left(timer.handle.when(), now)
        time_left = self.referee.time_left(table_id)
        view["time_left"] = None if time_left is None else round(time_left, 1)
        watcher.send(view)

    def changed(self, table_id: str) -> None:
        """Tell everyone watching the table: each their own view (the turn prepared first, so that a view tells
        how long the turn timer that runs now has left)."""
        self.next_turn(table_id)
        for watcher in list(self.watchers.get(table_id, ())):
            self.send_view(table_id, watcher)
        if self.referee.status(table_id) == "over":
            tournament_id = self.tournaments.of_table(table_id)
            if tournament_id is not None:
                self._round_done(tournament_id)

    # tournaments

    def start_tournament(self, tournament_id: str) -> None:
        """The teacher starts the tournament: round 1 is seated, and each learner told their table."""
        self._seated(tournament_id, self.tournaments.start(tournament_id))

    def _round_done(self, tournament_id: str) -> None:
        """When every table of the round is over, the next round starts after the tournament's pause; after the
        last round the tournament is over at once (there is nothing to pause for)."""
        if tournament_id in self.rounds or not self.tournaments.round_over(tournament_id):
            return
        row = self.tournaments.row(tournament_id)
        pause = row.pause if row.round < row.rounds else 0.0
        self.rounds[tournament_id] = asyncio.get_running_loop().call_later(pause, self._next_round, tournament_id)

    def _next_round(self, tournament_id: str) -> None:
        del self.rounds[tournament_id]
        self._seated(tournament_id, self.tournaments.finish_round(tournament_id))

    def _seated(self, tournament_id: str, seated: dict[int, tuple[str, int]]) -> None:
        round = self.tournaments.row(tournament_id).round
        for learner, (table, seat) in seated.items():
            self.tell(learner, round_message(tournament_id, round, table, seat))
        for table in sorted({table for table, _seat in seated.values()}):
            self.changed(table)

    # turns

    def turn_taken(self, table_id: str) -> None:
        """A turn was committed: time is called if the table's clock has run out, everyone is told, and the next
        turn is prepared."""
        self.referee.check_time(table_id)
        self.changed(table_id)

    def _wind_clock(self, table_id: str) -> None:
        """Start the table's clock if its time runs and no clock waits for it yet."""
        left = self.referee.time_left(table_id)
        if left is None or table_id in self.clocks:
            return
        self.clocks[table_id] = asyncio.get_running_loop().call_later(left, self._time_up, table_id)

    def _time_up(self, table_id: str) -> None:
        self.clocks.pop(table_id, None)
        if self.referee.check_time(table_id):
            self.changed(table_id)
        else:
            self._wind_clock(table_id)  # woken a moment early: wait the rest

    def next_turn(self, table_id: str) -> None:
        """Prepare the turn the table is at: a computer player thinks, or the turn timer starts. Called again for
        the same turn of a person, it leaves the timer running as it is."""
        live = self.referee.table(table_id)
        self._wind_clock(table_id)
        game = live.game
        number = None if game is None or game.over else len(game.turns) + 1
        computer = number is not None and self.referee.computer_move(table_id) is not None
        timer = self.timers.get(table_id)
        if timer is not None and timer.number == number and not computer:
            return
        if timer is not None:
            timer.handle.cancel()
            del self.timers[table_id]
        if number is None:
            return
        self._mind_away(table_id, number)
        if computer:
            asyncio.get_running_loop().create_task(self._think(table_id))
        elif live.row.turn_seconds is not None:
            handle = asyncio.get_running_loop().call_later(live.row.turn_seconds, self._time_out, table_id, number)
            self.timers[table_id] = TurnTimer(number, handle)

    def _mind_away(self, table_id: str, number: int) -> None:
        """At a tournament's table, wait ``grace`` for a learner whose turn has come and who has no connection."""
        waiting = self.away.get(table_id)
        if waiting is not None and waiting.number == number:
            return  # asked again for the same turn: the grace runs on
        if waiting is not None:
            waiting.handle.cancel()
            del self.away[table_id]
        learner = self._away_learner(table_id)
        if learner is not None:
            handle = asyncio.get_running_loop().call_later(self.grace, self._left, table_id, number, learner)
            self.away[table_id] = TurnTimer(number, handle)

    def _away_learner(self, table_id: str) -> int | None:
        """The learner to move at a tournament's table, if they have no connection open."""
        live = self.referee.table(table_id)
        game = live.game
        if game is None or game.to_move is None or self.tournaments.of_table(table_id) is None:
            return None
        seat = live.seats[game.to_move]
        if seat.computer is not None or seat.learner is None or self.online[seat.learner] > 0:
            return None
        return seat.learner

    def _left(self, table_id: str, number: int, learner: int) -> None:
        """The learner did not come back in time: the computer plays their seat, and they are not seated again
        until they join again."""
        self.away.pop(table_id, None)
        live = self.referee.table(table_id)
        game = live.game
        if game is None or game.over or len(game.turns) + 1 != number or self._away_learner(table_id) != learner:
            return
        tournament_id = self.tournaments.of_table(table_id)
        assert tournament_id is not None
        kind = self.tournaments.row(tournament_id).computer
        self.referee.hand_to_computer(
            table_id, game.state.to_move, kind, by=None, teacher=True, present=set(self.online)
        )
        self.tournaments.leave(tournament_id, learner)
        log.info(
            "learner %s left table %s of tournament %s: %s plays their seat", learner, table_id, tournament_id, kind
        )
        self.changed(table_id)

    def _time_out(self, table_id: str, number: int) -> None:
        self.timers.pop(table_id, None)
        if self.referee.time_out(table_id, number) is not None:
            self.turn_taken(table_id)

    async def _think(self, table_id: str) -> None:
        move = self.referee.computer_move(table_id)
        if move is None or table_id in self.thinking:
            return
        self.thinking.add(table_id)
        try:
            try:
                action, out_of_time = await asyncio.get_running_loop().run_in_executor(self.pool, choose, move)
                turn = self.referee.play_computer(move, action, out_of_time=out_of_time)
            except (IllegalAction, ArithmeticError, LookupError, RuntimeError, ValueError):
                # a computer player's mistake must not stop the table: it draws instead, and the log says why
                log.exception("computer player %s at table %s failed; it draws instead", move.kind, table_id)
                turn = self.referee.play_computer(move, _plain_turn(move), out_of_time=False)
        finally:
            self.thinking.discard(table_id)
        if turn is not None:
            self.turn_taken(table_id)


def choose(move: ComputerMove) -> tuple[Action, bool]:
    """The computer player's action for ``move`` (in a worker thread), and whether its safety limit cut it short."""
    player = make_player(move.kind, seed=move.seed)
    action = player.choose(move.view)
    return action, player.out_of_time


def _plain_turn(move: ComputerMove) -> Action:
    """A draw, or a pass when the stock is empty and play goes on."""
    return Draw() if move.view.stock_size or move.view.rules.stock_out != "play_on" else Pass()
