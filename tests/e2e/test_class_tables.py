"""Networked tables in real Chromium: two learners, each in a browser of their own, at one ``machiavelli-kit app``
page each (game.ipynb's Play your class), beside a class server process.

Ada gives her name and makes a table for two; Bob gives his and joins it from his list. Each board names its
own seat; the one whose turn it is draws, and the other's log tells it without the card. Ada closes her page and
opens it again: without typing her name she is back at her seat, the game as it is.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from machiavelli_kit.classroom.lobby import CLASS_SERVER_VARIABLE
from machiavelli_kit.serve.app import app_command
from tests.e2e.conftest import serve
from tests.processes import free_port
from tests.test_table_flow import server

__all__ = ["server"]
pytestmark = [pytest.mark.browser, pytest.mark.server]
TIMEOUT = 120_000
"""Two pages run the notebook at once on a shared 2-core machine: their first answers may be slow."""


@pytest.fixture
def app_url(server: str, tmp_path: Path) -> Iterator[str]:
    """``machiavelli-kit app``'s pages, which know the class server ``server``."""
    folder = tmp_path / "served"
    folder.mkdir()
    (folder / "game.ipynb").write_bytes((Path(__file__).parents[2] / "notebooks" / "game.ipynb").read_bytes())
    port = free_port()
    environ = {**os.environ, CLASS_SERVER_VARIABLE: server,
               "MACHIAVELLI_KIT_PROGRESS": str(tmp_path / "data" / "progress.json")}  # fmt: skip
    yield from serve([*app_command(folder, port, open_browser=False), "--Voila.ip=127.0.0.1"],
                     "/voila/static/voila.js", folder, port, environ)  # fmt: skip


def open_game(browser: Browser, app_url: str) -> Page:
    page = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    page.goto(f"{app_url}/voila/render/game.ipynb", timeout=TIMEOUT)
    return page


def enter(page: Page, name: str) -> None:
    page.locator(".mk-lobby input[type=text]").fill(name, timeout=TIMEOUT)
    page.locator(".mk-lobby-enter").click()
    page.locator(".mk-lobby-make").wait_for(state="visible", timeout=TIMEOUT)


def seats(page: Page) -> str:
    return page.locator(".mk-table-board .mk-game-seats").text_content(timeout=TIMEOUT) or ""


def wait_text(page: Page, selector: str, pattern: str) -> None:
    page.wait_for_function(
        "([selector, pattern]) => [...document.querySelectorAll(selector)].some("
        "el => new RegExp(pattern).test(el.textContent))",
        arg=[selector, pattern],
        timeout=TIMEOUT,
    )


def test_two_learners_play_one_table_from_their_own_browsers(browser: Browser, app_url: str) -> None:
    ada, bob = open_game(browser, app_url), open_game(browser, app_url)
    enter(ada, "Ada")
    enter(bob, "Bob")
    ada.locator(".mk-lobby-make").click()
    wait_text(bob, ".mk-lobby-table", "Ada, a free seat")  # Bob's list asks again by itself
    bob.locator(".mk-lobby-join").click()
    for page, name in ((ada, "Ada"), (bob, "Bob")):
        wait_text(page, ".mk-table-board .mk-game-seats", rf"{name} \(you\) 15 cards")
    assert "Bob (you)" not in seats(ada) and "Ada (you)" not in seats(bob)
    ready = ".mk-table-board .mk-game-draw:not([disabled])"
    ada.wait_for_function(
        "() => document.querySelectorAll('.mk-table-board .mk-game-draw').length === 1", timeout=TIMEOUT
    )
    mover, other = (ada, bob) if ada.locator(ready).count() else (bob, ada)
    if mover is bob:
        bob.locator(ready).wait_for(timeout=TIMEOUT)
    mover_name = "Ada" if mover is ada else "Bob"
    mover.locator(ready).click()
    # the mover's log shows the card drawn; the other's only that a card was drawn
    wait_text(mover, ".mk-table-board .mk-game-log", rf"turn 1, {mover_name} draws a card \(.+\)")
    wait_text(other, ".mk-table-board .mk-game-log", rf"turn 1, {mover_name} draws a card(?! \()")
    wait_text(other, ".mk-table-board .mk-game-seats", rf"{mover_name}[^·]* 16 cards")
    other.locator(ready).wait_for(timeout=TIMEOUT)  # now it is the other's turn
    # Ada's page closed and opened again: straight back to her seat, the game as it is
    context = ada.context
    ada.close()
    again = context.new_page()  # the same browser: the app knows it by its cookie
    again.goto(f"{app_url}/voila/render/game.ipynb", timeout=TIMEOUT)
    wait_text(again, ".mk-table-board .mk-game-seats", r"Turn 2 .*Ada \(you\)")
    wait_text(again, ".mk-table-board .mk-game-log", rf"turn 1, {mover_name} draws")
    assert again.locator(".mk-lobby input[type=text]").is_hidden()
    assert re.search(r"1[56] cards", seats(again))
