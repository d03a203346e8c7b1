"""Layout and hit testing of the play widget, without a browser."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.position import Position
from machiavelli_kit.practice.examples import example, worked_examples
from machiavelli_kit.practice.session import PlaySession, PlayState
from machiavelli_kit.ui.layout import CARD_H, CARD_W, PAD, ROW_GAP, STRIP, WIDTH, lay_out

C = Card.parse


def test_every_card_is_drawn_once_in_its_place() -> None:
    state = PlayState.of(example("it-3").position)
    board = lay_out(state)
    assert sorted(spot.card for spot in board.cards) == sorted([*(c for m in state.melds for c in m), *state.hand])
    assert {spot.place for spot in board.cards} == {0, 1, 2, 3, "hand"}


def test_the_topmost_card_wins_where_cards_overlap() -> None:
    board = lay_out(PlayState.of(example("bga-7").position))
    first, second = board.cards[0], board.cards[1]
    assert second.box.x < first.box.x + CARD_W  # they overlap
    assert board.card_at(second.box.x + 2, second.box.y + 10) == second
    assert board.card_at(first.box.x + 2, first.box.y + 10) == first
    assert board.card_at(1, 1) is None


def test_drop_targets_cover_melds_new_felt_working_area_and_hand() -> None:
    board = lay_out(PlayState.of(example("bga-1").position))
    meld = board.melds[1]
    assert board.drop_target(meld.x + meld.w / 2, meld.y + meld.h / 2) == 1
    assert board.drop_target(board.new_slot.x + 5, board.new_slot.y + 5) == "new"
    assert board.drop_target(WIDTH - 20, board.table.h - 10) == "new"
    assert board.drop_target(board.work.x + 30, board.work.y + 10) == "work"
    assert board.drop_target(board.hand.x + 30, board.hand.y + 30) == "hand"
    assert board.drop_target(2, board.height - 2) is None


def test_cards_are_drawn_in_the_order_they_lie_even_in_a_broken_meld() -> None:
    state = PlayState(((C("9H"), C("5S"), C("7D")), (C("AH"), C("KH"), C("QH"))), ())
    board = lay_out(state)
    for place, meld in enumerate(state.melds):
        shown = sorted((spot for spot in board.cards if spot.place == place), key=lambda spot: spot.box.x)
        assert tuple(spot.card for spot in shown) == meld


def test_a_card_dropped_between_two_cards_stays_there() -> None:
    session = PlaySession(Position.parse("4C 6C 7C", "5C"))
    board = lay_out(session.state)
    four, six = (spot for spot in board.cards if spot.place == 0 and spot.card in (C("4C"), C("6C")))
    hand_card = next(spot for spot in board.cards if spot.place == "hand")
    left = (four.box.x + six.box.x) / 2 + 4  # the lifted card's left edge, just past 4♣'s showing part
    index = board.drop_index(0, left, hand_card)
    assert index == 1
    session.move(C("5C"), "hand", 0, index)
    assert session.state.melds[0] == (C("4C"), C("5C"), C("6C"), C("7C"))
    moved = lay_out(session.state)
    assert tuple(spot.card for spot in sorted(moved.cards[:4], key=lambda spot: spot.box.x)) == session.state.melds[0]
    assert board.drop_index(0, four.box.x - 30) == 0 and board.drop_index(0, WIDTH) == 3


def test_each_meld_has_a_number_tag_above_its_first_card_inside_its_drop_box() -> None:
    state = PlayState.of(example("it-3").position)
    board = lay_out(state)
    assert len(board.tags) == len(board.melds) == len(state.melds)
    firsts = [next(spot for spot in board.cards if spot.place == i) for i in range(len(state.melds))]
    for tag, box, first in zip(board.tags, board.melds, firsts, strict=True):
        assert tag.x == first.box.x and tag.bottom <= first.box.y
        assert box.contains(tag.x + 2, tag.y + 2), "dropping on the number drops on the meld"
    many = lay_out(PlayState(tuple((C(f"{r}S"), C(f"{r}H"), C(f"{r}D")) for r in [*range(2, 11), "J", "Q", "K"]), ()))
    assert many.tags[11].w > many.tags[0].w, "two digits need a wider tag"


def test_no_empty_row_is_reserved_the_new_meld_slot_ends_the_last_row() -> None:
    one_row = lay_out(PlayState.of(example("bga-7").position))
    last = max(spot.box.bottom for spot in one_row.cards if isinstance(spot.place, int))
    assert one_row.new_slot.y == one_row.cards[0].box.y, "the slot sits in the row of melds"
    assert one_row.table.bottom == last + PAD, "the table ends just under its cards"


def test_a_full_last_row_gets_a_thin_strip_not_a_card_high_row() -> None:
    meld = (C("5S"), C("5H"), C("5D"))
    rows = [lay_out(PlayState((meld,) * copies, ())) for copies in range(1, 13)]
    full = next(board for board in rows if board.new_slot.w > CARD_W)
    last = max(spot.box.bottom for spot in full.cards if isinstance(spot.place, int))
    assert full.new_slot.h == STRIP and full.new_slot.y > last
    assert full.table.bottom - last < CARD_H, "less than a row of cards"


def test_the_board_grows_with_rows_and_shrinks_back() -> None:
    state = PlayState(tuple((C(f"{r}S"), C(f"{r}H"), C(f"{r}D")) for r in range(2, 11)), ())
    tall, short = lay_out(state), lay_out(PlayState(state.melds[:1], ()))
    rows = len({spot.box.y for spot in tall.cards if isinstance(spot.place, int)})
    assert rows >= 2
    assert tall.height - short.height == (rows - 1) * (CARD_H + ROW_GAP)


def test_an_empty_working_area_is_a_thin_strip_and_the_hand_keeps_its_height() -> None:
    state = PlayState.of(example("bga-7").position)
    board = lay_out(state)
    borrowed = lay_out(PlayState(state.melds[1:], state.hand, state.melds[0]))
    assert board.work.h < CARD_H < borrowed.work.h, "an empty working area takes no card-high row"
    assert lay_out(PlayState(state.melds, ())).hand == board.hand, "playing the last card does not resize"


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(worked_examples()),
    st.integers(1, 14),
    st.floats(min_value=300, max_value=1920),
)
def test_cards_stay_inside_the_board_and_melds_never_overlap(item, copies: int, width: float) -> None:  # type: ignore[no-untyped-def]
    melds = item.position.table.melds * copies
    board = lay_out(PlayState(tuple(m.cards for m in melds), item.position.hand), width=width)
    for spot in board.cards:
        assert spot.box.x >= 0 and spot.box.x + spot.box.w <= width + 1e-6
        assert spot.box.y + spot.box.h <= board.height
        if isinstance(spot.place, int):
            assert board.drop_target(spot.box.x + 3, spot.box.y + 3) == spot.place
    for one, box in enumerate(board.melds):
        for other in board.melds[one + 1 :]:
            assert box.x + box.w <= other.x + 1e-6 or other.y >= box.y + box.h - 1e-6
    for tag in board.tags:
        assert tag.x + tag.w <= width and tag.y >= 0


def test_an_empty_table_still_has_room_for_a_new_meld() -> None:
    board = lay_out(PlayState.of(Position.parse("", "5H 5S 5D")))
    assert board.drop_target(board.new_slot.x + 2, board.new_slot.y + 2) == "new"
    assert board.new_slot.h == CARD_H


@pytest.mark.parametrize("width", [600, 800, 1366, 1920])
def test_a_full_table_fits_each_width_with_no_empty_row(width: int) -> None:
    melds = tuple(meld.cards for item in worked_examples() for meld in item.position.table.melds)
    board = lay_out(PlayState(melds, example("it-3").position.hand), width=width)
    for box in [spot.box for spot in board.cards] + list(board.tags) + [board.new_slot, board.work, board.hand]:
        assert box.x >= 0 and box.x + box.w <= width and box.bottom <= board.height
    last = max(spot.box.bottom for spot in board.cards if isinstance(spot.place, int))
    assert board.table.bottom - last <= STRIP + ROW_GAP, "at most the thin new-meld strip under the last row"
    assert len(board.tags) == len(melds)
