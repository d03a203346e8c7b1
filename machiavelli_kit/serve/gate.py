"""The app's gate: what the app asks of a page's request before anything else is done for it.

:class:`Gate` runs first for every page of the app (:mod:`machiavelli_kit.serve.voila_app`),
before the notebook is read, so that a refusal costs the server little. For each page it:

- sets the page's ``_xsrf`` cookie, which the page's shutdown request on closing sends back
  (as :func:`machiavelli_kit.serve.app.set_xsrf_cookie` does on a hub);
- refuses a teacher's page (:func:`is_teacher_page`, :mod:`machiavelli_kit.serve.teacher`) to a
  browser without the teacher's token: the token comes once in the address
  (``?teacher=TOKEN``), after which a signed cookie keeps the teacher in, and the address is
  loaded again without it, so that a projector never shows it;
- gives the browser its visitor cookie when it has none (:mod:`machiavelli_kit.serve.visitors`);
- refuses the page when its browser, or the class, has as many pages open as it may
  (:mod:`machiavelli_kit.serve.kernels`, which checks again when it starts the kernel), and
  otherwise says who the visitor is to the kernel manager (:data:`~machiavelli_kit.serve.visitors.VISIT`),
  and whether the page is the teacher's (only its kernel gets the teacher's token).
"""

from __future__ import annotations

import hashlib
import hmac
import os
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urlencode

from tornado.web import Finish

from machiavelli_kit.serve.refusals import Refusal, refuse
from machiavelli_kit.serve.teacher import TEACHER_ARGUMENT, is_teacher_name
from machiavelli_kit.serve.visitors import VISIT, Visit, new_secret, visitor_id

TEACHER_COOKIE = "machiavelli-kit-teacher"
VISITOR_COOKIE = "machiavelli-kit-visitor"
VISITOR_DAYS = 400
"""How long a browser keeps its visitor cookie after its last page (the most browsers allow)."""


def is_teacher_page(root: str | Path, path: str) -> bool:
    """Whether the page ``path`` (as in ``/voila/render/PATH``) under the served folder ``root`` is the teacher's.

    Both the name in the address and the name of the file it leads to count, so neither a
    trailing slash nor a link to the teacher's notebook under another name opens it.
    """
    named = PurePosixPath("/", path).name
    real = Path(os.path.realpath(Path(root, path.strip("/")))).name
    return is_teacher_name(named) or is_teacher_name(real)


class Gate:
    """The app's gate: teacher's pages need the teacher, every page has a visitor, within the limits.

    ``teacher_token`` opens the teacher's pages (none open without one); ``visitor_key`` makes
    visitor ids from visitors' secrets.
    """

    def __init__(self, teacher_token: str | None, visitor_key: bytes) -> None:
        self._token = teacher_token.encode("utf-8") if teacher_token else None
        self._teacher_mark = (
            hmac.new(self._token, b"the teacher's cookie", hashlib.sha256).hexdigest().encode() if self._token else b""
        )
        self._visitor_key = visitor_key

    def __call__(self, handler: Any) -> None:
        """Let the page of the request ``handler`` (a Voila page handler) open, or answer it with a refusal
        (raising :class:`tornado.web.Finish`)."""
        handler.xsrf_token  # noqa: B018 -- reading it sets the _xsrf cookie the page's closing request needs
        path = handler.path_args[0] if handler.path_args else handler.request.path
        teacher = is_teacher_page(handler.contents_manager.root_dir, path)
        if teacher and not self._lets_teacher_in(handler):
            refuse(handler, Refusal.TEACHER_ONLY)
        visitor = self._visitor(handler)
        refused = handler.kernel_manager.refusal(visitor)
        if refused is not None:
            refuse(handler, *refused)
        VISIT.set(Visit(visitor, handler, teacher))

    def _lets_teacher_in(self, handler: Any) -> bool:
        """Whether the request comes from the teacher; a right token in the address also sets the cookie and
        loads the address again without the token (raising :class:`tornado.web.Finish`)."""
        if self._token is None:
            return False
        given = handler.get_query_argument(TEACHER_ARGUMENT, None)
        if given is not None and hmac.compare_digest(given.encode("utf-8"), self._token):
            handler.set_signed_cookie(
                TEACHER_COOKIE, self._teacher_mark, expires_days=None, **_cookie_flags(handler, "Strict")
            )
            handler.redirect(_without_token(handler))
            raise Finish()
        cookie = handler.get_signed_cookie(TEACHER_COOKIE)
        return cookie is not None and hmac.compare_digest(cookie, self._teacher_mark)

    def _visitor(self, handler: Any) -> str:
        """The visitor's id; their cookie is set (when new) or renewed, so it lasts while they come back."""
        cookie = handler.get_signed_cookie(VISITOR_COOKIE, max_age_days=VISITOR_DAYS)
        secret = cookie.decode("utf-8", "replace") if cookie else new_secret()
        handler.set_signed_cookie(VISITOR_COOKIE, secret, expires_days=VISITOR_DAYS, **_cookie_flags(handler, "Lax"))
        return visitor_id(self._visitor_key, secret)


def _cookie_flags(handler: Any, same_site: str) -> dict[str, Any]:
    """A cookie out of the page's scripts' reach, sent only over HTTPS when the app is served over HTTPS.

    The visitor cookie is ``Lax``, so a learner who follows a link to the app from another site
    (the school's platform) is still the same visitor; the teacher's is ``Strict``.
    """
    return {"httponly": True, "samesite": same_site, "secure": handler.request.protocol == "https"}


def _without_token(handler: Any) -> str:
    """The request's address with the teacher's token taken out of it."""
    kept = [
        (name, value.decode("utf-8", "replace"))
        for name, values in handler.request.query_arguments.items()
        if name != TEACHER_ARGUMENT
        for value in values
    ]
    return str(handler.request.path) + (f"?{urlencode(kept)}" if kept else "")
