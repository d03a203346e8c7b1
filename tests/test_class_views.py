"""The views a class server sends each seat, kept turn by turn (:class:`TableViews`): after every turn each
view is the one worked out from the whole game, and each turn's record and log line is worked out once.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.classroom.server import views
from machiavelli_kit.classroom.server.views import TableViews
from machiavelli_kit.game import session
from machiavelli_kit.game.players import make_player
from machiavelli_kit.game.record import result_record, turn_record
from machiavelli_kit.game.session import Game

LANGUAGES = ("en", "it", "pl")


def whole_view(game: Game, seat: int | None, lang: str) -> dict[str, Any]:
    """The view worked out from the whole game at once, as the server did before views were kept."""
    state, turns = game.state, []
    for turn in game.turns:
        record = turn_record(turn, game.rules)
        seen = {**record, "drawn_count": len(record["drawn"])}
        if record["player"] != seat:
            seen["drawn"] = []
        turns.append(seen)
    return {
        "seat": seat,
        "players": list(game.players),
        "hand": [card.code for card in state.hands[seat]] if seat is not None else [],
        "hand_sizes": [len(hand) for hand in state.hands],
        "table": [[card.code for card in meld.cards] for meld in state.table.melds],
        "helpers": [card.code for card in state.helpers],
        "stock": len(state.stock),
        "opened": state.opened[seat] if seat is not None else False,
        "to_move": game.to_move,
        "options": list(game.options()) if seat is not None and seat == game.to_move else [],
        "turns": turns,
        "log": game.log(seat=-1 if seat is None else seat, lang=lang),
        "result": None if game.result is None else result_record(game.result),
    }


def play(seed: int, players: int, turns: int, watch: Any) -> Game:
    """A game of ``players`` computer players (beginner and greedy in turn) to ``turns`` turns or its end,
    ``watch(game)`` called before the first turn and after each one."""
    game = Game.new([f"P{seat}" for seat in range(players)], "bga", seed=seed)
    bots = [make_player("beginner" if seat % 2 else "greedy", seed=seed + seat) for seat in range(players)]
    watch(game)
    while not game.over and len(game.turns) < turns:
        game.play(bots[game.state.to_move].choose(game.view(game.state.to_move)))
        watch(game)
    return game


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(
    st.integers(0, 2**31 - 1),
    st.integers(2, 4),
    st.integers(1, 90),
    st.lists(st.tuples(st.integers(-1, 3), st.sampled_from(LANGUAGES)), min_size=1, max_size=6),
)
def test_a_view_kept_turn_by_turn_is_the_view_of_the_whole_game(
    seed: int, players: int, turns: int, asked: list[tuple[int, str]]
) -> None:
    """Whichever seats and languages ask, in whatever order, after every turn (the game's end included)."""
    kept: dict[int, TableViews] = {}

    def watch(game: Game) -> None:
        table = kept.setdefault(id(game), TableViews(game))
        for number, lang in asked:
            seat = None if number < 0 else number % players
            assert table.seat_view(seat, lang) == whole_view(game, seat, lang)

    play(seed, players, turns, watch)


def test_each_turn_is_worked_out_once_however_many_views_are_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four seats and a watcher, each in a language of its own, are sent a view after every turn: each turn's
    record is made once, and its log line once for each seat and language, not once for every view after it."""
    records: Counter[int] = Counter()
    lines: Counter[tuple[int, int, str]] = Counter()
    record_turn, log_turn = views.turn_record, session.log_turn

    def counted_record(turn: Any, rules: Any) -> dict[str, Any]:
        records[turn.number] += 1
        return record_turn(turn, rules)

    def counted_line(turn: Any, names: Any, **options: Any) -> str:
        lines[turn.number, options["reveal"], options["lang"]] += 1
        return log_turn(turn, names, **options)

    monkeypatch.setattr(views, "turn_record", counted_record)
    monkeypatch.setattr(session, "log_turn", counted_line)
    watchers = [(0, "en"), (1, "it"), (2, "pl"), (3, "en"), (None, "it")]
    table: list[TableViews] = []

    def watch(game: Game) -> None:
        if not table:
            table.append(TableViews(game))
        for seat, lang in watchers:
            table[0].seat_view(seat, lang)

    game = play(3, 4, 60, watch)
    assert len(game.turns) >= 20
    assert records == Counter({turn.number: 1 for turn in game.turns})
    for turn in game.turns:  # its player's line reveals the card drawn, the others' do not: one each
        for seat, lang in watchers:
            assert lines[turn.number, seat == turn.player, lang] >= 1
    assert sum(lines.values()) == len(game.turns) * len(watchers)
