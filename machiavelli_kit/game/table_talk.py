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

from collections.abc import Callable, Sequence
from typing import Any

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


PRESET_NAMES = {"bga": "Board Game Arena", "classic": "classic", "wikipedia": "Wikipedia"}


def rules_text(rules: Rules) -> str:
    """The rules in words: the preset, then each change from it.

    >>> from machiavelli_kit.rules import Rules
    >>> rules_text(Rules.parse("bga(jokers=2, wrap=true, scoring=points)"))
    'Board Game Arena rules, with 2 jokers, points over several deals, runs may turn the corner (K A 2)'
    """
    words = [_change_text(name, value) for name, value in sorted(rules.overrides().items())]
    name = PRESET_NAMES.get(rules.preset, rules.preset)
    return f"{name} rules" + (", with " + ", ".join(words) if words else "")


def _change_text(name: str, value: object) -> str:
    """One rule that differs from the preset, in words."""
    phrases: dict[str, Callable[[Any], str]] = {
        "decks": lambda n: f"{n} decks",
        "jokers": lambda n: plural(n, "joker") if n else "no jokers",
        "hand_size": lambda n: f"{n} cards each",
        "ace_high": lambda yes: "an ace may follow the king" if yes else "an ace is only low (A 2 3)",
        "wrap": lambda yes: "runs may turn the corner (K A 2)" if yes else "runs may not turn the corner",
        "max_cards_per_turn": lambda n: "no limit on cards a turn" if n is None else f"at most {n} cards a turn",
        "restore_penalty": lambda n: f"Restore costs {plural(n, 'card')}",
        "stock_out": lambda how: (
            "play goes on when the stock is empty" if how == "play_on" else "the game ends when the stock is empty"
        ),
        "scoring": lambda how: "points over several deals" if how == "points" else "one game, no points",
        "attach_before_laying": lambda yes: (
            "add to melds before laying your own" if yes else "lay a meld of your own before adding to others"
        ),
        "short_deal": lambda n: "the full deal for five or more" if n is None else f"{n} cards each for five or more",
        "helpers": lambda n: plural(n, "helping card"),
    }
    return phrases[name](value) if name in phrases else f"{name} {value}"


def hand_sizes_text(names: Sequence[str], sizes: Sequence[int], skip: int | None) -> str:
    """How many cards each other player holds."""
    return ", ".join(
        f"{name} {plural(size, 'card')}"
        for seat, (name, size) in enumerate(zip(names, sizes, strict=True))
        if seat != skip
    )


__all__ = ["cards_text", "ending_text", "hand_sizes_text", "restore_warning", "rules_text", "turn_text"]
