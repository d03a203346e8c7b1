"""How this page proves who it is to the class server: its hub account, or the credential kept for a name.

Inside a JupyterHub, a learner's kernel has their single-user server's hub token in
:data:`HUB_TOKEN_VARIABLE` (``docs/jupyterhub_config.py`` lets that token reach the class server, the hub's
service): the class server asks the hub whose token it is, so the learner gives no name and plays as their
hub account. Elsewhere the learner gives their name once and the credential the server gives for it is
kept (:class:`~machiavelli_kit.classroom.lobby.Credentials`). The teacher's page proves it is the teacher's
with the teacher's token when it has one (``machiavelli-kit app`` gives it), else with the hub token, which
opens the teacher's view only for a hub admin.

>>> hub_token({HUB_TOKEN_VARIABLE: " abc "}), hub_token({HUB_TOKEN_VARIABLE: ""}), hub_token({})
('abc', None, None)
>>> client = teacher_client("http://hub/services/class", {HUB_TOKEN_VARIABLE: "abc"})
>>> client.hub_token, client.credential
('abc', None)
>>> client = teacher_client("http://hub/services/class", {HUB_TOKEN_VARIABLE: "abc", TEACHER_TOKEN_VARIABLE: "t"})
>>> client.hub_token, client.credential
(None, 't')
>>> print(teacher_client("http://127.0.0.1:8890", {}))
None
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from machiavelli_kit.classroom.server import TEACHER_TOKEN_VARIABLE
from machiavelli_kit.classroom.server.client import PATIENCE, ClassClient

HUB_TOKEN_VARIABLE = "JUPYTERHUB_API_TOKEN"
"""Where JupyterHub puts the token of a learner's single-user server; its kernels inherit it."""


def hub_token(environ: Mapping[str, str] | None = None) -> str | None:
    """This page's hub token, when it runs in a learner's server on a JupyterHub."""
    return (os.environ if environ is None else environ).get(HUB_TOKEN_VARIABLE, "").strip() or None


def hub_client(url: str, environ: Mapping[str, str] | None = None, *, patience: float = PATIENCE) -> ClassClient | None:
    """A client of the class server at ``url`` that proves who it is with this page's hub token; ``None`` outside
    a hub (then the learner gives their name)."""
    token = hub_token(environ)
    return None if token is None else ClassClient(url, hub_token=token, patience=patience)


def teacher_client(url: str, environ: Mapping[str, str] | None = None) -> ClassClient | None:
    """A client of the class server at ``url`` for the teacher's page: with the teacher's token, else the hub
    token (the server opens its teacher's view to a hub admin only); ``None`` when the page has neither."""
    environ = os.environ if environ is None else environ
    token = environ.get(TEACHER_TOKEN_VARIABLE, "").strip()
    if token:
        return ClassClient(url, token, patience=0)
    return hub_client(url, environ, patience=0)
