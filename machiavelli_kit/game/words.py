"""Each turn and each ending told in a sentence, for the game log and ``game replay``.

The sentences are said in the language in use (``lang=`` chooses another). The learner's own
seat (its default name You, Tu, Ty: :func:`is_you`) is told in the second person, as the board's
table talk does: a name it is not ("Ty zagrywa" would be wrong in Polish).

>>> from machiavelli_kit.core.cards import parse_cards
>>> from machiavelli_kit.core.position import Table
>>> names = ("Ann", "Bob")
>>> print(describe_turn(Turn(3, 1, "play", Table.parse("5H 6H 7H"), parse_cards("6H 7H")), names))
turn 3, Bob plays 2 cards (6♥ 7♥); the table: 5♥ 6♥ 7♥
>>> print(describe_turn(Turn(4, 0, "draw", Table(), (), parse_cards("KS")), names, reveal=False))
turn 4, Ann draws a card
>>> print(describe_result(Result(None, "stock_out", (parse_cards("2S"), parse_cards("3S")), None), names))
the stock ran out: a draw, Ann and Bob hold 1 card each
>>> print(describe_turn(Turn(4, 0, "restore", Table(), (), parse_cards("KS 2H 3H")), names, lang="pl"))
tura 4, Ann przywraca stół i dobiera 3 karty za karę (K♠ 2♥ 3♥)
>>> print(describe_turn(Turn(5, 0, "play", Table.parse("5H 6H 7H"), parse_cards("5H")), ("You", "Bob")))
turn 5, you play 1 card (5♥); the table: 5♥ 6♥ 7♥
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli_kit.game.state import Result, Turn
from machiavelli_kit.i18n import LANGUAGES, _, and_list, ngettext, pgettext, speaking


def you_name() -> str:
    """The name of the first person's seat until one is typed: You, Tu, Ty."""
    # TRANSLATORS: the name of the learner's seat at the game board, until they type their own.
    return pgettext("seat name", "You")


def is_you(name: str) -> bool:
    """Whether ``name`` is the learner's default name, in any of the kit's languages (You, Tu, Ty).

    >>> is_you("Ty"), is_you("you"), is_you("Greedy")
    (True, True, False)
    """
    return name.strip().lower() in {pgettext("seat name", "You", lang).lower() for lang in LANGUAGES}


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
        text = _played(number, name, turn.played)
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
    you = is_you(name)
    if turn.action == "draw":
        if not turn.drawn:
            if you:
                # TRANSLATORS: a line of the game log, about the learner's own seat (second person).
                return _("turn {number}, you must draw, but the stock is empty").format(number=number)
            return _("turn {number}, {name} must draw, but the stock is empty").format(number=number, name=name)
        if drawn:
            if you:
                return _("turn {number}, you draw a card ({cards})").format(number=number, cards=drawn)
            return _("turn {number}, {name} draws a card ({cards})").format(number=number, name=name, cards=drawn)
        if you:
            return _("turn {number}, you draw a card").format(number=number)
        return _("turn {number}, {name} draws a card").format(number=number, name=name)
    if turn.action == "restore":
        return _restored(number, name, len(turn.drawn), drawn)
    if you:
        return _("turn {number}, you pass (the stock is empty)").format(number=number)
    return _("turn {number}, {name} passes (the stock is empty)").format(number=number, name=name)


def _played(number: int, name: str, played: Sequence[object]) -> str:
    count, cards = len(played), _cards(played)
    if is_you(name):
        # TRANSLATORS: a line of the game log, about the learner's own seat (second person);
        # {cards} are card codes such as 6♥ 7♥.
        return ngettext(
            "turn {number}, you play {count} card ({cards})", "turn {number}, you play {count} cards ({cards})", count
        ).format(number=number, count=count, cards=cards)
    # TRANSLATORS: a line of the game log; {cards} are card codes such as 6♥ 7♥.
    return ngettext(
        "turn {number}, {name} plays {count} card ({cards})",
        "turn {number}, {name} plays {count} cards ({cards})",
        count,
    ).format(number=number, name=name, count=count, cards=cards)


def _restored(number: int, name: str, count: int, drawn: str) -> str:
    """A restore in the log: with its penalty cards when there are any, and those cards when shown."""
    if is_you(name):
        if not count:
            return _("turn {number}, you restore the table").format(number=number)
        if drawn:
            return ngettext(
                "turn {number}, you restore the table and draw {count} card as the penalty ({cards})",
                "turn {number}, you restore the table and draw {count} cards as the penalty ({cards})",
                count,
            ).format(number=number, count=count, cards=drawn)
        return ngettext(
            "turn {number}, you restore the table and draw {count} card as the penalty",
            "turn {number}, you restore the table and draw {count} cards as the penalty",
            count,
        ).format(number=number, count=count)
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


def describe_result(result: Result, names: Sequence[str], *, lang: str | None = None) -> str:
    """How the game ended, and the points left in hand when the rules count them."""
    with speaking(lang):
        counts = [len(hand) for hand in result.hands]
        if result.reason == "closed" and result.winner is not None:
            name = names[result.winner]
            # TRANSLATORS: the end of the game log, when the learner's own seat closed.
            text = _("you close and win") if is_you(name) else _("{name} closes and wins").format(name=name)
        else:
            why = (
                _("the stock ran out")
                if result.reason == "stock_out"
                else _("every player passed in a row: the game is blocked")
            )
            if result.winner is not None:
                text = _fewest(why, names[result.winner], counts[result.winner])
            else:
                low = min(counts)
                tied = [names[seat] for seat, count in enumerate(counts) if count == low]
                text = _tie(why, tied, low)
        if result.points is not None:
            points = ", ".join(f"{name} {points}" for name, points in zip(names, result.points, strict=True))
            # TRANSLATORS: follows the end of a game in the log; {points} is "Ann 12, Bob 0".
            text += _("; points left in hand: {points}").format(points=points)
        return text


def _fewest(why: str, name: str, count: int) -> str:
    if is_you(name):
        # TRANSLATORS: {why} is "the stock ran out" or "every player passed in a row: the game is blocked";
        # the learner's own seat won.
        return _("{why}: you win with the fewest cards ({count})").format(why=why, count=count)
    # TRANSLATORS: {why} is "the stock ran out" or "every player passed in a row: the game is blocked".
    return _("{why}: {name} wins with the fewest cards ({count})").format(why=why, name=name, count=count)


def _tie(why: str, tied: Sequence[str], count: int) -> str:
    others = [name for name in tied if not is_you(name)]
    if len(others) < len(tied) and others:
        # TRANSLATORS: the learner's own seat ties with {names}: the other players' names, "Ann" or "Ann, Bob".
        return ngettext(
            "{why}: a draw, {names} and you hold {count} card each",
            "{why}: a draw, {names} and you hold {count} cards each",
            count,
        ).format(why=why, names=", ".join(others), count=count)
    return ngettext(
        "{why}: a draw, {names} hold {count} card each",
        "{why}: a draw, {names} hold {count} cards each",
        count,
    ).format(why=why, names=and_list(tied), count=count)


def _cards(cards: Sequence[object]) -> str:
    return " ".join(str(card) for card in cards)
