"""``POST /api/me`` ``{"lang"}``: who the server knows the sender as, their language set (or kept).

A learner known by a credential the server gave, or (on a hub) by their hub account, learns the name the
server knows them by; that is how a page in a hub learns who it plays as, with no name given.
"""

from __future__ import annotations

from typing import Any

from machiavelli_kit.classroom.server.handlers import JsonHandler, Unwelcome
from machiavelli_kit.classroom.server.messages import parse_me
from machiavelli_kit.i18n import _, check_language


class Me(JsonHandler):
    def answer_post(self) -> Any:
        wanted = parse_me(self.request.body)
        learner = self.learner()
        if learner is None:
            raise Unwelcome(401, _("this server does not know you: give your name again"))
        lang = learner.lang if wanted.lang is None else check_language(wanted.lang)
        if lang != learner.lang:
            self.service.store.set_language(learner.id, lang)
        return {"name": learner.name, "lang": lang}
