"""The package's worked examples agree with the test data written from the rule documents."""

from __future__ import annotations

import pytest

from machiavelli_kit.core.melds import Meld
from machiavelli_kit.core.position import Position, Table, check_turn
from machiavelli_kit.practice.examples import VALIDITY_EXAMPLES, example, worked_examples
from machiavelli_kit.puzzles.format import Puzzle
from machiavelli_kit.solver import solve
from machiavelli_kit.ui.quiz import Quiz
from tests import rules_examples

DATA = {item.id: item for item in rules_examples.worked_examples()}


@pytest.mark.parametrize("item", worked_examples(), ids=lambda item: item.id)
def test_each_example_matches_the_test_data_and_its_answer_is_a_best_play(item: Puzzle) -> None:
    data = DATA[item.id]
    assert item.position == data.position
    assert item.solution == data.answer
    assert item.story, "every worked example tells its story"
    best = solve(item.position, item.rules)
    assert best.max_play == data.max_play
    if item.solution is not None:
        played = item.solution.cards() - item.position.table.cards()
        assert sum(played.values()) == data.max_play
        hand = tuple((data.position.all_cards() - item.solution.cards()).elements())
        assert check_turn(item.position, Position(item.solution, hand), item.rules).valid


def test_every_documented_example_is_in_the_package() -> None:
    assert {item.id for item in worked_examples()} == set(DATA)


def test_validity_examples_agree_with_the_validator() -> None:
    for item in VALIDITY_EXAMPLES:
        assert Meld.parse(item.cards).check().valid == item.valid, item.cards


def test_unknown_example_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="choose from bga-7"):
        example("bga-99")


def test_quiz_counts_only_the_first_answer() -> None:
    quiz = Quiz(VALIDITY_EXAMPLES)
    assert quiz.answer(0, says_meld=False).startswith("Not quite: a meld.")
    assert quiz.answer(0, says_meld=True).startswith("Right: a meld.")
    assert quiz.answer(11, says_meld=False).startswith("Right: not a meld. K♥ A♥ 2♥: in this game an ace can't sit")
    assert quiz.score == (1, 2)


def test_the_table_type_is_what_the_widgets_expect() -> None:
    assert isinstance(example("wiki-2").solution, Table)
