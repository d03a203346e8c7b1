"""The app's Voila: Voila whose pages go through the app's gate before anything else.

Voila's prelaunch hook would run only once the notebook is read, its page settings gathered
from every installed extension and its template loaded: some 40 ms of the server's time on a
busy 2-core machine, for each page it then refused, so that one browser asking for hundreds
of pages at once held up everyone else. :class:`AppVoila` serves its pages with
:class:`GatedPageHandler` instead, which asks the gate (:class:`~machiavelli_kit.serve.gate.Gate`,
kept in the server's settings under :data:`GATE_SETTING`) as the request begins.
"""

from __future__ import annotations

from typing import Any

from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

GATE_SETTING = "machiavelli_kit_gate"
"""The server's setting that holds its gate."""


class GatedPageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voila's page handler, asking the gate first: a refused page is answered before its notebook is read."""

    async def prepare(self) -> None:
        await super().prepare()
        self.settings[GATE_SETTING](self)


class AppVoila(Voila):  # type: ignore[misc]
    """Voila serving its pages with :class:`GatedPageHandler`."""

    def init_handlers(self) -> list[Any]:
        handlers: list[Any] = []
        for pattern, handler, *rest in super().init_handlers():
            handlers.append((pattern, GatedPageHandler if handler is TornadoVoilaHandler else handler, *rest))
        return handlers
