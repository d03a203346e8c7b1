"""The projector's slides, headless: the answer stepped forward and back, the texts, and the presenter's keys."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.position import Position
from machiavelli_kit.practice.presentation import HIDDEN, HOW_MANY, Presentation, Step
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.format import Puzzle
from machiavelli_kit.solver import solve
from machiavelli_kit.ui.presenter import Presenter

COLLECTION = load_collection()
SHOWCASE = Position.parse("7D 7H 7C | 8D 9D 10D | 10H 10C 10S | JH QH KH", "9H 7S")
NO_PLAY = Position.parse("6S 6H 6D | 7S 7H 7D", "8H")


def melds_of(step: Step) -> list[list[Card]]:
    """The step's melds, each sorted, in a sorted list: the table whatever the order of its melds."""
    return sorted(sorted(meld) for meld in step.state.melds)


def frame_of(picture: str) -> tuple[str, ...]:
    """The width and height of an SVG picture."""
    found = re.match(r'<svg [^>]*? width="([\d.]+)" height="([\d.]+)" viewBox', picture)
    assert found is not None, picture[:100]
    return found.groups()


def cards_of(step: Step) -> Counter[Card]:
    return Counter([*step.state.hand, *(card for meld in step.state.melds for card in meld)])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(COLLECTION.puzzles))
def test_stepping_through_a_puzzle_ends_at_the_solvers_answer_and_back_returns_to_the_start(puzzle: Puzzle) -> None:
    show = Presentation([puzzle], lang="en")
    start = show.step
    assert start.number == 0 and start.move is None and start.text == HIDDEN and not start.solved
    assert show.slide.question == puzzle.question("en")
    seen = [start]
    while show.forward():
        step = show.step
        assert step.number == len(seen) and cards_of(step) == cards_of(start), "no card comes or goes"
        if step.move is not None:  # one card moved, from the hand when the move says so
            assert step.move.card in [card for meld in step.state.melds for card in meld]
            if step.move.source is None:
                assert Counter(seen[-1].state.hand) - Counter(step.state.hand) == Counter([step.move.card])
        seen.append(step)
    assert not show.forward(), "nothing past the end"
    end = show.step
    assert end.solved and end.verdict == f"Solved! The answer: {puzzle.answer_text(lang='en')}."
    assert [step.solved for step in seen] == [False] * (len(seen) - 1) + [True]
    answer = solve(puzzle.position, puzzle.rules, puzzle.goal)
    assert melds_of(end) == sorted(sorted(meld.cards) for meld in answer.table.melds)
    assert len(seen) == 1 + max(1, len(answer.moves))
    back = [end]
    while show.back():
        back.append(show.step)
    assert back == seen[::-1], "each step back shows the step before, down to the question"
    assert show.step == start and not show.back()


SHOWCASE_MOVES = [
    "Move 1 of 5: 7♠ from the hand joins the sevens and frees 7♦.",
    "Move 2 of 5: 7♦ joins the diamond run and frees 10♦.",
    "Move 3 of 5: 10♦ joins the tens and frees 10♥.",
    "Move 4 of 5: 10♥ joins the heart run.",
    "Move 5 of 5: 9♥ from the hand joins the heart run.",
]
"""The showcase's best play, told move by move on the projector."""


def test_a_position_asks_how_many_cards_and_tells_each_move_in_words() -> None:
    show = Presentation([SHOWCASE], lang="en")
    assert show.slide.question == HOW_MANY and show.slide.title == ""
    texts = []
    while show.forward():
        texts.append(show.step.text)
    assert texts == SHOWCASE_MOVES
    assert show.step.verdict == "Solved! The answer: 2 cards."
    assert show.step.state.hand == ()


def test_a_position_without_a_play_says_so_in_one_step_and_nothing_moves() -> None:
    show = Presentation([NO_PLAY], lang="en")
    assert show.forward() and not show.forward()
    assert show.step.state == show.slide.steps[0].state and show.step.move is None
    assert show.step.text == "No play does what the question asks, so no card moves." and show.step.verdict.startswith(
        "Solved!"
    )
    assert "no play: draw a card" in show.step.verdict


def test_the_slides_go_on_and_back_each_from_its_question() -> None:
    show = Presentation([SHOWCASE, NO_PLAY, COLLECTION.puzzles[0]], lang="en")
    show.forward()
    assert show.next_slide() and (show.index, show.number) == (1, 0)
    assert show.next_slide() and show.slide.title.startswith(f"{COLLECTION.puzzles[0].id}: ")
    assert not show.next_slide() and show.index == 2
    assert show.previous_slide() and show.previous_slide() and not show.previous_slide()
    assert not show.go_to(3) and not show.go_to(-1) and show.index == 0


def test_the_slides_speak_their_language() -> None:
    show = Presentation([SHOWCASE], lang="it")
    assert show.slide.question == "Quante carte della mano si possono giocare?"
    while show.forward():
        pass
    assert show.step.text.startswith("Mossa 5 di 5: 9♥ dalla mano") and show.step.verdict.startswith("Risolto!")
    polish = Presentation([SHOWCASE], lang="pl")
    assert polish.slide.steps[0].text.startswith("Odpowiedź jest ukryta")


def test_nothing_to_show_is_said_in_words() -> None:
    with pytest.raises(ValueError, match="There is nothing to show: give at least one puzzle or position"):
        Presentation([], lang="en")


def test_the_presenter_steps_with_the_arrows_the_clicker_and_its_buttons() -> None:
    presenter = Presenter([SHOWCASE, NO_PLAY], lang="en")
    assert presenter.question.value == HOW_MANY and presenter.words.value == HIDDEN
    start_picture = presenter.picture.value
    assert start_picture.startswith("<svg") and presenter.buttons["back"].disabled
    assert presenter.where.value == "Puzzle 1 of 2 · step 0 of 5"
    presenter._on_key({"key": "ArrowRight", "timeStamp": 1.5})
    presenter._on_key({"key": "ArrowRight", "timeStamp": 1.5})  # the same press, sent twice
    assert presenter.words.value.startswith("Move 1 of 5: 7♠ from the hand")
    assert presenter.picture.value != start_picture
    presenter._on_key({"key": "PageDown"})  # a presenter's clicker
    presenter._on_key({"key": "ArrowRight", "repeat": True})  # a key held down steps once
    presenter._on_key({"key": "ArrowRight", "ctrlKey": True})
    assert presenter.words.value.startswith("Move 2 of 5:")
    presenter._on_key({"key": "PageUp"})
    presenter._on_key({"key": "ArrowLeft"})
    assert presenter.picture.value == start_picture and presenter.buttons["back"].disabled
    pictures = [start_picture]
    for _press in range(5):
        presenter.buttons["forward"].click()
        pictures.append(presenter.picture.value)
    frames = {frame_of(picture) for picture in pictures}
    assert len(frames) == 1 and len(set(pictures)) == 6, (
        "a picture for each step, all in one frame: the cards keep their size"
    )
    assert "Solved! The answer: 2 cards." in presenter.words.value and presenter.buttons["forward"].disabled
    assert presenter.where.value == "Puzzle 1 of 2 · step 5 of 5"
    presenter.buttons["next"].click()
    assert presenter.where.value == "Puzzle 2 of 2 · step 0 of 1" and presenter.buttons["next"].disabled
    presenter.choice.value = 0
    assert presenter.where.value == "Puzzle 1 of 2 · step 0 of 5" and presenter.buttons["previous"].disabled


def test_the_presenter_shows_the_collections_puzzles_by_default_in_its_language() -> None:
    presenter = Presenter(lang="pl")
    first = COLLECTION.puzzles[0]
    assert len(presenter.choice.options) == len(COLLECTION.puzzles)
    assert presenter.question.value == first.question("pl").replace("'", "&#x27;")
    assert presenter.buttons["forward"].description == "Następny krok ▶"
