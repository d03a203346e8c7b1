"""``machiavelli-kit lab`` and ``app``: their server commands, and real servers that stop with the kit."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from machiavelli_kit.cli import main
from machiavelli_kit.resources import jupyter_config_dir
from machiavelli_kit.serve.app import app_command
from machiavelli_kit.serve.lab import lab_command, lab_environment, lab_url
from tests.processes import answers, free_port, wait_until

ROOT = Path(__file__).resolve().parent.parent
NEWS_PLUGIN = "@jupyterlab/apputils-extension:announcements"
Start = Callable[[str], tuple[subprocess.Popen[str], list[int], str]]
"""Start ``lab`` or ``app``: the kit's process, its server's pid, and a URL the server answers."""


def test_lab_opens_the_start_notebook_on_the_chosen_port() -> None:
    command = lab_command(ROOT / "notebooks", 9123, open_browser=False)
    assert command[1:3] == ["-m", "jupyterlab"]
    assert "--ServerApp.port=9123" in command and "--ServerApp.open_browser=False" in command
    assert command[-1] == str(ROOT / "notebooks" / "start.ipynb")


def test_lab_reads_the_kit_settings_first_and_keeps_a_given_token() -> None:
    env = lab_environment({"JUPYTER_CONFIG_PATH": "/etc/school", "JUPYTER_TOKEN": "abc", "HOME": "/home/ada"})
    assert env["JUPYTER_CONFIG_PATH"] == os.pathsep.join([str(jupyter_config_dir()), "/etc/school"])
    assert (env["JUPYTER_TOKEN"], env["HOME"]) == ("abc", "/home/ada")
    assert lab_url(8888, "abc") == "http://localhost:8888/lab/tree/start.ipynb?token=abc"
    fresh = lab_environment({})
    assert fresh["JUPYTER_CONFIG_PATH"] == str(jupyter_config_dir()) and len(fresh["JUPYTER_TOKEN"]) >= 32
    assert fresh["JUPYTER_TOKEN"] != lab_environment({})["JUPYTER_TOKEN"]


def test_the_kit_settings_switch_off_the_news_pop_up() -> None:
    page_config = json.loads((jupyter_config_dir() / "labconfig" / "page_config.json").read_text(encoding="utf-8"))
    assert page_config == {"disabledExtensions": {NEWS_PLUGIN: True}}


def test_app_serves_the_folder_with_voila_and_culls_idle_kernels() -> None:
    command = app_command(ROOT / "notebooks", 9124, open_browser=True)
    assert command[1:4] == ["-m", "machiavelli_kit.serve.app", str(ROOT / "notebooks")]  # Voila, shutting kernels down
    assert "--port=9124" in command and "--Voila.open_browser=True" in command
    assert "--MappingKernelManager.cull_idle_timeout=600" in command


def test_both_commands_are_registered(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "lab" in out and "app" in out


def children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid`` (read from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.fixture
def start_kit(tmp_path: Path) -> Iterator[Start]:
    """Start ``machiavelli-kit lab|app`` on a free port as a real process; stop whatever is left at the end."""
    started: list[tuple[subprocess.Popen[str], list[int]]] = []
    env = {**os.environ, "HOME": str(tmp_path / "home"), "JUPYTER_CONFIG_DIR": str(tmp_path / "jupyter"),
           "JUPYTER_DATA_DIR": str(tmp_path / "data"), "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
           "JUPYTER_PLATFORM_DIRS": "1"}  # fmt: skip

    def start(command: str) -> tuple[subprocess.Popen[str], list[int], str]:
        port = free_port()
        log = (tmp_path / f"{command}.log").open("w")
        process = subprocess.Popen(
            [sys.executable, "-m", "machiavelli_kit", command, "--no-browser", f"--port={port}",
             f"--notebooks={tmp_path / 'notebooks'}"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=log, text=True, env=env, cwd=tmp_path,
        )  # fmt: skip
        assert process.stdout is not None
        line = process.stdout.readline()
        while line and "http://" not in line:  # first a line per notebook copied
            line = process.stdout.readline()
        url = line.split(" at ", 1)[1].split(" ")[0]
        probe = url if command == "lab" else f"http://127.0.0.1:{port}/voila/static/voila.js"
        wait_until(lambda: answers(probe) or process.poll() is not None, 120, f"{command} answering on {probe}")
        assert process.poll() is None, (tmp_path / f"{command}.log").read_text()[-3000:]
        servers = children(process.pid)
        started.append((process, servers))  # stopped at the end even when the next line fails
        assert len(servers) == (2 if command == "app" else 1)  # the app's Voila and its class server
        return process, servers, probe

    yield start
    for process, servers in started:
        for pid in [process.pid, *servers]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        process.wait(10)


@pytest.mark.server
@pytest.mark.parametrize(("command", "signum"), [("lab", signal.SIGTERM), ("app", signal.SIGINT)])
def test_a_signal_to_the_kit_stops_its_server(start_kit: Start, command: str, signum: int) -> None:
    kit, servers, probe = start_kit(command)
    os.kill(kit.pid, signum)
    kit.wait(30)
    assert not any(alive(server) for server in servers)
    assert not answers(probe)


@pytest.mark.server
def test_a_killed_kit_leaves_no_server_behind(start_kit: Start) -> None:
    kit, servers, probe = start_kit("app")
    os.kill(kit.pid, signal.SIGKILL)
    kit.wait(10)
    wait_until(lambda: not any(alive(server) for server in servers), 30, "the servers stopping")
    assert not answers(probe)
