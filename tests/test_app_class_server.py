"""``machiavelli-kit app`` runs the class server beside Voila: a real app process, its real class server.

The app is started as a teacher starts it (``python -m machiavelli_kit app``), serving a one-cell
learner's notebook and a one-cell teacher's notebook from a temp folder. Its class server answers;
a learner's page's kernel names the class server and holds no teacher's token, the teacher's page's
kernel holds the token, which the class server takes, while it refuses a learner's credential on the
teacher's overview; stopping the app (SIGTERM) stops its class server, and so does killing it (SIGKILL).
Every wait is a deadline on a condition.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import nbformat
import pytest

from machiavelli_kit.classroom.lobby import CLASS_SERVER_VARIABLE
from machiavelli_kit.classroom.server import TEACHER_TOKEN_VARIABLE
from machiavelli_kit.serve.visitors import VISITOR_VARIABLE
from tests.processes import answers, free_port, stop_group, wait_until

pytestmark = pytest.mark.server

TOKEN = "the-teachers-token"
SLOW = 180.0
"""A deadline for what starts processes and kernels on a machine other work shares."""
LEARNER_PAGE, TEACHER_PAGE = "tiny.ipynb", "teacher-live.ipynb"


@dataclass
class App:
    process: subprocess.Popen[str]
    base: str
    class_server: str
    folder: Path

    def output(self) -> str:
        return (self.folder / "app.log").read_text(encoding="utf-8")


def start_app(folder: Path) -> App:
    for name in (LEARNER_PAGE, TEACHER_PAGE):
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
        notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(notebook, folder / name)
    port = free_port()
    env = {**os.environ, TEACHER_TOKEN_VARIABLE: TOKEN, "MACHIAVELLI_KIT_PROGRESS": str(folder / "data" / "p.json"),
           "JUPYTER_RUNTIME_DIR": str(folder / "runtime"), "JUPYTER_PLATFORM_DIRS": "1"}  # fmt: skip
    env.pop(CLASS_SERVER_VARIABLE, None)
    command = [sys.executable, "-m", "machiavelli_kit", "app", "--no-browser", "--port", str(port),
               "--notebooks", str(folder)]  # fmt: skip
    with (folder / "app.log").open("w") as log:
        process = subprocess.Popen(
            command, cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT, text=True, start_new_session=True
        )
    app = App(process, f"http://127.0.0.1:{port}", "", folder)
    wait_until(lambda: answers(app.base + "/voila/static/voila.js") or process.poll() is not None, SLOW, "the app")
    assert process.poll() is None, app.output()[-3000:]
    found = re.search(r"runs on this computer at (http://127\.0\.0\.1:\d+)", app.output())
    assert found, app.output()
    app.class_server = found.group(1)
    return app


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    running = start_app(tmp_path)
    try:
        yield running
    finally:
        if running.process.poll() is None:
            stop_group(running.process, 20)


def processes() -> dict[int, tuple[int, str, dict[str, str]]]:
    """Every live process: its parent, its command line and its environment (read from /proc)."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if fields[0] == "Z":
                continue
            command = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
            environ = (stat.parent / "environ").read_bytes().decode("utf-8", "replace").split("\0")
        except OSError:
            continue
        found[int(stat.parent.name)] = (int(fields[1]), command, dict(e.split("=", 1) for e in environ if "=" in e))
    return found


def descendants(pid: int) -> dict[int, tuple[str, dict[str, str]]]:
    """The processes ``pid`` started, and theirs, each with its command line and environment."""
    table = processes()
    found: dict[int, tuple[str, dict[str, str]]] = {}
    parents = {pid}
    while True:
        new = {child: (command, env) for child, (parent, command, env) in table.items() if parent in parents}
        new = {child: entry for child, entry in new.items() if child not in found}
        if not new:
            return found
        found.update(new)
        parents = set(new)


def class_server_pid(app: App) -> int:
    (pid,) = [pid for pid, (command, _env) in descendants(app.process.pid).items() if " class serve " in command]
    return pid


def kernel_environment(app: App, client: httpx.Client, page: str) -> dict[str, str]:
    """Open ``page`` in ``client`` (a browser of its own) and the environment of the kernel it started."""
    answer = client.get(f"/voila/render/{page}")
    assert answer.status_code == 200, answer.text[-500:]
    found = re.search(r'"kernelId": "([0-9a-f-]+)"', answer.text)
    assert found, answer.text[-500:]
    kernel = found.group(1)
    kernels = {
        pid: env
        for pid, (command, env) in descendants(app.process.pid).items()
        if "ipykernel" in command and kernel in command
    }
    assert len(kernels) == 1, kernels
    return next(iter(kernels.values()))


def gone(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_the_apps_class_server_answers_and_only_the_teachers_page_gets_the_token(app: App) -> None:
    assert answers(app.class_server + "/api/health")
    assert "--ip 127.0.0.1" in descendants(app.process.pid)[class_server_pid(app)][0]
    with httpx.Client(base_url=app.base, timeout=SLOW) as learner:
        environment = kernel_environment(app, learner, LEARNER_PAGE)
    assert environment[CLASS_SERVER_VARIABLE] == app.class_server and VISITOR_VARIABLE in environment
    assert TEACHER_TOKEN_VARIABLE not in environment, "a learner's kernel holds the teacher's token"
    with httpx.Client(base_url=app.base, timeout=SLOW, follow_redirects=True) as teacher:
        teacher.get(f"/voila/render/{TEACHER_PAGE}?teacher={TOKEN}")  # the token once; a cookie from then on
        environment = kernel_environment(app, teacher, TEACHER_PAGE)
    assert environment[CLASS_SERVER_VARIABLE] == app.class_server and environment[TEACHER_TOKEN_VARIABLE] == TOKEN


def test_the_class_server_refuses_a_learners_credential_on_the_teachers_overview(app: App) -> None:
    with httpx.Client(base_url=app.class_server, timeout=SLOW) as client:
        learner = client.post("/api/learners", content=json.dumps({"name": "Ada", "lang": "en"}))
        credential = learner.json()["credential"]
        refused = client.get("/api/class", headers={"Authorization": f"Bearer {credential}"})
        assert refused.status_code == 403 and "teacher" in refused.json()["error"]
        allowed = client.get("/api/class", headers={"Authorization": f"Bearer {TOKEN}"})
        assert allowed.status_code == 200 and "online" in allowed.json()


def test_stopping_the_app_stops_its_class_server(app: App) -> None:
    server = class_server_pid(app)
    app.process.send_signal(signal.SIGTERM)  # the app alone, as a teacher's Ctrl+C or a service manager would
    app.process.wait(SLOW)
    assert gone(server), "the class server outlived the app"
    assert not answers(app.class_server + "/api/health")


def test_a_killed_app_leaves_no_class_server_behind(app: App) -> None:
    server = class_server_pid(app)
    app.process.send_signal(signal.SIGKILL)
    app.process.wait(SLOW)
    wait_until(lambda: gone(server), 30, "the class server stopping after its app was killed")
