"""wrap=unlimited (document 001): a run goes on past the ace from the two again, as long as the decks
last, so with two decks one run may hold both copies of a card. The rules string, the validator and
its words, the solver (answer, par and moves), the hints, the puzzle files and the game all know it."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.core.cards import Card, Suit, parse_cards
from machiavelli_kit.core.melds import Meld, ProblemKind, check_meld
from machiavelli_kit.core.position import Position, Table, check_table, check_turn
from machiavelli_kit.core.rules import Rules, RulesError
from machiavelli_kit.core.rules_words import rules_text
from machiavelli_kit.game.actions import IllegalAction, Play
from machiavelli_kit.game.deal import arranged_deal
from machiavelli_kit.game.session import Game
from machiavelli_kit.practice.hints import hint_ladder
from machiavelli_kit.puzzles.format import loads
from machiavelli_kit.puzzles.position_id import parse_position_id
from machiavelli_kit.puzzles.verify import verify
from machiavelli_kit.solver import solve
from machiavelli_kit.solver.matching import match_melds
from machiavelli_kit.solver.steps import apply_move

UNLIMITED = Rules.parse("bga(wrap=unlimited)")
WRAP = Rules.parse("bga(wrap=true)")
ISSUE_RUN = "JH QH KH AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
"""The issue's example: seventeen hearts, J♥ Q♥ K♥ A♥ twice, one run."""
ACE_TO_KING = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"


def test_the_rules_string_reads_and_writes_unlimited() -> None:
    assert UNLIMITED.wrap == "unlimited" and str(UNLIMITED) == "bga(wrap=unlimited)"
    assert Rules.parse("bga(wrap=Unlimited)") == UNLIMITED and Rules.parse(str(UNLIMITED)) == UNLIMITED
    assert (UNLIMITED.run_limit(), WRAP.run_limit(), UNLIMITED.replace(decks=3).run_limit()) == (26, 13, 39)
    with pytest.raises(RulesError, match="wrap must be true, false or unlimited, not 'always'"):
        Rules.parse("bga(wrap=always)")
    assert rules_text(UNLIMITED) == "Board Game Arena rules, with runs may go round and round (J Q K A 2 ... K A)"


@pytest.mark.parametrize(
    ("cards", "unlimited", "wrap"),
    [
        (ISSUE_RUN, "run", None),
        ("KH AH 2H", "run", "run"),
        (ACE_TO_KING + " AH", "run", None),
        ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "run", None),
        ("5H 6H 5H", None, None),
        ("5H 6H 7H 5H", None, None),
        ("5H 5H 5S", None, None),
        ("QH KH 2H", None, None),
    ],
)
def test_runs_round_and_round_validate_only_under_unlimited(
    cards: str, unlimited: str | None, wrap: str | None
) -> None:
    assert Meld.parse(cards).check(UNLIMITED).kind == unlimited
    assert Meld.parse(cards).check(WRAP).kind == wrap


def test_the_validator_says_why_a_run_round_and_round_is_not_one() -> None:
    twice = Meld.parse("5H 6H 7H 5H").check(UNLIMITED)
    assert twice.flags == (ProblemKind.IDENTICAL_CARDS,)
    assert twice.explain() == (
        "5♥ 6♥ 7♥ 5♥: there are two 5♥ here, but a run holds a card again only when it has gone all the way "
        "round, thirteen cards on; take out one 5♥ to make 5♥ 6♥ 7♥ a run"
    )
    long = Meld.parse(ACE_TO_KING + " " + ACE_TO_KING + " AH").check(UNLIMITED)
    assert long.flags == (ProblemKind.TOO_MANY_CARDS,)
    assert long.problems[0].message == (
        "a run holds at most 26 cards, every card of its suit in the decks, and this one has 27"
    )
    gap = Meld.parse("QH KH 2H").check(UNLIMITED)
    assert gap.explain() == (
        "Q♥ K♥ 2♥: a run needs cards in a row, and A♥ is missing between K♥ and 2♥; add A♥ to make Q♥ K♥ A♥ 2♥ a run"
    )
    assert (
        Meld.parse("5H 6H 7H 5H")
        .check(WRAP)
        .explain()
        .startswith("5♥ 6♥ 7♥ 5♥: there are two 5♥ here, but a run holds each card only once")
    )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("it", "5♥ 6♥ 7♥ 5♥: 5♥ c'è 2 volte, ma una scala ripete una carta solo dopo aver fatto tutto il giro"),
        (
            "pl",
            "5♥ 6♥ 7♥ 5♥: 5♥ jest tu 2 razy, a sekwens może mieć tę samą kartę drugi raz dopiero po pełnym okrążeniu",
        ),
    ],
)
def test_the_validator_s_words_for_runs_round_and_round_are_translated(lang: str, expected: str) -> None:
    text = Meld.parse("5H 6H 7H 5H").check(UNLIMITED, lang=lang).explain()
    assert text.startswith(expected) and "thirteen" not in text
    long = Meld.parse(ACE_TO_KING + " " + ACE_TO_KING + " AH").check(UNLIMITED, lang=lang).explain()
    assert "26" in long and "every card" not in long


def test_a_joker_stands_for_a_card_of_the_second_time_round() -> None:
    verdict = Meld.parse("JH QH KH AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JK QH").check(UNLIMITED.replace(jokers=2))
    assert verdict.kind == "run" and verdict.jokers_as == parse_cards("JH")
    assert [card.code for card in verdict.arranged][-3:] == ["10H", "JK", "QH"]


def test_a_joker_after_a_whole_suit_stands_for_its_first_card_again() -> None:
    verdict = Meld.parse(ACE_TO_KING + " JK").check(UNLIMITED.replace(jokers=1))
    assert verdict.kind == "run" and verdict.jokers_as == parse_cards("AH")
    assert verdict.arranged[-1].is_joker and verdict.arranged.count(parse_cards("AH")[0]) == 1


def test_a_table_may_hold_both_copies_in_one_run_but_no_third() -> None:
    assert check_table(ISSUE_RUN, UNLIMITED).valid and not check_table(ISSUE_RUN, WRAP).valid
    assert not check_table(f"{ISSUE_RUN} | AH 2H 3H", UNLIMITED).valid  # a third A♥


def solved(table: str, hand: str, rules: Rules) -> tuple[int, int, str]:
    found = solve(Position.parse(table, hand), rules)
    return found.max_play, found.par if found.feasible else 0, found.table.notation()


def test_the_solver_plays_past_the_ace_again_and_keeps_the_run_whole() -> None:
    """Under wrap=true the ace must start a run of its own (moving Q♥ and K♥); under unlimited it
    just goes on the end of the run."""
    assert solved(ACE_TO_KING, "AH", UNLIMITED) == (1, 1, ACE_TO_KING + " AH")
    assert solved(ACE_TO_KING, "AH", WRAP)[:2] == (1, 3)
    assert solved(ISSUE_RUN[: -len(" JH QH KH AH")], "JH QH KH AH", UNLIMITED)[:2] == (4, 4)
    assert solved("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2H | 5S 5C 5D", "3H 5H", UNLIMITED)[:2] == (2, 2)


@pytest.mark.parametrize("seed", range(8))
def test_long_runs_answers_are_valid_turns_with_par_and_moves_that_agree(seed: int) -> None:
    """Positions with runs round and round: each answer is a valid turn, its par is the independent
    matching's, and its moves lead from the start table to it."""
    import random

    from machiavelli_kit.core.random_positions import random_position

    rules = UNLIMITED.replace(jokers=seed % 2)
    position = random_position(random.Random(seed), rules, table_cards=40, hand_size=6)
    found = solve(position, rules)
    if not found.feasible:
        return
    assert check_turn(position, found.end_position, rules).valid
    assert match_melds(position.table, found.table, rules)[1] == found.changed
    melds, hand = [list(meld.cards) for meld in position.table.melds], list(position.hand)
    for move in found.moves:
        apply_move(melds, hand, move)
    assert Table.of(meld for meld in melds if meld) == found.table


def test_the_hint_ladder_speaks_of_the_run_round_and_round() -> None:
    ladder = hint_ladder(Position.parse(ACE_TO_KING, "AH 9S"), UNLIMITED)
    assert ladder.rungs[0] == "You can play 1 card."
    assert ladder.rungs[-1] == "The solution: A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥."


PUZZLE = """
[chapter]
title = "Round and round"

[[puzzle]]
id = "round-1"
title = "Once more round"
source = "a test"
rules = "bga(wrap=unlimited)"
table = [["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]]
hand = ["AH", "9S"]
goal = "max"
answer = 1
solution = [["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"]]
par = 1
grade = "extend"
"""


def test_a_puzzle_file_may_say_wrap_unlimited() -> None:
    puzzle = loads(PUZZLE, "puzzles/round.toml").puzzles[0]
    assert puzzle.rules == UNLIMITED
    assert verify(puzzle).technique == "extend"
    shared = parse_position_id("bga.wrap-unlimited~AH.2H.3H.4H.5H.6H.7H.8H.9H.10H.JH.QH.KH~AH.9S")
    assert shared.rules == UNLIMITED and solve(shared.position, shared.rules).max_play == 1


def test_the_game_lets_a_run_go_round_only_under_unlimited() -> None:
    for rules, allowed in ((UNLIMITED, True), (WRAP, False)):
        deal = arranged_deal(rules, [parse_cards("AH 2H 9S"), parse_cards("2S 2D 3C")], table=Table.parse(ACE_TO_KING))
        game = Game(rules, ["Ann", "Bob"], deal, dealer=1)
        play = Play(Table.parse(ACE_TO_KING + " AH 2H"))
        if allowed:
            assert game.play(play).played == parse_cards("AH 2H") and Counter(game.hand(0)) == Counter(
                parse_cards("9S")
            )
        else:
            with pytest.raises(IllegalAction, match="A♥ and 2♥ are each here more than once"):
                game.play(play)


def round_window(start: int, length: int) -> list[int]:
    """The ranks of a run round and round from ``start`` (1 is the ace)."""
    return [(start - 1 + offset) % 13 + 1 for offset in range(length)]


@settings(max_examples=300, deadline=None)
@given(
    start=st.integers(1, 13),
    length=st.integers(3, 26),
    change=st.sampled_from(["none", "drop", "swap", "add"]),
    data=st.data(),
)
def test_the_validator_agrees_with_windows_round_the_suit(
    start: int, length: int, change: str, data: st.DataObject
) -> None:
    """A meld of one suit is a run under unlimited exactly when its ranks, each as many times as
    they are there, are the ranks of some window round and round the suit."""
    ranks = round_window(start, length)
    if change == "drop":
        del ranks[data.draw(st.integers(0, len(ranks) - 1))]
    elif change == "swap":
        ranks[data.draw(st.integers(0, len(ranks) - 1))] = data.draw(st.integers(1, 13))
    elif change == "add":
        ranks.append(data.draw(st.integers(1, 13)))
    cards = tuple(Card(rank, Suit.HEARTS) for rank in data.draw(st.permutations(ranks)))
    counts = Counter(ranks)
    expected = (
        3 <= len(ranks) <= 26
        and max(counts.values()) <= 2
        and any(Counter(round_window(first, len(ranks))) == counts for first in range(1, 14))
    )
    verdict = check_meld(cards, UNLIMITED)
    assert verdict.valid == expected
    if expected:
        assert Counter(verdict.arranged) == Counter(cards) and verdict.kind == "run"
        assert Meld(verdict.arranged).check(UNLIMITED).arranged == verdict.arranged  # play order is kept
