"""A real local JupyterHub started from ``docs/jupyterhub_config.py``: five learners log in at once.

The hub runs the teachers' guide's configuration as it is, with only ports and
folders given on its command line, and configurable-http-proxy from the npm
registry (installed once into a cache folder; without npm the test skips, and
fails under CI). Each learner logs in, lands on the app's start page (every
board draws), plays a puzzle (three solve it, two ask a hint) and their progress
lands in their own home and nowhere else; once their pages close, their kernels
stop. Every process the hub started is gone when the test ends.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from machiavelli_kit.serve.hub import APP_URL
from tests.e2e.conftest import ROOT
from tests.e2e.test_browser import TIMEOUT, wait_drawn
from tests.e2e.test_class_app import CLASS_TIMEOUT, LEARNERS, SOLVERS, check_record, play_puzzle, saved
from tests.processes import free_port, stop_group

pytestmark = pytest.mark.browser

CONFIG = ROOT / "docs" / "jupyterhub_config.py"
PROXY_CACHE = Path(tempfile.gettempdir()) / "machiavelli-kit-proxy"
"""Where the test installs configurable-http-proxy with npm, once for every later run."""
PROXY = "configurable-http-proxy"


def proxy_command() -> Path:
    """configurable-http-proxy: on the PATH, or installed from the npm registry into :data:`PROXY_CACHE`."""
    if found := shutil.which(PROXY):
        return Path(found)
    installed = PROXY_CACHE / "node_modules" / ".bin" / PROXY
    npm = shutil.which("npm")
    if not installed.exists() and npm is None:
        message = f"the hub test needs {PROXY} from the npm registry, and npm is missing (apt-get install npm)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true but {message}")
        pytest.skip(message)
    PROXY_CACHE.mkdir(exist_ok=True)
    with (PROXY_CACHE / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another test run may be installing it too
        if not installed.exists():
            assert npm is not None
            subprocess.run(
                [npm, "install", "--prefix", str(PROXY_CACHE), "--no-audit", "--no-fund", f"{PROXY}@5"],
                check=True,
                capture_output=True,
                timeout=600,
            )
    return installed


def processes_in(folder: Path) -> list[int]:
    """The processes whose working folder is in ``folder`` (the hub, its proxy, the learners' servers, kernels)."""
    found = []
    for cwd in Path("/proc").glob("[0-9]*/cwd"):
        try:
            if cwd.resolve().is_relative_to(folder):
                found.append(int(cwd.parent.name))
        except OSError:
            continue
    return found


def kernels_in(home: Path) -> list[int]:
    """The kernels running in a learner's home (their working folder is the notebooks' folder)."""
    return [pid for pid in processes_in(home) if b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes()]


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The hub of ``docs/jupyterhub_config.py`` on free ports with its homes in a temp folder: its URL and the homes."""
    folder = tmp_path_factory.mktemp("hub").resolve()
    homes = folder / "homes"
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "jupyterhub",
        "-f",
        str(CONFIG),
        f"--JupyterHub.bind_url=http://127.0.0.1:{port}",
        f"--JupyterHub.hub_bind_url=http://127.0.0.1:{free_port()}",
        f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{free_port()}",
        f"--ConfigurableHTTPProxy.command={proxy_command()}",
        f"--SimpleLocalProcessSpawner.home_dir_template={homes}/{{username}}",
        f"--JupyterHub.db_url=sqlite:///{folder / 'hub.sqlite'}",
        f"--JupyterHub.cookie_secret_file={folder / 'cookie_secret'}",
        f"--ConfigurableHTTPProxy.pid_file={folder / 'proxy.pid'}",
        "--Spawner.start_timeout=300",  # five servers start at once on two shared cores
        "--Spawner.http_timeout=300",
    ]
    log = (folder / "hub.log").open("w")
    process = subprocess.Popen(command, cwd=folder, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the hub did not start:\n{(folder / 'hub.log').read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{base}/hub/api/", timeout=5) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                time.sleep(0.3)
        yield base, homes
    finally:
        stop_group(process, 60)  # on SIGTERM the hub stops the learners' servers and its proxy
        log.close()
        left = processes_in(folder)
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        assert not left, f"processes the hub left running: {left}\n{(folder / 'hub.log').read_text()[-3000:]}"


def test_five_learners_log_in_to_the_hub_and_each_saves_in_their_own_home(
    browser: Browser, hub: tuple[str, Path], artifacts: Path
) -> None:
    base, homes = hub
    names = [name.lower() for name in LEARNERS]  # the hub's user names are lower case
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
        for page, learner, name in zip(pages, LEARNERS, names, strict=True):  # no name typed: each has a home
            page.goto(f"{base}/user/{name}{puzzles_url}", timeout=CLASS_TIMEOUT)
            play_puzzle(page, solve=learner in SOLVERS)
        for learner, name in zip(LEARNERS, names, strict=True):
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
