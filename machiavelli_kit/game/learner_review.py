"""After a game: each of the people's turns beside what the solver would have played, with
the position before the turn (to draw as boards) and the share of best moves.

>>> from machiavelli_kit.game.autoplay import play_game
>>> game = play_game(["greedy", "beginner"], "bga", seed=5).game
>>> report = review_turns([game], seats=(1,))
>>> len(report.turns) == sum(turn.player == 1 for turn in game.turns)
True
>>> report.accuracy == review(game).accuracy["beginner"]
True
>>> print(review_turns([game], seats=(0,)).summary)
You made the best move on ... turns (100%).
>>> from machiavelli_kit.game.state import Turn
>>> from machiavelli_kit.core.cards import parse_cards
>>> from machiavelli_kit.core.position import Table
>>> drew = TurnReview(Turn(12, 1, "draw", Table(), (), parse_cards("KS")), "Bob", 0, parse_cards("2C 3C 4C"), False)
>>> print(ReviewedTurn(1, Position(Table(), parse_cards("2C 3C 4C KD")), drew).text)
Turn 12, Bob drew, but could have played 3 cards (2♣ 3♣ 4♣).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from machiavelli_kit.core.position import Position
from machiavelli_kit.game.engine import step, turn_action
from machiavelli_kit.game.review import REVIEW_SECONDS, TurnReview, review
from machiavelli_kit.game.session import Game
from machiavelli_kit.game.state import GameState
from machiavelli_kit.i18n import _, ngettext


@dataclass(frozen=True)
class ReviewedTurn:
    """One of the learner's turns: the deal it was in, the position before it, and the verdict."""

    deal: int
    before: Position
    verdict: TurnReview

    @property
    def text(self) -> str:
        """The verdict told to the player, in the language in use: what they did, and what was there to play
        (the same words as ``game review`` says, see :attr:`TurnReview.text`)."""
        return self.verdict.text


@dataclass(frozen=True)
class LearnerReview:
    """The people's turns over every deal, and the share on which they made the best move."""

    turns: tuple[ReviewedTurn, ...]

    @property
    def accuracy(self) -> float | None:
        """The share of reviewed turns that played as many cards as the solver found (``None``: no turns)."""
        judged = [turn.verdict for turn in self.turns if turn.verdict.best is not None]
        return sum(verdict.best_move for verdict in judged) / len(judged) if judged else None

    @property
    def summary(self) -> str:
        judged = [turn.verdict for turn in self.turns if turn.verdict.best is not None]
        if not judged:
            return _("There are no turns of yours to review yet.")
        best = sum(verdict.best_move for verdict in judged)
        return ngettext(
            "You made the best move on {best} of {count} turn ({percent:.0f}%).",
            "You made the best move on {best} of {count} turns ({percent:.0f}%).",
            len(judged),
        ).format(best=best, count=len(judged), percent=100 * best / len(judged))


def review_turns(games: Sequence[Game], seats: Sequence[int], *, seconds: float = REVIEW_SECONDS) -> LearnerReview:
    """Review the turns of ``seats`` in each of ``games`` (the deals of a match, in order)."""
    turns = []
    for deal, game in enumerate(games, start=1):
        verdicts = review(game, seconds=seconds).turns
        state = GameState.start(game.rules, game.deal, game.dealer)
        for turn, verdict in zip(game.turns, verdicts, strict=True):
            if turn.player in seats:
                turns.append(ReviewedTurn(deal, state.position(turn.player), verdict))
            state, _done = step(state, turn_action(turn))
    return LearnerReview(tuple(turns))


__all__ = ["LearnerReview", "ReviewedTurn", "review_turns"]
