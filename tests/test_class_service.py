"""The running class (classroom/server/service.py) without a network: each view tells the seconds the turn timer
has left. A real SQLite database in memory, on a running event loop, never a mock."""

from __future__ import annotations

import asyncio

from machiavelli_kit.classroom.server.client import ClassClient
from machiavelli_kit.classroom.server.service import ClassService
from machiavelli_kit.classroom.server.store import LearnerRow, Store
from machiavelli_kit.classroom.table_flow import TableFlow
from machiavelli_kit.game.actions import Draw
from machiavelli_kit.game.limits import Limit
from tests.test_class_referee import SEED, learner


class Seen:
    """A connection watching tables as ``learner``: the views it was sent."""

    def __init__(self, learner: LearnerRow) -> None:
        self.learner: LearnerRow | None = learner
        self.views: list[dict[str, object]] = []

    def send(self, message: dict[str, object]) -> None:
        self.views.append(message)


def test_each_view_tells_the_seconds_the_turn_timer_has_left() -> None:
    async def scenario() -> None:
        service = ClassService(Store("sqlite://"), "the-token")
        ada, bob = learner(service.store, "Ada"), learner(service.store, "Bob")
        timed = service.referee.new_table("bga", 2, seed=SEED, turn_seconds=30).id
        plain = service.referee.new_table("bga", 2, seed=SEED).id
        for table in (timed, plain):  # as the server does when a seat is taken: the views, then the turn
            for who in (ada, bob):
                service.referee.take_seat(table, who, None)
                service.changed(table)
                service.next_turn(table)
        seen = Seen(bob)
        service.watch(timed, seen)
        service.watch(plain, seen)
        first, untimed = seen.views
        assert untimed["turn_left"] is None  # a table without a turn timer
        left = first["turn_left"]
        assert isinstance(left, float) and 0 < left <= 30
        timer = service.timers[timed]
        service.next_turn(timed)  # asked again for the same turn: the timer runs on as it was
        assert service.timers[timed] is timer
        service.referee.act(timed, ada, Draw())  # Seat 0 (Ada) plays first with this seed
        service.turn_taken(timed)
        after = seen.views[-1]
        assert after["turns"] == 1 and isinstance(after["turn_left"], float) and 0 < after["turn_left"] <= 30
        assert service.timers[timed].number == 2 and timer.handle.cancelled()
        service.close()

    asyncio.run(scenario())


def test_a_timed_tables_views_tell_the_time_and_turns_left_and_the_board_says_them() -> None:
    """A table of 10 minutes and 30 turns: each view tells the seconds its clock has left and the turns until it
    ends, and the networked board's turn line says both in words, its time counting down on its own clock."""

    async def scenario() -> None:
        service = ClassService(Store("sqlite://"), "the-token")
        ada, bob = learner(service.store, "Ada"), learner(service.store, "Bob")
        table = service.referee.new_table("bga", 2, seed=SEED, limit=Limit(turns=30, minutes=10)).id
        for who in (ada, bob):
            service.referee.take_seat(table, who, None)
            service.changed(table)
        assert table in service.clocks, "the clock runs from the game's start"
        seen = Seen(bob)
        service.watch(table, seen)
        view = seen.views[-1]
        assert view["limit"] == {"turns": 30, "minutes": 10.0} and view["turns_left"] == 30
        assert isinstance(view["time_left"], float) and 599 < view["time_left"] <= 600
        now = [100.0]
        flow = TableFlow(ClassClient("http://127.0.0.1:1"), table, 1, lang="en", clock=lambda: now[0])
        flow.take({**view, "time_left": 65.2})
        assert flow.turn_info().endswith("time left: 1:06 · 30 turns left")
        now[0] += 60
        assert flow.turn_info().endswith("time left: 0:06 · 30 turns left")
        service.close()

    asyncio.run(scenario())
