"""Learners known by their hub account, when the class server runs as a JupyterHub-managed service.

The hub starts the service with ``JUPYTERHUB_SERVICE_NAME``, ``JUPYTERHUB_API_TOKEN`` and
``JUPYTERHUB_API_URL`` in its environment (``docs/jupyterhub_config.py``). A request that sends
``Authorization: token HUB-TOKEN`` (a learner's single-user server's token, or any token of theirs that
may reach the service) is then the learner named by that hub account: the hub says who it is, through
:class:`jupyterhub.services.auth.HubAuth`, which keeps the hub's answers for :data:`CACHE_SECONDS` so a
table's traffic does not ask the hub on every message. The learner is made on first sight, under a key
no name given to the server can have (:func:`hub_key`); a hub admin is the class's teacher.

Outside a hub, :meth:`HubUsers.from_environment` is ``None`` and nothing here is used.

>>> hub_key("ada"), hub_token_of("token abc"), hub_token_of("Bearer abc"), hub_token_of("token ")
('hub:ada', 'abc', None, None)
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from tornado.web import HTTPError

from machiavelli_kit.classroom.server.store import LearnerRow, Store, StoreError
from machiavelli_kit.i18n import _

SERVICE_NAME_VARIABLE = "JUPYTERHUB_SERVICE_NAME"
API_TOKEN_VARIABLE = "JUPYTERHUB_API_TOKEN"
PREFIX_VARIABLE = "JUPYTERHUB_SERVICE_PREFIX"
API_URL_VARIABLE = "JUPYTERHUB_API_URL"
CACHE_SECONDS = 60
"""How long the hub's answer about a token is kept: a learner removed from the hub is gone within a minute."""
HUB_SCHEME = "token"
"""The ``Authorization`` scheme of a hub token (a credential the class server gave is ``Bearer``)."""
KEY_PREFIX = "hub:"


class HubRefused(Exception):
    """A hub token the class server does not take, with an HTTP status and the reason in words."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status, self.reason = status, reason


@dataclass(frozen=True)
class HubLearner:
    """A learner known by their hub account: their row at the class server, and whether the hub makes them admin."""

    learner: LearnerRow
    admin: bool


def hub_key(name: str) -> str:
    """The learner's key for the hub account ``name``: no name given to the server becomes a key with a colon."""
    return KEY_PREFIX + name


def hub_token_of(authorization: str) -> str | None:
    """The hub token an ``Authorization`` header carries (``token HUB-TOKEN``), if it carries one."""
    scheme, _space, value = authorization.partition(" ")
    return value.strip() if scheme.lower() == HUB_SCHEME and value.strip() else None


class HubUsers:
    """The hub's accounts as the class's learners, asked of the hub through ``auth`` (a ``HubAuth``)."""

    def __init__(self, auth: Any, prefix: str) -> None:
        self.auth = auth
        self.prefix = prefix
        """Where the hub's proxy sends the service's requests (``/services/NAME/``): the routes are under it."""

    @classmethod
    def from_environment(cls, environ: Mapping[str, str]) -> HubUsers | None:
        """The hub's accounts when the hub started this server as its service; ``None`` otherwise. A hub's service
        needs the ``jupyterhub`` package (the hub's own Python has it); without it, :class:`ValueError` says so."""
        if not environ.get(SERVICE_NAME_VARIABLE) or not environ.get(API_TOKEN_VARIABLE):
            return None
        try:
            from jupyterhub.services.auth import HubAuth
        except ImportError:
            raise ValueError(
                _(
                    "a JupyterHub started the class server as its service, but jupyterhub is not installed beside it: "
                    "pip install jupyterhub"
                )
            ) from None
        name = environ[SERVICE_NAME_VARIABLE]
        auth = HubAuth(
            api_token=environ[API_TOKEN_VARIABLE],
            access_scopes={f"access:services!service={name}"},
            cache_max_age=CACHE_SECONDS,
        )
        if environ.get(API_URL_VARIABLE):
            auth.api_url = environ[API_URL_VARIABLE]
        prefix = environ.get(PREFIX_VARIABLE) or f"/services/{name}/"
        return cls(auth, prefix if prefix.endswith("/") else prefix + "/")

    async def account(self, token: str) -> tuple[str, bool] | None:
        """The hub account's name that ``token`` belongs to and whether it is an admin; ``None`` when the hub
        knows no such token or the token may not reach this service. :class:`HubRefused` when the hub does not
        answer."""
        from jupyterhub.services.auth import check_scopes

        try:
            model = await self.auth.user_for_token(token, sync=False)
        except HTTPError:
            reason = _("the hub does not answer, so the class server cannot tell who you are: try again")
            raise HubRefused(503, reason) from None
        if not isinstance(model, dict) or model.get("kind", "user") != "user" or not model.get("name"):
            return None  # no such token, or a service's token: a service is no learner
        if not check_scopes(self.auth.access_scopes, set(model.get("scopes", ()))):
            raise HubRefused(403, _("your hub account may not use the class server: ask your teacher"))
        return str(model["name"]), bool(model.get("admin"))

    async def identify(self, store: Store, authorization: str) -> HubLearner | None:
        """The learner whose hub token the ``Authorization`` header carries, made on first sight; ``None`` without a
        hub token, or when the hub knows no such token. :class:`HubRefused` says why not, in words, when the
        account may not use the service or the hub or the database does not answer."""
        token = hub_token_of(authorization)
        account = None if token is None else await self.account(token)
        if account is None:
            return None
        name, admin = account
        try:
            return HubLearner(learner_for(store, name), admin)
        except StoreError as error:
            raise HubRefused(503, str(error)) from None


def learner_for(store: Store, name: str) -> LearnerRow:
    """The learner of the hub account ``name``, added to ``store`` the first time it is seen.

    >>> store = Store("sqlite://")
    >>> ada = learner_for(store, "ada")
    >>> ada.name, ada.key, learner_for(store, "ada") == ada
    ('ada', 'hub:ada', True)
    """
    key = hub_key(name)
    known = store.learner_by_key(key)
    if known is not None:
        return known
    # a random hash no credential has: this learner proves who they are through the hub only; a StoreError means
    # the same account's other request made it a moment ago
    with suppress(StoreError):
        store.add_learner(name, key, "en", secrets.token_hex(32))
    made = store.learner_by_key(key)
    assert made is not None
    return made
