"""A learner's live connection (WebSocket ``/api/live``): views after every turn, and actions.

The first message is ``hello`` with the learner's credential (when the server runs as a hub's service and the
connection was opened with ``Authorization: token HUB-TOKEN``, the hub account is the learner, whatever the
hello says); then ``watch`` a table (its view comes at once, and again after every turn) and ``act`` at it.
Every message is checked (:mod:`.messages`): a bad one is refused with its reason and changes nothing; a
connection that floods is told so and closed.
"""

from __future__ import annotations

import json

from tornado.websocket import WebSocketClosedError, WebSocketHandler

from machiavelli_kit.classroom.server.hub_users import HubRefused
from machiavelli_kit.classroom.server.messages import Act, Hello, MessageError, RateLimit, Watch, parse, write
from machiavelli_kit.classroom.server.referee import Refused
from machiavelli_kit.classroom.server.service import ClassService
from machiavelli_kit.classroom.server.store import LearnerRow, StoreError
from machiavelli_kit.i18n import LanguageError, _, check_language, speaking

FLOODING = 1008
"""The WebSocket close code for a policy broken (here: too many messages)."""


class Live(WebSocketHandler):
    service: ClassService
    learner: LearnerRow | None

    def initialize(self, service: ClassService) -> None:
        self.service = service
        self.learner = None
        self.limit = RateLimit()
        self.flooded = False
        self.hub_learner: LearnerRow | None = None
        self.hub_refusal: str | None = None

    async def prepare(self) -> None:
        """Ask the hub who the connection's hub token is, once, before the connection opens."""
        if self.service.hub is None:
            return
        try:
            known = await self.service.hub.identify(self.service.store, self.request.headers.get("Authorization", ""))
        except HubRefused as error:
            self.hub_refusal = error.reason
            return
        self.hub_learner = None if known is None else known.learner

    def check_origin(self, origin: str) -> bool:
        """Any page may connect: a connection proves who it is by the credential in its hello, never a cookie."""
        return True

    def send(self, message: dict[str, object]) -> None:
        try:
            self.write_message(json.dumps(message, ensure_ascii=False))
        except WebSocketClosedError:
            self.service.forget(self)

    def on_message(self, message: str | bytes) -> None:
        if self.flooded:
            return  # read after the close: nothing more is done for this connection
        lang = None if self.learner is None else self.learner.lang
        with speaking(lang):
            if not self.limit.allow():
                self.flooded = True
                self.write_message(write("refused", id=None, reason=_("too many messages at once: slow down")))
                self.close(FLOODING, "flooding")
                return
            try:
                self._handle(parse(message))
            except MessageError as error:
                self.write_message(write("refused", id=None, reason=str(error)))

    def _handle(self, message: Hello | Watch | Act) -> None:
        if isinstance(message, Hello):
            self._hello(message)
        elif self.learner is None:
            self.write_message(write("refused", id=None, reason=_("say hello first, with your credential")))
        elif isinstance(message, Watch):
            try:
                self.service.watch(message.table, self)
            except Refused as error:
                self.write_message(write("refused", id=None, table=message.table, reason=str(error)))
        else:
            self._act(message)

    def _hello(self, hello: Hello) -> None:
        if self.hub_refusal is not None:
            self.write_message(write("refused", id=None, reason=self.hub_refusal))
            return
        learner = self.hub_learner or self.service.learner(hello.credential)
        if learner is None:
            self.write_message(
                write("refused", id=None, reason=_("this server does not know you: give your name again"))
            )
            return
        if hello.lang is not None:
            try:
                lang = check_language(hello.lang)
            except LanguageError as error:
                self.write_message(write("refused", id=None, reason=str(error)))
                return
            learner = LearnerRow(learner.id, learner.name, learner.key, lang)
        if self.learner is None or self.learner.id != learner.id:
            if self.learner is not None:
                self._offline()
            self.service.arrive(learner.id, self)
        self.learner = learner
        self.write_message(write("welcome", name=learner.name, lang=learner.lang))

    def _act(self, act: Act) -> None:
        assert self.learner is not None
        try:
            turn = self.service.referee.act(act.table, self.learner, act.action)
        except (Refused, StoreError) as error:
            self.write_message(write("refused", id=act.id, reason=str(error)))
            return
        self.write_message(write("done", id=act.id, turn=turn.number))
        self.service.turn_taken(act.table)

    def on_close(self) -> None:
        self.service.forget(self)
        if self.learner is not None:
            self._offline()

    def _offline(self) -> None:
        assert self.learner is not None
        self.service.depart(self.learner.id, self)
