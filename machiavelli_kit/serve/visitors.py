"""Who opened a page of the app: each browser is a visitor, known by a secret in a cookie.

The app gives every browser a cookie holding a random secret (signed by the server, so a
browser cannot make one up, and out of reach of the page's scripts). The secret never
leaves the server: what the rest of the kit sees is the visitor's id, an HMAC-SHA256 of the
secret with a key of the server's own (:func:`visitor_id`), stable for as long as the
browser keeps its cookie and the server its key. Every kernel the app starts for a page
has that id in its environment, in :data:`VISITOR_VARIABLE`, where the trainer reads it
(:mod:`machiavelli_kit.classroom.visitor`); outside the app (JupyterLab, a hub's servers) the
variable is not set.

The server's key is kept in the kit's data folder (:func:`app_key`), so a visitor keeps
their id when the teacher restarts the app.

>>> visitor_id(bytes(32), "a browser's secret") == visitor_id(bytes(32), "a browser's secret")
True
>>> len(visitor_id(bytes(32), "a browser's secret")), visitor_id(bytes(32), "another") == visitor_id(bytes(32), "a")
(64, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from machiavelli_kit.classroom.visitor import VISITOR
from machiavelli_kit.files import locked, write_atomically

VISITOR_VARIABLE = VISITOR
"""In the environment of every kernel the app starts for a page: the id of the browser that opened it. The name
is the one the trainer reads it by (:data:`machiavelli_kit.classroom.visitor.VISITOR`), so both sides have it
from one place."""
KEY_FILE = "app-key"
"""In the kit's data folder: the app server's own key, 32 random bytes in hex, readable by its owner only."""
KEY_BYTES = 32


@dataclass(frozen=True)
class Visit:
    """A page being opened: the visitor's id, the request (a tornado handler) to answer, and whether it is a
    teacher's page that the gate let the teacher into."""

    visitor: str
    handler: Any
    teacher: bool = False


VISIT: ContextVar[Visit] = ContextVar("machiavelli_kit_visit")
"""The page being opened, set by the app's gate for its request and read where the page's kernel starts.

Voila runs the gate and starts the kernel in the same task, one request each, so each
request sees its own visit.
"""


def visitor_id(key: bytes, secret: str) -> str:
    """The id the kit knows a visitor by: the hex HMAC-SHA256 of the cookie's ``secret`` with the server's ``key``."""
    return hmac.new(key, secret.encode("utf-8"), hashlib.sha256).hexdigest()


def new_secret() -> str:
    """A new visitor's secret, for their cookie."""
    return secrets.token_urlsafe(KEY_BYTES)


def app_key(folder: Path) -> bytes:
    """The app server's key, kept in ``folder``; made there the first time (or when the file is damaged).

    Raises :class:`OSError` when the folder cannot be read or written.
    """
    path = folder / KEY_FILE
    with locked(path):
        try:
            key = bytes.fromhex(path.read_text(encoding="ascii").strip())
        except (OSError, ValueError):
            key = b""
        if len(key) != KEY_BYTES:
            key = secrets.token_bytes(KEY_BYTES)
            write_atomically(path, key.hex() + "\n", private=True)
    return key


def derived_key(key: bytes, purpose: str) -> bytes:
    """A key for one ``purpose`` (signing cookies, making visitor ids) from the server's ``key``."""
    return hmac.new(key, purpose.encode("utf-8"), hashlib.sha256).digest()
