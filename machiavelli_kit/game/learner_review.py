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
>>> from machiavelli_kit.notation import parse_cards
>>> from machiavelli_kit.position import Table
>>> drew = TurnReview(Turn(12, 1, "draw", Table(), (), parse_cards("KS")), "Bob", 0, parse_cards("2C 3C 4C"), False)
>>> print(ReviewedTurn(1, Position(Table(), parse_cards("2C 3C 4C KD")), drew).text)
Turn 12, Bob drew, but could have played 3 cards (2♣ 3♣ 4♣).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from machiavelli_kit.cards import plural
from machiavelli_kit.game.engine import step, turn_action
from machiavelli_kit.game.review import REVIEW_SECONDS, TurnReview, review
from machiavelli_kit.game.session import Game
from machiavelli_kit.game.state import GameState
from machiavelli_kit.position import Position


@dataclass(frozen=True)
class ReviewedTurn:
    """One of the learner's turns: the deal it was in, the position before it, and the verdict."""

    deal: int
    before: Position
    verdict: TurnReview

    @property
    def text(self) -> str:
        """The verdict told to the player: what they did, and what was there to play."""
        verdict, name = self.verdict, self.verdict.name
        who = f"Turn {verdict.turn.number}, {name}"
        if verdict.best is None:
            return f"{who}: not reviewed, the solver ran out of time."
        best = " ".join(str(card) for card in verdict.best)
        if verdict.turn.action != "play":
            did = {"draw": "drew", "restore": "restored the table", "pass": "passed"}[verdict.turn.action]
            if not verdict.best:
                return f"{who} {did}: right, there was no play."
            close = " and closed" if verdict.could_close else ""
            return f"{who} {did}, but could have played {plural(len(verdict.best), 'card')} ({best}){close}."
        played = plural(verdict.played, "card")
        if verdict.missed_close:
            return f"{who} played {played}, but could have closed with all of {best}."
        if verdict.missed:
            return f"{who} played {played} of {len(verdict.best)} possible ({best})."
        return f"{who} played {played}: the most there was."


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
            return "There are no turns of yours to review yet."
        best = sum(verdict.best_move for verdict in judged)
        return f"You made the best move on {best} of {len(judged)} turns ({100 * best / len(judged):.0f}%)."


def review_turns(games: Sequence[Game], seats: Sequence[int], *, seconds: float = REVIEW_SECONDS) -> LearnerReview:
    """Review the turns of ``seats`` in each of ``games`` (the deals of a match, in order)."""
    turns = []
    for deal, game in enumerate(games, start=1):
        verdicts = review(game, seconds=seconds).turns
        state = GameState.start(game.rules, game.deal, game.dealer)
        for turn, verdict in zip(game.turns, verdicts, strict=True):
            if turn.player in seats:
                turns.append(ReviewedTurn(deal, state.position(turn.player), verdict))
            state, _ = step(state, turn_action(turn))
    return LearnerReview(tuple(turns))


__all__ = ["LearnerReview", "ReviewedTurn", "review_turns"]
