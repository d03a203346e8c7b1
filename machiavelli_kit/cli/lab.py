"""``machiavelli-kit lab``: open JupyterLab on the start notebook."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import machiavelli_kit
from machiavelli_kit.cli.errors import BadInput

START = "start.ipynb"


def notebooks_dir(given: str | None = None) -> Path:
    """The notebooks folder: ``given``, else ``notebooks/`` of the repository the package runs from."""
    folder = Path(given) if given else Path(machiavelli_kit.__file__).resolve().parent.parent / "notebooks"
    if not (folder / START).is_file():
        raise BadInput(
            f"no notebooks found in {folder} ({START} is missing): install the kit from its repository "
            "with `pip install -e .`, or pass --notebooks DIR"
        )
    return folder


def add_common(parser: Any) -> None:
    parser.add_argument("--port", type=int, default=8888, help="port to serve on (default 8888)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    parser.add_argument("--notebooks", metavar="DIR", help="serve the notebooks from DIR")


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "lab", help="open the notebooks in JupyterLab", description="Open JupyterLab on the start notebook."
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


def run(arguments: argparse.Namespace) -> int:
    folder = notebooks_dir(arguments.notebooks)
    return subprocess.call(lab_command(folder, arguments.port, not arguments.no_browser), cwd=folder)
