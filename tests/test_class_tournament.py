"""A whole class tournament through a real class server process, on SQLite and on PostgreSQL.

The teacher makes it and starts it with ``class tournament new`` and ``start``; six learners play it with the
greedy computer player, two as ``class tournament join`` processes and four in this process through the same
code (six processes would crowd a 2-core machine); three rounds at tables of three, each game limited to 9
turns. Every game's record replays clean, and the standings ``class tournament standings --json`` prints are
the ones :func:`~machiavelli_kit.classroom.tournament.standings.standings` counts from those records.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from machiavelli_kit.classroom.server.client import ClassClient
from machiavelli_kit.classroom.students import file_stem
from machiavelli_kit.classroom.tournament.outcome import outcome_of
from machiavelli_kit.classroom.tournament.standings import standings
from machiavelli_kit.cli.class_tournament import play_tournament
from machiavelli_kit.game.record import loads
from tests.processes import wait_until
from tests.test_class_server import GAME, STARTING, TOKEN, Server, kit, server

__all__ = ["server"]  # the fixture: a server process on a database (tests/conftest.py: SQLite then PostgreSQL)

pytestmark = pytest.mark.server

NAMES = ("Ada", "Bruno", "Chiara", "Dario", "Elena", "Filip")
BY_PROCESS = NAMES[:2]
"""The learners who play as ``class tournament join`` processes; the others play in this process."""


def tournament_command(*arguments: str) -> list[str]:
    return [*kit(), "class", "tournament", *arguments]


def run(*arguments: str) -> str:
    """Run ``class tournament ...`` as the teacher; its output, once it has exited 0."""
    done = subprocess.run(
        tournament_command(*arguments),
        capture_output=True,
        text=True,
        timeout=STARTING,
        env={**os.environ, "MACHIAVELLI_KIT_TEACHER_TOKEN": TOKEN},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


async def teacher_view(url: str, tournament: str) -> dict[str, Any]:
    client = ClassClient(url, TOKEN)
    try:
        return await client.tournament(tournament)
    finally:
        await client.close()


def test_six_learners_play_three_rounds_and_the_standings_are_the_records(server: Server, tmp_path: Path) -> None:
    url = server.url
    tournament = run(
        "new", "--server", url, "--rules", "bga", "--rounds", "3", "--table-size", "3", "--turns", "9",
        "--pause", "0", "--seed", "26",
    ).strip()  # fmt: skip
    joins = [
        subprocess.Popen(
            tournament_command("join", "--server", url, "--id", tournament, "--name", name, "--player", "greedy"),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for name in BY_PROCESS
    ]

    async def play() -> None:
        players = [
            asyncio.create_task(play_tournament(ClassClient(url, patience=STARTING), tournament, name, "greedy"))
            for name in NAMES[len(BY_PROCESS) :]
        ]
        loop = asyncio.get_running_loop()
        deadline = loop.time() + STARTING
        while len((await teacher_view(url, tournament))["standings"]) < len(NAMES):
            assert loop.time() < deadline, "the learners did not all join"
            await asyncio.sleep(0.2)
        await loop.run_in_executor(None, run, "start", "--server", url, "--id", tournament)
        await asyncio.wait_for(asyncio.gather(*players), GAME)

    asyncio.run(play())
    for join in joins:
        output, _ = join.communicate(timeout=GAME)
        assert join.returncode == 0, output

    async def records() -> tuple[dict[str, Any], list[dict[str, Any]]]:
        client = ClassClient(url, TOKEN)
        try:
            return await client.tournament(tournament), await client.tournament_records(tournament)
        finally:
            await client.close()

    wait_until(lambda: asyncio.run(teacher_view(url, tournament))["status"] == "over", STARTING, "the end")
    summary, games = asyncio.run(records())
    assert summary["round"] == 3 and len(games) == 6, "three rounds of two tables of three"
    keys = {name: file_stem(name) for name in NAMES}
    outcomes = []
    for game in games:
        record = json.loads(game["record"])
        assert loads(game["record"]).result is not None, "the record replays to its result"
        assert record["limit"] == {"turns": 9}
        seats = [keys.get(name) for name in record["players"]]
        assert [seat for seat in seats if seat is not None], "learners at every table"
        outcomes.append(outcome_of(record, game["round"], str(game["number"]), seats))
    counted = standings({keys[name]: name for name in NAMES}, outcomes)
    printed = json.loads(run("standings", "--server", url, "--id", tournament, "--json"))
    files = tmp_path / "records"
    run(
        "standings", "--server", url, "--id", tournament, "--csv", str(tmp_path / "standings.csv"),
        "--pdf", str(tmp_path / "standings.pdf"), "--records", str(files),
    )  # fmt: skip
    assert (tmp_path / "standings.pdf").read_bytes().startswith(b"%PDF")
    assert len((tmp_path / "standings.csv").read_text(encoding="utf-8").splitlines()) == 1 + len(NAMES)
    assert sorted(path.name for path in files.iterdir()) == sorted(
        f"round-{game['round']}-table-{game['number']}.json" for game in games
    )
    assert all(loads(path.read_text(encoding="utf-8")).over for path in files.iterdir())
    assert printed == [
        {"name": line.name, "games": line.games, "wins": line.wins, "points": line.points, "rank": line.rank}
        for line in counted
    ]
    assert all(line["games"] == 3 for line in printed), "everyone played every round"


def test_the_learners_go_on_when_the_server_is_killed_between_rounds(tmp_path: Path) -> None:
    """Two learners, one a ``class tournament join`` process, one in this process; the server is SIGKILLed in the
    pause after round 1, while both ask it when their next table comes, and started again on the same database:
    both wait for it (their ``patience``) and play round 2, the process exits 0, and both games are recorded.
    One database is enough: what is tested is the learners' side."""
    server = Server(f"sqlite:///{tmp_path / 'class.db'}", tmp_path)
    server.start()
    url = server.url
    try:
        tournament = run(
            "new", "--server", url, "--rules", "bga", "--rounds", "2", "--table-size", "2", "--turns", "9",
            "--pause", "12", "--seed", "26",
        ).strip()  # fmt: skip
        join = subprocess.Popen(
            tournament_command("join", "--server", url, "--id", tournament, "--name", "Ada", "--player", "greedy"),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )

        async def records() -> list[dict[str, Any]]:
            client = ClassClient(url, TOKEN)
            try:
                return await client.tournament_records(tournament)
            finally:
                await client.close()

        async def play() -> None:
            player = asyncio.create_task(
                play_tournament(ClassClient(url, patience=STARTING), tournament, "Bruno", "greedy")
            )
            loop = asyncio.get_running_loop()
            deadline = loop.time() + STARTING
            while len((await teacher_view(url, tournament))["standings"]) < 2:
                assert loop.time() < deadline, "the learners did not both join"
                await asyncio.sleep(0.2)
            await loop.run_in_executor(None, run, "start", "--server", url, "--id", tournament)
            while not await records():  # round 1's game is over: the pause has begun
                assert loop.time() < deadline + GAME, "round 1 did not end"
                await asyncio.sleep(0.2)
            assert (await teacher_view(url, tournament))["round"] == 1, "killed in the pause, before round 2"
            server.kill()
            await asyncio.sleep(1)  # both learners find the server gone at least once (they ask every 0.5 s)
            server.start()
            await asyncio.wait_for(player, GAME)

        asyncio.run(play())
        output, _ = join.communicate(timeout=GAME)
        assert join.returncode == 0, output
        summary = asyncio.run(teacher_view(url, tournament))
        assert (summary["status"], summary["round"]) == ("over", 2)
        assert len(asyncio.run(records())) == 2, "one game a round"
    finally:
        server.stop()
