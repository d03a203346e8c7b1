"""Interaction to redraw latency of the play widget in Voila, measured in the browser.

Serves a copy of ``notebooks/start.ipynb`` with ``machiavelli-kit app``'s Voila command, opens it
in Debian's Chromium (headless), and times three interactions, each repeated (20 by default):

- press: mouse down on a hand card until the lifted card's shadow is drawn (100 ms after the
  pointer came to rest on it: a press straight after a move waits for that move's own round
  trip to the kernel, about 35 ms more);
- drop: mouse up over a meld (once the lifted card is drawn there) until it is gone from the drag layer;
- undo: click on the Undo button until the card is back in the hand.

Each time runs from the browser event (``performance.now()`` in a capturing listener) to the
first poll (every millisecond) that sees the canvas pixel change: browser -> kernel -> Python
handler -> draw commands -> canvas. Run: ``.venv/bin/python benchmarks/widget_latency.py [-n 20]``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from machiavelli_kit.core.cards import Card
from machiavelli_kit.practice.examples import example
from machiavelli_kit.practice.session import PlayState
from machiavelli_kit.serve.app import app_command
from machiavelli_kit.serve.notebook_copy import notebooks_dir
from machiavelli_kit.ui.layout import lay_out

PIXEL_RATIO = 2
"""Canvas pixels per layout unit: the board's medium size (1.0) at its default pixel ratio, 2."""
READ = "([el, x, y]) => Array.from(el.getContext('2d').getImageData(x, y, 1, 1).data).join(',')"
WATCH = """([el, x, y, kind]) => {
    const ctx = el.getContext('2d');
    const read = () => Array.from(ctx.getImageData(x, y, 1, 1).data).join(',');
    const before = read();
    window.__latency = null;
    let start = null;
    const target = kind === 'click' ? document.querySelector('.mk-undo') : el;
    target.addEventListener(kind, () => { start = performance.now(); }, {capture: true, once: true});
    const timer = setInterval(() => {
        if (start !== null && read() !== before) {
            window.__latency = performance.now() - start;
            clearInterval(timer);
        }
    }, 1);
}"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def timed(page: Page, canvas: Any, point: tuple[float, float], kind: str, action: Any) -> float:
    """Milliseconds from the ``kind`` event to the change of the canvas pixel at layout ``point``."""
    x, y = round(point[0] * PIXEL_RATIO), round(point[1] * PIXEL_RATIO)
    page.evaluate(WATCH, [canvas, x, y, kind])
    action()
    page.wait_for_function("() => window.__latency !== null", timeout=10_000)
    return float(page.evaluate("() => window.__latency"))


def pixel(page: Page, canvas: Any, point: tuple[float, float]) -> str:
    x, y = round(point[0] * PIXEL_RATIO), round(point[1] * PIXEL_RATIO)
    return str(page.evaluate(READ, [canvas, x, y]))


def wait_until_changed(page: Page, canvas: Any, point: tuple[float, float], before: str) -> None:
    """Wait until the canvas pixel at layout ``point`` is no longer ``before``."""
    x, y = round(point[0] * PIXEL_RATIO), round(point[1] * PIXEL_RATIO)
    page.wait_for_function(f"([el, x, y, before]) => ({READ})([el, x, y]) !== before", arg=[canvas, x, y, before])


def measure(page: Page, base: str, repeats: int) -> dict[str, list[float]]:
    page.goto(f"{base}/voila/render/start.ipynb", timeout=60_000)
    canvas = page.locator("canvas.mk-canvas")
    page.wait_for_function(
        "el => el.getContext('2d').getImageData(6, 6, 1, 1).data[1] === 107",
        arg=canvas.element_handle(timeout=60_000),
        timeout=60_000,
    )
    position = example("bga-1").position
    board = lay_out(PlayState.of(position))
    card = next(spot for spot in board.cards if spot.card == Card.parse("4H")).box
    meld = board.melds[1]
    held = (10, 40)  # where the card is held, from its top-left corner
    drop = (meld.x + meld.w / 2, meld.y + meld.h / 2)
    corner = (card.x + card.w - 6, card.y + 6)
    shadow = (card.x + card.w + 2, card.y + card.h + 3)
    dropped_shadow = (drop[0] - held[0] + card.w + 2, drop[1] - held[1] + card.h + 3)
    times: dict[str, list[float]] = {"press": [], "drop": [], "undo": []}
    undo = page.locator(".mk-undo")
    for _ in range(repeats):
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()  # read again: clicking Undo may scroll the page
        assert box is not None
        page.mouse.move(box["x"] + card.x + held[0], box["y"] + card.y + held[1])
        page.wait_for_timeout(100)  # let the hover move's round trip land before timing the press
        times["press"].append(timed(page, canvas.element_handle(), shadow, "mousedown", page.mouse.down))
        felt = pixel(page, canvas.element_handle(), dropped_shadow)
        page.mouse.move(box["x"] + drop[0], box["y"] + drop[1], steps=5)
        # the lifted card has reached the meld (a busy machine may take longer than the old 100 ms)
        wait_until_changed(page, canvas.element_handle(), dropped_shadow, felt)
        page.wait_for_timeout(100)  # and the last move's redraw has landed
        times["drop"].append(timed(page, canvas.element_handle(), dropped_shadow, "mouseup", page.mouse.up))
        page.wait_for_function("() => !document.querySelector('.mk-undo').disabled")
        times["undo"].append(timed(page, canvas.element_handle(), corner, "click", undo.click))
    return times


@contextmanager
def voila(folder: Path) -> Iterator[str]:
    """Serve ``folder`` with the kit's Voila command; yield its base URL."""
    port = free_port()
    log = (folder / "voila.log").open("w")
    server = subprocess.Popen(
        [*app_command(folder, port, open_browser=False), "--Voila.ip=127.0.0.1"],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        env={**os.environ, "JUPYTER_RUNTIME_DIR": str(folder / "runtime")},
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/voila/static/voila.js", timeout=2).close()
                break
            except OSError:
                time.sleep(0.2)
        yield base
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(15)
        log.close()


def measure_in_voila(
    notebook: str, measure: Callable[[Page, str, int], dict[str, list[float]]], repeats: int
) -> dict[str, list[float]]:
    """Serve a copy of the bundled ``notebook`` with Voila and run ``measure(page, base_url, repeats)``
    in headless Chromium; the folder and the server are gone afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="mk-latency-"))
    shutil.copy(notebooks_dir() / notebook, folder)
    try:
        with voila(folder) as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
            )
            page = browser.new_page(viewport={"width": 1100, "height": 1000})
            times = measure(page, base, repeats)
            browser.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--repeats", type=int, default=20)
    arguments = parser.parse_args()
    times = measure_in_voila("start.ipynb", measure, arguments.repeats)
    print(f"Voila, {arguments.repeats} interactions each, milliseconds from browser event to redrawn pixel")
    print(f"{'interaction':12} {'median':>7} {'min':>7} {'max':>7}")
    for name, values in times.items():
        print(f"{name:12} {statistics.median(values):7.1f} {min(values):7.1f} {max(values):7.1f}")


if __name__ == "__main__":
    main()
