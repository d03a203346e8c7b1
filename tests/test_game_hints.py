"""Hint and Check on the game board speak of the best play the game allows: the rules a position alone
does not show (a table closed to a player who has not laid a meld yet, helping cards) narrow it."""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli_kit.core.cards import parse_cards
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.game.actions import Play
from machiavelli_kit.game.deal import arranged_deal
from machiavelli_kit.game.flow import GameFlow, Seat
from machiavelli_kit.game.session import Game
from machiavelli_kit.solver import solve


def flow_of(rules: str, hands: Sequence[str], *, table: str, helpers: str = "") -> GameFlow:
    """A game with chosen hands, the person in seat 0 to move against a computer player."""
    parsed = Rules.parse(rules)
    deal = arranged_deal(
        parsed, [parse_cards(hand) for hand in hands], table=Table.parse(table), helpers=parse_cards(helpers)
    )
    game = Game(parsed, ["Ann", "Bob"], deal, dealer=1)
    return GameFlow([Seat("Ann"), Seat("Bob", computer="greedy")], game)


def test_a_closed_table_hint_lays_new_melds_and_leaves_the_table_alone() -> None:
    flow = flow_of("bga(attach_before_laying=false)", ["8H 2C 3C 4C 9S", "2S 2D 3S 9D"], table="5H 6H 7H")
    session = flow.session
    assert session is not None
    # on this table and hand alone, 8H would join the heart run: 4 cards
    assert solve(session.start, flow.rules).max_play == 4
    assert flow.hint() == "Hint 1 of 6: You can play 3 cards."
    answer = session.solution
    assert str(answer.table) == "5♥ 6♥ 7♥ | 2♣ 3♣ 4♣"
    assert flow.game.refusal(Play(answer.table)) is None
    for card in parse_cards("2C 3C 4C"):
        session.move(card, "hand", "new" if card.rank == 2 else 1)
    assert session.check().text == "Valid: you played 3 cards (2♣ 3♣ 4♣), the most this position allows."


def test_an_open_table_hint_is_the_solvers_own_answer() -> None:
    flow = flow_of("bga", ["8H 2C 3C 4C 9S", "2S 2D 3S 9D"], table="5H 6H 7H")
    assert flow.hint() == "Hint 1 of 6: You can play 4 cards."
    assert flow.session is not None and flow.session.solution == solve(flow.session.start, flow.rules)


def test_a_hint_never_puts_a_helping_card_where_the_game_refuses_it() -> None:
    flow = flow_of(
        "wikipedia(hand_size=6, helpers=4)", ["8H KH 2C", "2S 2D 3C"], table="5H 6H 7H", helpers="9H KS KD QC"
    )
    session = flow.session
    assert session is not None and session.start == Position.parse("5H 6H 7H", "8H KH 2C 9H KS KD QC")
    # hand and helping cards together would lay 9H on the run and K♥ with two helping kings
    assert solve(session.start, flow.rules).max_play == 5
    answer = session.solution
    assert (answer.max_play, str(answer.table)) == (1, "5♥ 6♥ 7♥ 8♥")
    assert flow.game.refusal(Play(answer.table)) is None
    assert flow.hint() == "Hint 1 of 6: You can play 1 card."
