"""How quickly the game board answers in Voila, measured in the browser.

Serves a copy of ``notebooks/game.ipynb`` with ``machiavelli-kit app``'s Voila command, opens it in
Debian's Chromium (headless), starts deal 7 against the greedy player, and times (20 of each by
default):

- press: mouse down on a hand card until the lifted card's shadow is drawn;
- drop: mouse up over the new-meld slot (once the lifted card is drawn there) until it is gone
  from the drag layer;
- undo: click on Undo until the card is back in the hand;
- computer starts: click on Draw until the board says the computer is playing;
- computer shown: click on Draw until the canvas shows the computer's turn (its first move, or the
  table it leaves; the card drawn appears in the hand at the same moment), watched as a checksum
  of the whole canvas drawn at a quarter of its size. This includes the computer's thinking, in a
  worker thread of the kernel.

Each time runs from the browser event (``performance.now()`` in a capturing listener) to the first
poll (every millisecond) that sees the change. A headless board with the same deal says where the
card to drag is drawn. Run: ``.venv/bin/python benchmarks/game_board_latency.py [-n 20]``.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page
from widget_latency import measure_in_voila

from machiavelli_kit.ui.game_board import GameBoard

DEAL = 7
READ = "([el, x, y]) => Array.from(el.getContext('2d').getImageData(x, y, 1, 1).data).join(',')"
WATCH = """([el, x, y, kind, selector, text]) => {
    const ctx = el.getContext('2d');
    const small = document.createElement('canvas');  // the whole canvas at a quarter of its size
    small.width = Math.ceil(el.width / 4); small.height = Math.ceil(el.height / 4);
    const whole = () => {  // a checksum of the whole drawing
        const pen = small.getContext('2d');
        pen.clearRect(0, 0, small.width, small.height);
        pen.drawImage(el, 0, 0, small.width, small.height);
        const data = pen.getImageData(0, 0, small.width, small.height).data;
        let sum = 0;
        for (let i = 0; i < data.length; i++) sum = (sum * 31 + data[i]) | 0;
        return sum;
    };
    const read = () => text !== null
        ? document.querySelector('.mk-game-status').textContent.includes(text)
        : x < 0 ? whole() : Array.from(ctx.getImageData(x, y, 1, 1).data).join(',');
    const before = read();
    window.__latency = null;
    let start = null;
    const target = selector === null ? el : document.querySelector(selector);
    target.addEventListener(kind, () => { start = performance.now(); }, {capture: true, once: true});
    const timer = setInterval(() => {
        if (start !== null && read() !== before) {
            window.__latency = performance.now() - start;
            clearInterval(timer);
        }
    }, 1);
}"""


class Timer:
    """Times one interaction on the game's canvas, in canvas pixels of ``ratio`` per layout unit."""

    def __init__(self, page: Page, canvas: Any, ratio: float) -> None:
        self.page, self.canvas, self.ratio = page, canvas, ratio

    def pixel(self, point: tuple[float, float], kind: str, action: Callable[[], None], selector: str | None) -> float:
        """Milliseconds from the ``kind`` event to the change of the canvas pixel at layout ``point``
        (a negative x: to any change of the whole drawing)."""
        return self._run([self.canvas.element_handle(), *self._scaled(point), kind, selector, None], action)

    def read(self, point: tuple[float, float]) -> str:
        """The canvas pixel at layout ``point``."""
        return str(self.page.evaluate(READ, [self.canvas.element_handle(), *self._scaled(point)]))

    def wait_changed(self, point: tuple[float, float], before: str) -> None:
        """Wait until the canvas pixel at layout ``point`` is no longer ``before``."""
        self.page.wait_for_function(
            f"([el, x, y, before]) => ({READ})([el, x, y]) !== before",
            arg=[self.canvas.element_handle(), *self._scaled(point), before],
            timeout=30_000,
        )

    def _scaled(self, point: tuple[float, float]) -> list[int]:
        return [round(point[0] * self.ratio), round(point[1] * self.ratio)]

    def status(self, text: str, selector: str, action: Callable[[], None]) -> float:
        """Milliseconds from a click on ``selector`` until the game's status line holds ``text``."""
        return self._run([self.canvas.element_handle(), 0, 0, "click", selector, text], action)

    def _run(self, arguments: list[Any], action: Callable[[], None]) -> float:
        self.page.evaluate(WATCH, arguments)
        action()
        self.page.wait_for_function("() => window.__latency !== null", timeout=30_000)
        return float(self.page.evaluate("() => window.__latency"))


def my_turn(page: Page) -> None:
    """Wait for the person's turn: Draw shown and enabled (the board enables it on that turn alone)."""
    page.wait_for_function(
        "() => { const draw = document.querySelector('.mk-game-draw');"
        " return draw !== null && draw.offsetParent !== null && !draw.disabled; }",
        timeout=30_000,
    )


def measure(page: Page, base: str, repeats: int) -> dict[str, list[float]]:
    page.goto(f"{base}/voila/render/game.ipynb", timeout=60_000)
    page.locator(".mk-game-deal input").fill(str(DEAL), timeout=60_000)
    page.locator(".mk-game-start").click()
    canvas = page.locator(".mk-game-table canvas.mk-canvas")
    my_turn(page)
    page.locator(".mk-game-speed select").select_option(label="fast")
    mirror = GameBoard(seed=DEAL)
    mirror.setup.start_button.click()
    assert mirror.position is not None
    board = mirror.position.board()
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box is not None
    scale = box["width"] / board.width  # screen pixels per layout unit
    timer = Timer(page, canvas, mirror.position.canvas.width / board.width)
    first = next(spot for spot in board.cards if spot.place == "hand")
    card = first.box
    slot = board.new_slot
    held = (10, 40)
    drop = (slot.x + slot.w / 2, slot.y + slot.h / 2)
    shadow = (card.x + card.w + 2, card.y + card.h + 3)
    dropped_shadow = (drop[0] - held[0] + card.w + 2, drop[1] - held[1] + card.h + 3)
    session = mirror.flow.session if mirror.flow else None
    assert session is not None
    session.move(first.card, "hand", "new")  # where the dropped card lies: felt again after Undo
    laid = next(spot for spot in mirror.position.board().cards if spot.place == 0).box
    session.undo()
    corner = (laid.x + laid.w - 6, laid.y + 6)
    times: dict[str, list[float]] = {"press": [], "drop": [], "undo": [], "computer starts": [], "computer shown": []}
    undo = page.locator(".mk-game-table .mk-undo")
    for _ in range(repeats):
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + (card.x + held[0]) * scale, box["y"] + (card.y + held[1]) * scale)
        page.wait_for_timeout(100)  # let the hover move's round trip land before timing the press
        times["press"].append(timer.pixel(shadow, "mousedown", page.mouse.down, None))
        felt = timer.read(dropped_shadow)
        page.mouse.move(box["x"] + drop[0] * scale, box["y"] + drop[1] * scale, steps=5)
        timer.wait_changed(dropped_shadow, felt)  # the lifted card has reached the slot (slow on a busy machine)
        page.wait_for_timeout(100)  # and the last move's redraw has landed
        times["drop"].append(timer.pixel(dropped_shadow, "mouseup", page.mouse.up, None))
        page.wait_for_function("() => !document.querySelector('.mk-game-table .mk-undo').disabled")
        times["undo"].append(timer.pixel(corner, "click", undo.click, ".mk-game-table .mk-undo"))
    draw = page.locator(".mk-game-draw")
    for _ in range(repeats):  # two turns each time: Draw, and the computer answers; Draw, and again
        my_turn(page)
        times["computer starts"].append(timer.status("is playing", ".mk-game-draw", draw.click))
        my_turn(page)
        if page.locator(".mk-game-end").is_visible():
            break
        times["computer shown"].append(timer.pixel((-1.0, 0.0), "click", draw.click, ".mk-game-draw"))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--repeats", type=int, default=20)
    arguments = parser.parse_args()
    times = measure_in_voila("game.ipynb", measure, arguments.repeats)
    print(f"Voila, game board, up to {arguments.repeats} interactions each, milliseconds from browser event to change")
    print(f"{'interaction':16} {'n':>3} {'median':>7} {'min':>7} {'max':>7}")
    for name, values in times.items():
        print(f"{name:16} {len(values):3} {statistics.median(values):7.1f} {min(values):7.1f} {max(values):7.1f}")


if __name__ == "__main__":
    main()
