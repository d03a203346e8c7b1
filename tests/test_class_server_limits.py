"""Timed networked tables on a real class server process, SQLite and PostgreSQL: a table with a turn limit ends
by ``turns``, one with a time limit by ``time`` (the round in progress played out), each with the fewest points
(or cards) in hand winning, and the deadline written as the game starts survives a SIGKILL and a restart, where a
turn timer starts again whole. Every wait is a deadline on a condition, never a sleep that hopes (one test lets
three seconds of a turn pass, on purpose)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest

from machiavelli_kit.classroom.server.client import ClassClient
from machiavelli_kit.classroom.server.store import Store
from machiavelli_kit.game.limits import Limit
from machiavelli_kit.game.record import loads
from tests.test_class_server import GAME, STARTING, Server, person_action, server, written_and_replayed

__all__ = ["server"]  # the fixture: a server process on a database (tests/conftest.py: SQLite then PostgreSQL)

pytestmark = pytest.mark.server


def fewest_in_hand(result: dict[str, Any]) -> int | None:
    """The seat with the fewest points left in hand (the fewest cards under single scoring), ``None`` on a tie."""
    left = result["points"] if result["points"] is not None else [len(hand) for hand in result["hands"]]
    best = min(left)
    return left.index(best) if left.count(best) == 1 else None


async def play_out(client: ClassClient, table: str, seat: int, *, stop_after: int | None = None) -> dict[str, Any]:
    """Play ``seat`` as the scripted person; with ``stop_after``, stop taking turns after that many (until the
    view says time was called); the last view, once the game is over."""
    acted, taken = -1, 0
    async for view in client.views(table):
        game = view.get("game")
        if game is None:
            continue
        if game["result"] is not None:
            return view
        waiting = stop_after is not None and taken >= stop_after and not view["time_up"]
        if game["to_move"] == seat and len(game["turns"]) > acted and not waiting:
            acted, taken = len(game["turns"]), taken + 1
            await client.act(table, person_action(view))
    raise AssertionError("the views ended before the game did")


def test_a_turn_limit_ends_the_game_after_the_round_with_the_fewest_points_winning(
    server: Server, tmp_path: Path
) -> None:
    async def play() -> tuple[str, list[int | None], dict[str, Any]]:
        client = ClassClient(server.url, patience=STARTING)
        try:
            await client.register("Ada", "en")
            table = await client.new_table("bga", 3, {1: "greedy", 2: "greedy"}, seed=5, limit=Limit(turns=7))
            seat = await client.join(table, 0)
            turns_left: list[int | None] = []
            acted = -1
            async for view in client.views(table):
                game = view.get("game")
                if game is None:
                    continue
                turns_left.append(view["turns_left"])
                if game["result"] is not None:
                    return table, turns_left, view
                if game["to_move"] == seat and len(game["turns"]) > acted:
                    acted = len(game["turns"])
                    await client.act(table, person_action(view))
            raise AssertionError("the views ended before the game did")
        finally:
            await client.close()

    table, turns_left, last = asyncio.run(asyncio.wait_for(play(), GAME))
    result = last["game"]["result"]
    assert result["reason"] == "turns"
    assert last["turns"] == 9, "7 turns, rounded up to the end of the third round of three"
    assert result["winner"] == fewest_in_hand(result)
    told = list(dict.fromkeys(left for left in turns_left if left is not None))
    assert told[:3] == [9, 8, 7], "each view tells the turns left"
    record = written_and_replayed(server.url, table, tmp_path / "turns.json")
    assert record["limit"] == {"turns": 7}
    assert record["result"] == result


def test_a_time_limit_survives_a_kill_and_ends_the_game_by_time(server: Server, tmp_path: Path) -> None:
    """A table of 15 seconds: its deadline is written as the game starts; the person takes two turns, the server
    is killed with SIGKILL and started again (the same deadline in the database), the person waits until time is
    called, then plays the round out: the game ends by ``time``, the fewest in hand winning, and replays."""

    async def start() -> tuple[ClassClient, str, int]:
        client = ClassClient(server.url, patience=STARTING)
        await client.register("Ada", "en")
        table = await client.new_table("bga", 2, {1: "greedy"}, seed=11, limit=Limit(minutes=0.25))
        seat = await client.join(table, 0)
        acted, taken = -1, 0
        async for view in client.views(table):
            game = view.get("game")
            if game is None:
                continue
            left = view["time_left"]
            assert left is not None and 0 <= left <= 15, "each view tells the seconds left"
            if taken == 2:
                break
            if game["to_move"] == seat and len(game["turns"]) > acted:
                acted, taken = len(game["turns"]), taken + 1
                await client.act(table, person_action(view))
        await client.close()
        return client, table, seat

    client, table, seat = asyncio.run(asyncio.wait_for(start(), GAME))
    store = Store(server.database)
    deadline = store.limits()[table].deadline
    store.close()
    assert deadline is not None, "the deadline is written when the game starts"
    server.kill()
    server.start()
    store = Store(server.database)
    assert store.limits()[table].deadline == deadline, "a restart keeps the deadline"
    store.close()

    async def finish() -> dict[str, Any]:
        try:
            return await play_out(client, table, seat, stop_after=0)
        finally:
            await client.close()

    last = asyncio.run(asyncio.wait_for(finish(), GAME))
    result = last["game"]["result"]
    assert result["reason"] == "time"
    assert result["winner"] == fewest_in_hand(result)
    record = written_and_replayed(server.url, table, tmp_path / "time.json")
    assert record["limit"]["minutes"] == 0.25 and record["limit"]["time_called"] >= 3
    assert record["result"] == result
    assert loads(json.dumps(record)).result is not None


def test_a_restarted_server_gives_the_player_to_move_a_whole_turn(tmp_path: Path) -> None:
    """The turn timer is the running server's: one killed in the middle of a learner's turn and started again gives
    that learner the table's whole turn again, as the README says (nobody could move while it was down); a game
    length's deadline, written to the database, is kept instead (the test above). One database is enough here."""
    turn = 30.0
    server = Server(f"sqlite:///{tmp_path / 'class.db'}", tmp_path)
    server.start()

    async def seconds_left(client: ClassClient, table: str, seat: int) -> float:
        """The turn timer's seconds left in the first view where it is ``seat``'s turn."""
        async for view in client.views(table):
            game = view.get("game")
            if game is not None and game["to_move"] == seat and view["turn_left"] is not None:
                return float(view["turn_left"])
        raise AssertionError("the game ended before it was the learner's turn")

    async def play() -> tuple[float, float, float, float]:
        client = ClassClient(server.url, patience=STARTING)
        try:
            await client.register("Ada", "en")
            table = await client.new_table("bga", 2, {1: "greedy"}, turn_seconds=turn, seed=5)
            seat = await client.join(table, 0)
            at_first = await seconds_left(client, table, seat)
            await asyncio.sleep(3)  # the turn's clock runs on, on purpose: nothing is awaited but time
            before_kill = await seconds_left(client, table, seat)
            server.kill()
            started = time.monotonic()
            server.start()
            after_restart = await seconds_left(client, table, seat)
            return at_first, before_kill, after_restart, time.monotonic() - started
        finally:
            await client.close()

    try:
        at_first, before_kill, after_restart, since = asyncio.run(asyncio.wait_for(play(), GAME))
    finally:
        server.stop()
    assert before_kill <= at_first - 2.5, (at_first, before_kill)
    # A whole turn, begun after the new process was started: however slowly it started, at most `since` is gone.
    # Had the server kept the old deadline, at least 3 s more than `since` would be gone.
    assert turn - since - 0.2 <= after_restart <= turn, (before_kill, after_restart, since)
