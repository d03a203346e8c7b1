"""A real local JupyterHub started from ``docs/jupyterhub_config.py``: three learners log in at once.

The hub runs the teachers' guide's configuration as it is, with only ports and
folders given on its command line, and configurable-http-proxy from the npm
registry (:mod:`tests.hub`, shared with the hub's class service test). Each
learner logs in, lands on the app's start page (every board draws), plays a
puzzle (two solve it, one asks a hint) and their progress lands in their own
home and nowhere else; once their pages close, their kernels stop. Every process
the hub started is gone when the test ends.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from machiavelli_kit.serve.hub import APP_URL
from tests.e2e.test_browser import TIMEOUT, wait_drawn
from tests.e2e.test_class_app import CLASS_TIMEOUT, LEARNERS, SOLVERS, check_record, play_puzzle, saved
from tests.hub import hub_options, processes_in, running_hub
from tests.processes import free_port

pytestmark = pytest.mark.browser
HUB_LEARNERS = LEARNERS[:3]
"""Ada and Chloé solve the puzzle, Ben asks a hint: three single-user servers, each with its own home."""


def kernels_in(home: Path) -> list[int]:
    """The kernels running in a learner's home (their working folder is the notebooks' folder)."""
    return [pid for pid in processes_in(home) if b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes()]


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The hub of ``docs/jupyterhub_config.py`` on free ports with its homes in a temp folder: its URL and the homes."""
    folder = tmp_path_factory.mktemp("hub").resolve()
    options = [
        *hub_options(folder, free_port()),
        "--Spawner.start_timeout=300",  # three servers start at once on two shared cores
        "--Spawner.http_timeout=300",
    ]
    env = {"MACHIAVELLI_KIT_CLASS_PORT": str(free_port())}  # the hub's class server, on a port of its own
    with running_hub(folder, options, env) as base:
        yield base, folder / "homes"


def test_three_learners_log_in_to_the_hub_and_each_saves_in_their_own_home(
    browser: Browser, hub: tuple[str, Path], artifacts: Path
) -> None:
    base, homes = hub
    names = [name.lower() for name in HUB_LEARNERS]  # the hub's user names are lower case
    contexts = [browser.new_context(viewport={"width": 1100, "height": 1000}) for _ in names]
    try:
        pages = [context.new_page() for context in contexts]
        for page, name in zip(pages, names, strict=True):  # all log in at once
            page.goto(f"{base}/hub/login", timeout=TIMEOUT)
            page.fill("#username_input", name)
            page.fill("#password_input", "any")
            page.click("#login_submit", no_wait_after=True)
        for page, name in zip(pages, names, strict=True):  # each lands on the app's start page, every board drawn
            page.wait_for_url(f"{base}/user/{name}{APP_URL}", timeout=CLASS_TIMEOUT)
            boards = page.locator(".mk-position canvas.mk-canvas")
            boards.first.wait_for(timeout=CLASS_TIMEOUT)
            for index in range(boards.count()):
                wait_drawn(page, boards.nth(index))
        pages[0].screenshot(path=artifacts / "hub-start.png")

        puzzles_url = APP_URL.replace("start.ipynb", "puzzles.ipynb")
        for page, learner, name in zip(pages, HUB_LEARNERS, names, strict=True):  # no name typed: each has a home
            page.goto(f"{base}/user/{name}{puzzles_url}", timeout=CLASS_TIMEOUT)
            play_puzzle(page, solve=learner in SOLVERS)
        for learner, name in zip(HUB_LEARNERS, names, strict=True):
            progress = saved(homes / name / ".machiavelli-kit" / "progress.json", learner)
            check_record(progress, learner)
        assert sorted(path.name for path in homes.iterdir()) == sorted(names), "a home per learner, no other"
        assert all(kernels_in(homes / name) for name in names)

        for page in pages:  # the learners close their tabs: each page's kernel stops
            page.close(run_before_unload=True)
        deadline = time.monotonic() + 60
        while any(kernels_in(homes / name) for name in names) and time.monotonic() < deadline:
            time.sleep(0.3)
        assert {name: kernels_in(homes / name) for name in names} == {name: [] for name in names}
    finally:
        for context in contexts:
            context.close()
