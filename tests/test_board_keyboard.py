"""The keyboard alone on a board, headless: each key reaches the board as its front end (BoardKeys)
sends it. The arrows move the focus, Enter picks a card up and puts it down as the same drag would,
Escape puts it back, the letters press the board's (or the game's) buttons, and every message is
also said in the live region for a screen reader."""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.position import Position
from machiavelli_kit.practice.examples import example, worked_examples
from machiavelli_kit.practice.session import PlayError, PlaySession
from machiavelli_kit.ui.cursor import drop_stops
from machiavelli_kit.ui.layout import CARD_H
from machiavelli_kit.ui.position_board import PositionBoard
from machiavelli_kit.ui.seats import seats_text
from tests.test_game_board import started

C = Card.parse


def key(view: PositionBoard, name: str, **flags: bool) -> None:
    """A ``keydown`` on the board's focused canvas, as its front end sends it (``name`` as the browser names it)."""
    content: dict[str, Any] = {"event": "keydown", "key": name, "code": name, "repeat": False}
    content |= {flag: flags.get(flag, False) for flag in ("ctrlKey", "metaKey", "altKey", "shiftKey")}
    view.keys._heard(view.keys, content)


def keys(view: PositionBoard, *names: str) -> None:
    for name in names:
        key(view, name)


def focus(view: PositionBoard, *, focused: bool = True, visible: bool = True) -> None:
    """The canvas takes the focus (``visible``: by Tab) or loses it, as the front end tells it."""
    view.keys._heard(view.keys, {"event": "focusin" if focused else "focusout", "visible": visible})


def make(identifier: str) -> PositionBoard:
    item = example(identifier)
    return PositionBoard(item.position, item.rules, name=item.id)


def focused(view: PositionBoard) -> str:
    spot = view._cursor.card(view.board())
    return "" if spot is None else str(spot.card)


def test_tab_to_the_cards_says_the_keys_and_shows_the_first_card_of_the_hand() -> None:
    view = make("bga-7")
    assert focused(view) == "3♣" and not view._keyboard  # nothing outlined before the board has the focus
    focus(view)
    assert view._keyboard and focused(view) == "3♣"
    assert view.status.value.startswith("The arrow keys move between the cards")
    assert view.live.message == view.status.value
    keys(view, "ArrowRight")
    assert focused(view) == "7♣" and view.live.message == "7♣, your hand"
    keys(view, "ArrowUp")
    assert focused(view) == "6♣" and view.live.message == "6♣, meld 1"  # the nearest card above
    focus(view, focused=False)
    focus(view)
    assert focused(view) == "6♣", "the focus comes back where it was"
    assert view.live.message == "6♣, meld 1", "the keys are told once; coming back, where the focus is"


def test_a_mouse_press_focuses_the_canvas_without_an_outline() -> None:
    view = make("bga-7")
    focus(view, visible=False)
    assert not view._keyboard


def test_the_keyboard_alone_solves_bga_7_and_each_move_is_said() -> None:
    view = make("bga-7")
    focus(view)
    keys(view, "Enter", "ArrowUp", "ArrowUp")  # the 3♣ up, over the working area, onto the table's row
    assert view.live.message == "A new meld"
    keys(view, "ArrowLeft", "ArrowLeft", "ArrowLeft", "ArrowLeft")
    assert view.live.message == "Meld 1, before 4♣"
    keys(view, " ")  # Space puts down as Enter does
    assert view.status.value.startswith("Moved 3♣ to meld 1.")
    assert view.live.message.startswith("Moved 3♣ to meld 1.")
    assert focused(view) == "3♣" and view.session.state.melds[0][0] == C("3C")
    for card in ("7♣", "8♣"):
        keys(view, "ArrowDown")
        assert focused(view) == card
        keys(view, "Enter", "ArrowUp", "ArrowUp", "ArrowLeft")
        assert view.live.message.startswith("Meld 1, at the end")
        keys(view, "Enter")
        assert view.status.value.startswith(f"Moved {card} to meld 1.")
    assert view.session.state.hand == ()
    key(view, "c")
    assert view.status.value.startswith("Valid: you played 3 cards")
    assert view.live.message == view.status.value.replace("&#x27;", "'")


def test_escape_puts_the_card_back_and_nothing_moves() -> None:
    view = make("bga-7")
    focus(view)
    keys(view, "ArrowRight", "Enter")
    assert view._drag is not None and view._drag.spot.card == C("7C"), "the held card is drawn lifted"
    keys(view, "ArrowUp", "Escape")
    assert view._drag is None and view.status.value == "7♣ is back where it was."
    assert view.session.state.hand == (C("3C"), C("7C"), C("8C")) and focused(view) == "7♣"


def test_the_held_card_goes_back_when_the_focus_leaves_or_the_mouse_presses() -> None:
    view = make("bga-7")
    focus(view)
    keys(view, "Enter", "ArrowUp")
    focus(view, focused=False)
    assert view._drag is None and view._cursor.held is None
    focus(view)
    keys(view, "Enter", "ArrowUp", "ArrowUp")
    spot = view.board().cards[0]
    view.canvas[-1]._handle_frontend_event(None, {"event": "mouse_down", "x": spot.box.x * 2 + 4, "y": 100}, [])
    assert view._cursor.held is None and view._drag is not None and view._drag.spot == spot


def test_the_focus_follows_a_card_whose_meld_is_emptied_and_gone() -> None:
    view = PositionBoard(Position.parse("9H | 4C 5C 6C", "7C"))
    focus(view)
    keys(view, "ArrowRight", "Enter")  # round the end, from the 7♣ to the 9♥, and up
    for _step in range(10):
        if view.live.message == "Meld 2, at the end":
            break
        key(view, "ArrowRight")
    key(view, "Enter")
    assert view.status.value.startswith("Moved 9♥ to meld 2.")
    assert view.session.state.melds == ((C("4C"), C("5C"), C("6C"), C("9H")),), "the emptied meld is gone"
    assert focused(view) == "9♥", "the focus is on the card put down, in the meld that moved up"


def test_letters_press_the_board_buttons_that_can_be_pressed() -> None:
    view = make("bga-7")
    focus(view)
    key(view, "u")
    assert view.session.state.hand == (C("3C"), C("7C"), C("8C")) and not view.status.value.startswith("Nothing")
    keys(view, "Enter", "ArrowUp", "ArrowUp", "Enter")
    assert len(view.session.state.melds) == 2
    key(view, "z", ctrlKey=True)
    assert view.status.value.startswith("Undone.") and len(view.session.state.melds) == 1
    key(view, "y")
    assert view.status.value.startswith("Redone.") and len(view.session.state.melds) == 2
    key(view, "ArrowLeft", altKey=True)  # not the board's: nothing happens
    assert view.status.value.startswith("Redone.")


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(worked_examples()), st.data())
def test_enter_move_enter_is_the_drag_that_lets_go_at_the_same_spot(item: Any, data: st.DataObject) -> None:
    by_keys, by_mouse = (PositionBoard(item.position, item.rules) for _ in range(2))
    board = by_keys.board()
    spot = data.draw(st.sampled_from(board.cards))
    stops = drop_stops(board, spot)
    stop = data.draw(st.sampled_from(stops))
    focus(by_keys)
    for _step in board.cards:
        if by_keys._cursor.card(board) == spot:
            break
        key(by_keys, "ArrowRight")
    key(by_keys, "Enter")
    for _step in stops:
        if by_keys._cursor.stop(board) == stop:
            break
        key(by_keys, "ArrowRight")
    key(by_keys, "Enter")
    k = by_mouse._k
    grip = (spot.box.x + 1, spot.box.y + CARD_H / 2)
    for event, (x, y) in (
        ("mouse_down", grip),
        ("mouse_move", stop.point),
        ("mouse_up", (stop.point[0] + 1, stop.point[1])),
    ):
        by_mouse.canvas[-1]._handle_frontend_event(None, {"event": event, "x": x * k, "y": y * k}, [])
    assert by_keys.session.state == by_mouse.session.state
    named = PlaySession(item.position, item.rules)  # the move the stop names, made directly
    with contextlib.suppress(PlayError):
        named.move(spot.card, spot.place, stop.target, stop.index)
    assert by_keys.session.state == named.state
    assert by_keys.errors == by_mouse.errors == []


def test_a_game_hears_its_keys_on_the_focused_cards_and_says_its_messages() -> None:
    game = started(["person", "greedy"])
    assert game.position is not None
    view = game.position
    focus(view)
    key(view, "h")
    assert game.status.value.startswith("Hint 1 of")
    assert view.live.message == game.status.value
    key(view, "d")
    assert "drew a card" in game.log.value
    assert game.flow is not None and seats_text(game.flow).startswith("Turn 3 ·"), "the computer has played its turn"
