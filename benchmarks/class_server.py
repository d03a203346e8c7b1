"""How many tables one laptop holds: a class of simulated learners playing at a real class server.

Run: ``.venv/bin/python benchmarks/class_server.py [--learners 30] [--tables 8] [--seconds 60] [--think 2]
[--player greedy] [--seed 1] [--db URL | --postgres]``, or with ``--ramp`` to raise the number of tables
(8, 16, 32, 64, ..., as many learners a table as ``--learners``/``--tables``) until the 95th percentile
passes ``--max-p95`` (300 ms) or the server's processor passes ``--max-cores`` (one core), and print the
largest that held.

It starts ``machiavelli-kit class serve`` on a free port (SQLite in a temporary folder unless ``--db``
names a database; ``--postgres`` starts a PostgreSQL in a temporary folder, as the tests do). The
learners are spread over the tables as evenly as they go (30 at 8: six tables of 4 and two of 3). Each
learner is a real client, as a learner's page is: its own name and credential, its own WebSocket, its
own view of its table. On its turn it thinks for a while (``--think`` seconds, from half to one and a
half times that, drawn from the run's seed) and plays what the computer player ``--player`` chooses
from its own view, worked out on this side in a separate process as a learner's own computer would;
``--player draw`` only draws. The tables' seeds and every decision come from ``--seed``, never the
clock, so two runs play the same games. A table whose game ends starts its next one, so the load stays
the same for the whole run.

It measures, over ``--seconds`` once every table has started (or ``--turns`` actions a table, if sooner): the
time from a learner sending an action to every other learner at that table holding the view after it
(p50, p95, max, count); the server's processor time (user and system, from /proc) as a share of one core
and for each action; its peak memory (VmHWM); the database's size; and this process's own part: how late
its event loop ran (what it adds to the latency) and its processor time, which shares the machine with
the server's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

from machiavelli_kit.classroom.server.client import ClassClient, Refused, game_view
from machiavelli_kit.classroom.server.messages import action_json, parse_action
from machiavelli_kit.game.actions import Action, Draw, Pass
from machiavelli_kit.game.deal import MAX_PLAYERS, MIN_PLAYERS
from machiavelli_kit.game.players import PLAYERS, make_player
from machiavelli_kit.serve.process import stop_with_parent

REPOSITORY = Path(__file__).resolve().parent.parent
STARTING = 120.0
"""Seconds a class server may take to answer, on a machine other work shares."""
NAP = 0.05
"""Seconds the measuring loop sleeps between its checks; how late it wakes is this process's own delay."""
SETTLING = 30.0
"""Seconds the updates of the last actions may still take to come once the run is over."""


# the class server


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    url: str
    database: str

    def cpu_seconds(self) -> float:
        """Processor time the server has used so far (user and system, all its threads)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def peak_mib(self) -> float:
        """The server's peak resident memory (VmHWM), in MiB."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        raise SystemExit("the class server's /proc/PID/status has no VmHWM")

    def database_mib(self) -> float:
        """The database's size on disk (SQLite: the file and its write-ahead log), in MiB."""
        if self.database.startswith("sqlite:///"):
            path = Path(self.database.removeprefix("sqlite:///"))
            files = [path, path.with_name(path.name + "-wal")]
            return sum(file.stat().st_size for file in files if file.exists()) / 2**20
        engine = create_engine(self.database)
        try:
            with engine.connect() as connection:
                size = connection.execute(text("select pg_database_size(current_database())")).scalar_one()
        finally:
            engine.dispose()
        return int(size) / 2**20


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def class_server(database: str, folder: Path) -> Iterator[Server]:
    """``machiavelli-kit class serve`` on ``database`` and a free port, its log in ``folder``; stopped after, and
    by Linux should this process be killed."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = (folder / "server.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "machiavelli_kit", "class", "serve", f"--port={port}", f"--db={database}"],
        stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True, preexec_fn=stop_with_parent,
        env={**os.environ, "HOME": str(folder), "MACHIAVELLI_KIT_PROGRESS": str(folder)},
    )  # fmt: skip
    try:
        deadline = time.monotonic() + STARTING
        while not _answers(url + "/api/health"):
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the class server did not start:\n" + (folder / "server.log").read_text())
            time.sleep(0.2)
        yield Server(process, url, database)
    finally:
        with contextlib.suppress(ProcessLookupError):  # it may have stopped by itself
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(30)
        log.close()


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return int(response.status) == 200
    except OSError:
        return False


Databases = Callable[[Path], str]
"""Where each run keeps the class, given the run's temporary folder."""


@contextmanager
def databases(given: str | None, postgres: bool) -> Iterator[Databases]:
    """SQLite in each run's folder; or the database ``given``; or, with ``postgres``, a new database for each
    run in a PostgreSQL cluster started in a temporary folder as the tests start theirs."""
    if given is not None:
        yield lambda _folder: given
        return
    if not postgres:
        yield lambda folder: f"sqlite:///{folder / 'class.sqlite'}"
        return
    sys.path.insert(0, str(REPOSITORY))
    import pytest

    from tests.postgres import new_database, postgres_cluster

    runs = itertools.count(1)
    try:
        with postgres_cluster() as cluster:
            yield lambda _folder: new_database(cluster, f"class_server_benchmark_{next(runs)}")
    except pytest.skip.Exception as reason:
        raise SystemExit(f"--postgres: {reason}") from None


# the learners


def seat_plan(learners: int, tables: int) -> list[int]:
    """How many learners sit at each table: as even as they go.

    >>> seat_plan(30, 8)
    [4, 4, 4, 4, 4, 4, 3, 3]
    """
    if tables < 1 or not MIN_PLAYERS * tables <= learners <= MAX_PLAYERS * tables:
        raise SystemExit(
            f"{learners} learners do not sit at {tables} tables: a table has {MIN_PLAYERS} to {MAX_PLAYERS} seats"
        )
    base, extra = divmod(learners, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def decide(kind: str, view: dict[str, Any], seed: str) -> tuple[dict[str, Any], float]:
    """The computer player's action for the seat's own view (in a worker process), and its processor seconds."""
    start = time.process_time()
    action = make_player(kind, seed=seed).choose(game_view(view))
    return action_json(action), time.process_time() - start


def plain(view: dict[str, Any]) -> Action:
    """A draw, or a pass when the stock is empty and play goes on."""
    game = view["game"]
    return Draw() if game["stock"] or "pass" not in game["options"] else Pass()


@dataclass
class Meter:
    """The times from an action sent to every other learner at its table holding the view after it."""

    measuring: bool = False
    acting: bool = True
    latencies: list[float] = field(default_factory=list)
    pending: dict[tuple[str, int], tuple[float, set[int]]] = field(default_factory=dict)
    decision_seconds: float = 0.0
    turns: dict[str, int] = field(default_factory=dict)
    """Turns measured at each group of learners (a table and the next ones they start)."""

    def sent(self, table: str, number: int, others: set[int]) -> None:
        if self.measuring:
            self.pending[table, number] = (time.perf_counter(), set(others))

    def received(self, table: str, number: int, seat: int) -> None:
        waiting = self.pending.get((table, number))
        if waiting is None:
            return
        start, seats = waiting
        seats.discard(seat)
        if not seats:
            self.latencies.append(time.perf_counter() - start)
            del self.pending[table, number]


@dataclass
class Group:
    """The learners who sit together: they start a table, play its game, and start the next when it ends."""

    index: int
    clients: list[ClassClient]
    seed: int
    games: dict[int, asyncio.Future[str]] = field(default_factory=dict)

    async def table(self, game: int, rules: str) -> str:
        """The table of the group's ``game``-th game; the first learner to ask makes it."""
        if game not in self.games:
            made: asyncio.Future[str] = asyncio.get_running_loop().create_future()
            self.games[game] = made
            seed = random.Random(f"{self.seed}:table:{self.index}:{game}").randrange(2**31)
            try:
                made.set_result(await self.clients[0].new_table(rules, len(self.clients), seed=seed))
            except Exception as error:
                made.set_exception(error)
        return await self.games[game]


@dataclass
class Learner:
    client: ClassClient
    group: Group
    seat: int
    kind: str
    think: float
    rng: random.Random
    meter: Meter
    pool: Executor | None
    seated: asyncio.Event = field(default_factory=asyncio.Event)

    async def play(self, rules: str) -> None:
        """Play the group's games one after another, until the run stops acting."""
        game = 0
        while self.meter.acting:
            table = await self.group.table(game, rules)
            await self.client.join(table, self.seat)
            await self._play_table(table)
            game += 1

    async def _play_table(self, table: str) -> None:
        acted, turns = -1, set[asyncio.Task[None]]()
        async for view in self.client.views(table):
            number = int(view["turns"])
            self.meter.received(table, number, self.seat)
            game = view.get("game")
            if game is None:
                continue
            self.seated.set()
            if game["to_move"] == self.seat and number > acted and self.meter.acting:
                acted = number
                turn = asyncio.create_task(self._turn(table, view, number + 1))
                turns.add(turn)
                turn.add_done_callback(turns.discard)
        for turn in list(turns):
            await turn

    async def _turn(self, table: str, view: dict[str, Any], number: int) -> None:
        """Think, then send what the computer player chose (or a draw, should the server refuse it)."""
        loop = asyncio.get_running_loop()
        thinking = asyncio.sleep(self.rng.uniform(0.5 * self.think, 1.5 * self.think))
        if self.kind == "draw" or self.pool is None:
            await thinking
            action = plain(view)
        else:
            seed = f"{self.group.seed}:{table}:{self.seat}:{number}"
            chosen = loop.run_in_executor(self.pool, decide, self.kind, view, seed)
            await thinking
            given, seconds = await chosen
            if self.meter.measuring:
                self.meter.decision_seconds += seconds
            action = parse_action(given)
        others = {seat for seat in range(len(self.group.clients)) if seat != self.seat}
        for attempt in (action, plain(view)):
            self.meter.sent(table, number, others)
            try:
                await self.client.act(table, attempt)
                return
            except Refused as error:
                print(f"refused at table {table}: {error}", file=sys.stderr)


# one run


@dataclass(frozen=True)
class Settings:
    rules: str
    seconds: float
    turns: int | None
    think: float
    player: str
    seed: int
    workers: int


@dataclass(frozen=True)
class Figures:
    learners: int
    plan: list[int]
    latencies: list[float]
    missing: int
    seconds: float
    server_cpu: float
    peak_mib: float
    database_mib: float
    own_cpu: float
    decision_cpu: float
    lags: list[float]
    """How late this process's event loop woke up from its naps while measuring: its own share of the latency."""

    @property
    def cores(self) -> float:
        return self.server_cpu / self.seconds

    @property
    def cpu_per_action(self) -> float:
        """The server's processor milliseconds for each action measured (its views to every watcher included)."""
        return self.server_cpu / max(1, len(self.latencies) + self.missing) * 1000

    def percentile(self, share: float) -> float:
        """The latency under which ``share`` of the actions' updates came, in milliseconds."""
        return percentile(self.latencies, share) * 1000


def percentile(values: Sequence[float], share: float) -> float:
    """The value under which ``share`` of ``values`` lie (nearest rank); NaN without values.

    >>> percentile([3, 1, 2, 4], 0.5), percentile(range(1, 101), 0.95), percentile([], 0.5)
    (2, 95, nan)
    """
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


async def run_class(server: Server, plan: Sequence[int], settings: Settings, pool: Executor | None) -> Figures:
    """Seat the learners, play for the run's length, and measure."""
    meter = Meter()
    learners: list[Learner] = []
    number = 0
    for index, size in enumerate(plan):
        clients = [ClassClient(server.url) for _ in range(size)]
        group = Group(index, clients, settings.seed)
        for seat, client in enumerate(clients):
            number += 1
            await client.register(f"Learner{number:04d}")
            rng = random.Random(f"{settings.seed}:think:{number}")
            learners.append(Learner(client, group, seat, settings.player, settings.think, rng, meter, pool))
    playing = [asyncio.create_task(learner.play(settings.rules)) for learner in learners]
    lags: list[float] = []
    try:
        await _every(learner.seated.wait() for learner in learners)
        meter.measuring = True
        start, server_start, own_start = time.perf_counter(), server.cpu_seconds(), time.process_time()
        while not _done(settings, time.perf_counter() - start, len(meter.latencies), len(plan)):
            nap = time.perf_counter()
            await asyncio.sleep(NAP)
            lags.append(time.perf_counter() - nap - NAP)
        meter.measuring = False
        seconds = time.perf_counter() - start
        server_cpu, own_cpu = server.cpu_seconds() - server_start, time.process_time() - own_start
        meter.acting = False
        settle = time.perf_counter() + SETTLING
        while meter.pending and time.perf_counter() < settle:
            await asyncio.sleep(0.1)
    finally:
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
        for learner in learners:
            await learner.client.close()
    return Figures(
        len(learners), list(plan), meter.latencies, len(meter.pending), seconds, server_cpu,
        server.peak_mib(), server.database_mib(), own_cpu, meter.decision_seconds, lags,
    )  # fmt: skip


async def _every(waits: Iterator[Any]) -> None:
    await asyncio.gather(*waits)


def _done(settings: Settings, elapsed: float, measured: int, tables: int) -> bool:
    """Whether the run has measured ``--turns`` actions a table, or ``--seconds`` have passed (whichever first)."""
    return elapsed >= settings.seconds or (settings.turns is not None and measured >= settings.turns * tables)


def measure(database: Databases, plan: Sequence[int], settings: Settings, pool: Executor | None) -> Figures:
    """One run on a class server of its own, in a temporary folder."""
    with (
        tempfile.TemporaryDirectory(prefix="class-bench-") as folder,
        class_server(database(Path(folder)), Path(folder)) as server,
    ):
        return asyncio.run(run_class(server, plan, settings, pool))


# the report


def describe(plan: Sequence[int]) -> str:
    """The tables by size, in words.

    >>> describe([4, 4, 3])
    '2 of 4, 1 of 3'
    """
    sizes = sorted(set(plan), reverse=True)
    return ", ".join(f"{plan.count(size)} of {size}" for size in sizes)


def report(figures: Figures, settings: Settings, database: str) -> str:
    """The run's figures as a table."""
    rows = [
        ("learners at tables", f"{figures.learners} at {len(figures.plan)} ({describe(figures.plan)})"),
        ("database", database),
        ("pace", f"{settings.think:g} s to think (x0.5 to x1.5), {settings.player}, rules {settings.rules}"),
        ("measured", f"{figures.seconds:.1f} s"),
        ("actions measured", f"{len(figures.latencies)} ({figures.missing} whose updates never all came)"),
        ("action to every other board: p50", f"{figures.percentile(0.50):.1f} ms"),
        ("p95", f"{figures.percentile(0.95):.1f} ms"),
        ("max", f"{figures.percentile(1.0):.1f} ms"),
        ("this process's own delay: p95", f"{percentile(figures.lags, 0.95) * 1000:.1f} ms (its event loop late)"),
        ("server processor (user+sys)", f"{figures.server_cpu:.1f} s: {figures.cores:.2f} of one core"),
        ("server processor per action", f"{figures.cpu_per_action:.1f} ms"),
        ("server peak memory (VmHWM)", f"{figures.peak_mib:.0f} MiB"),
        ("database size", f"{figures.database_mib:.1f} MiB"),
        ("learners' side, this process", f"{figures.own_cpu:.1f} s of processor"),
        ("learners' decisions, worker", f"{figures.decision_cpu:.1f} s of processor"),
    ]
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name:<{width}}  {value}" for name, value in rows)


def ramp(database: Databases, options: argparse.Namespace, settings: Settings, pool: Executor | None) -> str:
    """Raise the tables until the p95 or the server's processor passes its limit; the largest that held."""
    per_table = options.learners / options.tables
    held: tuple[int, int] | None = None
    print(
        "| tables | learners | actions | p50 ms | p95 ms | max ms | own delay p95 ms | server cores "
        "| server ms an action | peak MiB | database MiB |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    tables = options.tables
    while tables <= options.max_tables:
        plan = seat_plan(round(tables * per_table), tables)
        figures = measure(database, plan, settings, pool)
        p95 = figures.percentile(0.95)
        print(
            f"| {tables} | {figures.learners} | {len(figures.latencies)} | {figures.percentile(0.5):.1f} | {p95:.1f} "
            f"| {figures.percentile(1.0):.1f} | {percentile(figures.lags, 0.95) * 1000:.1f} | {figures.cores:.2f} "
            f"| {figures.cpu_per_action:.1f} | {figures.peak_mib:.0f} "
            f"| {figures.database_mib:.1f} |",
            flush=True,
        )
        if not p95 <= options.max_p95 or figures.cores > options.max_cores:
            break
        held = (tables, figures.learners)
        tables *= 2
    if held is None:
        return f"even {options.tables} tables did not hold (p95 past {options.max_p95:g} ms or past one core)"
    return f"one laptop holds {held[0]} tables ({held[1]} learners)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to measure, once every table plays")
    parser.add_argument(
        "--turns", type=int, default=None, help="measure this many actions a table instead of --seconds"
    )
    parser.add_argument("--think", type=float, default=2.0, help="a learner's mean time to think, in seconds")
    parser.add_argument("--player", choices=[*PLAYERS, "draw"], default="greedy")
    parser.add_argument("--rules", default="bga")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes working out the learners' decisions")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--db", default=None, help="the class server's database (default: SQLite in a temp folder)")
    where.add_argument("--postgres", action="store_true", help="start a temporary PostgreSQL (Debian's postgresql)")
    parser.add_argument("--ramp", action="store_true", help="raise the tables until a limit passes")
    parser.add_argument("--max-tables", type=int, default=512, help="the ramp's last step at most")
    parser.add_argument("--max-p95", type=float, default=300.0, help="the ramp's limit on the p95, in ms")
    parser.add_argument("--max-cores", type=float, default=1.0, help="the ramp's limit on the server's processor")
    options = parser.parse_args()
    if options.think < 0 or options.seconds <= 0 or options.workers < 1:
        parser.error("--think must be 0 or more, --seconds and --workers more than 0")
    plan = seat_plan(options.learners, options.tables)
    settings = Settings(
        options.rules, options.seconds, options.turns, options.think, options.player, options.seed, options.workers
    )
    pool = None if options.player == "draw" else ProcessPoolExecutor(options.workers)
    try:
        if pool is not None:
            pool.submit(int).result()  # the workers start now, before any event loop or thread
        with databases(options.db, options.postgres) as database:
            name = "PostgreSQL" if options.postgres or (options.db or "").startswith("postgresql") else "SQLite"
            if options.ramp:
                print(ramp(database, options, settings, pool))
            else:
                print(report(measure(database, plan, settings, pool), settings, name))
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


if __name__ == "__main__":
    main()
