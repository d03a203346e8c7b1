"""What each seat at a networked table may see, as JSON: its own hand only, never another's drawn card.

>>> from machiavelli_kit.game.actions import Draw
>>> from machiavelli_kit.game.session import Game
>>> game = Game.new(["Ann", "Bob"], "bga", seed=7)
>>> _ = game.play(Draw())
>>> ann, bob = seat_view(game, 0), seat_view(game, 1)
>>> len(ann["hand"]), len(bob["hand"]), ann["hand_sizes"], ann["to_move"]
(16, 15, [16, 15], 1)
>>> len(ann["turns"][0]["drawn"]), bob["turns"][0]["drawn"], bob["turns"][0]["drawn_count"]
(1, [], 1)
>>> seat_view(game, None)["hand"]
[]
"""

from __future__ import annotations

from typing import Any

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.position import Table
from machiavelli_kit.game.narrator import log_result
from machiavelli_kit.game.record import result_record, turn_record
from machiavelli_kit.game.session import Game
from machiavelli_kit.i18n import language


def seat_view(game: Game, seat: int | None, lang: str | None = None) -> dict[str, Any]:
    """The game as ``seat`` sees it (``None``: a watcher, who sees no hand), its log in ``lang``.

    Once the game is over the result shows every hand, as the record does."""
    return TableViews(game).seat_view(seat, lang)


class TableViews:
    """The views of one game, each turn's record and log lines worked out once, when the turn is new.

    A view tells every turn so far and is sent to every seat after every turn, so saying each turn again
    made a view's work grow with the game and the class server's with the square of its length; a turn
    played never changes, so only the new turns are worked out. The views share those parts: read them,
    never change them.

    >>> from machiavelli_kit.game.actions import Draw
    >>> game = Game.new(["Ann", "Bob"], "bga", seed=7)
    >>> views = TableViews(game)
    >>> _ = views.seat_view(1, "it"), game.play(Draw())
    >>> views.seat_view(1, "it") == seat_view(game, 1, "it")
    True
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self._records: list[dict[str, Any]] = []
        self._seen: dict[int | None, list[dict[str, Any]]] = {}
        self._lines: dict[tuple[int | None, str], list[str]] = {}

    def seat_view(self, seat: int | None, lang: str | None = None) -> dict[str, Any]:
        """The game as ``seat`` sees it now, as :func:`seat_view` says."""
        game, state = self.game, self.game.state
        lang = language(lang)
        lines = self._log(seat, lang)
        if game.result is not None:
            lines.append(log_result(game.result, game.players, lang=lang))
        return {
            "seat": seat,
            "players": list(game.players),
            "hand": codes(state.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(hand) for hand in state.hands],
            "table": melds(state.table),
            "helpers": codes(state.helpers),
            "stock": len(state.stock),
            "opened": state.opened[seat] if seat is not None else False,
            "to_move": game.to_move,
            "options": list(game.options()) if seat is not None and seat == game.to_move else [],
            "turns": self._turns(seat),
            "log": lines,
            "result": None if game.result is None else result_record(game.result),
        }

    def _turns(self, seat: int | None) -> list[dict[str, Any]]:
        turns = self.game.turns  # a game's turns are only ever added to, never changed
        self._records.extend(turn_record(turn, self.game.rules) for turn in turns[len(self._records) :])
        seen = self._seen.setdefault(seat, [])
        seen.extend(_seen_turn(record, seat) for record in self._records[len(seen) :])
        return list(seen)

    def _log(self, seat: int | None, lang: str) -> list[str]:
        lines = self._lines.setdefault((seat, lang), [])
        lines.extend(self.game.turn_lines(seat=-1 if seat is None else seat, lang=lang, start=len(lines)))
        return list(lines)


def seconds_left(deadline: float, now: float) -> float:
    """The seconds a turn timer that runs out at ``deadline`` has left at ``now`` (both on one clock), to a tenth.

    >>> seconds_left(130.0, 100.04), seconds_left(130.0, 131.0)
    (30.0, 0.0)
    """
    return max(0.0, round(deadline - now, 1))


def _seen_turn(turn: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A turn as ``seat`` may see it: the cards another player drew hidden, only how many."""
    seen = dict(turn)
    seen["drawn_count"] = len(turn["drawn"])
    if turn["player"] != seat:
        seen["drawn"] = []
    return seen


def codes(cards: tuple[Card, ...]) -> list[str]:
    return [card.code for card in cards]


def melds(table: Table) -> list[list[str]]:
    return [codes(meld.cards) for meld in table.melds]
