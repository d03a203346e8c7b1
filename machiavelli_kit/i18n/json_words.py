"""Why a text is not JSON, in the language in use.

:mod:`json` says it in English (``Expecting value``); the kit's catalogs carry its messages
(the English ones are :mod:`json`'s own, word for word, so that a lookup finds them), and
:func:`json_reason` says the one of an error. A message not here stays in English.

>>> import json
>>> try:
...     json.loads("[1, 2")
... except json.JSONDecodeError as error:
...     print(json_reason(error, "en"))
Expecting ',' delimiter
"""

from __future__ import annotations

import json

from machiavelli_kit.i18n.languages import N_, _

REASONS = (
    # TRANSLATORS: why a text is not JSON (Python's json module's words); the text's line and column follow it.
    N_("Expecting value"),
    N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Extra data"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Illegal trailing comma before end of object"),
    N_("Illegal trailing comma before end of array"),
)
"""The messages of :class:`json.JSONDecodeError` a learner's or teacher's file can meet (Python 3.11 to 3.13)."""


def json_reason(error: json.JSONDecodeError, lang: str | None = None) -> str:
    """What ``error`` says is wrong, in ``lang`` (or the language in use) when the catalogs have it, else in English."""
    return _(error.msg, lang) if error.msg in REASONS else error.msg
