"""What the game board says, in words for a young learner: each turn for the log, whose turn
it is, the restore warning and the end of a deal. Everything is said in the language in use.

>>> from machiavelli_kit.core.cards import parse_cards
>>> from machiavelli_kit.core.position import Table
>>> turn = Turn(3, 1, "play", Table.parse("6S 6H 6C"), parse_cards("6S 6H 6C"))
>>> print(turn_text("Greedy", turn, ("6♠ from the hand starts a new meld",), cards_left=9))
Greedy played 3 cards (6♠ 6♥ 6♣): 6♠ from the hand starts a new meld. Greedy has 9 cards left.
>>> print(turn_text("You", Turn(4, 0, "draw", Table(), (), parse_cards("KS")), (), cards_left=10))
You drew a card and have 10 cards now.
>>> from machiavelli_kit.core.rules import BGA
>>> print(restore_warning(BGA))
Restore puts every card back where it was and ends your turn, and you draw 3 cards as the penalty.
Press Restore again to do it, or go on playing.
>>> with speaking("it"):
...     print(turn_text("Greedy", Turn(5, 1, "draw", Table(), (), parse_cards("KS")), (), cards_left=2))
Greedy ha pescato una carta e ora ha 2 carte.
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli_kit.core.cards import Card, count_cards
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.game.state import Result, Turn
from machiavelli_kit.game.words import is_you, you_name
from machiavelli_kit.i18n import _, and_list, ngettext, speaking


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def turn_text(name: str, turn: Turn, moves: Sequence[str], *, cards_left: int, lang: str | None = None) -> str:
    """One turn told for the log, as every player at the screen may see it (a card drawn stays
    hidden): the cards played and the moves, or the draw, and the cards left."""
    with speaking(lang):
        return _you_turn(turn, moves, cards_left) if is_you(name) else _turn(name, turn, moves, cards_left)


def _turn(name: str, turn: Turn, moves: Sequence[str], cards_left: int) -> str:
    if turn.action == "play":
        count = len(turn.played)
        text = ngettext("{name} played {count} card ({cards})", "{name} played {count} cards ({cards})", count).format(
            name=name, count=count, cards=cards_text(turn.played)
        )
        text += _helpers(turn) + _moves(moves)
        if cards_left == 0:
            return text + " " + _("{name} has no cards left and closes!").format(name=name)
        return (
            text
            + " "
            + ngettext("{name} has {count} card left.", "{name} has {count} cards left.", cards_left).format(
                name=name, count=cards_left
            )
        )
    if turn.action == "draw":
        if not turn.drawn:
            return _("{name} had to draw, but the stock is empty.").format(name=name)
        return ngettext(
            "{name} drew a card and has {count} card now.", "{name} drew a card and has {count} cards now.", cards_left
        ).format(name=name, count=cards_left)
    if turn.action == "restore":
        count = len(turn.drawn)
        return ngettext(
            "{name} gave up and drew {count} card as the restore penalty.",
            "{name} gave up and drew {count} cards as the restore penalty.",
            count,
        ).format(name=name, count=count)
    return _("{name} passed: the stock is empty.").format(name=name)


def _you_turn(turn: Turn, moves: Sequence[str], cards_left: int) -> str:
    if turn.action == "play":
        count = len(turn.played)
        text = ngettext("You played {count} card ({cards})", "You played {count} cards ({cards})", count).format(
            count=count, cards=cards_text(turn.played)
        )
        text += _helpers(turn) + _moves(moves)
        if cards_left == 0:
            return text + " " + _("You have no cards left and close!")
        return (
            text
            + " "
            + ngettext("You have {count} card left.", "You have {count} cards left.", cards_left).format(
                count=cards_left
            )
        )
    if turn.action == "draw":
        if not turn.drawn:
            return _("You had to draw, but the stock is empty.")
        return ngettext(
            "You drew a card and have {count} card now.", "You drew a card and have {count} cards now.", cards_left
        ).format(count=cards_left)
    if turn.action == "restore":
        count = len(turn.drawn)
        return ngettext(
            "You gave up and drew {count} card as the restore penalty.",
            "You gave up and drew {count} cards as the restore penalty.",
            count,
        ).format(count=count)
    return _("You passed: the stock is empty.")


def _helpers(turn: Turn) -> str:
    if not turn.helpers:
        return ""
    # TRANSLATORS: follows "Greedy played 3 cards (6♠ 6♥ 6♣)".
    return ngettext(
        ", taking the helping card {cards}", ", taking the helping cards {cards}", len(turn.helpers)
    ).format(cards=cards_text(turn.helpers))


def _moves(moves: Sequence[str]) -> str:
    # TRANSLATORS: follows "Greedy played 3 cards (...)"; {moves} are the moves of the turn, told one by one.
    return _(": {moves}.").format(moves="; ".join(moves)) if moves else "."


def restore_warning(rules: Rules, *, lang: str | None = None) -> str:
    """What Restore costs, said before it is taken."""
    with speaking(lang):
        penalty = rules.restore_penalty
        if penalty:
            text = ngettext(
                "Restore puts every card back where it was and ends your turn, and you draw {count} card "
                "as the penalty.",
                "Restore puts every card back where it was and ends your turn, and you draw {count} cards "
                "as the penalty.",
                penalty,
            ).format(count=penalty)
        else:
            text = _(
                "Restore puts every card back where it was and ends your turn; these rules have no penalty, "
                "so you draw nothing."
            )
        return text + " " + _("Press Restore again to do it, or go on playing.")


def ending_text(result: Result, names: Sequence[str], *, lang: str | None = None) -> str:
    """Who won the deal and why, in one or two sentences."""
    with speaking(lang):
        counts = [len(hand) for hand in result.hands]
        if result.reason == "closed" and result.winner is not None:
            name = names[result.winner]
            return (
                _("You played every card and win the game!")
                if is_you(name)
                else _("{name} played every card and wins the game!").format(name=name)
            )
        why = {
            "stock_out": _("The stock ran out, so the player with the fewest cards wins."),
            "blocked": _("Nobody could play and the stock is empty: the game is blocked, so the fewest cards wins."),
        }.get(result.reason, "")
        if result.winner is not None:
            return f"{why} {_won(names[result.winner], counts[result.winner])}".strip()
        low = min(counts)
        tied = [names[seat] for seat, count in enumerate(counts) if count == low]
        return f"{why} {_draw(tied, low)}".strip()


def _won(name: str, count: int) -> str:
    if is_you(name):
        # TRANSLATORS: the learner's own seat won the deal with the fewest cards.
        return ngettext("You win with {count} card.", "You win with {count} cards.", count).format(count=count)
    return ngettext("{name} wins with {count} card.", "{name} wins with {count} cards.", count).format(
        name=name, count=count
    )


def _draw(tied: Sequence[str], count: int) -> str:
    others = [name for name in tied if not is_you(name)]
    if others and len(others) < len(tied):
        # TRANSLATORS: the learner's own seat ties with {names}: the other players' names, "Ann" or "Ann, Bob".
        return ngettext(
            "It is a draw: {names} and you hold {count} card each.",
            "It is a draw: {names} and you hold {count} cards each.",
            count,
        ).format(names=", ".join(others), count=count)
    return ngettext(
        "It is a draw: {names} hold {count} card each.", "It is a draw: {names} hold {count} cards each.", count
    ).format(names=and_list(tied), count=count)


def hand_sizes_text(names: Sequence[str], sizes: Sequence[int], skip: int | None, *, lang: str | None = None) -> str:
    """How many cards each other player holds."""
    with speaking(lang):
        return ", ".join(
            f"{name} {count_cards(size)}"
            for seat, (name, size) in enumerate(zip(names, sizes, strict=True))
            if seat != skip
        )


__all__ = [
    "cards_text",
    "count_cards",
    "ending_text",
    "hand_sizes_text",
    "is_you",
    "restore_warning",
    "turn_text",
    "you_name",
]
