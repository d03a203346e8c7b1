"""The solver: exact counts on known positions, agreement with brute force, valid and conserving answers."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from machiavelli_kit.core.cards import JOKER, Card, Suit, parse_card
from machiavelli_kit.core.goal import Goal
from machiavelli_kit.core.melds import check_meld, check_shape
from machiavelli_kit.core.position import Position, Table, check_turn
from machiavelli_kit.core.random_positions import random_position, random_table
from machiavelli_kit.core.rules import BGA, Rules
from machiavelli_kit.solver import SolverError, SolverInputError, program, search, solve
from machiavelli_kit.solver.matching import match_melds
from machiavelli_kit.solver.steps import apply_move, card_said, moves_between
from machiavelli_kit.solver.templates import TemplateArrays, card_at, meld_shape, templates
from tests.brute_force import best_play

VARIANTS = [
    BGA,
    Rules(wrap=True),
    Rules(ace_high=False),
    Rules(jokers=2),
    Rules(jokers=1, wrap=True),
    Rules(max_cards_per_turn=2),
    Rules(decks=3),
    Rules(wrap="unlimited"),
    Rules(jokers=1, wrap="unlimited"),
]
GOALS = ["max", "close", "card"]


def small_world(rng: random.Random, rules: Rules) -> Position:
    """A position on a few ranks and suits, where hand and table cards really interact."""
    ranks = rng.sample([1, 2, 3, 4, 5, 11, 12, 13], 4)
    suits = rng.sample(list(Suit), 3)
    supply = Counter({Card(rank, suit): rules.decks for rank in ranks for suit in suits})
    if rules.jokers:
        supply[JOKER] = rules.jokers
    table = random_table(rng, rules, rng.randint(3, 6), supply)
    rest = sorted(supply.elements())
    hand = rng.sample(rest, min(len(rest), rng.randint(1, 3)))
    return Position(table, tuple(hand))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS))
def test_agrees_with_brute_force_on_small_positions(seed: int, variant: Rules) -> None:
    position = small_world(random.Random(seed), variant)
    solution = solve(position, variant)
    expected_play, expected_par = best_play(position, variant)
    assert solution.max_play == expected_play
    assert solution.feasible == (expected_play > 0)
    if solution.feasible:
        assert solution.par == expected_par


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS))
def test_highs_branch_and_cut_agrees_with_brute_force_too(seed: int, variant: Rules) -> None:
    """The search hands every fractional program straight to HiGHS: the fallback is exact as well."""
    position = small_world(random.Random(seed), variant)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "SEARCH_BUDGET", 0)
        solution = solve(position, variant)
    expected_play, expected_par = best_play(position, variant)
    assert (solution.max_play, solution.par if solution.feasible else 0) == (expected_play, expected_par)


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS), goal=st.sampled_from(["max", "close", "card"])
)
def test_search_and_branch_and_cut_agree_on_larger_positions(seed: int, variant: Rules, goal: str) -> None:
    rng = random.Random(seed)
    position = random_position(rng, variant, table_cards=rng.choice([30, 60]), hand_size=rng.choice([6, 12]))
    target = rng.choice(position.hand) if goal == "card" else goal
    found = solve(position, variant, target)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "SEARCH_BUDGET", 0)
        again = solve(position, variant, target)
    assert (found.feasible, found.par if found.feasible else 0) == (again.feasible, again.par if again.feasible else 0)
    if goal != "card":  # a card goal asks for the lowest par, whatever the number of cards
        assert found.max_play == again.max_play


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS), size=st.sampled_from([10, 25, 45]))
def test_answers_are_valid_turns_that_keep_every_card(seed: int, variant: Rules, size: int) -> None:
    position = random_position(random.Random(seed), variant, table_cards=size, hand_size=6)
    solution = solve(position, variant)
    if not solution.feasible:
        assert solution.table == position.table and solution.played == ()
        return
    assert check_turn(position, solution.end_position, variant).valid
    assert solution.table.cards() == position.table.cards() + Counter(solution.played)
    assert Counter(solution.hand) + Counter(solution.played) == Counter(position.hand)
    assert solution.max_play <= (variant.max_cards_per_turn or 99)
    _, changed = match_melds(position.table, solution.table, variant)
    assert changed == solution.changed  # par agrees with the independent matching


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS))
def test_moves_lead_from_the_start_table_to_the_solution(seed: int, variant: Rules) -> None:
    position = random_position(random.Random(seed), variant, table_cards=20, hand_size=5)
    solution = solve(position, variant)
    melds = [list(meld.cards) for meld in position.table.melds]
    hand = list(position.hand)
    for move in solution.moves:
        apply_move(melds, hand, move)
        assert move.text.startswith(card_said(move.card))
    assert Table.of(meld for meld in melds if meld) == solution.table
    assert sorted(hand) == sorted(solution.hand)
    hand_moves = sum(1 for move in solution.moves if move.source is None)
    assert hand_moves == solution.max_play
    counted = [move for move in solution.moves if move.source is None or not move.card.is_joker]
    assert len(counted) == solution.par  # table jokers count neither as kept nor as changed


@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(st.integers(0, 51), min_size=1, max_size=13),
    same_suit=st.booleans(),
    variant=st.sampled_from(
        [BGA, Rules(wrap=True), Rules(ace_high=False), Rules(ace_high=False, wrap=True), Rules(wrap="unlimited")]
    ),
)
def test_the_template_index_agrees_with_the_validator(cards: list[int], same_suit: bool, variant: Rules) -> None:
    """Shapes of melds without jokers come from the templates: the same kind and order as the validator."""
    meld = tuple(card_at(card % 13 if same_suit else card) for card in cards)
    verdict = check_shape(meld, variant)
    kind, arranged = meld_shape(meld, variant)
    assert kind == verdict.kind
    if kind is not None:
        assert arranged == verdict.arranged


@pytest.mark.parametrize(
    "variant",
    [BGA, Rules(wrap=True), Rules(ace_high=False), Rules(ace_high=False, wrap=True), Rules(wrap="unlimited", decks=3)],
)
def test_every_template_is_a_meld(variant: Rules) -> None:
    """The solver checks its answers by templates, not by the validator: each template must be a meld."""
    for template in templates(variant):
        assert check_meld(template.cards(), variant).valid, template


@settings(max_examples=300, deadline=None)
@given(
    data=st.data(),
    variant=st.sampled_from(
        [
            Rules(jokers=4),
            Rules(jokers=4, wrap=True),
            Rules(jokers=4, ace_high=False),
            Rules(jokers=4, wrap="unlimited"),
        ]
    ),
)
def test_a_template_with_jokers_in_any_slots_is_a_meld(data: st.DataObject, variant: Rules) -> None:
    """Whichever slots of a template jokers fill, it stays a meld."""
    template = data.draw(st.sampled_from(templates(variant)))
    jokers = data.draw(st.lists(st.booleans(), min_size=len(template.slots), max_size=len(template.slots)))
    meld = tuple(JOKER if joker else card for card, joker in zip(template.cards(), jokers, strict=True))
    assert check_meld(meld, variant).valid


def test_an_answer_that_breaks_a_rule_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver's own check of its answer: a final table that loses a table card is a SolverError."""
    original = program._join_runs

    def drop_a_meld(melds: list[program.FinalMeld], arrays: TemplateArrays) -> list[program.FinalMeld]:
        return original(melds, arrays)[1:]

    monkeypatch.setattr(program, "_join_runs", drop_a_meld)
    with pytest.raises(SolverError, match="a table card is missing"):
        solve(Position.parse("5S 5H 5D | 6H 7H 8H", "9H"))


def test_a_meld_said_to_fill_another_template_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check reads each final meld's cards against its template, also when they are a template's own cards."""
    original = program._join_runs

    def mislabel(melds: list[program.FinalMeld], arrays: TemplateArrays) -> list[program.FinalMeld]:
        joined = original(melds, arrays)
        origin, template, _cards = joined[0]
        return [(origin, template, arrays.cards[template + 1]), *joined[1:]]

    monkeypatch.setattr(program, "_join_runs", mislabel)
    with pytest.raises(SolverError, match="does not fill its template"):
        solve(Position.parse("5S 5H 5D | 6H 7H 8H", "9H"))


def test_close_goal_needs_the_whole_hand() -> None:
    position = Position.parse("4C 5C 6C", "3C 7C 8C")
    assert solve(position, goal="close").max_play == 3
    blocked = Position.parse("4C 5C 6C", "3C 7C 9H")
    assert not solve(blocked, goal="close").feasible
    assert solve(blocked).max_play == 2


def test_card_goal_plays_that_card_and_as_little_else_as_possible() -> None:
    position = Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H 9H")
    solution = solve(position, goal="4H")
    assert parse_card("4H") in solution.played
    assert solution.max_play == 1
    assert solve(position, goal=parse_card("9H")).played == (parse_card("9H"),)


def test_goals_are_read_by_goal_parse_and_stored_as_goals() -> None:
    position = Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H 9H")
    for goal in ("play:4H", "PLAY-4h", "4h", parse_card("4H"), Goal.parse("play:4H")):
        solution = solve(position, goal=goal)
        assert solution.goal == Goal.parse("play:4H") and solution.max_play == 1
    decided = solve(position, goal="Decide")
    assert decided.goal == Goal.DECIDE
    assert (decided.max_play, decided.par) == (solve(position, goal="max").max_play, solve(position).par)
    assert solve(position).goal == Goal.MAX


def test_rules_may_be_given_as_a_rules_string() -> None:
    position = Position.parse("QH KH AH", "2H")
    solution = solve(position, "bga(wrap=true)")
    assert solution.max_play == 1 and solution.rules == Rules(wrap=True)


def test_cap_on_cards_per_turn_is_respected() -> None:
    position = Position.parse("", "AS 2S 3S 4S 5S 6S")
    assert not solve(position, Rules(max_cards_per_turn=2)).feasible
    assert solve(position, Rules(max_cards_per_turn=4)).max_play == 4
    assert solve(position, Rules(max_cards_per_turn=5)).max_play == 5
    assert solve(position, Rules(max_cards_per_turn=None)).max_play == 6


def test_jokers_on_the_table_may_be_taken_back_and_reused() -> None:
    position = Position.parse("5H JK 7H", "6H 9S 10S")
    solution = solve(position, Rules(jokers=1))
    assert solution.max_play == 3
    assert check_turn(position, solution.end_position, Rules(jokers=1)).valid


def test_wrap_changes_the_answer() -> None:
    position = Position.parse("QH KH AH", "2H")
    assert solve(position, Rules(wrap=False)).max_play == 0
    assert solve(position, Rules(wrap=True)).max_play == 1


def test_ace_high_changes_the_answer() -> None:
    position = Position.parse("JH QH KH", "AH")
    assert solve(position, Rules(ace_high=True)).max_play == 1
    assert solve(position, Rules(ace_high=False)).max_play == 0


@pytest.mark.parametrize(
    ("hand", "goal", "message"),
    [
        ("8H", "9H", "not in the hand"),
        ("8H", "sometimes", "is not a goal"),
        ("8H", "play:11H", "is not a goal"),
        ("8H", "play:JK", "not in the hand"),
    ],
)
def test_bad_goals_are_named(hand: str, goal: str, message: str) -> None:
    with pytest.raises(SolverInputError, match=message):
        solve(Position.parse("5S 5H 5D", hand), goal=goal)


def test_impossible_supply_is_refused() -> None:
    with pytest.raises(SolverInputError, match="there are three 5♠ here"):
        solve(Position.parse("5S 5H 5D | 5S 6S 7S", "5S"))
    with pytest.raises(SolverInputError, match="jokers"):
        solve(Position.parse("5S 5H 5D", "JK"))
    for table, hand in [("5S 5H 5D | 5S 5H 5D | 5S 5H 5C", "KD"), ("5H 5D 5C", "5S 5S 5S")]:  # table or hand alone
        with pytest.raises(SolverInputError, match="there are three 5♠ here"):
            solve(Position.parse(table, hand))
    assert solve(Position.parse("5S 5H 5D | 5S 6S 7S", "8S")).feasible  # two of a card: both decks'


def test_moves_between_a_stored_answer_tell_the_documents_chain() -> None:
    start = Position.parse("7D 7H 7C | 8D 9D 10D | 10H 10C 10S | JH QH KH", "9H 7S")
    answer = Table.parse("9H 10H JH QH KH | 10D 10C 10S | 7S 7H 7C | 7D 8D 9D")
    moves = moves_between(start, answer)
    assert [move.text for move in moves] == [
        "7♠ from the hand joins the sevens and frees 7♦",
        "7♦ joins the diamond run and frees 10♦",
        "10♦ joins the tens and frees 10♥",
        "10♥ joins the heart run",
        "9♥ from the hand joins the heart run",
    ]
    melds = [list(meld.cards) for meld in start.table.melds]
    hand = list(start.hand)
    for move in moves:
        apply_move(melds, hand, move)
    assert Table.of(melds) == answer and hand == []
