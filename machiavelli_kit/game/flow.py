"""A game at a notebook board, headless: seats of people and computer players, a person's
turn on a :class:`~machiavelli_kit.practice.session.PlaySession`, each computer turn as moves to show,
the hand-over screen between people sharing one screen, and the end of every deal.

The game board (:mod:`machiavelli_kit.ui.game_board`) only draws a :class:`GameFlow` and
forwards its buttons to it; the tests drive the same object without a browser.

>>> flow = GameFlow.new([Seat("Ann"), Seat("Greedy", computer="greedy")], "bga", seed=7)
>>> flow.person_to_move, flow.session.start.hand == flow.game.hand(0)
(True, True)
>>> print(flow.end_turn().text)
Not valid yet: no card from the hand was played: ...
>>> flow.draw().text
'You drew K♥. Your turn is over.'
>>> shown = flow.computer_turn()
>>> shown.text.startswith("Greedy "), flow.person_to_move
(True, True)

The flow says its texts in the language it was made in (``lang=``, else the one in use then):

>>> print(GameFlow.new([Seat("Ann"), Seat("Greedy", computer="greedy")], "bga", seed=7, lang="it").draw().text)
Hai pescato K♥. Il tuo turno è finito.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from machiavelli_kit.core.cards import Card, count_cards
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import BGA, Rules, as_rules
from machiavelli_kit.game.actions import Action, IllegalAction, Play, Restore, action_of
from machiavelli_kit.game.limits import NO_LIMIT, Limit
from machiavelli_kit.game.match import DEFAULT_TARGET, Match
from machiavelli_kit.game.narrator import (
    board_ending,
    board_turn,
    cards_text,
    computer_playing,
    game_over,
    is_you,
    match_standing,
    pass_the_screen,
    restore_warning,
    undo_before_drawing,
    your_draw,
    your_last_play,
    your_play,
    your_restore,
    your_turn,
)
from machiavelli_kit.game.plans import best_answer
from machiavelli_kit.game.players import DEFAULT_BUDGET, PLAYERS, Player, make_player
from machiavelli_kit.game.record import dumps
from machiavelli_kit.game.session import Game
from machiavelli_kit.game.state import Turn
from machiavelli_kit.i18n import _, language, ngettext, speaking
from machiavelli_kit.practice.session import PlaySession, PlayState
from machiavelli_kit.solver.steps import apply_move, moves_between

Melds = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class Seat:
    """A player at the table: a name, and who plays it: a person at the screen, or the computer
    player ``computer`` names (beginner, greedy, expert or random). The name is only a name:
    ``Seat("Greedy")`` is a person called Greedy, ``Seat("Greedy", computer="greedy")`` the computer.

    >>> Seat("Greedy").is_person, Seat("Ann", computer="expert").is_person
    (True, False)
    """

    name: str
    computer: str | None = field(default=None, kw_only=True)

    def __post_init__(self) -> None:
        if self.computer is not None and self.computer not in PLAYERS:
            raise ValueError(
                _("a seat is taken by a person or a computer player ({players}), not {kind!r}").format(
                    players=", ".join(PLAYERS), kind=self.computer
                )
            )

    @property
    def is_person(self) -> bool:
        return self.computer is None


@dataclass(frozen=True)
class Answer:
    """What a button did: whether the turn ended, and the words to show; ``warning``: the words
    say what pressing again will cost (nothing was refused)."""

    ended: bool
    text: str
    warning: bool = False


@dataclass(frozen=True)
class ComputerTurn:
    """A computer turn to show: the table after each move (the last is the table the turn
    left), and the turn told in words."""

    seat: int
    turn: Turn
    frames: tuple[Melds, ...]
    text: str


@dataclass(frozen=True)
class DealEnd:
    """The end of a deal: who won and why, the hands left, the points, and the match so far."""

    deal: int
    text: str
    hands: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...] | None
    totals: tuple[int, ...] | None
    match_over: bool
    match_text: str


class GameFlow:
    """One game (or a match of deals, when the rules score points) between ``seats``.

    ``hints`` lets the people ask for hints; ``budget`` is each computer player's units of work a move;
    ``lang`` the language its texts are said in (``None``: the one in use when it is made).
    """

    def __init__(
        self,
        seats: Sequence[Seat],
        game: Game | Match,
        *,
        hints: bool = True,
        budget: int = DEFAULT_BUDGET,
        lang: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.language = language(lang)
        self.clock = clock
        """Seconds, read for a time limit's deadline (each deal's clock starts when the deal does)."""
        self.seats = tuple(seats)
        self.match = game if isinstance(game, Match) else None
        self._single = game if isinstance(game, Game) else None
        if tuple(seat.name for seat in self.seats) != self.game.players:
            raise ValueError(_("the seats' names must be the game's players, in order"))
        self.hints = hints
        seed = self.game.seed if self.game.seed is not None else 0
        self._bots: dict[int, Player] = {
            index: make_player(seat.computer, seed=f"{seed}:{index}:{seat.computer}", budget=budget)
            for index, seat in enumerate(self.seats)
            if seat.computer is not None
        }
        self._session: PlaySession | None = None
        self._session_key: tuple[int, int] | None = None
        self._shown_to: int | None = None
        self._restore_asked = False
        self._started = {len(self.games): clock()}

    @classmethod
    def new(
        cls,
        seats: Sequence[Seat],
        rules: Rules | str = BGA,
        seed: int | None = None,
        *,
        hints: bool = True,
        budget: int = DEFAULT_BUDGET,
        target: int = DEFAULT_TARGET,
        lang: str | None = None,
        limit: Limit = NO_LIMIT,
        clock: Callable[[], float] = time.monotonic,
    ) -> GameFlow:
        """Deal a new game; with rules that score points, a match of deals up to ``target`` points; each deal
        within ``limit`` (its minutes read on ``clock``)."""
        rules = as_rules(rules)
        names = [seat.name for seat in seats]
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        game: Game | Match
        if rules.scoring == "points":
            game = Match(names, rules, seed, target=target, limit=limit)
        else:
            game = Game.new(names, rules, seed, limit=limit)
        return cls(seats, game, hints=hints, budget=budget, lang=lang, clock=clock)

    # the state of play

    @property
    def game(self) -> Game:
        """The deal being played (or the last one)."""
        if self.match is not None:
            return self.match.game
        assert self._single is not None
        return self._single

    @property
    def games(self) -> list[Game]:
        return self.match.games if self.match is not None else [self.game]

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def names(self) -> tuple[str, ...]:
        return self.game.players

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(index for index, seat in enumerate(self.seats) if seat.is_person)

    @property
    def hot_seat(self) -> bool:
        """Whether two or more people share the screen (then the hand hides between their turns)."""
        return len(self.people) > 1

    @property
    def person_to_move(self) -> bool:
        seat = self.game.to_move
        return seat is not None and self.seats[seat].is_person

    @property
    def computer_to_move(self) -> bool:
        seat = self.game.to_move
        return seat is not None and not self.seats[seat].is_person

    @property
    def needs_handover(self) -> bool:
        """Whether the screen must be passed to the person to move before their hand is shown."""
        return self.person_to_move and self.hot_seat and self._shown_to != self.game.to_move

    def take_over(self) -> None:
        """The person to move has the screen: show their hand (hidden again when their turn ends)."""
        if self.person_to_move:
            self._shown_to = self.game.to_move

    @property
    def viewer(self) -> int | None:
        """The seat whose hand the screen shows (``None`` while it is hidden)."""
        if not self.hot_seat:
            return self.people[0] if self.people else None
        return self._shown_to

    @property
    def session(self) -> PlaySession | None:
        """The turn of the person to move, on the board (``None`` on others' turns or before the hand-over)."""
        if not self.person_to_move or self.needs_handover:
            return None
        key = (len(self.games), len(self.game.turns))
        if self._session is None or self._session_key != key:
            seat = self.game.to_move
            assert seat is not None
            # the helping cards lie in the hand row, to be dragged into a new meld like the hand's own
            hand = self.game.hand(seat) + self.game.helpers
            # Hint and Check speak of the best play the game allows, not the best on this table and hand
            best = partial(best_answer, self.game.view(seat))
            self._session = PlaySession(Position(self.game.table, hand), self.rules, best=best)
            self._session_key = key
            self._restore_asked = False
        return self._session

    def situation(self) -> str:
        """Whose turn it is and what to do, in a sentence or two."""
        with speaking(self.language):
            return self._situation()

    def _situation(self) -> str:
        seat = self.game.to_move
        if seat is None:
            return game_over()
        name = self.names[seat]
        if not self.seats[seat].is_person:
            return computer_playing(name)
        if self.needs_handover:
            return pass_the_screen(name)
        named = self.hot_seat or not is_you(name)
        return your_turn(name if named else None, passes=self._passes, helpers=self.game.helpers)

    def turn_info(self) -> str:
        """The deal (in a match), the turn, the stock and the helping cards: what the seat row says before the seats.

        >>> GameFlow.new([Seat("Ann"), Seat("Bea", computer="greedy")], "bga", seed=7).turn_info()
        'Turn 1 · stock: 74 cards'
        """
        with speaking(self.language):
            game = self.game
            limit = limit_left(game, self.seconds_left())
            line = turn_line(len(game.turns), over=game.over, stock=game.stock_size, helpers=game.helpers, limit=limit)
            return line if self.match is None else _("Deal {number}").format(number=len(self.games)) + " · " + line

    def seconds_left(self) -> float | None:
        """Seconds left of this deal's time limit; ``None`` without one, once its time is up, or once it is over."""
        game = self.game
        minutes = game.limit.minutes
        if minutes is None or game.time_called is not None or game.over:
            return None
        started = self._started.setdefault(len(self.games), self.clock())
        return max(0.0, started + 60 * minutes - self.clock())

    def _play(self, action: Action, *, out_of_time: bool = False) -> Turn:
        """Play ``action`` for the seat to move; past the time limit's deadline, the game's time is then up."""
        turn = self.game.play(action, out_of_time=out_of_time)
        if self.seconds_left() == 0:
            self.game.call_time()
        return turn

    @property
    def _passes(self) -> bool:
        options = self.game.options()
        return "pass" in options and "draw" not in options

    # a person's buttons

    def end_turn(self) -> Answer:
        """End the turn with the table as it is, if the turn is valid; otherwise say why."""
        with speaking(self.language):
            return self._end_turn()

    def _end_turn(self) -> Answer:
        session = self.session
        if session is None:
            return Answer(False, _("It is not your turn."))
        self._restore_asked = False
        report = session.check()
        if not report.valid:
            return Answer(False, report.text)
        try:
            turn = self._play(Play(Table.of(session.state.melds), self._helpers_taken(session)))
        except IllegalAction as error:
            return Answer(False, _("Not allowed: {reason}.").format(reason=error))
        self._shown_to = None
        if self.game.over:
            return Answer(True, f"{your_last_play(turn)} {self.deal_end_text()}")
        return Answer(True, your_play(turn, len(self.game.hand(turn.player))))

    def _helpers_taken(self, session: PlaySession) -> tuple[Card, ...]:
        """The helping cards a play took: the cards played that the hand itself did not hold."""
        seat = self.game.to_move
        assert seat is not None
        taken = session.played() - Counter(self.game.hand(seat))
        return tuple(sorted(taken.elements()))

    def draw(self) -> Answer:
        """Draw a card (or pass, once the stock is empty and play goes on) and end the turn."""
        with speaking(self.language):
            return self._draw()

    def _draw(self) -> Answer:
        session = self.session
        if session is None:
            return Answer(False, _("It is not your turn."))
        self._restore_asked = False
        if session.state != PlayState.of(session.start):
            return Answer(False, undo_before_drawing(self.rules.restore_penalty))
        turn = self._play(action_of("pass" if self._passes else "draw"))
        self._shown_to = None
        if self.game.over:
            return Answer(True, self.deal_end_text())
        return Answer(True, your_draw(turn))

    def restore(self) -> Answer:
        """First say what Restore costs; the second press in a row puts the table back and takes the penalty."""
        with speaking(self.language):
            return self._restore()

    def _restore(self) -> Answer:
        session = self.session
        if session is None:
            return Answer(False, _("It is not your turn."))
        if not self._restore_asked:
            self._restore_asked = True
            return Answer(False, restore_warning(self.rules), warning=True)
        self._restore_asked = False
        turn = self._play(Restore())
        self._shown_to = None
        if self.game.over:
            return Answer(True, self.deal_end_text())
        return Answer(True, your_restore(turn))

    def hint(self) -> str:
        return turn_hint(self.session, self.hints, self.language)

    # computer turns

    def think(self) -> Action:
        """The computer player to move chooses its action (within its work budget); nothing changes yet.

        It may run in a worker thread: it says anything in the flow's own language."""
        with speaking(self.language):
            seat = self.game.to_move
            if seat is None or seat not in self._bots:
                raise IllegalAction(_("it is not a computer player's turn"))
            return self._bots[seat].choose(self.game.view(seat))

    def apply(self, action: Action) -> ComputerTurn:
        """Play the computer's ``action`` and return it as moves to show."""
        with speaking(self.language):
            start, seat = self.game.table, self.game.to_move
            bot = self._bots.get(seat) if seat is not None else None
            turn = self._play(action, out_of_time=bot is not None and bot.out_of_time)
            frames, moves = _frames(start, turn, self.rules)
            left = len(self.game.hand(turn.player))
            text = board_turn(self.names[turn.player], turn, moves, cards_left=left)
            return ComputerTurn(turn.player, turn, frames, text)

    def last_turn_line(self) -> str:
        """The turn just played, for the log (a card drawn kept hidden from the others at the screen)."""
        turn = self.game.turns[-1]
        return board_turn(
            self.names[turn.player], turn, (), cards_left=len(self.game.hand(turn.player)), lang=self.language
        )

    def computer_turn(self) -> ComputerTurn:
        return self.apply(self.think())

    # the end of a deal, and the next

    def deal_end_text(self) -> str:
        result = self.game.result
        return "" if result is None else board_ending(result, self.names, lang=self.language)

    def deal_end(self) -> DealEnd | None:
        """The end of the deal just played (``None`` while it goes on)."""
        result = self.game.result
        if result is None:
            return None
        match = self.match
        with speaking(self.language):
            totals = match.totals if match is not None else None
            match_over = match is None or match.over
            standing = ""
            if match is not None:
                winner = None if match.winner is None else match.players[match.winner]
                standing = match_standing(len(match.games), match.target, over=match.over, winner=winner)
            return DealEnd(
                len(self.games),
                board_ending(result, self.names),
                result.hands,
                result.points,
                totals,
                match_over,
                standing,
            )

    def next_deal(self) -> None:
        """Deal the next game of the match."""
        if self.match is None:
            raise IllegalAction(_("a single game has no next deal: start a new game", self.language))
        self.match.next_deal()
        self._started[len(self.games)] = self.clock()
        self._shown_to = None

    def record(self) -> str:
        """The current deal's record as JSON text (to download, and load again)."""
        return dumps(self.game)


def turn_line(turns: int, *, over: bool, stock: int, helpers: Sequence[Card], limit: str | None = None) -> str:
    """The turn (or, once over, how many turns were played), the stock, the helping cards and what is left of
    a limit (:func:`limit_left`), in a line; a local game and a networked table say it alike.

    >>> turn_line(0, over=False, stock=74, helpers=(), limit="time left: 9:58")
    'Turn 1 · stock: 74 cards · time left: 9:58'
    """
    parts = [ngettext("{count} turn", "{count} turns", turns).format(count=turns)] if over else []
    if not over:
        parts.append(_("Turn {number}").format(number=turns + 1))
    # TRANSLATORS: {cards} is "74 cards": how many cards are left in the stock.
    parts.append(_("stock: {cards}").format(cards=count_cards(stock)))
    if helpers:
        parts.append(_("helping cards in the middle: {cards}").format(cards=cards_text(helpers)))
    if limit:
        parts.append(limit)
    return " · ".join(parts)


def limit_left(game: Game, seconds_left: float | None) -> str | None:
    """What is left of ``game``'s limit, in words (``None`` when it has none, or is over): the time on its
    clock (``seconds_left``), or the turns until it ends.

    >>> game = Game.new(["Ann", "Bob"], "bga", seed=7, limit=Limit(turns=9, minutes=10))
    >>> limit_left(game, 65.2)
    'time left: 1:06 · 10 turns left'
    >>> _turn = game.play(action_of("draw"))
    >>> game.call_time()
    >>> limit_left(game, None)
    'the time is up: 1 turn left'
    """
    if game.over:
        return None
    ends = game.state.ends_after
    turns_left = None if ends is None else ends[0] - len(game.turns)
    return limit_words(seconds_left, turns_left, time_up=game.time_called is not None)


def limit_words(seconds_left: float | None, turns_left: int | None, *, time_up: bool) -> str | None:
    """What is left of a game's limit, in words: the time on its clock, or the turns until it ends (``time_up``:
    time was called, the round is being played out); a local game and a networked table say it alike.

    >>> limit_words(None, 3, time_up=True)
    'the time is up: 3 turns left'
    >>> limit_words(None, None, time_up=False) is None
    True
    """
    parts = []
    if seconds_left is not None:
        whole = math.ceil(seconds_left)
        # TRANSLATORS: {time} is minutes and seconds, "9:58".
        parts.append(_("time left: {time}").format(time=f"{whole // 60}:{whole % 60:02d}"))
    if turns_left is not None:
        left = turns_left
        if time_up:
            parts.append(
                ngettext("the time is up: {count} turn left", "the time is up: {count} turns left", left).format(
                    count=left
                )
            )
        else:
            parts.append(ngettext("{count} turn left", "{count} turns left", left).format(count=left))
    return " · ".join(parts) or None


def _frames(start: Table, turn: Turn, rules: Rules) -> tuple[tuple[Melds, ...], tuple[str, ...]]:
    """The table after each move of a play, and the moves in words (nothing for a draw)."""
    if turn.action != "play":
        return (), ()
    moves = moves_between(Position(start, turn.played + turn.helpers), turn.table, rules)
    melds = [list(meld.cards) for meld in start.melds]
    hand = list(turn.played + turn.helpers)
    frames = []
    for move in moves:
        apply_move(melds, hand, move)
        frames.append(tuple(tuple(meld) for meld in melds if meld))
    final = tuple(meld.cards for meld in turn.table.melds)
    return (*frames[:-1], final), tuple(move.text for move in moves)


def turn_hint(session: PlaySession | None, hints: bool, lang: str | None = None) -> str:
    """The next hint for a person's turn on ``session``, or in words why there is none (not their
    turn, or hints switched off): the local game and a networked table say it alike."""
    with speaking(lang):
        if session is None:
            return _("Hints are for your own turn.")
        if not hints:
            return _("Hints are switched off for this game.")
        return session.hint()


__all__ = [
    "Answer",
    "ComputerTurn",
    "DealEnd",
    "GameFlow",
    "Seat",
    "limit_left",
    "limit_words",
    "turn_hint",
    "turn_line",
]
