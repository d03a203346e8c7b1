"""Fixtures for every test."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def no_event_loop_running(request: pytest.FixtureRequest) -> Iterator[None]:
    """Run each test that drives no browser as a script runs: with no event loop marked running in its thread.

    Playwright's sync API (a browser test run earlier by the same worker) leaves its event loop marked
    as running in the main thread for the rest of the session: ``asyncio.run`` would then refuse to
    start (the class server's clients), and a board would hand its computer turns to that loop instead
    of playing them at once. A browser test keeps the loop Playwright needs.
    """
    if request.node.get_closest_marker("browser") is not None:
        yield
        return
    leaked = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(leaked)
