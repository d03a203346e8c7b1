"""The meld validator: kinds, joker stand-ins, and a sentence for every problem."""

from __future__ import annotations

import pytest

from machiavelli_kit.cards import Card
from machiavelli_kit.melds import Meld, MeldCheck, Problem, check_meld
from machiavelli_kit.notation import parse_cards
from machiavelli_kit.rules import BGA, Rules

JOKERS = Rules(jokers=2)


@pytest.mark.parametrize(
    ("meld", "rules", "flags", "words"),
    [
        ("5S 5H", BGA, {"too_short"}, "needs at least 3 cards"),
        ("5H 5H 5S", BGA, {"identical_cards"}, "5♥ appears twice"),
        ("5S 6H 7S", BGA, {"mixed_suits"}, "mixes ♠ and ♥"),
        ("5S 6S 5H", BGA, {"mixed_ranks"}, "mixes 5 and 6"),
        ("5S 5H 5D 5C 5S", BGA, {"identical_cards", "too_many_cards"}, "at most 4 cards"),
        ("5H 6H 8H", BGA, {"gap"}, "7♥ missing"),
        ("5H JK 9H", JOKERS, {"gap"}, "3 missing (6♥ 7♥ 8♥) but 1 joker"),
        ("KH AH 2H", BGA, {"ace_both_ends"}, "never both"),
        ("QH KH AH", Rules(ace_high=False), {"ace_low_only"}, "ace_high=false"),
        ("5H JK 7H", BGA, {"joker_not_allowed"}, "jokers=0"),
    ],
)
def test_problems_have_flags_and_sentences_naming_the_cards(
    meld: str, rules: Rules, flags: set[str], words: str
) -> None:
    verdict = check_meld(parse_cards(meld), rules)
    assert not verdict.valid and verdict.kind is None
    assert set(verdict.flags) == flags
    assert words in verdict.explain()


@pytest.mark.parametrize(
    ("meld", "rules", "kind", "arranged", "stand_ins"),
    [
        ("5H JK 7H", JOKERS, "run", "5H JK 7H", "6H"),
        ("JK QH KH", JOKERS, "run", "QH KH JK", "AH"),
        ("JK QH KH", Rules(jokers=2, ace_high=False), "run", "JK QH KH", "JH"),
        ("QH KH JK", JOKERS, "run", "QH KH JK", "AH"),
        ("7S 7H JK", JOKERS, "set", "7S 7H JK", "7D"),
        ("KH AH 2H", Rules(wrap=True), "run", "KH AH 2H", ""),
        ("2H AH KH", Rules(wrap=True), "run", "KH AH 2H", ""),
        ("AH KH QH", BGA, "run", "QH KH AH", ""),
    ],
)
def test_valid_melds_are_arranged_with_jokers_in_place(
    meld: str, rules: Rules, kind: str, arranged: str, stand_ins: str
) -> None:
    verdict = check_meld(parse_cards(meld), rules)
    assert verdict.valid and verdict.kind == kind
    assert verdict.arranged == parse_cards(arranged)
    assert verdict.jokers_as == parse_cards(stand_ins)
    assert verdict.explain().endswith(
        f"a valid {kind}" + (f" (joker as {parse_cards(stand_ins)[0]})" if stand_ins else "")
    )


def test_melds_compare_as_multisets_and_print() -> None:
    meld = Meld.parse("7H 5H 6H")
    assert meld == Meld.parse("5H 6H 7H") and hash(meld) == hash(Meld.parse("6H 5H 7H"))
    assert str(meld) == "7♥ 5♥ 6♥"
    assert repr(meld) == "Meld.parse('7H 5H 6H')"
    assert eval(repr(meld), {"Meld": Meld}) == meld
    assert meld.arranged().cards == parse_cards("5H 6H 7H")
    assert len(meld) == 3 and next(iter(meld)) == Card.parse("7H")


@pytest.mark.parametrize(
    ("meld", "rules", "flags"),
    [
        ("", BGA, {"too_short"}),
        ("JK", JOKERS, {"too_short"}),
        ("5H 5H 5H", BGA, {"identical_cards"}),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", BGA, {"identical_cards", "too_many_cards"}),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK", JOKERS, {"too_many_cards"}),
        ("JK JK 5S 5S", Rules(jokers=2), {"identical_cards"}),
        ("10C JC QC KC AC 2C", BGA, {"ace_both_ends"}),
        ("JK KH AH 2H", JOKERS, {"ace_both_ends"}),
        ("5S 6D 7H", BGA, {"mixed_suits"}),
    ],
)
def test_more_problems(meld: str, rules: Rules, flags: set[str]) -> None:
    verdict = check_meld(parse_cards(meld), rules)
    assert not verdict.valid and verdict.kind is None
    assert set(verdict.flags) == flags, verdict.explain()
    assert verdict.explain().startswith(f"{meld_text(meld)}: ")


def meld_text(meld: str) -> str:
    return " ".join(str(card) for card in parse_cards(meld)) or "(no cards)"


def test_a_card_three_times_is_counted() -> None:
    assert "5♥ appears 3 times" in check_meld(parse_cards("5H 5H 5H"), BGA).explain()


@pytest.mark.parametrize(
    ("meld", "rules", "kind", "arranged", "stand_ins"),
    [
        ("KS 7S 5S", BGA, None, "", ""),
        ("JK JK 9D", Rules(jokers=2), "set", "9D JK JK", "9S 9H"),
        ("JK 5S JK 7S", Rules(jokers=2), "run", "5S JK 7S JK", "6S 8S"),
        ("QD KD AD 2D 3D", Rules(wrap=True), "run", "QD KD AD 2D 3D", ""),
        ("AD 2D 3D", Rules(ace_high=False), "run", "AD 2D 3D", ""),
        ("KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C AC", BGA, "run", "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", ""),
    ],
)
def test_kinds_and_arrangements(meld: str, rules: Rules, kind: str | None, arranged: str, stand_ins: str) -> None:
    verdict = check_meld(parse_cards(meld), rules)
    assert verdict.kind == kind
    if kind is not None:
        assert verdict.arranged == parse_cards(arranged)
        assert verdict.jokers_as == parse_cards(stand_ins)


def test_meld_check_and_problem_repr_evaluate_back() -> None:
    for verdict in (check_meld(parse_cards("5H JK 7H"), JOKERS), check_meld(parse_cards("5H 6S"), BGA)):
        names = {"MeldCheck": MeldCheck, "Problem": Problem, "Card": Card}
        assert eval(repr(verdict), names) == verdict
    problem = Problem("gap", "7♥ missing")
    assert str(problem) == "7♥ missing" and eval(repr(problem), {"Problem": Problem}) == problem
