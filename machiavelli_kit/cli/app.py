"""``machiavelli-kit app``: serve the notebooks as an app with Voila, code hidden (:mod:`machiavelli_kit.serve.app`).

It prints the learners' address and, on a line of its own, the teacher's link: the teacher's
pages open only with its token (:mod:`machiavelli_kit.serve.teacher`).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from machiavelli_kit.cli.options import add_server_options
from machiavelli_kit.i18n import _, language, pgettext
from machiavelli_kit.serve.app import app_command, app_environment
from machiavelli_kit.serve.lab import START
from machiavelli_kit.serve.notebook_copy import notebooks_dir
from machiavelli_kit.serve.process import run_server, say_translated_notebooks
from machiavelli_kit.serve.teacher import is_teacher_name, teacher_token, teacher_url

TEACHER_NOTEBOOK = "teacher.ipynb"


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
    token = teacher_token(os.environ)
    print(_("the app starts at {url} (Ctrl+C stops it)").format(url=pages + START), flush=True)
    say_translated_notebooks(folder, lambda name: pages + name, leave_out=is_teacher_name)
    if arguments.ip == "0.0.0.0":
        print(_("the other computers open it with this computer's name or address instead of localhost"), flush=True)
    print(
        _("the teacher's page (keep this link to yourself: it shows every learner's progress): {url}").format(
            url=teacher_url(pages, teacher_notebook(folder), token)
        ),
        flush=True,
    )
    return run_server(command, folder, app_environment(token, arguments.lang))


def teacher_notebook(folder: Path) -> str:
    """The teacher's notebook in the language in use (``teacher.it.ipynb``) when ``folder`` has it, else English."""
    translated = TEACHER_NOTEBOOK.replace(".ipynb", f".{language()}.ipynb")
    return translated if (folder / translated).exists() else TEACHER_NOTEBOOK
