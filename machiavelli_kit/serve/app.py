"""Voila for a class: a page's kernel stops when the page closes, and forgotten kernels are culled.

When a Voila page closes, its front end posts a kernel shutdown request with
the page's ``_xsrf`` cookie (``navigator.sendBeacon``), but Voila never sets
that cookie, so the server refused the request ("'_xsrf' argument missing from
POST", HTTP 403) and every visit kept a kernel of 70-80 MiB alive until culled.
:func:`set_xsrf_cookie`, run by Voila before each page's kernel starts, sets the
cookie, so the shutdown goes through; nothing is checked less.

``python -m machiavelli_kit.serve.app ARGS`` is ``voila ARGS`` with the app's gate,
which sets that cookie too (what ``machiavelli-kit app`` runs, see below). On a
Jupyter server (JupyterLab, a hub's single-user servers, :mod:`machiavelli_kit.serve.hub`)
this module is a server extension that sets it for Voila's ``/voila/render/...`` pages:
``--ServerApp.jpserver_extensions=machiavelli_kit.serve.app=True``.
Kernels whose page went away without a word (a laptop shut, a network lost)
are culled after :data:`CULL_SECONDS` idle; a kernel with its page still open
is never culled, however long its learner thinks. And when a class opens pages at
once, a busy machine may take more than Voila's 4 seconds to pass on a cell's
output after the cell ran; Voila then dropped it, and that page showed no board
("Timeout waiting for IOPub output"): it now waits up to :data:`OUTPUT_WAIT`.
Cells tagged ``test-only`` (checks the notebook tests run) are left out of the app:
Voila removes them before it runs the notebook, so their output never shows.

The app server (``python -m machiavelli_kit.serve.app``) is open to the class's network
with no password, so it guards itself (:func:`app_config`, :mod:`.voila_app`): the teacher's
pages open only with the teacher's token, which reaches the server in :data:`TEACHER_TOKEN_VARIABLE`
and is taken out of the environment before any kernel starts, to be given back to the kernels of the
teacher's pages alone (:mod:`.gate`, :mod:`.teacher`, :mod:`.kernels`); each
browser may have only so many pages open, and the app so many in all (:mod:`.kernels`); and
a kernel connection that does not speak the v1 protocol, or sends a malformed message, is
closed before it can stop the server (:mod:`.websocket`). On a hub each learner's server is
their own, behind the hub's login, and only the ``_xsrf`` cookie is set.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from machiavelli_kit.classroom.server import TEACHER_TOKEN_VARIABLE
from machiavelli_kit.classroom.students import NAMES_REQUIRED
from machiavelli_kit.i18n import _
from machiavelli_kit.practice.progress import default_path
from machiavelli_kit.serve.pages import PAGES, PAGES_PER_BROWSER
from machiavelli_kit.serve.process import server_language

if TYPE_CHECKING:
    from traitlets.config import Config

TEST_ONLY = "test-only"
"""The cell tag of checks that only the notebook tests run, never the app."""
CULL_SECONDS = 600
"""A kernel with no page connected, idle this long, is stopped."""
CULL_INTERVAL = 60
"""How often idle kernels are looked for, in seconds."""
OUTPUT_WAIT = 60
"""How long Voila waits for a cell's output once the cell has run, in seconds (no wait when all came)."""


def set_xsrf_cookie(handler: Any, notebook: Any = None, cwd: str = "") -> None:
    """Voila's prelaunch hook: give the page its ``_xsrf`` cookie, which its shutdown request on closing sends back.

    Reading tornado's ``xsrf_token`` sets the cookie when the request has none;
    the notebook is left as it is (the hook returns nothing).
    """
    handler.xsrf_token  # noqa: B018 -- reading it sets the cookie


def class_options() -> list[str]:
    """The command-line options for a class: kernels left without a page culled, no output dropped under load."""
    return [
        f"--MappingKernelManager.cull_idle_timeout={CULL_SECONDS}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
        f"--VoilaExecutor.iopub_timeout={OUTPUT_WAIT}",
    ]


def app_command(
    folder: Path, port: int, open_browser: bool, pages: int = PAGES, pages_per_browser: int = PAGES_PER_BROWSER
) -> list[str]:
    """The Voila command line serving every notebook in ``folder``, without its test-only cells.

    A page's kernel stops when the page closes; one left without a page is stopped after 10 idle minutes.
    The app has at most ``pages`` pages open, at most ``pages_per_browser`` for each browser.
    """
    return [sys.executable, "-m", "machiavelli_kit.serve.app", str(folder), f"--port={port}",
            "--Voila.port_retries=0", f"--Voila.open_browser={open_browser}", *class_options(),
            f"--TagRemovePreprocessor.remove_cell_tags={TEST_ONLY}", f"--PageKernelManager.max_pages={pages}",
            f"--PageKernelManager.max_pages_per_browser={pages_per_browser}"]  # fmt: skip


def app_environment(teacher_token: str, lang: str | None = None) -> dict[str, str]:
    """The app server's environment: the teacher's token, which the server keeps to itself, and what its kernels
    inherit: the trainer there saves work only under a name, and with ``lang`` every page speaks that language
    (:func:`server_language`).

    >>> app_environment("s3cret")[NAMES_REQUIRED]
    '1'
    >>> app_environment("s3cret", "pl")["LANGUAGE"]
    'pl'
    """
    return {**server_language(os.environ, lang), NAMES_REQUIRED: "1", TEACHER_TOKEN_VARIABLE: teacher_token}


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """This module as a Jupyter server extension."""
    return [{"module": "machiavelli_kit.serve.app"}]


def _load_jupyter_server_extension(server_app: Any) -> None:
    """Set the hook in the server's config, where Voila's extension (loaded after this one, by name) reads it."""
    server_app.config.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie


def app_config(teacher_token: str | None, key: bytes) -> Config:
    """Voila's settings for the app server: its gate, its kernel manager and its guarded kernel connections.

    ``teacher_token`` opens the teacher's pages (none open without it); the server's ``key`` signs
    its cookies and makes its visitors' ids, so both outlive a restart.
    """
    from jupyter_server.services.contents.manager import ContentsManager
    from traitlets.config import Config

    from machiavelli_kit.serve.gate import Gate
    from machiavelli_kit.serve.kernels import PageKernelManager
    from machiavelli_kit.serve.teacher import teacher_glob
    from machiavelli_kit.serve.visitors import derived_key
    from machiavelli_kit.serve.voila_app import GATE_SETTING
    from machiavelli_kit.serve.websocket import MAX_MESSAGE_BYTES, GuardedConnection

    config = Config()
    config.VoilaConfiguration.multi_kernel_manager_class = PageKernelManager
    config.Voila.kernel_websocket_connection_class = GuardedConnection
    config.Voila.tornado_settings = {
        GATE_SETTING: Gate(teacher_token, derived_key(key, "visitor ids")),
        "websocket_max_message_size": MAX_MESSAGE_BYTES,
    }
    config.Voila.cookie_secret = derived_key(key, "cookies")
    config.PageKernelManager.teacher_token = teacher_token or ""
    config.ContentsManager.hide_globs = [*(ContentsManager.hide_globs.default() or []), teacher_glob()]
    return config


def server_key(folder: Path) -> bytes:
    """The app server's key, kept in ``folder``; when it cannot be kept there, a new one (and a warning)."""
    from machiavelli_kit.serve.visitors import KEY_BYTES, app_key

    try:
        return app_key(folder)
    except OSError as error:
        print(
            _(
                "the app cannot keep its key in {folder} ({reason}): when it starts again, it will not know "
                "the learners' browsers"
            ).format(folder=folder, reason=error.strerror or error),
            file=sys.stderr,
            flush=True,
        )
        return os.urandom(KEY_BYTES)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the app's Voila with ``argv`` (the command line by default), guarded (:func:`app_config`).

    The teacher's token is taken out of the environment first, so that no kernel inherits it.
    """
    from machiavelli_kit.serve.voila_app import AppVoila

    token = os.environ.pop(TEACHER_TOKEN_VARIABLE, "") or None
    config = app_config(token, server_key(default_path().parent))
    AppVoila.launch_instance(argv=list(sys.argv[1:] if argv is None else argv), config=config)


if __name__ == "__main__":
    main()
