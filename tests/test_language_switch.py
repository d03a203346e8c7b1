"""The language switch, headless: picking a language sets the session's, and the boards made after it speak it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from machiavelli_kit.core.position import Position
from machiavelli_kit.i18n import LANGUAGES, language, set_language
from machiavelli_kit.ui.language_switch import LanguageSwitch
from machiavelli_kit.ui.position_board import PositionBoard
from machiavelli_kit.ui.reveal import Reveal


@pytest.fixture(autouse=True)
def _session_language_back() -> Iterator[None]:
    try:
        yield
    finally:
        set_language(None)


def board() -> PositionBoard:
    return PositionBoard(Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H"))


def test_it_offers_every_language_by_its_own_name_and_starts_on_the_one_in_use() -> None:
    switch = LanguageSwitch()
    assert switch.choice.options == tuple((name, code) for code, name in LANGUAGES.items())
    assert switch.choice.value == "en" == switch.language and switch.note.value == ""
    assert switch.choice.tooltips == (
        "boards made after this speak English",
        "i tavoli da gioco creati dopo parlano italiano",
        "plansze utworzone potem mówią po polsku",
    )
    assert "mk-language-switch" in switch.box._dom_classes


def test_picking_polski_makes_the_boards_after_it_polish_and_leaves_the_ones_before() -> None:
    before = board()
    switch = LanguageSwitch()
    switch.choice.value = "pl"
    assert language() == "pl"
    assert switch.note.value == "Od teraz plansze, które utworzysz, mówią po polsku."
    after = board()
    assert after.language == "pl" and after.buttons["Check"].description == "Sprawdź"
    assert Reveal("x").button.description == "Pokaż odpowiedź"
    assert before.language == "en" and before.buttons["Check"].description == "Check"
    before.buttons["Undo"].click()
    assert before.status.value == "Nothing to undo. Every meld on the table is valid."
    switch.choice.value = "it"
    assert board().buttons["Check"].description == "Controlla"
    assert switch.note.value == "Da ora in poi i tavoli da gioco che crei parlano italiano."
    assert after.buttons["Check"].description == "Sprawdź", "a board keeps its language"
    switch.choice.value = "en"
    assert board().buttons["Check"].description == "Check"
    assert switch.note.value == "The boards you make from now on speak English."


def test_a_switch_made_on_a_language_sets_it_at_once() -> None:
    switch = LanguageSwitch("it")
    assert switch.choice.value == "it" == language()
    assert board().buttons["Undo"].description == "Annulla"
