"""Layout and hit testing of the play widget, without a browser."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.cards import Card
from machiavelli_kit.examples import example, worked_examples
from machiavelli_kit.play import PlayState
from machiavelli_kit.position import Position
from machiavelli_kit.ui.layout import CARD_H, CARD_W, PAD, WIDTH, lay_out, meld_order, rows_needed

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
    assert board.drop_target(board.work.x + 30, board.work.y + 30) == "work"
    assert board.drop_target(board.hand.x + 30, board.hand.y + 30) == "hand"
    assert board.drop_target(2, board.height - 2) is None


def test_valid_melds_show_in_play_order_and_others_sorted() -> None:
    assert meld_order((C("AH"), C("KH"), C("QH"))) == (C("QH"), C("KH"), C("AH"))
    assert meld_order((C("9H"), C("5S"), C("7D"))) == (C("5S"), C("7D"), C("9H"))


def test_many_melds_wrap_into_rows_and_the_canvas_grows() -> None:
    state = PlayState(tuple((C(f"{r}S"), C(f"{r}H"), C(f"{r}D")) for r in range(2, 11)), ())
    board = lay_out(state)
    assert rows_needed(state) >= 2
    assert board.table.h == PAD + 20 + rows_needed(state) * (CARD_H + 22)
    assert board.height > lay_out(PlayState(state.melds[:1], ())).height


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(worked_examples()),
    st.integers(1, 14),
    st.floats(min_value=300, max_value=1200),
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


def test_an_empty_table_still_has_room_for_a_new_meld() -> None:
    board = lay_out(PlayState.of(Position.parse("", "5H 5S 5D")))
    assert board.drop_target(board.new_slot.x + 2, board.new_slot.y + 2) == "new"
