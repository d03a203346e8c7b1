"""What the tests that start a real local JupyterHub share: its proxy, the hub from ``docs/jupyterhub_config.py``
on free ports in a folder of its own, and the check that every process it started is gone after it.

configurable-http-proxy comes from the npm registry, installed once into a cache folder; without npm the
tests skip, and fail under CI.
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
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.processes import free_port, stop_group

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "docs" / "jupyterhub_config.py"
PROXY_CACHE = Path(tempfile.gettempdir()) / "machiavelli-kit-proxy"
"""Where the test installs configurable-http-proxy with npm, once for every later run."""
PROXY = "configurable-http-proxy"
STARTING = 120.0
"""A deadline for the hub to answer, on a machine other work shares."""


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
    """The processes whose working folder is in ``folder`` (the hub, its proxy, its services, the learners'
    servers, kernels)."""
    found = []
    for cwd in Path("/proc").glob("[0-9]*/cwd"):
        try:
            if cwd.resolve().is_relative_to(folder):
                found.append(int(cwd.parent.name))
        except OSError:
            continue
    return found


def hub_options(folder: Path, port: int) -> list[str]:
    """The hub's command-line options beside ``docs/jupyterhub_config.py``: ports, its database and files in
    ``folder``, the learners' homes in ``folder/homes``."""
    return [
        f"--JupyterHub.bind_url=http://127.0.0.1:{port}",
        f"--JupyterHub.hub_bind_url=http://127.0.0.1:{free_port()}",
        f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{free_port()}",
        f"--ConfigurableHTTPProxy.command={proxy_command()}",
        f"--SimpleLocalProcessSpawner.home_dir_template={folder / 'homes'}/{{username}}",
        f"--JupyterHub.db_url=sqlite:///{folder / 'hub.sqlite'}",
        f"--JupyterHub.cookie_secret_file={folder / 'cookie_secret'}",
        f"--ConfigurableHTTPProxy.pid_file={folder / 'proxy.pid'}",
    ]


@contextmanager
def running_hub(folder: Path, options: list[str], env: Mapping[str, str] | None = None) -> Iterator[str]:
    """The hub of ``docs/jupyterhub_config.py`` with ``options`` (:func:`hub_options` and more), working in
    ``folder`` with ``env`` added to its environment; yields its address once it answers. Afterwards every
    process in ``folder`` is gone (the test fails, naming them, when the hub left one running)."""
    command = [sys.executable, "-m", "jupyterhub", "-f", str(CONFIG), *options]
    base = next(option for option in options if option.startswith("--JupyterHub.bind_url=")).partition("=")[2]
    log_path = folder / "hub.log"
    with log_path.open("w") as log:
        process = subprocess.Popen(
            command, cwd=folder, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, **(env or {})},
        )  # fmt: skip
        try:
            deadline = time.monotonic() + STARTING
            while True:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"the hub did not start:\n{log_path.read_text()[-3000:]}")
                try:
                    with urllib.request.urlopen(f"{base}/hub/api/", timeout=5) as answer:
                        if answer.status == 200:
                            break
                except OSError:
                    time.sleep(0.3)
            yield base
        finally:
            stop_group(process, 60)  # on SIGTERM the hub stops the learners' servers, its services and its proxy
            left = processes_in(folder)
            for pid in left:
                os.kill(pid, signal.SIGKILL)
            assert not left, f"processes the hub left running: {left}\n{log_path.read_text()[-3000:]}"
