"""Every sentence the validator can say: plain words, one per fault, and suggestions that hold under the rules.

The sweeps walk the rule documents' examples and random melds, tables and
turns near the valid ones (hypothesis), and read every message produced.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.core.cards import JOKER, RANKS, SUITS, Card, format_cards, parse_cards
from machiavelli_kit.core.melds import MeldCheck, check_meld, fix
from machiavelli_kit.core.position import Position, Table, check_table, check_turn
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.core.validator_words import COUNTED, TEXTS
from tests.rules_examples import ValidityExample, WorkedExample, validity_examples, worked_examples

PARAMETER_WORDS = ("wrap", "jokers=", "deck(s)", "ace_high", "=", "(s)", "_", "None", "max_cards", "hand size")
"""What a learner must never read: rules parameters, code-like plurals, Python values."""

naturals = st.builds(Card, st.sampled_from(RANKS), st.sampled_from(SUITS))
any_cards = naturals | st.just(JOKER)
rules_variants = st.builds(
    Rules,
    decks=st.integers(1, 3),
    jokers=st.integers(0, 2),
    ace_high=st.booleans(),
    wrap=st.booleans(),
    max_cards_per_turn=st.sampled_from([None, 2, 13]),
)


@st.composite
def near_melds(draw: st.DrawFn) -> list[Card]:
    """A set or a run (possibly across the corner) with up to two cards taken out, added or changed."""
    if draw(st.booleans()):
        rank = draw(st.sampled_from(RANKS))
        suits = draw(st.lists(st.sampled_from(SUITS), min_size=2, max_size=4, unique=True))
        meld = [Card(rank, suit) for suit in suits]
    else:
        suit, start, length = draw(st.sampled_from(SUITS)), draw(st.integers(1, 13)), draw(st.integers(2, 8))
        meld = [Card((start + offset - 1) % 13 + 1, suit) for offset in range(length)]
    for _ in range(draw(st.integers(0, 2))):
        change = draw(st.sampled_from(["out", "add", "swap"]))
        if change == "out" and meld:
            meld.pop(draw(st.integers(0, len(meld) - 1)))
        elif change == "add":
            meld.insert(draw(st.integers(0, len(meld))), draw(any_cards))
        elif meld:
            meld[draw(st.integers(0, len(meld) - 1))] = draw(any_cards)
    return list(draw(st.permutations(meld)))


melds = near_melds() | st.lists(any_cards, max_size=7)


def assert_plain(text: str) -> None:
    found = [word for word in PARAMETER_WORDS if word in text]
    assert not found, f"{text!r} names {found}"


def test_no_sentence_of_the_catalog_names_a_parameter() -> None:
    templates = [*TEXTS.items(), *((key, said(n)) for key, said in COUNTED.items() for n in (1, 2))]
    for key, template in templates:
        assert_plain(re.sub(r"\{[a-z]+\}", "", template))
        assert "{}" not in template, f"{key}: placeholders are named"


@pytest.mark.parametrize("example", validity_examples(), ids=lambda example: f"{example.meld} {example.rules}")
def test_the_rule_documents_melds_are_explained_in_plain_words(example: ValidityExample) -> None:
    verdict = check_meld(parse_cards(example.meld), example.rules)
    assert_plain(verdict.explain())
    assert len(set(verdict.flags)) == len(verdict.flags)


@pytest.mark.parametrize("example", [e for e in worked_examples() if e.attempt is not None], ids=lambda e: e.id)
def test_the_rule_documents_tempting_attempts_are_explained_once_each(example: WorkedExample) -> None:
    position, attempt = example.position, example.attempt
    assert attempt is not None
    played = attempt.cards() - position.table.cards()
    end = Position(attempt, tuple((Counter(position.hand) - played).elements()))
    lines = check_turn(position, end, example.rules).problem_lines()
    assert lines and len(set(lines)) == len(lines)
    for line in lines:
        assert_plain(line)


def assert_meld_explained(verdict: MeldCheck, rules: Rules) -> None:
    text = verdict.explain()
    assert_plain(text)
    shown = format_cards(verdict.cards, unicode=True) or "(no cards)"
    assert text.startswith(f"{shown}: "), "the meld is quoted as laid out"
    assert len(set(verdict.flags)) == len(verdict.flags), "one problem per fault"
    assert ("a valid" in text) == verdict.valid
    found = fix(verdict.cards, rules, verdict.flags) if not verdict.valid else None
    assert verdict.suggestion == (found.text if found else None)
    if found is not None:
        assert found.text in text and (len(found.melds) <= 2 or "any one card" in found.text)
        for changed in found.melds:
            assert check_meld(changed, rules).valid, f"{found.text!r} must make a valid meld"
            assert changed.count(JOKER) <= rules.jokers
            difference = (Counter(changed) - Counter(verdict.cards)) + (Counter(verdict.cards) - Counter(changed))
            assert sum(difference.values()) in (1, 2), "a suggestion changes one card"


@settings(deadline=None)  # a suggestion tries every card that could mend the meld
@given(melds, rules_variants)
def test_every_meld_message_is_plain_and_every_suggestion_holds(cards: list[Card], rules: Rules) -> None:
    assert_meld_explained(check_meld(cards, rules), rules)


def supply_ok(cards: Counter[Card], rules: Rules) -> bool:
    return all(count <= (rules.jokers if card.is_joker else rules.decks) for card, count in cards.items())


@settings(deadline=None)
@given(st.lists(near_melds(), min_size=1, max_size=4), rules_variants)
def test_a_table_check_is_exact_and_tells_each_fault_once(table_melds: list[list[Card]], rules: Rules) -> None:
    table = Table.of(table_melds)
    verdict = check_table(table, rules)
    melds_valid = all(check_meld(meld.cards, rules).valid for meld in table.melds)
    assert verdict.valid == (melds_valid and supply_ok(table.cards(), rules))
    problems = [(problem.meld, problem.message) for problem in verdict.all_problems()]
    assert len(set(problems)) == len(problems)
    lines = verdict.problem_lines()
    assert len(lines) == len(verdict.invalid_melds()) + sum(problem.meld is None for problem in verdict.problems)
    for index in range(len(table.melds)):
        text = verdict.explain_meld(index)
        assert_plain(text)
        assert ("a valid" in text) == (index not in verdict.invalid_melds())


@settings(deadline=None)
@given(st.lists(near_melds(), max_size=3), st.lists(naturals, max_size=4), st.data(), rules_variants)
def test_a_turn_check_is_exact_and_tells_each_fault_once(
    start_melds: list[list[Card]], hand: list[Card], data: st.DataObject, rules: Rules
) -> None:
    start = Position(Table.of(start_melds), tuple(hand))
    pool = [card for meld in start_melds for card in meld] + hand
    end_melds = data.draw(st.lists(st.lists(st.sampled_from(pool) if pool else any_cards, max_size=5), max_size=3))
    end_hand = data.draw(st.lists(st.sampled_from(pool) if pool else any_cards, max_size=4))
    end = Position(Table.of(end_melds), tuple(end_hand))
    verdict = check_turn(start, end, rules)
    played = end.table.cards() - start.table.cards()
    cap = rules.max_cards_per_turn
    expected = (
        not start.table.cards() - end.table.cards()
        and not played - Counter(start.hand)
        and Counter(end.hand) == Counter(start.hand) - played
        and 0 < sum(played.values()) <= (cap if cap is not None else 200)
        and check_table(end.table, rules).valid
    )
    assert verdict.valid == expected
    messages = [problem.message for problem in verdict.problems]
    assert len(set(messages)) == len(messages)
    for line in verdict.explain().splitlines():
        assert_plain(line)
