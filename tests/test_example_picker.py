"""One board with a picker: picking an example shows it, hides its answer, and lets the old board go (headless)."""

from __future__ import annotations

import pytest

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.practice.examples import example
from machiavelli_kit.ui.example_picker import Example, ExamplePicker, solved_example, worked_example_picker


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


def test_a_solved_example_tells_the_solvers_play_and_its_final_table() -> None:
    position = Position.parse("7S 7H 7D | 9C 10C JC", "7C QC 3D 4D 5D KH")
    answer = solved_example("play", position, "bga").answer
    assert isinstance(answer, list)
    text, _caption, table = answer
    assert text.startswith("You can play 5 cards. One way:\n1. ")
    assert "whole hand" not in text  # K♥ stays in the hand
    assert table == Table.parse("7S 7H 7D 7C | 9C 10C JC QC | 3D 4D 5D")


@pytest.mark.parametrize(("rules", "penalty"), [("bga", "3 cards"), ("classic", "1 card")])
def test_a_dead_end_names_the_draw_and_the_rules_restore_penalty(rules: str, penalty: str) -> None:
    answer = solved_example("stuck", Position.parse("9S 9H 9C | 10S 10H 10C", "JH"), rules).answer
    assert isinstance(answer, str) and answer.startswith("Nothing can be played here")
    assert f"1 card if you touched nothing, {penalty} if you moved cards" in answer


@pytest.mark.parametrize(
    ("hand", "it", "pl"),
    [
        ("6H 6D", "Puoi giocare 2 carte, tutta la tua mano.", "Możesz zagrać 2 karty, całą rękę."),
        ("6C KH", "Puoi giocare 1 carta.", "Możesz zagrać 1 kartę."),
        ("6C 7C 8C 9C 10C KH", "Puoi giocare 5 carte.", "Możesz zagrać 5 kart."),
    ],
)
def test_a_solved_example_counts_the_cards_in_the_language_asked(hand: str, it: str, pl: str) -> None:
    position = Position.parse("3C 4C 5C", hand) if hand != "6H 6D" else Position.parse("3C 4C 5C 6C", hand)
    for lang, first in (("it", it), ("pl", pl)):
        answer = solved_example("x", position, lang=lang).answer
        assert isinstance(answer, list) and answer[0].startswith(f"{first} ")
        assert answer[1] == {"it": "Il tavolo alla fine:", "pl": "Stół na koniec:"}[lang]


def test_a_picker_made_with_lang_gives_its_boards_and_answers_that_language() -> None:
    picker = worked_example_picker(["bga-7", "bga-3"], lang="pl")
    assert picker.selector.description == "Przykład"
    assert picker.board.language == "pl" and picker.board.buttons["Check"].description == "Sprawdź"
    assert picker.reveal is not None and picker.reveal.button.description == "Pokaż odpowiedź"
    assert picker.selector.options[0][0] == f"bga-7: {example('bga-7').title_in('pl')}"
    picker.selector.value = 1
    assert picker.board.buttons["Undo"].description == "Cofnij"
