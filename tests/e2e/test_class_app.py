"""A class on one ``machiavelli-kit app`` server: five learners at once, each with their own progress and kernel.

Five browser contexts (five learners' browsers) open the puzzle trainer together,
each types a different name and plays the same puzzle: three solve it, two ask
for a hint. Every board draws, each learner's file holds their own work and
nobody else's, and once the pages close every kernel has stopped (the server
answers 404 for it and no kernel process is left).
"""

from __future__ import annotations

import os
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page
from playwright.sync_api import Error as PlaywrightError

from machiavelli_kit.classroom.students import file_stem
from machiavelli_kit.practice.progress import Progress
from machiavelli_kit.serve.app import app_command
from tests.e2e.conftest import serve
from tests.e2e.test_browser import TIMEOUT, wait_drawn
from tests.processes import free_port

pytestmark = pytest.mark.browser

LEARNERS = ("Ada", "Ben", "Chloé", "Dev", "Emma")
SOLVERS = {"Ada", "Chloé", "Emma"}
"""The others press Hint instead."""
PUZZLE = "bga-3"
"""A puzzle whose answer is No play: draw, one click away."""
CLASS_TIMEOUT = 240_000
"""Five pages run the notebook at once on a 2-core machine that other work shares: their first answers may be slow."""


def kernel_pids(server: int) -> list[int]:
    """The kernels the server ``server`` runs: its child processes running ipykernel (read from /proc)."""
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":\t", 1) for line in status.read_text().splitlines() if ":\t" in line)
            command = (status.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if fields.get("PPid", "").strip() == str(server) and b"ipykernel" in command:
            found.append(int(status.parent.name))
    return found


def server_pid(port: int) -> int:
    """The pid of this test's server listening on ``port`` (a child of this process)."""
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            command = (status.parent / "cmdline").read_bytes().split(b"\0")
            parent = next(line for line in status.read_text().splitlines() if line.startswith("PPid:"))
        except (OSError, StopIteration):
            continue
        if f"--port={port}".encode() in command and parent.split()[1] == str(os.getpid()):
            return int(status.parent.name)
    raise AssertionError(f"no server on port {port} among this process's children")


def kernel_answers(base: str, kernel_id: str) -> int:
    """The HTTP status of the server's ``/api/kernels/<id>``: 200 while the kernel runs, 404 once it stopped."""
    try:
        with urllib.request.urlopen(f"{base}/api/kernels/{kernel_id}", timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return error.code


@pytest.fixture(scope="module")
def data_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("class-data")


@pytest.fixture(scope="module")
def class_app(notebooks_copy: Path, data_folder: Path) -> Iterator[tuple[str, int]]:
    """``machiavelli-kit app``'s server with the kit's data in a temp folder: its URL and its port."""
    port = free_port()
    command = [*app_command(notebooks_copy, port, open_browser=False), "--Voila.ip=127.0.0.1"]
    environ = {**os.environ, "MACHIAVELLI_KIT_PROGRESS": str(data_folder / "progress.json")}
    server = serve(command, "/voila/static/voila.js", notebooks_copy, port, environ)
    base = next(server)
    try:
        yield base, port
    finally:
        server.close()  # stops the server


def play(page: Page, name: str) -> None:
    """As the learner ``name``: type the name, then open the puzzle and solve it or ask a hint."""
    trainer = page.locator(".mk-trainer")
    trainer.locator(".mk-puzzle-list option").first.wait_for(state="attached", timeout=CLASS_TIMEOUT)
    field = trainer.locator(".mk-trainer-student input")
    field.fill(name)
    field.press("Enter")
    info = trainer.locator(".mk-trainer-student-info")
    page.wait_for_function("el => el.textContent.includes('Hello')", arg=info.element_handle(), timeout=CLASS_TIMEOUT)
    play_puzzle(page, solve=name in SOLVERS)


def play_puzzle(page: Page, *, solve: bool) -> None:
    """Open :data:`PUZZLE` in the trainer, wait for its board, then solve it (No play: draw) or press Hint."""
    trainer = page.locator(".mk-trainer")
    puzzles = trainer.locator(".mk-puzzle-list select")
    puzzles.locator("option").first.wait_for(state="attached", timeout=CLASS_TIMEOUT)
    puzzles.select_option(label=puzzles.locator("option", has_text=f" {PUZZLE}: ").text_content())
    # The puzzle's picture appears above the buttons once the kernel has the choice: a click while
    # it arrives could land on the picture as the button moves down, and nothing would happen.
    trainer.locator(".mk-trainer-picture svg").wait_for(state="attached", timeout=CLASS_TIMEOUT)
    trainer.locator(".mk-trainer-play").click()
    board = trainer.locator(".mk-puzzle-board")
    wait_drawn(page, board.locator("canvas.mk-canvas"), CLASS_TIMEOUT)
    if solve:
        board.locator(".mk-no-play").click()
        verdict = board.locator(".mk-puzzle-verdict")
        page.wait_for_function(
            "el => el.textContent.startsWith('Correct')", arg=verdict.element_handle(), timeout=TIMEOUT
        )
    else:
        board.locator(".mk-hint").click()


def listen(page: Page) -> list[str]:
    """What ``page`` reports from now on that may explain a failure: its console's errors, its uncaught errors.

    (Voila's own warnings about shared module versions are left out: every page prints them.)
    """
    heard: list[str] = []

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            heard.append(f"console {message.type}: {message.text}")

    page.on("console", console)
    page.on("pageerror", lambda error: heard.append(f"page error: {error}"))
    return heard


def why_stuck(name: str, heard: list[str], server_log: Path) -> str:
    """A failure message: whose page got stuck, what it reported and the end of the server's log."""
    page_said = "\n".join(heard[-20:]) or "(nothing)"
    log_end = server_log.read_text()[-4000:]
    return f"{name}'s page got stuck.\nThe page reported:\n{page_said}\nThe server's log ends:\n{log_end}"


def saved(path: Path, name: str) -> Progress:
    """``name``'s progress once their file shows their last action (saves follow the click by a round trip)."""
    deadline = time.monotonic() + TIMEOUT / 1000
    while True:
        if path.exists():
            record = Progress.load(path).record(PUZZLE)
            if record.solved if name in SOLVERS else record.hints:
                return Progress.load(path)
        assert time.monotonic() < deadline, f"{name}'s progress never showed their {PUZZLE} in {path}"
        time.sleep(0.2)


def check_record(progress: Progress, name: str) -> None:
    """Only :data:`PUZZLE` is in ``progress``: solved without hints by a solver, one hint and unsolved otherwise."""
    record = progress.record(PUZZLE)
    assert list(progress.records) == [PUZZLE], f"{name}'s progress holds another's work: {list(progress.records)}"
    assert (record.solved, record.hints) == ((True, 0) if name in SOLVERS else (False, 1)), name


def test_five_learners_share_one_app_server(
    browser: Browser, class_app: tuple[str, int], data_folder: Path, notebooks_copy: Path, artifacts: Path
) -> None:
    base, port = class_app
    server = server_pid(port)
    contexts = [browser.new_context(viewport={"width": 1100, "height": 1000}) for _ in LEARNERS]
    try:
        pages = [context.new_page() for context in contexts]
        heard = [listen(page) for page in pages]
        for page in pages:  # all five ask at once; each waits for its own page below
            page.goto(f"{base}/voila/render/puzzles.ipynb", wait_until="commit", timeout=TIMEOUT)
        for page, name, reports in zip(pages, LEARNERS, heard, strict=True):
            try:
                play(page, name)
            except PlaywrightError as error:
                page.screenshot(path=artifacts / f"class-app-{file_stem(name)}-stuck.png")
                raise AssertionError(why_stuck(name, reports, notebooks_copy / f"server-{port}.log")) from error
        pages[0].screenshot(path=artifacts / "class-app-ada.png")
        kernel_ids = [
            page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
            for page in pages
        ]
        assert len(set(kernel_ids)) == len(LEARNERS), "each learner has a kernel of their own"
        assert [kernel_answers(base, kernel_id) for kernel_id in kernel_ids] == [200] * len(LEARNERS)
        assert len(kernel_pids(server)) == len(LEARNERS)

        for name in LEARNERS:
            progress = saved(data_folder / "students" / f"{file_stem(name)}.json", name)
            assert progress.student == name
            check_record(progress, name)
        files = [path.stem for path in (data_folder / "students").glob("*.json") if not path.name.startswith(".")]
        assert sorted(files) == sorted(map(file_stem, LEARNERS)), "one file per learner (besides lock files)"
        assert not (data_folder / "progress.json").exists() or not Progress.load(data_folder / "progress.json").records

        for page in pages:  # as a learner closes the tab: the page's beforeunload asks the server to stop its kernel
            page.close(run_before_unload=True)
        # A kernel's process ends before the server forgets it (the server polls for the end, then cleans
        # up), so wait for both: no process left and every kernel answering 404.
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and (
            kernel_pids(server) or any(kernel_answers(base, kernel_id) != 404 for kernel_id in kernel_ids)
        ):
            time.sleep(0.2)
        assert [kernel_answers(base, kernel_id) for kernel_id in kernel_ids] == [404] * len(LEARNERS)
        assert kernel_pids(server) == [], "a closed page's kernel is still running"
    finally:
        for context in contexts:
            context.close()
