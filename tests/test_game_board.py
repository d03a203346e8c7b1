"""The game board driven headless through the game engine: set up, play, draw, restore,
computer turns (at once, and animated in an event loop), hot-seat hand-over, the end of a
deal, a match, the review, and the record downloaded and loaded again."""

from __future__ import annotations

import asyncio
import base64
import datetime
import re
import time
from collections import Counter

import pytest

from machiavelli_kit.core.cards import Card, parse_cards
from machiavelli_kit.game import IllegalAction, loads
from machiavelli_kit.game.flow import GameFlow, Seat
from machiavelli_kit.game.plans import best_play
from machiavelli_kit.ui.game_board import GameBoard
from machiavelli_kit.ui.game_ending import CELL
from machiavelli_kit.ui.seats import seats_text
from machiavelli_kit.ui.status import kind_of

SEED = 7
"""Seed 7 deals You 6♠ 6♥ 6♣ (a set to lay) and lets You start against Greedy."""
MAX_TURNS = 400
"""More turns than any of these games takes: a loop that reaches it is a bug, not a long game."""


def started(kinds: list[str], *, seed: int = SEED, names: list[str] | None = None, hints: bool = True) -> GameBoard:
    board = GameBoard(seed=seed)
    board.setup.choose(kinds, names)
    board.setup.hints.value = hints
    board.setup.start_button.click()
    assert board.errors == []
    return board


def lay(board: GameBoard, codes: str) -> None:
    """Lay ``codes`` from the hand as one new meld, card by card, as a drag does."""
    session = board.flow.session if board.flow else None
    assert session is not None
    for index, card in enumerate(parse_cards(codes)):
        session.move(card, "hand", "new" if index == 0 else len(session.state.melds) - 1)


def shown_hand(board: GameBoard) -> tuple[Card, ...]:
    assert board.position is not None
    return board.position.session.state.hand


def test_setup_shows_the_turn_the_stock_and_the_opponents_cards() -> None:
    board = started(["person", "greedy"])
    assert board.setup.box.layout.display == "none" and board.play_box.layout.display is None
    assert (
        board.flow is not None
        and seats_text(board.flow) == "Turn 1 · stock: 74 cards | ▶ You 15 cards | Greedy 15 cards"
    )
    assert board.status.value.startswith("Your turn: drag cards")
    assert board.flow is not None and board.position is not None
    assert shown_hand(board) == board.flow.game.hand(0)
    assert [label for label, button in board.position.buttons.items() if button.layout.display != "none"] == [
        "Undo",
        "Redo",
        "Check",
    ]


def test_a_play_then_the_computer_answers_in_words() -> None:
    board = started(["person", "greedy"])
    board.buttons["End turn"].click()
    assert board.status.value.startswith("Not valid yet: no card from the hand was played")
    assert board.flow is not None and board.flow.game.turns == []
    lay(board, "6S 6H 6C")
    board.buttons["End turn"].click()
    assert board.status.value.startswith("Your turn")
    assert board.lines[1] == "You played 3 cards (6♠ 6♥ 6♣). You have 12 cards left."
    assert board.lines[2] == "Greedy drew a card and has 16 cards now."
    assert board.flow.person_to_move and len(shown_hand(board)) == 12
    assert board.position is not None and board.position.session.state.melds == (tuple(parse_cards("6S 6H 6C")),)
    assert "Greedy 16 cards" in board.info.value and "stock: 73 cards" in board.info.value


def test_draw_refuses_while_cards_are_moved_and_restore_says_its_penalty_first() -> None:
    board = started(["person", "greedy"])
    lay(board, "6S 6H")
    board.buttons["Draw"].click()
    assert "You have moved cards" in board.status.value and board.flow is not None and not board.flow.game.turns
    assert kind_of(board.status) == "invalid"
    board.buttons["Restore"].click()
    assert "you draw 3 cards as the penalty" in board.status.value and not board.flow.game.turns
    assert kind_of(board.status) == "hint"
    board.buttons["Restore"].click()
    assert board.flow.game.turns[0].action == "restore"
    assert len(board.flow.game.hand(0)) == 18 and len(shown_hand(board)) == 18


def test_end_turn_refuses_an_invalid_table_and_says_why() -> None:
    board = started(["person", "greedy"])
    lay(board, "6S 6H")
    board.buttons["End turn"].click()
    assert board.status.value.startswith("Not valid yet") and "6♠ 6♥" in board.status.value
    assert board.flow is not None and board.flow.game.turns == []


def test_hint_during_the_turn_and_switched_off_by_the_teacher() -> None:
    board = started(["person", "greedy"])
    board.buttons["Hint"].click()
    assert board.status.value.startswith("Hint 1 of 6: You can play")
    quiet = started(["person", "greedy"], hints=False)
    assert quiet.buttons["Hint"].disabled
    assert quiet.flow is not None and quiet.flow.hint() == "Hints are switched off for this game."
    teacher = GameBoard(seed=SEED, hints=False)
    assert teacher.setup.hints.disabled and not teacher.setup.hints.value
    teacher.setup.start_button.click()
    assert teacher.flow is not None and not teacher.flow.hints and teacher.buttons["Hint"].disabled


def test_a_whole_game_to_its_end_then_review_and_the_record() -> None:
    board = started(["person", "greedy"])
    flow = board.flow
    assert flow is not None
    for _ in range(MAX_TURNS):
        if flow.game.over:
            break
        seat = flow.game.to_move
        assert seat == 0 and board.status.value.startswith("Your turn")
        play = best_play(flow.game.view(0))
        if play is None:
            board.buttons["Draw"].click()
        else:  # lay the solver's table card by card through the session, as drags would
            session = flow.session
            assert session is not None
            for move in session.solve():
                assert move.card in play.table.cards()
            board.buttons["End turn"].click()
        assert board.errors == []
    result = flow.game.result
    assert result is not None
    assert board.end_box.layout.display is None
    assert board.ending.value.startswith("<h3>") and flow.deal_end_text() in board.status.value
    for name, hand in zip(flow.names, result.hands, strict=True):
        assert f">{name}</td><td{CELL}>{' '.join(map(str, hand)) or 'none'}</td>" in board.ending.value
    assert all(button.disabled for button in board.buttons.values())
    board.review_button.click()
    assert re.search(r"You made the best move on (\d+) of \1 turns \(100%\)", board.review.value)
    link = re.search(r'href="data:application/json;base64,([^"]+)"', board.download.value)
    assert link is not None
    again = loads(base64.b64decode(link.group(1)).decode("utf-8"))
    assert again.turns == flow.game.turns and again.result == result


def load(board: GameBoard, record: str) -> None:
    """Load ``record`` on the board as the browser's file upload does."""
    content = memoryview(record.encode("utf-8"))
    when = datetime.datetime.now(datetime.UTC)
    board.upload.value = (
        {"name": "g.json", "type": "application/json", "size": len(content), "content": content, "last_modified": when},
    )


def test_a_loaded_record_shows_its_end_and_review() -> None:
    flow = GameFlow.new([Seat("Ann"), Seat("Greedy", computer="greedy")], "bga", seed=3)
    for _ in range(MAX_TURNS):
        if flow.game.over:
            break
        flow.draw() if flow.person_to_move else flow.computer_turn()
    board = GameBoard()
    load(board, flow.record())
    assert board.errors == [] and board.flow is not None
    assert board.flow.seats == (Seat("Ann"), Seat("Greedy", computer="greedy"))
    assert board.flow.game.turns == flow.game.turns and board.end_box.layout.display is None
    board.review_button.click()
    assert "Ann drew" in board.review.value and "<svg" in board.review.value


def test_a_person_named_greedy_or_expert_is_asked_for_moves_never_played_by_the_computer() -> None:
    flow = GameFlow.new([Seat("Greedy"), Seat("expert"), Seat("Bob", computer="greedy")], "bga", seed=SEED)
    assert flow.people == (0, 1) and flow.hot_seat
    asked = []
    for _ in range(9):  # three rounds: the people draw when asked, the computer plays its own turns
        seat = flow.game.to_move
        assert seat is not None
        if seat == 2:
            assert flow.computer_to_move and flow.situation() == "Bob is playing."
            assert flow.computer_turn().seat == 2
            continue
        name = flow.names[seat]
        assert flow.person_to_move and not flow.computer_to_move and flow.needs_handover
        assert flow.situation().startswith(f"{name}'s turn. Pass the screen to {name}")
        with pytest.raises(IllegalAction, match="not a computer player's turn"):
            flow.think()
        flow.take_over()
        assert flow.session is not None and flow.draw().ended
        asked.append(seat)
    assert sorted(set(asked)) == [0, 1] and len(asked) == 6


def test_the_setup_and_a_loaded_record_say_who_plays_each_seat_not_its_name() -> None:
    board = started(["person", "person", "greedy"], names=["Greedy", "expert", "Bob"])
    assert board.flow is not None
    assert board.flow.seats == (Seat("Greedy"), Seat("expert"), Seat("Bob", computer="greedy"))
    assert board.flow.needs_handover and board.table_area.children == (board.handover,)
    again = GameBoard()
    again.setup.choose(["person", "person", "greedy"])
    load(again, board.flow.record())
    assert again.errors == [] and again.flow is not None
    assert again.flow.seats == (Seat("Greedy"), Seat("expert"), Seat("Bob", computer="greedy"))
    assert again.flow.game.turns == board.flow.game.turns and again.flow.needs_handover
    bots = GameBoard()
    bots.setup.choose(["expert", "beginner", "person"])
    bots.setup.players.value = 2  # fewer rows shown than the record has players: its rows are shown
    load(bots, board.flow.record())
    assert bots.flow is not None and bots.setup.players.value == 3
    assert bots.flow.seats == (Seat("Greedy", computer="expert"), Seat("expert", computer="beginner"), Seat("Bob"))


def test_hot_seat_hides_the_hand_until_the_next_person_takes_the_screen() -> None:
    board = started(["person", "person", "beginner"], names=["Ann", "Bob", "Beginner"], seed=11)
    flow = board.flow
    assert flow is not None and flow.hot_seat
    for _ in range(4):  # Ann, Bob and the beginner in turn, whoever starts
        if flow.needs_handover:
            name = flow.names[flow.game.to_move or 0]
            assert board.table_area.children == (board.handover,)
            assert f"Pass the screen to {name}" in board.handover_text.value
            assert board.buttons["Draw"].disabled and shown_hand(board) == ()
            board.take_over.click()
        seat = flow.game.to_move
        assert seat is not None and flow.seats[seat].is_person
        assert board.table_area.children == (board.position.box,) if board.position else False
        assert shown_hand(board) == flow.game.hand(seat)
        board.buttons["Draw"].click()
        assert flow.viewer is None  # the hand is hidden as soon as the turn ends
    assert any(line.startswith("Beginner ") for line in board.lines)
    draws = [line for line in board.lines if line.startswith(("Ann drew", "Bob drew"))]
    assert draws and all(re.fullmatch(r"\w+ drew a card and has \d+ cards now\.", line) for line in draws)


def test_a_match_counts_points_over_deals() -> None:
    board = started(["person", "greedy"])
    board.setup.points.value = True
    board.new_game.click()
    board.setup.start_button.click()
    flow = board.flow
    assert flow is not None and flow.match is not None and "Deal 1" in board.info.value
    for _ in range(MAX_TURNS):
        if flow.game.over:
            break
        board.buttons["Draw"].click()
    end = flow.deal_end()
    assert end is not None and end.points is not None
    assert "points in deal 1" in board.ending.value and "match total" in board.ending.value
    if not end.match_over:
        assert board.next_deal.layout.display is None
        board.next_deal.click()
        assert len(flow.games) == 2 and "Deal 2" in board.info.value and board.end_box.layout.display == "none"


def test_computer_turns_animate_move_by_move_without_blocking_the_loop() -> None:
    async def game() -> tuple[list[int], int, float]:
        board = GameBoard(seed=SEED)
        board.setup.choose(["person", "greedy"])
        board.speed.value = 0.2
        board.setup.start_button.click()
        lay(board, "6S 6H 6C")
        board.buttons["End turn"].click()  # Greedy draws: one frame
        await asyncio.sleep(0)
        frames: list[int] = []
        assert board.position is not None
        board.position.redraw = lambda *_: frames.append(len(board.position.session.state.melds))  # type: ignore
        ticks = 0
        assert board.task is not None
        while not board.task.done():
            ticks += 1  # the loop keeps running other work while the computer plays
            await asyncio.sleep(0.01)
        # a longer game: let Greedy play a few turns, then skip the animation
        flow = board.flow
        assert flow is not None
        started_at = time.perf_counter()
        board.speed.value = 1.0
        for _ in range(6):
            board.buttons["Draw"].click()
            board.skip.click()
            assert board.task is not None
            await board.task
        return frames, ticks, time.perf_counter() - started_at

    frames, ticks, skipped = asyncio.run(game())
    assert frames and ticks > 5
    assert skipped < 6.0  # six turns at 1 s a move would take longer without Skip


@pytest.mark.parametrize("kind", ["random", "beginner", "expert"])
def test_every_computer_player_can_sit_at_the_board(kind: str) -> None:
    board = started(["person", kind])
    flow = board.flow
    assert flow is not None
    for _ in range(5):
        board.buttons["Draw"].click()
    assert board.errors == [] and any(line.startswith(kind.title()) for line in board.lines)


def test_setup_says_what_is_wrong_before_a_game_starts() -> None:
    board = GameBoard()
    board.setup.deal.value = "seven"
    board.setup.start_button.click()
    assert board.flow is None and board.setup_status.value.startswith("The deal number is a whole number such as 7")
    board.setup.deal.value = "7"
    board.setup.hand_size.value = 20
    board.setup.choose(["person", "greedy", "greedy", "greedy", "greedy", "greedy"])
    board.setup.start_button.click()
    assert board.flow is None and "cards" in board.setup_status.value
    board.setup.choose(["person", "greedy"])
    board.setup.start_button.click()
    assert board.flow is not None and board.flow.game.seed == 7 and board.setup_status.value == ""


def test_a_record_saved_with_a_byte_order_mark_loads() -> None:
    flow = GameFlow.new([Seat("Ann"), Seat("Greedy", computer="greedy")], "bga", seed=3)
    flow.draw() if flow.person_to_move else flow.computer_turn()
    board = GameBoard()
    load(board, "\ufeff" + flow.record())  # as Windows editors save UTF-8
    assert board.setup_status.value == "" and board.flow is not None and board.flow.game.turns == flow.game.turns


def test_a_file_that_is_not_a_record_is_refused_in_words() -> None:
    board = GameBoard()
    content = memoryview(b'{"rules": "bga"}')
    when = datetime.datetime.now(datetime.UTC)
    board.upload.value = (
        {"name": "x.json", "type": "", "size": len(content), "content": content, "last_modified": when},
    )
    assert board.flow is None and board.setup_status.value.startswith("This file is not a game saved from this board")


def test_helping_cards_lie_in_the_hand_row_and_join_a_new_meld() -> None:
    for seed in range(60):
        flow = GameFlow.new([Seat("You"), Seat("Greedy", computer="greedy")], "wikipedia(hand_size=6, helpers=4)", seed)
        play = best_play(flow.game.view(0)) if flow.person_to_move else None
        start = Counter(flow.game.table.melds)
        if play is None or not play.helpers or start - Counter(play.table.melds):
            continue  # wanted: a play that takes a helping card and only lays new melds
        hand, helpers = flow.game.hand(0), flow.game.helpers
        session = flow.session
        assert session is not None and sorted(session.start.hand) == sorted(hand + helpers)
        assert "The helping cards" in flow.situation()
        for meld in (Counter(play.table.melds) - start).elements():
            for index, card in enumerate(meld.cards):
                session.move(card, "hand", "new" if index == 0 else len(session.state.melds) - 1)
        answer = flow.end_turn()
        assert answer.ended, answer.text
        turn = flow.game.turns[-1]
        assert sorted(turn.helpers) == sorted(play.helpers) and len(flow.game.helpers) == 4 - len(play.helpers)
        assert len(flow.game.hand(0)) == len(hand) - len(turn.played)
        return
    pytest.fail("no deal in 60 where the first player lays a new meld with a helping card")


def test_the_setup_offers_the_three_ways_a_run_may_pass_the_ace() -> None:
    board = GameBoard(seed=SEED, lang="it")
    labels = [label for label, _value in board.setup.wrap.options]
    assert labels[0].startswith("Una scala non può") and labels[2].endswith("(J Q K A 2 ... K A)")
    board.setup.wrap.value = "unlimited"
    board.setup.choose(["person", "greedy"])
    board.setup.start_button.click()
    assert board.flow is not None and board.flow.game.rules.wrap == "unlimited"
    board.setup.preset.value = "classic"  # another preset brings its own runs back
    assert board.setup.wrap.value is False and board.setup.rules().wrap is False
