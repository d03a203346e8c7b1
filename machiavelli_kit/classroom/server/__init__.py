"""The class server: learners, networked tables refereed by the game's engine, and their database.

:mod:`.store` keeps the rows (SQLAlchemy), :mod:`.referee` checks every seat and action, :mod:`.views`
says what each seat may see, :mod:`.messages` reads and writes the protocol, :mod:`.app` serves it
(tornado, HTTP and WebSocket), and :mod:`.client` speaks it from the other side.
"""

import secrets
from collections.abc import Mapping

DEFAULT_IP, DEFAULT_PORT = "127.0.0.1", 8890
"""Where the class server listens unless told otherwise: this computer only."""
GRACE = 30.0
"""The seconds a tournament's learner whose turn has come may be away before the computer plays their seat
(``class serve --away``)."""
TEACHER_TOKEN_VARIABLE = "MACHIAVELLI_KIT_TEACHER_TOKEN"
"""The teacher's token, for the class server and the app alike: set it to keep the teacher's link across restarts."""


def teacher_token(environ: Mapping[str, str]) -> str:
    """The token in ``environ``'s :data:`TEACHER_TOKEN_VARIABLE`, or a new random one.

    >>> teacher_token({TEACHER_TOKEN_VARIABLE: " s3cret "}), len(teacher_token({})) > 20
    ('s3cret', True)
    """
    return environ.get(TEACHER_TOKEN_VARIABLE, "").strip() or secrets.token_urlsafe(24)
