"""Settings and fixtures for every test."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from hypothesis import settings

from tests.postgres import cluster, database

__all__ = ["cluster", "database"]  # the fixtures: a database for a class server test, SQLite then PostgreSQL

settings.register_profile("kit", deadline=None)
settings.load_profile("kit")
"""No hypothesis example may fail for taking long: a test depends on no machine's speed (a 200 ms deadline
failed a rules-in-words example that took 446 ms once on a loaded machine and 0.3 ms when tried again)."""


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
