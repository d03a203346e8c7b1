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
turn 12, beginner draws, but could have played 2 cards (2♣ 3♣)
"""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from machiavelli_kit.cards import Card, plural
from machiavelli_kit.game.engine import step, turn_action
from machiavelli_kit.game.plans import best_play
from machiavelli_kit.game.record import from_record
from machiavelli_kit.game.session import Game
from machiavelli_kit.game.state import GameState, Turn
from machiavelli_kit.position import Table
from machiavelli_kit.solver import SolverTimeout

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
        who = f"turn {self.turn.number}, {self.name}"
        if self.best is None:
            return f"{who}: not reviewed, the solver ran out of time"
        best = " ".join(str(card) for card in self.best)
        if self.turn.action != "play":
            did = {"draw": "draws", "restore": "restores", "pass": "passes"}[self.turn.action]
            if not self.best:
                return f"{who} {did}: there was no play"
            close = ": a close missed" if self.could_close else ""
            return f"{who} {did}, but could have played {plural(len(self.best), 'card')} ({best}){close}"
        if self.missed_close:
            return f"{who} plays {plural(self.played, 'card')}, but could have closed with all of {best}"
        if self.missed:
            return f"{who} plays {plural(self.played, 'card')} of {len(self.best)} possible ({best})"
        return f"{who} plays {plural(self.played, 'card')}: the most there was"


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
            shares[name if name not in shares else f"{name} (seat {seat})"] = (
                sum(turn.best_move for turn in mine) / len(mine) if mine else 1.0
            )
        return shares

    def text(self) -> str:
        lines = [turn.text for turn in self.turns]
        for seat, name in enumerate(self.players):
            mine = [turn for turn in self.turns if turn.turn.player == seat and turn.best is not None]
            best = sum(turn.best_move for turn in mine)
            missed = sum(turn.missed for turn in mine)
            closes = sum(turn.missed_close or (turn.needless_draw and turn.could_close) for turn in mine)
            draws = sum(turn.needless_draw for turn in mine)
            lines.append(
                f"{name}: accuracy {best}/{len(mine)} ({100 * best / max(1, len(mine)):.0f}%), "
                f"{plural(missed, 'card')} missed, {plural(closes, 'close')} missed, "
                f"{plural(draws, 'needless draw')}"
            )
        return "\n".join(lines)


def review(record: Game | dict[str, Any] | str, *, seconds: float = REVIEW_SECONDS) -> Review:
    """Review a game: a :class:`Game`, record data, or a record's JSON text (``seconds``: the
    solver's time for each turn; a turn it cannot settle in time is left out of the accuracy)."""
    if isinstance(record, str):
        record = json.loads(record)
    game = record if isinstance(record, Game) else from_record(record)
    state = GameState.start(game.rules, game.deal, game.dealer)
    reviews = []
    for turn in game.turns:
        view = state.view(turn.player)
        cards: tuple[Card, ...] | None = ()
        best_table = None
        try:
            best = best_play(view, deadline=time.perf_counter() + seconds)
        except SolverTimeout:
            best, cards = None, None
        if best is not None:
            cards = tuple(sorted((best.table.cards() - view.table.cards() - Counter(best.helpers)).elements()))
            best_table = best.table
        could_close = cards is not None and len(cards) == len(view.hand)
        name = game.players[turn.player]
        reviews.append(TurnReview(turn, name, len(turn.played), cards, could_close, best_table))
        state, _ = step(state, turn_action(turn))
    return Review(game.players, tuple(reviews))
