"""A press picks up the card under the finger wherever the board sits on the page.

With the board partly scrolled out of view, ipycanvas focused its canvas on mouse-down, which
scrolled the page before the press was read: the drag failed or took another card. Here a card is
pressed and dragged with the board cut off by the top of the window and by its bottom, with the
mouse and with a finger (real touch input through the browser), in the Voila app and in Lab; the
board's status line names the card that moved and where it went, and the page has not moved.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page

from machiavelli_kit.core.cards import Card
from machiavelli_kit.practice.examples import example
from machiavelli_kit.practice.session import Place, PlaySession
from machiavelli_kit.ui.layout import Rect, lay_out
from tests.e2e.conftest import open_in_lab
from tests.e2e.test_browser import GRIP, TIMEOUT, wait_drawn

pytestmark = pytest.mark.browser
HEIGHT = 700
"""The window's height in these tests (CSS pixels)."""
CUT = 100
"""How much of the board (layout units: the cards' own size) the window's edge hides."""


@dataclass(frozen=True)
class Press:
    """A drag on one of rules.ipynb's example boards: ``code`` from ``source`` to ``target``, with the board
    cut off at the window's ``edge``, and the status line's sentence that says it was done."""

    board: str
    code: str
    source: Place
    target: Place
    edge: str
    said: str


TOP = Press("bga-7", "7C", "hand", 0, "top", "Moved 7♣ to meld 1.")
"""The board's top hidden: a card of the hand onto the part of meld 1 still in view."""
BOTTOM = Press("it-4", "5D", 0, "new", "bottom", "Moved 5♦ to a new meld.")
"""The board's bottom (the hand) hidden: the last card of meld 1 onto the new-meld slot."""


def _points(press: Press) -> tuple[tuple[float, float], tuple[float, float], float]:
    """Where (layout units) the finger presses, where it lets go, and the board's height."""
    item = example(press.board)
    board = lay_out(PlaySession(item.position, item.rules).state)
    card = Card.parse(press.code)
    spot = next(spot for spot in board.cards if spot.card == card and spot.place == press.source)
    goal: Rect = board.melds[press.target] if isinstance(press.target, int) else board.new_slot
    # on a board cut at the top, aim at the lower part of the goal, which is in view
    low = press.edge == "top"
    drop = (goal.x + goal.w / 2, goal.bottom - 12 if low else goal.y + goal.h / 2)
    return (spot.box.x + GRIP, spot.box.y + 40), drop, board.height


def _scroll_cut(page: Page, scroller: str, canvas: Locator, press: Press, height: float) -> dict[str, float]:
    """Scroll ``scroller`` (a script giving the scrolling element) so that its edge hides :data:`CUT`
    layout units of the board (the page may draw it smaller, as Lab does); return the canvas's box then."""
    wait_drawn(page, canvas)
    drawn = canvas.bounding_box()
    assert drawn is not None
    hidden = CUT * drawn["height"] / height
    cut = page.evaluate(
        """([scroller, el, edge, cut]) => {
            const pane = eval(scroller);
            const view = pane.getBoundingClientRect();
            const box = el.getBoundingClientRect();
            pane.scrollTop += edge === 'top' ? box.top - view.top + cut : box.bottom - view.bottom - cut;
            const now = el.getBoundingClientRect();
            return edge === 'top' ? view.top - now.top : now.bottom - view.bottom;
        }""",
        [scroller, canvas.element_handle(), press.edge, hidden],
    )
    assert abs(cut - hidden) < 2, f"the board should be cut by {hidden} px at the {press.edge}, not {cut}"
    box = canvas.bounding_box()
    assert box is not None
    assert box["height"] > 2 * hidden, "the board is too small for this test"
    return box


def _position(page: Page, scroller: str, canvas: Locator) -> list[float]:
    """The scroller's scrollTop and the canvas's top on the screen: both stay put when the page does not move."""
    return list(
        page.evaluate(
            "([scroller, el]) => [eval(scroller).scrollTop, el.getBoundingClientRect().top]",
            [scroller, canvas.element_handle()],
        )
    )


def _drag(page: Page, box: dict[str, float], ratio: float, press: Press, touch: Any) -> None:
    """Press, move in steps and let go, with the mouse or (``touch``, a CDP session) a finger."""
    (x0, y0), (x1, y1), _height = _points(press)
    start = (box["x"] + x0 * ratio, box["y"] + y0 * ratio)
    end = (box["x"] + x1 * ratio, box["y"] + y1 * ratio)
    steps = [(start[0] + (end[0] - start[0]) * i / 8, start[1] + (end[1] - start[1]) * i / 8) for i in range(1, 9)]
    if touch is None:
        page.mouse.move(*start)
        page.mouse.down()
        for x, y in steps:
            page.mouse.move(x, y)
        page.mouse.up()
        return
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]})
    for x, y in steps:
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _press_and_check(page: Page, scroller: str, root: Locator, press: Press, touch: Any) -> None:
    widget = root.locator(f".mk-position-{press.board}")
    canvas = widget.locator("canvas.mk-canvas")
    status = widget.locator(".mk-status")
    _first, _drop, height = _points(press)
    box = _scroll_cut(page, scroller, canvas, press, height)
    before = _position(page, scroller, canvas)
    _drag(page, box, box["height"] / height, press, touch)
    page.wait_for_function(
        "([el, text]) => el.textContent.includes(text)", arg=[status.element_handle(), press.said], timeout=TIMEOUT
    )
    assert _position(page, scroller, canvas) == before, "the page moved under the finger"


VOILA = "document.getElementById('rendered_cells')"
"""What scrolls in the Voila app: its cells' panel, not the window."""


@pytest.fixture
def touch_page(browser: Browser) -> Iterator[Page]:
    """A page of a touch screen (``has_touch``), the same size as the mouse's."""
    context = browser.new_context(has_touch=True, viewport={"width": 1100, "height": HEIGHT})
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.mark.parametrize("press", [TOP, BOTTOM], ids=["top-hidden", "bottom-hidden"])
def test_voila_a_mouse_press_takes_the_card_under_it(page: Page, voila_url: str, press: Press) -> None:
    page.set_viewport_size({"width": 1100, "height": HEIGHT})
    page.goto(f"{voila_url}/voila/render/rules.ipynb", timeout=TIMEOUT)
    _press_and_check(page, VOILA, page.locator("body"), press, None)


@pytest.mark.parametrize("press", [TOP, BOTTOM], ids=["top-hidden", "bottom-hidden"])
def test_voila_a_finger_takes_the_card_under_it(touch_page: Page, voila_url: str, press: Press) -> None:
    touch_page.goto(f"{voila_url}/voila/render/rules.ipynb", timeout=TIMEOUT)
    touch = touch_page.context.new_cdp_session(touch_page)
    _press_and_check(touch_page, VOILA, touch_page.locator("body"), press, touch)


def test_lab_a_mouse_press_takes_the_card_under_it(page: Page, lab_url: str) -> None:
    """In Lab the notebook's own panel scrolls, not the window."""
    page.set_viewport_size({"width": 1100, "height": HEIGHT})
    open_in_lab(page, lab_url, "rules.ipynb", TIMEOUT)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    panel = "document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')"
    for press in (TOP, BOTTOM):
        _press_and_check(page, panel, page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)"), press, None)
