"""The trainer's side of the class server: a trainer gives its sink each record as it changes, the browser
saves the learner's file all the same, and the class server's sink sends without making the kernel wait, says
once when the server does not answer, and gets a solve to the teacher's overview of a real server process."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from machiavelli_kit.classroom.class_progress import ServerProgress, page_progress
from machiavelli_kit.classroom.lobby import CLASS_SERVER_VARIABLE, Credentials
from machiavelli_kit.classroom.server.client import ClassClient, Refused, ServerGone
from machiavelli_kit.practice.progress import Progress, Record
from machiavelli_kit.practice.trainer import Trainer
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.ui.puzzle_browser import PuzzleBrowser
from tests.processes import until
from tests.test_class_progress import learners
from tests.test_class_server import TOKEN, Server

COLLECTION = load_collection()
SECONDS = 120.0


def test_the_trainer_gives_its_sink_each_record_as_it_changes(tmp_path: Path) -> None:
    sent: list[tuple[str, Record]] = []
    trainer = Trainer(
        COLLECTION, Progress(), clock=lambda: 0.0, sink=lambda puzzle, record: sent.append((puzzle, record))
    )
    session = trainer.start(COLLECTION.find("bga-3"))
    session.hint()
    session.no_play()
    assert sent == [("bga-3", Record(hints=1)), ("bga-3", Record(attempts=1, hints=1, solved=True))]
    trainer.progress.record("bga-3").attempts = 7  # a copy was sent: the sink's records are its own
    assert sent[-1][1].attempts == 1
    assert Trainer(COLLECTION, Progress()).sink is None


def test_the_browser_saves_the_file_and_gives_the_sink_the_record_and_keeps_it_for_another_name(tmp_path: Path) -> None:
    sent: list[str] = []
    trainer = Trainer(COLLECTION, Progress(), clock=lambda: 0.0, sink=lambda puzzle, record: sent.append(puzzle))
    browser = PuzzleBrowser(path=tmp_path / "progress.json", trainer=trainer, students_folder=tmp_path / "students")
    browser.start(COLLECTION.find("bga-3"))
    assert browser.board is not None
    browser.board.board.buttons["No play: draw"].click()
    assert sent == ["bga-3"] and Progress.load(tmp_path / "progress.json").record("bga-3").solved
    browser.choose_student("Ada")
    browser.start(COLLECTION.find("bga-3"))
    browser.board.board.buttons["No play: draw"].click()
    assert sent == ["bga-3", "bga-3"] and browser.trainer.sink is trainer.sink


class FakeClient:
    """A class server's client that answers as told: "gone", "refused", or takes the record."""

    def __init__(self) -> None:
        self.answer = "take"
        self.taken: list[tuple[str, Record]] = []
        self.calls = 0

    async def send_progress(self, puzzle: str, record: Record) -> None:
        self.calls += 1
        await asyncio.sleep(0)
        if self.answer == "gone":
            raise ServerGone("the class server at http://x does not answer (refused)")
        if self.answer == "refused":
            raise Refused("give your name first: this server does not know you")
        self.taken.append((puzzle, record))


def test_the_sink_sends_the_latest_record_says_once_when_the_server_is_gone_and_sends_it_when_back() -> None:
    async def scenario() -> None:
        client, said = FakeClient(), list[str]()
        sink = ServerProgress(client, said.append)  # type: ignore[arg-type]
        for hints in range(1, 6):  # a learner pressing Hint five times: the kernel never waits
            sink("bga-3", Record(hints=hints))
        assert sink.sending is not None
        await sink.sending
        assert client.taken[-1] == ("bga-3", Record(hints=5)) and len(client.taken) < 5
        client.answer = "gone"
        sink("bga-3", Record(attempts=1, hints=5))
        sink("it-3", Record(attempts=1))
        await sink.sending
        sink("it-3", Record(attempts=2))
        await sink.sending
        assert said == ["The class server does not answer, so your teacher does not see this puzzle yet. "
                        "Your progress is saved on this computer all the same."]  # fmt: skip
        client.answer = "take"
        sink("wiki-1", Record(attempts=1))
        await sink.sending
        assert said[-1] == "" and not sink.waiting
        assert sorted(client.taken[-3:], key=lambda taken: taken[0]) == [
            ("bga-3", Record(attempts=1, hints=5)), ("it-3", Record(attempts=2)), ("wiki-1", Record(attempts=1))
        ]  # fmt: skip
        client.answer = "refused"
        sink("bga-1", Record(attempts=1))
        sink("bga-2", Record(attempts=1))
        await sink.sending
        assert (
            said[-1]
            == "The class server did not take your progress: give your name first: this server does not know you"
        )
        assert len(said) == 3 and not sink.waiting

    asyncio.run(scenario())


def test_the_sink_speaks_the_trainers_language() -> None:
    async def scenario() -> None:
        client, said = FakeClient(), list[str]()
        client.answer = "gone"
        sink = ServerProgress(client, said.append, "it")  # type: ignore[arg-type]
        sink("bga-3", Record(attempts=1))
        assert sink.sending is not None
        await sink.sending
        assert said == ["Il server della classe non risponde, quindi l'insegnante non vede ancora questo rompicapo. "
                        "I tuoi progressi sono comunque salvati su questo computer."]  # fmt: skip

    asyncio.run(scenario())


def test_a_page_has_the_sink_only_with_a_class_server_and_the_learners_credential_there(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MACHIAVELLI_KIT_PROGRESS", str(tmp_path / "progress.json"))
    monkeypatch.delenv(CLASS_SERVER_VARIABLE, raising=False)
    assert page_progress(print) is None
    monkeypatch.setenv(CLASS_SERVER_VARIABLE, "http://127.0.0.1:9")
    assert page_progress(print) is None  # no name given there yet
    Credentials.for_this_page().keep("http://127.0.0.1:9", "Ada", "secret")
    sink = page_progress(print)
    assert isinstance(sink, ServerProgress) and sink.client.credential == "secret"


@pytest.mark.server
def test_a_trainers_solve_reaches_the_teachers_overview(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    sqlite = Server(f"sqlite:///{tmp_path / 'class.sqlite'}", tmp_path)
    sqlite.start()
    try:

        async def scenario() -> None:
            ada = ClassClient(sqlite.url)
            await ada.register("Ada")
            assert ada.credential is not None
            monkeypatch.setenv("MACHIAVELLI_KIT_PROGRESS", str(tmp_path / "home" / "progress.json"))
            monkeypatch.setenv(CLASS_SERVER_VARIABLE, sqlite.url)
            Credentials.for_this_page().keep(sqlite.url, "Ada", ada.credential)
            browser = PuzzleBrowser(path=tmp_path / "progress.json", students_folder=tmp_path / "students")
            assert isinstance(browser.trainer.sink, ServerProgress)
            browser.start(COLLECTION.find("bga-3"))
            assert browser.board is not None
            browser.board.board.buttons["Hint"].click()
            browser.board.board.buttons["No play: draw"].click()
            sending = browser.trainer.sink.sending
            assert sending is not None and not sending.done()  # the kernel did not wait for the server
            await until(sending.done, "the record sent", SECONDS)
            overview = await ClassClient(sqlite.url, TOKEN).overview()
            assert learners(overview)["Ada"] == {"bga-3": ("solved", 1, 1)}
            assert Progress.load(tmp_path / "progress.json").record("bga-3").solved
            assert browser.server_line.value == ""

        asyncio.run(scenario())
    finally:
        sqlite.stop()
