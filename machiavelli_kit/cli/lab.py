"""``machiavelli-kit lab``: open JupyterLab on the start notebook.

JupyterLab starts with the kit's own settings (:func:`machiavelli_kit.resources.jupyter_config_dir`):
its news pop-up ("Would you like to get notified about official Jupyter news?"), which
covers the boards' buttons on a small screen, is switched off.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from machiavelli_kit.cli.notebook_copy import notebooks_dir
from machiavelli_kit.cli.server import add_common, run_server, say_translated_notebooks, server_language
from machiavelli_kit.i18n import _
from machiavelli_kit.resources import jupyter_config_dir

START = "start.ipynb"


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "lab", help=_("open the notebooks in JupyterLab"), description=_("Open JupyterLab on the start notebook.")
    )
    add_common(parser)
    parser.set_defaults(run=run)


def lab_command(folder: Path, port: int, open_browser: bool) -> list[str]:
    """The JupyterLab command line, serving ``folder`` and opening its start notebook."""
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}", f"--ServerApp.port={port}",
               "--ServerApp.port_retries=0", f"--ServerApp.open_browser={open_browser}"]  # fmt: skip
    if os.geteuid() == 0:
        command.append("--allow-root")
    return [*command, str(folder / START)]


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


def lab_url(port: int, token: str) -> str:
    """The address of the start notebook, with the token that lets the browser in."""
    return f"http://localhost:{port}/lab/tree/{START}?token={token}"


def run(arguments: argparse.Namespace) -> int:
    lang = arguments.lang
    folder = notebooks_dir(arguments.notebooks)
    env = lab_environment(os.environ, lang)
    url = lab_url(arguments.port, env["JUPYTER_TOKEN"])
    print(_("the start notebook is at {url} (Ctrl+C stops it)").format(url=url), flush=True)
    say_translated_notebooks(folder, lambda name: name)
    return run_server(lab_command(folder, arguments.port, not arguments.no_browser), folder, env)
