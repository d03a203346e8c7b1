"""The game board's figures in Voila at 1366x768, measured in headless Chromium, against a floor.

Serves a copy of ``notebooks/game.ipynb`` and a one-cell notebook of a plain ipycanvas ``Canvas`` of the
same pixel size as the game's (the floor: mouse up, one rectangle filled, no kit code) with
``machiavelli-kit app``'s Voila command, starts deal 7 against the greedy player at the fast speed, and
prints the median and spread over ``-n`` runs (20 by default) of:

- drop: mouse up over the new-meld slot until the canvas shows the card laid there (target: median
  under 50 ms), then Undo; at the Fit size the game starts with, and again at M, the size every
  board had before Fit (the baseline: a canvas of 2/3 the pixels a side);
- computer: a click on Draw, which ends the turn as End turn does, until the canvas shows the
  computer's first move (or the table its draw leaves), its thinking in a worker thread included
  (target: under 300 ms);
- floor: mouse up on the plain canvas until its pixel changes: the round trip no board can beat;

each with its ratio to the floor, and whether the table, the hand, the buttons and the status line lie
inside the 1366x768 window after Start (their bounding boxes). ``--screenshots DIR`` also saves the
game after Start at 1366x768 and 1920x1080 (``game-1366x768.png``, ``game-1920x1080.png``).
Run: ``.venv/bin/python benchmarks/board_latency.py [-n 20] [--screenshots docs]``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import Any

from game_board_latency import DEAL, Timer, my_turn
from playwright.sync_api import Browser, Page, sync_playwright
from widget_latency import voila

from machiavelli_kit.serve.notebook_copy import notebooks_dir
from machiavelli_kit.ui.game_board import GameBoard
from machiavelli_kit.ui.layout import Board

SCREENS = ((1366, 768), (1920, 1080))
FLOOR = """from itertools import cycle
from ipycanvas import Canvas
import ipywidgets as w
floor = Canvas(width={width}, height={height}, layout=w.Layout(width="100%", height="auto"))
floor.add_class("floor")
colours = cycle(["#f4efd8", "#1f6b3a"])

def paint(*_args):
    floor.fill_style = next(colours)
    floor.fill_rect(0, 0, {width}, {height})

floor.on_mouse_up(paint)
floor.on_client_ready(paint)
floor"""
PARTS = {
    "the table and the hand": ".mk-game-table canvas.mk-canvas",
    "the board's buttons": ".mk-game-table .mk-board-buttons",
    "the game's buttons": ".mk-game-controls",
    "the status line": ".mk-game-status",
    "the seats": ".mk-game-seats",
}
TO_TOP = "() => { window.scrollTo(0, 0); for (const el of document.querySelectorAll('*')) el.scrollTop = 0; }"


def floor_notebook(folder: Path, width: int, height: int) -> None:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": FLOOR.format(width=width, height=height)}  # fmt: skip
    notebook = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (folder / "floor.ipynb").write_text(json.dumps(notebook), encoding="utf-8")


def started(browser: Browser, base: str, width: int, height: int) -> Page:
    """A page of the game at ``width`` x ``height``, deal 7 started, the person to play, at the page's top."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{base}/voila/render/game.ipynb", timeout=60_000)
    page.locator(".mk-game-deal input").fill(str(DEAL), timeout=60_000)
    page.locator(".mk-game-start").click()
    my_turn(page)
    page.wait_for_function(
        "() => { const el = document.querySelector('.mk-game-table canvas.mk-canvas');"
        " return el !== null && el.getContext('2d').getImageData(6, 6, 1, 1).data[1] === 107; }",
        timeout=60_000,
    )
    page.evaluate(TO_TOP)
    return page


def fits(page: Page, width: int, height: int) -> dict[str, bool]:
    """Whether each part of the game lies inside the window, as the page stands."""
    inside = {}
    for name, selector in PARTS.items():
        box = page.locator(selector).bounding_box()
        inside[name] = box is not None and (
            box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height
        )
    return inside


def drops(page: Page, board: Board, repeats: int) -> list[float]:
    """Drop the first hand card on the new-meld slot and undo it, ``repeats`` times: mouse up to changed pixel."""
    canvas = page.locator(".mk-game-table canvas.mk-canvas")
    pixels = page.evaluate("el => el.width", canvas.element_handle())
    timer = Timer(page, canvas, pixels / board.width)
    first = next(spot for spot in board.cards if spot.place == "hand")
    card, slot, held = first.box, board.new_slot, (10.0, 40.0)
    drop = (slot.x + slot.w / 2, slot.y + slot.h / 2)
    # a point of the lifted card that the card laid in the slot leaves bare: white while held, felt once dropped
    edge = (slot.x + card.w + 8, slot.y + card.h / 2 - 6)
    undo = page.locator(".mk-game-table .mk-undo")
    times = []
    for _ in range(repeats):
        box = canvas.bounding_box()
        assert box is not None
        scale = box["width"] / board.width  # screen pixels per layout unit
        page.mouse.move(box["x"] + (card.x + held[0]) * scale, box["y"] + (card.y + held[1]) * scale)
        page.wait_for_timeout(100)  # let the hover move's round trip land first
        page.mouse.down()
        felt = timer.read(edge)
        page.mouse.move(box["x"] + drop[0] * scale, box["y"] + drop[1] * scale, steps=5)
        timer.wait_changed(edge, felt)  # the lifted card has reached the slot
        page.wait_for_timeout(100)  # and the last move's redraw has landed
        times.append(timer.pixel(edge, "mouseup", page.mouse.up, None))
        page.wait_for_function("() => !document.querySelector('.mk-game-table .mk-undo').disabled")
        undo.click()
        page.wait_for_function("() => document.querySelector('.mk-game-table .mk-undo').disabled")
    return times


def drops_and_turns(page: Page, repeats: int) -> dict[str, list[float]]:
    """Drops at the Fit size and at M (the size every board had before Fit), then ``repeats`` turns ended with Draw."""
    page.locator(".mk-game-speed select").select_option(label="fast")
    mirror = GameBoard(seed=DEAL)
    mirror.setup.start_button.click()
    assert mirror.position is not None
    board = mirror.position.board()
    times = {"drop": drops(page, board, repeats)}
    page.locator(".mk-game-table .mk-size button", has_text="M").click()
    page.wait_for_function(
        "want => document.querySelector('.mk-game-table canvas.mk-canvas').width === want",
        arg=round(board.width * 2),  # M at the board's pixel ratio, 2
    )
    times["drop at M"] = drops(page, board, repeats)
    page.locator(".mk-game-table .mk-size button", has_text="Fit").click()
    canvas = page.locator(".mk-game-table canvas.mk-canvas")
    timer = Timer(page, canvas, 1.0)
    draw = page.locator(".mk-game-draw")
    times["computer"] = []
    for _ in range(repeats):
        my_turn(page)
        if page.locator(".mk-game-end").is_visible():
            break
        times["computer"].append(timer.pixel((-1.0, 0.0), "click", draw.click, ".mk-game-draw"))
    return times


def floor_times(browser: Browser, base: str, repeats: int) -> list[float]:
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(f"{base}/voila/render/floor.ipynb", timeout=60_000)
    canvas = page.locator("canvas.floor")
    page.wait_for_function(
        "el => el.getContext('2d').getImageData(6, 6, 1, 1).data[3] === 255",
        arg=canvas.element_handle(timeout=60_000),
        timeout=60_000,
    )
    timer = Timer(page, canvas, 1.0)
    box = canvas.bounding_box()
    assert box is not None
    times = []
    for _ in range(repeats):
        page.mouse.move(box["x"] + 20, box["y"] + 20)
        page.mouse.down()
        page.wait_for_timeout(100)
        times.append(timer.pixel((6.0, 6.0), "mouseup", page.mouse.up, None))
    page.close()
    return times


def shape(values: list[float]) -> str:
    quartiles = statistics.quantiles(values, n=4) if len(values) > 1 else values * 3
    return (
        f"{len(values):3} {statistics.median(values):7.1f} {quartiles[0]:7.1f} {quartiles[2]:7.1f} "
        f"{min(values):7.1f} {max(values):7.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--repeats", type=int, default=20)
    parser.add_argument("--screenshots", type=Path, metavar="DIR", help="save the game after Start here, as png")
    arguments = parser.parse_args()
    mirror = GameBoard(seed=DEAL)
    mirror.setup.start_button.click()
    assert mirror.position is not None
    folder = Path(tempfile.mkdtemp(prefix="mk-board-latency-"))
    shutil.copy(notebooks_dir() / "game.ipynb", folder)
    floor_notebook(folder, mirror.position.canvas.width, mirror.position.canvas.height)
    results: dict[str, Any] = {}
    try:
        with voila(folder) as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
            )
            for width, height in SCREENS:
                page = started(browser, base, width, height)
                results[f"{width}x{height}"] = fits(page, width, height)
                if arguments.screenshots is not None:
                    arguments.screenshots.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=arguments.screenshots / f"game-{width}x{height}.png")
                if (width, height) == SCREENS[0]:
                    results["times"] = drops_and_turns(page, arguments.repeats)
                page.close()
            results["times"]["floor"] = floor_times(browser, base, arguments.repeats)
            browser.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    times = results["times"]
    floor = statistics.median(times["floor"])
    print(f"Voila, game board at 1366x768, deal {DEAL}: milliseconds from the browser event to the changed canvas")
    print(f"{'measure':10} {'n':>3} {'median':>7} {'q1':>7} {'q3':>7} {'min':>7} {'max':>7} {'/floor':>7}  target")
    targets = {"drop": "< 50 ms", "drop at M": "(before Fit)", "computer": "< 300 ms", "floor": ""}
    for name in targets:
        ratio = statistics.median(times[name]) / floor
        print(f"{name:10} {shape(times[name])} {ratio:7.2f}  {targets[name]}")
    for screen in (f"{w}x{h}" for w, h in SCREENS):
        inside = results[screen]
        out = [name for name, fine in inside.items() if not fine]
        print(f"fits {screen}: {'yes' if not out else 'no (' + ', '.join(out) + ' outside)'}")


if __name__ == "__main__":
    main()
