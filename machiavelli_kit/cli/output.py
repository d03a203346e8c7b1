"""Command output that never fails on a card: where the output cannot show ♠ ♥ ♦ ♣, they become S H D C.

Standard output set to ASCII (``PYTHONIOENCODING=ascii``, a C locale without
UTF-8, some Windows consoles) cannot encode the suit symbols, and ``print``
would raise. The codec error handler ``LETTERS`` writes each suit symbol as
its letter, so ``7♠`` prints as ``7S`` (the card notation), and any other
character the output cannot show as ``?``. Output that can show the symbols is
unchanged.

>>> "7♠ joins 8♥ 9♥, café".encode("ascii", errors=LETTERS)
b'7S joins 8H 9H, caf?'
"""

from __future__ import annotations

import codecs
import io
import sys

from machiavelli_kit.cards import Suit

LETTERS = "machiavelli-kit-letters"
"""The name of the codec error handler that writes suits as letters."""
_SUIT_LETTERS = {suit.symbol: suit.value for suit in Suit}


def _letters(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    unwritable = error.object[error.start : error.end]
    return "".join(_SUIT_LETTERS.get(char, "?") for char in unwritable), error.end


codecs.register_error(LETTERS, _letters)


def letters_where_symbols_fail() -> None:
    """Make standard output and standard error write suits as letters when their encoding has no symbols."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=LETTERS)
