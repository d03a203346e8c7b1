"""How quickly a board answers the keyboard in Voila, measured in the browser.

Serves a copy of ``notebooks/start.ipynb`` with Voila, opens it in Debian's Chromium (headless),
reaches the board's cards with Tab (no mouse) and times (20 of each by default):

- arrow drawn: ArrowRight until the canvas shows the focus on the next card;
- arrow read: ArrowRight until the live region holds the card's name (what a screen reader reads);
- pick up: Enter on the focused card until the canvas shows it lifted;
- put down: Enter on the place the held card goes until the canvas shows it there (then U undoes it).

Each time runs from the ``keydown`` (``performance.now()`` in a capturing listener on the window, added
before the page's own) to the first poll
(every millisecond) that sees the change: a checksum of the whole canvas drawn at a quarter of its
size, or the live region's count of messages. Run: ``.venv/bin/python benchmarks/board_keys_latency.py [-n 20]``.
"""

from __future__ import annotations

import argparse
import statistics

from playwright.sync_api import Page
from widget_latency import measure_in_voila

WATCH = """([el, region, what]) => {
    const small = document.createElement('canvas');
    small.width = Math.ceil(el.width / 4); small.height = Math.ceil(el.height / 4);
    const whole = () => {
        const pen = small.getContext('2d');
        pen.clearRect(0, 0, small.width, small.height);
        pen.drawImage(el, 0, 0, small.width, small.height);
        const data = pen.getImageData(0, 0, small.width, small.height).data;
        let sum = 0;
        for (let i = 0; i < data.length; i++) sum = (sum * 31 + data[i]) | 0;
        return sum;
    };
    const read = () => what === 'canvas' ? whole() : region.dataset.count;
    const before = read();
    window.__latency = null;
    const armed = performance.now();
    const timer = setInterval(() => {
        if (window.__keydown > armed && read() !== before) {
            window.__latency = performance.now() - window.__keydown;
            clearInterval(timer);
        }
    }, 1);
}"""


def timed(page: Page, canvas: object, region: object, what: str, key: str) -> float:
    """Milliseconds from pressing ``key`` to the change of ``what`` (``"canvas"`` or ``"region"``)."""
    page.evaluate(WATCH, [canvas, region, what])
    page.keyboard.press(key)
    page.wait_for_function("() => window.__latency !== null", timeout=30_000)
    page.wait_for_timeout(150)  # the rest of the answer (the other layer, the other widget) lands
    return float(page.evaluate("() => window.__latency"))


KEYDOWN = "window.addEventListener('keydown', () => { window.__keydown = performance.now(); }, true);"
"""Heard before the board's own listener, which keeps the keys it takes from every later one."""


def measure(page: Page, base: str, repeats: int) -> dict[str, list[float]]:
    page.add_init_script(KEYDOWN)
    page.goto(f"{base}/voila/render/start.ipynb", timeout=60_000)
    board = page.locator(".mk-position").first
    canvas_locator = board.locator("canvas.mk-canvas")
    canvas_locator.wait_for(timeout=60_000)
    page.wait_for_timeout(2000)  # the first drawing lands
    canvas = canvas_locator.element_handle()
    region = board.locator(".mk-live").first.element_handle()
    for _press in range(400):
        if page.evaluate("el => document.activeElement === el", canvas):
            break
        page.keyboard.press("Tab")
    page.wait_for_function("el => el.textContent.includes('The arrow keys')", arg=region, timeout=30_000)
    times: dict[str, list[float]] = {"arrow drawn": [], "arrow read": [], "pick up": [], "put down": []}
    for _ in range(repeats):
        times["arrow drawn"].append(timed(page, canvas, region, "canvas", "ArrowRight"))
        times["arrow read"].append(timed(page, canvas, region, "region", "ArrowRight"))
    for _ in range(repeats):
        page.keyboard.press("End")  # nothing: lets the last answer settle in order
        times["pick up"].append(timed(page, canvas, region, "canvas", "Enter"))
        page.keyboard.press("ArrowLeft")
        page.wait_for_timeout(200)
        times["put down"].append(timed(page, canvas, region, "canvas", "Enter"))
        page.keyboard.press("u")
        page.wait_for_timeout(300)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--repeats", type=int, default=20)
    arguments = parser.parse_args()
    times = measure_in_voila("start.ipynb", measure, arguments.repeats)
    print(f"Voila, a board by the keyboard, {arguments.repeats} keys each, milliseconds from keydown to change")
    print(f"{'key':12} {'median':>7} {'min':>7} {'max':>7}")
    for name, values in times.items():
        print(f"{name:12} {statistics.median(values):7.1f} {min(values):7.1f} {max(values):7.1f}")


if __name__ == "__main__":
    main()
