"""Each turn and each ending told in a sentence, for the game log and ``game replay``.

The sentences are said in the language in use (``lang=`` chooses another).

>>> from machiavelli_kit.notation import parse_cards
>>> from machiavelli_kit.position import Table
>>> names = ("Ann", "Bob")
>>> print(describe_turn(Turn(3, 1, "play", Table.parse("5H 6H 7H"), parse_cards("6H 7H")), names))
turn 3, Bob plays 2 cards (6♥ 7♥); the table: 5♥ 6♥ 7♥
>>> print(describe_turn(Turn(4, 0, "draw", Table(), (), parse_cards("KS")), names, reveal=False))
turn 4, Ann draws a card
>>> print(describe_result(Result(None, "stock_out", (parse_cards("2S"), parse_cards("3S")), None), names))
the stock ran out: a draw, Ann and Bob hold 1 card each
>>> print(describe_turn(Turn(4, 0, "restore", Table(), (), parse_cards("KS 2H 3H")), names, lang="pl"))
tura 4, Ann przywraca stół i dobiera 3 karty za karę (K♠ 2♥ 3♥)
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli_kit.game.state import Result, Turn
from machiavelli_kit.i18n import _, ngettext, speaking


def describe_turn(
    turn: Turn, names: Sequence[str], *, reveal: bool = True, hand_left: int | None = None, lang: str | None = None
) -> str:
    """One line for ``turn``; ``reveal=False`` hides the cards drawn (what the other players see)."""
    with speaking(lang):
        return _describe_turn(turn, names, reveal=reveal, hand_left=hand_left)


def _describe_turn(turn: Turn, names: Sequence[str], *, reveal: bool, hand_left: int | None) -> str:
    number, name = turn.number, names[turn.player]
    drawn = _cards(turn.drawn) if reveal and turn.drawn else ""
    if turn.action == "play":
        count = len(turn.played)
        # TRANSLATORS: a line of the game log; {cards} are card codes such as 6♥ 7♥.
        text = ngettext(
            "turn {number}, {name} plays {count} card ({cards})",
            "turn {number}, {name} plays {count} cards ({cards})",
            count,
        ).format(number=number, name=name, count=count, cards=_cards(turn.played))
        if turn.helpers:
            text += ngettext(
                ", taking the helping card {cards}", ", taking the helping cards {cards}", len(turn.helpers)
            ).format(cards=_cards(turn.helpers))
        # TRANSLATORS: follows a play in the game log; {table} is every meld on the table.
        text += _("; the table: {table}").format(table=turn.table)
        if hand_left is not None:
            text += ngettext("; {count} card left in hand", "; {count} cards left in hand", hand_left).format(
                count=hand_left
            )
        return text
    if turn.action == "draw":
        if not turn.drawn:
            return _("turn {number}, {name} must draw, but the stock is empty").format(number=number, name=name)
        if drawn:
            return _("turn {number}, {name} draws a card ({cards})").format(number=number, name=name, cards=drawn)
        return _("turn {number}, {name} draws a card").format(number=number, name=name)
    if turn.action == "restore":
        count = len(turn.drawn)
        if not count:
            return _("turn {number}, {name} restores the table").format(number=number, name=name)
        if drawn:
            return ngettext(
                "turn {number}, {name} restores the table and draws {count} card as the penalty ({cards})",
                "turn {number}, {name} restores the table and draws {count} cards as the penalty ({cards})",
                count,
            ).format(number=number, name=name, count=count, cards=drawn)
        return ngettext(
            "turn {number}, {name} restores the table and draws {count} card as the penalty",
            "turn {number}, {name} restores the table and draws {count} cards as the penalty",
            count,
        ).format(number=number, name=name, count=count)
    return _("turn {number}, {name} passes (the stock is empty)").format(number=number, name=name)


def describe_result(result: Result, names: Sequence[str], *, lang: str | None = None) -> str:
    """How the game ended, and the points left in hand when the rules count them."""
    with speaking(lang):
        counts = [len(hand) for hand in result.hands]
        if result.reason == "closed" and result.winner is not None:
            text = _("{name} closes and wins").format(name=names[result.winner])
        else:
            why = (
                _("the stock ran out")
                if result.reason == "stock_out"
                else _("every player passed in a row: the game is blocked")
            )
            if result.winner is not None:
                count = counts[result.winner]
                # TRANSLATORS: {why} is "the stock ran out" or "every player passed in a row: the game is blocked".
                text = _("{why}: {name} wins with the fewest cards ({count})").format(
                    why=why, name=names[result.winner], count=count
                )
            else:
                low = min(counts)
                tied = [names[seat] for seat, count in enumerate(counts) if count == low]
                text = ngettext(
                    "{why}: a draw, {names} hold {count} card each",
                    "{why}: a draw, {names} hold {count} cards each",
                    low,
                ).format(why=why, names=and_list(tied), count=low)
        if result.points is not None:
            points = ", ".join(f"{name} {points}" for name, points in zip(names, result.points, strict=True))
            # TRANSLATORS: follows the end of a game in the log; {points} is "Ann 12, Bob 0".
            text += _("; points left in hand: {points}").format(points=points)
        return text


def and_list(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cleo`` in the language in use."""
    if len(names) < 2:
        return "".join(names)
    # TRANSLATORS: the end of a list of names: {names} is "Ann, Bob", {last} is "Cleo".
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _cards(cards: Sequence[object]) -> str:
    return " ".join(str(card) for card in cards)
