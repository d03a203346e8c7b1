"""The meld validator: kinds, joker stand-ins, and a sentence for every problem."""

from __future__ import annotations

import pytest

from machiavelli_kit.core.cards import Card, parse_cards
from machiavelli_kit.core.melds import Meld, MeldCheck, Problem, ProblemKind, check_meld
from machiavelli_kit.core.rules import BGA, Rules

JOKERS = Rules(jokers=2)


@pytest.mark.parametrize(
    ("meld", "rules", "flags", "explained"),
    [
        ("5S 5H", BGA, {ProblemKind.TOO_SHORT},
         "5♠ 5♥: a meld needs at least three cards, and this one has only two; add 5♦ or 5♣ to make a set"),
        ("7H 7S", BGA, {ProblemKind.TOO_SHORT},
         "7♥ 7♠: a meld needs at least three cards, and this one has only two; add 7♦ or 7♣ to make a set"),
        ("5H 6H", BGA, {ProblemKind.TOO_SHORT},
         "5♥ 6♥: a meld needs at least three cards, and this one has only two; add 4♥ or 7♥ to make a run"),
        ("KH AH", BGA, {ProblemKind.TOO_SHORT},
         "K♥ A♥: a meld needs at least three cards, and this one has only two; add Q♥ to make Q♥ K♥ A♥ a run"),
        ("5H 5H 5S", BGA, {ProblemKind.IDENTICAL_CARDS},
         "5♥ 5♥ 5♠: there are two 5♥ here, but a set needs a different suit on every card; "
         "put 5♦ or 5♣ in place of 5♥ to make a set"),
        ("7H 7S 7H 7D", BGA, {ProblemKind.IDENTICAL_CARDS},
         "7♥ 7♠ 7♥ 7♦: there are two 7♥ here, but a set needs a different suit on every card; "
         "take out one 7♥ to make 7♠ 7♥ 7♦ a set"),
        ("5S 6H 7S", BGA, {ProblemKind.MIXED_SUITS},
         "5♠ 6♥ 7♠: the cards of a run all have the same suit, but this one mixes spades and hearts; "
         "put 6♠ in place of 6♥ to make 5♠ 6♠ 7♠ a run"),
        ("5S 6S 5H 5D", BGA, {ProblemKind.MIXED_RANKS},
         "5♠ 6♠ 5♥ 5♦: the cards of a set all have the same rank, but this one mixes fives and sixes; "
         "take out 6♠ to make 5♠ 5♥ 5♦ a set"),
        ("5S 5H 5D 5C 5S", BGA, {ProblemKind.IDENTICAL_CARDS},
         "5♠ 5♥ 5♦ 5♣ 5♠: there are two 5♠ here, but a set needs a different suit on every card; "
         "take out one 5♠ to make 5♠ 5♥ 5♦ 5♣ a set"),
        ("5S 5H 5D 5C JK", JOKERS, {ProblemKind.TOO_MANY_CARDS},
         "5♠ 5♥ 5♦ 5♣ JK: a set holds at most four cards, one of each suit, and this one has five; "
         "take out any one card to make a set"),
        ("5H 6H 8H", BGA, {ProblemKind.GAP},
         "5♥ 6♥ 8♥: a run needs cards in a row, and 7♥ is missing between 6♥ and 8♥; "
         "add 7♥ to make 5♥ 6♥ 7♥ 8♥ a run"),
        ("8H 4H 6H 7H", BGA, {ProblemKind.GAP},
         "8♥ 4♥ 6♥ 7♥: a run needs cards in a row, and 5♥ is missing between 4♥ and 6♥; "
         "add 5♥ to make 4♥ 5♥ 6♥ 7♥ 8♥ a run"),
        ("5H 9H 10H", BGA, {ProblemKind.GAP}, "5♥ 9♥ 10♥: a run needs cards in a row, and 6♥ 7♥ 8♥ are missing; "
         "put 8♥ or J♥ in place of 5♥ to make a run"),
        ("5H JK 9H", JOKERS, {ProblemKind.GAP},
         "5♥ JK 9♥: a run needs cards in a row: three cards are missing (6♥ 7♥ 8♥), but there is only one "
         "joker to stand in for them"),
        ("KH AH 2H", BGA, {ProblemKind.ACE_BOTH_ENDS},
         "K♥ A♥ 2♥: in this game an ace can't sit between a king and a two: it goes before the two (A 2 3) "
         "or after the king (Q K A)"),
        ("KH JK 2H", JOKERS, {ProblemKind.ACE_BOTH_ENDS},
         "K♥ JK 2♥: in this game an ace can't sit between a king and a two: it goes before the two (A 2 3) "
         "or after the king (Q K A)"),
        ("10C JC QC KC AC 2C", BGA, {ProblemKind.ACE_BOTH_ENDS},
         "10♣ J♣ Q♣ K♣ A♣ 2♣: in this game an ace can't sit between a king and a two: it goes before the two "
         "(A 2 3) or after the king (Q K A); take out 2♣ to make 10♣ J♣ Q♣ K♣ A♣ a run"),
        ("KH AH 2H", Rules(ace_high=False), {ProblemKind.ACE_BOTH_ENDS},
         "K♥ A♥ 2♥: in this game an ace can't sit between a king and a two: it only goes before the two (A 2 3); "
         "put 3♥ in place of K♥ to make A♥ 2♥ 3♥ a run"),
        ("QH KH AH", Rules(ace_high=False), {ProblemKind.ACE_LOW_ONLY},
         "Q♥ K♥ A♥: in this game an ace only goes before the two (A 2 3), never after the king; "
         "put J♥ in place of A♥ to make J♥ Q♥ K♥ a run"),
        ("5H JK 7H", BGA, {ProblemKind.JOKER_NOT_ALLOWED},
         "5♥ JK 7♥: this game is played without jokers; put 6♥ in place of the joker to make 5♥ 6♥ 7♥ a run"),
        ("JK 5H 6H 7H", BGA, {ProblemKind.JOKER_NOT_ALLOWED},
         "JK 5♥ 6♥ 7♥: this game is played without jokers; take out the joker to make 5♥ 6♥ 7♥ a run"),
        ("5H 5H 5H", BGA, {ProblemKind.IDENTICAL_CARDS},
         "5♥ 5♥ 5♥: there are three 5♥ here, but a set needs a different suit on every card"),
        ("6H 5H 6H 5H 7H", BGA, {ProblemKind.IDENTICAL_CARDS},
         "6♥ 5♥ 6♥ 5♥ 7♥: 6♥ and 5♥ are each here more than once, but a run holds each card only once"),
        ("5S 6D 7H", BGA, {ProblemKind.MIXED_SUITS},
         "5♠ 6♦ 7♥: the cards of a run all have the same suit, but this one mixes spades, diamonds and hearts"),
        ("", BGA, {ProblemKind.TOO_SHORT}, "(no cards): a meld needs at least three cards, and this one has none"),
        # One card of another rank or suit is the one fault, not also "too many cards".
        ("5H 5S JK 5D 6D", JOKERS, {ProblemKind.MIXED_RANKS},
         "5♥ 5♠ JK 5♦ 6♦: the cards of a set all have the same rank, but this one mixes fives and sixes; "
         "take out 6♦ to make 5♠ 5♥ 5♦ JK a set"),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2S", BGA, {ProblemKind.MIXED_SUITS},
         "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ 2♠: the cards of a run all have the same suit, but this one "
         "mixes hearts and spades; take out 2♠ to make A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ a run"),
    ],
)  # fmt: skip
def test_each_fault_is_one_sentence_with_a_suggestion_where_one_card_mends_it(
    meld: str, rules: Rules, flags: set[ProblemKind], explained: str
) -> None:
    verdict = check_meld(parse_cards(meld), rules)
    assert not verdict.valid and verdict.kind is None
    assert set(verdict.flags) == flags and len(verdict.flags) == len(flags)
    assert verdict.explain() == explained


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
    stands_for = f" (the joker stands for {parse_cards(stand_ins)[0]})" if stand_ins else ""
    assert verdict.explain() == f"{meld_text(meld)}: a valid {kind}{stands_for}"


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
        ("", BGA, {ProblemKind.TOO_SHORT}),
        ("JK", JOKERS, {ProblemKind.TOO_SHORT}),
        ("5H 5H 5H", BGA, {ProblemKind.IDENTICAL_CARDS}),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", BGA, {ProblemKind.IDENTICAL_CARDS}),
        (
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH QH JK",
            JOKERS,
            {ProblemKind.IDENTICAL_CARDS, ProblemKind.TOO_MANY_CARDS},
        ),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK", JOKERS, {ProblemKind.TOO_MANY_CARDS}),
        ("JK JK 5S 5S", Rules(jokers=2), {ProblemKind.IDENTICAL_CARDS}),
        ("10C JC QC KC AC 2C", BGA, {ProblemKind.ACE_BOTH_ENDS}),
        ("JK KH AH 2H", JOKERS, {ProblemKind.ACE_BOTH_ENDS}),
        ("5S 6D 7H", BGA, {ProblemKind.MIXED_SUITS}),
    ],
)
def test_more_problems(meld: str, rules: Rules, flags: set[ProblemKind]) -> None:
    verdict = check_meld(parse_cards(meld), rules)
    assert not verdict.valid and verdict.kind is None
    assert set(verdict.flags) == flags, verdict.explain()
    assert verdict.explain().startswith(f"{meld_text(meld)}: ")


def meld_text(meld: str) -> str:
    return " ".join(str(card) for card in parse_cards(meld)) or "(no cards)"


def test_two_jokers_are_named_in_play_order() -> None:
    verdict = check_meld(parse_cards("JK 5S JK 7S"), Rules(jokers=2))
    assert verdict.explain() == "JK 5♠ JK 7♠: a valid run (the jokers stand for 6♠ and 8♠)"


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
    problem = Problem(ProblemKind.GAP, "7♥ missing")
    assert str(problem) == "7♥ missing"
    assert eval(repr(problem), {"Problem": Problem, "ProblemKind": ProblemKind}) == problem
