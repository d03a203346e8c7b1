"""A real ``machiavelli-kit app`` server, attacked as a learner on the class's network could: no browser needed.

One server (``python -m machiavelli_kit.serve.app`` with the kit's options, as ``machiavelli-kit
app`` runs it) serves a copy of the notebooks and a one-cell notebook from a temp folder, with
small limits (2 pages a browser, 5 in all) so that reaching them is quick. Each visitor is an
HTTP client with cookies of its own. The teacher's pages open only with the token; a frame
claiming 2**64-1 offsets, a client speaking the legacy protocol and an oversized message each
lose their socket while the server goes on answering others at once; one browser asking for
200 pages gets 2 and the server's memory stays put; closing pages frees them. Every wait is a
deadline on a condition.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import re
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import nbformat
import pytest
from jupyter_client.session import Session
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1
from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClientConnection, WebSocketClosedError, websocket_connect

from machiavelli_kit.classroom.server import TEACHER_TOKEN_VARIABLE
from machiavelli_kit.resources import bundled_dir
from machiavelli_kit.serve.app import app_command
from machiavelli_kit.serve.frames import V1_PROTOCOL
from machiavelli_kit.serve.visitors import VISITOR_VARIABLE
from machiavelli_kit.serve.websocket import MAX_MESSAGE_BYTES, POLICY_VIOLATION, WRONG_PROTOCOL
from tests.processes import answers, free_port, stop_group, wait_until

pytestmark = pytest.mark.server

TOKEN = "the-teachers-token"
PER_BROWSER, IN_ALL = 2, 5
TINY = "tiny.ipynb"
"""A one-cell notebook: its page starts a kernel quickly."""
QUICK = 1.0
"""How long another visitor's light request may take while the server is attacked, in seconds."""
SLOW = 180.0
"""A deadline for what starts kernels on a machine other work shares."""
CLOSING = 30.0
"""A deadline for the server to close an attacker's socket (it does at once; this is for a loaded machine)."""
CONNECTIONS = 10
"""How many connections one visitor's pages come over at once (a browser opens at most 6 to a server)."""
MEMORY_SLACK = 100 * 1024
"""How much the server's resident memory (kB) may grow while one browser asks for 200 pages."""


@dataclass
class App:
    base: str
    pid: int
    folder: Path


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    folder = tmp_path_factory.mktemp("served")
    for notebook in bundled_dir("notebooks").glob("*.ipynb"):
        shutil.copy(notebook, folder / notebook.name)
    tiny = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    tiny.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(tiny, folder / TINY)
    nbformat.write(tiny, folder / "teacher-notes.ipynb")
    (folder / "notes.ipynb").symlink_to(folder / "teacher.ipynb")
    port = free_port()
    command = [*app_command(folder, port, False, IN_ALL, PER_BROWSER), "--Voila.ip=127.0.0.1"]
    env = {**os.environ, TEACHER_TOKEN_VARIABLE: TOKEN, "MACHIAVELLI_KIT_PROGRESS": str(folder / "data" / "p.json"),
           "JUPYTER_RUNTIME_DIR": str(folder / "runtime"), "JUPYTER_PLATFORM_DIRS": "1"}  # fmt: skip
    log = (folder / "server.log").open("w")
    server = subprocess.Popen(
        command, cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: answers(base + "/voila/static/voila.js") or server.poll() is not None, 120, "the app")
        assert server.poll() is None, (folder / "server.log").read_text()[-3000:]
        yield App(base, server.pid, folder)
    finally:
        stop_group(server, 20)
        log.close()


def visitor(app: App) -> httpx.Client:
    """A browser of its own: its own cookies."""
    return httpx.Client(base_url=app.base, timeout=SLOW)


def kernel_id(page: httpx.Response) -> str:
    found = re.search(r'"kernelId": "([0-9a-f-]+)"', page.text)
    assert found, f"no kernel in the page ({page.status_code}): {page.text[-500:]}"
    return found.group(1)


def close_page(client: httpx.Client, kernel: str) -> None:
    """Close a page as its browser does (the shutdown request its closing sends), and wait until its kernel is gone."""
    answer = client.post(f"/voila/api/shutdown/{kernel}", headers={"X-XSRFToken": client.cookies["_xsrf"]})
    assert answer.status_code == 204, answer.text
    wait_until(lambda: client.get(f"/api/kernels/{kernel}").status_code == 404, SLOW, f"kernel {kernel} stopping")


def kernels_of(server: int) -> dict[int, dict[str, str]]:
    """The server's kernel processes, each with its environment (read from /proc)."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) != server or fields[0] == "Z":
                continue
            environ = (stat.parent / "environ").read_bytes().decode("utf-8", "replace").split("\0")
        except OSError:
            continue
        found[int(stat.parent.name)] = dict(line.split("=", 1) for line in environ if "=" in line)
    return found


def resident_kb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE).group(1))  # type: ignore[union-attr]


def quick_answer(app: App) -> float:
    """How long a light request (a static file) takes another visitor; fails if it takes more than :data:`QUICK`."""
    started = time.monotonic()
    answer = httpx.get(app.base + "/voila/static/voila.js", timeout=QUICK)
    assert answer.status_code == 200
    return time.monotonic() - started


async def channels(app: App, kernel: str, protocols: list[str] | None) -> WebSocketClientConnection:
    url = app.base.replace("http", "ws") + f"/api/kernels/{kernel}/channels?session_id=attacker"
    return await websocket_connect(HTTPRequest(url), subprotocols=protocols)


async def closed(socket: WebSocketClientConnection) -> tuple[int | None, str | None]:
    """Read until the server closes the socket (within :data:`CLOSING`); its close code and reason."""
    while await asyncio.wait_for(socket.read_message(), CLOSING) is not None:
        pass
    return socket.close_code, socket.close_reason


async def kernel_info(socket: WebSocketClientConnection) -> str | None:
    """Ask the kernel for its info as a page does (v1 protocol): the status of its reply, or None if the socket
    closes first."""
    session = Session()
    request = session.msg("kernel_info_request")
    try:
        await socket.write_message(serialize_msg_to_ws_v1(request, "shell", session.pack), binary=True)
    except WebSocketClosedError:
        return None
    while (frame := await asyncio.wait_for(socket.read_message(), SLOW)) is not None:
        assert isinstance(frame, bytes)
        _, parts = deserialize_msg_from_ws_v1(frame)
        header, parent = json.loads(parts[0]), json.loads(parts[1])
        if header["msg_type"] == "kernel_info_reply" and parent.get("msg_id") == request["header"]["msg_id"]:
            socket.close()
            return str(json.loads(parts[3])["status"])
    return None


@pytest.fixture
def open_page(app: App) -> Iterator[tuple[httpx.Client, str]]:
    """A visitor with one page of the one-cell notebook open; closed after the test."""
    with visitor(app) as client:
        answer = client.get(f"/voila/render/{TINY}")
        assert answer.status_code == 200
        kernel = kernel_id(answer)
        yield client, kernel
        close_page(client, kernel)


def test_the_teachers_pages_open_only_with_the_teachers_token(app: App) -> None:
    with visitor(app) as learner:
        for path in ("teacher.ipynb", "teacher.ipynb/", "./teacher.ipynb", "notes.ipynb", "teacher-notes.ipynb"):
            answer = learner.get(f"/voila/render/{path}")
            assert answer.status_code == 403, path
            assert "This page is only for the teacher." in answer.text and "kernelId" not in answer.text
        assert learner.get("/voila/render/teacher-notes.ipynb?teacher=a-guess").status_code == 403
        listing = learner.get("/voila/api/contents/").json()["content"]
        assert {entry["name"] for entry in listing} >= {"start.ipynb", TINY}
        assert not [entry["name"] for entry in listing if entry["name"].lower().startswith("teacher")]
    assert kernels_of(app.pid) == {}, "a refused page started a kernel"
    with visitor(app) as teacher:
        first = teacher.get(f"/voila/render/teacher-notes.ipynb?teacher={TOKEN}&theme=light", follow_redirects=False)
        assert first.status_code == 302 and first.headers["location"] == "/voila/render/teacher-notes.ipynb?theme=light"
        cookie = next(line for line in first.headers.get_list("set-cookie") if "machiavelli-kit-teacher" in line)
        assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower() and TOKEN not in cookie
        page = teacher.get(first.headers["location"])
        assert page.status_code == 200
        close_page(teacher, kernel_id(page))
        again = teacher.get("/voila/render/teacher-notes.ipynb")  # the cookie keeps the teacher in
        assert again.status_code == 200
        close_page(teacher, kernel_id(again))


def test_a_frame_claiming_endless_offsets_loses_its_socket_and_the_server_answers_on(
    app: App, open_page: tuple[httpx.Client, str]
) -> None:
    _, kernel = open_page
    before = resident_kb(app.pid)

    async def attack() -> tuple[int | None, str | None]:
        socket = await channels(app, kernel, [V1_PROTOCOL])
        await socket.write_message((2**64 - 1).to_bytes(8, "little") + bytes(8), binary=True)
        return await closed(socket)

    code, reason = asyncio.run(attack())
    assert code == POLICY_VIOLATION and reason is not None and "offsets" in reason
    quick_answer(app)
    assert resident_kb(app.pid) - before < MEMORY_SLACK

    async def ask() -> str | None:
        return await kernel_info(await channels(app, kernel, [V1_PROTOCOL]))

    assert asyncio.run(ask()) == "ok", "the page's kernel still answers a well-formed message"


def test_a_client_speaking_the_legacy_protocol_is_refused(app: App, open_page: tuple[httpx.Client, str]) -> None:
    _, kernel = open_page

    async def attack() -> tuple[int | None, str | None]:
        return await closed(await channels(app, kernel, None))

    assert asyncio.run(attack()) == (POLICY_VIOLATION, WRONG_PROTOCOL)
    quick_answer(app)


def test_a_message_past_the_size_bound_loses_its_socket(app: App, open_page: tuple[httpx.Client, str]) -> None:
    _, kernel = open_page
    session = Session()
    message = session.msg("comm_msg", {"comm_id": "none", "data": {}})
    message["buffers"] = [bytes(MAX_MESSAGE_BYTES)]
    big = serialize_msg_to_ws_v1([*map(session.pack, (message["header"], {}, {}, message["content"])),
                                  *message["buffers"]], "shell")  # fmt: skip

    async def attack() -> tuple[str | None, int | None]:
        socket = await channels(app, kernel, [V1_PROTOCOL])
        await socket.write_message(big, binary=True)
        return await kernel_info(socket), socket.close_code

    reply, code = asyncio.run(attack())
    assert reply is None, "the socket stayed open after a message past the bound"
    assert code in (1009, None)  # "message too big" (RFC 6455), when the close frame arrives before the socket ends
    quick_answer(app)


def test_one_browser_asking_for_200_pages_gets_its_share_and_the_class_goes_on(app: App) -> None:
    before = resident_kb(app.pid)
    with visitor(app) as ada, visitor(app) as ben, visitor(app) as cleo, visitor(app) as dev:
        first = ada.get(f"/voila/render/{TINY}")  # her cookies come with her first page; her 199 others share them
        answers = [first, *asyncio.run(ask_at_once(app, dict(ada.cookies), 199))]  # they race for her last place
        served = [answer for answer in answers if answer.status_code == 200]
        refused = [answer for answer in answers if answer.status_code != 200]
        assert len(served) == PER_BROWSER
        assert {answer.status_code for answer in refused} == {429}
        assert f"You have too many pages of the app open ({PER_BROWSER})" in refused[0].text
        # At her limit she asks for 200 more while another visitor asks for a static file. (Not while a page of
        # hers starts: Voila renders a page on the server's one thread, holding everyone up a moment, limits or not.)
        more = asyncio.run(ask_at_once(app, dict(ada.cookies), 200, lambda: quick_answer(app)))
        assert {answer.status_code for answer in more} == {429}
        assert resident_kb(app.pid) - before < MEMORY_SLACK

        ben_page = ben.get(f"/voila/render/{TINY}")
        assert ben_page.status_code == 200
        cleo_pages = [cleo.get(f"/voila/render/{TINY}") for _ in range(2)]
        assert [answer.status_code for answer in cleo_pages] == [200, 200]
        full = dev.get(f"/voila/render/{TINY}")
        assert full.status_code == 503 and f"The class is full: {IN_ALL} pages of the app are open already" in full.text

        by_visitor = {name: {kernel_id(page) for page in pages}
                      for name, pages in (("ada", served), ("ben", [ben_page]), ("cleo", cleo_pages))}  # fmt: skip
        check_visitor_ids(app, by_visitor, {"ada": ada, "ben": ben, "cleo": cleo})

        for kernel in by_visitor["ada"]:  # closing her pages frees them: she may open one again
            close_page(ada, kernel)
        again = ada.get(f"/voila/render/{TINY}")
        assert again.status_code == 200
        for client, kernel in [(ada, kernel_id(again)), (ben, kernel_id(ben_page)),
                               *((cleo, kernel) for kernel in by_visitor["cleo"])]:  # fmt: skip
            close_page(client, kernel)
    wait_until(lambda: not kernels_of(app.pid), SLOW, "every kernel process ending")


async def ask_at_once(
    app: App, cookies: dict[str, str], count: int, meanwhile: Callable[[], float] | None = None
) -> list[httpx.Response]:
    """Ask for ``count`` pages at once with ``cookies``, over :data:`CONNECTIONS` connections as a browser does;
    once the first answer came (the server is busy with the rest), run ``meanwhile`` (another visitor's request)."""
    limits = httpx.Limits(max_connections=CONNECTIONS)
    async with httpx.AsyncClient(base_url=app.base, cookies=cookies, timeout=SLOW, limits=limits) as client:
        asks = [asyncio.ensure_future(client.get(f"/voila/render/{TINY}")) for _ in range(count)]
        if meanwhile is not None:
            await asyncio.wait(asks, return_when=asyncio.FIRST_COMPLETED)
            await asyncio.to_thread(meanwhile)
        return list(await asyncio.gather(*asks))


def check_visitor_ids(app: App, by_visitor: dict[str, set[str]], clients: dict[str, httpx.Client]) -> None:
    """Each kernel has its browser's id in its environment: one id per browser, never the cookie itself,
    and never the teacher's token."""
    environments = list(kernels_of(app.pid).values())
    assert len(environments) == sum(map(len, by_visitor.values()))
    ids = [environment.get(VISITOR_VARIABLE, "") for environment in environments]
    assert all(re.fullmatch(r"[0-9a-f]{64}", found) for found in ids), ids
    assert sorted(ids.count(found) for found in set(ids)) == sorted(map(len, by_visitor.values()))
    secrets = [cookie_secret(client.cookies["machiavelli-kit-visitor"]) for client in clients.values()]
    for environment in environments:
        assert TEACHER_TOKEN_VARIABLE not in environment
        assert not [secret for secret in secrets if any(secret in value for value in environment.values())]


def cookie_secret(signed: str) -> str:
    """The value inside a tornado signed cookie (version 2: ``2|1:0|10:TIME|4:NAME|N:BASE64|SIGNATURE``)."""
    field = signed.strip('"').split("|")[4]
    return base64.b64decode(field.split(":", 1)[1]).decode()
