"""The class's tables in a notebook: give your name once (a name given on another page is used at once; inside a
JupyterHub your hub account is your name, and none is asked for), see
the open tables, make one or join one, then play at it (:class:`~machiavelli_kit.ui.table_board.TableBoard`).

A thin view over :mod:`machiavelli_kit.classroom.lobby`; everything that waits for the class server runs
as an asyncio task on the kernel's event loop, and the list of tables is asked for again every few
seconds while it is shown. A tournament open (or running: a latecomer plays from the next round) shows above the
tables with a button to join it; each of its rounds then opens the learner's table by itself. A learner already
seated at a game (a page closed and opened again) is taken straight back to their seat.
"""

from __future__ import annotations

import asyncio
import html
import traceback
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import ipywidgets as w

from machiavelli_kit.classroom.learner import remember_name, remembered_name
from machiavelli_kit.classroom.lobby import (
    Credentials,
    class_server_url,
    free_seats,
    own_seat,
    sign_in,
    table_text,
    tournament_place,
    tournament_text,
)
from machiavelli_kit.classroom.owners import NameTaken
from machiavelli_kit.classroom.server.client import ClassClient, Refused, ServerGone
from machiavelli_kit.classroom.table_flow import TableFlow
from machiavelli_kit.classroom.visitor import visitor
from machiavelli_kit.i18n import N_, _, language, pgettext, speaking
from machiavelli_kit.ui.game_parts import show
from machiavelli_kit.ui.game_setup import KINDS, PERSON, PRESETS, length_choice
from machiavelli_kit.ui.position_board import FIT
from machiavelli_kit.ui.status import STYLE, Kind, mark
from machiavelli_kit.ui.table_board import TableBoard

POLL_SECONDS = 4.0
"""How often the open tables are asked for again while the list is shown."""
TIMERS = ((N_("no turn timer"), None), (N_("30 seconds a turn"), 30.0), (N_("1 minute a turn"), 60.0),
          (N_("2 minutes a turn"), 120.0))  # fmt: skip
"""The turn timers a table may have: each label (said in the language in use) and its seconds."""
SEATS = (2, 3, 4)
CLASSMATE = PERSON
"""A seat left for a classmate (the other choices are the computer players)."""


class Lobby:
    """The class server at ``url`` (``None``: the one this page knows, :func:`class_server_url`), in ``lang``."""

    def __init__(
        self,
        url: str | None = None,
        *,
        lang: str | None = None,
        credentials: Credentials | None = None,
        scale: float = FIT,
        poll: float = POLL_SECONDS,
    ) -> None:
        self.url = url or class_server_url()
        if self.url is None:
            raise ValueError(_("no class server is known to this page", lang))
        self.language = language(lang)
        self.credentials = credentials or Credentials.for_this_page()
        self.scale, self.poll = scale, poll
        self.client: ClassClient | None = None
        self.board: TableBoard | None = None
        self.tables: list[dict[str, Any]] = []
        self.tournaments: list[dict[str, Any]] = []
        self.joined: dict[str, int] = {}
        """The tournaments this learner joined on this page: the round each has them play from."""
        self.errors: list[str] = []
        self.tasks: set[asyncio.Task[None]] = set()
        self._polling: asyncio.Task[None] | None = None
        with speaking(self.language):
            self._build()

    def _build(self) -> None:
        self.status = w.HTML("")
        self.status.add_class("mk-lobby-status")
        self.name = w.Text(
            value=remembered_name(visitor()) or "", description=_("Your name"), placeholder=_("as your class knows you")
        )
        self.enter = _button(pgettext("button", "Enter the class"), _("give your name to the class server"), "enter")
        self.enter.on_click(lambda _event: self._spawn(lambda: self._sign_in(self.name.value.strip())))
        self.sign_in_box = w.HBox([self.name, self.enter])
        self.list = w.VBox()
        self.list.add_class("mk-lobby-tables")
        self.refresh = _button(pgettext("button", "Refresh"), _("ask for the class's tables again"), "refresh")
        self.refresh.on_click(lambda _event: self._spawn(self._refresh))
        self.rules = w.Dropdown(options=[(_(label), value) for label, value in PRESETS], value="bga",
                                description=_("Rules"))  # fmt: skip
        self.seat_count = w.Dropdown(options=SEATS, value=2, description=_("Seats"))
        self.seat_count.add_class("mk-lobby-seats")
        self.seat_count.observe(lambda _change: self._seat_rows(), "value")
        kinds = [(_("a classmate"), CLASSMATE), *((_(label), kind) for label, kind in KINDS if kind != PERSON)]
        self.who = [
            w.Dropdown(options=kinds, value=CLASSMATE, description=_("Seat {number}").format(number=seat + 1))
            for seat in range(1, max(SEATS))
        ]
        self.timer = w.Dropdown(options=[(_(label), seconds) for label, seconds in TIMERS], value=None,
                                description=_("Turn timer"), style={"description_width": "initial"})  # fmt: skip
        self.length = length_choice()
        self.make = _button(pgettext("button", "Make a table"), _("make a table and sit at its first seat"), "make")
        self.make.on_click(lambda _event: self._spawn(self._make))
        you = w.HTML(html.escape(_("Seat 1: you")))
        self.make_box = w.VBox([_heading(_("Make a table")), self.rules, self.seat_count,
                                you, *self.who, self.timer, self.length, self.make])  # fmt: skip
        self.you = w.HTML("")
        self.you.add_class("mk-lobby-you")
        self.tournament_list = w.VBox()
        self.tournament_list.add_class("mk-lobby-tournaments")
        self.lobby_box = w.VBox([self.you, self.tournament_list, _heading(_("Open tables")), self.list, self.refresh,
                                 self.make_box])  # fmt: skip
        self.back = _button(pgettext("button", "Back to the tables"), _("see the class's tables again"), "back")
        self.back.on_click(lambda _event: self._spawn(self._to_lobby))
        self.table_box = w.VBox()
        style = w.HTML(STYLE, layout=w.Layout(display="none"))
        self.box = w.VBox([style, self.sign_in_box, self.lobby_box, self.table_box, self.status])
        self.box.add_class("mk-lobby")
        self._seat_rows()
        for part in (self.sign_in_box, self.lobby_box, self.table_box):  # until the server says which is wanted
            show(part, False)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def open(self) -> Lobby:
        """Come in with the name this page's learner gave before, if any (straight back to their seat at a table
        not over yet); otherwise ask for it. Runs on the kernel's event loop."""
        self._spawn(lambda: self._sign_in(None))
        return self

    # the steps

    async def _sign_in(self, name: str | None) -> None:
        """Come in as ``name`` (typed), or (``None``) with the credential kept, else the name given last on any page."""
        if name == "":
            self._tell(_("Type your name first."), "invalid")
            return
        assert self.url is not None
        if name is not None:
            name = self._remember(name)
            if name is None:
                return
        self.client = await sign_in(self.url, name, self.language, self.credentials)
        if self.client is None and self.name.value.strip():
            self.client = await sign_in(self.url, self.name.value.strip(), self.language, self.credentials)
        if self.client is None:
            show(self.sign_in_box, True)
            self._tell(_("Give your name to play your class."), "info")
            return
        show(self.sign_in_box, False)
        self.you.value = html.escape(self._you(self.client))
        self._spawn(self._follow_rounds)
        await self._refresh()
        own = next((table for table in self.tables if self._own_seat(table) is not None), None)
        if own is not None:
            await self._join(str(own["id"]))
        else:
            self._to_tables()

    async def _refresh(self) -> None:
        client = self._client()
        tournaments = await client.tournaments()
        self.tables = await client.tables()  # no wait from here on: the list drawn is the list kept
        self.tournaments = tournaments
        self._tournament_rows()
        rows = []
        for table in self.tables:
            seat = self._own_seat(table)
            if seat is not None:
                label, tooltip = pgettext("button", "Back to my seat"), _("go back to your seat at this table")
            else:
                label, tooltip = pgettext("button", "Join"), _("sit at this table's first free seat")
            join = _button(label, tooltip, "join")
            join.disabled = seat is None and (table["status"] != "open" or not free_seats(table))
            join.on_click(lambda _event, table_id=str(table["id"]): self._spawn(lambda: self._join(table_id)))
            text = w.HTML(html.escape(table_text(table, self.language)))
            text.add_class("mk-lobby-table-text")
            row = w.HBox([join, text])
            row.add_class("mk-lobby-table")
            rows.append(row)
        if not rows:
            rows.append(w.HTML(html.escape(_("No table is open yet: make one below."))))
        self.list.children = tuple(rows)

    def _tournament_rows(self) -> None:
        """Each tournament not over: in words, with a button to join it, or where the learner stands once in."""
        rows: list[w.Widget] = []
        for tournament in self.tournaments:
            key = str(tournament["id"])
            text = w.HTML(html.escape(tournament_text(tournament, self.language)))
            text.add_class("mk-lobby-tournament-text")
            if tournament.get("entered"):
                first = self.joined.get(key, int(tournament.get("round") or 0) + 1)
                place = w.HTML(f"<b>{html.escape(tournament_place(tournament, first, self.language))}</b>")
                place.add_class("mk-lobby-tournament-place")
                rows.append(w.VBox([text, place]))
                continue
            join = _button(pgettext("button", "Join the tournament"), _("play every round of this tournament"),
                           "join-tournament")  # fmt: skip
            join.on_click(lambda _event, key=key: self._spawn(lambda: self._join_tournament(key)))
            row = w.HBox([join, text])
            row.add_class("mk-lobby-tournament")
            rows.append(row)
        self.tournament_list.children = (_heading(_("Tournament")), *rows) if rows else ()

    async def _join_tournament(self, tournament: str) -> None:
        """Enter the tournament; the lobby then says which round the learner plays from."""
        self.joined[tournament] = await self._client().join_tournament(tournament)
        self.tournaments = await self._client().tournaments()
        self._tournament_rows()
        wanted = next((t for t in self.tournaments if str(t["id"]) == tournament), None)
        if wanted is not None:
            self._tell(tournament_place(wanted, self.joined[tournament], self.language), "valid")

    async def _make(self) -> None:
        computers = {seat: kind.value for seat, kind in enumerate(self.who[: self.seat_count.value - 1], start=1)
                     if kind.value != CLASSMATE}  # fmt: skip
        table = await self._client().new_table(
            self.rules.value, self.seat_count.value, computers, self.timer.value, limit=self.length.value
        )
        await self._join(table)

    async def _join(self, table: str) -> None:
        try:
            flow = await TableFlow.sit(self._client(), table, lang=self.language)
        except Refused as error:
            self._tell(_sentence(str(error)), "invalid")
            await self._refresh()
            return
        self._stop_polling()
        self.board = TableBoard(flow, scale=self.scale)
        self.table_box.children = (self.board.box, self.back)
        show(self.lobby_box, False)
        show(self.table_box, True)
        self.status.value = ""
        self.board.follow()

    async def _follow_rounds(self) -> None:
        """A tournament's round starting for this learner opens their table by itself, leaving the one before."""
        client = self._client()
        while True:
            started = await client.next_round()
            self._leave_board()
            await self._join(str(started["table"]))

    def _leave_board(self) -> None:
        if self.board is not None:
            for task in list(self.board.tasks):
                task.cancel()
            self.board = None

    async def _to_lobby(self) -> None:
        self._leave_board()
        self.table_box.children = ()
        await self._refresh()
        self._to_tables()

    def _to_tables(self) -> None:
        show(self.table_box, False)
        show(self.lobby_box, True)
        self._tell(_("Join a table, or make one."), "info")
        if self._polling is None or self._polling.done():
            self._polling = self._spawn(self._poll)

    async def _poll(self) -> None:
        while self.board is None:
            await asyncio.sleep(self.poll)
            if self.board is None:
                await self._refresh()

    # helpers

    def _remember(self, name: str) -> str | None:
        """Keep ``name`` for the pages opened next (on the app it becomes this browser's); ``None``, said in words,
        when it is another learner's."""
        try:
            return remember_name(name, visitor())
        except NameTaken as error:
            self._tell(_sentence(str(error)), "invalid")
            return None
        except ValueError:
            return name  # a name no student's file may have, a list that cannot be saved: the class server decides

    @staticmethod
    def _you(client: ClassClient) -> str:
        """Who the learner plays as, in words: their hub account inside a hub, else the name they gave."""
        if client.hub_token:
            return _("You play as {name}, your account on this hub.").format(name=client.name)
        return _("You play as {name}.").format(name=client.name)

    def _seat_rows(self) -> None:
        for seat, who in enumerate(self.who, start=1):
            show(who, seat < self.seat_count.value)

    def _own_seat(self, table: Mapping[str, Any]) -> int | None:
        return None if self.client is None or self.client.name is None else own_seat(table, self.client.name)

    def _client(self) -> ClassClient:
        if self.client is None:
            raise RuntimeError(_("give your name first", self.language))
        return self.client

    def _stop_polling(self) -> None:
        if self._polling is not None:
            self._polling.cancel()
            self._polling = None

    def _tell(self, text: str, kind: Kind) -> None:
        mark(self.status, kind)
        self.status.value = html.escape(text)

    def _spawn(self, work: Callable[[], Awaitable[None]]) -> asyncio.Task[None]:
        """Run ``work()`` as a task on the running loop, in the lobby's language, its errors said in words."""

        async def guarded() -> None:
            with speaking(self.language):
                try:
                    await work()
                except Refused as error:  # the server's own words
                    self._tell(_sentence(str(error)), "invalid")
                except ServerGone as error:
                    self._tell(_sentence(str(error)) + " " + _("Ask your teacher whether it is running."), "invalid")
                except Exception as error:
                    self.errors.append(traceback.format_exc())
                    self._tell(_("Error: {error!r}").format(error=error), "invalid")

        task = asyncio.get_running_loop().create_task(guarded())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task


def class_tables(*, lang: str | None = None) -> Lobby | w.HTML:
    """The lobby of the class server this page knows, opened; without one, a line saying how to get one."""
    if class_server_url() is None:
        line = _(
            "No class server is known to this page. To play your classmates, open this page from the app your "
            "teacher starts with machiavelli-kit app.",
            lang,
        )
        return w.HTML(f"<p>{html.escape(line)}</p>")
    return Lobby(lang=lang).open()


def _heading(text: str) -> w.HTML:
    return w.HTML(f"<b>{html.escape(text)}</b>")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _button(label: str, tooltip: str, name: str) -> w.Button:
    button = w.Button(description=label, tooltip=tooltip, layout=w.Layout(width="auto"))
    button.add_class(f"mk-lobby-{name}")
    return button


__all__ = ["POLL_SECONDS", "Lobby", "class_tables"]
