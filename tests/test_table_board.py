"""The networked table's board (ui/table_board.py), headless: its keys, against a real class server process."""

from __future__ import annotations

import asyncio

import pytest

from machiavelli_kit.classroom.table_flow import TableFlow
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
        assert "turn 1, Ada draws a card (" in mine.log.value
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

