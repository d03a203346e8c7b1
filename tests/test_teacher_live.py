"""The teacher's live view (classroom/class_watch.py, ui/teacher_live.py): the class in words, names hidden for a
projector, and, against a real class server process, who is online, whose turn, a seat left empty handed to a
computer with a button, and a learner's credential refused."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
from hypothesis import given
from hypothesis import strategies as st

from machiavelli_kit.classroom.class_watch import class_picture, teacher_client
from machiavelli_kit.classroom.lobby import CLASS_SERVER_VARIABLE
from machiavelli_kit.classroom.server import TEACHER_TOKEN_VARIABLE
from machiavelli_kit.classroom.server.client import ClassClient
from machiavelli_kit.ui.teacher_live import TeacherLive, class_live
from tests.processes import class_server, until

TOKEN = "the-teachers-token"
SECONDS = 120.0

names = st.text(alphabet="BCDFGHJKLMNPQRSTVWXZ", min_size=4, max_size=8).map(lambda text: "Q" + text)
"""Learners' names that no word of the view contains."""


def table(status: str, seats: list[dict[str, Any]], to_move: int | None = 0) -> dict[str, Any]:
    return {"id": "t1", "rules": "bga", "status": status, "turn_seconds": None, "to_move": to_move, "turns": 3,
            "seats": [{"seat": number, **seat} for number, seat in enumerate(seats)]}  # fmt: skip


def texts(picture: Any) -> list[str]:
    return [picture.online] + [text for t in picture.tables for text in (t.rules, t.state, *(s.who for s in t.seats))]


@given(st.lists(names, min_size=1, max_size=6, unique=True), st.sampled_from(["open", "playing", "over"]))
def test_hidden_names_are_nowhere_in_the_view(learners: list[str], status: str) -> None:
    seats = [{"name": name, "computer": None} for name in learners]
    overview = {"online": learners[::2], "tables": [table(status, seats)]}
    shown = " ".join(texts(class_picture(overview, hide_names=True)))
    assert not any(name in shown for name in learners), shown
    assert all(name in " ".join(texts(class_picture(overview))) for name in learners)


def test_only_a_seat_left_empty_at_a_game_not_over_may_go_to_a_computer() -> None:
    seats = [{"name": "Ada", "computer": None}, {"name": "Ben", "computer": None},
             {"name": None, "computer": "greedy"}, {"name": None, "computer": None}]  # fmt: skip
    overview = {"online": ["Ada"], "tables": [table("playing", seats), table("over", seats)]}
    playing, over = class_picture(overview).tables
    assert [seat.free_for_computer for seat in playing.seats] == [False, True, False, True]
    assert not any(seat.free_for_computer for seat in over.seats)
    assert playing.state == "turn 4: Ada to move" and over.state == "the game is over"


def test_the_view_speaks_the_teachers_language() -> None:
    overview = {"online": ["Ada", "Ben"], "tables": [table("open", [{"name": "Ada", "computer": None}, {}])]}
    picture = class_picture(overview, lang="it")
    assert picture.online == "2 studenti online: Ada, Ben"
    assert picture.tables[0].state == "in attesa di 1 altro giocatore"


def test_without_a_class_server_or_the_teachers_token_the_page_says_how_to_get_the_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(CLASS_SERVER_VARIABLE, raising=False)
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN", raising=False)  # not in a hub: no hub token to try either
    monkeypatch.setenv(TEACHER_TOKEN_VARIABLE, TOKEN)
    assert teacher_client() is None
    monkeypatch.setenv(CLASS_SERVER_VARIABLE, "http://127.0.0.1:9")
    monkeypatch.delenv(TEACHER_TOKEN_VARIABLE)  # a learner's page: the class server, never the token
    line = class_live()
    assert isinstance(line, w.HTML) and "teacher&#x27;s link that machiavelli-kit app prints" in line.value


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """A class server process with the teacher's token :data:`TOKEN`, on a SQLite file of its own; its address."""
    with class_server(tmp_path, {TEACHER_TOKEN_VARIABLE: TOKEN}) as url:
        yield url


def words(widget: w.Widget) -> str:
    """Every text the widget and the widgets in it show."""
    own = " ".join(str(getattr(widget, name, "")) for name in ("value", "description") if name != "value"
                   or isinstance(widget, w.HTML))  # fmt: skip
    return " ".join([own, *(words(child) for child in getattr(widget, "children", ()))])


def hand_buttons(view: TeacherLive) -> list[w.Button]:
    found: list[w.Button] = []

    def walk(widget: w.Widget) -> None:
        if isinstance(widget, w.Button):
            found.append(widget)
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(view.tables)
    return found


@pytest.mark.server
def test_the_teacher_sees_the_class_live_and_hands_a_seat_left_empty_to_a_computer(server: str) -> None:
    async def scenario() -> None:
        ada, bob = ClassClient(server), ClassClient(server)
        await ada.register("Ada")
        await bob.register("Bob")
        table_id = await ada.new_table("bga", 3, computers={2: "greedy"}, seed=7)
        await ada.join(table_id)
        await bob.join(table_id)
        watching = bob.views(table_id)
        await anext(watching)  # Bob is connected; Ada made her table and left
        view = TeacherLive(ClassClient(server, TOKEN), interval=0.05).start()
        await until(
            lambda: view.picture is not None and view.picture.online == "1 learner online: Bob", "Bob online", SECONDS
        )
        await until(lambda: "to move" in words(view.box), "whose turn", SECONDS)
        assert "Ada" in words(view.box) and "Bob" in words(view.box)
        assert [button.description for button in hand_buttons(view)] == ["Seat 1 to the computer"]
        view.hide_names.value = True
        assert "Ada" not in words(view.box) and "Bob" not in words(view.box), words(view.box)
        hand_buttons(view)[0].click()
        await until(lambda: "Seat 1 plays on with the computer." in view.status.value, "the seat handed", SECONDS)
        await until(lambda: view.picture is not None and not hand_buttons(view), "the seat no longer empty", SECONDS)
        assert view.picture is not None and view.picture.tables[0].seats[0].who == "greedy (computer)"
        view.stop()
        learner_view = TeacherLive(ClassClient(server, ada.credential))
        await learner_view.refresh()
        assert "Only the teacher can open this" in learner_view.status.value and learner_view.overview is None
        await bob.close()

    asyncio.run(scenario())
