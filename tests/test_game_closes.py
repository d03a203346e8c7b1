"""The expert's question "could this hand close?", asked without par (issue 28): :func:`closes`
says what :func:`best_play` for ``close`` says, with and without helping cards and whether or not
the player may touch the table yet."""

from __future__ import annotations

import pytest

from machiavelli_kit.core.goal import Goal
from machiavelli_kit.game.plans import best_play, closes
from machiavelli_kit.game.players import make_player
from machiavelli_kit.game.session import Game


@pytest.mark.parametrize(
    "rules",
    [
        "bga(hand_size=9)",
        "wikipedia(hand_size=6, helpers=4)",
        "bga(hand_size=7, attach_before_laying=false)",
        "bga(hand_size=6, jokers=2)",
    ],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_closes_says_what_the_best_close_says(rules: str, seed: int) -> None:
    game = Game.new(["a", "b", "c"], rules, seed=seed)
    players = [make_player("greedy", seed=seat) for seat in range(3)]
    verdicts = set()
    while not game.over:
        view = game.view(game.to_move)
        verdict = closes(view)
        assert verdict == (best_play(view, Goal.CLOSE) is not None), view
        verdicts.add(verdict)
        game.play(players[game.to_move].choose(view))
    assert verdicts == {False, True}
