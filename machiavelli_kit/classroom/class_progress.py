"""The trainer's progress sent to the class server, as a :class:`~machiavelli_kit.practice.trainer.ProgressSink`.

:class:`ServerProgress` never makes the kernel wait: a record given is kept as the puzzle's latest, and a task on the
running event loop sends what is waiting, one request at a time (a learner pressing Hint ten times sends a few
requests, the last record always among them). The server keeps the most it has been told of each puzzle, so a
record sent twice or late undoes nothing. When the server does not answer, that is said once (through ``tell``),
the trainer goes on, and what waits is sent with the next record; when it answers again, ``tell`` is given an
empty text. The learner's progress file is the trainer's business: this only sends.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace

from machiavelli_kit.classroom.identity import hub_client
from machiavelli_kit.classroom.lobby import Credentials, class_server_url
from machiavelli_kit.classroom.server.client import ClassClient, Refused, ServerGone
from machiavelli_kit.i18n import _
from machiavelli_kit.practice.progress import Record


class ServerProgress:
    """Sends the records it is given to the class server ``client`` speaks to, as the learner it knows;
    ``tell`` is given a sentence for the learner (in ``lang``) when sending goes wrong, and ``""`` when it goes
    right again."""

    def __init__(self, client: ClassClient, tell: Callable[[str], None], lang: str | None = None) -> None:
        self.client, self.tell, self.lang = client, tell, lang
        self.waiting: dict[str, Record] = {}
        """The latest record of each puzzle not sent yet."""
        self.sending: asyncio.Task[None] | None = None
        self.troubled = False

    def __call__(self, puzzle_id: str, record: Record, /) -> None:
        """Keep ``record`` as the puzzle's latest and send it soon, on the running event loop (none: with the next)."""
        self.waiting[puzzle_id] = replace(record)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # plain Python, no loop: sent with the next record given where a loop runs
            return
        if self.sending is None or self.sending.done():
            self.sending = loop.create_task(self.send())

    async def send(self) -> None:
        """Send what waits, one puzzle at a time, until nothing does or the server does not answer."""
        while self.waiting:
            puzzle_id = next(iter(self.waiting))
            record = self.waiting.pop(puzzle_id)
            try:
                await self.client.send_progress(puzzle_id, record)
            except ServerGone:
                self.waiting.setdefault(puzzle_id, record)  # a newer record given meanwhile goes instead
                self._trouble(
                    _(
                        "The class server does not answer, so your teacher does not see this puzzle yet. "
                        "Your progress is saved on this computer all the same.",
                        self.lang,
                    )
                )
                return
            except Refused as error:  # said once; this record is not sent again (the next one may be)
                reason = _("The class server did not take your progress: {reason}", self.lang)
                self._trouble(reason.format(reason=error))
                continue
            if self.troubled:
                self.troubled = False
                self.tell("")

    def _trouble(self, sentence: str) -> None:
        if not self.troubled:
            self.troubled = True
            self.tell(sentence)


def page_progress(tell: Callable[[str], None], lang: str | None = None) -> ServerProgress | None:
    """The class server's sink for this page's learner (its sentences in ``lang``), or ``None`` when the page knows
    no class server or the learner has not given their name there yet (inside a hub, the hub account needs none)."""
    url = class_server_url()
    if url is None:
        return None
    hub = hub_client(url, patience=0)
    if hub is not None:
        return ServerProgress(hub, tell, lang)
    kept = Credentials.for_this_page().get(url)
    if kept is None:
        return None
    return ServerProgress(ClassClient(url, kept[1], patience=0), tell, lang)


__all__ = ["ServerProgress", "page_progress"]
