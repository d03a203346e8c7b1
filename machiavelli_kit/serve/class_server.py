"""The class server that ``machiavelli-kit app`` starts beside Voila, so its pages can play at the class's tables.

It runs ``machiavelli-kit class serve`` as a child process on a free port of this computer only
(the app's kernels run here too, so no other computer needs to reach it), with the app's teacher
token, so that the one teacher's link opens both. It stops when the app stops: the app sends it
SIGTERM, and on Linux it is sent SIGTERM when the app is killed outright (SIGKILL), as Voila is
(:func:`machiavelli_kit.serve.process.stop_with_parent`).

>>> class_server_command(8890, None)[3:]
['class', 'serve', '--ip', '127.0.0.1', '--port', '8890']
>>> class_server_command(8890, "sqlite:///class.db")[-2:]
['--db', 'sqlite:///class.db']
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Mapping
from pathlib import Path

from machiavelli_kit.i18n import _
from machiavelli_kit.serve.process import stop_with_parent

HOST = "127.0.0.1"
"""The class server started by the app listens on this computer only."""
STARTING_SECONDS = 120.0
"""How long the app waits for its class server to answer (it takes a second or two; a busy machine more)."""
STOPPING_SECONDS = 10.0
"""How long the app waits for its class server to stop after SIGTERM before it kills it."""


class ClassServerError(RuntimeError):
    """The class server did not start; the message says why in words."""


def free_port() -> int:
    """A port nothing on this computer listens on now."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def class_server_command(port: int, database: str | None) -> list[str]:
    """The command line of the class server on ``port`` of this computer, its database at ``database``
    (``None``: the default SQLite file in the kit's data folder)."""
    command = [sys.executable, "-m", "machiavelli_kit", "class", "serve", "--ip", HOST, "--port", str(port)]
    return [*command, "--db", database] if database else command


def class_server_url(port: int) -> str:
    """The address the pages' kernels reach the class server at.

    >>> class_server_url(8890)
    'http://127.0.0.1:8890'
    """
    return f"http://{HOST}:{port}"


class ClassServer:
    """The app's class server, a child process: :meth:`start` it, then :meth:`stop` it when the app stops."""

    def __init__(self, database: str | None, environ: Mapping[str, str], folder: Path) -> None:
        self.port = free_port()
        self.url = class_server_url(self.port)
        self._command = class_server_command(self.port, database)
        self._environ, self._folder = dict(environ), folder
        self._process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the server and wait until it answers; :class:`ClassServerError` when it stops or never answers
        (what it said about why is on the app's output already)."""
        self._process = subprocess.Popen(
            self._command,
            cwd=self._folder,
            env=self._environ,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,  # the app says where it is; its reasons for stopping go to stderr
            preexec_fn=stop_with_parent if sys.platform == "linux" else None,
        )
        deadline = time.monotonic() + STARTING_SECONDS
        while not self._answers():
            if self._process.poll() is not None:
                raise ClassServerError(_("the class server did not start: the lines above say why"))
            if time.monotonic() > deadline:
                self.stop()
                raise ClassServerError(
                    _("the class server did not answer within {seconds} seconds").format(seconds=int(STARTING_SECONDS))
                )
            time.sleep(0.1)

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after a grace) and wait until it has."""
        if self._process is None or self._process.poll() is not None:
            return
        self._process.terminate()
        try:
            self._process.wait(STOPPING_SECONDS)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()

    def _answers(self) -> bool:
        try:
            with urllib.request.urlopen(self.url + "/api/health", timeout=2) as response:
                return int(response.status) == 200
        except OSError:
            return False
