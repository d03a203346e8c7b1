"""A class tournament in the running class (classroom/server/service.py) without a network: a real SQLite
database in memory, on a running event loop, never a mock. Each learner is told their table as a round starts,
the next round starts by itself when the last table of a round is over, a latecomer plays from the next round,
and a learner away when their turn comes has the computer play their seat and is not seated again until they
join again."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from machiavelli_kit.classroom.server.referee import Refused
from machiavelli_kit.classroom.server.service import ClassService
from machiavelli_kit.classroom.server.store import LearnerRow, Store
from machiavelli_kit.classroom.server.tournaments import MOST_PAUSE
from machiavelli_kit.game.actions import Draw
from tests.test_class_referee import learner
from tests.test_class_service import Seen


def connect(service: ClassService, who: LearnerRow) -> Seen:
    """An open connection of ``who``, as :mod:`.live` registers one after its hello."""
    seen = Seen(who)
    service.arrive(who.id, seen)
    return seen


async def draw_until_over(service: ClassService, table: str, people: dict[int, LearnerRow]) -> None:
    """Every learner at ``table`` draws on their turn (the computer plays its own) until the game is over."""
    live = service.referee.table(table)
    for _ in range(2000):
        game = live.game
        assert game is not None
        if game.over:
            return
        seat = live.seats[game.state.to_move]
        if seat.computer is None and seat.learner in people:
            service.referee.act(table, people[seat.learner], Draw())
            service.turn_taken(table)
        await asyncio.sleep(0.01)
    raise AssertionError("the game did not end")


async def until(condition: Callable[[], bool], what: str) -> None:
    """Let the loop run (computer players think in threads) until ``condition()`` holds, for at most 20 s."""
    for _ in range(2000):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{what} did not happen")


def test_rounds_start_by_themselves_latecomers_wait_and_a_learner_away_is_replaced() -> None:
    async def scenario() -> None:
        service = ClassService(Store("sqlite://"), "the-token", grace=0.05)
        tournaments = service.tournaments
        row = tournaments.new("bga", rounds=2, table_size=2, minutes=None, turns=2, pause=0, seed=3)
        ada, bob, cy = (learner(service.store, name) for name in ("Ada", "Bob", "Cy"))
        seen = {who.id: connect(service, who) for who in (ada, bob, cy)}
        assert tournaments.join(row.id, ada) == 1 and tournaments.join(row.id, bob) == 1
        with pytest.raises(Refused, match="at least two"):
            tournaments.start(tournaments.new("bga", rounds=1, table_size=2, minutes=5, turns=None).id)
        service.start_tournament(row.id)
        told = [seen[who.id].views[-1] for who in (ada, bob)]
        assert [message["type"] for message in told] == ["round", "round"], "each is told their table"
        assert told[0]["table"] == told[1]["table"] and told[0]["round"] == 1, "Ada and Bob play each other"
        assert seen[cy.id].views == [], "Cy has not joined"
        first = str(told[0]["table"])
        assert tournaments.join(row.id, cy) == 2, "a latecomer plays from the next round"
        service.depart(bob.id, seen[bob.id])  # Bob goes away and does not come back in time
        await draw_until_over(service, first, {ada.id: ada})
        seats = service.referee.table(first).seats
        assert [seat.computer for seat in seats if seat.learner == bob.id] == ["greedy"], "the computer took over"
        assert {e.learner: e.present for e in service.store.entrants(row.id)} == {
            ada.id: True,
            bob.id: False,
            cy.id: True,
        }
        await until(lambda: tournaments.row(row.id).round == 2, "round 2")
        second = seen[cy.id].views[-1]
        assert (
            second["type"] == "round"
            and second["round"] == 2
            and seen[ada.id].views[-1] == {**second, "seat": seen[ada.id].views[-1]["seat"]}
        )
        assert tournaments.seat_of(row.id, bob.id) is None, "Bob left: he is not seated again"
        await draw_until_over(service, str(second["table"]), {ada.id: ada, cy.id: cy})
        await until(lambda: tournaments.row(row.id).status == "over", "the tournament's end")
        games = {line.name: line.games for line in tournaments.standings(row.id)}
        assert games == {"Ada": 2, "Bob": 1, "Cy": 1}
        assert [record["round"] for record in tournaments.records(row.id)] == [1, 2]
        service.close()

    asyncio.run(scenario())


def test_the_pause_comes_between_rounds_and_the_last_round_ends_the_tournament_at_once() -> None:
    """With the longest pause, round 1 of two is followed by the pause; a one-round tournament is over (its
    standings final, its files ready to save) as soon as its last game ends, not a pause later."""

    async def scenario() -> None:
        service = ClassService(Store("sqlite://"), "the-token")
        ada, bob = (learner(service.store, name) for name in ("Ada", "Bob"))
        people = {who.id: who for who in (ada, bob)}
        for who in (ada, bob):
            connect(service, who)
        for rounds in (2, 1):
            row = service.tournaments.new("bga", rounds=rounds, table_size=2, minutes=None, turns=2, pause=MOST_PAUSE)
            for who in (ada, bob):
                service.tournaments.join(row.id, who)
            service.start_tournament(row.id)
            place = service.tournaments.seat_of(row.id, ada.id)
            assert place is not None
            await draw_until_over(service, place[0], people)
            if rounds == 2:
                await asyncio.sleep(0.2)
                assert (service.tournaments.row(row.id).round, service.tournaments.row(row.id).status) == (
                    1,
                    "playing",
                ), "round 2 waits for the pause"
            else:
                await until(lambda key=row.id: service.tournaments.row(key).status == "over", "the tournament's end")
        service.close()

    asyncio.run(scenario())


def test_a_restarted_server_goes_on_with_the_tournament_from_its_database(tmp_path: Path) -> None:
    """The server stops mid-round (its service closed, as a killed server's is gone); a new one on the same
    database knows the tournament, its round, its entrants and tables, and starts round 2 when round 1 ends."""
    url = f"sqlite:///{tmp_path / 'class.db'}"

    async def first() -> tuple[str, str, list[LearnerRow]]:
        service = ClassService(Store(url), "the-token")
        row = service.tournaments.new("bga", rounds=2, table_size=2, minutes=None, turns=4, pause=0, seed=8)
        people = [learner(service.store, name) for name in ("Ada", "Bob")]
        for who in people:
            connect(service, who)
            service.tournaments.join(row.id, who)
        service.start_tournament(row.id)
        place = service.tournaments.seat_of(row.id, people[0].id)
        assert place is not None
        live = service.referee.table(place[0])
        assert live.game is not None
        mover = next(who for who in people if live.seats[live.game.state.to_move].learner == who.id)
        service.referee.act(place[0], mover, Draw())
        service.turn_taken(place[0])
        service.close()
        return row.id, place[0], people

    tournament, table, people = asyncio.run(first())

    async def again() -> None:
        service = ClassService(Store(url), "the-token")
        service.start()
        row = service.tournaments.row(tournament)
        assert (row.status, row.round) == ("playing", 1)
        assert service.tournaments.seat_of(tournament, people[1].id) is not None
        live = service.referee.table(table)
        assert live.game is not None and len(live.game.turns) == 1, "the game goes on from its last turn"
        for who in people:
            connect(service, who)
        await draw_until_over(service, table, {who.id: who for who in people})
        await until(lambda: service.tournaments.row(tournament).round == 2, "round 2 after the restart")
        assert len(service.tournaments.records(tournament)) == 1
        service.close()

    asyncio.run(again())
