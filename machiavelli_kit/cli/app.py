"""``machiavelli-kit app``: serve the notebooks as an app with Voila, code hidden (:mod:`machiavelli_kit.serve.app`).

It prints the learners' address and, on a line of its own, the teacher's link: the teacher's
pages open only with its token (:mod:`machiavelli_kit.serve.teacher`). Beside Voila it starts the class
server (:mod:`machiavelli_kit.serve.class_server`) with the same token, and every page's kernel finds it in
``MACHIAVELLI_KIT_CLASS_SERVER``; ``--no-class-server`` runs the app without one.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from machiavelli_kit.classroom.server import teacher_token
from machiavelli_kit.cli.options import add_ip_option, add_server_options
from machiavelli_kit.i18n import _, pgettext
from machiavelli_kit.serve.app import app_command, app_environment
from machiavelli_kit.serve.class_server import ClassServer, ClassServerError
from machiavelli_kit.serve.lab import START
from machiavelli_kit.serve.notebook_copy import notebooks_dir
from machiavelli_kit.serve.pages import PAGES, PAGES_PER_BROWSER
from machiavelli_kit.serve.process import notebook_in_language, run_server, say_translated_notebooks
from machiavelli_kit.serve.teacher import is_teacher_name, teacher_url

TEACHER_NOTEBOOK = "teacher.ipynb"


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "app",
        help=_("serve the notebooks as a Voila app"),
        description=_("Serve the notebooks as an app, code hidden."),
    )
    add_server_options(parser)
    add_ip_option(parser)
    parser.add_argument(
        "--max-pages",
        type=_page_count,
        default=PAGES,
        metavar=(count := pgettext("option value", "N")),
        help=_(
            "the most pages the app may have open at once, all learners together (default {count}: two for each "
            "learner of a class of 30; each page takes 75 to 130 MB of memory)"
        ).format(count=PAGES),
    )
    parser.add_argument(
        "--max-pages-per-browser",
        type=_page_count,
        default=PAGES_PER_BROWSER,
        metavar=count,
        help=_("the most pages one browser may have open at once (default {count})").format(count=PAGES_PER_BROWSER),
    )
    parser.add_argument(
        "--class-db",
        metavar=pgettext("option value", "URL"),
        help=_("the class server's database, e.g. {example} (default: a file in the kit's data folder)").format(
            example="postgresql+psycopg://kit@localhost/class"
        ),
    )
    parser.add_argument(
        "--no-class-server",
        action="store_true",
        help=_("run the app without a class server: no tables to play at from the learners' own computers"),
    )
    parser.set_defaults(run=run)


def _page_count(text: str) -> int:
    """A number of pages, 1 or more, for ``--max-pages`` and ``--max-pages-per-browser``."""
    try:
        count = int(text)
    except ValueError:
        count = 0
    if count < 1:
        raise argparse.ArgumentTypeError(
            _("the number of pages must be a whole number, 1 or more, not {text}").format(text=repr(text))
        )
    return count


def run(arguments: argparse.Namespace) -> int:
    folder = notebooks_dir(arguments.notebooks)
    command = app_command(
        folder, arguments.port, not arguments.no_browser, arguments.max_pages, arguments.max_pages_per_browser
    )
    if arguments.ip:
        command.append(f"--Voila.ip={arguments.ip}")
    host = "localhost" if arguments.ip in (None, "0.0.0.0") else arguments.ip
    pages = f"http://{host}:{arguments.port}/voila/render/"
    token = teacher_token(os.environ)
    start = notebook_in_language(folder, START)
    print(_("the app starts at {url} (Ctrl+C stops it)").format(url=pages + start), flush=True)
    say_translated_notebooks(
        folder, lambda name: pages + name, leave_out=lambda name: is_teacher_name(name) or name == start
    )
    if arguments.ip == "0.0.0.0":
        print(_("the other computers open it with this computer's name or address instead of localhost"), flush=True)
    print(
        _("the teacher's page (keep this link to yourself: it shows every learner's progress): {url}").format(
            url=teacher_url(pages, notebook_in_language(folder, TEACHER_NOTEBOOK), token)
        ),
        flush=True,
    )
    environment = app_environment(token, arguments.lang)
    if arguments.no_class_server:
        return run_server(command, folder, environment)
    from machiavelli_kit.classroom.lobby import CLASS_SERVER_VARIABLE  # tornado and SQLAlchemy, not for --help
    from machiavelli_kit.classroom.server.store import default_url, hidden_password

    server = ClassServer(arguments.class_db, environment, folder)
    try:
        server.start()
        print(
            _("the class server (tables, every turn saved) runs on this computer at {url}, its database {database}")
            .format(url=server.url, database=hidden_password(arguments.class_db or default_url())),
            flush=True,
        )  # fmt: skip
        return run_server(command, folder, {**environment, CLASS_SERVER_VARIABLE: server.url})
    except ClassServerError as error:
        print(error, file=sys.stderr, flush=True)
        return 1
    finally:
        server.stop()
