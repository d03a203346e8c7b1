"""The widget without a browser: drags reach the session, buttons answer, errors are shown."""

from __future__ import annotations

import asyncio
import html
from typing import Any

import pytest

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.position import Position
from machiavelli_kit.practice.examples import example
from machiavelli_kit.practice.session import CheckReport
from machiavelli_kit.ui import position_board as widget_module
from machiavelli_kit.ui.layout import WIDTH
from machiavelli_kit.ui.position_board import SIZES, PositionBoard, example_widget

C = Card.parse


def make(identifier: str, **options: Any) -> PositionBoard:
    item = example(identifier)
    return PositionBoard(item.position, item.rules, name=item.id, **options)


def send(view: PositionBoard, event: str, x: float, y: float) -> None:
    """Deliver a browser event for layout point (x, y) the way ipycanvas receives it, in canvas pixels."""
    k = view._k
    content = {"event": event, "x": x * k, "y": y * k}
    if event.startswith("touch"):
        content = {"event": event, "touches": [{"x": x * k, "y": y * k}] if event != "touch_end" else []}
    view.canvas[-1]._handle_frontend_event(None, content, [])


def drag(view: PositionBoard, card: str, target: int | str, at: float | None = None) -> None:
    """Press on ``card``, move, release over ``target`` (its middle, or with the card's left edge at ``at``)."""
    board = view.board()
    spot = next(spot for spot in board.cards if spot.card == C(card))
    goal = board.melds[target] if isinstance(target, int) else {"new": board.new_slot, "work": board.work}[target]
    send(view, "mouse_down", spot.box.x + 5, spot.box.y + 5)
    send(view, "mouse_move", goal.x + 3, goal.y + 3)
    send(view, "mouse_up", goal.x + goal.w / 2 if at is None else at + 5, goal.y + goal.h / 2)


def test_dragging_cards_solves_bga_7_and_check_calls_back() -> None:
    view = make("bga-7")
    solved: list[CheckReport] = []
    view.on_solved(solved.append)
    assert view.buttons["Undo"].disabled
    for card in ("3C", "7C", "8C"):
        drag(view, card, 0)
    assert view.status.value.startswith("Moved 8♣ to meld 1.")
    assert view.status_kind == "valid", "every meld on the table is valid"
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
    assert view.status_kind == "invalid"
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
    assert view.status.value.startswith("Undone.") and len(view.session.state.hand) == 1
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
    assert view.status_kind == "invalid"
    assert "Traceback" in view.errors[0]
    view._guard(view._down)("not", "numbers")  # type: ignore[arg-type]
    assert "TypeError" in view.status.value and len(view.errors) == 2


def test_scale_and_pixel_ratio_size_the_canvas_and_the_page_may_shrink_it() -> None:
    view = make("bga-7", scale=1.5, pixel_ratio=2)
    board = view.board()
    assert (view.canvas.width, view.canvas.height) == (round(board.width * 3), round(board.height * 3))
    assert (view.box.layout.width, view.box.layout.max_width) == (f"{WIDTH * 1.5:g}px", "100%")
    assert (view.canvas.layout.width, view.canvas.layout.height) == ("100%", "auto"), "the page scales it to fit"
    buttons = next(child for child in view.box.children if "mk-board-buttons" in child._dom_classes)
    assert (buttons.layout.width, buttons.layout.flex_flow) == ("100%", "row wrap"), "they wrap within the board"
    assert [label for label, _ in view.size_choice.options] == ["S", "M", "L", "×1.5", "XL"]


def test_the_size_buttons_scale_the_cards() -> None:
    view = make("bga-7")
    assert view.size_choice.value == SIZES["medium"]
    medium = view.canvas.width
    view.size_choice.value = SIZES["huge"]
    assert view.canvas.width == round(medium * SIZES["huge"]) and view.scale == SIZES["huge"]
    assert view.box.layout.width == f"{WIDTH * SIZES['huge']:g}px"
    drag(view, "8C", 0)  # the pointer maps to the bigger cards
    assert C("8C") in view.session.state.melds[0]


def test_the_canvas_grows_with_a_new_row_and_shrinks_back() -> None:
    view = PositionBoard(Position.parse("5S 5H 5D | 6S 6H 6D | 7S 7H 7D | 8S 8H 8D | 9S 9H 9D | 10S 10H 10D", "2C 3C"))
    height = view.canvas.height
    drag(view, "2C", "new")
    assert view.canvas.height > height, "a seventh meld needs a second row"
    view.buttons["Undo"].click()
    assert view.canvas.height == height


def test_a_drop_keeps_the_card_where_it_was_put_and_tidy_sorts_on_request() -> None:
    view = PositionBoard(Position.parse("9H 5S 7D", "6C"))
    board = view.board()
    five = next(spot for spot in board.cards if spot.card == C("5S"))
    drag(view, "6C", 0, at=five.box.x + 4)  # the card's left edge near 5♠'s: it takes 5♠'s place
    assert view.session.state.melds == ((C("9H"), C("6C"), C("5S"), C("7D")),), "not sorted: the meld is broken"
    assert view.status.value.endswith("Meld 1 is not valid yet.") and view.status_kind == "invalid"
    drag(view, "9H", 0, at=view.board().melds[0].x + 90)
    assert view.session.state.melds == ((C("6C"), C("5S"), C("7D"), C("9H")),), "moved along its own meld"
    assert view.status.value.startswith("Moved 9♥ along meld 1.")
    view.buttons["Tidy"].click()
    assert view.session.state.melds == ((C("5S"), C("6C"), C("7D"), C("9H")),)
    view.buttons["Undo"].click()
    assert view.session.state.melds[0][0] == C("6C"), "tidying is undoable"


@pytest.mark.parametrize(
    ("lang", "two", "three"),
    [
        ("en", "Melds 1 and 2 are not valid yet.", "Melds 1, 2 and 3 are not valid yet."),
        ("it", "Le combinazioni 1 e 2 non sono ancora valide.", "Le combinazioni 1, 2 e 3 non sono ancora valide."),
        ("pl", "Układy 1 i 2 nie są jeszcze poprawne.", "Układy 1, 2 i 3 nie są jeszcze poprawne."),
    ],
)
def test_the_broken_melds_are_listed_as_every_list_is(lang: str, two: str, three: str) -> None:
    view = PositionBoard(Position.parse("5S 5H 5D | 9C 10C JC | 2H 3H 4H", "7S"), lang=lang)
    drag(view, "5D", 1)
    assert view.status.value.endswith(two)
    drag(view, "4H", 1)
    assert view.status.value.endswith(three)


def test_melds_carry_the_numbers_the_messages_use() -> None:
    view = make("it-4")
    drag(view, "5D", "new")
    view.buttons["Check"].click()
    board = view.board()
    assert len(board.tags) == len(view.session.state.melds) == 3
    assert view._highlight == (2,) and "meld 3" in view.status.value, "the third tag, 3, is the one flagged"
    assert view.status_kind == "invalid"


def test_hints_and_the_first_words_have_their_own_look() -> None:
    view = make("it-3")
    kinds = [view.status_kind]
    view.buttons["Hint"].click()
    assert [*kinds, view.status_kind] == ["info", "hint"]


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
    polish = example_widget("it-3", lang="pl").children[1]
    assert polish.titles == ("Jak to rozgrywają opisy zasad",)
    assert polish.children[0].value.startswith(html.escape(example("it-3").story_in("pl")[:40]))


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


# languages


def invalid_check(view: PositionBoard) -> str:
    """Break the table (the heart run loses its six to a new meld), press Check and read the status."""
    view.session.move(C("6H"), 1, "new")
    view.buttons["Check"].click()
    assert view.status_kind == "invalid"
    return str(view.status.value)


def five_and_run(**options: Any) -> PositionBoard:
    return PositionBoard(Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H"), **options)


@pytest.mark.parametrize(
    ("lang", "labels", "not_yet", "too_short", "undone"),
    [
        (
            "it",
            ["Annulla", "Ripeti", "Rimetti a posto", "Controlla"],
            "Non ancora valido",
            "combinazione 3",
            "Annullato.",
        ),
        ("pl", ["Cofnij", "Ponów", "Przywróć stół", "Sprawdź"], "Jeszcze niepoprawnie", "układ 3", "Cofnięto."),
    ],
)
def test_a_board_made_with_lang_speaks_it_in_its_buttons_and_its_messages(
    lang: str, labels: list[str], not_yet: str, too_short: str, undone: str
) -> None:
    view = five_and_run(lang=lang)
    assert view.language == lang
    assert [button.description for button in view.buttons.values()][:4] == labels
    assert view.buttons["Hint"].description == {"it": "Suggerimento", "pl": "Podpowiedź"}[lang]
    assert list(view.buttons) == list(widget_module.BUTTON_KEYS), "the keys stay English in every language"
    message = invalid_check(view)
    assert message.startswith(not_yet) and too_short in message
    view.buttons["Undo"].click()
    assert view.status.value.startswith(undone)


def test_a_board_keeps_its_language_when_the_session_changes_after_it() -> None:
    from machiavelli_kit import set_language

    try:
        set_language("pl")
        polish = five_and_run()
        assert polish.language == "pl" and polish.buttons["Check"].description == "Sprawdź"
        assert invalid_check(polish).startswith("Jeszcze niepoprawnie")
        set_language("it")
        italian = five_and_run()
        assert italian.buttons["Check"].description == "Controlla"
        polish.buttons["Undo"].click()  # said after the session turned Italian: the board stays Polish
        assert polish.status.value == "Cofnięto. Wszystkie układy na stole są poprawne."
        assert five_and_run(lang="en").buttons["Check"].description == "Check"
    finally:
        set_language(None)
    assert five_and_run().buttons["Check"].description == "Check"


def test_a_polish_board_counts_cards_in_polish_and_names_its_moves() -> None:
    view = make("bga-7", lang="pl")
    for card in ("3C", "7C"):
        drag(view, card, 0)
    assert view.status.value.startswith("Przeniesiono 7♣ do układu 1.")
    drag(view, "8C", 0)
    view.buttons["Check"].click()
    assert view.status.value.startswith("Poprawnie: udało ci się zagrać 3 karty"), view.status.value
    hint = make("bga-7", lang="pl")
    hint.buttons["Hint"].click()
    assert hint.status.value.startswith("Podpowiedź 1 z 6: Możesz zagrać 3 karty")


def test_the_board_draws_its_words_in_its_language() -> None:
    texts: dict[str, list[str]] = {}
    for lang in ("en", "it", "pl"):
        view = five_and_run(lang=lang)
        drawn: list[str] = []
        view.canvas[0].fill_text = lambda text, *_args, drawn=drawn: drawn.append(text)
        view.redraw()
        texts[lang] = drawn
    assert {"Table", "Your hand"} <= set(texts["en"])
    assert {"Tavolo", "La tua mano"} <= set(texts["it"])
    assert {"Stół", "Twoja ręka", "nowy", "układ"} <= set(texts["pl"])
    assert {"new", "meld"} <= set(texts["en"]) and {"nuova", "combi-", "nazione"} <= set(texts["it"])
