"""``machiavelli-kit app``: the teacher's link on a line of its own, the token it opens with, the page limits
passed to the server, and the class server beside it (both servers are caught, not run; tests/test_app_class_server.py
runs them)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import pytest

from machiavelli_kit.classroom.lobby import CLASS_SERVER_VARIABLE
from machiavelli_kit.classroom.server import TEACHER_TOKEN_VARIABLE
from machiavelli_kit.cli import app, main
from machiavelli_kit.serve.pages import PAGES, PAGES_PER_BROWSER


@pytest.fixture
def caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Each server ``app`` would run, caught: its command and environment."""
    (tmp_path / "start.ipynb").write_text("{}", encoding="utf-8")
    servers: list[dict[str, Any]] = []

    def run_server(command: list[str], cwd: Path, env: Mapping[str, str] | None = None) -> int:
        servers.append({"command": command, "env": dict(env or {})})
        return 0

    monkeypatch.setattr(app, "notebooks_dir", lambda given: tmp_path)
    monkeypatch.setattr(app, "run_server", run_server)
    monkeypatch.setattr(app, "ClassServer", CaughtClassServer)
    monkeypatch.delenv(TEACHER_TOKEN_VARIABLE, raising=False)
    return servers


class CaughtClassServer:
    """The class server ``app`` would start, caught: its database and environment, started and stopped."""

    started: ClassVar[list[CaughtClassServer]] = []

    def __init__(self, database: str | None, environ: Mapping[str, str], folder: Path) -> None:
        self.database, self.environ, self.url = database, dict(environ), "http://127.0.0.1:4242"
        self.running = False
        CaughtClassServer.started.append(self)

    def start(self) -> None:
        self.running = True

    def stop(self) -> None:
        self.running = False


@pytest.fixture(autouse=True)
def no_class_servers_yet() -> None:
    CaughtClassServer.started.clear()


def teacher_line(out: str) -> str:
    lines = [line for line in out.splitlines() if "teacher.ipynb" in line]
    assert len(lines) == 1 and "start.ipynb" not in lines[0], out
    return lines[0]


def test_the_teachers_link_opens_with_a_new_token_each_time(
    caught: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    tokens = []
    for _ in range(2):
        assert main(["app", "--no-browser", "--port", "8997"]) == 0
        line = teacher_line(capsys.readouterr().out)
        token = line.rsplit("?teacher=", 1)[1]
        assert line.startswith("the teacher's page (keep this link to yourself: it shows every learner's progress): ")
        assert len(token) >= 32 and caught[-1]["env"][TEACHER_TOKEN_VARIABLE] == token
        tokens.append(token)
    assert tokens[0] != tokens[1]


def test_a_token_set_by_the_teacher_is_kept(
    caught: list[dict[str, Any]], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(TEACHER_TOKEN_VARIABLE, "same-as-yesterday")
    assert main(["app", "--no-browser", "--port", "8997"]) == 0
    assert teacher_line(capsys.readouterr().out).endswith(
        "http://localhost:8997/voila/render/teacher.ipynb?teacher=same-as-yesterday"
    )
    assert caught[-1]["env"][TEACHER_TOKEN_VARIABLE] == "same-as-yesterday"


def test_the_page_limits_reach_the_server(caught: list[dict[str, Any]]) -> None:
    assert main(["app", "--no-browser"]) == 0
    assert f"--PageKernelManager.max_pages={PAGES}" in caught[-1]["command"]
    assert f"--PageKernelManager.max_pages_per_browser={PAGES_PER_BROWSER}" in caught[-1]["command"]
    assert main(["app", "--no-browser", "--max-pages", "25", "--max-pages-per-browser", "3"]) == 0
    assert "--PageKernelManager.max_pages=25" in caught[-1]["command"]
    assert "--PageKernelManager.max_pages_per_browser=3" in caught[-1]["command"]


@pytest.mark.parametrize("value", ["0", "-2", "six", "2.5"])
def test_a_page_limit_that_is_no_whole_number_is_refused_in_words(
    caught: list[dict[str, Any]], capsys: pytest.CaptureFixture[str], value: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["app", "--no-browser", "--max-pages-per-browser", value])
    assert stopped.value.code == 2 and caught == []
    error = capsys.readouterr().err.splitlines()[-1]
    assert error == (
        "machiavelli-kit app: error: argument --max-pages-per-browser: "
        f"the number of pages must be a whole number, 1 or more, not {value!r}"
    )


def test_the_app_starts_a_class_server_with_its_token_and_its_pages_find_it(
    caught: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["app", "--no-browser"]) == 0
    (server,) = CaughtClassServer.started
    token = caught[0]["env"][TEACHER_TOKEN_VARIABLE]
    assert server.environ[TEACHER_TOKEN_VARIABLE] == token and server.database is None
    assert caught[0]["env"][CLASS_SERVER_VARIABLE] == server.url
    assert not server.running, "the class server outlived the app"
    assert server.url in capsys.readouterr().out


def test_the_class_servers_database_can_be_chosen(caught: list[dict[str, Any]]) -> None:
    assert main(["app", "--no-browser", "--class-db", "sqlite:////tmp/class.db"]) == 0
    assert [server.database for server in CaughtClassServer.started] == ["sqlite:////tmp/class.db"]


def test_the_app_runs_without_a_class_server_when_told(
    caught: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["app", "--no-browser", "--no-class-server"]) == 0
    assert CaughtClassServer.started == [] and CLASS_SERVER_VARIABLE not in caught[0]["env"]
    assert "class server" not in capsys.readouterr().out
