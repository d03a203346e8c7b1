"""Command output that never fails on a card: where the output cannot show ♠ ♥ ♦ ♣, they become S H D C.

Standard output set to ASCII (``PYTHONIOENCODING=ascii``, a C locale without
UTF-8, some Windows consoles) cannot encode the suit symbols, and ``print``
would raise. The codec error handler ``LETTERS`` writes each suit symbol as
its letter, so ``7♠`` prints as ``7S`` (the card notation); an Italian or Polish
letter as the plain letter under its accent (``è`` as ``e``, ``ł`` as ``l``), so the
words stay readable; and any other character the output cannot show as ``?``.
Output that can show them all is unchanged.

>>> "7♠ joins 8♥ 9♥, café".encode("ascii", errors=LETTERS)
b'7S joins 8H 9H, cafe'
>>> "układ 2: 6♥ 7♥ 9♥: è già 🂡".encode("ascii", errors=LETTERS)
b'uklad 2: 6H 7H 9H: e gia ?'
"""

from __future__ import annotations

import codecs
import io
import sys
import unicodedata

from machiavelli_kit.core.cards import Suit

LETTERS = "machiavelli-kit-letters"
"""The name of the codec error handler that writes suits as letters."""
_SUIT_LETTERS = {suit.symbol: suit.value for suit in Suit}
_NO_ACCENT = {"ł": "l", "Ł": "L"}
"""Letters whose plain form Unicode does not give by decomposing them."""


def _letters(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    unwritable = error.object[error.start : error.end]
    return "".join(_SUIT_LETTERS.get(char) or _plain(char) for char in unwritable), error.end


def _plain(char: str) -> str:
    """``char`` without its accent when that leaves a plain ASCII letter (``ś`` -> ``s``), else ``?``."""
    plain = _NO_ACCENT.get(char) or unicodedata.normalize("NFKD", char)[:1]
    return plain if plain.isascii() and plain.isalpha() else "?"


codecs.register_error(LETTERS, _letters)


def letters_where_symbols_fail() -> None:
    """Make standard output and standard error write suits as letters when their encoding has no symbols."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=LETTERS)
