"""The teacher's live view of the class: who is online, the tables and whose turn, seats to hand to a computer,
each learner's puzzles in the trainer and the themes the class misses.

A thin view over :mod:`machiavelli_kit.classroom.class_watch`. It asks the class server for the
teacher's overview every :data:`REFRESH_SECONDS` in an asyncio task on the kernel's loop, so the
page stays free meanwhile, and draws it again only when it changed. **Hide names** is for a
projector: no learner's name shows, a learner is their seat, and the puzzles show as the class's
totals. A seat that is free, or whose learner is not connected, has a button that gives it to the
computer player chosen above. The class tournament (:mod:`machiavelli_kit.ui.tournament_panel`) is made, started and
followed here too; **Projector mode** shows only its round and standings, in large type.

``teacher.ipynb`` shows it with :func:`class_live`; the page needs the class server's address and
the teacher's token, which ``machiavelli-kit app`` gives to the teacher's pages only.
"""

from __future__ import annotations

import asyncio
import html
import traceback
from collections.abc import Awaitable, Mapping
from pathlib import Path
from typing import Any

import ipywidgets as w

from machiavelli_kit.classroom.class_watch import ClassPicture, class_picture, teacher_client
from machiavelli_kit.classroom.server.client import ClassClient, Refused, ServerGone
from machiavelli_kit.i18n import _, language, pgettext, speaking
from machiavelli_kit.practice.progress import FAILED, HELPED, LEGEND, MARKS, SOLVED
from machiavelli_kit.ui.game_parts import show
from machiavelli_kit.ui.game_setup import KINDS, PERSON
from machiavelli_kit.ui.status import STYLE, Kind, mark
from machiavelli_kit.ui.tournament_panel import TournamentPanel

REFRESH_SECONDS = 2.0
"""How often the live view asks the class server for the class as it is."""


class TeacherLive:
    """The teacher's live view of the class server ``client`` speaks to (with the teacher's token)."""

    def __init__(
        self,
        client: ClassClient,
        *,
        lang: str | None = None,
        interval: float = REFRESH_SECONDS,
        folder: Path | None = None,
    ) -> None:
        self.client, self.interval = client, interval
        self.language = language(lang)
        self.overview: Mapping[str, Any] | None = None
        self.picture: ClassPicture | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        self.errors: list[str] = []
        self._trouble = False
        self._watching: asyncio.Task[None] | None = None
        with speaking(self.language):
            self.online = w.HTML("")
            self.hide_names = w.Checkbox(value=False, description=_("Hide names (for the projector)"), indent=False)
            self.hide_names.observe(lambda _change: self._draw(), "value")
            computers = [(_(label), kind) for label, kind in KINDS if kind != PERSON]
            self.kind = w.Dropdown(options=computers, value="greedy", description=_("A seat left empty goes to"),
                                   style={"description_width": "initial"})  # fmt: skip
            self.tables = w.VBox()
            self.puzzles = w.HTML("")
            self.puzzles.add_class("mk-teacher-puzzles")
            self.projector = w.Checkbox(value=False, description=_("Projector mode"), indent=False)
            self.projector.observe(lambda _change: self._draw(), "value")
            self.status = w.HTML("")
            self.tournaments = TournamentPanel(client, self._spawn, self._say, self.refresh, folder)
        style = w.HTML(STYLE, layout=w.Layout(display="none"))
        controls = w.HBox([self.hide_names, self.projector, self.kind])
        self.box = w.VBox([style, self.online, controls, self.tournaments.box, self.tables, self.puzzles, self.status])
        self.box.add_class("mk-teacher-live")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def start(self) -> TeacherLive:
        """Watch the class: ask for it now and every :attr:`interval` seconds after, on the kernel's loop."""
        if self._watching is None:
            self._watching = self._spawn(self._watch())
        return self

    def stop(self) -> None:
        """Stop watching the class."""
        if self._watching is not None:
            self._watching.cancel()
            self._watching = None

    async def refresh(self) -> None:
        """Ask the class server for the class now, and draw it when it changed; a refusal is said in its words."""
        with speaking(self.language):
            try:
                overview = await self.client.overview()
            except Refused as error:
                self._tell(_sentence(str(error)), "invalid")
                return
            except ServerGone as error:
                self._tell(_sentence(str(error)) + " " + _("The view comes back when it answers again."), "invalid")
                return
            if self._trouble:  # the server answers again
                self._tell("", "info")
            if overview != self.overview:
                self.overview = overview
                self._draw()

    async def give_to_computer(self, table: str, seat: int) -> None:
        """Give ``seat`` at ``table`` to the computer player chosen, then draw the class again."""
        with speaking(self.language):
            try:
                await self.client.give_to_computer(table, seat, str(self.kind.value))
            except (Refused, ServerGone) as error:
                self._tell(_sentence(str(error)), "invalid")
                return
            self._tell(_("Seat {number} plays on with the computer.").format(number=seat + 1), "valid")
        await self.refresh()

    async def _watch(self) -> None:
        while True:
            await self.refresh()
            await asyncio.sleep(self.interval)

    def _draw(self) -> None:
        if self.overview is None:
            return
        with speaking(self.language):
            self.picture = class_picture(self.overview, hide_names=self.hide_names.value)
            projector = bool(self.projector.value)
            self.tournaments.draw(self.picture.tournaments, hide_names=self.hide_names.value, projector=projector)
            for part in (self.online, self.kind, self.tables, self.puzzles):
                show(part, not projector)
            self.online.value = f"<b>{html.escape(self.picture.online)}</b>"
            rows: list[w.Widget] = []
            for table in self.picture.tables:
                seats = ", ".join(
                    f"<b>{html.escape(seat.who)}</b>" if seat.to_move else html.escape(seat.who) for seat in table.seats
                )
                line = w.HTML(f"{html.escape(table.rules)} · {html.escape(table.state)}<br>{seats}")
                line.add_class("mk-teacher-table")
                buttons = [self._hand_button(table.id, seat.seat) for seat in table.seats if seat.free_for_computer]
                rows.append(w.VBox([line, w.HBox(buttons)]) if buttons else line)
            if not rows:
                rows.append(w.HTML(html.escape(_("No tables yet."))))
            self.tables.children = rows
            self.puzzles.value = _puzzles_html(self.picture)

    def _hand_button(self, table: str, seat: int) -> w.Button:
        button = w.Button(
            description=pgettext("button", "Seat {number} to the computer").format(number=seat + 1),
            tooltip=_("a computer player takes this seat until its learner comes back"),
            layout=w.Layout(width="auto"),
        )
        button.add_class("mk-teacher-hand")
        button.on_click(lambda _event: self._spawn(self.give_to_computer(table, seat)))
        return button

    def _tell(self, text: str, kind: Kind) -> None:
        """Say ``text``; an ``invalid`` one is trouble with the server, cleared once it answers again."""
        self._say(text, kind)
        self._trouble = kind == "invalid"

    def _say(self, text: str, kind: Kind) -> None:
        """Say ``text``, to stay until something else is said (the tournament's outcomes and refusals)."""
        self._trouble = False
        mark(self.status, kind)
        self.status.value = html.escape(text)

    def _spawn(self, work: Awaitable[None]) -> asyncio.Task[None]:
        async def run() -> None:
            try:
                await work
            except Exception as error:  # a watch that stopped would leave the teacher looking at an old class
                self.errors.append(traceback.format_exc())
                self._tell(_("Error: {error!r}").format(error=error), "invalid")

        task = asyncio.get_running_loop().create_task(run())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task


def class_live(*, lang: str | None = None) -> TeacherLive | w.HTML:
    """The live view of this page's class server, watching; without the server or the teacher's token, a line
    saying how to get it."""
    client = teacher_client()
    if client is None:
        line = _(
            "The class's live view shows here when you open this page with the teacher's link that "
            "machiavelli-kit app prints.",
            lang,
        )
        return w.HTML(f"<p>{html.escape(line)}</p>")
    return TeacherLive(client, lang=lang).start()


def _puzzles_html(picture: ClassPicture) -> str:
    """The learners' puzzles: a heading, the class's totals, each learner's line (none with hidden names), the
    themes the class misses, and the marks' key."""
    lines = [f"<b>{html.escape(pgettext('heading', 'Puzzles'))}</b>", html.escape(picture.work)]
    for learner in picture.learners:
        kinds = (("solved", SOLVED, learner.solved), ("helped", HELPED, learner.helped))
        marked = [
            f'<span class="mk-teacher-{kind}">{MARKS[status]} {html.escape(", ".join(ids))}</span>'
            for kind, status, ids in (*kinds, ("failed", FAILED, learner.failed))
            if ids
        ]
        lines.append(f"<b>{html.escape(learner.name)}</b>: " + " · ".join(marked))
    if picture.themes:
        lines.append(html.escape(picture.themes))
    if picture.learners:
        lines.append(f"<small>{html.escape(_(LEGEND))}</small>")
    return "<br>".join(lines)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


__all__ = ["REFRESH_SECONDS", "TeacherLive", "class_live"]
