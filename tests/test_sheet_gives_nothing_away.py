"""Over the whole collection, in every language: nothing on a student sheet predicts the answer better than chance.

Every chapter is printed as a student would get it (HTML, the default options) and read
back: each puzzle's heading, its ruled lines, its place in the section and the chapter's
introduction. For the 233 yes/no puzzles (decide, close, play a card), a simple predictor
of the yes/no is fitted on each of these features (the best threshold on a number, the
majority answer of each introduction) and must do no better than the same predictor
fitted on the answers shuffled: the 99th percentile of 200 shuffles, with a fixed seed, is
the margin (about 8 points over the base rate of 51%, what picking the best threshold
wins by luck alone on 233 answers). Today's main failed it: lines = max(moves, hand) + 1
told "yes" for 92 puzzles (best threshold 70% right, lines less hand cards 89%).
The cards a heading names must not tell which cards the answer plays either.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from html import unescape
from typing import TypeVar

import pytest

from machiavelli_kit.classroom.sheet_html import worksheet_html
from machiavelli_kit.classroom.sheet_layout import arrange
from machiavelli_kit.core.cards import parse_card
from machiavelli_kit.core.goal import GoalKind
from machiavelli_kit.i18n import pgettext, speaking
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.format import Puzzle

COLLECTION = load_collection()
YES_NO = (GoalKind.DECIDE, GoalKind.CLOSE, GoalKind.PLAY)
CARD = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])")
SHUFFLES, PERCENTILE = 200, 0.99
Feature = TypeVar("Feature", bound=Hashable)


@dataclass(frozen=True)
class Seen:
    """What a student sheet shows of one puzzle."""

    puzzle: Puzzle
    heading: str
    lines: int
    place: int
    """Its place in its chapter's section, 1 first."""
    intro: str


def printed(lang: str) -> list[Seen]:
    """Every puzzle of the collection as its chapter's student sheet shows it, in ``lang``."""
    seen = []
    for chapter in COLLECTION.chapters:
        sheet = worksheet_html(chapter.puzzles, "Sheet", chapters=COLLECTION.chapters, lang=lang)
        intro = re.findall(r'<p class="intro">(.*?)</p>', sheet)
        blocks = re.findall(r'<section class="puzzle" id="puzzle-(\d+)">(.*?)</section>', sheet)
        order = [puzzle for section in arrange(chapter.puzzles, COLLECTION.chapters) for _, puzzle in section.puzzles]
        assert len(blocks) == len(order) == len(chapter.puzzles)
        for (number, block), puzzle in zip(blocks, order, strict=True):
            heading = unescape(re.search(r"<h3>(.*?)</h3>", block).group(1))  # type: ignore[union-attr]
            seen.append(Seen(puzzle, heading, block.count("<div></div>"), int(number), "".join(intro)))
    return seen


def best_threshold(values: Sequence[float], answers: Sequence[bool]) -> float:
    """The share right of the best rule "yes when the value is at least t" (or its opposite)."""
    best = 0.0
    for threshold in sorted(set(values)):
        right = sum((value >= threshold) == answer for value, answer in zip(values, answers, strict=True))
        best = max(best, right / len(answers), 1 - right / len(answers))
    return best


def majority_by(values: Sequence[Hashable], answers: Sequence[bool]) -> float:
    """The share right of "the answer most puzzles with this value have"."""
    tally: dict[Hashable, Counter[bool]] = {}
    for value, answer in zip(values, answers, strict=True):
        tally.setdefault(value, Counter())[answer] += 1
    return sum(max(counts.values()) for counts in tally.values()) / len(answers)


def chance(values: Sequence[Feature], answers: Sequence[bool], fit: Callable[..., float]) -> float:
    """What ``fit`` scores on the answers shuffled: the 99th percentile of 200 shuffles (seeded)."""
    shuffled, scores = list(answers), []
    rng = random.Random(27)
    for _ in range(SHUFFLES):
        rng.shuffle(shuffled)
        scores.append(fit(values, shuffled))
    return sorted(scores)[int(PERCENTILE * SHUFFLES)]


FEATURES: dict[str, tuple[Callable[[Seen], Hashable], Callable[..., float]]] = {
    "cards named in the heading": (lambda seen: len(CARD.findall(seen.heading)), best_threshold),
    "length of the heading": (lambda seen: len(seen.heading), best_threshold),
    "question mark in the heading": (lambda seen: "?" in seen.heading, best_threshold),
    "ruled lines": (lambda seen: seen.lines, best_threshold),
    "ruled lines less hand cards": (lambda seen: seen.lines - len(seen.puzzle.position.hand), best_threshold),
    "place in the section": (lambda seen: seen.place, best_threshold),
    "the chapter's introduction": (lambda seen: seen.intro, majority_by),
}


@pytest.fixture(scope="module", params=["en", "it", "pl"])
def sheets(request: pytest.FixtureRequest) -> tuple[str, list[Seen]]:
    return request.param, printed(request.param)


@pytest.mark.parametrize("feature", FEATURES)
def test_no_feature_of_the_sheet_predicts_yes_or_no_better_than_chance(
    sheets: tuple[str, list[Seen]], feature: str
) -> None:
    _lang, seen = sheets
    asked = [item for item in seen if item.puzzle.goal.kind in YES_NO]
    assert len(asked) == 233
    answers = [item.puzzle.feasible for item in asked]
    read, fit = FEATURES[feature]
    values = [read(item) for item in asked]
    base = max(sum(answers), len(answers) - sum(answers)) / len(answers)
    assert fit(values, answers) <= max(chance(values, answers, fit), base), feature


def test_the_headings_name_no_card_the_answer_plays(sheets: tuple[str, list[Seen]]) -> None:
    """Predicting "the answer plays the hand cards the heading names" must do no better than guessing any hand card."""
    _lang, seen = sheets
    named = played_named = hand_cards = played = 0
    for item in seen:
        puzzle = item.puzzle
        if puzzle.solution is None:
            continue
        laid = puzzle.solution.cards() - puzzle.position.table.cards()
        hand = Counter(puzzle.position.hand)
        hand_cards, played = hand_cards + sum(hand.values()), played + sum((laid & hand).values())
        for rank, suit in CARD.findall(item.heading):
            card = parse_card(rank + suit)
            if card in hand:
                named, played_named = named + 1, played_named + (card in laid)
    base = played / hand_cards
    assert named == 0 or played_named / named <= base + 0.05, (played_named, named, base)


def test_no_heading_names_a_technique(sheets: tuple[str, list[Seen]]) -> None:
    lang, seen = sheets
    with speaking(lang):
        for item in seen:
            for grade in (item.puzzle.grade or "", *item.puzzle.themes):
                word = pgettext("puzzle theme", grade).lower() if grade else ""
                assert not word or word not in item.heading.lower(), (item.puzzle.id, item.heading)
