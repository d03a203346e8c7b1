"""A finished (or saved) game reviewed turn by turn against the solver.

For every turn the review asks the solver for the most cards the player could have
played there, under the same rules (cap, closed table, helping cards), and says what
was missed: cards, a close, or a draw when a play was possible. A player's accuracy
is the share of their turns that played as many cards as the solver found (or drew
when there was no play).

>>> from machiavelli_kit.game.autoplay import play_game
>>> report = review(play_game(["greedy", "beginner"], "bga", seed=5).game)
>>> report.accuracy
{'greedy': 1.0, 'beginner': 0.08823529411764706}
>>> print(next(turn.text for turn in report.turns if turn.needless_draw))
Turn 12, beginner drew, but could have played 2 cards (2♣ 3♣).

The verdicts are said in the language in use (the learner's review on the game board says the same):

>>> from machiavelli_kit.i18n import speaking
>>> with speaking("pl"):
...     print(next(turn.text for turn in report.turns if turn.needless_draw))
Tura 12, beginner: dobiera kartę, choć można było zagrać 2 karty (2♣ 3♣).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.position import Table
from machiavelli_kit.game.engine import step, turn_action
from machiavelli_kit.game.narrator import is_you
from machiavelli_kit.game.plans import best_play
from machiavelli_kit.game.record import from_record, loads
from machiavelli_kit.game.session import Game
from machiavelli_kit.game.state import GameState, Turn
from machiavelli_kit.i18n import _, ngettext, speaking
from machiavelli_kit.solver import Clock, SolverTimeout

REVIEW_SECONDS = 30.0
"""The solver's time for one turn of a review."""


@dataclass(frozen=True)
class TurnReview:
    """One turn: what was played, what the solver would have played, and the verdict in words."""

    turn: Turn
    name: str
    played: int
    best: tuple[Card, ...] | None
    """The hand cards of the solver's play (``None``: the solver ran out of time on this turn)."""
    could_close: bool
    best_table: Table | None = None
    """The table the solver's play leaves (``None`` when there was no play or it ran out of time)."""

    @property
    def missed(self) -> int:
        """Hand cards the solver would have played beyond the player's."""
        return 0 if self.best is None else max(0, len(self.best) - self.played)

    @property
    def missed_close(self) -> bool:
        return self.could_close and self.missed > 0

    @property
    def needless_draw(self) -> bool:
        return self.turn.action != "play" and bool(self.best)

    @property
    def best_move(self) -> bool:
        return self.missed == 0 and not self.needless_draw

    @property
    def text(self) -> str:
        """The verdict in a sentence, in the language in use: what the player did, and what was there to play.

        The learner's own seat (named You, Tu, Ty until they type a name) is told in the second person."""
        return _you_verdict(self) if is_you(self.name) else _verdict(self)


def _verdict(review: TurnReview) -> str:
    """The verdict on another player's turn: "Turn 12, Bob drew, but could have played 3 cards (...)"."""
    number, name, action, best = review.turn.number, review.name, review.turn.action, review.best
    if best is None:
        return _("Turn {number}, {name}: not reviewed, the solver ran out of time.").format(number=number, name=name)
    cards, count, played = " ".join(str(card) for card in best), len(best), review.played
    if action != "play":
        if not best:
            return {
                "draw": _("Turn {number}, {name} drew: right, there was no play."),
                "restore": _("Turn {number}, {name} restored the table: right, there was no play."),
                "pass": _("Turn {number}, {name} passed: right, there was no play."),
            }[action].format(number=number, name=name)
        if review.could_close:
            said = {
                "draw": ngettext(
                    "Turn {number}, {name} drew, but could have played {count} card ({cards}) and closed.",
                    "Turn {number}, {name} drew, but could have played {count} cards ({cards}) and closed.",
                    count,
                ),
                "restore": ngettext(
                    "Turn {number}, {name} restored the table, but could have played {count} card ({cards}) "
                    "and closed.",
                    "Turn {number}, {name} restored the table, but could have played {count} cards ({cards}) "
                    "and closed.",
                    count,
                ),
                "pass": ngettext(
                    "Turn {number}, {name} passed, but could have played {count} card ({cards}) and closed.",
                    "Turn {number}, {name} passed, but could have played {count} cards ({cards}) and closed.",
                    count,
                ),
            }
        else:
            said = {
                "draw": ngettext(
                    "Turn {number}, {name} drew, but could have played {count} card ({cards}).",
                    "Turn {number}, {name} drew, but could have played {count} cards ({cards}).",
                    count,
                ),
                "restore": ngettext(
                    "Turn {number}, {name} restored the table, but could have played {count} card ({cards}).",
                    "Turn {number}, {name} restored the table, but could have played {count} cards ({cards}).",
                    count,
                ),
                "pass": ngettext(
                    "Turn {number}, {name} passed, but could have played {count} card ({cards}).",
                    "Turn {number}, {name} passed, but could have played {count} cards ({cards}).",
                    count,
                ),
            }
        return said[action].format(number=number, name=name, count=count, cards=cards)
    if review.missed_close:
        return ngettext(
            "Turn {number}, {name} played {count} card, but could have closed with all of {cards}.",
            "Turn {number}, {name} played {count} cards, but could have closed with all of {cards}.",
            played,
        ).format(number=number, name=name, count=played, cards=cards)
    if review.missed:
        return ngettext(
            "Turn {number}, {name} played {count} card of {most} possible ({cards}).",
            "Turn {number}, {name} played {count} cards of {most} possible ({cards}).",
            played,
        ).format(number=number, name=name, count=played, most=count, cards=cards)
    return ngettext(
        "Turn {number}, {name} played {count} card: the most there was.",
        "Turn {number}, {name} played {count} cards: the most there was.",
        played,
    ).format(number=number, name=name, count=played)


def _you_verdict(review: TurnReview) -> str:
    """The verdict on the learner's own turn: "Turn 12: you drew, but could have played 3 cards (...)"."""
    number, action, best = review.turn.number, review.turn.action, review.best
    if best is None:
        return _("Turn {number}: not reviewed, the solver ran out of time.").format(number=number)
    cards, count, played = " ".join(str(card) for card in best), len(best), review.played
    if action != "play":
        if not best:
            return {
                "draw": _("Turn {number}: you drew, and rightly so: there was no play."),
                "restore": _("Turn {number}: you restored the table, and there was no play."),
                "pass": _("Turn {number}: you passed, and rightly so: there was no play."),
            }[action].format(number=number)
        if review.could_close:
            said = {
                "draw": ngettext(
                    "Turn {number}: you drew, but you could have played {count} card ({cards}) and closed.",
                    "Turn {number}: you drew, but you could have played {count} cards ({cards}) and closed.",
                    count,
                ),
                "restore": ngettext(
                    "Turn {number}: you restored the table, but you could have played {count} card ({cards}) "
                    "and closed.",
                    "Turn {number}: you restored the table, but you could have played {count} cards ({cards}) "
                    "and closed.",
                    count,
                ),
                "pass": ngettext(
                    "Turn {number}: you passed, but you could have played {count} card ({cards}) and closed.",
                    "Turn {number}: you passed, but you could have played {count} cards ({cards}) and closed.",
                    count,
                ),
            }
        else:
            said = {
                "draw": ngettext(
                    "Turn {number}: you drew, but you could have played {count} card ({cards}).",
                    "Turn {number}: you drew, but you could have played {count} cards ({cards}).",
                    count,
                ),
                "restore": ngettext(
                    "Turn {number}: you restored the table, but you could have played {count} card ({cards}).",
                    "Turn {number}: you restored the table, but you could have played {count} cards ({cards}).",
                    count,
                ),
                "pass": ngettext(
                    "Turn {number}: you passed, but you could have played {count} card ({cards}).",
                    "Turn {number}: you passed, but you could have played {count} cards ({cards}).",
                    count,
                ),
            }
        return said[action].format(number=number, count=count, cards=cards)
    if review.missed_close:
        return ngettext(
            "Turn {number}: you played {count} card, but you could have closed with all of {cards}.",
            "Turn {number}: you played {count} cards, but you could have closed with all of {cards}.",
            played,
        ).format(number=number, count=played, cards=cards)
    if review.missed:
        return ngettext(
            "Turn {number}: you played {count} card of {most} possible ({cards}).",
            "Turn {number}: you played {count} cards of {most} possible ({cards}).",
            played,
        ).format(number=number, count=played, most=count, cards=cards)
    return ngettext(
        "Turn {number}: you played {count} card, the most there was. Well done!",
        "Turn {number}: you played {count} cards, the most there was. Well done!",
        played,
    ).format(number=number, count=played)


@dataclass(frozen=True)
class Review:
    """Every turn reviewed, and each player's accuracy (the share of best moves)."""

    players: tuple[str, ...]
    turns: tuple[TurnReview, ...]

    @property
    def accuracy(self) -> dict[str, float]:
        """For each player, the share of their turns that matched the solver's most cards."""
        shares = {}
        for seat, name in enumerate(self.players):
            mine = [turn for turn in self.turns if turn.turn.player == seat and turn.best is not None]
            shares[name if name not in shares else f"{name} (seat {seat})"] = (  # data: kept in English
                sum(turn.best_move for turn in mine) / len(mine) if mine else 1.0
            )
        return shares

    def text(self, lang: str | None = None) -> str:
        """Every turn's verdict, then each player's accuracy, in the language in use (or ``lang``)."""
        with speaking(lang):
            return self._text()

    def _text(self) -> str:
        lines = [turn.text for turn in self.turns]
        for seat, name in enumerate(self.players):
            mine = [turn for turn in self.turns if turn.turn.player == seat and turn.best is not None]
            best = sum(turn.best_move for turn in mine)
            missed = sum(turn.missed for turn in mine)
            closes = sum(turn.missed_close or (turn.needless_draw and turn.could_close) for turn in mine)
            draws = sum(turn.needless_draw for turn in mine)
            # TRANSLATORS: the first part of a player's line at the end of a review: "greedy: accuracy 30/30 (100%)".
            line = _("{name}: accuracy {best}/{turns} ({percent:.0f}%)").format(
                name=name, best=best, turns=len(mine), percent=100 * best / max(1, len(mine))
            )
            missed_cards = ngettext("{count} card missed", "{count} cards missed", missed).format(count=missed)
            missed_closes = ngettext("{count} close missed", "{count} closes missed", closes).format(count=closes)
            needless = ngettext("{count} needless draw", "{count} needless draws", draws).format(count=draws)
            lines.append(f"{line}, {missed_cards}, {missed_closes}, {needless}")
        return "\n".join(lines)


def review(record: Game | dict[str, Any] | str, *, seconds: float = REVIEW_SECONDS) -> Review:
    """Review a game: a :class:`Game`, record data, or a record's JSON text (``seconds``: the
    solver's time for each turn; a turn it cannot settle in time is left out of the accuracy)."""
    if isinstance(record, str):
        record = loads(record)
    game = record if isinstance(record, Game) else from_record(record)
    state = GameState.start(game.rules, game.deal, game.dealer)
    reviews = []
    for turn in game.turns:
        view = state.view(turn.player)
        cards: tuple[Card, ...] | None = ()
        best_table = None
        try:
            best = best_play(view, clock=Clock(seconds))
        except SolverTimeout:
            best, cards = None, None
        if best is not None:
            cards = tuple(sorted((best.table.cards() - view.table.cards() - Counter(best.helpers)).elements()))
            best_table = best.table
        could_close = cards is not None and len(cards) == len(view.hand)
        name = game.players[turn.player]
        reviews.append(TurnReview(turn, name, len(turn.played), cards, could_close, best_table))
        state, _done = step(state, turn_action(turn))
    return Review(game.players, tuple(reviews))
