"""A networked table in a notebook: the learner's own hand and the table as the class server shows them,
moved with the same cards' board (drag, Undo, Redo, Check) as a local game.

A thin view over :class:`machiavelli_kit.classroom.table_flow.TableFlow`: it draws the flow after every
view the server sends, and its buttons send actions. Both run as asyncio tasks on the kernel's event loop,
so the kernel never blocks; no computer player runs here (the server plays them).
"""

from __future__ import annotations

import asyncio
import base64
import html
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

import ipywidgets as w

from machiavelli_kit.classroom.table_flow import SeatInfo, TableFlow
from machiavelli_kit.core.cards import count_cards
from machiavelli_kit.core.position import Position
from machiavelli_kit.game.flow import Answer
from machiavelli_kit.i18n import _, pgettext, speaking
from machiavelli_kit.practice.session import PlaySession, PlayState
from machiavelli_kit.ui.game_parts import BOARD_BUTTONS, F, game_button, html_part, show, spoken_and_guarded
from machiavelli_kit.ui.position_board import FIT, PositionBoard
from machiavelli_kit.ui.seats import NOW, SEATS_STYLE, row_html
from machiavelli_kit.ui.shortcuts import Shortcut, with_key
from machiavelli_kit.ui.status import STYLE, Kind, kind_of, mark

WARN_SECONDS = 10
"""With this many seconds left in their turn, a learner hears it (the live region), once a turn."""


class TableBoard:
    """The learner's seat at a networked table (:class:`TableFlow`), drawn and played; ``scale`` is the cards'
    size to start with (``FIT``: as big as the screen allows)."""

    def __init__(self, flow: TableFlow, *, scale: float = FIT) -> None:
        self.flow = flow
        self.language = flow.language
        self.errors: list[str] = []
        self.tasks: set[asyncio.Task[None]] = set()
        """The tasks running now: following the server's views, and the actions on their way."""
        with speaking(self.language):
            self._build(scale)

    def _build(self, scale: float) -> None:
        self.info = html_part("mk-game-info")
        self.info.add_class("mk-game-seats")
        self.status = html_part("mk-game-status")
        self.status.add_class("mk-status-line")
        self.countdown = html_part("mk-game-countdown")
        """The turn timer's seconds left, ticking (shown only at a table with a turn timer)."""
        show(self.countdown, False)
        self._ticking: asyncio.Task[None] | None = None
        self._warned: int | None = None
        """The turn whose last seconds the live region was told of."""
        self.log = html_part("mk-game-log")
        self.log.layout = w.Layout(max_height="12em", overflow="auto")
        self.position = PositionBoard(
            PlaySession(Position(self.flow.table, ()), self.flow.rules), scale=scale, lang=self.language
        )
        self.position.box.add_class("mk-game-table")
        for name, button in self.position.buttons.items():
            show(button, name in BOARD_BUTTONS)
        show(self.position.status_line, False)  # the table's one status line says the board's messages too
        self.position.status.observe(self._guard(self._board_said), "value")
        self.buttons = {
            "Draw": game_button(
                pgettext("button", "Draw"), _("draw a card and end your turn (when nothing can be played)"), "draw"
            ),
            "End turn": game_button(
                pgettext("button", "End turn"), _("end your turn with the table as it is, if it is valid"), "end-turn"
            ),
            "Restore": game_button(
                pgettext("button", "Restore"), _("give up: put every card back and draw the penalty cards"), "restore"
            ),
            "Hint": game_button(pgettext("button", "Hint"), _("a hint; press again for a stronger one"), "hint"),
        }
        """The learner's buttons by their English names, the same in every language."""
        self.buttons["Draw"].on_click(self._guard(lambda _e: self._send(self.flow.draw)))
        self.buttons["End turn"].on_click(self._guard(lambda _e: self._send(self.flow.end_turn)))
        self.buttons["Restore"].on_click(self._guard(lambda _e: self._send(self.flow.restore)))
        self.buttons["Hint"].on_click(self._guard(lambda _e: self._tell(self.flow.hint(), "hint")))
        show(self.buttons["Hint"], self.flow.hints)  # at a table of classmates hints are off: no button to wonder at
        self.position.key_buttons = {
            Shortcut.DRAW: self.buttons["Draw"],
            Shortcut.END_TURN: self.buttons["End turn"],
            Shortcut.RESTORE: self.buttons["Restore"],
            Shortcut.HINT: self.buttons["Hint"],
            **{shortcut: self.position.buttons[name] for name, shortcut in BOARD_BUTTONS.items()},
        }
        """The button each key presses while the cards have the keyboard's focus, as on a local game's board."""
        for shortcut, button in self.position.key_buttons.items():
            button.tooltip = with_key(shortcut, button.tooltip)
        self.fill = game_button(
            pgettext("button", "Computer players in the empty seats"),
            _("start the game now: a computer player takes each seat nobody has taken (for the table's maker)"),
            "fill",
        )
        self.fill.on_click(self._guard(lambda _e: self._send(self.flow.fill)))
        self.download = html_part("mk-game-download")
        controls = w.HBox([*self.buttons.values(), self.fill], layout=w.Layout(flex_flow="row wrap"))
        controls.add_class("mk-game-controls")
        style = w.HTML(STYLE + SEATS_STYLE, layout=w.Layout(display="none"))
        self.box = w.VBox(
            [style, self.info, self.countdown, self.position.box, controls, self.status, self.log, self.download]
        )
        self.box.add_class("mk-game")
        self.box.add_class("mk-table-board")
        self._sync_buttons()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    # the server's views

    def follow(self) -> None:
        """Follow the table: every view the server sends is drawn as it comes (a task on the running loop)."""
        self._spawn(self._follow)

    async def _follow(self) -> None:
        async for news in self.flow.follow():
            self.show(news)
        if self.flow.over:
            self.download.value = _download_link(await self.flow.record())

    def show(self, news: list[str] | None = None) -> None:
        """Draw the flow as its last view left it; ``news``: the log's new lines (the turns just played)."""
        with speaking(self.language):
            flow = self.flow
            self._show_info()
            session = flow.session
            if session is None or self.position.session is not session:
                self._put(session or PlaySession(Position(flow.table, flow.hand), flow.rules))
            if news:
                self.log.value = "".join(f"<div>{html.escape(line)}</div>" for line in reversed(flow.lines))
            situation = flow.situation()
            said = " ".join([*(news or [])[-1:], situation]) if not flow.over else situation
            self._tell(said, "valid" if flow.my_turn else "info")
            self._sync_buttons()
            self.tick()
            timed = flow.view.get("turn_seconds") is not None or flow.view.get("time_left") is not None
            if timed and (self._ticking is None or self._ticking.done()):
                self._ticking = self._spawn(self._tick)

    def _show_info(self) -> None:
        """The turn, the stock, the limit's time or turns left, and the seats."""
        flow = self.flow
        self.info.value = row_html(flow.turn_info(), [(_chip(seat), seat.now) for seat in flow.seats()])

    def tick(self) -> None:
        """Show the turn timer's seconds left (and the game's time left); a learner whose turn is nearly over hears
        it once, in time."""
        flow = self.flow
        if flow.time_left() is not None and flow.started:
            self._show_info()
        text = flow.countdown()
        self.countdown.value = html.escape(text)
        show(self.countdown, bool(text))
        left = flow.seconds_left()
        if flow.my_turn and left is not None and 0 < left <= WARN_SECONDS and self._warned != flow.turns:
            self._warned = flow.turns
            self.position.live.say(html.escape(text))

    async def _tick(self) -> None:
        """Count the turn timer down while the game goes on, without holding the kernel up."""
        while not self.flow.over:
            self.tick()
            await asyncio.sleep(self.flow.next_tick())
        self.tick()

    # the learner's buttons

    def _send(self, press: Callable[[], Awaitable[Answer]]) -> None:
        self._sync_buttons(waiting=True)
        self._spawn(lambda: self._sent(press))

    async def _sent(self, press: Callable[[], Awaitable[Answer]]) -> None:
        answer = await press()
        session = self.flow.session
        if session is not None and self.position.session is not session:
            # a view drawn while the action was on its way showed the cards unplayable: the turn is playable again
            # (refused, or not answered, with the cards the learner moved), or the next one came before the answer
            self._put(session)
        if not answer.ended or self.flow.waiting:  # else the views after the turn came first and said it all
            self._tell(answer.text, "info" if answer.ended else "hint" if answer.warning else "invalid")
        self._sync_buttons()

    def _board_said(self, change: dict[str, Any]) -> None:
        """The cards' board said something (a move, Undo, Check): say it on the table's one status line."""
        said = change["new"]
        if not said:
            return
        mark(self.status, kind_of(self.position.status) or "info")
        self.status.value = said
        self.position.status.value = ""
        self._sync_buttons()

    # helpers

    def _put(self, session: PlaySession) -> None:
        self.position.session = session
        self.position.status.value = ""
        self.position.redraw()

    def _sync_buttons(self, *, waiting: bool = False) -> None:
        """Each button enabled only when pressing it can do something: on the learner's own turn, with nothing on
        its way to the server."""
        session = self.flow.session
        mine = not waiting and session is not None and self.position.session is session
        moved = mine and session is not None and session.state != PlayState.of(session.start)
        self.buttons["Draw"].disabled = self.buttons["End turn"].disabled = not mine
        self.buttons["Restore"].disabled = not moved
        self.buttons["Hint"].disabled = not (mine and self.flow.hints)
        show(self.fill, not self.flow.started and bool(self.flow.free_seats) and self.flow.is_maker)
        self.fill.disabled = waiting
        self.position.buttons["Check"].disabled = not mine
        self.position.buttons["Undo"].disabled = not (mine and self.position.session.can_undo)
        self.position.buttons["Redo"].disabled = not (mine and self.position.session.can_redo)

    def _tell(self, text: str, kind: Kind) -> None:
        mark(self.status, kind)
        self.status.value = html.escape(text)
        self.position.live.say(html.escape(text))

    def _spawn(self, work: Callable[[], Awaitable[None]]) -> asyncio.Task[None]:
        """Run ``work()`` as a task on the running loop, in the board's language, its errors on the status line."""

        async def guarded() -> None:
            with speaking(self.language):
                try:
                    await work()
                except Exception as error:
                    self._error(error)

        task = asyncio.get_running_loop().create_task(guarded())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def _error(self, error: Exception) -> None:
        self.errors.append(traceback.format_exc())
        self._tell(_("Error: {error!r}", self.language).format(error=error), "invalid")

    def _guard(self, handler: F) -> F:
        """Run ``handler`` in the board's language, and show any exception it raises on the status line
        instead of losing it."""
        return spoken_and_guarded(handler, self.language, self._error)


def _chip(seat: SeatInfo) -> str:
    """A seat's chip: ▶ for the one whose turn it is, the name (yours marked), the cards held."""
    name = _("{name} (you)").format(name=seat.name) if seat.own else seat.name
    text = f"{NOW} {name}" if seat.now else name
    return text if seat.cards is None else f"{text} {count_cards(seat.cards)}"


def _download_link(record: str) -> str:
    data = base64.b64encode(record.encode("utf-8")).decode("ascii")
    title, link = _("save this game as a file, to load it again later"), _("Download the game's record")
    return (
        f'<a download="machiavelli-game.json" href="data:application/json;base64,{data}" '
        f'style="color: #1a5fb4; text-decoration: underline" title="{html.escape(title)}">{html.escape(link)}</a>'
    )


__all__ = ["TableBoard"]
