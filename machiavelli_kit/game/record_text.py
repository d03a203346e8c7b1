"""A record's text read as JSON data, refusing before any turn is replayed what no game can be.

The text is at most :data:`MAX_RECORD_BYTES` long (the longest games the kit's computer players
make, six of them with eight decks and 16 jokers, take under 1 MB), UTF-8 (a byte order mark at
its start is allowed, as Windows editors write one) and JSON nested no deeper than Python reads.
What the record's check must name with its field and turn is kept for it: an object that gives a
field twice remembers the field (:class:`JsonObject`), and a number longer than Python reads
(4,300 digits) is kept as a :class:`LongNumber`.

>>> data = read_json('\\ufeff{"seed": 7, "seed": 8, "dealer": 1' + "0" * 5000 + "}")
>>> data.twice, data["dealer"]
('seed', LongNumber('10000000000000000000...', digits=5001))
>>> read_json("[" * 5000 + "]" * 5000)
Traceback (most recent call last):
...
machiavelli_kit.game.record_text.UnreadableRecord: lists and objects are nested too deeply to read: ...
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from machiavelli_kit.i18n import _
from machiavelli_kit.i18n.json_words import json_reason

MEGABYTE = 1_000_000
MAX_RECORD_BYTES = 4 * MEGABYTE
"""The longest text read as a record: four times the longest game of the kit's computer players."""


class UnreadableRecord(ValueError):
    """Text that cannot be a record: not UTF-8, not JSON, nested too deeply, or too long for any game."""


class JsonObject(dict[str, Any]):
    """A JSON object as read, with ``twice``, the first field it gives twice (``None``: each field once)."""

    twice: str | None = None


class LongNumber:
    """A whole number too long for Python to read (more than 4,300 digits): never a seat, a seed or points."""

    def __init__(self, text: str) -> None:
        self.text = text

    @property
    def digits(self) -> int:
        return len(self.text.lstrip("-"))

    def __repr__(self) -> str:
        return f"LongNumber({self.text[:20] + '...'!r}, digits={self.digits})"


def check_size(size: int) -> None:
    """Refuse a record of ``size`` bytes that is longer than any game's, saying both sizes in megabytes.

    >>> check_size(50_020_000)
    Traceback (most recent call last):
    ...
    machiavelli_kit.game.record_text.UnreadableRecord: the record is over 50 MB, too long for a game: a record is ...
    """
    if size > MAX_RECORD_BYTES:
        raise UnreadableRecord(
            # TRANSLATORS: both sizes are whole megabytes (MB).
            _("the record is over {size} MB, too long for a game: a record is at most {limit} MB").format(
                size=(size - 1) // MEGABYTE, limit=MAX_RECORD_BYTES // MEGABYTE
            )
        )


def read_json(text: str | bytes) -> Any:
    """The JSON data of a record's text (or its bytes, UTF-8); :class:`UnreadableRecord` says why it cannot be."""
    check_size(len(text))
    if isinstance(text, bytes):
        text = _decoded(text)
    try:
        return json.loads(text.removeprefix("\ufeff"), object_pairs_hook=json_object, parse_int=_whole_number)
    except json.JSONDecodeError as error:
        raise UnreadableRecord(
            _("not JSON: {error} at line {line}, column {column}").format(
                error=json_reason(error), line=error.lineno, column=error.colno
            )
        ) from None
    except RecursionError:
        raise UnreadableRecord(
            # TRANSLATORS: a record's JSON nests [ ] and { } only a few levels deep: record, turns, turn, table, meld.
            _("lists and objects are nested too deeply to read: a record has only a few levels of brackets")
        ) from None


def _decoded(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UnreadableRecord(
            _("line {line} is not UTF-8 text (byte {byte}): save the record as UTF-8").format(
                line=data[: error.start].count(b"\n") + 1, byte=f"{data[error.start]:#04x}"
            )
        ) from None


def json_object(pairs: list[tuple[str, Any]]) -> JsonObject:
    """The object of ``pairs`` as :func:`json.loads` reads them, remembering the first field given twice."""
    data = JsonObject(pairs)
    if len(data) < len(pairs):  # a set and a count, so a huge object costs as much as reading it
        data.twice = next(key for key, count in Counter(key for key, _value in pairs).items() if count > 1)
    return data


def _whole_number(text: str) -> int | LongNumber:
    try:
        return int(text)
    except ValueError:  # Python reads at most 4,300 digits
        return LongNumber(text)
