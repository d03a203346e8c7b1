"""``machiavelli-kit class serve``: run the class server (learners, networked tables, their database)."""

from __future__ import annotations

import argparse
from typing import Any

from machiavelli_kit.cli.errors import BadInput
from machiavelli_kit.cli.options import add_ip_option
from machiavelli_kit.i18n import _, pgettext


def add_parser(actions: Any) -> None:
    """Add ``serve`` to the ``class`` command's actions."""
    from machiavelli_kit.classroom.server import DEFAULT_IP, DEFAULT_PORT, GRACE

    serve = actions.add_parser(
        "serve",
        help=_("run the class server: learners, tables to play at, every turn saved"),
        description=_(
            "Run the class server. It keeps the class in a database (by default a file in the kit's data folder) "
            "and prints the teacher's token when it starts."
        ),
    )
    add_ip_option(serve, DEFAULT_IP)
    serve.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        metavar=pgettext("option value", "PORT"),
        help=_("the port to listen on (default: {port})").format(port=DEFAULT_PORT),
    )
    serve.add_argument(
        "--db",
        default=None,
        metavar=pgettext("option value", "URL"),
        help=_("the database, e.g. {example} (default: a file in the kit's data folder)").format(
            example="postgresql+psycopg://kit@localhost/class"
        ),
    )
    serve.add_argument(
        "--away",
        type=float,
        default=GRACE,
        metavar=pgettext("option value", "SECONDS"),
        help=_(
            "at a tournament's table, how long a learner whose turn it is may be gone before the computer "
            "plays their seat for the rest of that game (default: {seconds:g})"
        ).format(seconds=GRACE),
    )
    serve.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    import asyncio

    from machiavelli_kit.classroom.server.app import serve

    if not arguments.away > 0:
        raise BadInput(
            _("--away is a number of seconds above 0, such as 30, not {value}").format(value=f"{arguments.away:g}")
        )
    asyncio.run(serve(arguments.ip, arguments.port, arguments.db, away=arguments.away))
    return 0
