"""The rules of a whole game: one action in, the next state and what the turn did out.

:func:`step` never changes the state it is given: an action the rules refuse raises
:class:`~machiavelli_kit.game.actions.IllegalAction` with the reason in plain words.

>>> from machiavelli_kit.game.deal import arranged_deal
>>> from machiavelli_kit.core.cards import parse_cards
>>> from machiavelli_kit.core.rules import BGA
>>> deal = arranged_deal(BGA, [parse_cards("5H 6H 7H 9C"), parse_cards("2S 2D 2C KS")])
>>> state = GameState.start(BGA, deal, dealer=1)
>>> state, turn = step(state, Play(Table.parse("5H 6H 7H")))
>>> turn.played, state.hands[0], state.to_move
((Card.parse('5H'), Card.parse('6H'), Card.parse('7H')), (Card.parse('9C'),), 1)
>>> step(state, Play(Table.parse("5H 6H 7H KS")))
Traceback (most recent call last):
...
machiavelli_kit.game.actions.IllegalAction: meld 1, 5♥ 6♥ 7♥ K♠: the cards of a run all have the same suit, ...
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import TypeVar

from machiavelli_kit.core.cards import Card, quote
from machiavelli_kit.core.melds import Meld, ProblemKind
from machiavelli_kit.core.position import Position, Table, check_turn
from machiavelli_kit.game.actions import Action, ActionKind, Draw, IllegalAction, Pass, Play, Restore, action_of
from machiavelli_kit.game.limits import LimitReason, round_end
from machiavelli_kit.game.scoring import fewest, hand_points
from machiavelli_kit.game.state import EndReason, GameState, Result, Turn
from machiavelli_kit.i18n import _, ngettext

T = TypeVar("T")
MIN_OWN_CARDS_WITH_HELPERS = 2
"""A meld that takes helping cards holds at least this many cards from the player's own hand."""


def step(state: GameState, action: Action) -> tuple[GameState, Turn]:
    """Apply ``action`` for the player to move; raise :class:`IllegalAction` (changing nothing) if refused."""
    if state.result is not None:
        raise IllegalAction(_("the game is over: no more turns"))
    if isinstance(action, Play):
        return _play(state, action)
    if isinstance(action, Draw):
        return _draw(state)
    if isinstance(action, Restore):
        return _restore(state)
    if isinstance(action, Pass):
        return _pass(state)
    raise IllegalAction(_("{action} is not an action: choose draw, play, restore or pass").format(action=quote(action)))


def turn_action(turn: Turn) -> Action:
    """The action that made ``turn`` (to replay it)."""
    if turn.action == "play":
        return Play(turn.table, turn.helpers)
    return action_of(turn.action)


def refusal(state: GameState, action: Action) -> str | None:
    """Why ``action`` would be refused now, or ``None`` if the rules allow it."""
    try:
        step(state, action)
    except IllegalAction as error:
        return str(error)
    return None


def play_problems(state: GameState, play: Play) -> list[str]:
    """Everything wrong with ``play`` for the player to move, in plain words (empty: allowed)."""
    rules, seat = state.rules, state.to_move
    hand, taken = Counter(state.hands[seat]), Counter(play.helpers)
    start, end = state.table.cards(), play.table.cards()
    new = end - start
    problems = []
    if taken and not rules.helpers:
        problems.append(_("this game has no helping cards in the middle"))
    else:
        missing = _each(taken - Counter(state.helpers))
        problems += [_("{card} is not among the helping cards in the middle").format(card=card) for card in missing]
    problems += [
        _("the helping card {card} was taken but is not on the table").format(card=card) for card in _each(taken - new)
    ]
    reach = hand + taken
    verdict = check_turn(
        Position(state.table, tuple(reach.elements())), Position(play.table, tuple((reach - new).elements())), rules
    )
    problems += verdict.problem_lines(leaving_out={ProblemKind.TOO_MANY_PLAYED})  # the cap is worded below
    played = sum((new - taken).values())  # helping cards do not count toward the cap
    room = rules.turn_room(played)
    if room < 0:  # played + room: the most one turn may play
        problems.append(
            (
                ngettext(
                    "{count} card played from the hand, but the rules allow at most {cap} a turn "
                    "(helping cards do not count)",
                    "{count} cards played from the hand, but the rules allow at most {cap} a turn "
                    "(helping cards do not count)",
                    played,
                )
                if taken
                else ngettext(
                    "{count} card played from the hand, but the rules allow at most {cap} a turn",
                    "{count} cards played from the hand, but the rules allow at most {cap} a turn",
                    played,
                )
            ).format(count=played, cap=played + room)
        )
    closed_table = not rules.attach_before_laying and not state.opened[seat]
    if closed_table and Counter(state.table.melds) - Counter(play.table.melds):
        problems.append(
            _(
                "you have not laid a meld of your own yet, and in this game the melds on the table stay as they "
                "are until you do: put down new melds from your hand"
            )
        )
    if taken and not problems and not _helpers_fit(play.table.melds, new, taken):
        problems.append(
            _(
                "a helping card may only go into a new meld made with at least {count} cards "
                "from your own hand and no card from the table"
            ).format(count=MIN_OWN_CARDS_WITH_HELPERS)
        )
    return problems


def _play(state: GameState, play: Play) -> tuple[GameState, Turn]:
    problems = play_problems(state, play)
    if problems:
        raise IllegalAction("; ".join(problems))
    seat, taken = state.to_move, Counter(play.helpers)
    new = play.table.cards() - state.table.cards()
    played = new - taken
    hand = _sorted(Counter(state.hands[seat]) - played)
    opened = state.opened[seat] or _lays_own_meld(state.table, play.table, new)
    turn = Turn(state.turns + 1, seat, "play", play.table, _sorted(played), (), _sorted(taken))
    after = dataclasses.replace(
        state,
        hands=_with(state.hands, seat, hand),
        table=play.table,
        helpers=_sorted(Counter(state.helpers) - taken),
        opened=_with(state.opened, seat, opened),
        passes=0,
    )
    if not hand:
        return _finish(after, turn, seat, "closed"), turn
    return _next(after, turn), turn


def _draw(state: GameState) -> tuple[GameState, Turn]:
    if not state.stock:
        if state.rules.stock_out == "play_on":
            raise IllegalAction(_("the stock is empty, so there is nothing to draw: pass instead (or play)"))
        turn = Turn(state.turns + 1, state.to_move, "draw", state.table)
        return _out_of_stock(state, turn), turn
    return _take(state, "draw", 1)


def _restore(state: GameState) -> tuple[GameState, Turn]:
    penalty = state.rules.restore_penalty
    if penalty and not state.stock and state.rules.stock_out != "play_on":
        turn = Turn(state.turns + 1, state.to_move, "restore", state.table)
        return _out_of_stock(state, turn), turn
    return _take(state, "restore", penalty)


def _pass(state: GameState) -> tuple[GameState, Turn]:
    if state.stock:
        raise IllegalAction(_("you may pass only when the stock is empty: draw a card instead (or play)"))
    if state.rules.stock_out != "play_on":
        raise IllegalAction(_("in this game nobody passes: drawing from the empty stock ends the game"))
    return _take(state, "pass", 0)


def _take(state: GameState, kind: ActionKind, count: int) -> tuple[GameState, Turn]:
    """A turn without play that draws up to ``count`` cards (a draw, a restore or a pass)."""
    seat = state.to_move
    drawn = state.stock[:count]
    passes = state.passes + 1 if not state.stock else 0
    turn = Turn(state.turns + 1, seat, kind, state.table, (), drawn)
    after = dataclasses.replace(
        state,
        hands=_with(state.hands, seat, tuple(sorted(state.hands[seat] + drawn))),
        stock=state.stock[count:],
        passes=passes,
    )
    if passes >= state.players:
        return _finish(after, turn, fewest([len(hand) for hand in after.hands]), "blocked"), turn
    if drawn and not after.stock and state.rules.stock_out == "last_card":
        return _out_of_stock(after, turn), turn
    return _next(after, turn), turn


def _out_of_stock(state: GameState, turn: Turn) -> GameState:
    return _finish(state, turn, fewest([len(hand) for hand in state.hands]), "stock_out")


def _finish(state: GameState, turn: Turn, winner: int | None, reason: EndReason) -> GameState:
    return _ended(dataclasses.replace(state, turns=turn.number), winner, reason)


def _ended(state: GameState, winner: int | None, reason: EndReason) -> GameState:
    points = tuple(hand_points(hand) for hand in state.hands) if state.rules.scoring == "points" else None
    return dataclasses.replace(state, result=Result(winner, reason, state.hands, points))


def _next(state: GameState, turn: Turn) -> GameState:
    if state.ends_after is not None and turn.number >= state.ends_after[0]:
        return _ended(dataclasses.replace(state, turns=turn.number), _least_in_hand(state), state.ends_after[1])
    return dataclasses.replace(state, turns=turn.number, to_move=(turn.player + 1) % state.players)


def end_after_round(state: GameState, reason: LimitReason) -> GameState:
    """``state`` with a limit reached now: the round in progress is played to its end, then the game ends
    (at once between two rounds); a limit that ends the game sooner stays.

    >>> from machiavelli_kit.game.deal import arranged_deal
    >>> from machiavelli_kit.core.cards import parse_cards
    >>> from machiavelli_kit.core.rules import BGA
    >>> deal = arranged_deal(BGA, [parse_cards("5H 9C"), parse_cards("2S 2D KS")])
    >>> state, _turn = step(GameState.start(BGA, deal, dealer=1), Draw())
    >>> state = end_after_round(state, "time")
    >>> state.ends_after, state.over
    ((2, 'time'), False)
    >>> state, _turn = step(state, Draw())
    >>> state.result.reason, state.result.winner
    ('time', 0)
    """
    if state.result is not None:
        return state
    last = round_end(state.turns, state.players)
    if last == state.turns:
        return _ended(state, _least_in_hand(state), reason)
    if state.ends_after is not None and state.ends_after[0] <= last:
        return state
    return dataclasses.replace(state, ends_after=(last, reason))


def _least_in_hand(state: GameState) -> int | None:
    """Who wins when a limit ends the game: the fewest points left in hand (the fewest cards, when the
    rules score single games); ``None`` for a draw."""
    if state.rules.scoring == "points":
        return fewest([hand_points(hand) for hand in state.hands])
    return fewest([len(hand) for hand in state.hands])


def _lays_own_meld(start: Table, end: Table, new: Counter[Card]) -> bool:
    """Whether the end table holds a new meld made only of cards put down this turn."""
    fresh = Counter(end.melds) - Counter(start.melds)
    return any(not Counter(meld.cards) - new for meld in fresh)


def _helpers_fit(melds: Sequence[Meld], new: Counter[Card], taken: Counter[Card]) -> bool:
    """Whether some melds made only of new cards hold every taken helping card, each meld
    keeping at least two cards of the player's own hand (a small search: few melds, few helpers)."""
    candidates = [meld for meld in melds if not Counter(meld.cards) - new and Counter(meld.cards) & taken]
    for size in range(1, len(candidates) + 1):
        for chosen in combinations(candidates, size):
            together: Counter[Card] = Counter()
            for meld in chosen:
                together.update(meld.cards)
            if not together - new and _share_out(sorted(taken.elements()), [Counter(m.cards) for m in chosen]):
                return True
    return False


def _share_out(helpers: list[Card], melds: list[Counter[Card]]) -> bool:
    """Whether each helping card can go to a meld that holds it, no meld taking so many that
    fewer than two of its cards are the player's own."""
    if not helpers:
        return True
    card, rest = helpers[0], helpers[1:]
    for meld in melds:
        if meld[card] > 0 and meld.total() > MIN_OWN_CARDS_WITH_HELPERS:
            meld[card] -= 1
            fits = _share_out(rest, melds)
            meld[card] += 1
            if fits:
                return True
    return False


def _each(cards: Counter[Card]) -> list[Card]:
    return sorted(cards.elements())


def _sorted(cards: Counter[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards.elements()))


def _with(values: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    return (*values[:seat], value, *values[seat + 1 :])
