"""The keyboard alone in real Chromium, in the Voila app: no mouse event is sent. Tab reaches the
cards, the arrow keys move the focus (found by what the live region reads, as a learner who cannot
see the screen finds it), Enter and Space pick a card up and put it down, and the letter keys press
the buttons. A worked example is solved, a chapter 1 puzzle answered, and a game's first turn played
against the computer; the live region (role="status", aria-live="polite") says every move and message.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from tests.e2e.test_browser import TIMEOUT, wait_drawn
from tests.e2e.test_game_board import DEAL, text_of, wait_text

pytestmark = pytest.mark.browser
TABS = 400
"""More Tab presses than any page here needs to reach its board from the top."""


def tab_to(page: Page, target: Locator) -> None:
    """Press Tab until ``target`` has the focus (each press moves it one control on)."""
    handle = target.element_handle(timeout=TIMEOUT)
    for _press in range(TABS):
        if page.evaluate("el => document.activeElement === el", handle):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{TABS} Tab presses did not reach {target}")


class Listener:
    """What a screen reader hears from a board: its live region's lines, one per message."""

    def __init__(self, page: Page, board: Locator) -> None:
        self.page = page
        self.region = board.locator(".mk-live[role=status][aria-live=polite]").first
        self.region.wait_for(state="attached", timeout=TIMEOUT)

    def count(self) -> int:
        return int(self.region.get_attribute("data-count") or 0)

    def last(self) -> str:
        return str(self.region.evaluate("el => el.lastElementChild ? el.lastElementChild.textContent : ''"))

    def press(self, key: str) -> str:
        """Press ``key`` and wait until the board says something; return what it said last."""
        before = self.count()
        self.page.keyboard.press(key)
        self.page.wait_for_function(
            "([el, n]) => Number(el.dataset.count || 0) > n",
            arg=[self.region.element_handle(), before],
            timeout=TIMEOUT,
        )
        return self.last()

    def walk(self, key: str, heard: str) -> None:
        """Press ``key`` until the board says ``heard`` (where the focus is now)."""
        for _press in range(60):
            if self.press(key) == heard:
                return
        raise AssertionError(f"{key} never reached {heard!r}; last heard {self.last()!r}")

    def wait(self, text: str) -> None:
        """Wait until the region holds a line with ``text``."""
        self.page.wait_for_function(
            "([el, text]) => Array.from(el.children).some(line => line.textContent.includes(text))",
            arg=[self.region.element_handle(), text],
            timeout=TIMEOUT,
        )


def move(ear: Listener, card: str, place: str, put: str = "Enter") -> None:
    """Walk the focus to ``card``, pick it up, walk it to ``place`` and put it down with ``put``."""
    ear.walk("ArrowRight", card)
    assert ear.press("Enter").startswith("You hold ")
    ear.walk("ArrowLeft", place)
    said = ear.press(put)
    assert said.startswith("Moved "), said


def test_voila_keyboard_alone_solves_a_worked_example(page: Page, voila_url: str, artifacts: Path) -> None:
    page.goto(f"{voila_url}/voila/render/rules.ipynb", timeout=TIMEOUT)
    board = page.locator(".mk-position-bga-7")
    canvas = board.locator("canvas.mk-canvas")
    wait_drawn(page, canvas)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    ear = Listener(page, board)
    tab_to(page, canvas)
    ear.wait("The arrow keys move between the cards")
    move(ear, "3♣, your hand", "Meld 1, before 4♣")
    ear.wait("Moved 3♣ to meld 1.")
    move(ear, "7♣, your hand", "Meld 1, at the end", put=" ")
    move(ear, "8♣, your hand", "Meld 1, at the end")
    page.keyboard.press("c")
    ear.wait("Valid: you played 3 cards")
    assert text_of(board.locator(".mk-status")).startswith("Valid: you played 3 cards")
    assert page.evaluate("() => document.activeElement.classList.contains('mk-canvas')"), "the focus stayed"
    board.screenshot(path=artifacts / "voila-keyboard-bga-7-solved.png")
    page.keyboard.press("Tab")  # Tab leaves the board as it leaves any control
    assert page.evaluate("() => !document.activeElement.classList.contains('mk-canvas')")


def test_voila_keyboard_alone_answers_a_chapter_1_puzzle(page: Page, voila_url: str, artifacts: Path) -> None:
    page.goto(f"{voila_url}/voila/render/puzzles.ipynb", timeout=TIMEOUT)
    puzzle = page.locator(".mk-puzzle-board", has=page.locator(".mk-position-bga-3"))
    canvas = puzzle.locator("canvas.mk-canvas")
    wait_drawn(page, canvas)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    ear = Listener(page, puzzle)
    tab_to(page, canvas)
    ear.wait("8♥, your hand")  # the focus starts on the hand's first card
    canvas.screenshot(path=artifacts / "voila-keyboard-focus.png")  # the focused card is outlined
    assert ear.press("Enter").startswith("You hold 8♥")
    assert ear.press("ArrowUp") == "The working area"
    assert ear.press("Escape") == "8♥ is back where it was."
    tab_to(page, puzzle.locator(".mk-no-play"))
    page.keyboard.press("Enter")
    ear.wait("so you draw 1 card and your turn ends")
    verdict = puzzle.locator(".mk-puzzle-verdict")
    page.wait_for_function("el => el.textContent.startsWith('Correct')", arg=verdict.element_handle(), timeout=TIMEOUT)


def test_voila_keyboard_alone_plays_a_games_first_turn(page: Page, voila_url: str, artifacts: Path) -> None:
    page.goto(f"{voila_url}/voila/render/game.ipynb", timeout=TIMEOUT)
    game = page.locator(".mk-game")
    deal = game.locator(".mk-game-deal input")
    tab_to(page, deal)
    page.keyboard.press("Control+A")
    page.keyboard.type(str(DEAL))
    tab_to(page, game.locator(".mk-game-start"))
    page.keyboard.press("Enter")
    canvas = game.locator(".mk-game-table canvas.mk-canvas")
    wait_drawn(page, canvas)
    ear = Listener(page, game.locator(".mk-game-table"))
    tab_to(page, canvas)
    ear.wait("The arrow keys move between the cards")
    move(ear, "6♠, your hand", "A new meld")
    move(ear, "6♥, your hand", "Meld 1, at the end")
    move(ear, "6♣, your hand", "Meld 1, at the end")
    ear.wait("Moved 6♣ to meld 1. Every meld on the table is valid.")
    page.keyboard.press("e")  # End turn, by its letter, on the focused cards
    log, status = game.locator(".mk-game-log"), game.locator(".mk-game-status")
    wait_text(page, log, r"You played 3 cards \(6♠ 6♥ 6♣\)")
    ear.wait("You played 3 cards")
    wait_text(page, status, "^Your turn")
    ear.wait("Your turn")
    page.screenshot(path=artifacts / "voila-keyboard-game.png", full_page=True)
