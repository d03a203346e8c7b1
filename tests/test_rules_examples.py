"""Every example of the rule documents, checked by the validator, an exhaustive search and the solver."""

from __future__ import annotations

from collections import Counter

import pytest

from machiavelli_kit.core.melds import Meld, ProblemKind
from machiavelli_kit.core.position import Position, check_table, check_turn
from machiavelli_kit.solver import solve
from machiavelli_kit.solver.matching import match_melds
from tests.meld_oracle import most_cards_playable
from tests.rules_examples import ValidityExample, WorkedExample, validity_examples, worked_examples

VALIDITY = validity_examples()
WORKED = worked_examples()
WITH_ANSWER = [example for example in WORKED if example.answer is not None]
WITH_ATTEMPT = [example for example in WORKED if example.attempt is not None]


def test_every_example_of_the_documents_is_in_the_data() -> None:
    ids = {example.id for example in WORKED}
    expected = {f"bga-{n}" for n in range(1, 8)} | {f"it-{n}" for n in range(1, 5)} | {"wiki-1", "wiki-2"}
    assert expected <= ids
    assert len(ids) == len(WORKED), "example ids must be unique"
    assert len(VALIDITY) >= 13
    expected_counts = {"bga-1": 1, "bga-2": 1, "bga-3": 0, "bga-4": 2, "bga-5": 2, "bga-6": 6, "bga-7": 3,
                       "it-1": 3, "it-2": 3, "it-3": 2, "it-4": 1, "wiki-1": 1, "wiki-2": 3}  # fmt: skip
    assert {example.id: example.max_play for example in WORKED if example.id in expected} == expected_counts


def test_start_positions_are_valid_and_possible() -> None:
    for example in WORKED:
        assert check_table(example.position.table, example.rules).valid, example.id
        assert example.position.problems(example.rules) == (), example.id


@pytest.mark.parametrize("example", VALIDITY, ids=[f"{e.meld} {e.rules}" for e in VALIDITY])
def test_validity_example(example: ValidityExample) -> None:
    verdict = Meld.parse(example.meld).check(example.rules)
    assert (example.kind is None) != (example.flag is None), "give exactly one of kind and flag"
    if example.kind is not None:
        assert verdict.valid, verdict.explain()
        assert verdict.kind == example.kind
    else:
        assert not verdict.valid and verdict.kind is None
        assert example.flag in verdict.flags, verdict.explain()
        assert all(problem.message for problem in verdict.problems)
        assert example.suggestion is not None, "say which one-card change mends it, or none"
        assert _in_letters(verdict.suggestion or "") == example.suggestion


def _in_letters(text: str) -> str:
    """The suit symbols of a message as the data's letters (7♥ as 7H)."""
    return text.translate(str.maketrans("♠♥♦♣", "SHDC"))


@pytest.mark.parametrize("example", WITH_ANSWER, ids=[e.id for e in WITH_ANSWER])
def test_documents_answer_is_a_valid_turn(example: WorkedExample) -> None:
    assert example.answer is not None
    played = example.answer.cards() - example.position.table.cards()
    end = Position(example.answer, tuple((Counter(example.position.hand) - played).elements()))
    verdict = check_turn(example.position, end, example.rules)
    assert verdict.valid, verdict.explain()
    assert len(verdict.played) == example.max_play
    assert Counter(verdict.played) == played


@pytest.mark.parametrize("example", WORKED, ids=[e.id for e in WORKED])
def test_max_play_matches_an_exhaustive_search(example: WorkedExample) -> None:
    found = most_cards_playable(example.position.table.cards(), example.position.hand, example.rules)
    assert found == example.max_play


@pytest.mark.parametrize("example", WITH_ATTEMPT, ids=[e.id for e in WITH_ATTEMPT])
def test_tempting_attempt_is_rejected_for_its_melds(example: WorkedExample) -> None:
    assert example.attempt is not None
    played = example.attempt.cards() - example.position.table.cards()
    end = Position(example.attempt, tuple((Counter(example.position.hand) - played).elements()))
    verdict = check_turn(example.position, end, example.rules)
    assert not verdict.valid
    assert verdict.problems == ()  # every table card kept and a card played: only the melds are wrong
    assert {problem.flag for problem in verdict.table.all_problems()} == example.attempt_flags


def test_bga_3_taking_the_two_hearts_leaves_two_stubs() -> None:
    start = Position.parse("6S 6H 6D | 7S 7H 7D", "8H")
    attempt = Position.parse("6S 6D | 7S 7D | 6H 7H 8H", "")
    verdict = check_turn(start, attempt)
    assert not verdict.valid
    assert verdict.table.invalid_melds() == (0, 1)
    assert [meld.flags for meld in verdict.table.melds] == [(ProblemKind.TOO_SHORT,), (ProblemKind.TOO_SHORT,), ()]
    assert verdict.table.melds[2].kind == "run"
    assert "6♠ 6♦" in verdict.explain() and "7♠ 7♦" in verdict.explain()


@pytest.mark.parametrize("example", WORKED, ids=[e.id for e in WORKED])
def test_solver_finds_the_documents_best_count(example: WorkedExample) -> None:
    solution = solve(example.position, example.rules)
    assert solution.max_play == example.max_play
    assert solution.feasible == (example.max_play > 0)
    if example.answer is not None:
        assert solution.par <= _documents_par(example)


def _documents_par(example: WorkedExample) -> int:
    assert example.answer is not None
    _, changed = match_melds(example.position.table, example.answer, example.rules)
    return changed + example.max_play
