"""Computer players, the review and matches: deterministic, within the rules, and doing what they say."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from machiavelli_kit.core.cards import Card, parse_cards
from machiavelli_kit.core.position import Table
from machiavelli_kit.game.actions import Play
from machiavelli_kit.game.autoplay import play_game, play_out
from machiavelli_kit.game.engine import step, turn_action
from machiavelli_kit.game.match import Match, MatchError
from machiavelli_kit.game.plans import newcomer_play, simple_play
from machiavelli_kit.game.players import PLAYERS, Beginner, last_chance, make_player
from machiavelli_kit.game.record import dumps, loads
from machiavelli_kit.game.review import review
from machiavelli_kit.game.state import GameState, Turn, View


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_each_player_is_deterministic_given_the_seed(name: str) -> None:
    first = play_game([name, "greedy"], "bga(hand_size=9)", seed=8)
    again = play_game([name, "greedy"], "bga(hand_size=9)", seed=8)
    assert dumps(first.game) == dumps(again.game)


@pytest.mark.parametrize(
    "rules", ["bga", "classic", "wikipedia(hand_size=6, helpers=4)", "bga(attach_before_laying=false)"]
)
def test_four_players_finish_a_game_under_each_preset(rules: str) -> None:
    run = play_game(sorted(PLAYERS), rules, seed=2)
    assert run.game.over and sum(run.moves) == len(run.game.turns)
    assert all(seconds >= 0 for seconds in run.seconds)


def kept_whole(before: Table, turn: Turn) -> bool:
    """Every meld on the table before the turn lies whole inside one meld after it."""
    return all(any(not Counter(old.cards) - Counter(new.cards) for new in turn.table.melds) for old in before.melds)


def test_the_beginner_and_the_random_player_never_take_a_meld_apart() -> None:
    for seed in (1, 2):
        run = play_game(["beginner", "random"], "bga", seed=seed)
        table = run.game.deal.table
        for turn in run.game.turns:
            assert kept_whole(table, turn)
            if turn.action == "play" and run.game.players[turn.player] == "random":
                assert len(turn.table) - len(table) in (0, 1)  # one step: one new meld or one card added
            table = turn.table


def test_greedy_always_plays_the_most_and_the_review_says_so() -> None:
    report = review(play_game(["greedy", "random"], "bga", seed=4).game)
    assert report.accuracy["greedy"] == 1.0 and report.accuracy["random"] < 1.0
    random_turns = [turn for turn in report.turns if turn.name == "random"]
    assert any(turn.missed for turn in random_turns)
    assert all(turn.missed == 0 and not turn.needless_draw for turn in report.turns if turn.name == "greedy")


def test_the_review_names_a_missed_close_and_a_needless_draw() -> None:
    from machiavelli_kit.core.cards import parse_cards
    from machiavelli_kit.core.rules import BGA
    from machiavelli_kit.game.actions import Draw, Play
    from machiavelli_kit.game.deal import arranged_deal
    from machiavelli_kit.game.session import Game

    deal = arranged_deal(BGA, [parse_cards("5H 6H 7H 8H"), parse_cards("2S 2D 2C 9D")])
    game = Game(BGA, ["Ann", "Bob"], deal, dealer=1)
    game.play(Play(Table.parse("5H 6H 7H")))
    game.play(Draw())
    report = review(game)
    assert report.turns[0].missed_close and "could have closed with all of 5♥ 6♥ 7♥ 8♥" in report.turns[0].text
    assert report.turns[1].needless_draw and "Bob drew, but could have played" in report.turns[1].text
    assert report.accuracy == {"Ann": 0.0, "Bob": 0.0}
    assert "Ann: accuracy 0/1 (0%), 1 card missed, 1 close missed, 0 needless draws" in report.text()


def test_a_match_adds_the_points_of_each_deal_until_the_target() -> None:
    match = Match(["Ann", "Bob"], "classic", seed=3, target=60)
    while not match.over:
        play_out(match.game, ["greedy", "random"])
        if not match.over:
            match.next_deal()
    points = [game.result.points for game in match.games if game.result is not None]
    assert match.totals == tuple(map(sum, zip(*points, strict=True))) and max(match.totals) >= 60
    assert all(max(map(sum, zip(*points[:deal], strict=True))) < 60 for deal in range(1, len(points)))
    assert match.winner == (
        0 if match.totals[0] < match.totals[1] else 1 if match.totals[1] < match.totals[0] else None
    )
    with pytest.raises(MatchError, match="the match is over"):
        match.next_deal()


def test_a_match_passes_the_deal_to_the_next_seat_and_each_deal_replays_alone() -> None:
    match = Match(["Ann", "Bob", "Cy"], "classic(hand_size=5)", seed=9, target=None, deals=4)
    while True:
        play_out(match.game, ["greedy", "beginner", "random"])
        if match.over:
            break
        match.next_deal()
    first = match.games[0].dealer
    assert [game.dealer for game in match.games] == [(first + deal) % 3 for deal in range(4)]
    assert [game.turns[0].player for game in match.games] == [(game.dealer + 1) % 3 for game in match.games]
    for game in match.games:
        again = loads(dumps(game))
        assert (again.dealer, again.turns, again.result) == (game.dealer, game.turns, game.result)


def test_a_match_needs_points_and_an_end() -> None:
    with pytest.raises(MatchError, match="use rules with scoring=points"):
        Match(["a", "b"], "bga", seed=1)
    with pytest.raises(MatchError, match="a target score, a number of deals, or both"):
        Match(["a", "b"], "classic", seed=1, target=None)
    match = Match(["a", "b"], "classic", seed=1, target=None, deals=1)
    with pytest.raises(MatchError, match="still being played"):
        match.next_deal()


def test_the_expert_closes_when_it_can() -> None:
    from machiavelli_kit.core.cards import parse_cards
    from machiavelli_kit.core.rules import BGA
    from machiavelli_kit.game.actions import Play
    from machiavelli_kit.game.deal import arranged_deal
    from machiavelli_kit.game.players import make_player
    from machiavelli_kit.game.session import Game

    deal = arranged_deal(
        BGA, [parse_cards("8H 9H 10H 2S"), parse_cards("3D")], table=Table.parse("2H 2D 2C | JH QH KH")
    )
    game = Game(BGA, ["expert", "other"], deal, dealer=1)
    action = make_player("expert", seed=1).choose(game.view(0))
    assert isinstance(action, Play) and game.refusal(action) is None
    assert game.play(action).played == parse_cards("2S 8H 9H 10H") and game.result is not None


def beginner_view(hand: str, table: str, stock: int = 50, other: int = 9) -> View:
    """The beginner's view with ``hand`` against ``table``, ``stock`` cards in the stock and ``other`` in Bob's hand."""
    from machiavelli_kit.core.cards import parse_cards
    from machiavelli_kit.core.rules import BGA
    from machiavelli_kit.game.deal import arranged_deal
    from machiavelli_kit.game.session import Game

    deal = arranged_deal(BGA, [parse_cards(hand), parse_cards("2S")], table=Table.parse(table) if table else None)
    view = Game(BGA, ["beginner", "Bob"], deal, dealer=1).view(0)
    return dataclasses.replace(view, stock_size=stock, hand_sizes=(len(view.hand), other))


def beginner_move(view: View) -> tuple[str, Counter[Card]]:
    """The beginner's action's kind and the hand cards it puts down."""
    action = make_player("beginner", seed=3).choose(view)
    played = action.table.cards() - view.table.cards() if isinstance(action, Play) else Counter()
    return action.kind, played


def test_the_beginner_plays_one_step_a_turn_and_keeps_the_rest() -> None:
    view = beginner_view("4C 5C 6C 7C 8C 9D KS", "10D JD QD")
    assert beginner_move(view) == ("play", Counter(parse_cards("9D")))  # a card added comes first
    view = beginner_view("4C 5C 6C 7C 8C KS", "10D JD QD")
    kind, played = beginner_move(view)
    assert kind == "play" and played.total() == 3 and played < Counter(parse_cards("4C 5C 6C 7C 8C"))


def test_the_beginner_plays_all_it_can_to_close_or_once_the_stock_is_out() -> None:
    assert beginner_move(beginner_view("4C 5C 6C 7C 8C 9D", "10D JD QD")) == (
        "play",
        Counter(parse_cards("4C 5C 6C 7C 8C 9D")),
    )
    view = beginner_view("4C 5C 6C 7C 8C 9D KS", "10D JD QD", stock=0, other=5)
    assert beginner_move(view) == ("play", Counter(parse_cards("4C 5C 6C 7C 8C 9D")))


def test_the_beginner_plays_all_it_can_when_the_last_card_may_be_drawn_before_its_next_turn() -> None:
    hand, table, every = "4C 5C 6C 7C 8C 9D KS", "10D JD QD", Counter(parse_cards("4C 5C 6C 7C 8C 9D"))
    last = beginner_view(hand, table, stock=1, other=8)  # not ahead: drawing the last card would tie
    assert last.rules.stock_out == "last_card" and beginner_move(last) == ("play", every)
    assert beginner_move(beginner_view(hand, table, stock=2, other=1)) == ("play", Counter(parse_cards("9D")))
    end = dataclasses.replace(last, rules=last.rules.replace(stock_out="end"))  # it has another turn
    assert beginner_move(end) == ("play", Counter(parse_cards("9D")))


def test_the_beginner_ends_the_game_when_the_stock_is_out_and_it_holds_the_fewest() -> None:
    view = beginner_view("4C 5C 6C 7C 8C 9D KS", "10D JD QD", stock=0, other=8)
    assert beginner_move(view) == ("draw", Counter())
    view = beginner_view("4C 5C 6C 7C 8C 9D KS", "10D JD QD", stock=0, other=7)  # equal: it plays
    assert beginner_move(view)[0] == "play"


def test_against_random_the_beginner_keeps_melds_whole_and_plays_a_step_while_the_stock_lasts() -> None:
    for seed in (3, 4, 5):
        run = play_game(["beginner", "random"], "bga", seed=seed)
        game = run.game
        state = GameState.start(game.rules, game.deal, game.dealer)
        for turn in game.turns:
            if turn.player == 0:
                view = state.view(0)
                assert kept_whole(state.table, turn)
                closes, stock_out = not (Counter(view.hand) - Counter(turn.played)), not view.stock_size
                last = last_chance(view) or last_chance(view, drawing=True)  # (it lays all rather than draw then)
                if turn.action == "play" and not (closes or stock_out or last):
                    assert len(turn.played) == 1 or (len(turn.played) == 3 and len(turn.table) == len(state.table) + 1)
                if turn.action == "draw" and view.stock_size:
                    ready = newcomer_play(view)
                    # it draws when it has nothing to lay, or near the end of the stock while ahead on the count
                    assert ready is None or (
                        view.stock_size <= Beginner.RUSH
                        and len(view.hand) - ready_cards(ready, view) < view.hand_sizes[1]
                    )
            state, _ = step(state, turn_action(turn))


def ready_cards(play: Play, view: View) -> int:
    """Hand cards ``play`` puts down."""
    return (play.table.cards() - view.table.cards()).total()


def test_the_beginner_adds_cards_to_the_table_rather_than_lay_them_as_a_meld_of_their_own() -> None:
    view = beginner_view("8C 9C 10C KS", "5C 6C 7C")
    melds_first = simple_play(view)
    assert melds_first is not None and len(melds_first.table) == 2  # 8♣ 9♣ 10♣ as a meld of its own
    play = newcomer_play(view)  # as many cards, in no new meld: three steps for later turns, not one
    assert play is not None and str(play.table) == "5♣ 6♣ 7♣ 8♣ 9♣ 10♣"
    assert beginner_move(view) == ("play", Counter(parse_cards("8C")))


def test_the_beginner_ahead_near_the_end_of_the_stock_draws_and_keeps_its_melds() -> None:
    hand, table = "4C 5C 6C 7C 8C 9D KS", "10D JD QD"  # 7 cards, 6 of them ready to lay: 1 would be left

    def move(stock: int, other: int) -> str:
        return beginner_move(beginner_view(hand, table, stock, other))[0]

    assert move(Beginner.RUSH, 3) == "draw"
    assert move(Beginner.RUSH + 1, 3) == "play"  # the stock is not low yet
    assert move(3, 3) == "draw"
    assert move(2, 3) == "play"  # after its draw Bob could take the last card: the game would end with its melds
    assert beginner_move(beginner_view(hand, table, 2, 3))[1].total() == 6  # so it lays them all now
    assert move(5, 1) == "play"  # laying all would only tie, 1 card against 1
    assert move(1, 9) == "draw"  # 8 cards after drawing the last one, against 9
    assert move(1, 8) == "play"  # drawing the last card would leave 8 against 8
    view = beginner_view(hand, table, stock=5, other=3)
    capped = dataclasses.replace(view, rules=view.rules.replace(max_cards_per_turn=5))
    assert beginner_move(view)[0] == "draw"
    assert beginner_move(capped)[0] == "play"  # 6 cards ready, 5 a turn: one last turn could not lay them all
    play_on = dataclasses.replace(view, rules=view.rules.replace(stock_out="play_on"))
    assert beginner_move(play_on)[0] == "play"  # the count matters only when the stock running out ends the game


def expert_view(hand: str, table: str, stock: int = 50, other: int = 9, rules: str = "bga") -> View:
    """The expert's view with ``hand`` against ``table``, ``stock`` cards in the stock and ``other`` in Bob's hand."""
    from machiavelli_kit.core.rules import Rules
    from machiavelli_kit.game.deal import arranged_deal
    from machiavelli_kit.game.session import Game

    parsed = Rules.parse(rules)
    deal = arranged_deal(parsed, [parse_cards(hand), parse_cards("2S")], table=Table.parse(table) if table else None)
    view = Game(parsed, ["expert", "Bob"], deal, dealer=1).view(0)
    return dataclasses.replace(view, stock_size=stock, hand_sizes=(len(view.hand), other))


def move_of(player: str, view: View) -> tuple[str, Counter[Card]]:
    """The player's action's kind and the hand cards it puts down."""
    action = make_player(player, seed=3).choose(view)
    played = action.table.cards() - view.table.cards() if isinstance(action, Play) else Counter()
    return action.kind, played


def test_the_expert_keeps_what_it_could_lay_and_draws_until_it_can_close() -> None:
    view = expert_view("4C 5C 6C 7C 9D KS", "10D JD QD")  # all but the king could be laid
    assert move_of("greedy", view) == ("play", Counter(parse_cards("4C 5C 6C 7C 9D")))
    assert move_of("expert", view) == ("draw", Counter())
    closing = expert_view("4C 5C 6C 7C 9D", "10D JD QD")
    assert move_of("expert", closing) == ("play", Counter(parse_cards("4C 5C 6C 7C 9D")))


def test_past_thirteen_cards_the_expert_lays_only_what_it_must_and_keeps_the_cards_that_go_together() -> None:
    hand = "4C 5C 6C 7C 2S 2H 2D 9D KS 5H 8S 10H QS 3D"  # 14 cards: one must go, or it could never close
    view = expert_view(hand, "10D JD QD")
    kind, played = move_of("greedy", view)
    assert played == Counter(parse_cards("4C 5C 6C 7C 2S 2H 2D 9D"))
    assert move_of("expert", view) == ("play", Counter(parse_cards("9D")))  # the one card that goes with nothing
    kind, played = move_of("expert", expert_view(hand, ""))  # on a bare table a meld needs three
    assert kind == "play" and played == Counter(parse_cards("2S 2H 2D"))


def test_the_expert_keeps_no_more_cards_than_a_turn_may_play() -> None:
    view = expert_view("4C 5C 6C 7C 9D KS KH", "10D JD QD", rules="bga(max_cards_per_turn=5)")
    kind, played = move_of("expert", view)
    assert kind == "play" and played.total() in (3, 4) and played <= Counter(parse_cards("4C 5C 6C 7C 9D"))
    assert played != Counter(parse_cards("4C 5C 6C 7C 9D"))  # not all: no two of them go down alone
    assert move_of("expert", expert_view("4C 5C 6C 7C 9D KS KH", "10D JD QD"))[0] == "draw"


def test_the_expert_lays_all_it_can_when_the_stock_may_end_the_game_first() -> None:
    hand, table, every = "4C 5C 6C 7C 9D KS", "10D JD QD", Counter(parse_cards("4C 5C 6C 7C 9D"))
    assert move_of("expert", expert_view(hand, table, stock=1)) == ("play", every)  # the last card goes to Bob
    assert move_of("expert", expert_view(hand, table, stock=2))[0] == "draw"
    play_on = expert_view(hand, table, stock=0, rules="classic")
    assert move_of("expert", play_on) == ("play", every)


@pytest.mark.slow
def test_the_expert_beats_greedy_on_most_deals_from_either_seat() -> None:
    """The benchmark's first 10 deals (benchmarks/tournament.py plays 500): 19 of the 20 games today."""
    from machiavelli_kit.game.tournament import run_tournament

    table = run_tournament(["expert", "greedy"], games=20, rules="bga", seed=1)
    expert = table.rows[0]
    assert expert.wins >= 0.7 * expert.games and expert.interval[0] > 0.5


def test_in_the_last_round_of_a_limited_game_the_expert_lays_all_it_can() -> None:
    hand, table, every = "4C 5C 6C 7C 9D KS", "10D JD QD", Counter(parse_cards("4C 5C 6C 7C 9D"))
    waiting = expert_view(hand, table)
    assert move_of("expert", dataclasses.replace(waiting, turns_left=3)) == ("draw", Counter())  # a turn to come
    assert move_of("expert", dataclasses.replace(waiting, turns_left=2)) == ("play", every)  # its last turn
