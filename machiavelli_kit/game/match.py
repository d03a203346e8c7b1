"""A match scored in points: deals one after another until a player's points reach the
target or the number of deals is played; the fewest points wins.

Each deal is a game of its own, dealt from the match's seed plus the deal's number (so
every deal's record replays on its own). The seed draws the first dealer; then the deal
passes to the next seat each time, as the classic rules (000) play it.

>>> from machiavelli_kit.game.autoplay import play_out
>>> match = Match(["Ann", "Bob"], "classic", seed=4, deals=2)
>>> while not match.over:
...     _ = play_out(match.game, ["greedy", "beginner"])
...     if not match.over:
...         _ = match.next_deal()
>>> len(match.games), match.totals == tuple(map(sum, zip(*(g.result.points for g in match.games))))
(2, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli_kit.core.rules import Rules, as_rules
from machiavelli_kit.game.limits import NO_LIMIT, Limit
from machiavelli_kit.game.scoring import fewest
from machiavelli_kit.game.session import Game
from machiavelli_kit.i18n import _

DEFAULT_TARGET = 101
"""A common target in Italian rummy games: whoever reaches 101 points ends the match."""


class MatchError(ValueError):
    """A match the rules or its settings do not allow."""


class Match:
    """Deals of one match, the points each player has collected, and whether the match is over."""

    def __init__(
        self,
        players: Sequence[str],
        rules: Rules | str,
        seed: int,
        *,
        target: int | None = DEFAULT_TARGET,
        deals: int | None = None,
        limit: Limit = NO_LIMIT,
    ) -> None:
        self.rules = as_rules(rules)
        if self.rules.scoring != "points":
            raise MatchError(_("a match counts points: use rules with scoring=points (the classic preset does)"))
        if target is None and deals is None:
            raise MatchError(_("a match needs a target score, a number of deals, or both"))
        if (target is not None and target < 1) or (deals is not None and deals < 1):
            raise MatchError(_("the target and the number of deals must be at least 1"))
        self.players, self.seed, self.target, self.deals = tuple(players), seed, target, deals
        self.limit = limit
        """Each deal's limit of turns or minutes."""
        self.games = [Game.new(self.players, self.rules, seed, limit=limit)]

    @property
    def game(self) -> Game:
        """The deal being played (or the last one)."""
        return self.games[-1]

    @property
    def totals(self) -> tuple[int, ...]:
        """Points left in hand over the finished deals, by seat."""
        totals = [0] * len(self.players)
        for game in self.games:
            if game.result is not None and game.result.points is not None:
                totals = [total + points for total, points in zip(totals, game.result.points, strict=True)]
        return tuple(totals)

    @property
    def over(self) -> bool:
        if not self.game.over:
            return False
        reached = self.target is not None and max(self.totals) >= self.target
        return reached or (self.deals is not None and len(self.games) >= self.deals)

    @property
    def winner(self) -> int | None:
        """The seat with the fewest points once the match is over (``None`` while it goes on, or on a tie)."""
        return fewest(self.totals) if self.over else None

    def next_deal(self) -> Game:
        """Deal the next game once the current one is over."""
        if not self.game.over:
            raise MatchError(_("the current deal is still being played"))
        if self.over:
            raise MatchError(_("the match is over"))
        dealer = (self.games[0].dealer + len(self.games)) % len(self.players)
        self.games.append(
            Game.new(self.players, self.rules, self.seed + len(self.games), dealer=dealer, limit=self.limit)
        )
        return self.game
