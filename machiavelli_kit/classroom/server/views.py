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
from machiavelli_kit.game.record import result_record, turn_record
from machiavelli_kit.game.session import Game


def seat_view(game: Game, seat: int | None, lang: str | None = None) -> dict[str, Any]:
    """The game as ``seat`` sees it (``None``: a watcher, who sees no hand), its log in ``lang``.

    Once the game is over the result shows every hand, as the record does."""
    state = game.state
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
        "turns": [_seen_turn(turn_record(turn, game.rules), seat) for turn in game.turns],
        "log": game.log(seat=-1 if seat is None else seat, lang=lang),
        "result": None if game.result is None else result_record(game.result),
    }


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
