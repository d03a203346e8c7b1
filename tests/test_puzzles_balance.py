"""The collection as a learner's path, read from the files: answers that cannot be guessed, a basics
chapter, hints and titles in words, effort spread among the experts, no near-duplicates."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from machiavelli_kit.core.cards import JOKER
from machiavelli_kit.core.goal import GoalKind
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.duplicates import canonical_form
from machiavelli_kit.puzzles.format import TECHNIQUES, Chapter, Puzzle
from machiavelli_kit.puzzles.grader import grade
from machiavelli_kit.solver import solve

COLLECTION = load_collection()
YES_NO = (GoalKind.CLOSE, GoalKind.PLAY, GoalKind.DECIDE)
NO_GIVEAWAY = ("restore", "no play", "cannot", "whole hand", "First move", "The solution")


def technique_of_best_play(puzzle: Puzzle) -> str:
    return grade(solve(puzzle.position, puzzle.rules)).technique


def test_at_least_500_puzzles() -> None:
    assert len(COLLECTION.puzzles) >= 500


@pytest.mark.parametrize("chapter", COLLECTION.chapters, ids=lambda chapter: chapter.name)
def test_yes_and_no_answers_come_about_half_and_half(chapter: Chapter) -> None:
    """In every chapter, each yes-or-no goal is answered yes about as often as no."""
    for kind in YES_NO:
        answers = [puzzle.feasible for puzzle in chapter.puzzles if puzzle.goal.kind is kind]
        yes = sum(answers)
        assert abs(yes - (len(answers) - yes)) <= max(1, len(answers) // 5), (kind, yes, len(answers))


def test_always_answering_the_same_scores_half_at_most() -> None:
    for kind in YES_NO:
        answers = Counter(puzzle.feasible for puzzle in COLLECTION.puzzles if puzzle.goal.kind is kind)
        assert answers[True] >= 20 and answers[False] >= 20, kind
        assert max(answers.values()) <= 0.55 * sum(answers.values()), kind


def test_a_basics_chapter_of_laying_and_extending() -> None:
    basics = COLLECTION.chapter("ch01b")
    assert COLLECTION.chapters[1] == basics
    assert sum(puzzle.grade in ("lay", "extend") for puzzle in basics.puzzles) >= 25
    assert {technique_of_best_play(puzzle) for puzzle in basics.puzzles} == {"lay", "extend"}


def test_chapter_1_goes_easiest_first() -> None:
    """By the rung of the best play's technique; a table with no play sits after the play it misses."""
    levels = [TECHNIQUES.index(technique_of_best_play(puzzle)) for puzzle in COLLECTION.chapters[0].puzzles]
    playable = [level for level in levels if TECHNIQUES[level] != "impossible"]
    assert playable == sorted(playable)
    assert TECHNIQUES[levels[0]] in ("lay", "extend")


def test_every_puzzle_has_hints_and_the_first_gives_no_answer_away() -> None:
    for puzzle in COLLECTION.puzzles:
        assert puzzle.hints, puzzle.id
        assert not any(word in puzzle.hints[0] for word in NO_GIVEAWAY), (puzzle.id, puzzle.hints[0])


def test_the_first_hint_reads_the_same_whatever_a_play_or_restore_answer() -> None:
    generated = [puzzle for puzzle in COLLECTION.puzzles if puzzle.source.startswith("generated")]
    first = {puzzle.answer: puzzle.hints[0] for puzzle in generated if puzzle.goal.kind is GoalKind.DECIDE}
    assert set(first) == {"play", "restore"} and first["play"] == first["restore"]


def test_titles_are_words_not_numbers_and_differ_inside_a_chapter() -> None:
    for chapter in COLLECTION.chapters:
        titles = [puzzle.title for puzzle in chapter.puzzles]
        assert not [title for title in titles if re.search(r"#\s*\d", title)], chapter.name
        assert len(set(titles)) == len(titles), Counter(titles).most_common(3)


def test_effort_is_spread_among_the_experts() -> None:
    efforts = Counter(puzzle.effort for puzzle in COLLECTION.chapter("ch10").puzzles)
    assert len(efforts) >= 3
    assert max(efforts.values()) <= 0.5 * sum(efforts.values())


def test_no_two_puzzles_are_the_same_up_to_suits_and_a_rank_shift() -> None:
    seen: dict[tuple[str, str], str] = {}
    for puzzle in COLLECTION.puzzles:
        key = (str(puzzle.rules), canonical_form(puzzle.position))
        assert key not in seen, f"{puzzle.id} repeats {seen[key]}"
        seen[key] = puzzle.id


def test_no_comparison_puts_a_joker_in_a_game_without_jokers() -> None:
    for puzzle in COLLECTION.puzzles:
        jokers = puzzle.position.all_cards()[JOKER]
        for compare in puzzle.compare:
            assert compare.rules.jokers >= jokers, (puzzle.id, str(compare.rules))


def test_the_variants_with_jokers_have_a_joker_on_the_table() -> None:
    with_jokers = [puzzle for puzzle in COLLECTION.chapter("ch09").puzzles if puzzle.rules.jokers]
    assert len(with_jokers) >= 20
    assert all(puzzle.position.table.cards()[JOKER] for puzzle in with_jokers)
