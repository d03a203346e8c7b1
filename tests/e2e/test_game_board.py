"""A whole game in real Chromium, in the Voila app: set up a game of 30 turns against the greedy player
(the info row counts the turns left), lay a set by dragging cards on the canvas, let the computer answer,
draw until the game ends, then read the end of the deal, the review and the record's download link."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from machiavelli_kit.core.cards import Card
from machiavelli_kit.practice.session import Place
from machiavelli_kit.ui.game_board import GameBoard
from tests.e2e.conftest import open_in_lab
from tests.e2e.test_browser import wait_drawn

pytestmark = pytest.mark.browser
TIMEOUT = 60_000
DEAL = 7
"""Deal 7 gives You 6♠ 6♥ 6♣ and the first turn against Greedy (as in tests/test_game_board.py)."""


def text_of(locator: Locator) -> str:
    return locator.text_content(timeout=TIMEOUT) or ""


def wait_text(page: Page, locator: Locator, pattern: str) -> None:
    """Wait until ``locator``'s text matches the regular expression ``pattern``."""
    page.wait_for_function(
        "([el, pattern]) => new RegExp(pattern).test(el.textContent)",
        arg=[locator.element_handle(timeout=TIMEOUT), pattern],
        timeout=TIMEOUT,
    )


def drag(page: Page, canvas: Locator, mirror: GameBoard, code: str, target: Place) -> None:
    """Drag ``code`` from the hand to ``target`` where the kernel's board draws it (a headless
    board with the same deal says where), then make the same move on that board."""
    assert mirror.position is not None and mirror.flow is not None and mirror.flow.session is not None
    card, board = Card.parse(code), mirror.position.board()
    spot = next(spot for spot in board.cards if spot.card == card and spot.place == "hand")
    goal = board.melds[target] if isinstance(target, int) else board.new_slot
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box is not None
    ratio = box["width"] / board.width  # the page may draw the board smaller or larger than its layout
    page.mouse.move(box["x"] + (spot.box.x + 8) * ratio, box["y"] + (spot.box.y + 30) * ratio)
    page.mouse.down()
    page.mouse.move(box["x"] + (goal.x + goal.w / 2) * ratio, box["y"] + (goal.y + goal.h / 2) * ratio, steps=8)
    page.mouse.up()
    mirror.flow.session.move(card, "hand", target)
    wait_text(page, page.locator(".mk-game-status"), re.escape(str(card)))  # the one status line says the move


def turn_number(info: str) -> int:
    found = re.search(r"Turn (\d+)", info)
    return int(found.group(1)) if found else -1


def start_deal(page: Page, length: str | None = None) -> tuple[Locator, Locator]:
    """Start deal 7 against Greedy on the page's game board, to its end or of the Game ``length`` chosen (as the
    setup's list words it); the board and its canvas."""
    game = page.locator(".mk-game")
    game.locator(".mk-game-deal input").fill(str(DEAL), timeout=TIMEOUT)
    if length is not None:
        game.locator(".widget-dropdown", has_text="Game length").locator("select").select_option(label=length)
    game.locator(".mk-game-start").click()
    canvas = game.locator(".mk-game-table canvas.mk-canvas")
    wait_drawn(page, canvas)
    return game, canvas


def lay_the_sixes(page: Page, canvas: Locator) -> None:
    mirror = GameBoard(seed=DEAL)
    mirror.setup.start_button.click()
    drag(page, canvas, mirror, "6S", "new")
    drag(page, canvas, mirror, "6H", 0)
    drag(page, canvas, mirror, "6C", 0)


def test_lab_runs_the_game_notebook_and_a_play_by_dragging(page: Page, lab_url: str, artifacts: Path) -> None:
    open_in_lab(page, lab_url, "game.ipynb", TIMEOUT)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    game, canvas = start_deal(page)
    lay_the_sixes(page, canvas)
    game.locator(".mk-game-end-turn").click()
    log = game.locator(".mk-game-log")
    wait_text(page, log, "You played 3 cards \\(6♠ 6♥ 6♣\\)")
    wait_text(page, log, "Greedy (drew|played)")
    wait_text(page, game.locator(".mk-game-status"), "^Your turn")
    game.screenshot(path=artifacts / "lab-game-after-greedy.png")


def test_voila_a_game_against_greedy_to_its_end(page: Page, voila_url: str, artifacts: Path, tmp_path: Path) -> None:
    page.goto(f"{voila_url}/voila/render/game.ipynb", timeout=TIMEOUT)
    game, canvas = start_deal(page, "30 turns")  # over in 32 turns, where drawing until the stock ran out took 70
    game.locator(".mk-game-speed select").select_option(label="fast")
    info, status, log = game.locator(".mk-game-info"), game.locator(".mk-game-status"), game.locator(".mk-game-log")
    assert text_of(info) == "Turn 1 · stock: 74 cards · 30 turns left ▶ You 15 cards Greedy 15 cards"
    wait_text(page, status, "^Your turn")  # set just after the cards are drawn: wait for it
    page.screenshot(path=artifacts / "voila-game-start.png", full_page=True)

    lay_the_sixes(page, canvas)
    game.locator(".mk-game-end-turn").click()
    wait_text(page, log, "You played 3 cards \\(6♠ 6♥ 6♣\\)\\. You have 12 cards left")
    wait_text(page, log, "Greedy (drew|played)")
    wait_text(page, status, "^Your turn")
    assert "Greedy 16 cards" in text_of(info) or "Greedy played" in text_of(log)
    page.screenshot(path=artifacts / "voila-game-after-greedy.png", full_page=True)

    game.locator(".mk-game-speed select").select_option(label="no animation")
    ending = game.locator(".mk-game-end")
    for _ in range(120):
        if ending.is_visible():
            break
        before = turn_number(text_of(info))
        game.locator(".mk-game-draw").click()
        page.wait_for_function(
            """([info, end, before]) => {
                const found = /Turn (\\d+)/.exec(info.textContent);
                const mine = document.querySelector('.mk-game-draw:not(:disabled)');
                return end.offsetParent !== null || (found && Number(found[1]) >= before + 2 && mine);
            }""",
            arg=[info.element_handle(), ending.element_handle(), before],
            timeout=TIMEOUT,
        )
    assert ending.is_visible()
    summary = text_of(ending)
    assert re.search(r"wins|a draw", summary) and "cards left" in summary and "You" in summary
    link = game.locator(".mk-game-download a")
    assert (link.get_attribute("href") or "").startswith("data:application/json;base64,")
    assert link.get_attribute("download") == "machiavelli-game.json"
    game.locator(".mk-game-review").click()
    wait_text(page, game.locator(".mk-game-accuracy"), r"You made the best move on \d+ of \d+ turns")
    page.screenshot(path=artifacts / "voila-game-end.png", full_page=True)

    record = base64.b64decode((link.get_attribute("href") or "").split(",", 1)[1])
    game.locator(".mk-game-new-game").click()
    with page.expect_file_chooser(timeout=TIMEOUT) as chooser:  # ipywidgets keeps its file input off the page
        game.locator(".mk-game-setup .widget-upload").click()
    saved = tmp_path / "machiavelli-game.json"
    saved.write_bytes(record)
    chooser.value.set_files(saved)
    wait_text(page, game.locator(".mk-game-end"), re.escape(summary.split(".")[0]))
    assert "A new game: You, Greedy; Board Game Arena rules." in text_of(log)
