"""One board with a picker: picking an example shows it, hides its answer, and lets the old board go (headless)."""

from __future__ import annotations

import pytest

from machiavelli_kit.cards import Card
from machiavelli_kit.examples import example
from machiavelli_kit.position import Position
from machiavelli_kit.rules import Rules
from machiavelli_kit.ui.example_picker import Example, ExamplePicker, worked_example_picker


def test_the_first_example_is_on_the_board_with_its_question() -> None:
    picker = worked_example_picker(["it-2", "it-1"])
    assert picker.board.session.start == example("it-2").position
    assert picker.board.session.rules == example("it-2").rules
    assert "mk-position-it-2" in picker.board.box._dom_classes
    assert "10♠" in picker.question.value
    assert picker.area.children == (picker.board.box, picker.reveal.box)  # type: ignore[union-attr]


def test_picking_another_example_puts_it_on_a_fresh_board_with_its_answer_hidden() -> None:
    picker = worked_example_picker(["bga-7", "bga-3"])
    old = picker.board
    assert picker.reveal is not None
    picker.reveal.show()
    old.session.move(Card.parse("3C"), "hand", 0)
    picker.selector.value = 1
    assert picker.board is not old and picker.board.session.start == example("bga-3").position
    assert not picker.board.session.touched
    assert picker.reveal is not None and not picker.reveal.shown
    assert old.canvas.comm is None and old.box.comm is None  # closed: the browser drops them
    picker.selector.value = 0
    assert picker.board.session.start == example("bga-7").position
    assert not picker.board.session.touched  # back on a fresh board, not the one left half-played


def test_the_answer_tells_the_documents_play_and_the_final_table() -> None:
    picker = worked_example_picker(["bga-1"])
    assert picker.reveal is not None
    picker.reveal.show()
    story, _caption, table = picker.reveal.answer_widget.children
    assert story.value == example("bga-1").story
    assert table.value == example("bga-1").solution._repr_svg_()  # type: ignore[union-attr]


def test_a_dead_end_reveals_its_story_only() -> None:
    picker = worked_example_picker(["bga-3"])
    assert picker.reveal is not None
    picker.reveal.show()
    assert [part.value for part in picker.reveal.answer_widget.children] == [example("bga-3").story]


def test_one_example_needs_no_picker_and_no_answer_means_no_button() -> None:
    picker = ExamplePicker([Example("only", Position.parse("4C 5C 6C", "7C"), "classic", name="only")])
    assert picker.selector not in picker.box.children
    assert picker.reveal is None and picker.area.children == (picker.board.box,)
    assert picker.board.session.rules == Rules.parse("classic")


def test_an_empty_picker_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one example"):
        ExamplePicker([])


def test_an_unknown_worked_example_is_named() -> None:
    with pytest.raises(KeyError, match="no worked example 'bga-99'"):
        worked_example_picker(["bga-99"])
