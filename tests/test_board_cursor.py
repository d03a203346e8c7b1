"""The keyboard's focus on a board, without a browser: the arrows reach every card and every place a
held card can go, and putting a card down with Enter is the drag that lets go at the same spot."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.core.position import Position
from machiavelli_kit.practice.examples import worked_examples
from machiavelli_kit.practice.session import PlaySession, PlayState
from machiavelli_kit.ui.cursor import Cursor, CursorKey, drop_stops
from machiavelli_kit.ui.layout import Board, lay_out


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A laid-out board from a worked example: its melds one or more times over, some table cards in
    the working area, at a width from a phone's to a projector's."""
    item = draw(st.sampled_from(worked_examples()))
    melds = [meld.cards for meld in item.position.table.melds] * draw(st.integers(1, 6))
    work = []
    for number in range(min(draw(st.integers(0, 3)), len(melds))):
        if len(melds[number]) > 1:
            work.append(melds[number][-1])
            melds[number] = melds[number][:-1]
    state = PlayState(tuple(melds), item.position.hand, tuple(work))
    return lay_out(state, draw(st.floats(min_value=300, max_value=1920)))


def pressed(cursor: Cursor, board: Board, *keys: CursorKey) -> Cursor:
    for key in keys:
        cursor = cursor.press(board, key)
    return cursor


@settings(max_examples=60, deadline=None)
@given(boards(), st.sampled_from(["left", "right"]))
def test_left_or_right_visits_every_card_once_in_reading_order(board: Board, key: CursorKey) -> None:
    cursor = Cursor().press(board, key)  # the first key shows the focus
    seen = []
    for _step in board.cards:
        spot = cursor.card(board)
        assert spot is not None
        seen.append(spot)
        cursor = cursor.press(board, key)
    assert sorted(seen, key=board.cards.index) == list(board.cards), "each card once"
    assert cursor.card(board) == seen[0], "round the end, back to the start"
    if key == "right":
        assert seen == [*board.cards[board.cards.index(seen[0]) :], *board.cards[: board.cards.index(seen[0])]]


@settings(max_examples=60, deadline=None)
@given(boards(), st.data())
def test_up_and_down_go_to_the_nearest_card_of_the_next_row(board: Board, data: st.DataObject) -> None:
    start = data.draw(st.sampled_from(board.cards))
    key = data.draw(st.sampled_from(["up", "down"]))
    cursor = Cursor((start.place, start.index))
    spot = cursor.press(board, key).card(board)
    assert spot is not None
    rows = sorted({other.box.y for other in board.cards})
    here = rows.index(start.box.y)
    goal = here - 1 if key == "up" else here + 1
    if not 0 <= goal < len(rows):
        assert spot == start, "the top and bottom rows keep the focus"
        return
    assert spot.box.y == rows[goal]
    nearest = min(abs(other.box.x - start.box.x) for other in board.cards if other.box.y == rows[goal])
    assert abs(spot.box.x - start.box.x) == nearest


@settings(max_examples=60, deadline=None)
@given(boards(), st.data())
def test_a_held_card_reaches_every_place_and_each_stop_is_where_a_drag_would_put_it(
    board: Board, data: st.DataObject
) -> None:
    held = data.draw(st.sampled_from(board.cards))
    cursor = Cursor(None, held)
    stops = drop_stops(board, held)
    first = cursor.stop(board)
    assert first is not None and first.target == held.place, "picked up, the focus is where the card was"
    seen = []
    for _step in stops:
        stop = cursor.stop(board)
        assert stop is not None
        seen.append(stop)
        cursor = cursor.press(board, "right")
    assert set(seen) == set(stops) and len(seen) == len(stops)
    for stop in stops:
        x, y = stop.point
        assert board.drop_target(x, y) == stop.target
        if isinstance(stop.target, int):
            assert board.drop_index(stop.target, x, held) == stop.index
    counts = {
        meld: sum(1 for spot in board.cards if spot.place == meld and spot != held) for meld in range(len(board.melds))
    }
    assert all(
        sum(1 for stop in stops if stop.target == meld) == max(1, count + 1) for meld, count in counts.items()
    ), "a stop before each card of a meld and one at its end"


def test_escape_puts_the_card_back_and_the_focus_on_it() -> None:
    board = lay_out(PlayState.of(Position.parse("4C 5C 6C", "3C 7C")))
    cursor = pressed(Cursor(), board, "right", "right", "enter", "up", "up")
    assert cursor.holding(board) is not None and cursor.card(board) is None
    back = cursor.press(board, "escape")
    assert back.holding(board) is None
    assert back.card(board) == board.cards[-1]  # the 7♣ it held


def test_a_focus_whose_card_is_gone_stays_in_its_place() -> None:
    session = PlaySession(Position.parse("4C 5C 6C", "3C 7C 8C"))
    cursor = pressed(Cursor(), lay_out(session.state), "right", "right", "right")  # on the 8♣
    session.move(session.state.hand[-1], "hand", 0)
    spot = cursor.card(lay_out(session.state))
    assert spot is not None and (spot.place, spot.index) == ("hand", 1)


def test_a_held_card_that_is_gone_is_held_no_more() -> None:
    session = PlaySession(Position.parse("4C 5C 6C", "3C 7C 8C"))
    cursor = pressed(Cursor(), lay_out(session.state), "right", "enter")
    session.move(session.state.hand[0], "hand", 0)  # another hand moved it meanwhile (an undo, a mouse)
    board = lay_out(session.state)
    assert cursor.holding(board) is None and cursor.stop(board) is None
    assert cursor.press(board, "escape").card(board) is not None


def test_a_board_without_cards_has_no_focus() -> None:
    board = lay_out(PlayState((), ()))
    assert Cursor().press(board, "right").card(board) is None
