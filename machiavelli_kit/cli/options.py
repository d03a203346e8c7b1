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
