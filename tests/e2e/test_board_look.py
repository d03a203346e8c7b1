"""The board's look in Voila at a phone-like 600 px and a laptop's 1366 px: it fits, sizes, numbers and says.

A notebook of its own (one board, written here) so the test does not change when the
teaching notebooks do.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from machiavelli_kit.core.position import Position
from machiavelli_kit.practice.session import PlaySession
from machiavelli_kit.serve.app import app_command
from machiavelli_kit.ui.layout import CARD_W, WIDTH
from machiavelli_kit.ui.status import COLOURS, ICONS, Kind
from tests.e2e.conftest import serve
from tests.e2e.test_browser import TIMEOUT, Mirror, pixel, wait_drawn
from tests.processes import free_port

pytestmark = pytest.mark.browser
TABLE, HAND = "4C 5C 6C | 7H 7S 7D", "3C 8H"
TAG_PIXEL = [244, 239, 216, 255]


@pytest.fixture(scope="module")
def look_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("look")
    code = (
        "from machiavelli_kit.core.position import Position\n"
        "from machiavelli_kit.ui.position_board import PositionBoard\n"
        f"PositionBoard(Position.parse({TABLE!r}, {HAND!r}), name='look')"
    )
    cell: dict[str, object] = {
        "cell_type": "code",
        "execution_count": None,
        "metadata": {},
        "outputs": [],
        "source": code,
    }
    notebook = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (folder / "look.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    port = free_port()
    command = [*app_command(folder, port, open_browser=False), "--Voila.ip=127.0.0.1"]
    yield from serve(command, "/voila/static/voila.js", folder, port, dict(os.environ))


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None
    return {"x": found["x"], "y": found["y"], "width": found["width"], "height": found["height"]}


def assert_inside(inner: dict[str, float], outer: dict[str, float], what: str) -> None:
    assert inner["x"] >= outer["x"] - 0.5, f"{what} sticks out on the left"
    assert inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5, f"{what} sticks out on the right"


def card_width(canvas: Locator) -> float:
    """How wide a card shows on the screen, in CSS pixels."""
    return box(canvas)["width"] / WIDTH * CARD_W


def assert_fits(page: Page, widget: Locator, width: int) -> None:
    """The board, its canvas (undistorted) and every button lie inside the page and the board."""
    board, canvas = box(widget), box(widget.locator("canvas.mk-canvas"))
    assert_inside(board, {"x": 0, "width": width}, "the board")
    assert_inside(canvas, board, "the canvas")
    pixels = widget.locator("canvas.mk-canvas").evaluate("el => [el.width, el.height]")
    assert abs(canvas["height"] - canvas["width"] * pixels[1] / pixels[0]) < 2, "the canvas keeps its shape"
    assert_inside(box(widget.locator(".mk-board-buttons")), board, "the button row")
    buttons = widget.locator(".mk-board-buttons button")
    assert buttons.count() >= 12
    for index in range(buttons.count()):
        assert_inside(box(buttons.nth(index)), board, f"button {buttons.nth(index).text_content()}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"


def text_size(status: Locator) -> float:
    return float(status.evaluate("el => parseFloat(getComputedStyle(el).fontSize)"))


def assert_status(status: Locator, kind: Kind) -> None:
    """The status line shows ``kind``'s colour and icon."""
    looks = status.evaluate(
        """el => [el.className, getComputedStyle(el).color,
                  getComputedStyle(el.querySelector('.widget-html-content'), '::before').content,
                  parseFloat(getComputedStyle(el).fontSize)]"""
    )
    red, green, blue = (int(COLOURS[kind][i : i + 2], 16) for i in (1, 3, 5))
    assert f"mk-kind-{kind}" in looks[0]
    assert looks[1] == f"rgb({red}, {green}, {blue})"
    assert looks[2] == f'"{ICONS[kind]}"'
    assert looks[3] >= 15, "larger than the notebook's 13 px"


@pytest.mark.parametrize("width", [600, 1366])
def test_the_board_fits_sizes_numbers_its_melds_and_colours_its_status(
    page: Page, look_url: str, artifacts: Path, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{look_url}/voila/render/look.ipynb", timeout=TIMEOUT)
    widget = page.locator(".mk-position-look")
    canvas, status = widget.locator("canvas.mk-canvas"), widget.locator(".mk-status")
    wait_drawn(page, canvas)
    assert_fits(page, widget, width)
    mirror = Mirror(PlaySession(Position.parse(TABLE, HAND)))
    for tag in mirror.board().tags:
        assert pixel(canvas, tag.x + 2, tag.y + tag.h / 2) == TAG_PIXEL, "each meld has its number tag"
    assert_status(status, "info")

    mirror.drag(page, canvas, status, "3C", 0)
    assert_status(status, "valid")
    mirror.drag(page, canvas, status, "8H", "new")
    assert_status(status, "invalid")
    assert "Meld 3 is not valid yet" in (status.text_content() or "")
    page.screenshot(path=artifacts / f"look-{width}-medium.png", full_page=True)

    medium, medium_text = card_width(canvas), text_size(status)
    before = canvas.evaluate("el => el.width")
    widget.locator(".mk-size button", has_text="XL").click()
    page.wait_for_function("([el, w]) => el.width !== w", arg=[canvas.element_handle(), before], timeout=TIMEOUT)
    wait_drawn(page, canvas)
    assert_fits(page, widget, width)
    if width >= 1366:
        assert card_width(canvas) > 1.5 * medium, "XL cards are bigger"
        assert text_size(status) > 1.5 * medium_text, "and so are the status line's words"
    else:
        assert card_width(canvas) >= 0.95 * medium, "at 600 px the page shrinks every size to fit"
        assert text_size(status) == medium_text, "the words follow the board's real width, not its size"
    page.screenshot(path=artifacts / f"look-{width}-huge.png", full_page=True)
