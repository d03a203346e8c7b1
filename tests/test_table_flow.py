"""A learner's seat at a networked table (classroom/table_flow.py), against a real class server process.

Two learners, each with a flow of their own, and a computer player play a game to its end; each flow only
ever holds its own hand; what the server refuses comes back in its words; a flow made again for the same
learner (a page opened again) comes back to the seat with the game as it is.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from machiavelli_kit.classroom.server.client import ClassClient
from machiavelli_kit.classroom.table_flow import TableFlow
from machiavelli_kit.core.cards import Card
from machiavelli_kit.game.record import loads, replay_turns
from machiavelli_kit.game.session import Game
from tests.processes import class_server

pytestmark = pytest.mark.server
SEED = 11


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """A class server process on a free port, on a SQLite file of its own; its address."""
    with class_server(tmp_path) as url:
        yield url


async def learner(url: str, name: str, lang: str = "en") -> ClassClient:
    client = ClassClient(url)
    await client.register(name, lang)
    return client


Held = list[tuple[int, tuple[Card, ...], list[int]]]
"""What a flow held after each view: the turns played, its hand, every seat's hand size."""


async def play_out(flow: TableFlow, held: Held) -> None:
    """Follow the table to its end, as a learner who plays the solver's best play when there is one and draws
    otherwise; what the flow holds after each view is kept in ``held``."""
    async for _news in flow.follow():
        held.append((flow.turns, flow.hand, [seat.cards or 0 for seat in flow.seats()]))
        session = flow.session
        if session is None:
            continue
        answer = await flow.end_turn() if session.solve() else await flow.draw()
        assert answer.ended, answer.text


def test_two_learners_and_a_computer_play_a_game_to_its_end(server: str) -> None:
    async def game() -> tuple[TableFlow, TableFlow, Held, Held, str]:
        ada, bob = await learner(server, "Ada"), await learner(server, "Bob")
        table = await ada.new_table("bga", 3, computers={2: "greedy"}, seed=SEED)
        ada_flow, bob_flow = await TableFlow.sit(ada, table), await TableFlow.sit(bob, table)
        ada_hands: Held = []
        bob_hands: Held = []
        await asyncio.wait_for(
            asyncio.gather(play_out(ada_flow, ada_hands), play_out(bob_flow, bob_hands)), timeout=300
        )
        return ada_flow, bob_flow, ada_hands, bob_hands, await ada.record(table)

    ada, bob, ada_hands, bob_hands, record = asyncio.run(game())
    assert ada.over and bob.over and (ada.seat, bob.seat) == (0, 1)
    replayed = loads(record)  # the record replays, and the flows saw what it says
    assert replayed.over and len(replayed.turns) == ada.turns == bob.turns
    assert ada.lines == replayed.log(seat=0) and bob.lines == replayed.log(seat=1)  # each told the others' draws hidden
    assert ada.situation() == ada.lines[-1]  # the result
    assert any(turn.action == "play" and turn.player in (0, 1) for turn in replayed.turns), "no learner played"
    # after every view each flow held its own hand, exactly as the record has it at that turn, and of the
    # others only how many cards they hold
    turns = json.loads(record)["turns"]
    for seat, held in ((0, ada_hands), (1, bob_hands)):
        assert len(held) > len(turns) // 3
        for played, hand, sizes in held:
            game = replay_turns(Game.new(replayed.players, replayed.rules, replayed.seed), turns[:played])
            assert sorted(hand) == sorted(game.hand(seat)), (seat, played)
            assert sizes == [len(game.hand(other)) for other in range(3)]


def test_each_flow_holds_its_own_hand_only(server: str) -> None:
    async def seated() -> tuple[TableFlow, TableFlow, str]:
        ada, bob = await learner(server, "Ada"), await learner(server, "Bob")
        table = await ada.new_table("bga", 2, seed=SEED)
        ada_flow, bob_flow = await TableFlow.sit(ada, table), await TableFlow.sit(bob, table)
        for flow in (ada_flow, bob_flow):
            await anext(aiter(flow.follow()))
        return ada_flow, bob_flow, table

    ada, bob, _table = asyncio.run(seated())
    assert len(ada.hand) == len(bob.hand) == 15
    assert [seat.cards for seat in ada.seats()] == [15, 15]
    # nothing of the other's hand anywhere in a flow's view but its size
    assert json.dumps(bob.view["game"]["hand"]) not in json.dumps(ada.view)
    assert json.dumps(ada.view["game"]["hand"]) not in json.dumps(bob.view)


def test_out_of_turn_and_illegal_actions_come_back_in_the_servers_words(server: str) -> None:
    async def refusals() -> tuple[str, str]:
        ada, bob = await learner(server, "Ada"), await learner(server, "Bob", "it")
        table = await ada.new_table("bga", 2, seed=SEED)
        ada_flow, bob_flow = await TableFlow.sit(ada, table), await TableFlow.sit(bob, table, lang="it")
        for flow in (ada_flow, bob_flow):
            await anext(aiter(flow.follow()))
        assert ada_flow.my_turn  # with this seed Ada plays first
        mover, waiter = ada_flow, bob_flow
        # the waiter's board has no turn to play: the server is asked all the same, as a page that lagged would
        waiter.view = {**waiter.view, "game": {**waiter.view["game"], "to_move": waiter.seat, "options": ["draw"]}}
        out_of_turn = (await waiter.draw()).text
        session = mover.session
        assert session is not None
        card = mover.hand[0]  # a single card laid alone is no meld: refused here before anything is sent
        session.move(card, "hand", "new")
        invalid = (await mover.end_turn()).text
        mover.take(mover.view)  # a view that changes nothing else (someone came back) keeps the cards moved
        assert mover.session is session and session.state.melds == ((card,),)
        return out_of_turn, invalid

    out_of_turn, invalid = asyncio.run(refusals())
    assert out_of_turn == "Non è permesso: è il turno di Ada, non di Bob.", out_of_turn  # Bob's words, in Italian
    assert invalid.startswith("Not valid yet: "), invalid


def test_a_page_opened_again_comes_back_to_the_seat(server: str) -> None:
    async def reopened() -> tuple[TableFlow, TableFlow, int]:
        ada, bob = await learner(server, "Ada"), await learner(server, "Bob")
        table = await ada.new_table("bga", 2, seed=SEED)
        first, bob_flow = await TableFlow.sit(ada, table), await TableFlow.sit(bob, table)
        views = aiter(first.follow())
        await anext(views)
        mover = first if first.my_turn else bob_flow
        if mover is bob_flow:
            await anext(aiter(bob_flow.follow()))
        assert (await mover.draw()).ended
        await anext(views)
        await ada.close()
        again = ClassClient(server, ada.credential)  # the same learner, from a new page (a new kernel)
        second = await TableFlow.sit(again, table)
        await anext(aiter(second.follow()))
        return first, second, first.turns

    first, second, turns = asyncio.run(reopened())
    assert second.seat == first.seat == 0
    assert second.turns == turns == 1 and second.hand == first.hand and second.lines == first.lines


def test_the_tables_maker_gives_the_empty_seats_to_computer_players(server: str) -> None:
    async def filled() -> tuple[str, str, TableFlow]:
        ada, bob = await learner(server, "Ada"), await learner(server, "Bob")
        table = await ada.new_table("bga", 4, seed=SEED)
        maker, guest = await TableFlow.sit(ada, table), await TableFlow.sit(bob, table)
        views = aiter(maker.follow())
        await anext(views)
        await anext(aiter(guest.follow()))
        assert maker.free_seats == [2, 3] and not maker.started
        assert maker.is_maker and not guest.is_maker
        refused = (await guest.fill()).text
        done = (await maker.fill("beginner")).text
        while not maker.started:
            await anext(views)
        return refused, done, maker

    refused, done, maker = asyncio.run(filled())
    assert refused == "Not allowed: only the table's maker or the teacher can give a seat to a computer player."
    assert done == "Computer players took the 2 empty seats."
    assert maker.status == "playing" and maker.free_seats == []
    assert [seat.computer for seat in maker.seats()] == [False, False, True, True]
