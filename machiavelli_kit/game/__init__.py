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
from machiavelli_kit.game.learner_review import LearnerReview, ReviewedTurn, review_turns
from machiavelli_kit.game.match import Match, MatchError
from machiavelli_kit.game.players import PLAYERS, Player, make_player
from machiavelli_kit.game.record import RecordError, UnreadableRecord, dumps, load, loads, save
from machiavelli_kit.game.review import Review, TurnReview
from machiavelli_kit.game.scoring import card_points, hand_points
from machiavelli_kit.game.session import Game
from machiavelli_kit.game.state import GameState, Result, Turn, View
from machiavelli_kit.game.tournament import Tournament, run_tournament

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
    "LearnerReview",
    "Match",
    "MatchError",
    "Pass",
    "Play",
    "Player",
    "RecordError",
    "Restore",
    "Result",
    "Review",
    "ReviewedTurn",
    "Tournament",
    "Turn",
    "TurnReview",
    "UnreadableRecord",
    "View",
    "arranged_deal",
    "card_points",
    "deal_game",
    "dumps",
    "hand_points",
    "load",
    "loads",
    "make_player",
    "play_game",
    "review_turns",
    "run_tournament",
    "save",
]
