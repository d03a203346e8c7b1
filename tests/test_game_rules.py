"""Each rule parameter of a whole game, shown by the outcome it changes (engine, no computer players)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from machiavelli_kit.core.cards import parse_cards
from machiavelli_kit.core.position import Table
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.game.actions import Action, Draw, IllegalAction, Pass, Play, Restore
from machiavelli_kit.game.deal import DealError, arranged_deal, deal_game
from machiavelli_kit.game.session import Game

T = Table.parse


def game_of(rules: str, hands: Sequence[str], *, table: str = "", helpers: str = "", top: str = "") -> Game:
    """A game with chosen hands (seat 0 moves first: seat 1 deals in a two-player game)."""
    parsed = Rules.parse(rules)
    deal = arranged_deal(
        parsed,
        [parse_cards(hand) for hand in hands],
        table=T(table),
        helpers=parse_cards(helpers),
        stock_top=parse_cards(top),
    )
    return Game(parsed, [f"p{seat}" for seat in range(len(hands))], deal, dealer=len(hands) - 1)


def refused(game: Game, action: Action, reason: str) -> None:
    """The action is refused with ``reason`` in its message, and nothing changes."""
    before, turns = game.state, list(game.turns)
    with pytest.raises(IllegalAction, match=reason):
        game.play(action)
    assert game.state == before and game.turns == turns


def empty_the_stock(game: Game) -> None:
    while game.stock_size:
        game.play(Draw())


# hand_size and short_deal -------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "players", "each"), [
    ("bga", 2, 15), ("classic", 2, 13), ("wikipedia", 4, 15), ("bga(hand_size=7)", 3, 7),
    ("wikipedia", 5, 15), ("wikipedia(short_deal=7)", 5, 7), ("wikipedia(short_deal=7)", 4, 15),
    ("wikipedia(short_deal=3)", 6, 3),
])  # fmt: skip
def test_hand_size_and_the_short_deal_for_five_or_more(rules: str, players: int, each: int) -> None:
    game = Game.new([f"p{seat}" for seat in range(players)], rules, seed=11)
    assert [len(game.hand(seat)) for seat in range(players)] == [each] * players
    assert game.stock_size == 104 - each * players
    assert game.to_move == (game.dealer + 1) % players


def test_a_deal_that_needs_more_cards_than_the_decks_hold_is_refused() -> None:
    with pytest.raises(DealError, match="need 120 cards, but the decks hold 104"):
        deal_game(Rules.parse("bga(hand_size=20)"), 6, seed=1)
    assert len(deal_game(Rules.parse("bga(hand_size=20, decks=3)"), 6, seed=1)[1].stock) == 36


def test_the_same_seed_deals_the_same_game_and_another_seed_another() -> None:
    assert deal_game(Rules(), 3, seed=5) == deal_game(Rules(), 3, seed=5)
    assert deal_game(Rules(), 3, seed=5) != deal_game(Rules(), 3, seed=6)


# helping cards (the alternative deal) -----------------------------------------------------------


def test_the_alternative_deal_puts_four_helping_cards_in_the_middle() -> None:
    game = Game.new(["a", "b", "c"], "wikipedia(hand_size=6, helpers=4)", seed=3)
    assert [len(game.hand(seat)) for seat in range(3)] == [6, 6, 6] and len(game.helpers) == 4
    assert game.stock_size == 104 - 18 - 4


def test_a_helping_card_joins_a_new_meld_of_two_own_cards() -> None:
    game = game_of("wikipedia(hand_size=6, helpers=4)", ["5H 6H 9C", "2S 2D 2C"], helpers="7H KS KD QC")
    turn = game.play(Play(T("5H 6H 7H"), parse_cards("7H")))
    assert turn.played == parse_cards("5H 6H") and turn.helpers == parse_cards("7H")
    assert game.helpers == parse_cards("QC KS KD") and game.hand(0) == parse_cards("9C")


def test_helping_cards_never_go_onto_the_table_s_melds_nor_into_a_meld_of_one_own_card() -> None:
    rules = "wikipedia(hand_size=6, helpers=4)"
    game = game_of(rules, ["8H KH 2C", "2S 2D 3C"], table="5H 6H 7H", helpers="9H KS KD QC")
    refused(game, Play(T("5H 6H 7H 8H 9H"), parse_cards("9H")), "only go into a new meld made with at least 2")
    refused(game, Play(T("5H 6H 7H | KS KD KH"), parse_cards("KS KD")), "at least 2 cards from your own hand")
    refused(game, Play(T("5H 6H 7H | QH KH AH"), parse_cards("QH")), "Q♥ is not among the helping cards")
    refused(game, Play(T("5H 6H 7H 8H"), parse_cards("QC")), "the helping card Q♣ was taken but is not on the table")
    plain = game_of("wikipedia", ["8H KH 2C", "2S 2D 3C"], table="5H 6H 7H")
    refused(plain, Play(T("5H 6H 7H 8H"), parse_cards("9H")), "this game has no helping cards")


# restore_penalty ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "drawn"), [
    ("bga", 3), ("classic", 1), ("wikipedia", 3), ("wikipedia(restore_penalty=1)", 1), ("bga(restore_penalty=0)", 0),
])  # fmt: skip
def test_a_restore_draws_the_penalty(rules: str, drawn: int) -> None:
    game = game_of(rules, ["5H 6H 9C", "2S 2D 3C"], table="7S 8S 9S", top="KS QS JS 10S")
    turn = game.play(Restore())
    assert turn.action == "restore" and turn.drawn == parse_cards("KS QS JS 10S")[:drawn]
    assert len(game.hand(0)) == 3 + drawn and game.table == T("7S 8S 9S") and game.to_move == 1


# max_cards_per_turn ---------------------------------------------------------------------------


def test_the_per_turn_cap_limits_the_hand_cards_of_one_turn() -> None:
    hands = ["5H 6H 7H 8H 9H", "2S 2D 3C"]
    refused(game_of("bga(max_cards_per_turn=4)", hands), Play(T("5H 6H 7H 8H 9H")), "at most 4 a turn")
    assert game_of("bga(max_cards_per_turn=none)", hands).play(Play(T("5H 6H 7H 8H 9H"))).played == parse_cards(
        "5H 6H 7H 8H 9H"
    )


# attach_before_laying ---------------------------------------------------------------------------


def test_without_attach_before_laying_a_player_lays_a_meld_of_their_own_first() -> None:
    hands, table = ["8H 2C 3C 4C 9S", "2S 2D 3S 9D"], "5H 6H 7H"
    assert game_of("bga", hands, table=table).play(Play(T("5H 6H 7H 8H"))).played == parse_cards("8H")
    game = game_of("bga(attach_before_laying=false)", hands, table=table)
    refused(game, Play(T("5H 6H 7H 8H")), "you have not laid a meld of your own yet")
    refused(game, Play(T("5H 6H 7H 8H | 2C 3C 4C")), "you have not laid a meld of your own yet")
    game.play(Play(T("5H 6H 7H | 2C 3C 4C")))
    game.play(Draw())
    assert game.play(Play(T("5H 6H 7H 8H | 2C 3C 4C"))).played == parse_cards("8H")


# stock_out ---------------------------------------------------------------------------------------


def test_stock_out_last_card_the_game_ends_as_the_last_card_is_drawn_fewest_cards_win() -> None:
    game = game_of("bga", ["5H 6H 7H 9C", "2S 2D 3C 4D"])
    game.play(Play(T("5H 6H 7H")))
    while game.stock_size > 1:
        game.play(Draw())
        assert not game.over
    refused(game, Pass(), "you may pass only when the stock is empty")
    turn = game.play(Draw())
    assert len(turn.drawn) == 1 and game.stock_size == 0 and game.over and game.result is not None
    assert turn.drawn[0] in game.result.hands[turn.player]  # the last card counts in its drawer's hand
    assert (game.result.winner, game.result.reason, game.result.points) == (0, "stock_out", None)
    refused(game, Draw(), "the game is over")


@pytest.mark.parametrize(("stock_out", "turns_after_the_last_card"), [("last_card", 0), ("end", 1)])
def test_stock_out_last_card_ends_at_the_last_card_end_one_turn_later(
    stock_out: str, turns_after_the_last_card: int
) -> None:
    """The documents' reading ends the game with the stock's last card; ``end`` gives the next player
    a turn to play before the draw from the empty stock ends it."""
    game = game_of(f"bga(stock_out={stock_out})", ["5H 6H 7H 9C", "2S 2D 3C 4D 8S 8D 8C"])
    while game.stock_size > 1:
        game.play(Draw())
    game.play(Draw())
    assert game.over == (turns_after_the_last_card == 0)
    if not game.over:
        game.play(Play(T("8S 8D 8C")))  # the next player still plays
        game.play(Draw())
    assert game.result is not None and game.result.reason == "stock_out"


def test_stock_out_last_card_a_restore_that_takes_the_last_cards_ends_the_game() -> None:
    game = game_of("bga", ["5H 6H 7H 9C", "2S 2D 3C 4D"])
    while game.stock_size > 2:
        game.play(Draw())
    turn = game.play(Restore())
    assert len(turn.drawn) == 2 and game.result is not None and game.result.reason == "stock_out"


def test_stock_out_end_the_first_draw_from_the_empty_stock_ends_the_game_fewest_cards_win() -> None:
    game = game_of("bga(stock_out=end)", ["5H 6H 7H 9C", "2S 2D 3C 4D"])
    game.play(Play(T("5H 6H 7H")))
    empty_the_stock(game)
    refused(game, Pass(), "nobody passes: drawing from the empty stock ends the game")
    turn = game.play(Draw())
    assert turn.drawn == () and game.over and game.result is not None
    assert (game.result.winner, game.result.reason, game.result.points) == (0, "stock_out", None)
    refused(game, Draw(), "the game is over")


@pytest.mark.parametrize("stock_out", ["last_card", "end"])
def test_stock_out_equal_counts_are_a_draw(stock_out: str) -> None:
    game = game_of(f"bga(stock_out={stock_out})", ["5H 6H 9C", "2S 2D 3C"])
    empty_the_stock(game)
    if not game.over:
        game.play(Draw())
    assert game.result is not None and (game.result.winner, game.result.reason) == (None, "stock_out")


def test_stock_out_play_on_players_pass_and_a_full_round_of_passes_blocks_the_game() -> None:
    game = game_of("bga(stock_out=play_on)", ["5H 6H 7H 9C", "2S 2D 3C 4D"])
    refused(game, Pass(), "you may pass only when the stock is empty")
    empty_the_stock(game)
    refused(game, Draw(), "the stock is empty, so there is nothing to draw: pass instead")
    seat = game.to_move
    game.play(Pass())
    other = game.to_move
    assert other is not None and other != seat and not game.over
    if other == 0:
        game.play(Play(T("5H 6H 7H")))  # a play breaks the round of passes
        game.play(Pass())
        game.play(Pass())
        assert game.result is not None and game.result.winner == 0
    else:
        game.play(Pass())
        assert game.result is not None and game.result.winner is None
    assert game.result.reason == "blocked"


# scoring ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "points"), [
    ("bga", None), ("classic", (0, 2 + 2 + 3 + 10 + 11)), ("bga(scoring=points, jokers=1)", (0, 2 + 2 + 3 + 25)),
])  # fmt: skip
def test_scoring_points_counts_the_cards_left_when_a_player_closes(rules: str, points: object) -> None:
    other = "2S 2D 3C JK" if "jokers" in rules else "2S 2D 3C KC AC"
    game = game_of(rules, ["5H 6H 7H", other])
    game.play(Play(T("5H 6H 7H")))
    assert game.result is not None and (game.result.winner, game.result.reason) == (0, "closed")
    assert game.result.points == points


def test_scoring_points_also_counts_every_hand_when_the_stock_runs_out() -> None:
    game = game_of("bga(scoring=points)", ["5H 6H 7H 9C", "2S 2D 3C 4D"], top="AS KS")
    game.play(Play(T("5H 6H 7H")))
    game.play(Draw())
    empty_the_stock(game)  # the last card ends the game (stock_out=last_card)
    assert game.result is not None and game.result.reason == "stock_out"
    value = {1: 11, 11: 10, 12: 10, 13: 10}
    assert game.result.points == tuple(
        sum(value.get(card.rank, card.rank) for card in hand) for hand in game.result.hands
    )
