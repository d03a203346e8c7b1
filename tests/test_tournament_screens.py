"""The tournament's screens against the class server's real application (in the test's own event loop, on a real
SQLite database in memory): the learner's lobby shows a tournament with a button to join it and then says which
round they play from; the teacher's live view makes, starts and follows one (names hidden, on the projector) and
at the end saves its standings and records."""

from __future__ import annotations

import asyncio
from pathlib import Path

import ipywidgets as w

from machiavelli_kit.classroom.lobby import Credentials
from machiavelli_kit.classroom.server.client import ClassClient
from machiavelli_kit.classroom.server.service import ClassService
from machiavelli_kit.cli.class_tournament import play_tournament
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.game.limits import Limit
from machiavelli_kit.ui.lobby import Lobby
from machiavelli_kit.ui.teacher_live import TeacherLive
from tests.test_teacher_live import words
from tests.test_tournament_api import TOKEN, learners, served, until
from tests.test_tournament_files import page_texts


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


def teacher_buttons(view: TeacherLive, name: str) -> list[w.Button]:
    """The tournament panel's buttons with the class ``mk-teacher-tournament-NAME``."""

    def walk(widget: w.Widget) -> list[w.Button]:
        own = isinstance(widget, w.Button) and f"mk-teacher-tournament-{name}" in widget._dom_classes
        return [widget] * own + [button for child in getattr(widget, "children", ()) for button in walk(child)]

    return walk(view.box)


def shown(widget: w.Widget) -> bool:
    return widget.layout.display != "none"


def test_the_teacher_makes_starts_and_follows_a_tournament_on_the_projector_with_names_hidden() -> None:
    async def scenario(url: str, service: ClassService) -> None:
        view = TeacherLive(ClassClient(url, TOKEN), interval=0.05).start()
        await until(lambda: view.overview is not None, "the class shown")
        panel = view.tournaments
        panel.rounds.value, panel.table_size.value, panel.minutes.value, panel.rules.value = 2, 3, 15, "classic"
        panel.make.click()
        await until(lambda: "is open" in view.status.value, "the tournament made")
        (key,) = service.tournaments.rows
        row = service.tournaments.row(key)
        assert (row.rounds, row.table_size, row.minutes, row.turns) == (2, 3, 15.0, None)
        assert row.rules == Rules.parse("classic").spelled("stock_out")
        ada, bob, cy = await learners(url, "Qada", "Qbob", "Qcy")
        await ada.join_tournament(key)
        await until(lambda: "1 learner joined: Qada" in words(view.box), "Qada joined")
        teacher_buttons(view, "start")[0].click()  # too early: refused in words, and the words stay
        await until(lambda: "at least two learners have joined" in view.status.value, "the start refused")
        for _ in range(2):  # the view asks the server again, and again
            await view.refresh()
        assert view.status.value == "A tournament starts when at least two learners have joined it."
        for learner in (bob, cy):
            await learner.join_tournament(key)
        await until(lambda: "3 learners joined: Qada, Qbob, Qcy" in words(view.box), "who joined")
        (start,) = teacher_buttons(view, "start")
        start.click()
        await until(lambda: f"Tournament {key}: round 1 of 2" in words(view.box), "round 1 shown")
        await until(lambda: "Table 1: " in words(view.box), "the round's table shown")
        await until(lambda: "time left: 1" in words(view.box), "the round's time left shown")  # of 15 minutes
        text = words(view.box)
        assert all(name in text for name in ("Qada", "Qbob", "Qcy")) and "Tie-break" in text, text
        view.hide_names.value = True
        text = words(view.box)
        assert not any(name in text for name in ("Qada", "Qbob", "Qcy")), text
        numbers = {line["number"] for line in (await ClassClient(url, TOKEN).tournament(key))["standings"]}
        assert numbers == {"1", "2", "3"} and "<th>Number</th>" in text
        view.projector.value = True
        assert not shown(panel.form) and not shown(view.tables) and not shown(view.puzzles)
        assert "Table 1: " not in words(view.box) and "round 1 of 2" in words(view.box)
        assert all("mk-projector" in part._dom_classes for part in panel.list.children)
        view.projector.value = False
        assert shown(panel.form) and "Table 1: " in words(view.box)
        assert not view.errors, view.errors
        view.stop()
        for learner in (ada, bob, cy):
            await learner.close()

    served(scenario)


def test_at_the_end_the_teacher_saves_the_standings_and_every_record_into_a_folder(tmp_path: Path) -> None:
    async def scenario(url: str, service: ClassService) -> None:
        teacher = ClassClient(url, TOKEN)
        key = await teacher.new_tournament("bga", 1, 2, Limit(turns=6), seed=3)
        players = [
            asyncio.create_task(play_tournament(ClassClient(url), key, name, "greedy")) for name in ("Ada", "Bob")
        ]
        await until(lambda: len(service.tournaments.store.entrants(key)) == 2, "both joined")
        await teacher.start_tournament(key)
        await asyncio.gather(*players)
        view = TeacherLive(ClassClient(url, TOKEN), interval=0.05, folder=tmp_path).start()
        await until(lambda: bool(teacher_buttons(view, "save")), "the save button")
        view.hide_names.value = True
        teacher_buttons(view, "save")[0].click()
        folder = tmp_path / f"tournament-{key}"
        await until(lambda: "are in" in view.status.value, "the files saved")
        assert str(folder) in view.status.value and "1 game&#x27;s record" in view.status.value
        assert sorted(path.name for path in folder.iterdir()) == [
            "round-1-table-1.json",
            "standings.csv",
            "standings.pdf",
        ]
        summary = await teacher.tournament(key)
        names = [line["name"] for line in summary["standings"]]
        csv = (folder / "standings.csv").read_text().splitlines()
        assert csv[0] == "rank,name,games,wins,points,tiebreak" and [row.split(",")[1] for row in csv[1:]] == names
        record = (folder / "round-1-table-1.json").read_text()
        assert record == (await teacher.tournament_records(key))[0]["record"]
        wall = " ".join(page_texts(folder / "standings.pdf"))  # names hidden: the numbers the screen shows
        assert "Number" in wall and "Name" not in wall and not any(name in wall for name in names)
        for line in summary["standings"]:
            cells = ("rank", "number", "games", "wins", "points", "tiebreak")
            assert " ".join(str(line[cell]) for cell in cells) in wall
        (tmp_path / "blocked").write_text("a file, not a folder")
        view.tournaments.where.value = str(tmp_path / "blocked")
        teacher_buttons(view, "save")[0].click()
        await until(lambda: "could not be written into" in view.status.value, "the folder refused in words")
        assert not view.errors, view.errors
        view.stop()
        await teacher.close()

    served(scenario)
