"""The networked table's board (ui/table_board.py) and its flow, headless: its keys against a real class server
process, and the turn timer's countdown on a clock the test moves."""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable
from typing import Any

import pytest

from machiavelli_kit.classroom.server.client import ClassClient
from machiavelli_kit.classroom.server.views import seat_view
from machiavelli_kit.classroom.table_flow import TableFlow
from machiavelli_kit.game.actions import Action
from machiavelli_kit.game.session import Game
from machiavelli_kit.ui.table_board import TableBoard
from tests.processes import until
from tests.test_board_keyboard import key
from tests.test_table_flow import SEED, learner, server

__all__ = ["server"]
SECONDS = 120.0


@pytest.mark.server
def test_the_cards_keys_draw_and_end_the_turn_at_a_networked_table(server: str) -> None:
    """With the cards focused, D draws and E ends the turn, as on a local game's board; out of turn they do nothing."""

    async def scenario() -> tuple[TableBoard, TableBoard]:
        ada, bob = await learner(server, "Ada"), await learner(server, "Bob")
        table = await ada.new_table("bga", 2, seed=SEED)
        boards = [TableBoard(await TableFlow.sit(client, table)) for client in (ada, bob)]
        for board in boards:
            board.follow()
        mine, other = boards
        await until(lambda: mine.flow.session is not None and other.flow.started, "Ada's turn", SECONDS)
        key(other.position, "d")  # not Bob's turn: nothing is sent
        key(mine.position, "d")
        await until(lambda: other.flow.turns == 1 and other.flow.session is not None, "Ada's draw at Bob's", SECONDS)
        # Ada's own board hears of her draw on its own connection, maybe after Bob's: waited for, not assumed
        await until(lambda: "turn 1, Ada draws a card (" in mine.log.value, "Ada's draw in her own log", SECONDS)
        session = other.flow.session
        assert session is not None
        card = other.flow.hand[0]
        session.move(card, "hand", "new")  # a card alone is no meld: E says so, and nothing is sent
        other.position.redraw()
        key(other.position, "e")
        await until(lambda: "Not valid yet" in other.status.value, "End turn's refusal", SECONDS)
        assert other.flow.turns == 1
        for board in boards:
            for task in list(board.tasks):
                task.cancel()
        return mine, other

    mine, other = asyncio.run(scenario())
    assert mine.errors == other.errors == []
    assert mine.buttons["Draw"].tooltip.endswith("(key D)") and mine.buttons["End turn"].tooltip.endswith("(key E)")


async def ada_draws(ada: ClassClient, wire: Callable[[TableBoard], None]) -> tuple[TableBoard, str]:
    """Ada, alone with a computer player at a new table, presses D on her first turn; her board once the draw's
    answer came (or failed), and its status line then. ``wire`` ties her connection to the board first."""
    await ada.register("Ada", "en")
    table = await ada.new_table("bga", 2, computers={1: "greedy"}, seed=SEED)
    board = TableBoard(await TableFlow.sit(ada, table))
    wire(board)
    board.follow()
    await until(lambda: board.flow.session is not None, "Ada's turn", SECONDS)
    before = set(board.tasks)
    key(board.position, "d")
    (sending,) = board.tasks - before
    await until(sending.done, "the draw's answer", SECONDS)
    sending.result()  # a wait inside the connection, had it timed out, fails the test here in its words
    status = board.status.value
    for task in list(board.tasks):
        task.cancel()
    return board, status


class LateAnswers(ClassClient):
    """A learner's connection on which the server's answer to an action arrives only after the views of the turns
    that follow it (a real ordering: the answer and the views travel as separate messages, and a busy machine
    may wake the view's reader first)."""

    turns: Callable[[], int] = staticmethod(lambda: 0)

    async def act(self, table: str, action: Action) -> int:
        counted = await super().act(table, action)
        await until(lambda: self.turns() > counted, "the next turn's view before the answer", SECONDS)
        return counted


@pytest.mark.server
def test_a_view_that_comes_before_the_answer_to_an_action_is_not_talked_over(server: str) -> None:
    """Ada draws; the computer player's turn and her next turn reach her board before the server's answer to
    the draw does. Her board then shows her turn, not "waiting", and her next turn can be played."""
    ada = LateAnswers(server)

    def wire(board: TableBoard) -> None:
        ada.turns = lambda: board.flow.turns

    board, status = asyncio.run(ada_draws(ada, wire))
    assert board.errors == []
    assert board.flow.my_turn and not board.flow.waiting and board.flow.session is not None
    assert "Waiting for the table" not in status and status.endswith(html.escape(board.flow.situation())), status
    assert not board.buttons["Draw"].disabled


class LostAnswer(ClassClient):
    """A learner's connection that drops an action: a view comes again meanwhile (as after the page connects
    again) and the answer never comes."""

    meanwhile: Callable[[], None] = staticmethod(lambda: None)

    async def act(self, table: str, action: Action) -> int:
        self.meanwhile()
        raise TimeoutError("no answer")


@pytest.mark.server
def test_an_action_the_server_never_answers_leaves_the_turn_playable(server: str) -> None:
    """Ada draws; a view is drawn while the draw is on its way, and its answer never comes. She is told to try
    again, and the board lets her: her turn, its cards and its buttons are back."""
    ada = LostAnswer(server)

    def wire(board: TableBoard) -> None:
        ada.meanwhile = board.show

    board, status = asyncio.run(ada_draws(ada, wire))
    assert board.errors == []
    assert "did not answer" in status and board.flow.turns == 0
    assert board.flow.session is not None and board.position.session is board.flow.session
    assert not board.buttons["Draw"].disabled and not board.position.buttons["Check"].disabled


class Clock:
    """A clock the test moves by hand: the countdown never waits on the real one."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def timed_view(seat: int, turn_left: float | None, *, lang: str = "en") -> dict[str, Any]:
    """A view of a new two-seat bga game (Ann's turn first with this seed) as the server sends it to ``seat``."""
    game = Game.new(["Ann", "Bob"], "bga", seed=7, dealer=1)
    seats = [{"seat": 0, "name": "Ann", "computer": None}, {"seat": 1, "name": "Bob", "computer": None}]
    return {"type": "view", "id": "t", "rules": "bga", "status": "playing", "turn_seconds": 30.0,
            "turn_left": turn_left, "seats": seats, "to_move": 0, "turns": 0,
            "game": seat_view(game, seat, lang)}  # fmt: skip


def timed_flow(seat: int, clock: Clock, lang: str = "en") -> TableFlow:
    return TableFlow(ClassClient("http://127.0.0.1:9"), "t", seat, lang=lang, clock=clock)


def test_the_turn_timer_counts_down_in_words_on_the_clock_the_flow_reads() -> None:
    clock = Clock()
    ann, bob = timed_flow(0, clock), timed_flow(1, clock, "it")
    ann.take(timed_view(0, 30.0))
    bob.take(timed_view(1, 30.0, lang="it"))
    assert ann.my_turn and ann.seconds_left() == 30
    assert ann.countdown() == "30 seconds left in your turn. When the time is up, you draw a card."
    assert bob.countdown() == "Ann ha ancora 30 secondi."
    clock.now += 12.4
    assert ann.seconds_left() == 18 and ann.next_tick() == pytest.approx(0.61)
    clock.now += 16.6
    assert ann.countdown() == "1 second left in your turn. When the time is up, you draw a card."
    assert bob.countdown() == "Ann ha ancora 1 secondo."
    clock.now += 5
    assert ann.countdown() == "Time is up." and ann.seconds_left() == 0
    ann.take(timed_view(0, None))  # no timer runs (a computer thinks, or the table has none)
    assert ann.countdown() == "" and ann.seconds_left() is None and ann.next_tick() == 1.0


def test_the_board_shows_the_seconds_left_and_says_the_last_ten_once() -> None:
    async def ticking() -> tuple[list[str], list[str]]:
        clock = Clock()
        board = TableBoard(timed_flow(0, clock))
        shown = []
        board.flow.take(timed_view(0, 12.0))
        board.show()  # starts the countdown ticking on the running loop
        shown.append(board.countdown.value)
        for seconds in (11, 10, 9):
            clock.now += 1
            await until(
                lambda seconds=seconds: board.countdown.value.startswith(f"{seconds} seconds"), "a tick", SECONDS
            )
            shown.append(board.countdown.value)
        said = [board.position.live.message] * board.position.live.count
        for task in list(board.tasks):
            task.cancel()
        return [text.split(" left")[0] for text in shown], said

    shown, said = asyncio.run(ticking())
    assert shown == ["12 seconds", "11 seconds", "10 seconds", "9 seconds"]
    assert "10 seconds left in your turn" in " ".join(said)


@pytest.mark.server
def test_only_the_tables_maker_sees_the_button_that_fills_the_empty_seats(server: str) -> None:
    """The server lets only the maker give empty seats to computers: a guest's board has no button that cannot work."""

    async def waiting() -> tuple[TableBoard, TableBoard]:
        ada, bob = await learner(server, "Ada"), await learner(server, "Bob")
        table = await ada.new_table("bga", 3, seed=SEED)
        boards = (TableBoard(await TableFlow.sit(ada, table)), TableBoard(await TableFlow.sit(bob, table)))
        for board in boards:
            board.follow()
        await until(lambda: all(board.flow.free_seats == [2] for board in boards), "both seated", SECONDS)
        for board in boards:
            for task in list(board.tasks):
                task.cancel()
        return boards

    maker, guest = asyncio.run(waiting())
    assert maker.flow.is_maker and not guest.flow.is_maker
    assert maker.fill.layout.display != "none" and not maker.fill.disabled
    assert guest.fill.layout.display == "none"
