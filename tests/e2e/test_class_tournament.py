"""A class tournament's first round in real Chromium: two learners, each in a browser of their own at game.ipynb
on one ``machiavelli-kit app``, beside a class server process with the teacher's token.

The teacher makes a tournament with the command line; Ada and Bob give their names in the lobby and press Join
the tournament; the teacher starts it with the command line; both learners' tables open by themselves, each page a
table board with its own learner's hand, the seats in the order of the server's round-1 pairing.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page

from machiavelli_kit.classroom.server import TEACHER_TOKEN_VARIABLE
from tests.e2e.test_class_tables import TIMEOUT, app_url, enter, open_game, seats, wait_text
from tests.processes import class_server

__all__ = ["app_url"]
pytestmark = [pytest.mark.browser, pytest.mark.server]
TOKEN = "the-teachers-token"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """A class server process with the teacher's token, on a SQLite file of its own; its address (the app's
    pages know it through :func:`app_url`)."""
    with class_server(tmp_path, {TEACHER_TOKEN_VARIABLE: TOKEN}) as url:
        yield url


def teacher(*arguments: str) -> str:
    """``machiavelli-kit class tournament ARGUMENTS`` run as the teacher: what it prints."""
    done = subprocess.run(
        [sys.executable, "-m", "machiavelli_kit", "class", "tournament", *arguments],
        env={**os.environ, TEACHER_TOKEN_VARIABLE: TOKEN},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.strip()


def join(page: Page) -> None:
    page.locator(".mk-lobby-join-tournament").click(timeout=TIMEOUT)  # the lobby shows it by itself
    wait_text(page, ".mk-lobby-status", "wait for round 1 to start")


def test_a_round_starts_and_both_learners_tables_open_by_themselves(
    browser: Browser, server: str, app_url: str
) -> None:
    tournament = teacher("new", "--server", server, "--rounds", "1", "--table-size", "2", "--minutes", "10",
                         "--rules", "bga", "--seed", "5")  # fmt: skip
    ada, bob = open_game(browser, app_url), open_game(browser, app_url)
    enter(ada, "Ada")
    enter(bob, "Bob")
    join(ada)
    join(bob)
    teacher("start", "--server", server, "--id", tournament)
    headers = {"Authorization": f"Bearer {TOKEN}"}
    summary = httpx.get(f"{server}/api/tournaments/{tournament}", headers=headers, timeout=30).json()
    (table,) = [entry["table"] for entry in summary["tables"] if entry["round"] == 1]
    overview = httpx.get(f"{server}/api/class", headers=headers, timeout=30).json()
    (seated,) = [[seat["name"] for seat in t["seats"]] for t in overview["tables"] if t["id"] == table]
    assert sorted(seated) == ["Ada", "Bob"]
    first, second = seated
    for page, name in ((ada, "Ada"), (bob, "Bob")):
        wait_text(page, ".mk-table-board .mk-game-seats", rf"{name} \(you\) 15 cards")
        shown = seats(page)
        assert shown.index(first) < shown.index(second), shown  # the server's seat order
        other = "Bob" if name == "Ada" else "Ada"
        assert f"{other} (you)" not in shown
        assert page.locator(".mk-table-board .mk-game-table").count() == 1  # the board with its hand
