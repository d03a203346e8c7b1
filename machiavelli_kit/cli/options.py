"""Options several commands share, declared once so that each says the same in ``--help``."""

from __future__ import annotations

import argparse

from machiavelli_kit.i18n import _, pgettext


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """``--rules RULES``: the rules string the command plays or checks under (default ``bga``)."""
    parser.add_argument(
        "--rules",
        default="bga",
        # TRANSLATORS: the value names --help shows after each option (--rules RULES), in capitals.
        metavar=pgettext("option value", "RULES"),
        help=_("rules string, e.g. {simple} or {full}").format(simple="bga", full="bga(wrap=true, jokers=2)"),
    )


def add_server_options(parser: argparse.ArgumentParser) -> None:
    """``--port``, ``--no-browser`` and ``--notebooks``: the options of ``lab`` and ``app``."""
    parser.add_argument(
        "--port",
        type=int,
        default=8888,
        metavar=pgettext("option value", "PORT"),
        help=_("port to serve on (default {port})").format(port=8888),
    )
    parser.add_argument("--no-browser", action="store_true", help=_("do not open a web browser"))
    parser.add_argument(
        "--notebooks",
        metavar=(folder := pgettext("option value", "DIR")),
        # TRANSLATORS: {folder} is the option's value as --help shows it (--notebooks DIR).
        help=_(
            "keep and serve the notebooks in {folder} (the kit copies its notebooks there, keeping your changes)"
        ).format(folder=folder),
    )
