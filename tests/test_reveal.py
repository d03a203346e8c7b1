"""The Reveal widget keeps its answer off the page until the button is pressed, headless."""

from __future__ import annotations

import uuid

import ipywidgets as w
import pytest
from ipywidgets.widgets.widget import _instances

from machiavelli_kit.core.melds import Meld
from machiavelli_kit.core.position import Table
from machiavelli_kit.ui.reveal import HIDE, SHOW, Reveal, answer_widget

SECRET = "the seven of spades joins the sevens"


def live_texts() -> list[str]:
    """The text of every HTML widget the kernel holds (and so could send to a browser)."""
    return [widget.value for widget in _instances.values() if isinstance(widget, w.HTML)]


def test_the_answer_is_not_made_before_the_first_press() -> None:
    secret = f"{SECRET}, {uuid.uuid4()}"
    reveal = Reveal(secret)
    assert reveal.answer_widget is None
    assert not any(secret in text for text in live_texts())
    assert reveal.box.children == (reveal.button,)
    assert reveal.button.description == SHOW
    reveal.show()
    assert any(secret in text for text in live_texts())


def test_pressing_shows_the_answer_and_pressing_again_hides_it() -> None:
    reveal = Reveal(SECRET)
    reveal.button.click()
    assert reveal.shown and reveal.button.description == HIDE
    assert reveal.box.children == (reveal.button, reveal.answer_widget)
    assert reveal.answer_widget.value == SECRET
    reveal.button.click()
    assert not reveal.shown and reveal.box.children == (reveal.button,)
    assert reveal.button.description == SHOW
    first = reveal.answer_widget
    reveal.button.click()
    assert reveal.answer_widget is first  # made once, shown again


def test_a_custom_label_comes_back_after_hiding() -> None:
    reveal = Reveal(SECRET, label="Show how the documents play it")
    reveal.show()
    reveal.hide()
    assert reveal.button.description == "Show how the documents play it"


def test_text_is_escaped_and_pictures_are_drawn() -> None:
    assert answer_widget("<b>5</b>").value == "&lt;b&gt;5&lt;/b&gt;"
    assert answer_widget("one\ntwo").value == "one<br>two"
    table = Table.parse("5S 5H 5D | 6H 7H 8H")
    assert answer_widget(table).value == table._repr_svg_()
    column = answer_widget(["first", Meld.parse("AH 2H 3H")])
    assert isinstance(column, w.VBox) and column.children[1].value.startswith("<svg")


def test_a_widget_is_shown_as_it_is() -> None:
    label = w.Label("a label")
    assert answer_widget(label) is label


def test_anything_else_is_refused_with_its_type_named() -> None:
    with pytest.raises(TypeError, match="not int"):
        Reveal(3).show()


def test_the_button_speaks_the_language_it_was_made_in() -> None:
    from machiavelli_kit import set_language

    italian = Reveal(SECRET, lang="it")
    assert italian.button.description == "Mostra la risposta"
    try:
        set_language("pl")
        polish = Reveal(SECRET)
    finally:
        set_language(None)
    polish.button.click()
    assert polish.button.description == "Ukryj odpowiedź"
    polish.button.click()
    assert polish.button.description == "Pokaż odpowiedź"
    assert Reveal(SECRET).button.description == SHOW
