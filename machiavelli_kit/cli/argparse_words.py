"""argparse's own words (``usage:``, ``options``, ``error: the following arguments are required``)
in the language in use.

argparse says them through gettext's ``argparse`` domain, which has no Italian or Polish
catalog where the kit runs: a Polish learner would read ``usage:`` and ``show this help
message and exit`` around Polish help. The kit's catalogs carry the texts its commands can
meet (the English ones are argparse's own, word for word, so that a lookup finds them);
:func:`argparse_speaking` has argparse say them in the language in use while a command line
is read. A text argparse says that is not here stays in English.

>>> import argparse
>>> from machiavelli_kit.i18n import speaking
>>> parser = argparse.ArgumentParser(prog="machiavelli-kit")
>>> with speaking("en"), argparse_speaking():
...     print(parser.format_usage().strip())
usage: machiavelli-kit [-h]

In Polish the same reads ``użycie: machiavelli-kit [-h]`` (``tests/test_cli_argparse_words.py``).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from machiavelli_kit.i18n import N_, _

TEXTS = (
    # TRANSLATORS: argparse's own words around the command line's help and errors (usage:, options, error:).
    # Keep every %s, %r and %(name)s as it is; this one ends with a space.
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    # TRANSLATORS: argparse's error line: keep %(prog)s, %(message)s and the new line at the end.
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
)
"""The argparse texts the kit's commands can meet, as argparse writes them (Python 3.11 to 3.13)."""


def _said(message: str) -> str:
    """``message`` in the language in use when the kit's catalogs have it, else as argparse wrote it."""
    return _(message) if isinstance(message, str) and message else message


def _said_plural(singular: str, plural: str, count: int) -> str:
    """argparse's counted texts, which the kit does not meet: in English."""
    return singular if count == 1 else plural


@contextmanager
def argparse_speaking() -> Iterator[None]:
    """Have argparse say its own words in the language in use inside the block."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _said, _said_plural  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
