"""The game board's keyboard shortcuts, headless: each key reaches the board as the message
ipyevents sends from the browser, and must do what clicking its button does (and nothing when
that button is disabled)."""

from __future__ import annotations

from typing import Any

from machiavelli_kit.core.cards import Card
from machiavelli_kit.ui.game_board import GameBoard
from machiavelli_kit.ui.shortcuts import Shortcut, keys_line, shortcut_for, with_key
from tests.test_game_board import lay, started

SEED = 7
"""Seed 7 deals You 6♠ 6♥ 6♣ and the first turn against Greedy (as in tests/test_game_board.py)."""


def key_event(key: str, *, ctrl: bool = False, alt: bool = False, repeat: bool = False) -> dict[str, Any]:
    """A ``keydown`` as ipyevents 2 sends it from the browser."""
    code = f"Key{key.upper()}" if len(key) == 1 else key
    return {
        "altKey": alt,
        "ctrlKey": ctrl,
        "metaKey": False,
        "shiftKey": False,
        "type": "keydown",
        "timeStamp": 1234.5,
        "code": code,
        "key": key,
        "location": 0,
        "repeat": repeat,
        "target": {"tagName": "DIV", "id": "", "className": "widget-vbox mk-game-keys-area"},
        "event": "keydown",
    }


def press(board: GameBoard, key: str, **modifiers: bool) -> None:
    """Deliver a key to the board the way the browser's message reaches its ipyevents widget."""
    board.keys._handle_mouse_msg(board.keys, key_event(key, **modifiers), [])


def drag_to_new_meld(board: GameBoard, code: str) -> None:
    """Drag ``code`` from the hand to a new meld with the board's own mouse handlers."""
    assert board.position is not None
    drawn = board.position.board()
    spot = next(spot for spot in drawn.cards if spot.card == Card.parse(code) and spot.place == "hand")
    goal, k = drawn.new_slot, board.position._k  # the handlers take canvas pixels
    board.position._down((spot.box.x + 8) * k, (spot.box.y + 30) * k)
    board.position._up((goal.x + goal.w / 2) * k, (goal.y + goal.h / 2) * k)


def test_the_key_map_reads_letters_and_ctrl_and_ignores_held_and_alt_keys() -> None:
    assert shortcut_for(key_event("d")) is Shortcut.DRAW
    assert shortcut_for(key_event("D")) is Shortcut.DRAW  # Shift or Caps Lock
    assert shortcut_for(key_event("e")) is Shortcut.END_TURN
    assert shortcut_for(key_event("z", ctrl=True)) is Shortcut.UNDO
    assert shortcut_for(key_event("y", ctrl=True)) is Shortcut.REDO
    assert shortcut_for(key_event("r", repeat=True)) is None
    assert shortcut_for(key_event("d", alt=True)) is None
    assert shortcut_for(key_event("x")) is None and shortcut_for(key_event("Tab")) is None
    assert shortcut_for(key_event("d", ctrl=True)) is None


def test_the_learner_is_told_the_keys_on_the_tooltips_and_in_how_to_play() -> None:
    board = started(["person", "greedy"])
    assert board.buttons["Draw"].tooltip == "draw a card and end your turn (when nothing can be played) (key D)"
    assert board.position is not None
    assert board.position.buttons["Undo"].tooltip.endswith("(key U or Ctrl+Z)")
    assert set(board.key_buttons) == set(Shortcut)
    for button in board.key_buttons.values():
        assert "(key " in button.tooltip
    assert f'<p class="mk-game-keys">{keys_line()}</p>' in board.how_to.children[0].value.replace("&amp;", "&")
    assert keys_line().startswith("Keys (with the mouse over the cards, or after Tab to them): D draw, E end turn")
    assert "The arrow keys move between the cards, Enter or Space picks one up" in keys_line()
    assert with_key(Shortcut.HINT, "a hint") == "a hint (key H)"


def test_d_draws_and_the_computer_answers_as_a_click_does() -> None:
    keyed, clicked = started(["person", "greedy"]), started(["person", "greedy"])
    press(keyed, "d")
    clicked.buttons["Draw"].click()
    assert keyed.errors == []
    assert keyed.lines == clicked.lines and len(keyed.lines) == 3
    assert keyed.lines[1].startswith("You drew")
    assert keyed.status.value == clicked.status.value and keyed.status.value.startswith("Your turn")
    assert keyed.flow is not None and len(keyed.flow.game.turns) == 2


def test_e_ends_a_valid_turn_and_refuses_an_invalid_one() -> None:
    board = started(["person", "greedy"])
    press(board, "e")
    assert board.status.value.startswith("Not valid yet") and board.flow is not None and board.flow.game.turns == []
    lay(board, "6S 6H 6C")
    press(board, "e")
    assert board.lines[1] == "You played 3 cards (6♠ 6♥ 6♣). You have 12 cards left."


def test_r_asks_first_then_takes_the_penalty_and_a_held_key_never_repeats_it() -> None:
    board = started(["person", "greedy"])
    press(board, "r")  # nothing moved: Restore has nothing to give up
    assert not board.status.value.startswith("Restore") and board.buttons["Restore"].disabled
    drag_to_new_meld(board, "6S")
    press(board, "r")
    assert "you draw 3 cards as the penalty" in board.status.value
    press(board, "r", repeat=True)  # the key held down: still only asked
    assert board.flow is not None and board.flow.game.turns == []
    press(board, "r")
    assert board.flow.game.turns[0].action == "restore"


def test_undo_redo_check_and_hint_keys() -> None:
    board = started(["person", "greedy"])
    assert board.flow is not None and board.flow.session is not None and board.position is not None
    drag_to_new_meld(board, "6S")
    assert board.flow.session.state.melds and not board.position.buttons["Undo"].disabled
    press(board, "z", ctrl=True)
    assert not board.flow.session.state.melds
    press(board, "y")
    assert board.flow.session.state.melds
    press(board, "u")
    assert not board.flow.session.state.melds
    press(board, "y", ctrl=True)
    assert board.flow.session.state.melds
    press(board, "c")
    assert "6♠" in board.status.value
    press(board, "h")
    assert board.status.value.startswith("Hint 1 of 6")


def test_a_disabled_buttons_key_does_nothing() -> None:
    quiet = started(["person", "greedy"], hints=False)
    assert quiet.buttons["Hint"].disabled
    before = quiet.status.value
    press(quiet, "h")
    assert quiet.status.value == before and quiet.errors == []
    setup_only = GameBoard(seed=SEED)  # no game yet: the keys have no board
    press(setup_only, "d")
    assert setup_only.flow is None and setup_only.errors == []
    hot_seat = started(["person", "person"])  # the hand-over screen: every button off
    assert hot_seat.flow is not None and hot_seat.flow.needs_handover and hot_seat.buttons["Draw"].disabled
    press(hot_seat, "d")
    assert hot_seat.flow.game.turns == [] and hot_seat.errors == []


def test_keys_press_the_buttons_themselves_whatever_their_labels_say() -> None:
    board = GameBoard(seed=SEED, lang="pl")
    board.setup.choose(["person", "greedy"])
    board.setup.start_button.click()
    assert board.position is not None and board.buttons["Draw"].description == "Dobierz"
    assert board.key_buttons[Shortcut.DRAW] is board.buttons["Draw"]
    assert board.key_buttons[Shortcut.UNDO] is board.position.buttons["Undo"]
    board.buttons["Draw"].description = "?"  # a label is only what the learner reads
    press(board, "d")
    assert board.errors == [] and board.flow is not None and board.flow.game.turns[0].action == "draw"
    assert board.lines[1].startswith("Dobierasz kartę")
    board.new_game.click()
    board.setup.start_button.click()  # a new game: the keys press its own board's buttons
    assert board.key_buttons[Shortcut.UNDO] is board.position.buttons["Undo"]
