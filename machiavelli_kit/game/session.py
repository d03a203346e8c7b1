"""A game being played, step by step: the object a notebook board or a test drives.

>>> from machiavelli_kit.game.actions import Draw, Pass
>>> game = Game.new(["Ann", "Bob"], "bga", seed=7)
>>> game.to_move, game.options(), len(game.hand(0)), game.stock_size
(0, ('play', 'draw', 'restore'), 15, 74)
>>> turn = game.play(Draw())
>>> print(game.log(seat=1)[-1])
turn 1, Ann draws a card
>>> game.play(Pass())
Traceback (most recent call last):
...
machiavelli_kit.game.actions.IllegalAction: you may pass only when the stock is empty: draw a card instead (or play)
>>> game.play(Draw(), player=0)
Traceback (most recent call last):
...
machiavelli_kit.game.actions.IllegalAction: it is Bob's turn, not Ann's
"""

from __future__ import annotations

import dataclasses
import random
import unicodedata
from collections.abc import Sequence
from typing import TypeGuard

from machiavelli_kit.core.cards import Card, quote
from machiavelli_kit.core.position import Table
from machiavelli_kit.core.rules import BGA, Rules, as_rules
from machiavelli_kit.game.actions import Action, ActionKind, IllegalAction, action_of
from machiavelli_kit.game.deal import Deal, DealError, check_player_count, deal_game, deal_problems
from machiavelli_kit.game.engine import end_after_round, refusal, step
from machiavelli_kit.game.limits import NO_LIMIT, Limit
from machiavelli_kit.game.narrator import log_result, log_turn
from machiavelli_kit.game.state import GameState, Result, Turn, View
from machiavelli_kit.i18n import _

MAX_NAME = 40
CONTROL_CATEGORIES = ("Cc", "Cs", "Zl", "Zp")
"""Unicode's control characters, surrogates, and line and paragraph separators: never in a name."""
DIRECTIONS = ("LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI")
"""Unicode's embeddings, overrides and isolates, which turn the text after them around: never in a name."""
PLAIN_KINDS: tuple[ActionKind, ...] = ("draw", "restore", "pass")


class Game:
    """The rules, the players' names, the deal, every turn so far and the state now.

    ``play`` applies an action for the player to move, or raises
    :class:`~machiavelli_kit.game.actions.IllegalAction` with the reason and changes nothing.
    """

    def __init__(
        self,
        rules: Rules | str,
        players: Sequence[str],
        deal: Deal,
        dealer: int,
        *,
        seed: int | None = None,
        limit: Limit = NO_LIMIT,
    ) -> None:
        self.rules = as_rules(rules)
        self.players = tuple(players)
        check_player_count(len(self.players))
        for name in self.players:
            check_name(name)
        if len(deal.hands) != len(self.players):
            raise DealError(
                _("the deal has {hands} hands for {players} players").format(
                    hands=len(deal.hands), players=len(self.players)
                )
            )
        problems = deal_problems(deal, self.rules)
        if problems:
            raise DealError("; ".join(problems))
        if not 0 <= dealer < len(self.players):
            raise DealError(
                _("the dealer is a seat from 0 to {last}, not {dealer}").format(
                    last=len(self.players) - 1, dealer=dealer
                )
            )
        self.seed, self.deal, self.dealer, self.limit = seed, deal, dealer, limit
        self.state = GameState.start(self.rules, deal, dealer)
        last_turn = limit.last_turn(len(self.players))
        if last_turn is not None:
            self.state = dataclasses.replace(self.state, ends_after=(last_turn, "turns"))
        self.turns: list[Turn] = []
        self.time_called: int | None = None
        """After how many turns the game's time was up (:meth:`call_time`), or ``None``."""

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        rules: Rules | str = BGA,
        seed: int | None = None,
        *,
        dealer: int | None = None,
        limit: Limit = NO_LIMIT,
    ) -> Game:
        """Deal a new game; without a seed one is chosen (and kept, so the game can be replayed);
        without a ``dealer`` the seed draws one."""
        rules = as_rules(rules)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        dealer, deal = deal_game(rules, len(players), seed, dealer)
        return cls(rules, players, deal, dealer, seed=seed, limit=limit)

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def result(self) -> Result | None:
        return self.state.result

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is (``None`` once the game is over)."""
        return None if self.state.over else self.state.to_move

    @property
    def table(self) -> Table:
        return self.state.table

    @property
    def stock_size(self) -> int:
        return len(self.state.stock)

    @property
    def helpers(self) -> tuple[Card, ...]:
        return self.state.helpers

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.state.hands[seat]

    def view(self, seat: int) -> View:
        """What the player in ``seat`` can see."""
        return self.state.view(seat)

    def options(self) -> tuple[ActionKind, ...]:
        """The kinds of action open to the player to move (a play must still be a valid one)."""
        if self.state.over:
            return ()
        plain = tuple(kind for kind in PLAIN_KINDS if refusal(self.state, action_of(kind)) is None)
        return ("play", *plain)

    def refusal(self, action: Action) -> str | None:
        """Why ``action`` would be refused now, or ``None`` when it is allowed."""
        return refusal(self.state, action)

    def play(self, action: Action, *, player: int | None = None, out_of_time: bool = False) -> Turn:
        """Apply ``action`` for the player to move (``player``, when given, must be that player's seat);
        ``out_of_time``: a computer player's safety limit cut the choice short (the record keeps it)."""
        if player is not None and (not _is_seat_number(player) or not 0 <= player < len(self.players)):
            raise IllegalAction(
                _("there is no seat {seat} in this game: the seats are 0 to {last}").format(
                    seat=quote(player), last=len(self.players) - 1
                )
            )
        if player is not None and not self.state.over and player != self.state.to_move:
            raise IllegalAction(
                _("it is {name}'s turn, not {other}'s").format(
                    name=self.players[self.state.to_move], other=self.players[player]
                )
            )
        self.state, turn = step(self.state, action)
        if out_of_time:
            turn = dataclasses.replace(turn, out_of_time=True)
        self.turns.append(turn)
        return turn

    def call_time(self) -> None:
        """The game's time is up: the round in progress is played to its end, then the game ends (at once
        between two rounds); the fewest points left in hand win. Called once; later calls change nothing.

        >>> from machiavelli_kit.game.actions import Draw
        >>> game = Game.new(["Ann", "Bob"], "bga", seed=7)
        >>> _ = game.play(Draw())
        >>> game.call_time()
        >>> game.over, game.to_move
        (False, 1)
        >>> _ = game.play(Draw())
        >>> game.result.reason, game.time_called
        ('time', 1)
        """
        if self.over or self.time_called is not None:
            return
        self.time_called = len(self.turns)
        self.state = end_after_round(self.state, "time")

    def log(self, *, seat: int | None = None, lang: str | None = None) -> list[str]:
        """Every turn in words, then the result; with ``seat``, as that player saw it (others' draws hidden);
        in the language in use, or ``lang``."""
        lines = self.turn_lines(seat=seat, lang=lang)
        if self.state.result is not None:
            lines.append(log_result(self.state.result, self.players, lang=lang))
        return lines

    def turn_lines(self, *, seat: int | None = None, lang: str | None = None, start: int = 0) -> list[str]:
        """The log's lines of the turns after the first ``start``, without the result: a log kept turn by turn
        asks only for its new lines.

        >>> from machiavelli_kit.game.actions import Draw
        >>> game = Game.new(["Ann", "Bob"], "bga", seed=7)
        >>> _ = game.play(Draw()), game.play(Draw())
        >>> game.turn_lines(seat=0, start=1) == game.log(seat=0)[1:]
        True
        """
        hands = [len(hand) for hand in self.deal.hands]
        lines = []
        for index, turn in enumerate(self.turns):
            hands[turn.player] += len(turn.drawn) - len(turn.played)
            if index < start:
                continue
            left = hands[turn.player] if turn.action == "play" else None
            reveal = seat is None or seat == turn.player
            lines.append(log_turn(turn, self.players, reveal=reveal, hand_left=left, lang=lang))
        return lines

    def __repr__(self) -> str:
        status = "over" if self.over else f"{self.players[self.state.to_move]} to move"
        return f"<Game {self.rules} {', '.join(self.players)}: {len(self.turns)} turns, {status}>"


def check_name(name: str) -> None:
    """Refuse a player's name that is empty, too long, or holds a control character; :class:`DealError` says why.

    A line break, a tab, a terminal's escape or a mark that turns text around would let a name
    print fake lines in a game's log, or hide what it says.

    >>> check_name("Ann\\nturn 9, Bob closes and wins")
    Traceback (most recent call last):
    ...
    machiavelli_kit.game.deal.DealError: a player's name cannot hold a line break, a tab or another control ...
    """
    if not name.strip() or len(name) > MAX_NAME:
        raise DealError(
            _("a player's name is 1 to {most} characters, not {name}").format(most=MAX_NAME, name=quote(name))
        )
    if any(_is_control(character) for character in name):
        raise DealError(
            _("a player's name cannot hold a line break, a tab or another control character: {name}").format(
                name=quote(name)
            )
        )


def _is_control(character: str) -> bool:
    """A control character, a line or paragraph separator, half of a surrogate pair, or a text direction override."""
    return unicodedata.category(character) in CONTROL_CATEGORIES or unicodedata.bidirectional(character) in DIRECTIONS


def _is_seat_number(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
