"""A whole game in a notebook: setup, the table and your hand, computer turns shown move by
move, the hand-over screen for people sharing one screen, the end of each deal and a review.

A thin view over :class:`machiavelli_kit.game.flow.GameFlow`: it draws the flow, forwards
the buttons to it and animates computer turns as an asyncio task (the computer thinks in a
worker thread), so the kernel never blocks. Without a running event loop (a test, a script)
computer turns are played at once.

Once a game starts, one screen holds it: the setup and the instructions (How to play) fold away,
the seats sit in a row over the table (names, cards held, whose turn it is), the cards grow to the
page's width as far as the screen's height allows, and one status line says the latest thing, the
board's messages and the game's alike. A button that can do nothing now is disabled, after every
change. The log tells each turn in one short line, a computer's moves folded under it.

The board speaks the language it was made in (``lang=``, else the one in use then): every
label, and every text its buttons and the computer turns say.
"""

from __future__ import annotations

import asyncio
import base64
import html
import importlib
import traceback
from typing import Any

import ipywidgets as w
from ipyevents import Event

from machiavelli_kit.classroom.learner import remember_name, remembered_name
from machiavelli_kit.classroom.owners import NameTaken
from machiavelli_kit.classroom.visitor import visitor
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules_words import rules_text
from machiavelli_kit.game.flow import Answer, ComputerTurn, GameFlow, Melds
from machiavelli_kit.game.learner_review import LearnerReview, review_turns
from machiavelli_kit.game.narrator import turn_summary
from machiavelli_kit.game.players import DEFAULT_BUDGET
from machiavelli_kit.game.record import loads
from machiavelli_kit.i18n import N_, _, language, pgettext, speaking
from machiavelli_kit.practice.session import PlaySession, PlayState
from machiavelli_kit.ui.game_ending import ending_html, review_html
from machiavelli_kit.ui.game_parts import BOARD_BUTTONS, F, game_button, html_part, show, spoken_and_guarded
from machiavelli_kit.ui.game_setup import GameSetup
from machiavelli_kit.ui.position_board import FIT, PositionBoard
from machiavelli_kit.ui.seats import SEATS_STYLE, seats_html
from machiavelli_kit.ui.shortcuts import Shortcut, keys_line, shortcut_for, with_key
from machiavelli_kit.ui.status import STYLE, Kind, kind_of, mark

SPEEDS = ((N_("slow"), 1.0), (N_("normal"), 0.5), (N_("fast"), 0.2), (N_("no animation"), 0.0))
"""Seconds each move of a computer turn stays on the screen (each label said in the language in use)."""
HOW_TO = (
    N_(
        "Before you start, choose the rules, how many play, and who sits at each seat: a person or a computer "
        "player. The computer players, from easiest to hardest: random plays one card or one meld at random, "
        "beginner takes one small step a turn and never takes a meld apart, greedy plays as many cards as it can "
        "every turn, and expert keeps the cards it could play and draws instead, until it can play its whole hand "
        "in one turn."
    ),
    N_(
        "On your turn, drag cards from your hand onto the table: onto a meld, or onto the empty felt to start a new "
        "one. You may take the table apart and build it again, as long as every meld is valid when you finish. "
        "Undo and Redo step through your moves, Check says whether your table is valid yet."
    ),
    N_(
        "Press End turn when your table is ready. If you cannot play, press Draw: you take one card. Restore gives "
        "up a rearrangement: every card goes back and you draw the penalty cards (the board tells you how many "
        "first)."
    ),
    N_(
        "The computer's turns are shown move by move, and each has a short line in the log: click the line to read "
        "its moves. Choose the Computer speed, or press Skip to see them at once."
    ),
    N_(
        "When two or more people play, the board hides each hand between turns: pass the screen to the player it "
        "names, and they press Show my cards."
    ),
    N_(
        "Every button has a tooltip (hover, or let a screen reader read it) and can be reached with the Tab key "
        "and pressed with Enter or Space."
    ),
)
"""How to play, a paragraph each (said in the language in use), folded away under the title once a game starts."""
LOG_STYLE = (
    "<style>.mk-game-log summary { cursor: pointer; } .mk-game-log details > div { margin: 0 0 4px 1.2em;"
    " color: #33423a; }</style>"
)


class GameBoard:
    """Play Machiavelli against computer players, or with friends at one screen.

    ``seed`` fixes the deal (for tests and lessons), ``budget`` is the computer players'
    units of work a move, ``scale`` is the cards' size to start with (``FIT``: as big as the screen allows; 1.0 is
    the medium size of the S/M/L/XL buttons). ``hints=False`` (or ``True``) is a teacher's
    choice for a match: the setup's Hints box then shows it and cannot be changed. ``lang`` is
    the board's language (``None``: the one in use when it is made).
    """

    def __init__(
        self,
        *,
        seed: int | None = None,
        budget: int = DEFAULT_BUDGET,
        scale: float = FIT,
        hints: bool | None = None,
        lang: str | None = None,
    ) -> None:
        self.language = language(lang)
        with speaking(self.language):
            self._build(seed, budget, scale, hints)

    def _build(self, seed: int | None, budget: int, scale: float, hints: bool | None) -> None:
        self.seed, self.budget, self.scale = seed, budget, scale
        self.flow: GameFlow | None = None
        self.errors: list[str] = []
        self.lines: list[str] = []
        """The log's lines, the first first: each turn told in one short line."""
        self.line_details: list[str] = []
        """What each line of the log folds away (empty: nothing more to tell), as :attr:`lines` go."""
        self.task: asyncio.Task[None] | None = None
        self.clock_task: asyncio.Task[None] | None = None
        """Ticks the time left in the seat row while a deal has a time limit."""
        """The computer turns being shown, while they run in a kernel's event loop."""
        self._skipping = False
        self.visitor = visitor()
        """Who opened the page, on a class's app server (``None`` elsewhere): the first seat's name is theirs."""
        self.setup = GameSetup(lang=self.language, name=remembered_name(self.visitor))
        self.setup.start_button.on_click(self._guard(self._on_start))
        if hints is not None:
            self.setup.hints.value, self.setup.hints.disabled = hints, True
            self.setup.hints.description = (
                _("Hints allowed (set by the teacher)") if hints else _("No hints (teacher's choice)")
            )
        self.upload = w.FileUpload(accept=".json", multiple=False, description=_("Load a game"))
        self.upload.tooltip = _(
            "load a game's record (a .json file saved from this board); who plays at each seat is chosen above"
        )
        self.upload.observe(self._guard(self._on_upload), "value")
        self.setup_status = html_part("mk-game-setup-status")
        self.setup.box.children = (*self.setup.box.children, self.setup_status, self.upload)
        self.position: PositionBoard | None = None
        self.how_to = w.Accordion(
            [w.HTML("".join(f"<p>{html.escape(_(text))}</p>" for text in HOW_TO) + _keys_html())],
            titles=(_("How to play"),),
            selected_index=0,
        )
        self.how_to.add_class("mk-game-how-to")
        self.info = html_part("mk-game-info")
        """The seats round the table, with the turn and the stock (:func:`machiavelli_kit.ui.seats.seats_html`)."""
        self.info.add_class("mk-game-seats")
        self.status = html_part("mk-game-status")
        """The one status line: whose turn it is, what a button or a move did, a hint (the latest of them)."""
        self.status.add_class("mk-status-line")
        self.log = html_part("mk-game-log")
        self.log.layout = w.Layout(max_height="12em", overflow="auto")
        self.draw_button = game_button(
            pgettext("button", "Draw"), _("draw a card and end your turn (when nothing can be played)"), "draw"
        )
        self.draw_button.on_click(self._guard(self._on_draw))
        self.end_turn_button = game_button(
            pgettext("button", "End turn"), _("end your turn with the table as it is, if it is valid"), "end-turn"
        )
        self.end_turn_button.on_click(self._guard(self._on_end_turn))
        self.restore_button = game_button(
            pgettext("button", "Restore"), _("give up: put every card back and draw the penalty cards"), "restore"
        )
        self.restore_button.on_click(self._guard(self._on_restore))
        self.hint_button = game_button(pgettext("button", "Hint"), _("a hint; press again for a stronger one"), "hint")
        self.hint_button.on_click(self._guard(self._on_hint))
        self.buttons = {
            "Draw": self.draw_button,
            "End turn": self.end_turn_button,
            "Restore": self.restore_button,
            "Hint": self.hint_button,
        }
        """A person's buttons by their English names, the same in every language (as tests and notebooks press them)."""
        self.key_buttons: dict[Shortcut, w.Button] = {
            Shortcut.DRAW: self.draw_button,
            Shortcut.END_TURN: self.end_turn_button,
            Shortcut.RESTORE: self.restore_button,
            Shortcut.HINT: self.hint_button,
        }
        """The button each key presses: these, and the Undo, Redo and Check of a game's position board."""
        for shortcut, button in self.key_buttons.items():
            button.tooltip = with_key(shortcut, button.tooltip)
        self.speed = w.Dropdown(
            options=[(_(label), seconds) for label, seconds in SPEEDS],
            value=0.5,
            description=_("Computer speed"),
            style={"description_width": "initial"},
        )
        self.speed.tooltip = _("how long each computer move stays on the screen")
        self.speed.add_class("mk-game-speed")
        self.skip = game_button(
            pgettext("button", "Skip"), _("show the computer turns at once, up to your turn"), "skip"
        )
        self.skip.on_click(self._guard(self._on_skip))
        self.new_game = game_button(pgettext("button", "New game"), _("back to the setup to start again"), "new-game")
        self.new_game.on_click(self._guard(self._on_new_game))
        self.take_over = game_button(
            pgettext("button", "Show my cards"), _("only the player whose turn it is should look"), "take-over"
        )
        self.take_over.on_click(self._guard(self._on_take_over))
        self.handover_text = html_part("mk-game-handover-text")
        self.handover = w.VBox([self.handover_text, self.take_over])
        self.handover.add_class("mk-game-handover")
        self.table_area = w.VBox()
        self.table_area.add_class("mk-game-keys-area")
        self.keys = Event(source=self.table_area, watched_events=["keydown"])
        """The keyboard shortcuts: keys pressed while the mouse is over the cards (the cards, when they have the
        focus after Tab, hear them themselves: ``PositionBoard.key_buttons``)."""
        self.keys.on_dom_event(self._guard(self._on_key))
        self.ending = html_part("mk-game-end")
        self.next_deal = game_button(pgettext("button", "Next deal"), _("deal the next game of the match"), "next-deal")
        self.next_deal.on_click(self._guard(self._on_next_deal))
        self.review_button = game_button(
            pgettext("button", "Review my game"), _("each of your turns beside the solver's best play"), "review"
        )
        self.review_button.on_click(self._guard(self._on_review))
        self.download = html_part("mk-game-download")
        self.review = html_part("mk-game-review-report")
        self.end_box = w.VBox([self.ending, w.HBox([self.next_deal, self.review_button]), self.download, self.review])
        controls = w.HBox([*self.buttons.values(), self.speed, self.skip, self.new_game])
        controls.layout = w.Layout(flex_flow="row wrap")
        controls.add_class("mk-game-controls")
        self.play_box = w.VBox([self.info, self.table_area, controls, self.status, self.log, self.end_box])
        # the status line's colours and icons, the seats' and the log's look
        style = w.HTML(STYLE + SEATS_STYLE + LOG_STYLE, layout=w.Layout(display="none"))
        # the setup first, so that Start is in view as the page opens; How to play under it, then over the game
        self.box = w.VBox([style, self.setup.box, self.how_to, self.play_box])
        self.box.add_class("mk-game")
        show(self.play_box, False)
        self._sync_buttons()  # no game yet: nothing to press but Start

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    # starting

    def start(self, flow: GameFlow) -> None:
        """Play ``flow`` on this board from where it stands."""
        with speaking(self.language):
            self._start(flow)

    def _start(self, flow: GameFlow) -> None:
        self.flow, self.lines, self.line_details, self._skipping = flow, [], [], False
        hand = self._viewer_hand()
        self.position = PositionBoard(
            PlaySession(Position(flow.game.table, hand), flow.rules), scale=self.scale, lang=self.language
        )
        self.position.box.add_class("mk-game-table")
        kept = {shortcut: self.position.buttons[name] for name, shortcut in BOARD_BUTTONS.items()}
        for button in self.position.buttons.values():
            show(button, button in kept.values())
        for shortcut, button in kept.items():
            button.tooltip = with_key(shortcut, button.tooltip)
        self.key_buttons.update(kept)
        self.position.key_buttons = self.key_buttons  # the same keys when the cards have the focus (after Tab)
        show(self.position.status_line, False)  # the game's status line says the board's messages too
        self.position.status.value = ""
        self.position.status.observe(self._guard(self._board_said), "value")
        self.review.value = self.download.value = ""
        show(self.setup.box, False)
        self.how_to.selected_index = None
        show(self.play_box, True)
        _warm_up()
        self._say(
            _("A new game: {players}; {rules}.").format(players=", ".join(flow.names), rules=rules_text(flow.rules))
        )
        self._advance()
        self._keep_time()

    def _keep_time(self) -> None:
        """Tick the time left in the seat row once a second while the deal has a time limit (in a running kernel;
        the game itself reads its clock as each turn ends)."""
        if self.clock_task is not None:
            self.clock_task.cancel()
        flow = self._flow()
        if flow.seconds_left() is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a test, a script): the seat row says the time when it changes
            return
        self.clock_task = loop.create_task(self._tick(flow))

    async def _tick(self, flow: GameFlow) -> None:
        with speaking(self.language):
            while self.flow is flow and flow.seconds_left() is not None:
                await asyncio.sleep(1)
                self.info.value = seats_html(flow)

    def _on_start(self, _event: object = None) -> None:
        try:
            seed = self.setup.seed()
            seats, rules, hints = self.setup.seats(), self.setup.rules(), self.setup.hints.value
            flow = GameFlow.new(
                seats,
                rules,
                self.seed if seed is None else seed,
                hints=hints,
                budget=self.budget,
                lang=self.language,
                limit=self.setup.length.value,
            )
            self._remember_name()
        except ValueError as error:  # a deal the rules cannot make, a bad deal number, another learner's name
            mark(self.setup_status, "invalid")
            self.setup_status.value = html.escape(_sentence(str(error)))
            return
        self.setup_status.value = ""
        self.start(flow)

    def _remember_name(self) -> None:
        """Keep the name the learner typed at the first seat for the pages they open next: on a class's app server
        it becomes theirs (another learner's raises :class:`~machiavelli_kit.classroom.owners.NameTaken`)."""
        name = self.setup.own_name()
        if name is None:
            return
        try:
            remember_name(name, self.visitor)
        except NameTaken:
            raise
        except ValueError:
            pass  # a name no student's file may have, a list that cannot be saved: the game goes on all the same

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        self.upload.value = ()  # so that the same file can be loaded again
        try:
            game = loads(bytes(files[0]["content"]))  # UTF-8, with or without a byte order mark
            seats = self.setup.seated(game.players)
            flow = GameFlow(seats, game, hints=self.setup.hints.value, budget=self.budget, lang=self.language)
        except ValueError as error:
            mark(self.setup_status, "invalid")
            self.setup_status.value = html.escape(
                _("This file is not a game saved from this board: {error}.").format(error=error)
            )
            return
        self.setup_status.value = ""
        self.start(flow)

    def _on_new_game(self, _event: object = None) -> None:
        for task in (self.task, self.clock_task):
            if task is not None and not task.done():
                task.cancel()
        show(self.play_box, False)
        show(self.setup.box, True)

    # whose turn

    def _advance(self) -> None:
        """Show what comes next: the end of the deal, computer turns, the hand-over, or a person's turn."""
        flow = self._flow()
        self.info.value = seats_html(flow)
        if flow.game.over:
            self._show_end()
        elif flow.computer_to_move:
            self._computers()
        elif flow.needs_handover:
            self._show_handover()
        else:
            self._show_turn()

    def _show_turn(self) -> None:
        flow, board = self._flow(), self._board()
        session = flow.session
        assert session is not None
        self._skipping = False
        self._put(session)
        self.table_area.children = (board.box,)
        show(self.end_box, False)
        self._sync_buttons()
        passes = "draw" not in flow.game.options()
        self.draw_button.description = pgettext("button", "Pass") if passes else pgettext("button", "Draw")
        self._tell(flow.situation(), "info")

    def _show_handover(self) -> None:
        flow = self._flow()
        name = flow.names[flow.game.to_move or 0]
        escaped = html.escape(name)
        self.handover_text.value = (
            "<b>"
            + _("Pass the screen to {name}.").format(name=escaped)
            + "</b> "
            + _("Everyone else, look away. {name}, press <b>Show my cards</b> when you are ready.").format(name=escaped)
        )
        self.take_over.description = _("I am {name}: show my cards").format(name=name)
        self._put(PlaySession(Position(flow.game.table, ()), flow.rules))  # no hand left drawn behind the screen
        self.table_area.children = (self.handover,)
        show(self.end_box, False)
        self._sync_buttons()
        self._tell(flow.situation(), "info")

    def _on_take_over(self, _event: object = None) -> None:
        self._flow().take_over()
        self._advance()

    # a person's buttons

    def _on_draw(self, _event: object = None) -> None:
        self._answer(self._flow().draw())

    def _on_end_turn(self, _event: object = None) -> None:
        self._answer(self._flow().end_turn())

    def _on_restore(self, _event: object = None) -> None:
        self._answer(self._flow().restore())

    def _on_hint(self, _event: object = None) -> None:
        self._tell(self._flow().hint(), "hint")

    def _answer(self, answer: Answer) -> None:
        self._tell(answer.text, "info" if answer.ended else "hint" if answer.warning else "invalid")
        if answer.ended:
            self._say(self._flow().last_turn_line())
            self._advance()
        else:
            self._sync_buttons()

    def _board_said(self, change: dict[str, Any]) -> None:
        """The position board said something (a move, Undo, Check): say it on the game's one status line, in
        place of what it said before (a hint among them), and set the buttons by the table it left. The board's
        own line is emptied, so that its next message is news even when the words are the same."""
        said = change["new"]
        if not said:
            return
        board = self._board()
        mark(self.status, kind_of(board.status) or "info")
        self.status.value = said
        board.status.value = ""
        self._sync_buttons()

    def _on_key(self, event: dict[str, Any]) -> None:
        """A key pressed over the board: click its button, as the mouse would, if that button can be pressed now."""
        shortcut = shortcut_for(event)
        if shortcut is None or self.position is None or self.play_box.layout.display == "none":
            return
        button = self.key_buttons.get(shortcut)
        if button is not None and not button.disabled and button.layout.display != "none":
            button.click()

    # computer turns

    def _computers(self) -> None:
        """Show the computer turns up to the next person's turn: animated in a running kernel, at once otherwise."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a test, a script): nothing to animate for
            flow = self._flow()
            while flow.computer_to_move:
                before = flow.game.table
                self._shown(flow.computer_turn(), before)
            self._advance()
            return
        self._tell(self._flow().situation(), "info")
        show(self.end_box, False)
        self._sync_buttons()
        self.task = loop.create_task(self._animate(loop))

    async def _animate(self, loop: asyncio.AbstractEventLoop) -> None:
        """Each computer turn: think in a worker thread, then show its moves one by one (a task keeps the
        language of the block that made it; the board's own language is set again all the same)."""
        with speaking(self.language):
            await self._animate_turns()

    async def _animate_turns(self) -> None:
        flow = self._flow()
        try:
            while flow.computer_to_move:
                self._tell(flow.situation(), "info")
                # to_thread carries the language (a context variable) into the worker thread
                before = flow.game.table
                shown = flow.apply(await asyncio.to_thread(flow.think))
                for frame in shown.frames[:-1]:
                    self._frame(frame)
                    await asyncio.sleep(0 if self._skipping else self.speed.value)
                self._shown(shown, before)
                await asyncio.sleep(0 if self._skipping else self.speed.value)
            self._advance()
        except Exception as error:
            self._error(error)

    def _shown(self, shown: ComputerTurn, before: Table) -> None:
        """A computer turn done: the table it left, and its story in the log (one line, its moves under it)."""
        flow = self._flow()
        self._frame(shown.frames[-1] if shown.frames else _melds(flow.game.table))
        self.info.value = seats_html(flow)
        left = len(flow.game.hand(shown.seat))
        line = turn_summary(flow.names[shown.seat], shown.turn, before, cards_left=left, lang=self.language)
        self._say(line, "" if line == shown.text else shown.text)

    def _frame(self, melds: Melds) -> None:
        self._put(PlaySession(Position(Table.of(melds), self._viewer_hand()), self._flow().rules))
        self.table_area.children = (self._board().box,)

    def _on_skip(self, _event: object = None) -> None:
        self._skipping = True

    # the end of a deal

    def _show_end(self) -> None:
        flow = self._flow()
        end = flow.deal_end()
        assert end is not None
        self._put(PlaySession(Position(flow.game.table, self._viewer_hand()), flow.rules))
        self.table_area.children = (self._board().box,)
        self._tell(end.text, "info")
        self._say(end.text)
        self.ending.value = ending_html(end, flow.names)
        title = _("save this game as a file, to load it again later")
        link = _("Download the game's record")
        show(self.next_deal, not end.match_over)
        show(self.review_button, bool(flow.people))
        record = base64.b64encode(flow.record().encode("utf-8")).decode("ascii")
        self.download.value = (
            f'<a download="machiavelli-game.json" href="data:application/json;base64,{record}" '
            'style="color: #1a5fb4; text-decoration: underline" '
            f'title="{html.escape(title)}">{html.escape(link)}</a>'
        )
        self._sync_buttons()
        show(self.end_box, True)

    def _on_next_deal(self, _event: object = None) -> None:
        flow = self._flow()
        flow.next_deal()
        show(self.end_box, False)
        self._say(_("Deal {number}.").format(number=len(flow.games)))
        self._advance()
        self._keep_time()

    def _on_review(self, _event: object = None) -> None:
        """Review the people's turns: in a worker thread in a running kernel, at once otherwise."""
        flow = self._flow()
        self.review.value = html.escape(_("Reviewing your game..."))
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._reviewed(review_turns(flow.games, flow.people))
            return

        async def reviewing() -> None:
            with speaking(self.language):
                await reviewed()

        async def reviewed() -> None:
            try:
                self._reviewed(await asyncio.to_thread(review_turns, flow.games, flow.people))
            except Exception as error:
                self._error(error)

        self.task = loop.create_task(reviewing())

    def _reviewed(self, report: LearnerReview) -> None:
        self.review.value = review_html(report, lang=self.language)

    # helpers

    def _flow(self) -> GameFlow:
        if self.flow is None:
            raise RuntimeError(_("no game yet: press Start", self.language))
        return self.flow

    def _board(self) -> PositionBoard:
        if self.position is None:
            raise RuntimeError(_("no game yet: press Start", self.language))
        return self.position

    def _viewer_hand(self) -> tuple[Any, ...]:
        flow = self._flow()
        return () if flow.viewer is None else flow.game.hand(flow.viewer)

    def _put(self, session: PlaySession) -> None:
        """Show ``session`` on the position board."""
        board = self._board()
        board.session = session
        board.status.value = ""
        board.redraw()
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        """Each button enabled only when pressing it can do something: Draw, End turn and Check on a person's
        own turn, Undo and Redo when there is a move to take back or play again, Restore once the table differs
        from the turn's start, Hint on one's own turn in a game with hints, Skip while computer turns show."""
        flow, board = self.flow, self.position
        session = flow.session if flow is not None else None
        mine = session is not None and board is not None and board.session is session
        moved = mine and session is not None and session.state != PlayState.of(session.start)
        self.draw_button.disabled = self.end_turn_button.disabled = not mine
        self.restore_button.disabled = not moved
        self.hint_button.disabled = not (mine and flow is not None and flow.hints)
        self.skip.disabled = flow is None or not flow.computer_to_move
        if board is not None:
            board.buttons["Check"].disabled = not mine
            board.buttons["Undo"].disabled = not (mine and board.session.can_undo)
            board.buttons["Redo"].disabled = not (mine and board.session.can_redo)

    def _tell(self, text: str, kind: Kind) -> None:
        """Show ``text`` on the status line with the colour and icon of ``kind``."""
        mark(self.status, kind)
        self.status.value = html.escape(text)
        self._aloud(text)

    def _say(self, line: str, details: str = "") -> None:
        """Add ``line`` to the log (the newest on top), ``details`` folded under it."""
        self.lines.append(line)
        self.line_details.append(details)
        self.log.value = "".join(
            f"<details><summary>{html.escape(text)}</summary><div>{html.escape(more)}</div></details>"
            if more
            else f"<div>{html.escape(text)}</div>"
            for text, more in zip(reversed(self.lines), reversed(self.line_details), strict=True)
        )
        self._aloud(line)

    def _aloud(self, text: str) -> None:
        """Have ``text`` read by a screen reader, in the live region of the cards' board."""
        if self.position is not None:
            self.position.live.say(html.escape(text))

    def _error(self, error: Exception) -> None:
        self.errors.append(traceback.format_exc())
        self._tell(_("Error: {error!r}", self.language).format(error=error), "invalid")

    def _guard(self, handler: F) -> F:
        """Run ``handler`` in the board's language, and show any exception it raises on the status line
        instead of losing it."""
        return spoken_and_guarded(handler, self.language, self._error)


def _warm_up() -> None:
    """In a running kernel, import what the first computer play needs (scipy, seconds) in a worker thread now."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    loop.run_in_executor(None, importlib.import_module, "machiavelli_kit.solver.matching")


def _keys_html() -> str:
    """The keyboard shortcuts in a sentence (``mk-game-keys``), the last paragraph of How to play."""
    return f'<p class="mk-game-keys">{html.escape(keys_line())}</p>'


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _melds(table: Table) -> Melds:
    return tuple(meld.cards for meld in table.melds)


__all__ = ["SPEEDS", "GameBoard"]
