"""Each turn and each ending told in a sentence, for the game log and ``game replay``.

>>> from machiavelli_kit.notation import parse_cards
>>> from machiavelli_kit.position import Table
>>> names = ("Ann", "Bob")
>>> print(describe_turn(Turn(3, 1, "play", Table.parse("5H 6H 7H"), parse_cards("6H 7H")), names))
turn 3, Bob plays 2 cards (6♥ 7♥); the table: 5♥ 6♥ 7♥
>>> print(describe_turn(Turn(4, 0, "draw", Table(), (), parse_cards("KS")), names, reveal=False))
turn 4, Ann draws a card
>>> print(describe_result(Result(None, "stock_out", (parse_cards("2S"), parse_cards("3S")), None), names))
the stock ran out: a draw, Ann and Bob hold 1 card each
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli_kit.cards import plural
from machiavelli_kit.game.state import Result, Turn


def describe_turn(turn: Turn, names: Sequence[str], *, reveal: bool = True, hand_left: int | None = None) -> str:
    """One line for ``turn``; ``reveal=False`` hides the cards drawn (what the other players see)."""
    who = f"turn {turn.number}, {names[turn.player]}"
    drawn = _cards(turn.drawn) if reveal and turn.drawn else ""
    if turn.action == "play":
        helpers = f", taking the helping card(s) {_cards(turn.helpers)}" if turn.helpers else ""
        text = f"{who} plays {_count(len(turn.played))} ({_cards(turn.played)}){helpers}; the table: {turn.table}"
        return text + ("" if hand_left is None else f"; {_count(hand_left)} left in hand")
    if turn.action == "draw":
        if not turn.drawn:
            return f"{who} must draw, but the stock is empty"
        return f"{who} draws a card" + (f" ({drawn})" if drawn else "")
    if turn.action == "restore":
        fine = f" and draws {_count(len(turn.drawn))} as the penalty" if turn.drawn else ""
        return f"{who} restores the table{fine}" + (f" ({drawn})" if drawn else "")
    return f"{who} passes (the stock is empty)"


def describe_result(result: Result, names: Sequence[str]) -> str:
    """How the game ended, and the points left in hand when the rules count them."""
    counts = [len(hand) for hand in result.hands]
    if result.reason == "closed" and result.winner is not None:
        text = f"{names[result.winner]} closes and wins"
    else:
        why = (
            "the stock ran out" if result.reason == "stock_out" else "every player passed in a row: the game is blocked"
        )
        if result.winner is not None:
            text = f"{why}: {names[result.winner]} wins with the fewest cards ({counts[result.winner]})"
        else:
            low = min(counts)
            tied = [names[seat] for seat, count in enumerate(counts) if count == low]
            text = f"{why}: a draw, {', '.join(tied[:-1])} and {tied[-1]} hold {_count(low)} each"
    if result.points is not None:
        text += "; points left in hand: " + ", ".join(
            f"{name} {points}" for name, points in zip(names, result.points, strict=True)
        )
    return text


def _cards(cards: Sequence[object]) -> str:
    return " ".join(str(card) for card in cards)


def _count(number: int) -> str:
    return plural(number, "card")
