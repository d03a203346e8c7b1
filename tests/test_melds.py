"""The meld validator: kinds, joker stand-ins, and a sentence for every problem."""

from __future__ import annotations

import pytest

from machiavelli_kit.cards import Card
from machiavelli_kit.melds import Meld, check_meld
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
