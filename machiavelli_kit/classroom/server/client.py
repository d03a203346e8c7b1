"""A small asyncio client of the class server: the one place that speaks its protocol from the learner's side.

The command line (``machiavelli-kit table``), the tests and the notebook's board use it::

    client = ClassClient("http://127.0.0.1:8890")
    await client.register("Ada", "it")
    table = await client.new_table("bga", 3, computers={2: "greedy"})
    seat = await client.join(table)
    async for view in client.views(table):      # one view now, then one after every turn
        if view["to_move"] == seat:
            await client.act(table, Draw())     # Refused says why in the server's words
    record = await client.record(table)

:meth:`ClassClient.views` connects again when the connection drops (the server restarted, the network
blinked), for up to ``patience`` seconds, and goes on from the game as it is then.
Any other question can be asked as patiently (:meth:`ClassClient.patiently`).

Inside a JupyterHub, a client made with ``hub_token`` proves who it is with the hub's token instead
(``Authorization: token ...``): no name is given, and :meth:`ClassClient.enter` says who the hub says it is.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import Any, TypeVar

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from machiavelli_kit.classroom.server.messages import action_json, write
from machiavelli_kit.classroom.server.referee import Refused as Refused  # what act and the others raise
from machiavelli_kit.core.cards import full_deck, parse_card
from machiavelli_kit.core.position import Table
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.game.actions import Action
from machiavelli_kit.game.limits import NO_LIMIT, Limit
from machiavelli_kit.game.state import View
from machiavelli_kit.i18n import _
from machiavelli_kit.practice.progress import Record

T = TypeVar("T")
PATIENCE = 30.0
"""Seconds a client keeps trying to connect again to a class server that went away."""
RETRY_SECONDS = 0.25
TIMEOUT = 30.0


class ServerGone(ConnectionError):
    """The class server does not answer; the message says where it was looked for."""


class ClassClient:
    """A learner's (or the teacher's) client of the class server at ``url``."""

    def __init__(
        self, url: str, credential: str | None = None, *, hub_token: str | None = None, patience: float = PATIENCE
    ) -> None:
        self.url = url.rstrip("/")
        self.credential = credential
        self.hub_token = hub_token
        self.name: str | None = None
        self.patience = patience
        self._socket: WebSocketClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._replies: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._views: dict[str, asyncio.Queue[dict[str, Any] | None]] = {}
        self._rounds: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        """The ``round`` messages come so far: each a tournament's round starting, and this learner's table."""
        self._next_id = 0

    # HTTP

    async def register(self, name: str, lang: str = "en") -> str:
        """Give the learner's name (once: the credential is kept); the name as the server writes it."""
        answer = await self._call("POST", "/api/learners", {"name": name, "lang": lang})
        self.credential, self.name = answer["credential"], answer["name"]
        return str(answer["name"])

    async def enter(self, lang: str | None = None) -> str:
        """Come in as the learner the server knows (by the hub's token, or the credential given), in ``lang`` if
        given; the name the server knows them by."""
        answer = await self._call("POST", "/api/me", {"lang": lang})
        self.name = str(answer["name"])
        return self.name

    async def tables(self) -> list[dict[str, Any]]:
        """The tables not over: id, rules, status, seats (name, computer), whose turn."""
        return list((await self._call("GET", "/api/tables"))["tables"])

    async def new_table(
        self,
        rules: str,
        seats: int,
        computers: Mapping[int, str] | None = None,
        turn_seconds: float | None = None,
        seed: int | None = None,
        limit: Limit = NO_LIMIT,
    ) -> str:
        """A new table's id; computer players sit in the seats ``computers`` names; ``limit``: the game's length."""
        body = {
            "rules": rules,
            "seats": seats,
            "computers": {str(seat): kind for seat, kind in (computers or {}).items()},
            "turn_seconds": turn_seconds,
            "seed": seed,
            "turns": limit.turns,
            "minutes": limit.minutes,
        }
        return str((await self._call("POST", "/api/tables", body))["table"])

    async def join(self, table: str, seat: int | None = None) -> int:
        """Take a seat (the first free one by default, or the one already bound to this learner)."""
        return int((await self._call("POST", f"/api/tables/{table}/seat", {"seat": seat}))["seat"])

    async def give_to_computer(self, table: str, seat: int, kind: str) -> None:
        """Hand ``seat`` to the computer player ``kind`` (the table's maker or the teacher)."""
        await self._call("POST", f"/api/tables/{table}/computer", {"seat": seat, "kind": kind})

    async def record(self, table: str) -> str:
        """The game's record (JSON text, as ``game play`` writes it), once the game is over."""
        return str((await self._call("GET", f"/api/tables/{table}/record"))["record"])

    async def send_progress(self, puzzle: str, record: Record) -> None:
        """Tell the server the learner's work at ``puzzle`` as the trainer counts it (the server keeps the most)."""
        body = {
            "puzzle": puzzle,
            "attempts": record.attempts,
            "hints": record.hints,
            "solved": record.solved,
            "helped": record.solved_with_help,
        }
        await self._call("POST", "/api/progress", body)

    async def overview(self) -> dict[str, Any]:
        """The teacher's view of the class (with the teacher's token as the credential)."""
        return dict(await self._call("GET", "/api/class"))

    # tournaments

    async def new_tournament(
        self,
        rules: str,
        rounds: int,
        table_size: int,
        limit: Limit,
        *,
        pause: float | None = None,
        computer: str | None = None,
        seed: int | None = None,
        names_shown: bool = True,
    ) -> str:
        """A new tournament's id (with the teacher's token as the credential); ``limit``: each round's length."""
        body = {
            "rules": rules,
            "rounds": rounds,
            "table_size": table_size,
            "minutes": limit.minutes,
            "turns": limit.turns,
            "pause": pause,
            "computer": computer,
            "seed": seed,
            "names_shown": names_shown,
        }
        return str((await self._call("POST", "/api/tournaments", body))["tournament"])

    async def tournaments(self) -> list[dict[str, Any]]:
        """The tournaments not over, as this learner (or the teacher) may see them."""
        return list((await self._call("GET", "/api/tournaments"))["tournaments"])

    async def join_tournament(self, tournament: str) -> int:
        """Enter the tournament (or come back to it): the round the learner plays from."""
        return int((await self._call("POST", f"/api/tournaments/{tournament}/join", {}))["round"])

    async def start_tournament(self, tournament: str) -> int:
        """Start round 1 (the teacher); the round being played."""
        return int((await self._call("POST", f"/api/tournaments/{tournament}/start", {}))["round"])

    async def tournament(self, tournament: str) -> dict[str, Any]:
        """The tournament: its status, round, standings and the learner's table now (``you``)."""
        return dict(await self._call("GET", f"/api/tournaments/{tournament}"))

    async def tournament_records(self, tournament: str) -> list[dict[str, Any]]:
        """Every finished game of the tournament: round, table number, table id and record (the teacher)."""
        return list((await self._call("GET", f"/api/tournaments/{tournament}/records"))["records"])

    def _proof(self) -> dict[str, str]:
        """The header that says who this client is: the hub's token, else the credential, else none."""
        if self.hub_token:
            return {"Authorization": f"token {self.hub_token}"}
        return {"Authorization": f"Bearer {self.credential}"} if self.credential else {}

    async def _call(self, method: str, path: str, body: object = None) -> Any:
        headers = {"Content-Type": "application/json", **self._proof()}
        request = HTTPRequest(
            self.url + path,
            method=method,
            headers=headers,
            body=None if body is None else json.dumps(body),
            request_timeout=TIMEOUT,
        )
        try:
            response = await AsyncHTTPClient().fetch(request, raise_error=False)
        except (OSError, HTTPClientError) as error:
            raise self._gone(error) from None
        if response.code == 599:
            raise self._gone(response.error)
        try:
            answer = json.loads(response.body or b"{}")
        except ValueError:
            answer = None
        if not isinstance(answer, dict):  # another server, or a wrong path (a hub's service has its own)
            raise ServerGone(
                _("{url} is not a class server (it answered {status}): check the address").format(
                    url=self.url, status=f"HTTP {response.code}"
                )
            )
        if response.code != 200:
            raise Refused(str(answer.get("error", response.reason)))
        return answer

    def _gone(self, error: object) -> ServerGone:
        return ServerGone(_("the class server at {url} does not answer ({reason})").format(url=self.url, reason=error))

    # WebSocket

    async def act(self, table: str, action: Action) -> int:
        """Play ``action`` at ``table``; the turn's number, or :class:`Refused` with the server's words."""
        socket = await self._connected()
        self._next_id += 1
        number = self._next_id
        reply: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._replies[number] = reply
        await socket.write_message(write("act", table=table, id=number, action=action_json(action)))
        answer = await asyncio.wait_for(reply, TIMEOUT)
        if answer["type"] == "refused":
            raise Refused(str(answer["reason"]))
        return int(answer["turn"])

    async def views(self, table: str) -> AsyncIterator[dict[str, Any]]:
        """The table's view now, then after every turn, until the game is over (its last view included).

        When the connection drops, it connects again (for up to ``patience`` seconds) and goes on."""
        while True:
            queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
            self._views[table] = queue
            socket = await self._connected()
            await socket.write_message(write("watch", table=table))
            while (view := await queue.get()) is not None:
                if view["type"] == "refused":
                    self._views.pop(table, None)
                    raise Refused(str(view["reason"]))
                yield view
                if view.get("status") == "over":
                    self._views.pop(table, None)
                    return

    async def next_round(self) -> dict[str, Any]:
        """Wait, connected, for a tournament's round to start for this learner: ``{"tournament", "round",
        "table", "seat"}`` (a lobby opens that table by itself)."""
        await self._connected()
        message = await self._rounds.get()
        return {key: message[key] for key in ("tournament", "round", "table", "seat")}

    async def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None
        if self._reader is not None:
            await self._reader

    async def patiently(self, ask: Callable[[], Awaitable[T]]) -> T:
        """``ask()``, asked again while the server does not answer (it restarts, the network blinks), for up
        to ``patience`` seconds; then its :class:`ServerGone`."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.patience
        while True:
            try:
                return await ask()
            except ServerGone:
                if loop.time() > deadline:
                    raise
                await asyncio.sleep(RETRY_SECONDS)

    async def _connected(self) -> WebSocketClientConnection:
        if self._socket is not None:
            return self._socket
        socket = await self.patiently(self._hello)
        self._socket = socket
        self._reader = asyncio.get_running_loop().create_task(self._read(socket))
        return socket

    async def _hello(self) -> WebSocketClientConnection:
        address = "ws" + self.url.removeprefix("http") + "/api/live"
        try:
            socket = await websocket_connect(HTTPRequest(address, headers=self._proof(), request_timeout=TIMEOUT))
        except (OSError, HTTPClientError) as error:
            raise self._gone(error) from None
        await socket.write_message(write("hello", credential=self.credential or ""))
        message = await socket.read_message()
        if message is None:
            raise self._gone(_("the connection closed"))
        answer = json.loads(message)
        if answer["type"] != "welcome":
            socket.close()
            raise Refused(str(answer.get("reason")))
        return socket

    async def _read(self, socket: WebSocketClientConnection) -> None:
        while (message := await socket.read_message()) is not None:
            answer = json.loads(message)
            if answer["type"] == "view":
                queue = self._views.get(str(answer["id"]))
                if queue is not None:
                    queue.put_nowait(answer)
            elif answer["type"] == "round":
                self._rounds.put_nowait(answer)
            elif answer["type"] == "refused" and "table" in answer:  # a watch refused
                queue = self._views.get(str(answer["table"]))
                if queue is not None:
                    queue.put_nowait(answer)
            elif answer.get("id") in self._replies:
                self._replies.pop(answer["id"]).set_result(answer)
        if self._socket is socket:
            self._socket = None
        for reply in self._replies.values():
            if not reply.done():
                reply.set_exception(ServerGone(_("the class server closed the connection")))
        self._replies.clear()
        for queue in self._views.values():
            queue.put_nowait(None)


def game_view(view: Mapping[str, Any]) -> View:
    """A seat's view (the ``game`` of a table's view) as the computer players take it."""
    game = view["game"]
    rules = Rules.parse(view["rules"])
    hand = tuple(parse_card(code) for code in game["hand"])
    table = Table.parse(game["table"])
    helpers = tuple(parse_card(code) for code in game["helpers"])
    unseen = full_deck(rules.decks, rules.jokers) - table.cards()
    for card in (*hand, *helpers):
        unseen[card] -= 1
    return View(
        rules,
        game["seat"],
        hand,
        table,
        helpers,
        game["stock"],
        tuple(game["hand_sizes"]),
        game["opened"],
        len(game["turns"]),
        +unseen,
    )
