"""A real class server process (``machiavelli-kit class serve``) on a real database, SQLite and PostgreSQL.

Three clients play a whole game to its end (two ``table join`` processes with computer players and a
scripted person through :class:`ClassClient`), and the record from ``table record`` replays with ``game
replay`` and matches what the person saw; a server killed with SIGKILL mid-game and started again goes on
from the last turn with the record whole; and a learner who tries what they may not is refused in words.
Every wait is a deadline on a condition, never a sleep that hopes.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClosedError, websocket_connect

from machiavelli_kit.classroom.server.client import ClassClient, Refused, ServerGone, game_view
from machiavelli_kit.classroom.server.messages import MAX_BYTES
from machiavelli_kit.game.actions import Draw, Pass
from machiavelli_kit.game.players import fallback
from machiavelli_kit.game.record import from_record, loads, replay_turns
from machiavelli_kit.game.session import Game
from tests.processes import answers, free_port, stop_group, wait_until

pytestmark = pytest.mark.server

TOKEN = "the-teachers-token"
STARTING = 120.0
"""A deadline for a server process to answer, on a machine other work shares."""
GAME = 600.0
"""A deadline for a whole game between computer players and a script."""


class Server:
    """A class server process on ``database``, started again on the same port after a kill."""

    def __init__(self, database: str, folder: Path) -> None:
        self.database, self.folder, self.port = database, folder, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> None:
        command = [*kit(), "class", "serve", "--port", str(self.port), "--db", self.database]
        env = {**os.environ, "MACHIAVELLI_KIT_TEACHER_TOKEN": TOKEN, "MACHIAVELLI_KIT_PROGRESS": str(self.folder)}
        self.process = subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
        )
        wait_until(lambda: answers(self.url + "/api/health"), STARTING, "the class server answering")

    def kill(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            stop_group(self.process, 10)


@pytest.fixture
def server(database: str, tmp_path: Path) -> Iterator[Server]:
    running = Server(database, tmp_path)
    running.start()
    yield running
    running.stop()


def kit() -> list[str]:
    return [sys.executable, "-m", "machiavelli_kit"]


def table_command(*arguments: str) -> list[str]:
    return [*kit(), "table", *arguments]


def person_action(view: dict[str, Any]) -> Any:
    """The scripted person: the one-step play with the most cards, else a draw (or a pass when that is all)."""
    seen = game_view(view)
    action = fallback(seen)
    if action.kind == "draw" and not seen.stock_size and seen.rules.stock_out == "play_on":
        return Pass()
    return action


async def play_as_person(client: ClassClient, table: str, seat: int, views: list[dict[str, Any]]) -> None:
    """Play ``seat`` to the game's end, keeping every view the server sent."""
    acted = -1
    async for view in client.views(table):
        views.append(view)
        game = view.get("game")
        if game is not None and game["to_move"] == seat and len(game["turns"]) > acted:
            acted = len(game["turns"])
            await client.act(table, person_action(view))


def replayed_until(record: dict[str, Any], turns: int) -> Game:
    return replay_turns(from_record({**record, "turns": [], "result": None}), record["turns"][:turns])


def seen_by(turn: dict[str, Any], seat: int) -> dict[str, Any]:
    shown = {**turn, "drawn_count": len(turn["drawn"])}
    if turn["player"] != seat:
        shown["drawn"] = []
    return shown


def written_and_replayed(url: str, table: str, out: Path) -> dict[str, Any]:
    """The record ``table record`` writes to ``out`` of a game over, once ``game replay`` has found it whole."""
    written = subprocess.run(
        table_command("record", "--server", url, "--table", table, "--out", str(out)),
        capture_output=True,
        text=True,
        timeout=STARTING,
    )
    assert written.returncode == 0, written.stderr
    replay = subprocess.run([*kit(), "game", "replay", str(out)], capture_output=True, text=True, timeout=STARTING)
    assert replay.returncode == 0, replay.stderr
    assert "finished" in replay.stdout
    record: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return record


def test_three_clients_play_a_whole_game_and_its_record_replays(server: Server, tmp_path: Path) -> None:
    made = subprocess.run(
        table_command("new", "--server", server.url, "--rules", "bga", "--seats", "3", "--seed", "11"),
        capture_output=True,
        text=True,
        timeout=STARTING,
    )
    assert made.returncode == 0, made.stderr
    table = made.stdout.strip()
    assert re.fullmatch(r"[a-z0-9]{8}", table)
    views: list[dict[str, Any]] = []

    async def person() -> int:
        client = ClassClient(server.url)
        await client.register("Ada", "en")
        seat = await client.join(table, 1)
        joins = [
            subprocess.Popen(
                table_command("join", "--server", server.url, "--table", table, "--name", name, "--player", bot),
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
            for name, bot in (("Greta", "greedy"), ("Ben", "beginner"))
        ]
        try:
            await asyncio.wait_for(play_as_person(client, table, seat, views), GAME)
        finally:
            await client.close()
        for join in joins:
            output, _ = join.communicate(timeout=GAME)
            assert join.returncode == 0, output
        return seat

    seat = asyncio.run(person())
    record = written_and_replayed(server.url, table, tmp_path / "game.json")
    assert sorted(record["players"]) == ["Ada", "Ben", "Greta"] and record["players"][seat] == "Ada"
    last = views[-1]["game"]
    assert views[-1]["status"] == "over" and last["result"] == record["result"]
    assert last["turns"] == [seen_by(turn, seat) for turn in record["turns"]]
    for view in views:  # each view the person saw was the game as it was then, with their own hand only
        game = view.get("game")
        if game is not None:
            then = replayed_until(record, len(game["turns"]))
            assert game["hand"] == [card.code for card in then.hand(seat)]
            assert game["hand_sizes"] == [len(then.hand(other)) for other in range(3)]


def test_a_server_killed_mid_game_goes_on_from_the_last_turn(server: Server, tmp_path: Path) -> None:
    """A person, a ``table join`` process and a computer on the server play; after 8 turns the server is killed
    with SIGKILL and started again on the same database: the join process and the person go on, the record is
    whole and begins with every turn anyone had been told of."""

    async def play() -> tuple[str, list[dict[str, Any]], list[dict[str, Any]], subprocess.Popen[str]]:
        client = ClassClient(server.url, patience=STARTING)
        await client.register("Ada", "en")
        table = await client.new_table("bga", 3, {2: "greedy"}, seed=5)
        seat = await client.join(table, 0)
        join = subprocess.Popen(
            table_command("join", "--server", server.url, "--table", table, "--name", "Greta", "--player", "greedy"),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        before: list[dict[str, Any]] = []
        acted = -1
        async for view in client.views(table):
            before.append(view)
            game = view.get("game")
            if game is None:
                continue
            if len(game["turns"]) >= 8:
                break
            if game["to_move"] == seat and len(game["turns"]) > acted:
                acted = len(game["turns"])
                await client.act(table, Draw())
        await client.close()
        server.kill()
        with pytest.raises(ServerGone):
            await ClassClient(server.url, patience=0).tables()
        server.start()
        after: list[dict[str, Any]] = []
        try:
            await asyncio.wait_for(play_as_person(client, table, seat, after), GAME)
        finally:
            await client.close()
        return table, before, after, join

    table, before, after, join = asyncio.run(play())
    output, _ = join.communicate(timeout=GAME)
    assert join.returncode == 0, output
    out = tmp_path / "game.json"
    subprocess.run(
        table_command("record", "--server", server.url, "--table", table, "--out", str(out)), check=True, timeout=60
    )
    assert loads(out.read_text(encoding="utf-8")).over
    last_seen = before[-1]["game"]["turns"]
    assert len(last_seen) >= 8
    assert after[0]["game"]["turns"][: len(last_seen)] == last_seen, "the game went on from the last turn"
    recorded = json.loads(out.read_text(encoding="utf-8"))["turns"]
    assert [seen_by(turn, 0) for turn in recorded[: len(last_seen)]] == last_seen, "the record is whole"


def listening_address(port: int) -> str:
    """The address the process listening on ``port`` (IPv4) has bound, from /proc/net/tcp."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        address, bound = local.split(":")
        if int(bound, 16) == port and state == "0A":  # LISTEN
            return ".".join(str(int(address[index : index + 2], 16)) for index in (6, 4, 2, 0))
    return ""


def test_a_learner_is_refused_what_they_may_not_do_and_nothing_changes(server: Server) -> None:
    assert listening_address(server.port) == "127.0.0.1", "the server listens on this computer only"

    async def attempts() -> None:
        ada, bob, eve = ClassClient(server.url), ClassClient(server.url), ClassClient(server.url)
        await ada.register("Ada", "en")
        await bob.register("Bob", "it")
        await eve.register("Eve", "en")
        with pytest.raises(Refused, match="already taken"):
            await ClassClient(server.url).register(" ADA ", "en")
        with pytest.raises(Refused, match="questo nome è già"):  # refused in the words the newcomer asked for
            await ClassClient(server.url).register("ada", "it")
        table = await ada.new_table("bga", 2, seed=7)
        assert await ada.join(table) == 0
        with pytest.raises(Refused, match="seat 0 is taken"):
            await eve.join(table, 0)
        assert await bob.join(table) == 1
        with pytest.raises(Refused, match="this game has already started"):
            await eve.join(table)
        with pytest.raises(Refused, match="è il turno di Ada, non di Bob"):
            await bob.act(table, Draw())
        with pytest.raises(Refused, match="you have no seat at this table"):
            await eve.act(table, Draw())
        with pytest.raises(Refused, match="only the teacher"):
            await eve.overview()
        with pytest.raises(Refused, match="only the teacher"):
            await ClassClient(server.url).overview()
        with pytest.raises(Refused, match="record is ready when the game is over"):
            await eve.record(table)
        with pytest.raises(Refused, match="only the table's maker or the teacher"):
            await eve.give_to_computer(table, 1, "greedy")
        ada_view = await anext(aiter(ada.views(table)))
        bob_view = await anext(aiter(bob.views(table)))
        eve_view = await anext(aiter(eve.views(table)))
        assert ada_view["game"]["seat"] == 0 and bob_view["game"]["seat"] == 1 and eve_view["game"]["seat"] is None
        assert eve_view["game"]["hand"] == [] and len(bob_view["game"]["hand"]) == 15
        for client in (ada, bob, eve):
            await client.close()
        await bad_messages(server.url, eve.credential or "")
        teacher = ClassClient(server.url, TOKEN)
        overview = await teacher.overview()
        assert [entry["turns"] for entry in overview["tables"]] == [0], "nothing any refusal touched changed"

    asyncio.run(attempts())


async def bad_messages(url: str, credential: str) -> None:
    """Malformed, unknown, mistyped and oversized messages are each refused with a reason, the connection going on;
    a flood is told so and closed."""
    socket = await websocket_connect(HTTPRequest(url.replace("http", "ws") + "/api/live"))

    async def answer(message: str) -> dict[str, Any]:
        await socket.write_message(message)
        reply = await socket.read_message()
        assert isinstance(reply, str)
        return dict(json.loads(reply))

    assert (await answer('{"type": "watch", "table": "x"}'))["reason"] == "say hello first, with your credential"
    assert (await answer(json.dumps({"type": "hello", "credential": "guess"})))["type"] == "refused"
    assert (await answer(json.dumps({"type": "hello", "credential": credential})))["type"] == "welcome"
    refusals = {
        "{not json": "the message is not JSON",
        "[1, 2]": "a message is a JSON object",
        '{"type": "dance"}': "unknown message type dance",
        '{"type": "act", "table": 7, "action": {"kind": "draw"}}': "table should be text, not a number",
        '{"type": "act", "table": "abc", "action": {"kind": "fly"}}': "the action should be one of",
        '{"type": "act", "table": "abc", "action": {"kind": "play", "table": "5S"}}': "a play names the table",
        '{"type": "watch", "table": "a", "table": "b"}': "the field table appears twice",
        '{"type": "watch", "table": "' + "x" * MAX_BYTES + '"}': "longer than the 65,536 a message may be",
        '{"type": "watch", "table": "nosuch"}': "there is no table nosuch",
    }
    for message, reason in refusals.items():
        reply = await answer(message)
        assert reply["type"] == "refused" and reason in reply["reason"], (message[:80], reply)

    async def read_all() -> list[dict[str, Any]]:
        replies = []
        while (reply := await socket.read_message()) is not None:
            replies.append(json.loads(reply))
        return replies

    reading = asyncio.create_task(read_all())  # read while writing: nothing waits unread when the server closes
    for _ in range(1000):
        try:
            await socket.write_message('{"type": "watch", "table": "nosuch"}')
        except WebSocketClosedError:
            break
    replies = await asyncio.wait_for(reading, STARTING)  # the server closes a flooding connection
    assert len(replies) < 1000
    assert replies[-1]["reason"] == "too many messages at once: slow down"
    assert socket.close_code == 1008


def test_the_turn_timer_draws_and_the_teacher_gives_seats_left_empty_to_computers(server: Server) -> None:
    async def play() -> None:
        ada, bob, eve, teacher = (ClassClient(server.url, credential) for credential in (None, None, None, TOKEN))
        for client, name in ((ada, "Ada"), (bob, "Bob"), (eve, "Eve")):
            await client.register(name, "en")
        table = await ada.new_table("bga", 2, turn_seconds=5, seed=7)
        await ada.join(table)
        await bob.join(table)
        watching = aiter(bob.views(table))
        view = await anext(watching)
        assert 0 <= view["turn_left"] <= 5  # what the turn timer has left, for the board's countdown
        while not view["game"]["turns"]:  # nobody acts: after 5 s the timer draws for Ada, whose turn it is
            view = await asyncio.wait_for(anext(watching), STARTING)
        first = view["game"]["turns"][0]
        assert (first["player"], first["action"], first["drawn_count"]) == (0, "draw", 1)
        with pytest.raises(Refused, match="Bob is at the table"):
            await teacher.give_to_computer(table, 1, "greedy")
        await teacher.give_to_computer(table, 0, "greedy")
        await bob.close()
        deadline = asyncio.get_running_loop().time() + STARTING
        while "Bob" in (await teacher.overview())["online"]:
            assert asyncio.get_running_loop().time() < deadline, "Bob still online after closing"
            await asyncio.sleep(0.1)
        await teacher.give_to_computer(table, 1, "beginner")
        seen = [view async for view in eve.views(table)]  # the computers play the game to its end
        assert seen[-1]["status"] == "over" and seen[-1]["game"]["seat"] is None
        record = loads(await eve.record(table))
        assert record.players == ("Ada", "Bob") and record.over
        assert record.turns[0].action == "draw"
        await eve.close()

    asyncio.run(asyncio.wait_for(play(), GAME))
