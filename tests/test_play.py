"""The play session: moves and their limits, history, check, hints and solve, without widgets."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.practice.examples import example, worked_examples
from machiavelli_kit.practice.session import Place, PlayError, PlaySession, PlayState
from machiavelli_kit.puzzles.format import Puzzle

C = Card.parse


def session_of(identifier: str) -> PlaySession:
    item = example(identifier)
    return PlaySession(item.position, item.rules)


def all_cards(state: PlayState) -> Counter[Card]:
    return Counter([*(card for meld in state.melds for card in meld), *state.hand, *state.work])


def test_bga_1_by_hand_is_valid_and_says_so() -> None:
    session = session_of("bga-1")
    assert session.move(C("5H"), 0, 1)
    assert session.move(C("4H"), "hand", 1)
    report = session.check()
    assert report.valid and report.invalid_melds == () and report.played == (C("4H"),)
    assert report.text == "Valid: you played 1 card (4♥), your whole hand."


def test_a_valid_turn_that_plays_less_than_possible_says_how_many_could_be_played() -> None:
    session = session_of("bga-7")
    session.move(C("3C"), "hand", 0)
    report = session.check()
    assert report.valid and report.text.endswith("; 3 can be played here.")


def test_check_names_the_broken_melds_and_the_missing_play() -> None:
    session = session_of("it-4")
    session.move(C("5D"), 0, "new")
    report = session.check()
    assert not report.valid
    assert report.invalid_melds == (2,)
    assert "no card from the hand was played" in report.text
    assert "meld 3, 5♦: a meld needs at least three cards, and this one has only one" in report.text


def test_the_working_area_must_be_empty_at_the_end() -> None:
    session = session_of("it-4")
    session.move(C("5D"), 0, "work")
    session.move(C("5H"), "hand", "new")
    assert session.borrowed() == Counter([C("5D")])
    report = session.check()
    assert not report.valid
    assert report.text.startswith("Not valid yet: the working area still holds 5♦: put it on the table")
    assert "must stay there" not in report.text, "a card in the working area is not yet missing"
    session.move(C("5D"), "work", 2)
    session.move(C("5S"), 1, 2)
    assert session.check().valid and not session.borrowed()


def test_table_cards_never_go_to_the_hand_but_played_cards_may_return() -> None:
    session = session_of("bga-7")
    with pytest.raises(PlayError, match="was on the table at the start"):
        session.move(C("4C"), 0, "hand")
    session.move(C("3C"), "hand", 0)
    assert session.move(C("3C"), 0, "hand")
    assert session.state.hand == (C("3C"), C("7C"), C("8C"))
    assert session.played() == Counter()


@pytest.mark.parametrize(
    ("card", "source", "target", "message"),
    [
        ("3C", "hand", "work", "working area is for table cards"),
        ("9C", "hand", 0, "is not there"),
        ("4C", 3, 0, "there is no meld 4"),
        ("4C", "new", 0, "not from a new meld"),
    ],
)
def test_impossible_moves_are_refused_with_a_reason(card: str, source: Place, target: Place, message: str) -> None:
    session = session_of("bga-7")
    with pytest.raises(PlayError, match=message):
        session.move(C(card), source, target)
    assert not session.can_undo


def test_moves_that_change_nothing_are_not_recorded() -> None:
    session = session_of("it-1")
    assert not session.move(C("6S"), 0, 0)
    session.move(C("6S"), 0, "new")
    assert not session.move(C("6S"), 1, "new")
    assert session.state.melds == ((C("6H"), C("6C")), (C("6S"),))
    assert session.undo() and not session.undo()


def test_emptied_melds_disappear_and_new_melds_go_last() -> None:
    session = PlaySession(Position.parse("5S 5H 5D | 7H 8H 9H", "6H"))
    for card in ("5S", "5H", "5D"):
        session.move(C(card), 0, "new" if card == "5S" else 2)
    assert session.state.melds == ((C("7H"), C("8H"), C("9H")), (C("5S"), C("5H"), C("5D")))


def test_undo_redo_and_restore() -> None:
    session = session_of("bga-7")
    start = session.state
    session.move(C("3C"), "hand", 0)
    after_one = session.state
    session.move(C("7C"), "hand", 0)
    assert session.undo() and session.state == after_one
    assert session.redo() and not session.redo()
    assert session.restore() and session.state == start
    assert not session.restore()
    assert session.undo() and session.state.hand == (C("8C"),)
    session.undo()
    session.move(C("8C"), "hand", "new")
    assert not session.can_redo


def test_hints_climb_one_rung_per_press_and_restart_when_the_table_changes() -> None:
    session = session_of("bga-7")
    rungs = [session.hint() for _ in range(7)]
    assert [rung.split(":")[0] for rung in rungs] == [f"Hint {n} of 6" for n in (1, 2, 3, 4, 5, 6, 6)]
    assert rungs[0] == "Hint 1 of 6: You can play 3 cards: your whole hand."
    session.move(C("3C"), "hand", 0)
    assert session.hint().startswith("Hint 1 of 6")
    assert session.hint().startswith("Hint 2 of 6")


@pytest.mark.parametrize("item", [item for item in worked_examples() if item.solution], ids=lambda item: item.id)
def test_solve_plays_every_worked_example_move_by_move(item: Puzzle) -> None:
    session = PlaySession(item.position, item.rules)
    session.move(item.position.hand[0], "hand", "new")
    moves = session.solve()
    assert len(moves) == len(session.solution.moves) > 0
    report = session.check()
    assert report.valid and len(report.played) == session.solution.max_play
    assert Table.of(session.state.melds) == session.solution.table
    for _ in moves:
        session.undo()
    assert session.state == PlayState.of(item.position)


def test_solve_does_nothing_when_the_table_must_be_restored() -> None:
    session = session_of("bga-3")
    assert session.solve() == ()
    assert not session.can_undo
    assert session.hint() == "Hint 1 of 6: Before you move a card, ask: can anything be played here at all?"
    for _ in range(3):
        assert "no play" not in session.hint().lower(), "rungs 2 to 4 lead up to it without saying it"
    assert (
        session.hint()
        == "Hint 5 of 6: So there is no play. Do not touch the table: a player who cannot play draws 1 card."
    )
    last = session.hint()
    assert last.startswith("Hint 6 of 6: No play: no card from your hand can be played here, so you draw 1 card.")
    assert "draw 3 cards as the restore penalty" in last


@st.composite
def move_script(draw: st.DrawFn) -> tuple[str, list[tuple[int, int, int]]]:
    identifier = draw(st.sampled_from([item.id for item in worked_examples()]))
    steps = draw(st.lists(st.tuples(st.integers(0, 99), st.integers(0, 99), st.integers(0, 99)), max_size=25))
    return identifier, steps


@settings(max_examples=60, deadline=None)
@given(move_script())
def test_random_moves_keep_every_card_and_undo_returns_to_the_start(script: tuple[str, list[tuple[int, ...]]]) -> None:
    identifier, steps = script
    session = session_of(identifier)
    start_cards = all_cards(session.state)
    start_table = session.start.table.cards()
    made = 0
    for pick, goal, which in steps:
        state = session.state
        places: list[Place] = [*range(len(state.melds)), "hand", "work"]
        sources = [place for place in places if state.cards_at(place)]
        source = sources[pick % len(sources)]
        card = state.cards_at(source)[which % len(state.cards_at(source))]
        target = [*places, "new"][goal % (len(places) + 1)]
        try:
            made += session.move(card, source, target)
        except PlayError:
            assert session.state == state
        assert all_cards(session.state) == start_cards
        on_table = Counter(c for meld in session.state.melds for c in meld) + Counter(session.state.work)
        assert not start_table - on_table
    for _ in range(made):
        assert session.undo()
    assert session.state == PlayState.of(session.start)
