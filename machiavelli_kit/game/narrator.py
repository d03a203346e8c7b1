"""The game's narrator: every sentence the game says about its turns and endings, said for a young
learner in the language in use (``lang=`` chooses another). Each thing told has one function:

- whose turn it is (:func:`your_turn`, :func:`computer_playing`, :func:`pass_the_screen`,
  :func:`game_over`), and what a person is told of the turn they just took (:func:`your_play`,
  :func:`your_last_play`, :func:`your_draw`, :func:`your_restore`), the cards drawn shown to them alone;
- :func:`log_turn` and :func:`log_result`: the game's log (``Game.log``, ``game play``, ``game replay``),
  a line a turn, numbered, with the table it left (the cards drawn shown, or hidden from the others);
- :func:`board_turn` and :func:`board_ending`: the game board's log as the game happens, each turn with
  its moves and the cards left, and the end of a deal; :func:`turn_summary`: a turn in one short line;
  :func:`match_standing`: the match after a deal;
- :func:`restore_warning`: what Restore costs, said before it is taken;

The learner's own seat (its default name You, Tu, Ty: :func:`is_you`) is told in the second person:
a name it is not ("Ty zagrywa" would be wrong in Polish).

>>> from machiavelli_kit.core.cards import parse_cards
>>> from machiavelli_kit.core.position import Table
>>> names = ("Ann", "Bob")
>>> print(log_turn(Turn(3, 1, "play", Table.parse("5H 6H 7H"), parse_cards("6H 7H")), names))
turn 3, Bob plays 2 cards (6♥ 7♥); the table: 5♥ 6♥ 7♥
>>> print(log_turn(Turn(4, 0, "draw", Table(), (), parse_cards("KS")), names, reveal=False))
turn 4, Ann draws a card
>>> print(log_result(Result(None, "stock_out", (parse_cards("2S"), parse_cards("3S")), None), names))
the stock ran out: a draw, Ann and Bob hold 1 card each
>>> print(log_turn(Turn(4, 0, "restore", Table(), (), parse_cards("KS 2H 3H")), names, lang="pl"))
tura 4, Ann przywraca stół i dobiera 3 karty za karę (K♠ 2♥ 3♥)
>>> print(log_turn(Turn(5, 0, "play", Table.parse("5H 6H 7H"), parse_cards("5H")), ("You", "Bob")))
turn 5, you play 1 card (5♥); the table: 5♥ 6♥ 7♥
>>> turn = Turn(3, 1, "play", Table.parse("6S 6H 6C"), parse_cards("6S 6H 6C"))
>>> print(board_turn("Greedy", turn, ("6♠ from the hand starts a new meld",), cards_left=9))
Greedy played 3 cards (6♠ 6♥ 6♣): 6♠ from the hand starts a new meld. Greedy has 9 cards left.
>>> print(board_turn("You", Turn(4, 0, "draw", Table(), (), parse_cards("KS")), (), cards_left=10))
You drew a card and have 10 cards now.
>>> print(board_turn("Greedy", Turn(5, 1, "draw", Table(), (), parse_cards("KS")), (), cards_left=2, lang="it"))
Greedy ha pescato una carta e ora ha 2 carte.
>>> from machiavelli_kit.core.rules import BGA
>>> print(restore_warning(BGA))
Restore puts every card back where it was and ends your turn, and you draw 3 cards as the penalty.
Press Restore again to do it, or go on playing.
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.position import Table
from machiavelli_kit.core.rules import Rules
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


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as the game tells them: their codes, ``6♠ 6♥ 6♣``."""
    return " ".join(str(card) for card in cards)


# whose turn it is, and what the person who just played is told


def game_over() -> str:
    return _("The game is over.")


def computer_playing(name: str) -> str:
    return _("{name} is playing.").format(name=name)


def pass_the_screen(name: str) -> str:
    """What people sharing one screen are told before the next one's hand is shown."""
    return _("{name}'s turn. Pass the screen to {name}; the others look away.").format(name=name)


def your_turn(name: str | None, *, passes: bool, helpers: Sequence[Card]) -> str:
    """What to do on a person's turn, called by ``name`` (``None``: the learner alone, as "you");
    ``passes``: Pass ends a turn with no play (the stock is empty), not Draw; the helping cards
    in the hand row and what they may join."""
    if name is not None:
        text = (
            _("Your turn, {name}: drag cards from your hand onto the table, then press End turn. No play? Press Pass.")
            if passes
            else _(
                "Your turn, {name}: drag cards from your hand onto the table, then press End turn. No play? Press Draw."
            )
        ).format(name=name)
    else:
        text = (
            _("Your turn: drag cards from your hand onto the table, then press End turn. No play? Press Pass.")
            if passes
            else _("Your turn: drag cards from your hand onto the table, then press End turn. No play? Press Draw.")
        )
    if helpers:
        text += " " + ngettext(
            "The helping card {cards} is in your hand row: it may join only a new meld with at least two "
            "cards of your own.",
            "The helping cards {cards} are in your hand row: one may join only a new meld with at least two "
            "cards of your own.",
            len(helpers),
        ).format(cards=cards_text(helpers))
    return text


def undo_before_drawing(penalty: int) -> str:
    """Why Draw did nothing: cards were moved this turn (``penalty``: the cards Restore would cost)."""
    return ngettext(
        "You have moved cards. Take them back with Undo and then draw, press End turn if your table is "
        "ready, or press Restore (you draw {count} card as the penalty).",
        "You have moved cards. Take them back with Undo and then draw, press End turn if your table is "
        "ready, or press Restore (you draw {count} cards as the penalty).",
        penalty,
    ).format(count=penalty)


def your_play(turn: Turn, left: int) -> str:
    """The person's own play, as they are told it: the cards, and how many they have ``left``."""
    count = len(turn.played)
    return ngettext(
        "You played {count} card ({cards}); {left} left.",
        "You played {count} cards ({cards}); {left} left.",
        count,
    ).format(count=count, cards=cards_text(turn.played), left=left)


def your_last_play(turn: Turn) -> str:
    """The person's play that ended the deal (the end of the deal is told after it)."""
    return _("You played {cards}.").format(cards=cards_text(turn.played))


def your_draw(turn: Turn) -> str:
    """The person's draw, the card drawn shown to them alone; or their pass."""
    if turn.action == "pass":
        return _("You passed. Your turn is over.")
    return _("You drew {cards}. Your turn is over.").format(cards=cards_text(turn.drawn))


def your_restore(turn: Turn) -> str:
    """The person's restore, with the penalty cards they drew."""
    count = len(turn.drawn)
    if not count:
        return _("The table is back as it was.")
    return ngettext(
        "The table is back as it was; you drew {count} card ({cards}).",
        "The table is back as it was; you drew {count} cards ({cards}).",
        count,
    ).format(count=count, cards=cards_text(turn.drawn))


# the game's log


def log_turn(
    turn: Turn, names: Sequence[str], *, reveal: bool = True, hand_left: int | None = None, lang: str | None = None
) -> str:
    """``turn`` in the game's log; ``reveal=False`` hides the cards drawn (what the other players see)."""
    with speaking(lang):
        return _log_turn(turn, names, reveal=reveal, hand_left=hand_left)


def _log_turn(turn: Turn, names: Sequence[str], *, reveal: bool, hand_left: int | None) -> str:
    number, name = turn.number, names[turn.player]
    drawn = cards_text(turn.drawn) if reveal and turn.drawn else ""
    if turn.action == "play":
        text = _played(number, name, turn.played) + _helpers(turn)
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


def _played(number: int, name: str, played: Sequence[Card]) -> str:
    count, cards = len(played), cards_text(played)
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


def log_result(result: Result, names: Sequence[str], *, lang: str | None = None) -> str:
    """How the game ended, last in its log, and the points left in hand when the rules count them."""
    with speaking(lang):
        counts = [len(hand) for hand in result.hands]
        if result.reason == "closed" and result.winner is not None:
            name = names[result.winner]
            # TRANSLATORS: the end of the game log, when the learner's own seat closed.
            text = _("you close and win") if is_you(name) else _("{name} closes and wins").format(name=name)
        else:
            why = {
                "stock_out": _("the stock ran out"),
                "blocked": _("every player passed in a row: the game is blocked"),
                "time": _("the time is up and the round is over"),
                "turns": _("the last round is over"),
            }[result.reason]
            if result.reason in ("time", "turns") and result.points is not None:
                text = _fewest_points(why, result, names)
            elif result.winner is not None:
                text = _fewest(why, names[result.winner], counts[result.winner])
            else:
                text = _tie(why, *_tied(result, names))
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


def _fewest_points(why: str, result: Result, names: Sequence[str]) -> str:
    """How a game that a limit ended under points scoring went, after ``why``: the fewest points win."""
    assert result.points is not None
    if result.winner is not None:
        name, points = names[result.winner], result.points[result.winner]
        if is_you(name):
            # TRANSLATORS: {why} is "the time is up and the round is over"; the learner's own seat won.
            return _("{why}: you win with the fewest points in hand ({points})").format(why=why, points=points)
        # TRANSLATORS: {why} is "the time is up and the round is over" or "the last round is over".
        return _("{why}: {name} wins with the fewest points in hand ({points})").format(
            why=why, name=name, points=points
        )
    tied, low = _tied_points(result, names)
    return ngettext(
        "{why}: a draw, {names} hold {count} point each", "{why}: a draw, {names} hold {count} points each", low
    ).format(why=why, names=and_list(tied), count=low)


def _fewest_points_sentence(result: Result, names: Sequence[str]) -> str:
    assert result.points is not None
    if result.winner is not None:
        name, points = names[result.winner], result.points[result.winner]
        if is_you(name):
            return ngettext(
                "You win with {count} point in hand.", "You win with {count} points in hand.", points
            ).format(count=points)
        return ngettext(
            "{name} wins with {count} point in hand.", "{name} wins with {count} points in hand.", points
        ).format(name=name, count=points)
    tied, low = _tied_points(result, names)
    return ngettext(
        "It is a draw: {names} hold {count} point each.", "It is a draw: {names} hold {count} points each.", low
    ).format(names=and_list(tied), count=low)


def _tied_points(result: Result, names: Sequence[str]) -> tuple[list[str], int]:
    """The names of the players who tie with the fewest points in hand, and how many points each holds."""
    assert result.points is not None
    low = min(result.points)
    return [names[seat] for seat, points in enumerate(result.points) if points == low], low


def _tie(why: str, tied: Sequence[str], count: int) -> str:
    others = _others_tied_with_you(tied)
    if others:
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


# the game board's log


def board_turn(name: str, turn: Turn, moves: Sequence[str], *, cards_left: int, lang: str | None = None) -> str:
    """``turn`` in the game board's log, as every player at the screen may see it (a card drawn stays
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


def turn_summary(name: str, turn: Turn, before: Table, *, cards_left: int, lang: str | None = None) -> str:
    """``turn`` in one short line for the game board's log (a computer's play told move by move is
    :func:`board_turn`, the line's details): the cards played and whether they made new melds.

    >>> from machiavelli_kit.core.cards import parse_cards
    >>> turn = Turn(3, 1, "play", Table.parse("6S 6H 6C"), parse_cards("6S 6H 6C"))
    >>> print(turn_summary("Bea", turn, Table(), cards_left=9))
    Bea played 3 cards (6♠ 6♥ 6♣) and made a new meld.
    >>> turn = Turn(5, 1, "play", Table.parse("6S 6H 6C 6D"), parse_cards("6D"))
    >>> print(turn_summary("Bea", turn, Table.parse("6S 6H 6C"), cards_left=0, lang="it"))
    Bea ha giocato 1 carta (6♦) e l'ha aggiunta alle combinazioni sul tavolo. Bea non ha più carte e chiude!
    """
    if turn.action != "play":
        return board_turn(name, turn, (), cards_left=cards_left, lang=lang)
    with speaking(lang):
        count, made = len(turn.played), len(turn.table.melds) - len(before.melds)
        played = ngettext("{name} played {count} card ({cards})", "{name} played {count} cards ({cards})", count)
        if made > 0:
            what = ngettext("made a new meld", "made {count} new melds", made).format(count=made)
        else:
            # TRANSLATORS: follows "Bea played 2 cards (...) and": the cards went onto melds already on the table.
            what = ngettext("added it to the melds on the table", "added them to the melds on the table", count)
        # TRANSLATORS: {played} is "Bea played 3 cards (6♠ 6♥ 6♣)", {what} is "made a new meld".
        text = _("{played} and {what}.").format(
            played=played.format(name=name, count=count, cards=cards_text(turn.played)), what=what
        )
        if cards_left == 0:
            text += " " + _("{name} has no cards left and closes!").format(name=name)
        return text


def _moves(moves: Sequence[str]) -> str:
    # TRANSLATORS: follows "Greedy played 3 cards (...)"; {moves} are the moves of the turn, told one by one.
    return _(": {moves}.").format(moves="; ".join(moves)) if moves else "."


def board_ending(result: Result, names: Sequence[str], *, lang: str | None = None) -> str:
    """Who won the deal and why, at the game board's end of a deal, in one or two sentences."""
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
            "time": _("The time is up and the round is over, so the fewest cards wins."),
            "turns": _("The last round is over, so the fewest cards wins."),
        }.get(result.reason, "")
        if result.reason in ("time", "turns") and result.points is not None:
            why = {
                "time": _("The time is up and the round is over, so the fewest points in hand win."),
                "turns": _("The last round is over, so the fewest points in hand win."),
            }[result.reason]
            return f"{why} {_fewest_points_sentence(result, names)}"
        if result.winner is not None:
            return f"{why} {_won(names[result.winner], counts[result.winner])}".strip()
        return f"{why} {_draw(*_tied(result, names))}".strip()


def _won(name: str, count: int) -> str:
    if is_you(name):
        # TRANSLATORS: the learner's own seat won the deal with the fewest cards.
        return ngettext("You win with {count} card.", "You win with {count} cards.", count).format(count=count)
    return ngettext("{name} wins with {count} card.", "{name} wins with {count} cards.", count).format(
        name=name, count=count
    )


def _draw(tied: Sequence[str], count: int) -> str:
    others = _others_tied_with_you(tied)
    if others:
        # TRANSLATORS: the learner's own seat ties with {names}: the other players' names, "Ann" or "Ann, Bob".
        return ngettext(
            "It is a draw: {names} and you hold {count} card each.",
            "It is a draw: {names} and you hold {count} cards each.",
            count,
        ).format(names=", ".join(others), count=count)
    return ngettext(
        "It is a draw: {names} hold {count} card each.", "It is a draw: {names} hold {count} cards each.", count
    ).format(names=and_list(tied), count=count)


def match_standing(deals: int, target: int | None, *, over: bool = False, winner: str | None = None) -> str:
    """Where a match stands after ``deals`` deals: who won it once it is ``over`` (``winner``, or a draw),
    else that fewest points is best, up to the ``target`` that ends it."""
    if over:
        if winner is None:
            return ngettext(
                "After {count} deal, the match is a draw: fewest points wins.",
                "After {count} deals, the match is a draw: fewest points wins.",
                deals,
            ).format(count=deals)
        if is_you(winner):
            # TRANSLATORS: the learner's own seat won the match.
            return ngettext(
                "After {count} deal, you win the match: fewest points wins.",
                "After {count} deals, you win the match: fewest points wins.",
                deals,
            ).format(count=deals)
        return ngettext(
            "After {count} deal, {name} wins the match: fewest points wins.",
            "After {count} deals, {name} wins the match: fewest points wins.",
            deals,
        ).format(count=deals, name=winner)
    if target:
        return ngettext(
            "After {count} deal, fewest points is best (the match ends when someone reaches {target} points).",
            "After {count} deals, fewest points is best (the match ends when someone reaches {target} points).",
            deals,
        ).format(count=deals, target=target)
    return ngettext(
        "After {count} deal, fewest points is best.", "After {count} deals, fewest points is best.", deals
    ).format(count=deals)


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


# said in both logs


def _helpers(turn: Turn) -> str:
    if not turn.helpers:
        return ""
    # TRANSLATORS: follows "Greedy played 3 cards (6♠ 6♥ 6♣)" or "turn 3, Bob plays 2 cards (6♥ 7♥)".
    return ngettext(
        ", taking the helping card {cards}", ", taking the helping cards {cards}", len(turn.helpers)
    ).format(cards=cards_text(turn.helpers))


def _tied(result: Result, names: Sequence[str]) -> tuple[list[str], int]:
    """The names of the players who tie with the fewest cards, and how many cards each holds."""
    counts = [len(hand) for hand in result.hands]
    low = min(counts)
    return [names[seat] for seat, count in enumerate(counts) if count == low], low


def _others_tied_with_you(tied: Sequence[str]) -> list[str]:
    """The players the learner's own seat ties with ("Ann, Bob and you"); none when it is not among ``tied``."""
    others = [name for name in tied if not is_you(name)]
    return others if len(others) < len(tied) else []


__all__ = [
    "board_ending",
    "board_turn",
    "cards_text",
    "computer_playing",
    "game_over",
    "is_you",
    "log_result",
    "log_turn",
    "match_standing",
    "pass_the_screen",
    "restore_warning",
    "turn_summary",
    "you_name",
    "your_draw",
    "your_last_play",
    "your_play",
    "your_restore",
    "your_turn",
]
