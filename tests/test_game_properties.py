"""Random whole games under every preset and a spread of parameters (hypothesis): every card is
kept, every turn is valid, refused actions change nothing, records replay to the same game."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from machiavelli_kit.core.cards import full_deck
from machiavelli_kit.core.position import Position, Table, check_turn
from machiavelli_kit.core.rules import PRESET_NAMES, Rules, preset
from machiavelli_kit.game.actions import Action, IllegalAction, Play, Restore
from machiavelli_kit.game.deal import SHORT_DEAL_PLAYERS, cards_each
from machiavelli_kit.game.players import make_player
from machiavelli_kit.game.record import dumps, loads
from machiavelli_kit.game.session import Game
from machiavelli_kit.game.state import GameState

MAX_TURNS = 160


@st.composite
def setups(draw: st.DrawFn) -> tuple[Rules, int]:
    """Rules and a player count whose deal fits in the decks."""
    players = draw(st.integers(2, 6))
    decks = draw(st.integers(1, 2))
    hand_size = draw(st.integers(3, 8))
    helpers = draw(st.sampled_from([0, 0, 4]))
    short = draw(st.none() | st.integers(3, hand_size))
    rules = preset(
        draw(st.sampled_from(PRESET_NAMES)),
        decks=decks,
        jokers=draw(st.sampled_from([0, 0, 0, 1, 2])),
        hand_size=hand_size,
        short_deal=short,
        helpers=helpers,
        wrap=draw(st.sampled_from([False, True, "unlimited"])),
        ace_high=draw(st.booleans()),
        max_cards_per_turn=draw(st.none() | st.integers(2, 6)),
        restore_penalty=draw(st.integers(0, 3)),
        stock_out=draw(st.sampled_from(["last_card", "end", "play_on"])),
        scoring=draw(st.sampled_from(["single", "points"])),
        attach_before_laying=draw(st.booleans()),
    )
    if cards_each(rules, players) * players + helpers > 52 * decks + rules.jokers:
        players = 2
    return rules, players


def a_refused_play(game: Game) -> Play:
    """A play the rules refuse: a card taken off the table, or a meld that is not one."""
    table, hand = game.table, game.hand(game.to_move or 0)
    if table.melds:
        first = table.melds[0]
        return Play(Table((*table.melds[1:], type(first)(first.cards[1:]))))
    return Play(Table.of([hand[:2]]))


def check_invariants(game: Game, before: GameState) -> None:
    rules = game.rules
    assert game.state.all_cards() == full_deck(rules.decks, rules.jokers)
    assert game.table.check(rules).valid
    turn = game.turns[-1]
    if turn.action == "play":
        start = Position(before.table, tuple((Counter(before.hands[turn.player]) + Counter(turn.helpers)).elements()))
        end = Position(turn.table, game.hand(turn.player))
        verdict = check_turn(start, end, rules.replace(max_cards_per_turn=None))
        assert verdict.valid, verdict.explain()
        cap = rules.max_cards_per_turn
        assert cap is None or len(turn.played) <= cap
        if not rules.attach_before_laying and not before.opened[turn.player]:
            assert not Counter(before.table.melds) - Counter(turn.table.melds)
    else:
        assert turn.table == before.table and not turn.played
        assert game.hand(turn.player) == tuple(sorted(before.hands[turn.player] + turn.drawn))
    if rules.stock_out == "last_card" and before.stock and not game.state.stock:
        assert game.over  # the last card of the stock ends the game


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(setups(), st.integers(0, 10**6), st.data())
def test_random_games_keep_every_card_play_valid_turns_and_replay_from_their_record(
    setup: tuple[Rules, int], seed: int, data: st.DataObject
) -> None:
    rules, players = setup
    game = Game.new([f"p{seat}" for seat in range(players)], rules, seed=seed)
    each = rules.short_deal if players >= SHORT_DEAL_PLAYERS and rules.short_deal else rules.hand_size
    assert all(len(game.hand(seat)) == each for seat in range(players)) and len(game.helpers) == rules.helpers
    bots = {name: make_player(name, seed=seed) for name in ("random", "beginner", "greedy")}
    while not game.over and len(game.turns) < MAX_TURNS:
        seat = game.to_move
        assert seat is not None
        choice = data.draw(st.sampled_from(["random", "beginner", "greedy", "greedy", "restore", "refused"]))
        before = game.state
        if choice == "refused":
            try:
                game.play(a_refused_play(game))
            except IllegalAction as error:
                assert str(error) and game.state == before
                continue
            raise AssertionError("a play that drops a table card was accepted")
        action: Action = Restore() if choice == "restore" else bots[choice].choose(game.view(seat))
        game.play(action)
        check_invariants(game, before)
    again = loads(dumps(game))
    assert again.turns == game.turns and again.state == game.state and again.result == game.result
    assert dumps(again) == dumps(game)
