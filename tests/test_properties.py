"""Properties over many random melds, texts, rules and turns (hypothesis)."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from machiavelli_kit.core.cards import (
    JOKER,
    RANKS,
    SUITS,
    Card,
    format_card,
    format_cards,
    format_table,
    parse_card,
    parse_cards,
    parse_table,
)
from machiavelli_kit.core.melds import ProblemKind, check_meld
from machiavelli_kit.core.position import Position, Table, check_turn
from machiavelli_kit.core.rules import PRESET_NAMES, SCORING_CHOICES, STOCK_OUT_CHOICES, Rules, preset
from tests.meld_oracle import meld_kinds, rank_lines

naturals = st.builds(Card, st.sampled_from(RANKS), st.sampled_from(SUITS))
cards = naturals | st.just(JOKER)
rules_variants = st.builds(Rules, jokers=st.integers(0, 2), ace_high=st.booleans(), wrap=st.booleans())
Case = tuple[Rules, str, tuple[Card, ...]]


@st.composite
def sets(draw: st.DrawFn) -> list[Card]:
    rank = draw(st.sampled_from(RANKS))
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=3, max_size=4, unique=True))
    return [Card(rank, suit) for suit in suits]


@st.composite
def runs(draw: st.DrawFn, rules: Rules) -> list[Card]:
    """A run by the rules: ace low, ace high when allowed, around the corner when wrap."""
    suit = draw(st.sampled_from(SUITS))
    length = draw(st.integers(3, 13))
    top = 13 if rules.wrap else (14 if rules.ace_high else 13) - length + 1
    start = draw(st.integers(1, top))  # 1 = the ace; start + offset past 13 wraps (or is the high ace)
    return [Card((start + offset - 1) % 13 + 1, suit) for offset in range(length)]


@st.composite
def melds_by_the_rules(draw: st.DrawFn, rules: Rules | None = None) -> Case:
    rules = rules if rules is not None else draw(rules_variants)
    kind = draw(st.sampled_from(["set", "run"]))
    meld = draw(sets()) if kind == "set" else draw(runs(rules))
    for index in draw(st.lists(st.integers(0, len(meld) - 1), max_size=rules.jokers, unique=True)):
        meld[index] = JOKER
    return rules, kind, tuple(draw(st.permutations(meld)))


@given(melds_by_the_rules())
def test_any_meld_built_by_the_rules_validates(case: Case) -> None:
    rules, kind, meld = case
    verdict = check_meld(meld, rules)
    assert verdict.valid, verdict.explain()
    assert verdict.problems == ()
    if sum(not card.is_joker for card in meld) >= 2:
        assert verdict.kind == kind  # two natural cards settle whether it is a set or a run
    else:
        assert verdict.kind in ("set", "run")
    assert Counter(verdict.arranged) == Counter(meld)
    assert len(verdict.jokers_as) == meld.count(JOKER)
    # Put each joker's stand-in in its place: the result is a meld without jokers.
    stand_ins = iter(verdict.jokers_as)
    filled = tuple(next(stand_ins) if card.is_joker else card for card in verdict.arranged)
    assert verdict.kind in meld_kinds(filled, rules.replace(jokers=0))
    if verdict.kind == "run":
        assert [card.rank for card in filled] in rank_lines(len(filled), rules)


@given(melds_by_the_rules(), st.data())
def test_replacing_a_card_by_one_that_breaks_the_meld_is_caught(case: Case, data: st.DataObject) -> None:
    rules, _, meld = case
    index = data.draw(st.integers(0, len(meld) - 1))
    replacement = data.draw(cards)
    broken = (*meld[:index], replacement, *meld[index + 1 :])
    verdict = check_meld(broken, rules)
    assert verdict.valid == bool(meld_kinds(broken, rules)), verdict.explain()
    if not verdict.valid:
        assert verdict.kind is None and verdict.problems
        assert all(problem.flag and problem.message for problem in verdict.problems)


@given(melds_by_the_rules(), st.integers(0, 2), st.data())
def test_fewer_than_three_cards_are_too_short(case: Case, keep: int, data: st.DataObject) -> None:
    rules, _, meld = case
    kept = data.draw(st.permutations(meld))[:keep]
    assert ProblemKind.TOO_SHORT in check_meld(kept, rules).flags


@given(melds_by_the_rules(), st.data())
def test_a_duplicated_card_is_caught(case: Case, data: st.DataObject) -> None:
    rules, _, meld = case
    known = [card for card in meld if not card.is_joker]
    assume(known)
    copy = data.draw(st.sampled_from(known))
    position = data.draw(st.integers(0, len(meld)))
    broken = (*meld[:position], copy, *meld[position:])
    verdict = check_meld(broken, rules)
    assert not verdict.valid
    assert ProblemKind.IDENTICAL_CARDS in verdict.flags


@given(cards)
def test_card_round_trip(card: Card) -> None:
    assert parse_card(format_card(card)) == card
    assert parse_card(format_card(card, unicode=True)) == card
    assert parse_card(format_card(card).lower()) == card
    assert parse_card(card.code) == card and parse_card(str(card)) == card
    assert eval(repr(card), {"Card": Card}) == card


@given(st.lists(cards, max_size=20), st.booleans(), st.sampled_from([" ", ", ", ",", "  "]))
def test_card_list_round_trip(hand: list[Card], unicode: bool, separator: str) -> None:
    text = format_cards(hand, unicode=unicode)
    assert list(parse_cards(text)) == hand
    assert list(parse_cards(separator.join(text.split()))) == hand
    assert format_cards(parse_cards(text), unicode=unicode) == text


@given(st.lists(st.lists(cards, min_size=1, max_size=6), max_size=6), st.booleans())
def test_table_round_trip(melds: list[list[Card]], unicode: bool) -> None:
    text = format_table(melds, unicode=unicode)
    assert [list(meld) for meld in parse_table(text)] == melds
    assert format_table(parse_table(text), unicode=unicode) == text
    table = Table.of(melds)
    assert Table.parse(table.notation()) == table
    assert eval(repr(table), {"Table": Table}) == table


rules_overrides = st.fixed_dictionaries(
    {},
    optional={
        "decks": st.integers(1, 8),
        "jokers": st.integers(0, 16),
        "hand_size": st.integers(1, 52),
        "ace_high": st.booleans(),
        "wrap": st.booleans(),
        "max_cards_per_turn": st.none() | st.integers(1, 200),
        "restore_penalty": st.integers(0, 20),
        "stock_out": st.sampled_from(STOCK_OUT_CHOICES),
        "scoring": st.sampled_from(SCORING_CHOICES),
        "attach_before_laying": st.booleans(),
    },
)


@given(st.sampled_from(PRESET_NAMES), rules_overrides)
def test_rules_string_round_trip(name: str, overrides: dict[str, object]) -> None:
    rules = preset(name, **overrides)
    text = str(rules)
    again = Rules.parse(text)
    assert again == rules and again.preset == name and str(again) == text
    assert eval(repr(rules), {"Rules": Rules}) == rules
    assert set(rules.overrides()) <= set(overrides)
    for key, value in overrides.items():
        assert getattr(again, key) == value
        assert (key in rules.overrides()) == (value != getattr(preset(name), key))


@st.composite
def turns(draw: st.DrawFn) -> tuple[Rules, Position, Position]:
    """A valid table, and a turn that adds hand cards to it: new melds, and cards at the ends of runs."""
    rules = Rules(jokers=2, wrap=draw(st.booleans()), decks=8, max_cards_per_turn=None)
    cases = draw(st.lists(melds_by_the_rules(rules), min_size=1, max_size=5))
    jokers_left = rules.jokers
    start_melds: list[list[Card]] = []
    end_melds: list[list[Card]] = []
    hand: list[Card] = []
    for _, kind, meld in cases:
        jokers = meld.count(JOKER)
        if jokers > jokers_left:
            continue
        jokers_left -= jokers
        arranged = list(check_meld(meld, rules).arranged)
        choice = draw(st.sampled_from(["keep", "new", "extend"]))
        if choice == "new":
            hand += arranged
        elif choice == "extend" and len(arranged) > 3:
            # runs may lose cards at either end, sets any card: what stays is still a meld
            cut = draw(st.integers(1, len(arranged) - 3))
            at_start = kind == "run" and draw(st.booleans())
            kept = arranged[cut:] if at_start else arranged[:-cut]
            hand += arranged[:cut] if at_start else arranged[-cut:]
            start_melds.append(kept)
        else:
            start_melds.append(arranged)
        end_melds.append(arranged)
    assume(hand and start_melds)
    extra = draw(st.lists(naturals, max_size=3))  # cards that stay in the hand
    start = Position(Table.of(draw(st.permutations(start_melds))), (*hand, *extra))
    end = Position(Table.of(draw(st.permutations(end_melds))), tuple(extra))
    return rules, start, end


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])  # a busy machine must not fail it
@given(turns(), st.data())
def test_turns_that_add_hand_cards_are_accepted_and_dropping_a_table_card_is_not(
    turn: tuple[Rules, Position, Position], data: st.DataObject
) -> None:
    rules, start, end = turn
    verdict = check_turn(start, end, rules)
    assert verdict.valid, verdict.explain()
    assert Counter(verdict.played) == end.table.cards() - start.table.cards()
    assert len(verdict.played) == len(start.hand) - len(end.hand) > 0
    # Drop one card that was on the table at the start, into the hand or off the table altogether.
    # (A card also played from the hand is left alone: its identical copy would take its place.)
    candidates = sorted(card for card in start.table.cards() if card not in verdict.played)
    assume(candidates)
    dropped = data.draw(st.sampled_from(candidates))
    melds = [list(meld.cards) for meld in end.table]
    holder = next(meld for meld in melds if dropped in meld)
    holder.remove(dropped)
    into_hand = data.draw(st.booleans())
    cheat = Position(Table.of(meld for meld in melds if meld), (*end.hand, dropped) if into_hand else end.hand)
    lost = check_turn(start, cheat, rules)
    assert not lost.valid
    assert ProblemKind.TABLE_CARD_MISSING in [problem.flag for problem in lost.problems]
