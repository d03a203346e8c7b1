"""What the tests that start a real server process share: a free port, a deadline on a condition, a probe, a stop."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Callable

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
