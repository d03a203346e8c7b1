"""The tournament's screens against the class server's real application (in the test's own event loop, on a real
SQLite database in memory): the learner's lobby shows a tournament with a button to join it and then says which
round they play from, and the teacher's live view makes, starts and follows one."""

from __future__ import annotations

from pathlib import Path

import ipywidgets as w

from machiavelli_kit.classroom.lobby import Credentials
from machiavelli_kit.classroom.server.client import ClassClient
from machiavelli_kit.classroom.server.service import ClassService
from machiavelli_kit.game.limits import Limit
from machiavelli_kit.ui.lobby import Lobby
from tests.test_teacher_live import words
from tests.test_tournament_api import TOKEN, learners, served, until


def buttons(widget: w.Widget, name: str) -> list[w.Button]:
    """The buttons in ``widget`` with the class ``mk-lobby-NAME``."""
    found = [widget] if isinstance(widget, w.Button) and f"mk-lobby-{name}" in widget._dom_classes else []
    return found + [button for child in getattr(widget, "children", ()) for button in buttons(child, name)]


async def signed_in(url: str, tmp_path: Path, *names: str) -> list[Lobby]:
    """A lobby for each of ``names``, all opened before any name is given (a name given is remembered for the
    pages opened next), each then signed in."""
    lobbies = [Lobby(url, credentials=Credentials(tmp_path / f"{name}.json"), poll=0.1).open() for name in names]
    for name, lobby in zip(names, lobbies, strict=True):
        await until(lambda lobby=lobby: lobby.sign_in_box.layout.display != "none", "the name asked for")
        lobby.name.value = name
        lobby.enter.click()
        await until(lambda lobby=lobby: lobby.lobby_box.layout.display != "none", f"{name}'s lobby")
    return lobbies


def test_the_lobby_shows_a_tournament_to_join_and_then_the_round_the_learner_plays_from(tmp_path: Path) -> None:
    async def scenario(url: str, service: ClassService) -> None:
        teacher = ClassClient(url, TOKEN)
        ada, dan = await signed_in(url, tmp_path, "Ada", "Dan")  # Dan joins late
        assert not buttons(ada.box, "join-tournament")
        tournament = await teacher.new_tournament("bga", 2, 2, Limit(minutes=10))
        await until(lambda: bool(buttons(ada.box, "join-tournament")), "the tournament shown")
        assert "A tournament: 2 rounds at tables of 2, 10 minutes a round" in words(ada.tournament_list)
        buttons(ada.box, "join-tournament")[0].click()
        await until(lambda: "wait for round 1 to start" in ada.status.value, "Ada told to wait for round 1")
        assert not buttons(ada.box, "join-tournament")
        bob, cy = await learners(url, "Bob", "Cy")
        await bob.join_tournament(tournament)
        await cy.join_tournament(tournament)
        await teacher.start_tournament(tournament)  # three at tables of two: one sits round 1 out
        await until(lambda: "round 1 of 2 now" in words(dan.tournament_list), "the round shown")
        buttons(dan.box, "join-tournament")[0].click()
        await until(lambda: "you play from round 2" in dan.status.value, "Dan told he plays from round 2")
        assert "you play from round 2" in words(dan.tournament_list)
        for lobby in (ada, dan):
            assert not lobby.errors, lobby.errors
            for task in {*lobby.tasks, *(lobby.board.tasks if lobby.board else ())}:
                task.cancel()
        for client in (teacher, bob, cy):
            await client.close()

    served(scenario)
