"""Session fixtures for the browser tests: Voila and JupyterLab on free ports, Debian's Chromium.

The servers serve a copy of the notebooks from a temp dir (never the repo), with the
settings ``machiavelli-kit lab`` and ``app`` give them. Without ``/usr/bin/chromium``
(or ``$MACHIAVELLI_CHROMIUM``) the tests skip, unless ``CI=true``: then they fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from machiavelli_kit.classroom.server import TEACHER_TOKEN_VARIABLE
from machiavelli_kit.resources import bundled_dir
from machiavelli_kit.serve.app import app_command
from machiavelli_kit.serve.lab import lab_command, lab_environment
from tests.processes import free_port, stop_group

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("MACHIAVELLI_CHROMIUM", "/usr/bin/chromium"))
ARTIFACTS = ROOT / "test-artifacts"
TEACHER_TOKEN = "the-e2e-teachers-token"
"""The token the app server of :func:`voila_url` opens the teacher's pages with (``?teacher=TOKEN``)."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def require_chromium(chromium: Path, ci: str) -> None:
    """Skip the browser tests without ``chromium`` on a developer machine; fail them under CI (``ci`` is $CI)."""
    if chromium.exists():
        return
    message = f"the browser tests need {chromium} (apt-get install chromium fonts-dejavu-core)"
    if ci.lower() == "true":
        pytest.fail(f"CI=true but {message}")
    pytest.skip(message)


@pytest.fixture(scope="session", autouse=True)
def _chromium_present() -> None:
    require_chromium(CHROMIUM, os.environ.get("CI", ""))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 1100, "height": 1000}}


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def serve(command: list[str], probe: str, folder: Path, port: int, environ: dict[str, str]) -> Iterator[str]:
    """Start a server, wait until ``probe`` answers 200, yield its base URL, stop it."""
    log = (folder / f"server-{port}.log").open("w")
    env = {**environ, "JUPYTER_RUNTIME_DIR": str(folder / "runtime"), "JUPYTER_PLATFORM_DIRS": "1"}
    process = subprocess.Popen(
        command, cwd=folder, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                log.flush()
                tail = (folder / f"server-{port}.log").read_text()[-3000:]
                pytest.fail(f"server did not start ({command[2]}):\n{tail}")
            try:
                with urllib.request.urlopen(base + probe, timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                time.sleep(0.2)
        yield base
    finally:
        stop_group(process, 15)
        log.close()


@pytest.fixture(scope="session")
def notebooks_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("served")
    for notebook in bundled_dir("notebooks").glob("*.ipynb"):
        shutil.copy(notebook, folder / notebook.name)
    return folder


@pytest.fixture(scope="session")
def voila_url(notebooks_copy: Path) -> Iterator[str]:
    """``machiavelli-kit app``'s server, its data (progress, key) in the temp folder; the teacher's token is
    :data:`TEACHER_TOKEN`."""
    port = free_port()
    command = [*app_command(notebooks_copy, port, open_browser=False), "--Voila.ip=127.0.0.1"]
    environ = {**os.environ, TEACHER_TOKEN_VARIABLE: TEACHER_TOKEN,
               "MACHIAVELLI_KIT_PROGRESS": str(notebooks_copy / ".data" / "progress.json")}  # fmt: skip
    yield from serve(command, "/voila/static/voila.js", notebooks_copy, port, environ)


@pytest.fixture(scope="session")
def lab_url(notebooks_copy: Path) -> Iterator[str]:
    """A fresh JupyterLab (no user settings) with the kit's own settings, as ``machiavelli-kit lab`` starts it."""
    port = free_port()
    *command, start = lab_command(notebooks_copy, port, open_browser=False)
    command += [
        "--ServerApp.ip=127.0.0.1",
        "--IdentityProvider.token=",
        "--LabApp.expose_app_in_browser=True",
        f"--LabApp.workspaces_dir={notebooks_copy / '.ws'}",
        f"--LabApp.user_settings_dir={notebooks_copy / '.settings'}",
        start,
    ]
    yield from serve(command, "/api/status", notebooks_copy, port, lab_environment(os.environ))


def open_in_lab(page: Any, lab_url: str, notebook: str, timeout: int) -> None:
    """Open ``notebook`` in JupyterLab and wait until it is the current tab and its kernel is connected
    and idle (the session's one Lab restores the notebooks earlier tests opened, and one of those may be
    current first: a command run then would go to the wrong notebook)."""
    page.goto(f"{lab_url}/lab/tree/{notebook}", timeout=timeout)
    page.wait_for_function(
        """name => {
            const widget = window.jupyterapp && window.jupyterapp.shell.currentWidget;
            const current = widget && widget.context && widget.context.path === name;
            const kernel = current && widget.sessionContext && widget.sessionContext.session
                && widget.sessionContext.session.kernel;
            return kernel && kernel.connectionStatus === 'connected' && kernel.status === 'idle';
        }""",
        arg=notebook,
        timeout=timeout,
    )
