"""The tournament's API on the class server's real application, served on a loopback port inside the test's own
event loop (no process: fast), with a real SQLite database in memory: the teacher makes and starts a
tournament, learners join it and see their table and the standings (names hidden when the teacher says so),
the teacher's overview carries its round and standings, and every bad request is refused in words."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from machiavelli_kit.classroom.lobby import Credentials
from machiavelli_kit.classroom.server.app import make_app
from machiavelli_kit.classroom.server.client import ClassClient, Refused
from machiavelli_kit.classroom.server.service import ClassService
from machiavelli_kit.classroom.server.store import Store
from machiavelli_kit.game.limits import Limit
from machiavelli_kit.ui.lobby import Lobby

TOKEN = "the-teachers-token"


def served(scenario: Callable[[str, ClassService], Awaitable[None]]) -> None:
    """Run ``scenario(url, service)`` against the class server's application on a free loopback port."""

    async def run() -> None:
        service = ClassService(Store("sqlite://"), TOKEN)
        sockets = bind_sockets(0, "127.0.0.1")
        server = HTTPServer(make_app(service))
        server.add_sockets(sockets)
        try:
            await scenario(f"http://127.0.0.1:{sockets[0].getsockname()[1]}", service)
        finally:
            server.stop()
            service.close()

    asyncio.run(run())


async def learners(url: str, *names: str) -> list[ClassClient]:
    clients = []
    for name in names:
        client = ClassClient(url)
        await client.register(name, "en")
        clients.append(client)
    return clients


async def until(condition: Callable[[], bool], what: str) -> None:
    for _ in range(3000):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{what} did not happen")


async def refused(call: Awaitable[Any]) -> str:
    with pytest.raises(Refused) as caught:
        await call
    return str(caught.value)


def test_the_teacher_makes_and_starts_a_tournament_and_learners_see_their_table() -> None:
    async def scenario(url: str, service: ClassService) -> None:
        teacher = ClassClient(url, TOKEN)
        ada, bob = await learners(url, "Ada", "Bob")
        ten = Limit(minutes=10)
        assert "only the teacher" in await refused(ada.new_tournament("bga", 3, 2, ten))
        assert "2 to 4 players, not 5" in await refused(teacher.new_tournament("bga", 3, 5, ten))
        assert "1 to 20 rounds, not 0" in await refused(teacher.new_tournament("bga", 0, 2, ten))
        assert "a length in minutes" in await refused(teacher.new_tournament("bga", 3, 2, Limit()))
        assert "no computer player called clever" in await refused(
            teacher.new_tournament("bga", 3, 2, ten, computer="clever")
        )
        bad = teacher._call("POST", "/api/tournaments", {"rules": "bga", "rounds": "three", "table_size": 2})
        assert await refused(bad) == "rounds should be a whole number, not text"
        tournament = await teacher.new_tournament("bga", 2, 2, ten, seed=5)
        assert "no tournament nosuch on this server" in await refused(ada.join_tournament("nosuch"))
        assert await ada.join_tournament(tournament) == 1
        assert "only the teacher" in await refused(ada.start_tournament(tournament))
        assert "at least two learners" in await refused(teacher.start_tournament(tournament))
        assert await bob.join_tournament(tournament) == 1
        waiting = asyncio.ensure_future(ada.next_round())  # Ada's page, connected, waits for her table
        await asyncio.sleep(0)
        await until(lambda: service.online[1] == 1, "Ada's connection")
        assert await teacher.start_tournament(tournament) == 1
        told = await asyncio.wait_for(waiting, 30)
        assert "already started" in await refused(teacher.start_tournament(tournament))
        seen = await ada.tournament(tournament)
        assert seen["status"] == "playing" and seen["round"] == 1 and seen["you"]["seat"] in (0, 1)
        table = seen["you"]["table"]
        assert told == {"tournament": tournament, "round": 1, "table": table, "seat": seen["you"]["seat"]}
        assert (await bob.tournament(tournament))["you"]["table"] == table, "two learners, one table"
        assert await ada.join(table) == seen["you"]["seat"], "a learner of the table has their seat"
        (cy,) = await learners(url, "Cy")
        assert "join the tournament" in await refused(cy.join(table))
        assert "the teacher" in await refused(ada.tournament_records(tournament))
        overview = await teacher.overview()
        assert [(t["id"], t["round"], len(t["standings"])) for t in overview["tournaments"]] == [(tournament, 1, 2)]
        summary = (await ada.tables())[0]
        assert summary["id"] == table and summary["limit"] == {"turns": None, "minutes": 10.0}
        for client in (teacher, ada, bob, cy):
            await client.close()

    served(scenario)


def test_learners_see_numbers_for_the_others_when_the_teacher_hides_names() -> None:
    async def scenario(url: str, service: ClassService) -> None:
        teacher = ClassClient(url, TOKEN)
        ada, bob, cy = await learners(url, "Ada", "Bob", "Cy")
        tournament = await teacher.new_tournament("bga", 1, 3, Limit(turns=30), names_shown=False)
        for client in (ada, bob, cy):
            await client.join_tournament(tournament)
        names = {line["name"] for line in (await ada.tournament(tournament))["standings"]}
        assert "Ada" in names and not names & {"Bob", "Cy"} and len(names) == 3, "her own name, numbers for others"
        assert {line["name"] for line in (await teacher.tournament(tournament))["standings"]} == {"Ada", "Bob", "Cy"}
        assert "give your name first" in await refused(ClassClient(url).tournament(tournament))
        for client in (teacher, ada, bob, cy):
            await client.close()

    served(scenario)


def test_a_round_starting_opens_each_learners_table_in_their_lobby_by_itself(tmp_path: Path) -> None:
    async def scenario(url: str, service: ClassService) -> None:
        teacher = ClassClient(url, TOKEN)
        lobbies = {
            name: Lobby(url, credentials=Credentials(tmp_path / f"{name}.json"), poll=0.2).open()
            for name in ("Ada", "Bob")
        }
        for name, lobby in lobbies.items():
            await until(lambda lobby=lobby: lobby.sign_in_box.layout.display != "none", "the name asked for")
            lobby.name.value = name
            lobby.enter.click()
            await until(lambda lobby=lobby, name=name: lobby.client is not None and lobby.client.name == name, name)
        tournament = await teacher.new_tournament("bga", 1, 2, Limit(turns=30))
        for lobby in lobbies.values():
            assert lobby.client is not None and lobby.board is None
            await lobby.client.join_tournament(tournament)
        await until(lambda: len(service.online) == 2, "both lobbies connected")
        await teacher.start_tournament(tournament)
        for name, lobby in lobbies.items():
            await until(lambda lobby=lobby: lobby.board is not None and lobby.board.flow.started, f"{name}'s table")
        tables = {lobby.board.flow.table_id for lobby in lobbies.values() if lobby.board is not None}
        assert tables == {(await teacher.tournament(tournament))["tables"][0]["table"]}
        for lobby in lobbies.values():
            for task in {*lobby.tasks, *(lobby.board.tasks if lobby.board else ())}:
                task.cancel()
        await teacher.close()

    served(scenario)


def test_the_lobbys_table_form_gives_the_table_a_game_length(tmp_path: Path) -> None:
    async def scenario(url: str, service: ClassService) -> None:
        lobby = Lobby(url, credentials=Credentials(tmp_path / "ada.json"), poll=0.2).open()
        await until(lambda: lobby.sign_in_box.layout.display != "none", "the name asked for")
        lobby.name.value = "Ada"
        lobby.enter.click()
        await until(lambda: lobby.lobby_box.layout.display != "none", "the tables shown")
        lobby.who[0].value = "greedy"
        lobby.length.value = next(limit for limit in lobby.length.options if limit[1] == Limit(minutes=15))[1]
        assert lobby.length.label == "15 minutes"
        lobby.make.click()
        await until(lambda: lobby.board is not None and lobby.board.flow.started, "Ada's game started")
        assert lobby.board is not None
        table = lobby.board.flow.table_id
        assert service.referee.summary(table)["limit"] == {"turns": None, "minutes": 15.0}
        await until(lambda: lobby.board is not None and "time left: 1" in lobby.board.info.value, "the time shown")
        for task in {*lobby.tasks, *lobby.board.tasks}:
            task.cancel()

    served(scenario)
