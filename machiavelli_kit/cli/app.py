"""``machiavelli-kit app``: serve the notebooks as an app with Voila (no code shown).

One server serves a whole class: each page has its own kernel, stopped when the
page closes, and kernels left without a page are culled
(:mod:`machiavelli_kit.app_server`). Cells tagged ``test-only`` (checks the notebook tests run) are left out of the app:
Voila removes them before it runs the notebook, so their output never shows.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from machiavelli_kit.app_server import class_options
from machiavelli_kit.classroom.students import NAMES_REQUIRED
from machiavelli_kit.cli.lab import START
from machiavelli_kit.cli.notebook_copy import notebooks_dir
from machiavelli_kit.cli.server import add_common, run_server, say_translated_notebooks, server_language
from machiavelli_kit.i18n import _, pgettext

TEST_ONLY = "test-only"
"""The cell tag of checks that only the notebook tests run, never the app."""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "app",
        help=_("serve the notebooks as a Voila app"),
        description=_("Serve the notebooks as an app, code hidden."),
    )
    add_common(parser)
    parser.add_argument(
        "--ip",
        metavar=(address := pgettext("option value", "ADDRESS")),
        # TRANSLATORS: {address} is the option's value as --help shows it (--ip ADDRESS).
        help=_("listen on {address} (default: this computer only; 0.0.0.0 lets a class's computers in)").format(
            address=address
        ),
    )
    parser.set_defaults(run=run)


def app_command(folder: Path, port: int, open_browser: bool) -> list[str]:
    """The Voila command line serving every notebook in ``folder``, without its test-only cells.

    A page's kernel stops when the page closes; one left without a page is stopped after 10 idle minutes.
    """
    return [sys.executable, "-m", "machiavelli_kit.app_server", str(folder), f"--port={port}",
            "--Voila.port_retries=0", f"--Voila.open_browser={open_browser}", *class_options(),
            f"--TagRemovePreprocessor.remove_cell_tags={TEST_ONLY}"]  # fmt: skip


def app_environment(lang: str | None = None) -> dict[str, str]:
    """The app server's environment, which its kernels inherit: the trainer there saves work only under a name,
    and with ``lang`` every page speaks that language (:func:`server_language`).

    >>> app_environment()[NAMES_REQUIRED]
    '1'
    >>> app_environment("pl")["LANGUAGE"]
    'pl'
    """
    return {**server_language(os.environ, lang), NAMES_REQUIRED: "1"}


def run(arguments: argparse.Namespace) -> int:
    folder = notebooks_dir(arguments.notebooks)
    command = app_command(folder, arguments.port, not arguments.no_browser)
    if arguments.ip:
        command.append(f"--Voila.ip={arguments.ip}")
    host = "localhost" if arguments.ip in (None, "0.0.0.0") else arguments.ip
    pages = f"http://{host}:{arguments.port}/voila/render/"
    print(_("the app starts at {url} (Ctrl+C stops it)").format(url=pages + START), flush=True)
    say_translated_notebooks(folder, lambda name: pages + name)
    if arguments.ip == "0.0.0.0":
        print(_("the other computers open it with this computer's name or address instead of localhost"), flush=True)
    return run_server(command, folder, app_environment(arguments.lang))
