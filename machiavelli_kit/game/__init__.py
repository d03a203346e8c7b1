"""The whole game, headless: deal, turns, records, computer players, review and tournaments.

A notebook board and the tests drive the same engine: :class:`Game` says whose turn it is
and which kinds of action are open, applies an action or refuses it with the reason (and
changes nothing), and tells every turn in words.

>>> game = Game.new(["you", "greedy"], "bga", seed=7)
>>> game.to_move, game.options()
(0, ('play', 'draw', 'restore'))
>>> _ = game.play(make_player("greedy").choose(game.view(0)))
>>> game.log()[0].startswith("turn 1, you play 3 cards")
True
"""

from machiavelli_kit.game.actions import Action, Draw, IllegalAction, Pass, Play, Restore
from machiavelli_kit.game.autoplay import AutoGame, play_game
from machiavelli_kit.game.deal import Deal, DealError, arranged_deal, deal_game
from machiavelli_kit.game.flow import GameFlow
from machiavelli_kit.game.players import PLAYERS, Player, make_player
from machiavelli_kit.game.record import RecordError, UnreadableRecord, dumps, load, loads, save
from machiavelli_kit.game.session import Game
from machiavelli_kit.game.state import GameState, Result, Turn, View

__all__ = [
    "PLAYERS",
    "Action",
    "AutoGame",
    "Deal",
    "DealError",
    "Draw",
    "Game",
    "GameFlow",
    "GameState",
    "IllegalAction",
    "Pass",
    "Play",
    "Player",
    "RecordError",
    "Restore",
    "Result",
    "Turn",
    "UnreadableRecord",
    "View",
    "arranged_deal",
    "deal_game",
    "dumps",
    "load",
    "loads",
    "make_player",
    "play_game",
    "save",
]
