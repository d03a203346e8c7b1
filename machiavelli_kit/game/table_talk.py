"""What the game board says, in words for a young learner: each turn for the log, whose turn
it is, the restore warning and the end of a deal.

>>> from machiavelli_kit.notation import parse_cards
>>> from machiavelli_kit.position import Table
>>> turn = Turn(3, 1, "play", Table.parse("6S 6H 6C"), parse_cards("6S 6H 6C"))
>>> print(turn_text("Greedy", turn, ("6♠ from the hand starts a new meld",), cards_left=9))
Greedy played 3 cards (6♠ 6♥ 6♣): 6♠ from the hand starts a new meld. Greedy has 9 cards left.
>>> print(turn_text("You", Turn(4, 0, "draw", Table(), (), parse_cards("KS")), (), cards_left=10))
You drew a card and have 10 cards now.
>>> from machiavelli_kit.rules import BGA
>>> print(restore_warning(BGA))
Restore puts every card back where it was and ends your turn, and you draw 3 cards as the penalty.
Press Restore again to do it, or go on playing.
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli_kit.cards import Card, plural
from machiavelli_kit.game.state import Result, Turn
from machiavelli_kit.rules import Rules


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def turn_text(name: str, turn: Turn, moves: Sequence[str], *, cards_left: int) -> str:
    """One turn told for the log, as every player at the screen may see it (a card drawn stays
    hidden): the cards played and the moves, or the draw, and the cards left."""
    has = "have" if name == "You" else "has"
    if turn.action == "play":
        told = "; ".join(moves)
        helpers = f", taking the helping cards {cards_text(turn.helpers)}" if turn.helpers else ""
        text = f"{name} played {plural(len(turn.played), 'card')} ({cards_text(turn.played)}){helpers}"
        text += f": {told}." if told else "."
        if cards_left == 0:
            return text + f" {name} {has} no cards left and closes!"
        return text + f" {name} {has} {plural(cards_left, 'card')} left."
    if turn.action == "draw":
        if not turn.drawn:
            return f"{name} had to draw, but the stock is empty."
        return f"{name} drew a card and {has} {plural(cards_left, 'card')} now."
    if turn.action == "restore":
        return f"{name} gave up and drew {plural(len(turn.drawn), 'card')} as the restore penalty."
    return f"{name} passed: the stock is empty."


def restore_warning(rules: Rules) -> str:
    """What Restore costs, said before it is taken."""
    if rules.restore_penalty:
        cost = f"you draw {plural(rules.restore_penalty, 'card')} as the penalty"
    else:
        cost = "these rules have no penalty, so you draw nothing"
    return (
        f"Restore puts every card back where it was and ends your turn, and {cost}. "
        "Press Restore again to do it, or go on playing."
    )


def ending_text(result: Result, names: Sequence[str]) -> str:
    """Who won the deal and why, in one or two sentences."""
    counts = [len(hand) for hand in result.hands]
    if result.reason == "closed" and result.winner is not None:
        return f"{names[result.winner]} played every card and wins the game!"
    why = {
        "stock_out": "The stock ran out, so the player with the fewest cards wins.",
        "blocked": "Nobody could play and the stock is empty: the game is blocked, so the fewest cards wins.",
    }.get(result.reason, "")
    if result.winner is not None:
        return f"{why} {names[result.winner]} wins with {plural(counts[result.winner], 'card')}."
    low = min(counts)
    tied = [names[seat] for seat, count in enumerate(counts) if count == low]
    return f"{why} It is a draw: {' and '.join(tied)} hold {plural(low, 'card')} each."


def hand_sizes_text(names: Sequence[str], sizes: Sequence[int], skip: int | None) -> str:
    """How many cards each other player holds."""
    return ", ".join(
        f"{name} {plural(size, 'card')}"
        for seat, (name, size) in enumerate(zip(names, sizes, strict=True))
        if seat != skip
    )


__all__ = ["cards_text", "ending_text", "hand_sizes_text", "restore_warning", "turn_text"]
