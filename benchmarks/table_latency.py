"""How soon a move reaches the other learner's board at a networked table: the time from one learner's Draw
being sent by their :class:`~machiavelli_kit.classroom.table_flow.TableFlow` to the other learner's flow
holding the view after it (what their board then draws).

Run: ``.venv/bin/python benchmarks/table_latency.py [--draws 60] [--db URL]``. It starts ``machiavelli-kit
class serve`` on a free port (SQLite in a temporary folder unless ``--db`` names a database), seats two
learners at a table for two, and has whoever is to move draw, ``--draws`` times (fewer if the game ends
first); prints the median, the 95th percentile and the slowest. Both learners' flows run in this process, so
the figure is the server's part and the network's, not a browser's drawing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from machiavelli_kit.classroom.server.client import ClassClient
from machiavelli_kit.classroom.table_flow import TableFlow


async def measure(url: str, draws: int) -> list[float]:
    """Seconds from each Draw sent to the other flow holding the next view."""
    ada, bob = ClassClient(url), ClassClient(url)
    await ada.register("Ada")
    await bob.register("Bob")
    table = await ada.new_table("bga", 2, seed=3)
    flows = [await TableFlow.sit(ada, table), await TableFlow.sit(bob, table)]
    seen = [asyncio.Event(), asyncio.Event()]

    async def follow(seat: int) -> None:
        async for _news in flows[seat].follow():
            seen[seat].set()

    tasks = [asyncio.create_task(follow(seat)) for seat in (0, 1)]
    for event in seen:
        await event.wait()
    times: list[float] = []
    while len(times) < draws and not flows[0].over:
        mover = 0 if flows[0].my_turn else 1
        other, turns = 1 - mover, flows[mover].turns
        seen[other].clear()
        start = time.perf_counter()
        answer = await flows[mover].draw()
        if not answer.ended:
            raise SystemExit(answer.text)
        while flows[other].turns == turns:
            await seen[other].wait()
            seen[other].clear()
        times.append(time.perf_counter() - start)
        while flows[mover].turns == turns:  # the mover's own view too, before the next Draw
            await asyncio.sleep(0.001)
    for task in tasks:
        task.cancel()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--draws", type=int, default=60)
    parser.add_argument("--db", default=None, help="the class server's database (default: SQLite in a temp folder)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        database = options.db or f"sqlite:///{Path(folder) / 'class.db'}"
        server = subprocess.Popen(
            [sys.executable, "-m", "machiavelli_kit", "class", "serve", f"--port={port}", f"--db={database}"],
            stdout=subprocess.DEVNULL, start_new_session=True, env={**os.environ, "HOME": folder},
        )  # fmt: skip
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    with urllib.request.urlopen(url + "/api/health", timeout=2):
                        break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("the class server did not start") from None
                    time.sleep(0.2)
            times = sorted(asyncio.run(measure(url, options.draws)))
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(10)
    p95 = statistics.quantiles(times, n=20)[18]
    print(
        f"{len(times)} draws, Draw sent to the other board's view: median {statistics.median(times) * 1000:.1f} ms, "
        f"p95 {p95 * 1000:.1f} ms, slowest {times[-1] * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
