"""How many learners one ``machiavelli-kit app`` server serves: memory per page and time to the first board.

Serves a copy of ``notebooks/`` with ``machiavelli-kit app``'s command and, for each class size N,
opens a notebook in N pages of Debian's Chromium (headless, one browser context per learner) all at
once. It reports the time from asking for the page to its first board drawn (the board canvas's
top-left pixel painted), the memory of each page's kernel (RSS and PSS, from /proc) and of the
server, then closes the pages as a learner closes a tab and times until every kernel has stopped.
The browser runs on the same machine, so the times include its work; the kernels' memory does not.

Run: ``.venv/bin/python benchmarks/app_capacity.py --pages 1 5 10``; the puzzle trainer, whose board shows once a
puzzle is chosen: ``--notebook puzzles.ipynb --click .mk-trainer-next``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from machiavelli_kit.serve.app import app_command

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CHROMIUM = os.environ.get("MACHIAVELLI_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"]
TIMEOUT = 300_000
"""A page whose board has not drawn after this (milliseconds) counts as a page without a board."""
WATCH_FIRST_DRAW = """(() => {
    const look = () => {
        const canvas = document.querySelector('.mk-position canvas.mk-canvas');
        if (canvas !== null && canvas.width > 0 && canvas.getContext('2d').getImageData(6, 6, 1, 1).data[3] === 255) {
            window.mkFirstDrawn = performance.timeOrigin + performance.now();
        } else {
            setTimeout(look, 50);
        }
    };
    addEventListener('DOMContentLoaded', look);
})();"""
"""Run in each page: the moment (ms since the epoch) its first board shows painted felt."""
DRAWN = "() => window.mkFirstDrawn !== undefined"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def memory_mib(pid: int) -> tuple[float, float]:
    """The process's resident memory and its proportional share (PSS), in MiB."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value, *_ = line.split()
        fields[name.rstrip(":")] = int(value) / 1024
    return fields["Rss"], fields["Pss"]


def cpu_seconds(pid: int) -> float:
    """The processor time the process has used so far (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def kernels(server: int) -> list[int]:
    """The pids of the server's kernels: its children running ipykernel."""
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            parent = next(line.split()[1] for line in status.read_text().splitlines() if line.startswith("PPid:"))
            command = (status.parent / "cmdline").read_bytes()
        except (OSError, StopIteration):
            continue
        if parent == str(server) and b"ipykernel" in command:
            found.append(int(status.parent.name))
    return found


def wait_ready(base: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(base + "/voila/static/voila.js", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the app server did not start")


def one_class(browser: Browser, url: str, server: int, pages: int, click: str | None) -> None:
    """Open ``url`` in ``pages`` pages at once (and ``click`` on each), report times and memory, close them."""
    contexts = [browser.new_context(viewport={"width": 1100, "height": 1000}) for _ in range(pages)]
    for context in contexts:
        context.add_init_script(WATCH_FIRST_DRAW)
    opened: list[Page] = [context.new_page() for context in contexts]
    start, server_cpu = time.time() * 1000, cpu_seconds(server)
    for page in opened:
        page.goto(url, wait_until="commit", timeout=TIMEOUT)
    if click:
        for page in opened:
            page.locator(click).click(timeout=TIMEOUT)
    missing = 0
    for page in opened:
        try:
            page.wait_for_function(DRAWN, timeout=TIMEOUT)
        except PlaywrightTimeout:
            missing += 1
    times = sorted((page.evaluate("window.mkFirstDrawn") - start) / 1000 for page in opened if page.evaluate(DRAWN))
    memory = [memory_mib(pid) for pid in kernels(server)]
    cpu = statistics.median(cpu_seconds(pid) for pid in kernels(server))
    server_cpu = (cpu_seconds(server) - server_cpu) / pages
    rss, pss = [m[0] for m in memory], [m[1] for m in memory]
    drawn = f"{statistics.median(times):.1f} s (median), {times[-1]:.1f} s (slowest)" if times else "never"
    print(
        f"{pages} learners at once: first board after {drawn}, {missing} pages with none after {TIMEOUT // 1000} s; "
        f"{len(memory)} kernels, {cpu:.1f} s of processor time and {statistics.median(rss):.0f} MiB RSS each "
        f"(PSS {statistics.median(pss):.0f}), {sum(pss):.0f} MiB PSS together; server {memory_mib(server)[0]:.0f} MiB "
        f"and {server_cpu:.1f} s of processor time a page; "
        f"load average {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    closing = time.monotonic()
    for page in opened:
        page.close(run_before_unload=True)
    while kernels(server) and time.monotonic() - closing < 120:
        time.sleep(0.1)
    left = len(kernels(server))
    print(f"  pages closed: {pages - left} of {pages} kernels stopped after {time.monotonic() - closing:.1f} s")
    for context in contexts:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, nargs="+", default=[1, 5, 10], help="class sizes to try (default 1 5 10)")
    parser.add_argument("--notebook", default="start.ipynb", help="the page the class opens (default start.ipynb)")
    parser.add_argument("--click", help="a button that shows the first board, e.g. .mk-trainer-next on puzzles.ipynb")
    arguments = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stopped: the finally below still stops the server
    with tempfile.TemporaryDirectory() as folder:
        served = Path(folder)
        for notebook in NOTEBOOKS.glob("*.ipynb"):
            shutil.copy(notebook, served / notebook.name)
        port = free_port()
        command = [*app_command(served, port, open_browser=False), "--Voila.ip=127.0.0.1"]
        environ = {**os.environ, "MACHIAVELLI_KIT_PROGRESS": str(served / "data" / "progress.json")}
        with (served / "voila.log").open("w") as log:
            process = subprocess.Popen(command, cwd=served, stdout=log, stderr=subprocess.STDOUT, env=environ)
        base = f"http://127.0.0.1:{port}"
        try:
            wait_ready(base, process)
            print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start", flush=True)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for pages in arguments.pages:
                    one_class(browser, f"{base}/voila/render/{arguments.notebook}", process.pid, pages, arguments.click)
                browser.close()
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(30)


if __name__ == "__main__":
    main()
