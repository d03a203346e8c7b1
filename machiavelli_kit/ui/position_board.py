"""An ipycanvas widget to rearrange a position with the mouse (or a finger).

A thin layer over :class:`machiavelli_kit.practice.session.PlaySession`: it draws the
session's state, turns drags into moves and shows every answer, and every
error raised in a handler, on its status line, with a colour and an icon for
its kind (:mod:`machiavelli_kit.ui.status`). The board is as wide as its size
asks (``SIZES``; the learner picks one with the S/M/L/XL buttons) but never
wider than the page: on a narrow page the browser scales the whole canvas
down, and the buttons wrap within the board's width. A board made with
``scale=FIT`` has a Fit button too, and then fills the page's width, as far
as the screen's height leaves room for it (the game board's size).

The board speaks the language it was made in (``lang=``, else the language in
use then: the session's, set by the start notebook's language switch, or the
environment's), in its buttons, its drawing and every message.
"""

from __future__ import annotations

import asyncio
import html
import traceback
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import ipywidgets as w
from ipycanvas import MultiCanvas, hold_canvas

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.position import Position, Table, check_table
from machiavelli_kit.core.rules import BGA, Rules, as_rules
from machiavelli_kit.i18n import _, and_list, language, pgettext, speaking
from machiavelli_kit.practice.session import CheckReport, Place, PlayError, PlaySession, PlayState, nothing_to_show
from machiavelli_kit.solver import SolverTimeout
from machiavelli_kit.solver.steps import Move
from machiavelli_kit.ui.board_keys import BoardKeys
from machiavelli_kit.ui.cursor import Cursor, CursorKey, Stop
from machiavelli_kit.ui.layout import CARD_H, CARD_W, WIDTH, Board, CardSpot, Rect, lay_out
from machiavelli_kit.ui.live_region import LiveRegion
from machiavelli_kit.ui.painter import Pen, paint_board, paint_focus, paint_lifted
from machiavelli_kit.ui.shortcuts import Shortcut, cursor_key, shortcut_for
from machiavelli_kit.ui.status import STYLE, Kind, in_own_language, kind_of, mark, reporting_errors
from machiavelli_kit.ui.steady_focus import SteadyFocus

STEP_DELAY = 0.35
SIZES = {"small": 0.8, "medium": 1.0, "large": 1.4, "huge": 2.0}
"""The card sizes the learner can pick, as scales of the 50 x 72 px card."""
SIZE_LABELS = {"small": "S", "medium": "M", "large": "L", "huge": "XL"}
FIT = 0.0
"""The size that fills the page's width, as far as the screen's height allows (not one of ``SIZES``)."""
FIT_RATIO = 2.0
"""Canvas pixels per layout unit of a fitted board, as at the medium size: crisp on a laptop, a little soft
on a 1080p projector (1.25 screen pixels to a canvas pixel). At 3 a drop took 64 ms to show instead of 36
(benchmarks/board_latency.py, the canvas has 2.25 times the pixels to paint)."""
FIT_ROOM = 330
"""The height in CSS pixels a fitted board leaves on the screen for what sits round it: a title, the
seats, the buttons and the status line."""
F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class _Drag:
    """The card being dragged, where it was grabbed (dx, dy) and where the pointer is (x, y)."""

    spot: CardSpot
    dx: float
    dy: float
    x: float
    y: float


class PositionBoard:
    """Cards on green felt that can be dragged between melds, the working area and the hand.

    ``position`` may be a :class:`PlaySession` already made (a puzzle's, say);
    then its own rules count. ``scale`` is the card size to start with (1.0 is
    medium, see ``SIZES``; the size buttons change it); ``pixel_ratio`` is how
    many canvas pixels back one CSS pixel at that size, for crisp cards on
    HiDPI screens and when the page shrinks the board (ipycanvas cannot read
    the device's ratio); ``name`` adds the CSS class ``mk-position-<name>``
    (a handle for tests). ``lang`` is the language the board speaks (by
    default the one in use when it is made).
    """

    def __init__(
        self,
        position: Position | PlaySession,
        rules: Rules | str | None = BGA,
        *,
        scale: float = 1.0,
        four_colour: bool = False,
        pixel_ratio: float = 2.0,
        title: str = "",
        name: str = "",
        lang: str | None = None,
    ) -> None:
        self.language = language(lang)
        """The language the board speaks, fixed when it is made."""
        with speaking(self.language):
            self._build(position, rules, scale, four_colour, pixel_ratio, title, name)

    def _build(
        self,
        position: Position | PlaySession,
        rules: Rules | str | None,
        scale: float,
        four_colour: bool,
        pixel_ratio: float,
        title: str,
        name: str,
    ) -> None:
        self.session = position if isinstance(position, PlaySession) else PlaySession(position, as_rules(rules))
        self.four_colour = four_colour
        self.scale = scale
        self.pixel_ratio = pixel_ratio
        self._k = self._ratio()
        self._highlight: tuple[int, ...] = ()
        self._drag: _Drag | None = None
        self._last_touch = (0.0, 0.0)
        self._cursor = Cursor()
        self._keyboard = False
        """Whether the cards have the keyboard's focus, shown (after Tab): the focused card is outlined then."""
        self._solved_callbacks: list[Callable[[CheckReport], None]] = []
        self.errors: list[str] = []
        self.solving: asyncio.Task[None] | None = None
        """The Solve animation while it runs in a kernel's event loop."""
        self.canvas = MultiCanvas(2, layout=w.Layout(width="100%", height="auto"))
        self.canvas.add_class("mk-canvas")
        self.buttons = {  # by their names (BUTTON_KEYS), the same in every language
            "Undo": self._button("undo", pgettext("button", "Undo"), _("take back the last move"), self._on_undo),
            "Redo": self._button("redo", pgettext("button", "Redo"), _("play the undone move again"), self._on_redo),
            "Restore": self._button(
                "restore",
                pgettext("button", "Restore"),
                _("put every card back where it was at the start of the turn"),
                self._on_restore,
            ),
            "Check": self._button(
                "check",
                pgettext("button", "Check"),
                _("is the table valid, and is this turn allowed?"),
                self._on_check,
            ),
            "No play: draw": self._button(
                "no-play",
                pgettext("button", "No play: draw"),
                _("end the turn without playing: draw 1 card (the restore penalty if you moved cards)"),
                self._on_no_play,
            ),
            "Hint": self._button(
                "hint", pgettext("button", "Hint"), _("a hint; press again for a stronger one"), self._on_hint
            ),
            "Solve": self._button(
                "solve", pgettext("button", "Solve"), _("show a best play, move by move"), self._on_solve
            ),
            "Tidy": self._button(
                "tidy", pgettext("button", "Tidy"), _("put the cards of every meld in order"), self._on_tidy
            ),
        }
        self.key_buttons: dict[Shortcut, w.Button] = {
            shortcut: self.buttons[name]
            for shortcut, name in ((Shortcut.UNDO, "Undo"), (Shortcut.REDO, "Redo"), (Shortcut.CHECK, "Check"),
                                   (Shortcut.RESTORE, "Restore"), (Shortcut.HINT, "Hint"))
        }  # fmt: skip
        """The button each letter key presses while the cards have the focus (a game gives the board its own)."""
        self.keys = BoardKeys()
        self.live = LiveRegion()
        """Every message of the status line, and where the keyboard's focus is, for a screen reader."""
        self.size_choice = w.ToggleButtons(
            options=_size_options(scale),
            value=scale,
            tooltips=[_size_tip(name) for name in _size_names(scale)],
            style={"button_width": "auto"},
        )
        self.size_choice.add_class("mk-size")
        self.size_choice.observe(self._guard(self._resized), names="value")
        self.status = w.HTML()
        self.status.add_class("mk-status")
        self.status_line = w.HBox([self.status], layout=w.Layout(width="100%"))
        """The status line: the board's messages (and a puzzle's verdict, put in front of them)."""
        self.status_line.add_class("mk-status-line")
        self.heading = w.HTML(f"<b>{html.escape(title)}</b>")
        """The board's title over the cards (left out when there is none)."""
        parts: list[Any] = [self.heading] if title else []
        size = w.HBox([w.Label(_("Card size")), self.size_choice], layout=w.Layout(width="auto", align_items="center"))
        row = w.HBox([*self.buttons.values(), size], layout=w.Layout(flex_flow="row wrap", width="100%"))
        row.add_class("mk-board-buttons")
        style = w.HTML(STYLE, layout=w.Layout(display="none"))
        self.box = w.VBox([style, *parts, self.canvas, row, self.status_line, SteadyFocus(), self.keys, self.live])
        self.box.add_class("mk-position")
        self._size_box(self.board())
        if name:
            self.box.add_class(f"mk-position-{name}")
        self.canvas[0].on_client_ready(self._guard(self.redraw))
        self.canvas.on_mouse_down(self._guard(self._down))
        self.canvas.on_mouse_move(self._guard(self._over))
        self.canvas.on_mouse_up(self._guard(self._up))
        self.canvas.on_mouse_out(self._guard(self._out))
        self.canvas.on_touch_start(self._guard(self._touch(self._down)))
        self.canvas.on_touch_move(self._guard(self._touch(self._over)))
        self.canvas.on_touch_end(self._guard(self._touch_end))
        self.canvas.on_touch_cancel(self._guard(self._touch(self._out)))
        self.keys.on_key(self._guard(self._on_board_key))
        self.keys.on_focus(self._guard(self._on_board_focus))
        self._changed(_("Drag cards between melds, onto empty felt, or into the working area."), "info")

    def _button(self, name: str, label: str, tooltip: str, handler: Callable[..., None]) -> w.Button:
        """A button of the board, with the CSS class ``mk-<name>``, wired to its own ``handler``."""
        button = w.Button(description=label, tooltip=tooltip, layout=w.Layout(width="auto"))
        button.add_class(f"mk-{name}")
        button.on_click(self._guard(handler))
        return button

    @property
    def status_kind(self) -> Kind | None:
        """What the status line shows now: ``"valid"``, ``"invalid"``, ``"hint"`` or ``"info"``."""
        return kind_of(self.status)

    def say(self, message: str, kind: Kind) -> None:
        """Show ``message`` (HTML) on the status line with the colour and icon of ``kind``."""
        mark(self.status, kind)
        self.status.value = message
        self.live.say(message)

    def on_solved(self, callback: Callable[[CheckReport], None]) -> None:
        """Call ``callback(report)`` whenever a Check (or Solve) finds a valid turn."""
        self._solved_callbacks.append(callback)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    # drawing

    def board(self) -> Board:
        return lay_out(self.session.state, WIDTH)

    def _resized(self, change: dict[str, Any]) -> None:
        self.scale = float(change["new"])
        self._k = self._ratio()
        self.redraw()

    def _ratio(self) -> float:
        """Canvas pixels per layout unit."""
        return FIT_RATIO if self.scale == FIT else self.scale * self.pixel_ratio

    def _size_box(self, board: Board) -> None:
        """The board as wide as its size asks, never wider than the page; a fitted one as wide as the page,
        unless the screen is too low for the board's shape (the ``FIT_ROOM`` pixels under and over it kept)."""
        if self.scale == FIT:
            aspect = board.width / board.height
            width = f"min(100%, calc((100vh - {FIT_ROOM}px) * {aspect:.4f}))"
        else:
            width = f"{WIDTH * self.scale:g}px"
        if self.box.layout.width != width:
            self.box.layout = w.Layout(width=width, max_width="100%")

    @in_own_language
    def redraw(self, *_args: object) -> None:
        """Draw the whole state on the bottom layer, and the lifted card (if any) on the top one."""
        board = self.board()
        self._fit(board)
        hidden = self._drag.spot if self._drag else None
        base = self.canvas[0]
        with hold_canvas():
            base.clear()
            base.save()
            base.scale(self._k)
            paint_board(Pen(base), board, hidden=hidden, highlight=self._highlight, four_colour=self.four_colour)
            base.restore()
            self._paint_lifted(board)

    def _fit(self, board: Board) -> None:
        """Size the canvas to the board: it grows and shrinks with the rows (the page scales it to its width)."""
        self._size_box(board)
        width, height = round(board.width * self._k), round(board.height * self._k)
        if (self.canvas.width, self.canvas.height) != (width, height):
            self.canvas.width, self.canvas.height = width, height

    def _paint_lifted(self, board: Board | None = None) -> None:
        """The dragged card under the pointer, and an outline round where it would land."""
        top = self.canvas[1]
        top.clear()
        board = board or self.board()
        focus = self._cursor.card(board) if self._keyboard else None
        if self._drag is None and focus is None:
            return
        top.save()
        top.scale(self._k)
        if self._drag is not None:
            drag = self._drag
            card_box = Rect(drag.x - drag.dx, drag.y - drag.dy, CARD_W, CARD_H)
            keyboard = self._cursor.holding(board) is not None
            paint_lifted(Pen(top), board, drag.spot, card_box, (drag.x, drag.y), self.four_colour, keyboard=keyboard)
        elif focus is not None:
            paint_focus(Pen(top), focus, self.four_colour)
        top.restore()

    # pointer

    def _down(self, x: float, y: float) -> None:
        self._cursor = Cursor(self._cursor.at)  # a card held up with the keyboard is let go
        x, y = x / self._k, y / self._k
        spot = self.board().card_at(x, y)
        if spot is None:
            return
        self._drag = _Drag(spot, x - spot.box.x, y - spot.box.y, x, y)
        self.redraw()

    def _over(self, x: float, y: float) -> None:
        if self._drag is not None and self._cursor.held is None:
            self._drag.x, self._drag.y = x / self._k, y / self._k
            with hold_canvas():
                self._paint_lifted()

    @in_own_language
    def _up(self, x: float, y: float) -> None:
        drag, self._drag = self._drag, None
        if drag is None:
            return
        board = self.board()
        x, y = x / self._k, y / self._k
        target = board.drop_target(x, y)
        index = board.drop_index(target, x - drag.dx, drag.spot) if isinstance(target, int) else None
        card, source = drag.spot.card, drag.spot.place
        try:
            if target is not None and self.session.move(card, source, target, index):
                self._changed(_moved_text(card, source, target))
                return
        except PlayError as error:
            # TRANSLATORS: {reason} is why the move is not allowed, a sentence of the validator.
            self.say(_("Not allowed: {reason}").format(reason=html.escape(str(error))), "invalid")
        self.redraw()

    def _out(self, x: float, y: float) -> None:
        if self._drag is not None and self._cursor.held is None:
            self._drag = None
            self.redraw()

    def _touch(self, handler: Callable[[float, float], None]) -> Callable[[list[tuple[float, float]]], None]:
        def first_finger(touches: list[tuple[float, float]]) -> None:
            if touches:
                self._last_touch = touches[0]
                handler(*touches[0])

        return first_finger

    def _touch_end(self, touches: list[tuple[float, float]]) -> None:
        self._up(*self._last_touch)

    # keyboard

    @in_own_language
    def _on_board_key(self, event: Mapping[str, Any]) -> None:
        """A key pressed while the cards have the focus: the arrows, Enter, Space and Escape move the focus
        and a card; a letter presses its button (:data:`key_buttons`), if that button can be pressed now."""
        key = cursor_key(event)
        if key is not None:
            self._cursor_key(key)
            return
        shortcut = shortcut_for(event)
        button = None if shortcut is None else self.key_buttons.get(shortcut)
        if button is not None and not button.disabled and button.layout.display != "none":
            self._let_go()
            button.click()

    @in_own_language
    def _on_board_focus(self, focused: bool, visible: bool) -> None:
        """The cards took the keyboard's focus (``visible``: after Tab, not a mouse press) or lost it; the
        first time, the board says which keys play."""
        if not focused or not visible:
            self._keyboard = False
            if not focused:
                self._let_go()
            self._paint_lifted()
            return
        if self._keyboard:
            return
        self._keyboard, first = True, self._cursor.at is None and self._cursor.held is None
        self._cursor_key("right" if first else None)
        if first:
            self.say(
                _("The arrow keys move between the cards, Enter or Space picks one up and puts it down, "
                  "Escape puts it back."),
                "info",
            )  # fmt: skip

    def _cursor_key(self, key: CursorKey | None) -> None:
        """Move the focus (or the held card) with ``key``, pick the focused card up or put the held one down."""
        self._keyboard = True
        board = self.board()
        held = self._cursor.holding(board)
        if held is not None and key == "enter":
            self._put_down(board, held)
            return
        cursor = self._cursor if key is None else self._cursor.press(board, key)
        self._cursor = cursor
        lifted = cursor.holding(board)
        if lifted is None:
            if held is not None:  # Escape, or the card is gone
                self._drag = None
                self.redraw()
                self.say(_("{card} is back where it was.").format(card=held.card), "info")
                return
            spot = cursor.card(board)
            self._paint_lifted(board)
            if spot is not None:
                self.live.say(_spot_text(spot))
            return
        stop = cursor.stop(board)
        assert stop is not None
        if held is None:  # just picked up
            self._drag = _Drag(lifted, 0.0, CARD_H / 2, *stop.point)
            self.redraw()
            self.say(_("You hold {card}: move it with the arrow keys, put it down with Enter.").format(
                card=lifted.card), "info")  # fmt: skip
            return
        if self._drag is not None:
            self._drag.x, self._drag.y = stop.point
        self._paint_lifted(board)
        self.live.say(_stop_text(stop, board, lifted))

    def _put_down(self, board: Board, held: CardSpot) -> None:
        """Put the held card down where the focus is: the same move as a drag letting go there."""
        stop = self._cursor.stop(board)
        assert stop is not None
        melds = len(self.session.state.melds)
        self._drag = _Drag(held, 0.0, CARD_H / 2, *stop.point)
        before = self.session.state
        self._cursor = Cursor((held.place, held.index))
        self._up(stop.point[0] * self._k, stop.point[1] * self._k)
        after = self.board()
        place = melds if stop.target == "new" else stop.target
        there = [spot for spot in after.cards if spot.card == held.card]
        moved = [spot for spot in there if spot.place == place] or there  # a meld emptied: the later ones move up
        if self.session.state == before or not moved:
            self._cursor = Cursor((held.place, held.index))
        else:
            near = min(moved, key=lambda spot: abs(spot.index - (stop.index or 0)))
            self._cursor = Cursor((near.place, near.index))
        self._paint_lifted(after)

    def _let_go(self) -> None:
        """A card held up with the keyboard goes back, silently (the focus left the board, a button is pressed)."""
        if self._cursor.held is not None:
            self._cursor = Cursor((self._cursor.held.place, self._cursor.held.index))
            self._drag = None
            self.redraw()

    # buttons

    @in_own_language
    def _on_undo(self, _button: object = None) -> None:
        self._changed(_("Undone.") if self.session.undo() else _("Nothing to undo."))

    @in_own_language
    def _on_redo(self, _button: object = None) -> None:
        self._changed(_("Redone.") if self.session.redo() else _("Nothing to redo."))

    @in_own_language
    def _on_restore(self, _button: object = None) -> None:
        self._changed(_("Back to the start of the turn.") if self.session.restore() else _("Already at the start."))

    @in_own_language
    def _on_tidy(self, _button: object = None) -> None:
        self._changed(_("Every meld is in order now.") if self.session.tidy() else _("Every meld is in order already."))

    @in_own_language
    def _on_check(self, _button: object = None) -> None:
        report = self.session.check()
        self._highlight = report.invalid_melds
        self.redraw()
        self.say(html.escape(report.text), "valid" if report.valid else "invalid")
        if report.valid:
            for callback in self._solved_callbacks:
                callback(report)

    @in_own_language
    def _on_no_play(self, _button: object = None) -> None:
        report = self.session.no_play()
        self._changed(html.escape(report.text), "valid" if report.correct else "invalid")

    @in_own_language
    def _on_hint(self, _button: object = None) -> None:
        self.say(html.escape(self.session.hint()), "hint")

    @in_own_language
    def _on_solve(self, _button: object = None) -> None:
        """Play the solver's moves one by one: animated in a running kernel, all at once without an event loop."""
        steps = self.session.solve_steps()
        try:
            no_play = self.session.no_play_reason()
        except SolverTimeout as gave_up:  # and it found no play to show
            self.say(nothing_to_show(gave_up), "info")
            return
        if no_play is not None:
            self._on_no_play()
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # headless, no event loop: nothing to animate for
            for count, step in enumerate(steps, start=1):
                self._changed(_solve_text(count, step), "info")
            self._on_check()
            return
        self.solving = loop.create_task(self._animate(steps))

    async def _animate(self, steps: Iterator[Move]) -> None:
        """Show each move for ``STEP_DELAY`` seconds without blocking the kernel; the buttons wait meanwhile."""
        with speaking(self.language):
            await self._animate_steps(steps)

    async def _animate_steps(self, steps: Iterator[Move]) -> None:
        buttons = list(self.buttons.values())
        was_disabled = [button.disabled for button in buttons]
        for button in buttons:
            button.disabled = True
        try:
            for count, step in enumerate(steps, start=1):
                self._changed(_solve_text(count, step), "info")
                await asyncio.sleep(STEP_DELAY)
        except Exception as error:
            self.errors.append(traceback.format_exc())
            self.say(_("Error: {error}").format(error=html.escape(repr(error))), "invalid")
            return
        finally:
            for button, disabled in zip(buttons, was_disabled, strict=True):
                button.disabled = disabled
            self._sync_buttons()
        self._on_check()

    @in_own_language
    def _changed(self, message: str, kind: Kind | None = None) -> None:
        """The table changed: redraw it and say ``message``; without a ``kind``, add whether every meld is valid."""
        self._highlight = ()
        self._sync_buttons()
        self.redraw()
        if kind is None:
            verdict, kind = self._table_verdict()
            # TRANSLATORS: what just happened, then whether the table is valid now ("Undone. Meld 2 is not valid yet.").
            message = _("{message} {verdict}").format(message=message, verdict=verdict)
        self.say(message, kind)

    def _table_verdict(self) -> tuple[str, Kind]:
        """Whether the table is all valid melds now, in words, and the kind to show it with."""
        state = self.session.state
        if state.work:
            return _("Put the cards in the working area back on the table."), "invalid"
        broken = check_table(Table.of(state.melds), self.session.rules).invalid_melds()
        if not broken:
            return _("Every meld on the table is valid."), "valid"
        numbers = [str(index + 1) for index in broken]
        if len(numbers) == 1:
            return _("Meld {number} is not valid yet.").format(number=numbers[0]), "invalid"
        # TRANSLATORS: {numbers} is a list of two or more meld numbers ("1, 2 and 4").
        return _("Melds {numbers} are not valid yet.").format(numbers=and_list(numbers)), "invalid"

    def _sync_buttons(self) -> None:
        """The buttons that would do nothing now look it: Undo, Redo, and Restore on an untouched board."""
        self.buttons["Undo"].disabled = not self.session.can_undo
        self.buttons["Redo"].disabled = not self.session.can_redo
        self.buttons["Restore"].disabled = self.session.state == PlayState.of(self.session.start)

    def _guard(self, handler: F) -> F:
        """Show any exception raised by ``handler`` on the status line instead of losing it."""
        return reporting_errors(handler, self._report_error)

    @in_own_language
    def _report_error(self, error: Exception) -> None:
        self.errors.append(traceback.format_exc())
        self.say(_("Error: {error}").format(error=html.escape(repr(error))), "invalid")


def example_widget(identifier: str, *, lang: str | None = None, **options: Any) -> Any:
    """A worked example from :mod:`machiavelli_kit.practice.examples` to play, with its story folded away."""
    from machiavelli_kit.practice.examples import example

    item = example(identifier)
    lang = language(lang)
    board = PositionBoard(
        item.position, item.rules, title=f"{item.id} ({item.source})", name=item.id, lang=lang, **options
    )
    with speaking(lang):
        title, told = _("How the documents play it"), item.story_in()
    story = w.Accordion([w.HTML(html.escape(told))], titles=(title,), selected_index=None)
    return w.VBox([board.box, story])


BUTTON_KEYS = ("Undo", "Redo", "Restore", "Check", "No play: draw", "Hint", "Solve", "Tidy")
"""The board's buttons, by the English names ``PositionBoard.buttons`` keeps them under in every language."""


def _size_tip(name: str) -> str:
    """The tooltip of a size button, in the language in use."""
    tips = {
        "fit": _("cards as big as the screen allows"),
        "small": _("small cards"),
        "medium": _("medium cards"),
        "large": _("large cards"),
        "huge": _("huge cards"),
    }
    # TRANSLATORS: the tooltip of a size button the board was made with, e.g. "×1.2 cards".
    return tips.get(name) or _("{scale} cards").format(scale=name)


def _solve_text(count: int, step: Move) -> str:
    # TRANSLATORS: one move of the solver's answer, shown while it plays; {move} says the move in words.
    return _("Solve, move {count}: {move}").format(count=count, move=html.escape(step.text))


def _size_options(scale: float) -> list[tuple[str, float]]:
    """The size buttons, with the board's own ``scale`` among them when it is none of ``SIZES`` (Fit first)."""
    options = {value: SIZE_LABELS[name] for name, value in SIZES.items()}
    # TRANSLATORS: the card size button that makes the board as big as the screen allows.
    options.setdefault(scale, pgettext("card size", "Fit") if scale == FIT else f"×{scale:g}")
    return [(label, value) for value, label in sorted(options.items())]


def _size_names(scale: float) -> list[str]:
    names = {value: name for name, value in SIZES.items()} | {FIT: "fit"}
    return [names.get(value, f"×{value:g}") for _label, value in _size_options(scale)]


def _spot_text(spot: CardSpot) -> str:
    """Where the keyboard's focus is, for a screen reader: the card and its place."""
    if isinstance(spot.place, int):
        # TRANSLATORS: read aloud when the keyboard's focus reaches a card: "7♣, meld 2".
        return _("{card}, meld {number}").format(card=spot.card, number=spot.place + 1)
    if spot.place == "work":
        return _("{card}, working area").format(card=spot.card)
    return _("{card}, your hand").format(card=spot.card)


def _stop_text(stop: Stop, board: Board, held: CardSpot) -> str:
    """Where a card held up with the keyboard would go, for a screen reader."""
    if isinstance(stop.target, int):
        lying = [
            spot
            for spot in board.cards
            if spot.place == stop.target and spot != held and spot.box.x + 11 >= stop.point[0]
        ]
        if lying:
            # TRANSLATORS: read aloud while a card is held with the keyboard: where Enter would put it.
            return _("Meld {number}, before {card}").format(number=stop.target + 1, card=lying[0].card)
        return _("Meld {number}, at the end").format(number=stop.target + 1)
    texts = {"new": _("A new meld"), "work": _("The working area"), "hand": _("Your hand")}
    return texts[str(stop.target)]


def _moved_text(card: Card, source: Place, target: Place) -> str:
    """What a drag did, in a whole sentence (each place in its own, for the languages that inflect)."""
    if source == target:
        if isinstance(target, int):
            return _("Moved {card} along meld {number}.").format(card=card, number=target + 1)
        along = {"work": _("Moved {card} along the working area."), "hand": _("Moved {card} along the hand.")}
        if str(target) in along:
            return along[str(target)].format(card=card)
    if isinstance(target, int):
        return _("Moved {card} to meld {number}.").format(card=card, number=target + 1)
    texts = {
        "new": _("Moved {card} to a new meld."),
        "work": _("Moved {card} to the working area."),
        "hand": _("Moved {card} to the hand."),
    }
    return texts[str(target)].format(card=card)


__all__ = ["BUTTON_KEYS", "FIT", "PositionBoard", "example_widget"]
