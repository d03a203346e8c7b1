"""A class opening one notebook at once in the app: how long until every board on every page has drawn.

Serves a copy of ``notebooks/`` with ``machiavelli-kit app``'s Voila command, opens the notebook
in N pages of Debian's Chromium (headless) one straight after the other, then waits on each page
until all its boards have drawn (the top-left pixel of every board's canvas painted) and looks
for the widget errors learners saw with 14 boards on the rules page ("Error displaying widget",
"model not found"). Another notebook file (say an older rules page) can be passed with ``--file``.

Run: ``.venv/bin/python benchmarks/app_classroom.py rules.ipynb --boards 3 --pages 4``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

from machiavelli_kit.serve.app import app_command

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CHROMIUM = os.environ.get("MACHIAVELLI_CHROMIUM", "/usr/bin/chromium")
ERRORS = ("Error displaying widget", "model not found")
ALL_DRAWN = """n => {
    const canvases = document.querySelectorAll('.mk-position canvas.mk-canvas');
    return canvases.length === n && Array.from(canvases).every(
        el => el.width > 0 && el.getContext('2d').getImageData(6, 6, 1, 1).data[3] === 255);
}"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebook", help="a notebook of notebooks/, e.g. rules.ipynb")
    parser.add_argument("--boards", type=int, required=True, help="boards on the page")
    parser.add_argument("--pages", type=int, default=4, help="learners opening it at once (default 4)")
    parser.add_argument("--file", type=Path, help="serve this file under the notebook's name instead")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        served = Path(folder)
        for notebook in NOTEBOOKS.glob("*.ipynb"):
            shutil.copy(notebook, served / notebook.name)
        if arguments.file:
            shutil.copy(arguments.file, served / arguments.notebook)
        port = free_port()
        command = [*app_command(served, port, open_browser=False), "--Voila.ip=127.0.0.1"]
        with (served / "voila.log").open("w") as log:
            server = subprocess.Popen(command, cwd=served, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
            try:
                measure(port, arguments.notebook, arguments.pages, arguments.boards)
            finally:
                os.killpg(server.pid, signal.SIGTERM)
                server.wait(30)


def measure(port: int, notebook: str, pages: int, boards: int) -> None:
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"{base}/voila/static/voila.js", timeout=2).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                raise SystemExit("the app did not start within 60 s") from None
            time.sleep(0.2)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
        )
        opened = [browser.new_context(viewport={"width": 1100, "height": 1000}).new_page() for _ in range(pages)]
        began = time.monotonic()
        for page in opened:
            page.goto(f"{base}/voila/render/{notebook}", wait_until="commit", timeout=120_000)
        for number, page in enumerate(opened, start=1):
            try:
                page.wait_for_function(ALL_DRAWN, arg=boards, timeout=180_000, polling=200)
                state = f"{boards} boards drawn"
            except Exception:  # a page that never finishes is the result, not a crash
                state = f"NOT all {boards} boards drawn"
            text = str(page.evaluate("document.body.innerText"))
            errors = [error for error in ERRORS if error in text]
            print(f"page {number}: {state} after {time.monotonic() - began:.1f} s; widget errors: {errors or 'none'}")
        browser.close()


if __name__ == "__main__":
    main()
