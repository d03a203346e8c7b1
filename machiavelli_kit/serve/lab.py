"""JupyterLab for a learner: the kit's settings, a token, and the start notebook opened.

JupyterLab starts with the kit's own settings (:func:`machiavelli_kit.resources.jupyter_config_dir`):
its news pop-up ("Would you like to get notified about official Jupyter news?"), which
covers the boards' buttons on a small screen, is switched off.
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Mapping
from pathlib import Path

from machiavelli_kit.resources import jupyter_config_dir
from machiavelli_kit.serve.process import notebook_in_language, server_language

START = "start.ipynb"
"""The notebook every server opens first, in the language in use when ``start.it.ipynb`` and the like are there."""


def lab_command(folder: Path, port: int, open_browser: bool) -> list[str]:
    """The JupyterLab command line, serving ``folder`` and opening its start notebook in the language in use."""
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}", f"--ServerApp.port={port}",
               "--ServerApp.port_retries=0", f"--ServerApp.open_browser={open_browser}"]  # fmt: skip
    if os.geteuid() == 0:
        command.append("--allow-root")
    return [*command, str(folder / notebook_in_language(folder, START))]


def lab_environment(environ: Mapping[str, str], lang: str | None = None) -> dict[str, str]:
    """``environ`` for JupyterLab: the kit's settings first on the config path, a token (kept if one is set),
    and with ``lang`` the language its kernels speak (:func:`server_language`).
    """
    config_path = [str(jupyter_config_dir()), *filter(None, environ.get("JUPYTER_CONFIG_PATH", "").split(os.pathsep))]
    token = environ.get("JUPYTER_TOKEN") or secrets.token_urlsafe(24)
    return {
        **server_language(environ, lang),
        "JUPYTER_CONFIG_PATH": os.pathsep.join(config_path),
        "JUPYTER_TOKEN": token,
    }


def lab_url(port: int, token: str, notebook: str = START) -> str:
    """The address of the start ``notebook``, with the token that lets the browser in."""
    return f"http://localhost:{port}/lab/tree/{notebook}?token={token}"
