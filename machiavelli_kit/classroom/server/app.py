"""The class server as a tornado application, and the process that runs it (``machiavelli-kit class serve``).

It listens on this computer only (127.0.0.1) unless told another address. The teacher's token is
``MACHIAVELLI_KIT_TEACHER_TOKEN`` when set, else a random one, printed when the server starts.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys

from tornado.httpserver import HTTPServer
from tornado.web import Application

from machiavelli_kit.classroom.server import (
    DEFAULT_IP,
    DEFAULT_PORT,
    GRACE,
    TEACHER_TOKEN_VARIABLE,
    handlers,
    teacher_token,
)
from machiavelli_kit.classroom.server.hub_users import HubUsers
from machiavelli_kit.classroom.server.live import Live
from machiavelli_kit.classroom.server.me import Me
from machiavelli_kit.classroom.server.messages import MAX_BYTES
from machiavelli_kit.classroom.server.service import ClassService
from machiavelli_kit.classroom.server.store import Store, default_url, hidden_password
from machiavelli_kit.i18n import _

READ_LIMIT = 16 * MAX_BYTES
"""What tornado itself reads of a request or a WebSocket message; past :data:`MAX_BYTES` the server says why
it refuses, and past this tornado closes the connection without reading on."""
TABLE_PATH = r"api/tables/([a-z0-9]{1,16})"
TOURNAMENT_PATH = r"api/tournaments/([a-z0-9]{1,16})"


def make_app(service: ClassService, prefix: str = "/") -> Application:
    """The class server's routes under ``prefix`` (``/services/NAME/`` behind a hub's proxy), each handler given
    ``service``."""
    given = {"service": service}
    return Application(
        [
            (prefix + route, handler, given)
            for route, handler in (
                (r"api/health", handlers.Health),
                (r"api/learners", handlers.Learners),
                (r"api/me", Me),
                (r"api/tables", handlers.Tables),
                (TABLE_PATH + "/seat", handlers.Seat),
                (TABLE_PATH + "/computer", handlers.Computer),
                (TABLE_PATH + "/record", handlers.Record),
                (r"api/progress", handlers.PuzzleProgress),
                (r"api/class", handlers.Overview),
                (r"api/tournaments", handlers.NewTournament),
                (TOURNAMENT_PATH, handlers.Tournament),
                (TOURNAMENT_PATH + "/join", handlers.JoinTournament),
                (TOURNAMENT_PATH + "/start", handlers.StartTournament),
                (TOURNAMENT_PATH + "/records", handlers.TournamentRecords),
                (r"api/live", Live),
            )
        ],
        websocket_max_message_size=READ_LIMIT,
    )


async def serve(ip: str = DEFAULT_IP, port: int = DEFAULT_PORT, url: str | None = None, away: float = GRACE) -> None:
    """Run the class server until SIGTERM or SIGINT; every turn is in the database before anyone hears of it. At a
    tournament's table a learner whose turn it is may be gone ``away`` seconds before the computer takes the seat."""
    url = url or default_url()
    token = teacher_token(os.environ)
    from_environment = token == os.environ.get(TEACHER_TOKEN_VARIABLE, "").strip()
    hub = HubUsers.from_environment(os.environ)
    service = ClassService(Store(url), token, hub=hub, grace=away)
    server = HTTPServer(make_app(service, "/" if hub is None else hub.prefix), max_body_size=READ_LIMIT, xheaders=False)
    server.listen(port, address=ip)
    service.start()
    host = f"[{ip}]" if ":" in ip else ip
    where = "/" if hub is None else hub.prefix
    print(_("class server at http://{host}:{port}{path}").format(host=host, port=port, path=where), flush=True)
    if hub is not None:
        print(_("learners are the hub's accounts, and the hub's admins are the teacher"), flush=True)
    print(_("database: {url}").format(url=hidden_password(url)), flush=True)
    if from_environment:
        print(_("teacher's token: the one in {variable}").format(variable=TEACHER_TOKEN_VARIABLE), flush=True)
    else:
        print(_("teacher's token: {token}").format(token=token), flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()
    server.stop()
    service.close()
    print(_("class server stopped"), file=sys.stderr, flush=True)
