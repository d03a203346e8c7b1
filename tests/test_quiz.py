"""The meld quiz widget, headless: one question at a time, the verdict only after an answer."""

from __future__ import annotations

from machiavelli_kit.core.melds import Meld
from machiavelli_kit.core.svg import meld_svg
from machiavelli_kit.practice.examples import VALIDITY_EXAMPLES
from machiavelli_kit.ui.quiz import QuizWidget


def test_one_question_shows_with_no_verdict_until_answered() -> None:
    quiz = QuizWidget(VALIDITY_EXAMPLES)
    assert quiz.counter.value == f"Question 1 of {len(VALIDITY_EXAMPLES)}: is this a meld?"
    assert quiz.picture.value == meld_svg(Meld.parse(VALIDITY_EXAMPLES[0].cards))
    assert quiz.feedback.value == "" and quiz.back.disabled and not quiz.next.disabled
    quiz.answers[1].click()  # "Not a meld" for three fives of different suits
    assert quiz.feedback.value.startswith("Not quite: a meld.")
    assert quiz.score.value == "Score: 0 of 1"


def test_next_and_previous_walk_the_questions_and_clear_the_verdict() -> None:
    quiz = QuizWidget(VALIDITY_EXAMPLES)
    quiz.answers[0].click()
    quiz.next.click()
    assert quiz.index == 1 and quiz.feedback.value == "" and not quiz.back.disabled
    assert quiz.picture.value == meld_svg(Meld.parse(VALIDITY_EXAMPLES[1].cards))
    quiz.back.click()
    assert quiz.index == 0


def test_answering_every_question_says_so_and_the_last_has_no_next() -> None:
    quiz = QuizWidget(VALIDITY_EXAMPLES)
    for index, item in enumerate(VALIDITY_EXAMPLES):
        quiz.answers[0 if item.valid else 1].click()
        if index < len(VALIDITY_EXAMPLES) - 1:
            quiz.next.click()
    assert quiz.next.disabled
    assert quiz.score.value == f"Score: {len(VALIDITY_EXAMPLES)} of {len(VALIDITY_EXAMPLES)} (every question answered)"


def test_feedback_is_escaped_html() -> None:
    quiz = QuizWidget(VALIDITY_EXAMPLES)
    quiz.answers[0].click()
    assert "<" not in quiz.feedback.value.replace("&lt;", "")


def test_a_quiz_made_with_lang_asks_answers_and_scores_in_it() -> None:
    italian = QuizWidget(VALIDITY_EXAMPLES, lang="it")
    assert italian.counter.value == f"Domanda 1 su {len(VALIDITY_EXAMPLES)}: è una combinazione?"
    assert [button.description for button in italian.answers] == ["Combinazione", "Non è una combinazione"]
    italian.answers[1].click()
    assert italian.feedback.value.startswith("Non proprio: è una combinazione.")
    assert italian.score.value == "Punteggio: 0 su 1"
    polish = QuizWidget(VALIDITY_EXAMPLES[:1], lang="pl")
    assert polish.next.description == "Następne pytanie"
    polish.answers[0].click()
    assert polish.feedback.value.startswith("Dobrze: to jest układ.")
    assert polish.score.value == "Wynik: 1 z 1 (odpowiedziano na wszystkie pytania)"
