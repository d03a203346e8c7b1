"""The Italian lesson and the Polish rules in the app (Voila): the boards draw, and the page speaks the notebook's
language, buttons, answers and the quiz's verdicts, though the server's environment says English."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from machiavelli_kit.core.position import Position
from machiavelli_kit.i18n import _, speaking
from machiavelli_kit.practice.examples import VALIDITY_EXAMPLES, example, worked_examples
from machiavelli_kit.ui.example_picker import solved_example
from machiavelli_kit.ui.quiz import Quiz
from tests.e2e.test_app_pages import PRINTED, TIMEOUT, open_page, page_text, shows_nothing_stray

pytestmark = pytest.mark.browser


def test_the_italian_lesson_speaks_italian_in_the_app(page: Page, voila_url: str, artifacts: Path) -> None:
    open_page(page, voila_url, "lesson.it.ipynb", boards=4)
    page.screenshot(path=artifacts / "voila-lesson-it.png", full_page=True)
    shows_nothing_stray(page)
    assert page.locator(PRINTED).count() == 3
    text = page_text(page)
    assert "Hai 15 carte, Bea ne ha 15 e nel mazzo ce ne sono 74." in text
    assert "Show the answer" not in text and "Check" not in text
    buttons = page.locator(".mk-reveal-button")
    assert buttons.count() == 7 and buttons.first.text_content() == "Mostra la risposta"
    assert page.locator(".mk-position button", has_text="Controlla").count() == 4  # every board's Check
    play = page.locator(".mk-example-picker", has=page.locator(".mk-position-lesson-play"))
    play.locator(".mk-reveal-button").click()
    answer = play.locator(".mk-reveal-answer")
    answer.wait_for(timeout=TIMEOUT)
    with speaking("it"):
        expected = solved_example("", Position.parse("7S 7H 7D | 9C 10C JC", "7C QC 3D 4D 5D KH")).answer
    assert isinstance(expected, list)
    assert (answer.text_content() or "").startswith("Puoi giocare 5 carte. Un modo:")
    assert str(expected[0]).splitlines()[-1] in (answer.text_content() or "")
    # the button's new label comes in a message of its own, after the answer's
    expect(play.locator(".mk-reveal-button")).to_have_text("Nascondi la risposta", timeout=TIMEOUT)


def test_the_polish_rules_speak_polish_in_the_app(page: Page, voila_url: str, artifacts: Path) -> None:
    open_page(page, voila_url, "rules.pl.ipynb", boards=3)
    page.screenshot(path=artifacts / "voila-rules-pl.png", full_page=True)
    shows_nothing_stray(page)
    quiz = page.locator(".mk-quiz")
    with speaking("pl"):
        verdict = Quiz(VALIDITY_EXAMPLES).answer(0, says_meld=False, lang="pl")
        not_a_meld = _("Not a meld")
        stories = [item.story_in("pl") for item in worked_examples()]
    assert not [story for story in stories if story in page_text(page)], "a story showed before its button"
    quiz.locator(".mk-quiz-answer", has_text=not_a_meld).click()
    page.wait_for_function(
        "([el, text]) => el.textContent === text",
        arg=[quiz.locator(".mk-quiz-feedback").element_handle(), verdict],
        timeout=TIMEOUT,
    )
    labels = page.locator(".mk-example-picker select").first.locator("option").all_text_contents()
    assert labels[0].replace("\xa0", " ") == f"bga-7: {example('bga-7').title_in('pl')}"  # Oba końce sekwensu
