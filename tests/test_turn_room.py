"""The per-turn cap is one question, :meth:`Rules.turn_room`: the turn check, the game, the solver and
the computer players all ask it, and agree where the cap bites."""

from __future__ import annotations

from collections import Counter

from machiavelli_kit.core.cards import parse_cards
from machiavelli_kit.core.melds import ProblemKind
from machiavelli_kit.core.position import Position, Table, check_turn
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.game.actions import Play
from machiavelli_kit.game.deal import arranged_deal
from machiavelli_kit.game.plans import best_play
from machiavelli_kit.game.session import Game
from machiavelli_kit.solver import solve

CAPPED = Rules.parse("bga(max_cards_per_turn=4)")
TABLE = "5H 6H 7H"
HAND = "8H 9H 10H JH QH 2C"
FIVE = "5H 6H 7H 8H 9H 10H JH QH"
"""The table with five hand cards on its run: one more than a turn of ``CAPPED`` may play."""


def game(rules: Rules, hand: str, helpers: str = "") -> Game:
    hands = [parse_cards(hand), parse_cards("2S 2D 3C")]
    deal = arranged_deal(rules, hands, table=Table.parse(TABLE), helpers=parse_cards(helpers))
    return Game(rules, ["Ann", "Bob"], deal, dealer=1)


def test_the_room_a_turn_has_left() -> None:
    assert [CAPPED.turn_room(placed, hand=3) for placed in range(7)] == [3, 3, 2, 1, 0, -1, -2]
    assert [CAPPED.turn_room(placed) for placed in (3, 4, 5)] == [0, 0, -1]  # below zero: over the cap
    no_cap = Rules.parse("bga(max_cards_per_turn=none)")
    assert [no_cap.turn_room(placed, hand=3) for placed in (0, 4, 20)] == [3, 3, 3]
    assert no_cap.turn_room(20) == 0


def test_the_turn_check_the_game_and_the_solver_agree_where_the_cap_bites() -> None:
    start = Position.parse(TABLE, HAND)
    best = solve(start, CAPPED)
    assert best.max_play == CAPPED.turn_room(0, len(start.hand)) == 4
    assert check_turn(start, best.end_position, CAPPED).valid
    over = check_turn(start, Position.parse(FIVE, "2C"), CAPPED)
    assert [problem.message for problem in over.problems] == [
        "five cards were played, but in this game one turn may play at most four"
    ]
    played = game(CAPPED, HAND)
    assert played.refusal(Play(best.table)) is None
    assert played.refusal(Play(Table.parse(FIVE))) == (
        "5 cards played from the hand, but the rules allow at most 4 a turn"
    )
    view = played.view(0)
    assert best_play(view) == Play(best.table)
    assert solve(start, CAPPED, room=CAPPED.turn_room(2, len(start.hand))).max_play == 2


def test_helping_cards_do_not_count_for_the_game_or_its_players() -> None:
    """A helping card is a hand card to the turn check, not to the game: the game counts the
    player's own cards, and its computer player asks the solver for the room they leave."""
    rules = Rules.parse("bga(max_cards_per_turn=4, helpers=1)")
    played = game(rules, "KH KD 8H 9H 10H JH", helpers="KS")
    view = played.view(0)
    play = best_play(view)
    assert play is not None and play.helpers == parse_cards("KS")
    own = play.table.cards() - Table.parse(TABLE).cards() - Counter(play.helpers)
    assert own.total() == 4 and rules.turn_room(own.total()) == 0
    assert played.refusal(play) is None
    start = Position(view.table, (*view.hand, *view.helpers))
    five = check_turn(start, Position(play.table, parse_cards("10H JH")), rules)  # the helping card counts here
    assert [problem.flag for problem in five.problems] == [ProblemKind.TOO_MANY_PLAYED]
    six = Play(Table.parse("5H 6H 7H 8H 9H 10H | KS KH KD"), parse_cards("KS"))
    assert played.refusal(six) == (
        "5 cards played from the hand, but the rules allow at most 4 a turn (helping cards do not count)"
    )
