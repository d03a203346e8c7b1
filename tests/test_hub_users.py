"""A class server process that runs as a hub's service knows learners by their hub tokens (classroom/server/
hub_users.py), and the pages prove who they are with theirs (classroom/identity.py, the lobby, the teacher's view).

The hub here is a stand-in for its one endpoint the service asks, ``GET /hub/api/user``, answering as JupyterHub
does (the token's user model with its scopes, or 403) and counting the questions; tests/test_hub_class.py plays
the same against a real JupyterHub.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections import Counter
from collections.abc import Awaitable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tornado.httpserver import HTTPServer
from tornado.web import Application, RequestHandler

from machiavelli_kit.classroom.class_progress import page_progress
from machiavelli_kit.classroom.class_watch import teacher_client
from machiavelli_kit.classroom.identity import HUB_TOKEN_VARIABLE
from machiavelli_kit.classroom.lobby import CLASS_SERVER_VARIABLE, Credentials
from machiavelli_kit.classroom.server import TEACHER_TOKEN_VARIABLE
from machiavelli_kit.classroom.server.client import ClassClient, Refused, ServerGone
from machiavelli_kit.classroom.server.hub_users import HubUsers
from machiavelli_kit.game.actions import Draw
from machiavelli_kit.ui.lobby import Lobby
from tests.processes import class_server, free_port, until

SERVICE = "machiavelli-class"
ACCESS = f"access:services!service={SERVICE}"
ACCOUNTS: dict[str, dict[str, Any]] = {
    "ada-token": {"kind": "user", "name": "ada", "admin": False, "scopes": [ACCESS, "read:users:name!user=ada"]},
    "bea-token": {"kind": "user", "name": "bea", "admin": False, "scopes": [ACCESS]},
    "teacher-token": {"kind": "user", "name": "ms-rossi", "admin": True, "scopes": ["access:services"]},
    "no-access-token": {"kind": "user", "name": "cai", "admin": False, "scopes": ["read:users:name!user=cai"]},
    "service-token": {"kind": "service", "name": "grader", "scopes": [ACCESS]},
}
SECONDS = 120.0


class HubUser(RequestHandler):
    """``GET /hub/api/user`` as JupyterHub answers it: the token's owner, or 403 for a token it does not know."""

    def initialize(self, asked: Counter[str]) -> None:
        self.asked = asked

    def get(self) -> None:
        token = self.request.headers.get("Authorization", "").partition(" ")[2]
        self.asked[token] += 1
        if token not in ACCOUNTS:
            self.set_status(403)
        self.finish(json.dumps(ACCOUNTS.get(token, {"status": 403, "message": "no such token"})))


class StandInHub:
    """The stand-in hub on ``port``, started on the running event loop; ``asked`` counts the questions per token."""

    def __init__(self, port: int) -> None:
        self.port, self.asked = port, Counter[str]()
        self.server: HTTPServer | None = None

    def start(self) -> None:
        self.server = HTTPServer(Application([(r"/hub/api/user", HubUser, {"asked": self.asked})]))
        self.server.listen(self.port, "127.0.0.1")

    async def stop(self) -> None:
        """Stop listening and close the connections the class server keeps open to it."""
        assert self.server is not None
        self.server.stop()
        await self.server.close_all_connections()


@pytest.fixture
def service(tmp_path: Path) -> Iterator[tuple[str, StandInHub]]:
    """A class server started as the hub starts its service (its environment), and the stand-in hub it asks."""
    hub = StandInHub(free_port())
    env = {
        "JUPYTERHUB_SERVICE_NAME": SERVICE,
        "JUPYTERHUB_API_TOKEN": "the-services-own-token",
        "JUPYTERHUB_API_URL": f"http://127.0.0.1:{hub.port}/hub/api",
        "JUPYTERHUB_SERVICE_PREFIX": f"/services/{SERVICE}/",
    }
    with class_server(tmp_path, env, f"/services/{SERVICE}") as url:
        yield url, hub


async def refused(work: Awaitable[object]) -> str:
    with pytest.raises(Refused) as error:
        await work
    return str(error.value)


@pytest.mark.server
def test_a_hub_token_is_its_hub_account_and_the_hubs_answer_is_kept(service: tuple[str, StandInHub]) -> None:
    url, hub = service

    async def scenario() -> None:
        hub.start()
        ada, bea = ClassClient(url, hub_token="ada-token"), ClassClient(url, hub_token="bea-token")
        assert await ada.enter("it") == "ada"
        table = await ada.new_table("bga", 2, seed=3)
        assert await ada.join(table) == 0
        assert await bea.join(table) == 1
        view = await anext(aiter(ada.views(table)))  # the WebSocket takes the hub token too
        assert [seat["name"] for seat in view["seats"]] == ["ada", "bea"]
        assert view["game"]["seat"] == 0
        to_move = bea if view["game"]["to_move"] == 0 else ada  # the one whose turn it is not
        assert "turn" in await refused(to_move.act(table, Draw()))
        await ada.close()
        await bea.close()
        assert hub.asked["ada-token"] == 1, "the hub is asked once, then its answer is kept"

        assert "no name to give" in await refused(ClassClient(url).register("ada"))
        assert "no name to give" in await refused(ClassClient(url).register("Zoe"))
        assert "may not use the class server" in await refused(ClassClient(url, hub_token="no-access-token").enter())
        for token in ("service-token", "nobody's-token"):
            assert "does not know you" in await refused(ClassClient(url, hub_token=token).enter())
        # ada asked for Italian: the server says no in it
        assert "solo l'insegnante" in await refused(ClassClient(url, hub_token="ada-token").overview())
        overview = await ClassClient(url, hub_token="teacher-token").overview()
        assert [summary["id"] for summary in overview["tables"]] == [table]

        await hub.stop()  # a token the service has not seen yet cannot be checked without the hub
        ACCOUNTS["dan-token"] = {"kind": "user", "name": "dan", "admin": False, "scopes": [ACCESS]}
        try:
            assert "the hub does not answer" in await refused(ClassClient(url, hub_token="dan-token").enter())
        finally:
            del ACCOUNTS["dan-token"]
        assert await ClassClient(url, hub_token="ada-token").enter() == "ada"  # kept from before

    asyncio.run(scenario())


@pytest.mark.server
def test_in_a_hub_the_lobby_asks_no_name_and_the_teachers_view_opens_for_an_admin(
    service: tuple[str, StandInHub], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, hub = service
    monkeypatch.setenv(CLASS_SERVER_VARIABLE, url)
    monkeypatch.delenv(TEACHER_TOKEN_VARIABLE, raising=False)

    async def scenario() -> None:
        hub.start()
        monkeypatch.setenv(HUB_TOKEN_VARIABLE, "ada-token")
        credentials = Credentials(tmp_path / "credentials.json")
        lobby = Lobby(credentials=credentials, poll=0.2).open()
        await until(lambda: lobby.lobby_box.layout.display != "none", "the tables shown", SECONDS)
        assert lobby.sign_in_box.layout.display == "none", "no name asked for"
        assert lobby.you.value == "You play as ada, your account on this hub."
        assert not credentials.path.exists(), "nothing to keep: the hub says who the learner is"
        for task in list(lobby.tasks):
            task.cancel()

        learner = teacher_client()
        assert learner is not None
        assert "only the teacher" in await refused(learner.overview())
        monkeypatch.setenv(HUB_TOKEN_VARIABLE, "teacher-token")
        teacher = teacher_client()
        assert teacher is not None
        assert (await teacher.overview())["tables"] == []

    asyncio.run(scenario())


@pytest.mark.server
def test_a_hub_service_reached_at_the_wrong_address_is_said_in_words(service: tuple[str, StandInHub]) -> None:
    url, _hub = service
    wrong = url.removesuffix(f"/services/{SERVICE}")  # the class service's routes are under its path on a hub

    async def scenario() -> None:
        with pytest.raises(ServerGone) as error:
            await ClassClient(wrong, hub_token="ada-token").enter()
        assert str(error.value) == f"{wrong} is not a class server (it answered HTTP 404): check the address"

    asyncio.run(scenario())


def test_only_a_server_the_hub_started_as_its_service_asks_the_hub() -> None:
    service = {
        "JUPYTERHUB_SERVICE_NAME": SERVICE,
        "JUPYTERHUB_API_TOKEN": "t",
        "JUPYTERHUB_API_URL": "http://h/hub/api",
    }
    hub = HubUsers.from_environment(service)
    assert hub is not None and hub.prefix == f"/services/{SERVICE}/"
    assert hub.auth.api_url == "http://h/hub/api" and hub.auth.access_scopes == {ACCESS}
    # a learner's own server on the hub has a hub token too, but no service name: its class server is no service
    assert HubUsers.from_environment({"JUPYTERHUB_API_TOKEN": "t", "JUPYTERHUB_SERVICE_PREFIX": "/user/ada/"}) is None
    assert HubUsers.from_environment({}) is None


def test_a_hubs_service_without_jupyterhub_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "jupyterhub.services.auth", None)  # the import fails, as when not installed
    with pytest.raises(ValueError, match=r"jupyterhub is not installed beside it: pip install jupyterhub$"):
        HubUsers.from_environment({"JUPYTERHUB_SERVICE_NAME": SERVICE, "JUPYTERHUB_API_TOKEN": "t"})


def test_in_a_hub_the_trainers_progress_goes_to_the_class_server_as_the_hub_account(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(CLASS_SERVER_VARIABLE, f"http://127.0.0.1:9/services/{SERVICE}")
    monkeypatch.setenv("MACHIAVELLI_KIT_PROGRESS", str(tmp_path / "progress.json"))  # no name given here ever
    monkeypatch.setenv(HUB_TOKEN_VARIABLE, "ada-token")
    sink = page_progress(lambda _sentence: None)
    assert sink is not None and sink.client.hub_token == "ada-token"
    monkeypatch.delenv(HUB_TOKEN_VARIABLE)
    assert page_progress(lambda _sentence: None) is None  # outside a hub: a name first
