"""The trainer's progress on the class server: kept in the database (the most it was told, never less), sent by
a learner for themselves only, checked and paced like every message, shown in the teacher's overview with the
themes the class misses, and still there after a SIGKILL (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.httpserver import HTTPServer

from machiavelli_kit.classroom.server.app import make_app
from machiavelli_kit.classroom.server.client import ClassClient, Refused
from machiavelli_kit.classroom.server.messages import FLOOD_BURST, MessageError, parse_progress
from machiavelli_kit.classroom.server.service import ClassService
from machiavelli_kit.classroom.server.store import Store
from machiavelli_kit.practice.progress import Record
from machiavelli_kit.puzzles.collection import load_collection
from tests.processes import free_port
from tests.test_class_server import TOKEN, Server, server

__all__ = ["server"]  # the fixture: a server process on a database (tests/conftest.py: SQLite then PostgreSQL)

COLLECTION = load_collection()


# the database: the most it was told


records = st.tuples(st.integers(0, 5), st.integers(0, 5), st.booleans(), st.booleans()).map(
    lambda values: (values[0] + (values[2] or values[3]), *values[1:])
)


@settings(max_examples=40, deadline=None)  # never timed: the machine may be busy
@given(st.lists(records, min_size=1, max_size=6), st.randoms(use_true_random=False))
def test_records_sent_in_any_order_leave_the_same_row(sent: list[tuple[int, int, bool, bool]], rng: Any) -> None:
    rows = []
    for order in (sent, rng.sample(sent, len(sent))):
        store = Store("sqlite://")
        ada = store.add_learner("Ada", "ada", "en", "0" * 64)
        for attempts, hints, solved, helped in order:
            store.save_progress(ada, "bga-3", attempts, hints, solved=solved, helped=helped)
        (row,) = store.progress()
        rows.append((row.name, row.puzzle, row.attempts, row.hints, row.solved, row.helped))
        store.close()
    most = ("Ada", "bga-3", max(r[0] for r in sent), max(r[1] for r in sent), any(r[2] for r in sent),
            any(r[3] for r in sent))  # fmt: skip
    assert rows == [most, most]


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"attempts": 1, "hints": 0, "solved": True, "helped": False}, "the message has no puzzle"),
        ({"puzzle": "bga-3", "attempts": "1", "hints": 0, "solved": True, "helped": False},
         "attempts should be a whole number from 0 to 1,000,000, not text"),
        ({"puzzle": "bga-3", "attempts": -1, "hints": 0, "solved": False, "helped": False},
         "attempts should be a whole number from 0 to 1,000,000, not a number"),
        ({"puzzle": "bga-3", "attempts": 1, "hints": True, "solved": False, "helped": False},
         "hints should be a whole number from 0 to 1,000,000, not true or false"),
        ({"puzzle": "bga-3", "attempts": 1, "hints": 0, "solved": 1, "helped": False},
         "solved should be true or false, not a number"),
        ({"puzzle": "bga-3", "attempts": 1, "hints": 0, "solved": False}, "the message has no helped"),
        ({"puzzle": "bga-3", "attempts": 0, "hints": 2, "solved": False, "helped": True},
         "a puzzle solved needs at least one answer"),
    ],
)  # fmt: skip
def test_a_bad_progress_message_is_refused_with_one_reason(body: dict[str, Any], reason: str) -> None:
    with pytest.raises(MessageError) as refused:
        parse_progress(json.dumps(body).encode())
    assert str(refused.value) == reason


# the server in this process: a frozen clock shows the flood limit without racing one


def test_a_learner_who_floods_their_progress_is_refused_in_words_and_nothing_changes() -> None:
    async def scenario() -> None:
        service = ClassService(Store("sqlite://"), TOKEN, COLLECTION, clock=lambda: 0.0)
        server, port = HTTPServer(make_app(service)), free_port()
        server.listen(port, "127.0.0.1")
        try:
            ada = ClassClient(f"http://127.0.0.1:{port}")
            await ada.register("Ada")
            for attempts in range(1, int(FLOOD_BURST) + 1):
                await ada.send_progress("bga-3", Record(attempts=attempts))
            with pytest.raises(Refused, match=r"^too many messages at once: slow down$"):
                await ada.send_progress("bga-3", Record(attempts=99, solved=True))
            (row,) = service.store.progress()
            assert (row.attempts, row.solved) == (int(FLOOD_BURST), False)
        finally:
            server.stop()
            service.close()

    asyncio.run(scenario())


# a real server process, on SQLite and PostgreSQL


async def post(url: str, credential: str | None, body: bytes) -> tuple[int, str]:
    """POST ``body`` to the progress address as ``credential``: the status and the reason refused (or "")."""
    headers = {"Authorization": f"Bearer {credential}"} if credential else {}
    request = HTTPRequest(url + "/api/progress", method="POST", headers=headers, body=body)
    response = await AsyncHTTPClient().fetch(request, raise_error=False)
    return response.code, json.loads(response.body).get("error", "")


def learners(overview: dict[str, Any]) -> dict[str, dict[str, tuple[str, int, int]]]:
    return {
        learner["name"]: {p["puzzle"]: (p["status"], p["attempts"], p["hints"]) for p in learner["puzzles"]}
        for learner in overview["progress"]
    }


@pytest.mark.server
def test_progress_is_each_learners_own_shown_to_the_teacher_and_kept_through_a_kill(server: Server) -> None:
    async def sent_and_refused() -> None:
        ada, ben, teacher = ClassClient(server.url), ClassClient(server.url), ClassClient(server.url, TOKEN)
        await ada.register("Ada")
        await ben.register("Ben")
        await ada.send_progress("bga-3", Record(attempts=1, hints=0, solved=True))
        await ada.send_progress("it-3", Record(attempts=2, hints=3, solved_with_help=True))
        await ben.send_progress("bga-3", Record(attempts=2))
        # Ben names Ada in his message: the server takes the credential's word, never the message's
        impostor = json.dumps({"puzzle": "it-3", "attempts": 9, "hints": 9, "solved": False, "helped": False,
                               "name": "Ada", "learner": 1}).encode()  # fmt: skip
        assert await post(server.url, ben.credential, impostor) == (200, "")
        good = json.dumps({"puzzle": "bga-1", "attempts": 1, "hints": 0, "solved": True, "helped": False}).encode()
        unknown = (401, "give your name first: this server does not know you")
        for credential, body, refused in [
            (None, good, unknown),
            ("made-up", good, unknown),
            (TOKEN, good, unknown),  # the teacher has no puzzles of their own
            (ada.credential, good.replace(b"bga-1", b"no-such-9"),
             (409, "there is no puzzle no-such-9 on this class server")),
            (ada.credential, b"{not json",
             (400, "the message is not JSON: Expecting property name enclosed in double quotes")),
            (ada.credential, b"[]", (400, "a message is a JSON object, with a type and its fields")),
        ]:  # fmt: skip
            assert await post(server.url, credential, body) == refused
        with pytest.raises(Refused, match="only the teacher can open this"):
            await ClassClient(server.url, ada.credential).overview()
        overview = await teacher.overview()
        assert learners(overview) == {
            "Ada": {"bga-3": ("solved", 1, 0), "it-3": ("solved with help", 2, 3)},
            "Ben": {"bga-3": ("failed", 2, 0), "it-3": ("failed", 9, 9)},
        }
        themes = {theme["theme"]: (theme["missed"], theme["tried"]) for theme in overview["themes"]}
        assert themes["impossible"] == (1, 2) and themes["chain"] == (2, 2), themes

    asyncio.run(sent_and_refused())
    server.kill()
    server.start()

    async def after_the_kill() -> None:
        overview = await ClassClient(server.url, TOKEN).overview()
        assert learners(overview)["Ada"] == {"bga-3": ("solved", 1, 0), "it-3": ("solved with help", 2, 3)}

    asyncio.run(after_the_kill())
