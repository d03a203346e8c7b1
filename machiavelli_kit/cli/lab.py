"""``machiavelli-kit lab``: open JupyterLab on the start notebook (:mod:`machiavelli_kit.serve.lab`)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from machiavelli_kit.cli.options import add_server_options
from machiavelli_kit.i18n import _
from machiavelli_kit.serve.lab import START, lab_command, lab_environment, lab_url
from machiavelli_kit.serve.notebook_copy import notebooks_dir
from machiavelli_kit.serve.process import notebook_in_language, run_server, say_translated_notebooks


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "lab", help=_("open the notebooks in JupyterLab"), description=_("Open JupyterLab on the start notebook.")
    )
    add_server_options(parser)
    parser.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    lang = arguments.lang
    folder = notebooks_dir(arguments.notebooks)
    env = lab_environment(os.environ, lang)
    start = notebook_in_language(folder, START)
    url = lab_url(arguments.port, env["JUPYTER_TOKEN"], start)
    print(_("the start notebook is at {url} (Ctrl+C stops it)").format(url=url), flush=True)
    say_translated_notebooks(folder, lambda name: name, leave_out=lambda name: name == start)
    return run_server(lab_command(folder, arguments.port, not arguments.no_browser), folder, env)
