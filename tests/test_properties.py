"""Properties over many random melds and tables (hypothesis)."""

from __future__ import annotations

from collections import Counter

from hypothesis import assume, given
from hypothesis import strategies as st

from machiavelli_kit.cards import JOKER, RANKS, SUITS, Card
from machiavelli_kit.melds import check_meld
from machiavelli_kit.notation import format_card, format_cards, format_table, parse_card, parse_cards, parse_table
from machiavelli_kit.position import Position, Table, check_turn
from machiavelli_kit.rules import Rules

cards = st.builds(Card, st.sampled_from(RANKS), st.sampled_from(SUITS)) | st.just(JOKER)
naturals = st.builds(Card, st.sampled_from(RANKS), st.sampled_from(SUITS))
rules_variants = st.builds(
    Rules, jokers=st.integers(0, 2), ace_high=st.booleans(), wrap=st.booleans(), decks=st.integers(2, 3)
)


@st.composite
def sets(draw: st.DrawFn, rules: Rules) -> tuple[Card, ...]:
    rank = draw(st.sampled_from(RANKS))
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=3, max_size=4, unique=True))
    return tuple(Card(rank, suit) for suit in suits)


@st.composite
def runs(draw: st.DrawFn, rules: Rules) -> tuple[Card, ...]:
    suit = draw(st.sampled_from(SUITS))
    length = draw(st.integers(3, 13))
    if rules.wrap:
        start = draw(st.integers(0, 12))
        ranks = [(start + offset) % 13 + 1 for offset in range(length)]
    else:
        top = 14 if rules.ace_high else 13
        start = draw(st.integers(1, top - length + 1))
        ranks = [(start + offset - 1) % 13 + 1 for offset in range(length)]
    return tuple(Card(rank, suit) for rank in ranks)


@st.composite
def melds_by_the_rules(draw: st.DrawFn) -> tuple[Rules, str, tuple[Card, ...]]:
    rules = draw(rules_variants)
    kind = draw(st.sampled_from(["set", "run"]))
    meld = list(draw(sets(rules) if kind == "set" else runs(rules)))
    for _ in range(draw(st.integers(0, rules.jokers))):
        meld[draw(st.integers(0, len(meld) - 1))] = JOKER
    assume(any(not card.is_joker for card in meld[:2]) or kind == "run")
    return rules, kind, tuple(draw(st.permutations(meld)))


@given(melds_by_the_rules())
def test_any_meld_built_by_the_rules_validates(case: tuple[Rules, str, tuple[Card, ...]]) -> None:
    rules, kind, meld = case
    verdict = check_meld(meld, rules)
    assert verdict.valid, verdict.explain()
    naturals_in_meld = [card for card in meld if not card.is_joker]
    if len(naturals_in_meld) >= 2:
        assert verdict.kind == kind
    assert sorted(verdict.arranged) == sorted(meld)
    assert len(verdict.jokers_as) == meld.count(JOKER)


@given(melds_by_the_rules(), st.data())
def test_single_card_corruptions_are_caught(case: tuple[Rules, str, tuple[Card, ...]], data: st.DataObject) -> None:
    rules, _, meld = case
    naturals_in_meld = [card for card in meld if not card.is_joker]
    assume(naturals_in_meld)
    corruption = data.draw(st.sampled_from(["duplicate", "shorten", "replace"]))
    if corruption == "duplicate":
        broken = (*meld, data.draw(st.sampled_from(naturals_in_meld)))
        assert "identical_cards" in check_meld(broken, rules).flags or len(broken) > 13
    elif corruption == "shorten":
        broken = meld[:2]
        assert "too_short" in check_meld(broken, rules).flags
    else:
        index = data.draw(st.integers(0, len(meld) - 1))
        replacement = data.draw(naturals)
        broken = (*meld[:index], replacement, *meld[index + 1 :])
        still_valid = check_meld(broken, rules).valid
        # A replacement may happen to make another valid meld: then it is a meld by the rules too.
        if still_valid:
            assert _is_meld_by_definition(broken, rules)
        else:
            assert check_meld(broken, rules).problems


def _is_meld_by_definition(meld: tuple[Card, ...], rules: Rules) -> bool:
    """A direct, slow definition: some assignment of the jokers makes a set or a run."""
    jokers = meld.count(JOKER)
    known = [card for card in meld if not card.is_joker]
    if len(set(known)) < len(known) or not 3 <= len(meld) <= 13:
        return False
    ranks = {card.rank for card in known}
    if len(ranks) <= 1 and len(meld) <= 4:
        return True
    if len({card.suit for card in known}) > 1:
        return False
    lines: list[list[int]] = []
    if rules.wrap:
        lines = [[(start + offset) % 13 + 1 for offset in range(len(meld))] for start in range(13)]
    else:
        top = 14 if rules.ace_high else 13
        lines = [
            [(start + offset - 1) % 13 + 1 for offset in range(len(meld))] for start in range(1, top - len(meld) + 2)
        ]
    return any(ranks <= set(line) and len(line) - len(ranks) == jokers for line in lines)


@given(cards)
def test_card_round_trip(card: Card) -> None:
    assert parse_card(format_card(card)) == card
    assert parse_card(format_card(card, unicode=True)) == card
    assert parse_card(format_card(card).lower()) == card


@given(st.lists(st.lists(cards, min_size=1, max_size=6), max_size=6), st.booleans())
def test_table_round_trip(melds: list[list[Card]], unicode: bool) -> None:
    text = format_table(melds, unicode=unicode)
    assert [list(meld) for meld in parse_table(text)] == melds
    flat = [card for meld in melds for card in meld]
    assert list(parse_cards(format_cards(flat, unicode=unicode))) == flat


@given(st.lists(melds_by_the_rules(), min_size=1, max_size=4), st.data())
def test_turns_that_add_hand_cards_are_accepted_and_dropping_a_card_is_not(
    cases: list[tuple[Rules, str, tuple[Card, ...]]], data: st.DataObject
) -> None:
    rules = Rules(jokers=2, ace_high=True, wrap=True, decks=len(cases) + 1, max_cards_per_turn=None)
    melds = [meld for _, _, meld in cases if check_meld(meld, rules).valid]
    assume(len(melds) >= 2 and sum(meld.count(JOKER) for meld in melds) <= 2)
    laid = data.draw(st.integers(1, len(melds) - 1))
    start = Position(Table.of(melds[:laid]), tuple(card for meld in melds[laid:] for card in meld))
    end = Position(Table.of(melds), ())
    assert check_turn(start, end, rules).valid
    dropped = Table.of([melds[0][1:], *melds[1:laid]])
    lost = check_turn(start, Position(dropped, (*start.hand, melds[0][0])), rules)
    assert "table_card_missing" in [problem.flag for problem in lost.problems]
    assert Counter(start.all_cards()) == Counter(end.all_cards())
