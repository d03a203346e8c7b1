"""``machiavelli-kit app``: the teacher's link on a line of its own, and the token it opens with (the server itself
is caught, not run)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from machiavelli_kit.cli import app, main
from machiavelli_kit.serve.teacher import TEACHER_TOKEN_VARIABLE


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
    monkeypatch.delenv(TEACHER_TOKEN_VARIABLE, raising=False)
    return servers


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
