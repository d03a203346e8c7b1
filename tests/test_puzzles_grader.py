"""The grader on the documents' examples, whose techniques are known."""

from __future__ import annotations

import pytest

from machiavelli_kit.core.position import Position
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.puzzles.format import TECHNIQUES
from machiavelli_kit.puzzles.grader import Grade, grade
from machiavelli_kit.solver import solve


def graded(table: str, hand: str, rules: str = "bga") -> Grade:
    return grade(solve(Position.parse(table, hand), Rules.parse(rules)))


@pytest.mark.parametrize(
    ("table", "hand", "technique"),
    [
        ("4C 5C 6C", "3C 7C 8C", "extend"),
        ("4C 5C 6C", "9H 9S 9D", "lay"),
        ("5S 5H 5D 5C | 6H 7H 8H", "4H", "spare"),
        ("3C 4C 5C 6C 7C 8C 9C", "6C", "split"),
        ("6S 6H 6C", "6D 7S 8S", "swap"),
        ("5S 5H 5D | 6S 6H 6D | 7S 7H 7D", "8H", "dissolve"),
        ("7D 7H 7C | 8D 9D 10D | 10H 10C 10S | JH QH KH", "9H 7S", "chain"),
        ("5S 5H 5D 5C", "5H 5S", "identical"),
        ("6S 6H 6D | 7S 7H 7D", "8H", "impossible"),
    ],
)
def test_the_hardest_technique(table: str, hand: str, technique: str) -> None:
    result = graded(table, hand)
    assert result.technique == technique
    assert result.level == TECHNIQUES.index(technique) + 1
    assert result.techniques[-1] == technique


def test_a_joker_freed_from_a_run_is_a_swap() -> None:
    result = graded("5H JK 7H", "6H 9S 9D JK", "bga(jokers=2)")
    assert result.technique == "swap" or "swap" in result.techniques
    assert "joker" in result.themes


def test_effort_grows_with_chain_depth_melds_touched_and_decoys() -> None:
    chain = graded("7D 7H 7C | 8D 9D 10D | 10H 10C 10S | JH QH KH", "9H 7S")
    with_decoys = graded("7D 7H 7C | 8D 9D 10D | 10H 10C 10S | JH QH KH", "9H 7S 2C 5D")
    assert (chain.chain_depth, chain.touched, chain.decoys) == (3, 3, 0)
    assert with_decoys.decoys == 2 and "decoy" in with_decoys.themes
    assert with_decoys.effort > graded("5S 5H 5D 5C | 6H 7H 8H", "4H").effort


@pytest.mark.parametrize(
    ("table", "hand", "rules", "theme"),
    [
        ("QH KH AH", "JH", "bga", "ace-high"),
        ("KH KD KS KC | AS 2S 3S", "QS", "bga(wrap=true)", "wrap"),
        ("KH KD KC | QH QD QC | JH JD JC", "10C", "bga", "sets-to-runs"),
        ("10H JH QH", "KH 10S 10D", "bga", "runs-to-sets"),
    ],
)
def test_themes_come_from_the_solution(table: str, hand: str, rules: str, theme: str) -> None:
    assert theme in graded(table, hand, rules).themes


def test_no_way_to_close_is_not_a_restore_but_no_play_at_all_is() -> None:
    position = Position.parse("4C 5C 6C", "9S 9H 9D KD")
    assert grade(solve(position, "bga", "close")).themes == ("impossible",)
    assert "restore" in graded("6S 6H 6D | 7S 7H 7D", "8H").themes
