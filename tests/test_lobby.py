"""The lobby and the networked table's board (ui/lobby.py, ui/table_board.py, classroom/lobby.py), driven as a
learner would press their buttons, against a real class server process."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from ipywidgets import HTML, DOMWidget

from machiavelli_kit.classroom.learner import remember_name
from machiavelli_kit.classroom.lobby import CLASS_SERVER_VARIABLE, Credentials, class_server_url
from machiavelli_kit.ui.lobby import Lobby, class_tables
from machiavelli_kit.ui.status import kind_of
from tests.processes import until
from tests.test_table_flow import server

__all__ = ["server"]
SECONDS = 120.0


def shown(widget: DOMWidget) -> bool:
    return bool(widget.layout.display != "none")


@pytest.mark.server
def test_two_learners_make_and_join_a_table_and_see_each_others_moves(server: str, tmp_path: Path) -> None:
    async def scenario() -> None:
        ada = Lobby(server, credentials=Credentials(tmp_path / "ada.json"), poll=0.2).open()
        bob = Lobby(server, credentials=Credentials(tmp_path / "bob.json"), poll=0.2).open()
        for lobby, name in ((ada, "Ada"), (bob, "Bob")):
            await until(lambda lobby=lobby: shown(lobby.sign_in_box), "the name asked for", SECONDS)
            lobby.name.value = name
            lobby.enter.click()
            await until(lambda lobby=lobby: shown(lobby.lobby_box), "the tables shown", SECONDS)
        ada.seat_count.value = 3
        ada.who[1].value = "greedy"
        ada.make.click()
        await until(lambda: ada.board is not None, "Ada seated at her new table", SECONDS)
        # Bob's list is asked for again by itself: Ada's table, with her and the computer, a seat free
        await until(lambda: len(bob.tables) == 1, "the new table in Bob's list", SECONDS)
        text = bob.list.children[0].children[1].value
        assert text == "Board Game Arena rules · Ada, greedy (computer), a free seat", text
        bob.list.children[0].children[0].click()
        await until(
            lambda: bob.board is not None and bob.board.flow.started, "Bob seated and the game started", SECONDS
        )
        assert ada.board is not None and bob.board is not None
        await until(
            lambda: ada.board is not None and ada.board.flow.started, "the game started at Ada's board", SECONDS
        )
        boards = {0: ada.board, 1: bob.board}
        # each board holds its own hand only
        for seat, board in boards.items():
            assert board.flow.seat == seat
            assert board.position.session.state.hand == board.flow.hand
        assert sorted(ada.board.flow.hand) != sorted(bob.board.flow.hand)
        assert not shown(ada.board.buttons["Hint"])  # no hints between classmates
        # whoever is to move draws with the board's button; the other board's log tells it
        await until(lambda: ada.board.flow.my_turn or bob.board.flow.my_turn, "a learner's turn", SECONDS)
        mover = ada.board if ada.board.flow.my_turn else bob.board
        other = bob.board if mover is ada.board else ada.board
        assert not mover.buttons["Draw"].disabled and other.buttons["Draw"].disabled
        turns = mover.flow.turns
        mover.buttons["Draw"].click()
        await until(lambda: other.flow.turns > turns, "the draw at the other board", SECONDS)
        name = mover.flow.names[mover.flow.seat]
        assert f"{name} draws a card" in other.log.value, other.log.value
        assert mover.errors == other.errors == ada.errors == bob.errors == []
        # Ada's page opened again: no name asked, straight back to her seat, the game as it is
        again = Lobby(server, credentials=Credentials(tmp_path / "ada.json"), poll=0.2).open()
        await until(lambda: again.board is not None and again.board.flow.started, "Ada back at her seat", SECONDS)
        assert again.board is not None and not shown(again.sign_in_box)
        assert again.board.flow.seat == 0 and again.board.flow.turns >= turns + 1
        assert sorted(again.board.flow.hand) == sorted(ada.board.flow.hand) or again.board.flow.turns > turns + 1
        for lobby in (ada, bob, again):
            for task in {*lobby.tasks, *(lobby.board.tasks if lobby.board else ())}:
                task.cancel()

    asyncio.run(scenario())


@pytest.mark.server
def test_a_name_taken_by_another_learner_is_refused_in_words(server: str, tmp_path: Path) -> None:
    async def scenario() -> Lobby:
        first = Lobby(server, credentials=Credentials(tmp_path / "one.json"), poll=60).open()
        second = Lobby(server, credentials=Credentials(tmp_path / "two.json"), poll=60).open()
        for lobby in (first, second):
            await until(lambda lobby=lobby: shown(lobby.sign_in_box), "the name asked for", SECONDS)
        first.name.value = second.name.value = "Ada"
        first.enter.click()
        await until(lambda: shown(first.lobby_box), "Ada in the class", SECONDS)
        second.enter.click()
        await until(lambda: kind_of(second.status) == "invalid", "the refusal shown", SECONDS)
        for lobby in (first, second):
            for task in lobby.tasks:
                task.cancel()
        return second

    second = asyncio.run(scenario())
    assert second.status.value == "This name is already taken on this server: choose another."
    assert second.client is None and shown(second.sign_in_box) and not shown(second.lobby_box)
    kept = json.loads((tmp_path / "one.json").read_text())
    assert list(kept) == [server] and kept[server]["name"] == "Ada"
    assert not (tmp_path / "two.json").exists()


@pytest.mark.server
def test_a_name_given_on_another_page_comes_in_without_asking(server: str, tmp_path: Path) -> None:
    remember_name("Cleo", None)  # typed on the game's setup or the trainer, say

    async def scenario() -> Lobby:
        lobby = Lobby(server, credentials=Credentials(tmp_path / "cleo.json"), poll=60).open()
        await until(lambda: shown(lobby.lobby_box), "the tables shown", SECONDS)
        for task in lobby.tasks:
            task.cancel()
        return lobby

    lobby = asyncio.run(scenario())
    assert lobby.client is not None and lobby.client.name == "Cleo" and not shown(lobby.sign_in_box)
    assert lobby.name.value == "Cleo"


@pytest.mark.server
def test_a_page_opened_again_goes_back_to_a_table_still_waiting_for_players(server: str, tmp_path: Path) -> None:
    async def scenario() -> Lobby:
        first = Lobby(server, credentials=Credentials(tmp_path / "dan.json"), poll=60).open()
        await until(lambda: shown(first.sign_in_box), "the name asked for", SECONDS)
        first.name.value = "Dan"
        first.enter.click()
        await until(lambda: shown(first.lobby_box), "the tables shown", SECONDS)
        first.make.click()
        await until(lambda: first.board is not None and first.board.flow.status == "open", "Dan at his table", SECONDS)
        again = Lobby(server, credentials=Credentials(tmp_path / "dan.json"), poll=60).open()
        await until(
            lambda: again.board is not None and again.board.flow.status == "open", "Dan back at his table", SECONDS
        )
        for lobby in (first, again):
            for task in {*lobby.tasks, *(lobby.board.tasks if lobby.board else ())}:
                task.cancel()
        return again

    again = asyncio.run(scenario())
    assert again.board is not None and again.board.flow.seat == 0
    assert again.board.status.value.startswith("Waiting for players: 1 of 2 seats are taken.")
    assert shown(again.board.fill) and not shown(again.lobby_box)


def test_the_class_server_is_known_by_an_environment_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CLASS_SERVER_VARIABLE, raising=False)
    assert class_server_url() is None
    with pytest.raises(ValueError, match="no class server"):
        Lobby()
    said = class_tables(lang="it")  # the notebook's section: a line saying how to get one
    assert isinstance(said, HTML) and "machiavelli-kit app" in said.value and "Questa pagina" in said.value
    monkeypatch.setenv(CLASS_SERVER_VARIABLE, " http://127.0.0.1:8890 ")
    assert class_server_url() == "http://127.0.0.1:8890"
