"""The app's kernel manager: a kernel per open page, within the class's limits, each knowing its visitor.

:class:`PageKernelManager` starts a page's kernel only while the page's browser has fewer
than ``max_pages_per_browser`` pages open and the app fewer than ``max_pages`` in all
(:mod:`machiavelli_kit.serve.pages`); past a limit the page says why it did not open
instead (:mod:`machiavelli_kit.serve.refusals`). A page stops counting when its kernel stops:
the page was closed, or its kernel was culled or died.

The gate checks the limits first, before the page is read (:mod:`machiavelli_kit.serve.gate`);
the kernel manager checks them again where it counts the kernel, so that pages asked for at
the same moment cannot slip past them together.

Each kernel gets its visitor's id in its environment
(:data:`~machiavelli_kit.serve.visitors.VISITOR_VARIABLE`), and the kernel of a teacher's page, and only
that, the teacher's token (:data:`~machiavelli_kit.classroom.server.TEACHER_TOKEN_VARIABLE`), with which its
live view reads the class server's overview (:mod:`machiavelli_kit.ui.teacher_live`). The gate says
who the visitor is and whether the page is the teacher's (:data:`~machiavelli_kit.serve.visitors.VISIT`)
at the start of the page's request; Voila
starts the kernel later in that request (the same task, so it sees the same visit). A
kernel asked for with no visit (no page) is not started.
"""

from __future__ import annotations

import os
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ApiPath
from tornado.web import HTTPError
from traitlets import Integer, Unicode

from machiavelli_kit.classroom.server import TEACHER_TOKEN_VARIABLE
from machiavelli_kit.serve.pages import PAGES, PAGES_PER_BROWSER, PageCount
from machiavelli_kit.serve.refusals import Refusal, refuse
from machiavelli_kit.serve.visitors import VISIT, VISITOR_VARIABLE


class PageKernelManager(AsyncMappingKernelManager):
    """Voila's kernel manager for the app: a kernel per page within the limits, with its visitor's id."""

    max_pages = Integer(PAGES, min=1, config=True, help="How many pages the app may have open in all.")
    max_pages_per_browser = Integer(
        PAGES_PER_BROWSER, min=1, config=True, help="How many pages one browser may have open at once."
    )
    teacher_token = Unicode("", config=True, help="The teacher's token, given to the kernels of teacher's pages only.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self.pages = PageCount()

    async def start_kernel(  # type: ignore[override]  # jupyter_client types it synchronous
        self, *, kernel_id: str | None = None, path: ApiPath | None = None, **kwargs: Any
    ) -> str:
        """Start the kernel of the page being opened, or answer the page with a refusal past a limit.

        The limits are checked and the kernel counted before anything waits, so pages asked
        for at the same moment cannot slip past them together.
        """
        visit = VISIT.get(None)
        if visit is None:
            raise HTTPError(403, "the app starts a kernel only for a page")
        refused = self.refusal(visit.visitor)
        if refused is not None:
            refuse(visit.handler, *refused)
        if kernel_id is None or kernel_id in self:
            kernel_id = self.new_kernel_id()
        env = {**(kwargs.pop("env", None) or os.environ), VISITOR_VARIABLE: visit.visitor}
        env.pop(TEACHER_TOKEN_VARIABLE, None)
        if visit.teacher and self.teacher_token:
            env[TEACHER_TOKEN_VARIABLE] = self.teacher_token
        self.pages.add(kernel_id, visit.visitor)
        try:
            started: str = await super().start_kernel(kernel_id=kernel_id, path=path, env=env, **kwargs)
        except BaseException:
            self.pages.remove(kernel_id)
            raise
        return started

    def refusal(self, visitor: str) -> tuple[Refusal, int] | None:
        """Why ``visitor`` may not open one more page, with the limit they reached; ``None`` when they may."""
        refused = self.pages.refusal(visitor, self.max_pages_per_browser, self.max_pages)
        if refused is None:
            return None
        return refused, self.max_pages_per_browser if refused is Refusal.TOO_MANY_PAGES else self.max_pages

    def remove_kernel(self, kernel_id: str) -> Any:
        """Forget a kernel that stopped (its page closed, it was culled or it died): its page no longer counts."""
        self.pages.remove(kernel_id)
        return super().remove_kernel(kernel_id)
