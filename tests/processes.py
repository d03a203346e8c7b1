"""What the tests that start a real server process share: a free port, a deadline on a condition, a probe, a stop."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import pytest


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until(condition: Callable[[], bool], seconds: float, what: str) -> None:
    """Wait until ``condition()`` holds; fail the test, saying ``what`` did not happen, after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"{what} did not happen within {seconds} s")
        time.sleep(0.1)


def answers(url: str) -> bool:
    """Whether ``url`` answers 200 within 2 s."""
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return int(response.status) == 200
    except OSError:
        return False


def stop_group(process: subprocess.Popen[str] | subprocess.Popen[bytes], grace: float) -> None:
    """Stop a server started in a session of its own, with everything it started: SIGTERM to its group, then
    SIGKILL when it has not ended within ``grace`` seconds."""
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)


@contextmanager
def class_server(folder: Path, env: Mapping[str, str] | None = None, path: str = "") -> Iterator[str]:
    """A class server process (``machiavelli-kit class serve``) on a free port, on a SQLite file of its own in
    ``folder`` and a home there, with ``env`` added to its environment; yields its address (with ``path`` after
    it, where a hub's service has its routes), then stops it."""
    port = free_port()
    with (folder / "server.log").open("w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "machiavelli_kit", "class", "serve", f"--port={port}",
             f"--db=sqlite:///{folder / 'class.db'}"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True,
            env={**os.environ, "HOME": str(folder / "home"), **(env or {})},
        )  # fmt: skip
        url = f"http://127.0.0.1:{port}{path}"
        try:
            wait_until(lambda: answers(url + "/api/health") or process.poll() is not None, 60, "the class server")
            assert process.poll() is None, (folder / "server.log").read_text()
            yield url
        finally:
            stop_group(process, 10)


async def until(condition: Callable[[], object], what: str, seconds: float) -> None:
    """Wait on the event loop (the kernel's, in a notebook) until ``condition()`` holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        if loop.time() > deadline:
            pytest.fail(f"{what} did not happen within {seconds} s")
        await asyncio.sleep(0.05)
