"""The widget without a browser: drags reach the session, buttons answer, errors are shown."""

from __future__ import annotations

import asyncio

import pytest

from machiavelli_kit.cards import Card
from machiavelli_kit.examples import example
from machiavelli_kit.play import CheckReport
from machiavelli_kit.ui import position_board as widget_module
from machiavelli_kit.ui.position_board import PositionWidget, example_widget

C = Card.parse


def make(identifier: str, **options: float) -> PositionWidget:
    item = example(identifier)
    return PositionWidget(item.position, item.rules, name=item.id, **options)  # type: ignore[arg-type]


def send(view: PositionWidget, event: str, x: float, y: float) -> None:
    """Deliver a browser event for layout point (x, y) the way ipycanvas receives it, in canvas pixels."""
    k = view._k
    content = {"event": event, "x": x * k, "y": y * k}
    if event.startswith("touch"):
        content = {"event": event, "touches": [{"x": x * k, "y": y * k}] if event != "touch_end" else []}
    view.canvas[-1]._handle_frontend_event(None, content, [])


def drag(view: PositionWidget, card: str, target: int | str) -> None:
    """Press on ``card``, move, release over ``target``."""
    board = view.board()
    spot = next(spot for spot in board.cards if spot.card == C(card))
    goal = board.melds[target] if isinstance(target, int) else {"new": board.new_slot, "work": board.work}[target]
    send(view, "mouse_down", spot.box.x + 5, spot.box.y + 5)
    send(view, "mouse_move", goal.x + 3, goal.y + 3)
    send(view, "mouse_up", goal.x + goal.w / 2, goal.y + goal.h / 2)


def test_dragging_cards_solves_bga_7_and_check_calls_back() -> None:
    view = make("bga-7")
    solved: list[CheckReport] = []
    view.on_solved(solved.append)
    assert view.buttons["Undo"].disabled
    for card in ("3C", "7C", "8C"):
        drag(view, card, 0)
    assert view.status.value == "Moved 8♣ to meld 1."
    assert not view.buttons["Undo"].disabled and view.buttons["Redo"].disabled
    view.buttons["Check"].click()
    assert view.status.value.startswith("Valid: you played 3 cards")
    assert len(solved) == 1 and solved[0].played == (C("3C"), C("7C"), C("8C"))


def test_a_refused_move_is_explained_and_the_table_kept() -> None:
    view = make("bga-7")
    drag(view, "4C", "work")
    drag(view, "4C", "work")
    assert view.session.state.work == (C("4C"),)
    spot = next(spot for spot in view.board().cards if spot.place == "work")
    send(view, "mouse_down", spot.box.x + 5, spot.box.y + 5)
    hand = view.board().hand
    send(view, "mouse_up", hand.x + 20, hand.y + 20)
    assert view.status.value.startswith("Not allowed: 4♣ was on the table at the start")
    assert view.session.state.work == (C("4C"),)


def test_check_highlights_the_invalid_melds() -> None:
    view = make("it-4")
    drag(view, "5D", "new")
    view.buttons["Check"].click()
    assert view._highlight == (2,)
    assert "meld 3" in view.status.value
    view.buttons["Undo"].click()
    assert not view._highlight


def test_hint_and_solve_buttons(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(widget_module, "STEP_DELAY", 0)
    view = make("it-3")
    view.buttons["Hint"].click()
    assert view.status.value == "Hint 1 of 6: You can play 2 cards: your whole hand."
    view.buttons["Solve"].click()
    assert view.status.value.startswith("Valid: you played 2 cards")
    assert len(view.session.solution.moves) == 5
    view.buttons["Undo"].click()
    assert view.status.value == "Undone." and len(view.session.state.hand) == 1
    view.buttons["Restore"].click()
    assert view.session.state.hand == example("it-3").position.hand


def test_solve_on_a_dead_position_says_restore() -> None:
    view = make("bga-3")
    view.buttons["Solve"].click()
    assert view.status.value.startswith("No play")


def test_any_error_in_a_handler_reaches_the_status_line(monkeypatch: pytest.MonkeyPatch) -> None:
    view = make("bga-7")

    def broken() -> None:
        raise RuntimeError("the solver fell over")

    monkeypatch.setattr(view.session, "check", broken)
    view.buttons["Check"].click()
    assert "Error: RuntimeError(&#x27;the solver fell over&#x27;)" in view.status.value
    assert "Traceback" in view.errors[0]
    view._guard(view._down)("not", "numbers")  # type: ignore[arg-type]
    assert "TypeError" in view.status.value and len(view.errors) == 2


def test_scale_and_pixel_ratio_size_the_canvas() -> None:
    view = make("bga-7", scale=1.5, pixel_ratio=2)
    board = view.board()
    assert view.canvas.width == round(board.width * 3)
    assert view.canvas.layout.width == f"{board.width * 1.5}px"


def test_touch_drags_like_the_mouse_and_leaving_the_canvas_cancels() -> None:
    view = make("bga-7")
    board = view.board()
    spot = next(spot for spot in board.cards if spot.card == C("8C"))
    goal = board.melds[0]
    send(view, "touch_start", spot.box.x + 5, spot.box.y + 5)
    send(view, "touch_move", goal.x + 20, goal.y + 20)
    send(view, "touch_end", 0, 0)
    assert view.session.state.hand == (C("3C"), C("7C"))
    lifted = view.board().cards[-1]
    send(view, "mouse_down", lifted.box.x + 5, lifted.box.y + 5)
    assert view._drag is not None and view._drag.spot.card == C("7C")
    send(view, "mouse_out", 0, 0)
    send(view, "mouse_up", goal.x + 20, goal.y + 20)
    assert view.session.state.hand == (C("3C"), C("7C"))


def test_example_widget_carries_the_test_handle_and_the_story() -> None:
    box = example_widget("it-3")
    board, story = box.children
    assert "mk-position-it-3" in board._dom_classes
    assert "frees the ten" in story.children[0].value


def test_solve_in_a_running_event_loop_animates_without_blocking(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(widget_module, "STEP_DELAY", 0.01)
    view = make("it-3")

    async def press_solve() -> list[str]:
        view.buttons["Solve"].click()
        assert view.solving is not None, "in a kernel, Solve runs as a task on the event loop"
        await asyncio.sleep(0)  # the task starts at the handler's next chance to yield
        shown = []
        while not view.solving.done():
            shown.append(view.status.value)
            assert view.buttons["Check"].disabled, "the buttons wait while the moves are shown"
            await asyncio.sleep(0.005)
        return shown

    shown = asyncio.run(press_solve())
    assert any(text.startswith("Solve, move 1:") for text in shown)
    assert view.status.value.startswith("Valid: you played 2 cards")
    assert not view.buttons["Check"].disabled and not view.buttons["Undo"].disabled
    assert view.errors == []
