"""A learner's seat at a networked table, headless: what the board draws and what its buttons send.

The class server (:mod:`machiavelli_kit.classroom.server`) is the referee and plays the computer
players; a :class:`TableFlow` only reads the views it sends to this learner's seat (their own hand,
the others' hand sizes, the table, the stock, whose turn, the log, the result) and, on the learner's
turn, gives them a :class:`~machiavelli_kit.practice.session.PlaySession` to drag, undo, redo and
check on exactly as in a local game. End turn, Draw and Restore go to the server as actions; what it
refuses comes back as its own words, in the learner's language, on the status line.

The board (:mod:`machiavelli_kit.ui.table_board`) draws a flow and forwards its buttons; the tests
drive the same object against a real server process.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from machiavelli_kit.classroom.server.client import ClassClient, Refused, ServerGone, game_view
from machiavelli_kit.core.cards import Card, parse_card
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.game.actions import Action, Draw, Pass, Play, Restore
from machiavelli_kit.game.flow import Answer, limit_words, turn_hint, turn_line
from machiavelli_kit.game.narrator import (
    computer_playing,
    game_over,
    restore_warning,
    undo_before_drawing,
    your_turn,
)
from machiavelli_kit.game.plans import best_answer
from machiavelli_kit.i18n import _, language, ngettext, speaking
from machiavelli_kit.practice.session import PlaySession, PlayState

View = Mapping[str, Any]
"""A table's view as the server sends it to one seat (:meth:`ClassClient.views`)."""
Clock = Callable[[], float]
"""Seconds on a clock that only goes forward (:func:`time.monotonic`): the turn timer's countdown reads it."""


@dataclass(frozen=True)
class SeatInfo:
    """A seat as the board's seat row shows it: who sits there, how many cards they hold, whether it is their
    turn, whether it is the learner's own seat."""

    name: str
    cards: int | None
    now: bool
    own: bool
    computer: bool


class TableFlow:
    """The learner's ``seat`` at ``table`` on the class server ``client`` talks to, its texts in ``lang``.

    ``hints``: whether Hint helps (at a table of classmates it is off unless the maker wants it); ``clock``: what
    the turn timer's countdown is read on.
    """

    def __init__(
        self,
        client: ClassClient,
        table: str,
        seat: int,
        *,
        hints: bool = False,
        lang: str | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        self.client, self.table_id, self.seat, self.hints = client, table, seat, hints
        self.language = language(lang)
        self.clock = clock
        self.view: View = {}
        self._deadline: float | None = None
        """When the turn timer that runs now runs out, on :attr:`clock` (``None``: no timer runs)."""
        self._time_deadline: float | None = None
        """When the game's time limit runs out, on :attr:`clock` (``None``: no clock runs)."""
        self.lines: list[str] = []
        """The game's log as the server tells it to this seat, turn by turn, then the result."""
        self.sending = False
        """Whether an action is on its way to the server (the buttons wait for its answer)."""
        self._sent: int | None = None
        """The number of turns played once the server counted this learner's last action: until a view with that
        many turns comes, their turn is over though no view has said so yet."""
        self._session: PlaySession | None = None
        self._session_key: tuple[int, int] | None = None
        self._restore_asked = False

    @classmethod
    async def sit(
        cls, client: ClassClient, table: str, seat: int | None = None, *, hints: bool = False, lang: str | None = None
    ) -> TableFlow:
        """Take a seat at ``table`` (the first free one, or the seat already bound to this learner: a page
        opened again comes back to it) and return its flow; :class:`Refused` says why not."""
        taken = await client.join(table, seat)
        return cls(client, table, taken, hints=hints, lang=lang)

    # the views

    async def follow(self) -> AsyncIterator[list[str]]:
        """Each view as it comes, taken in (:meth:`take`): yields the log's new lines, until the game is over."""
        async for view in self.client.views(self.table_id):
            yield self.take(view)

    def take(self, view: View) -> list[str]:
        """Take in a view from the server; the log's lines it adds (the turns played since, the result)."""
        self.view = view
        left = view.get("turn_left")
        self._deadline = None if left is None else self.clock() + float(left)
        time_left = view.get("time_left")
        self._time_deadline = None if time_left is None else self.clock() + float(time_left)
        lines = list(self._game.get("log", []))
        news = lines[len(self.lines) :] if lines[: len(self.lines)] == self.lines else lines
        self.lines = lines
        return news

    @property
    def _game(self) -> Mapping[str, Any]:
        return self.view.get("game") or {}

    @property
    def status(self) -> str:
        """``open`` (waiting for players), ``playing`` or ``over``; ``""`` before the first view."""
        return str(self.view.get("status", ""))

    @property
    def started(self) -> bool:
        return bool(self._game)

    @property
    def over(self) -> bool:
        return self._game.get("result") is not None

    @property
    def rules(self) -> Rules:
        return Rules.parse(str(self.view.get("rules", "bga")))

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat (a seat still free: empty)."""
        if self.started:
            return tuple(self._game["players"])
        return tuple(seat.get("name") or seat.get("computer") or "" for seat in self.view.get("seats", []))

    @property
    def hand(self) -> tuple[Card, ...]:
        """The learner's own hand: the only hand a view holds."""
        return tuple(parse_card(code) for code in self._game.get("hand", []))

    @property
    def table(self) -> Table:
        return Table.parse(self._game.get("table", []))

    @property
    def helpers(self) -> tuple[Card, ...]:
        return tuple(parse_card(code) for code in self._game.get("helpers", []))

    @property
    def to_move(self) -> int | None:
        to_move = self._game.get("to_move")
        return None if to_move is None else int(to_move)

    @property
    def my_turn(self) -> bool:
        return self.started and not self.over and self.to_move == self.seat

    @property
    def waiting(self) -> bool:
        """Whether the server took the learner's action and its view has not come yet (the view may come before
        the server's answer to the action does: then there is nothing to wait for)."""
        return self._sent is not None and self.turns < self._sent

    @property
    def turns(self) -> int:
        return len(self._game.get("turns", []))

    def seats(self) -> list[SeatInfo]:
        """Every seat for the seat row."""
        sizes = self._game.get("hand_sizes") or [None] * len(self.view.get("seats", []))
        return [
            SeatInfo(
                name or _("(free seat)", self.language),
                None if sizes[index] is None else int(sizes[index]),
                index == self.to_move and not self.over,
                index == self.seat,
                bool(entry.get("computer")),
            )
            for index, (name, entry) in enumerate(zip(self.names, self.view.get("seats", []), strict=True))
        ]

    # the learner's turn

    @property
    def session(self) -> PlaySession | None:
        """The learner's turn on the board (``None`` on others' turns, while an action is on its way, and
        before the game); made again only when a new turn starts, so a view that changes nothing else keeps
        the cards the learner moved."""
        if not self.my_turn or self.sending or self.waiting:
            return None
        key = (self.turns, self.seat)
        if self._session is None or self._session_key != key:
            hand = self.hand + self.helpers  # the helping cards lie in the hand row, as in a local game
            best = partial(best_answer, game_view(self.view))
            self._session = PlaySession(Position(self.table, hand), self.rules, best=best)
            self._session_key = key
            self._restore_asked = False
        return self._session

    @property
    def _passes(self) -> bool:
        options = self._game.get("options", [])
        return "pass" in options and "draw" not in options

    def situation(self) -> str:
        """Whose turn it is and what to do, in a sentence or two."""
        with speaking(self.language):
            if not self.started:
                seats = self.view.get("seats", [])
                taken = sum(1 for seat in seats if seat.get("name") or seat.get("computer"))
                return ngettext(
                    "Waiting for players: {taken} of {count} seat is taken. The game starts when every seat is taken.",
                    "Waiting for players: {taken} of {count} seats are taken. The game starts when every seat is "
                    "taken.",
                    len(seats),
                ).format(taken=taken, count=len(seats))
            if self.over:
                return self.lines[-1] if self.lines else game_over()
            to_move = self.to_move
            assert to_move is not None
            if to_move == self.seat:
                return your_turn(None, passes=self._passes, helpers=self.helpers)
            name = self.names[to_move]
            if self.view["seats"][to_move].get("computer"):
                return computer_playing(name)
            return _("{name}'s turn: wait until they play.").format(name=name)

    def turn_info(self) -> str:
        """The turn, the stock, the helping cards and the turn timer: what the seat row says before the seats."""
        with speaking(self.language):
            if not self.started:
                return ""
            limit = (
                None
                if self.over
                else limit_words(self.time_left(), self.view.get("turns_left"), time_up=bool(self.view.get("time_up")))
            )
            parts = [
                turn_line(self.turns, over=self.over, stock=int(self._game["stock"]), helpers=self.helpers, limit=limit)
            ]
            seconds = self.view.get("turn_seconds")
            if seconds is not None:
                parts.append(_("{seconds:g} seconds a turn").format(seconds=seconds))
            return " · ".join(parts)

    def time_left(self) -> float | None:
        """The seconds the game's time limit has left now, ``None`` when it has no clock running."""
        if self._time_deadline is None:
            return None
        return max(0.0, self._time_deadline - self.clock())

    # the turn timer

    def seconds_left(self) -> int | None:
        """The whole seconds the turn timer has left (rounded up), ``None`` while no timer runs or the learner's
        action is on its way."""
        if self._deadline is None or not self.started or self.over or self.sending or self.waiting:
            return None
        return max(0, math.ceil(self._deadline - self.clock()))

    def next_tick(self) -> float:
        """The seconds until :meth:`seconds_left` changes (a second when no timer runs): when to look again."""
        if self._deadline is None:
            return 1.0
        left = self._deadline - self.clock()
        return left - math.floor(left) + 0.01 if 0 < left != math.floor(left) else 1.0

    def countdown(self) -> str:
        """The turn timer's seconds left, in a sentence (``""`` while no timer runs)."""
        left = self.seconds_left()
        if left is None or self.to_move is None:
            return ""
        with speaking(self.language):
            if not self.my_turn:
                name = self.names[self.to_move]
                return ngettext("{name} has {count} second left.", "{name} has {count} seconds left.", left).format(
                    name=name, count=left
                )
            if left == 0:
                return _("Time is up.")
            then = _("When the time is up, you pass.") if self._passes else _("When the time is up, you draw a card.")
            return (
                ngettext("{count} second left in your turn.", "{count} seconds left in your turn.", left).format(
                    count=left
                )
                + " "
                + then
            )

    # the buttons: each an action sent to the server

    async def end_turn(self) -> Answer:
        """Send the table as it is, if the turn is valid here; otherwise say why (nothing is sent)."""
        with speaking(self.language):
            session = self.session
            if session is None:
                return self._not_now()
            self._restore_asked = False
            report = session.check()
            if not report.valid:
                return Answer(False, report.text)
            taken = session.played() - Counter(self.hand)
            return await self._send(Play(Table.of(session.state.melds), tuple(sorted(taken.elements()))))

    async def draw(self) -> Answer:
        """Draw a card (or pass, once the stock is empty and play goes on): sent only with the table untouched."""
        with speaking(self.language):
            session = self.session
            if session is None:
                return self._not_now()
            self._restore_asked = False
            if session.state != PlayState.of(session.start):
                return Answer(False, undo_before_drawing(self.rules.restore_penalty))
            return await self._send(Pass() if self._passes else Draw())

    async def restore(self) -> Answer:
        """First say what Restore costs; the second press in a row sends it."""
        with speaking(self.language):
            if self.session is None:
                return self._not_now()
            if not self._restore_asked:
                self._restore_asked = True
                return Answer(False, restore_warning(self.rules), warning=True)
            self._restore_asked = False
            return await self._send(Restore())

    def hint(self) -> str:
        return turn_hint(self.session, self.hints, self.language)

    async def _send(self, action: Action) -> Answer:
        """Send ``action``; accepted, the turn is over (the server's next view tells it), refused, its words."""
        self.sending = True
        try:
            counted = await self.client.act(self.table_id, action)
        except Refused as error:
            return Answer(False, _("Not allowed: {reason}.").format(reason=error))
        except (ServerGone, TimeoutError) as error:
            return Answer(False, _("The class server did not answer: {reason}. Try again.").format(reason=error))
        finally:
            self.sending = False
        self._sent = counted
        return Answer(True, _("Sent. Waiting for the table..."))

    @property
    def is_maker(self) -> bool:
        """Whether the learner made this table: only they (or the teacher) may give its empty seats to computers."""
        return bool(self.view.get("maker"))

    @property
    def free_seats(self) -> list[int]:
        """The seats nobody has taken yet (while the table waits for players)."""
        return [
            index
            for index, seat in enumerate(self.view.get("seats", []))
            if not seat.get("name") and not seat.get("computer")
        ]

    async def fill(self, kind: str = "greedy") -> Answer:
        """Give every empty seat to the computer player ``kind``, so that the game starts now (the table's maker
        may; the server says why anyone else may not)."""
        with speaking(self.language):
            free = self.free_seats
            if not free:
                return Answer(False, _("No seat is empty."))
            try:
                for seat in free:
                    await self.client.give_to_computer(self.table_id, seat, kind)
            except Refused as error:
                return Answer(False, _("Not allowed: {reason}.").format(reason=error))
            except (ServerGone, TimeoutError) as error:
                return Answer(False, _("The class server did not answer: {reason}. Try again.").format(reason=error))
            return Answer(
                True,
                ngettext(
                    "A computer player took the empty seat.",
                    "Computer players took the {count} empty seats.",
                    len(free),
                ).format(count=len(free)),
            )

    def _not_now(self) -> Answer:
        if self.over:
            return Answer(False, game_over())
        if not self.started:
            return Answer(False, _("The game has not started yet: it starts when every seat is taken."))
        return Answer(False, _("It is not your turn."))

    async def record(self) -> str:
        """The game's record (JSON text, as ``game play`` writes it), once the game is over."""
        return await self.client.record(self.table_id)


__all__ = ["SeatInfo", "TableFlow", "View"]
