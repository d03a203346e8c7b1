"""Every example of the rule documents, checked by the validator and the solver."""

from __future__ import annotations

from collections import Counter

import pytest

from machiavelli_kit.matching import match_melds
from machiavelli_kit.melds import Meld
from machiavelli_kit.position import Position, check_turn
from machiavelli_kit.solver import solve
from tests.rules_examples import ValidityExample, WorkedExample, validity_examples, worked_examples

VALIDITY = validity_examples()
WORKED = worked_examples()


@pytest.mark.parametrize("example", VALIDITY, ids=[f"{e.meld} {e.rules}" for e in VALIDITY])
def test_validity_example(example: ValidityExample) -> None:
    verdict = Meld.parse(example.meld).check(example.rules)
    if example.kind:
        assert verdict.valid and verdict.kind == example.kind
    else:
        assert not verdict.valid
        assert example.flag in verdict.flags
        assert all(problem.message for problem in verdict.problems)


@pytest.mark.parametrize("example", WORKED, ids=[e.id for e in WORKED])
def test_documents_answer_is_a_valid_turn(example: WorkedExample) -> None:
    if example.answer is None:
        pytest.skip("no play exists in this example")
    played = example.answer.cards() - example.position.table.cards()
    end = Position(example.answer, tuple((Counter(example.position.hand) - played).elements()))
    verdict = check_turn(example.position, end, example.rules)
    assert verdict.valid, verdict.explain()
    assert len(verdict.played) == example.max_play


@pytest.mark.parametrize("example", WORKED, ids=[e.id for e in WORKED])
def test_solver_finds_the_documents_best_count(example: WorkedExample) -> None:
    solution = solve(example.position, example.rules)
    assert solution.max_play == example.max_play
    assert solution.feasible == (example.max_play > 0)
    if example.answer is not None:
        assert solution.par <= _documents_par(example)


def test_bga_3_naive_attempt_leaves_two_card_stubs() -> None:
    start = Position.parse("6S 6H 6D | 7S 7H 7D", "8H")
    attempt = Position.parse("6S 6D | 7S 7D | 6H 7H 8H", "")
    verdict = check_turn(start, attempt)
    assert not verdict.valid
    assert verdict.table.invalid_melds() == (0, 1)
    assert {problem.flag for problem in verdict.table.all_problems()} == {"too_short"}


def test_wiki_2_lone_queen_blocks_the_play() -> None:
    start = Position.parse("KH KD KS | QH QD QS QC | JH JD JS", "10H")
    attempt = Position.parse("10H JH QH KH | JD QD KD | JS QS KS | QC", "")
    verdict = check_turn(start, attempt)
    assert verdict.table.invalid_melds() == (3,)
    assert "too_short" in verdict.table.melds[3].flags


def _documents_par(example: WorkedExample) -> int:
    assert example.answer is not None
    _, changed = match_melds(example.position.table, example.answer, example.rules)
    return changed + example.max_play


def test_every_worked_example_is_in_the_data() -> None:
    ids = {example.id for example in WORKED}
    expected = {f"bga-{n}" for n in range(1, 8)} | {f"it-{n}" for n in range(1, 5)} | {"wiki-1", "wiki-2"}
    assert expected <= ids
