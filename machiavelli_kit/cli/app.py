"""``machiavelli-kit app``: serve the notebooks as an app with Voila, code hidden (:mod:`machiavelli_kit.serve.app`)."""

from __future__ import annotations

import argparse
from typing import Any

from machiavelli_kit.cli.options import add_server_options
from machiavelli_kit.i18n import _, pgettext
from machiavelli_kit.serve.app import app_command, app_environment
from machiavelli_kit.serve.lab import START
from machiavelli_kit.serve.notebook_copy import notebooks_dir
from machiavelli_kit.serve.process import run_server, say_translated_notebooks


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "app",
        help=_("serve the notebooks as a Voila app"),
        description=_("Serve the notebooks as an app, code hidden."),
    )
    add_server_options(parser)
    parser.add_argument(
        "--ip",
        metavar=(address := pgettext("option value", "ADDRESS")),
        # TRANSLATORS: {address} is the option's value as --help shows it (--ip ADDRESS).
        help=_("listen on {address} (default: this computer only; 0.0.0.0 lets a class's computers in)").format(
            address=address
        ),
    )
    parser.set_defaults(run=run)


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
