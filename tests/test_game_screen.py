"""One screen holds the game, and a button that can do nothing looks it: the game board headless, its
buttons pressed and cards dragged as the browser sends them, its ``.disabled`` read after every change;
one status line; the seats round the table; the log's short lines; How to play folded away."""

from __future__ import annotations

import re

from machiavelli_kit.core.cards import parse_cards
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.game.narrator import board_turn, turn_summary
from machiavelli_kit.game.state import Turn
from machiavelli_kit.ui.game_board import GameBoard
from machiavelli_kit.ui.position_board import FIT, FIT_ROOM, PositionBoard
from machiavelli_kit.ui.seats import seats_text
from machiavelli_kit.ui.status import kind_of
from tests.test_game_board import MAX_TURNS, started
from tests.test_widget import drag


def disabled(board: GameBoard) -> set[str]:
    """The names of the disabled buttons a person sees: the game's and its board's."""
    assert board.position is not None
    shown = {**board.buttons, "Skip": board.skip}
    shown |= {name: board.position.buttons[name] for name in ("Undo", "Redo", "Check")}
    return {name for name, button in shown.items() if button.disabled}


def test_before_a_game_nothing_but_start_can_be_pressed() -> None:
    board = GameBoard()
    assert all(button.disabled for button in (*board.buttons.values(), board.skip))
    assert not board.setup.start_button.disabled


def test_at_the_start_of_a_turn_only_what_can_do_something_is_enabled() -> None:
    board = started(["person", "greedy"])
    assert disabled(board) == {"Undo", "Redo", "Restore", "Skip"}


def test_the_buttons_follow_the_board_after_every_drag_undo_and_redo() -> None:
    board = started(["person", "greedy"])
    assert board.position is not None
    drag(board.position, "6S", "new")
    assert disabled(board) == {"Redo", "Skip"}, "a card moved: Undo and Restore can do something"
    board.position.buttons["Undo"].click()
    assert disabled(board) == {"Undo", "Restore", "Skip"}, "back at the start: nothing to undo or restore"
    board.position.buttons["Redo"].click()
    assert disabled(board) == {"Redo", "Skip"}
    drag(board.position, "6H", 0)
    assert disabled(board) == {"Redo", "Skip"}
    board.position.buttons["Undo"].click()
    board.position.buttons["Undo"].click()
    assert disabled(board) == {"Undo", "Restore", "Skip"}, "both moves taken back: the table is as it started"


def test_restore_asks_first_and_stays_enabled_until_it_is_done() -> None:
    board = started(["person", "greedy"])
    assert board.position is not None
    drag(board.position, "6S", "new")
    board.buttons["Restore"].click()
    assert kind_of(board.status) == "hint" and not board.buttons["Restore"].disabled


def test_nothing_but_new_game_when_the_game_is_over() -> None:
    board = started(["person", "greedy"])
    flow = board.flow
    assert flow is not None
    for _ in range(MAX_TURNS):
        if flow.game.over:
            break
        board.buttons["Draw"].click()
    assert flow.game.over
    assert disabled(board) == {"Draw", "End turn", "Restore", "Hint", "Undo", "Redo", "Check", "Skip"}
    assert not board.new_game.disabled


def test_hot_seat_buttons_wait_for_the_next_person_to_take_the_screen() -> None:
    board = started(["person", "person"], names=["Ann", "Bob"])
    flow = board.flow
    assert flow is not None
    board.buttons["Draw"].click()
    assert flow.needs_handover
    assert disabled(board) == {"Draw", "End turn", "Restore", "Hint", "Undo", "Redo", "Check", "Skip"}
    board.take_over.click()
    assert disabled(board) == {"Undo", "Redo", "Restore", "Skip"}


def test_one_status_line_says_the_latest_thing_and_a_move_clears_the_hint() -> None:
    board = started(["person", "greedy"])
    assert board.position is not None
    assert board.position.status_line.layout.display == "none", "the board's own line is not shown"
    board.buttons["Hint"].click()
    assert board.status.value.startswith("Hint 1 of 6") and kind_of(board.status) == "hint"
    drag(board.position, "6S", "new")
    assert board.status.value == "Moved 6♠ to a new meld. Meld 1 is not valid yet."
    assert kind_of(board.status) == "invalid"
    board.position.buttons["Check"].click()
    checked = board.status.value
    board.buttons["Hint"].click()
    board.position.buttons["Check"].click()
    assert board.status.value == checked, "the same words said again are said again"


def test_the_seats_show_each_name_its_cards_and_whose_turn_it_is() -> None:
    board = started(["person", "greedy"])
    assert board.flow is not None
    assert seats_text(board.flow) == "Turn 1 · stock: 74 cards | ▶ You 15 cards | Greedy 15 cards"
    assert board.info.value.count('class="mk-seat') == 2
    assert '<span class="mk-seat mk-seat-now" aria-current="true">▶ You 15 cards</span>' in board.info.value
    board.buttons["Draw"].click()  # Greedy answers at once (no event loop)
    assert "▶ You 16 cards" in board.info.value and "Greedy 1" in board.info.value


def test_a_computer_play_is_one_short_line_with_its_moves_folded_under_it() -> None:
    board = started(["person", "greedy"])
    flow = board.flow
    assert flow is not None
    for _ in range(MAX_TURNS):
        if any(line.startswith("Greedy played") for line in board.lines) or flow.game.over:
            break
        board.buttons["Draw"].click()
    index = next(index for index, line in enumerate(board.lines) if line.startswith("Greedy played"))
    line, details = board.lines[index], board.line_details[index]
    assert re.fullmatch(
        r"Greedy played \d+ cards? \(.+\) and (made (a|\d+) new melds?|added (it|them) to the melds "
        r"on the table)\.( Greedy has no cards left and closes!)?",
        line,
    ), line
    assert details.startswith(line.split(" and ")[0]) and ":" in details and "left" in details
    assert f"<details><summary>{line}</summary><div>" in board.log.value
    draws = [i for i, text in enumerate(board.lines) if text.startswith("You drew")]
    assert draws and all(board.line_details[i] == "" for i in draws), "a draw says all in its line"


def test_turn_summary_tells_cards_added_to_the_table_and_a_close() -> None:
    before = Table.parse("6S 6H 6C | 2D 3D 4D")
    turn = Turn(9, 1, "play", Table.parse("6S 6H 6C 6D | 2D 3D 4D 5D"), parse_cards("6D 5D"))
    assert turn_summary("Bea", turn, before, cards_left=4) == (
        "Bea played 2 cards (6♦ 5♦) and added them to the melds on the table."
    )
    assert turn_summary("Bea", turn, before, cards_left=0, lang="pl").endswith("Bea nie ma już kart i zamyka grę!")
    drew = Turn(10, 1, "draw", before, (), parse_cards("KS"))
    assert turn_summary("Bea", drew, before, cards_left=5) == board_turn("Bea", drew, (), cards_left=5)


def test_how_to_play_folds_away_when_the_game_starts_and_stays_there() -> None:
    board = GameBoard()
    assert board.how_to.selected_index == 0 and board.how_to.layout.display is None
    board.setup.start_button.click()
    assert board.how_to.selected_index is None and board.how_to.layout.display is None
    assert board.setup.box.layout.display == "none"
    text = board.how_to.children[0].value
    assert "End turn" in text and "Skip" in text and "D draw" in text


def test_the_game_board_fits_the_screen_and_keeps_the_size_buttons() -> None:
    board = started(["person", "greedy"])
    assert board.position is not None
    position = board.position
    assert position.scale == FIT and position.size_choice.options[0][0] == "Fit"
    assert f"100vh - {FIT_ROOM}px" in position.box.layout.width and "min(100%" in position.box.layout.width
    position.size_choice.value = 1.4
    assert position.box.layout.width == "1064px"


def test_a_puzzle_boards_restore_waits_for_a_move() -> None:
    view = PositionBoard(Position.parse("4C 5C 6C", "3C 7C"))
    assert view.buttons["Restore"].disabled
    drag(view, "3C", 0)
    assert not view.buttons["Restore"].disabled
    view.buttons["Restore"].click()
    assert view.buttons["Restore"].disabled
