"""The class server's commands refuse what cannot work with one line that says why (exit 2), starting nothing."""

from __future__ import annotations

import pytest

from machiavelli_kit.cli import main
from tests.processes import free_port


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["class", "serve", "--db", "mysql://kit@school/class"], "keeps the class in SQLite or PostgreSQL"),
        (["class", "serve", "--db", "postgresql+psycopg://kit:secret@127.0.0.1:{port}/class"], "cannot be opened"),
        (["class", "serve", "--away", "0"], "--away is a number of seconds above 0, such as 30, not 0"),
        (["table", "new", "--server", "http://127.0.0.1:{port}", "--computer", "greedy"], "write a seat and a"),
        (["table", "new", "--server", "http://127.0.0.1:{port}"], "the class server at http://127.0.0.1:"),
        (["table", "join", "--server", "x", "--table", "t", "--name", "Ada", "--player", "clever"], "unknown player"),
        (["table", "record", "--server", "http://127.0.0.1:{port}", "--table", "t", "--out", "x.json"], "answer"),
    ],
)
def test_a_command_that_cannot_work_says_why(
    arguments: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    port = free_port()
    assert main([argument.format(port=port) for argument in arguments]) == 2
    error = capsys.readouterr().err
    assert words in error and "Traceback" not in error and "secret" not in error
    assert len(error.strip().splitlines()) == 1


def test_the_teacher_says_how_long_a_learner_may_be_away(monkeypatch: pytest.MonkeyPatch) -> None:
    """``class serve --away SECONDS`` reaches the server: how long a learner whose turn it is at a tournament's
    table may be gone before the computer plays their seat (30 s unless told)."""
    from machiavelli_kit.classroom.server import app

    asked: list[float] = []

    async def serve(ip: str, port: int, url: str | None, away: float) -> None:
        asked.append(away)

    monkeypatch.setattr(app, "serve", serve)
    assert main(["class", "serve", "--away", "90"]) == 0
    assert main(["class", "serve"]) == 0
    assert asked == [90.0, 30.0]


def test_the_commands_speak_the_learners_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "pl", "class", "serve", "--db", "mysql://kit@school/class"]) == 2
    assert "SQLite albo PostgreSQL" in capsys.readouterr().err


def test_a_seat_played_without_a_name_needs_a_hub_token(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN", raising=False)
    arguments = ["table", "join", "--server", f"http://127.0.0.1:{free_port()}", "--table", "t", "--player", "greedy"]
    assert main(arguments) == 2
    error = capsys.readouterr().err
    assert "give --name NAME, or run it on a hub, with its token in JUPYTERHUB_API_TOKEN" in error
    assert len(error.strip().splitlines()) == 1
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "a-hub-token")  # on a hub: the server is asked, and here none answers
    assert main(arguments) == 2
    assert "does not answer" in capsys.readouterr().err
