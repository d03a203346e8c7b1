"""Machiavelli Kit: cards, rules, a validator that explains, an exact solver, and the whole game.

The names most work starts from, in one place; each wing's face has the rest
(:mod:`machiavelli_kit.core`, ``.solver``, ``.puzzles``, ``.practice``, ``.classroom``,
``.game``, ``.serve``, ``.i18n``) and :mod:`machiavelli_kit.ui` the notebooks' widgets.
The solver, the game and the play session are imported when first used, so that
``import machiavelli_kit`` stays quick (and never loads the widgets).

>>> from machiavelli_kit import Position, check_turn, solve
>>> start = Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H")
>>> best = solve(start)
>>> best.max_play, check_turn(start, Position(best.table, best.hand)).valid
(1, True)
"""

from typing import TYPE_CHECKING

from machiavelli_kit.core.cards import JOKER, Card, NotationError, Suit, full_deck, parse_card, parse_cards, parse_table
from machiavelli_kit.core.goal import Goal
from machiavelli_kit.core.melds import Meld, MeldCheck, Problem, ProblemKind, check_meld
from machiavelli_kit.core.position import Position, Table, TableCheck, TurnCheck, check_table, check_turn
from machiavelli_kit.core.rules import BGA, CLASSIC, WIKIPEDIA, Rules, RulesError, preset
from machiavelli_kit.i18n import LANGUAGES, LanguageError, language, set_language, speaking

if TYPE_CHECKING:
    from machiavelli_kit.game import Game, Play
    from machiavelli_kit.practice import PlaySession
    from machiavelli_kit.solver import Solution, solve
else:
    from machiavelli_kit.faces import lazy_names

    __getattr__, __dir__ = lazy_names(__name__)

__all__ = [
    "BGA",
    "CLASSIC",
    "JOKER",
    "LANGUAGES",
    "WIKIPEDIA",
    "Card",
    "Game",
    "Goal",
    "LanguageError",
    "Meld",
    "MeldCheck",
    "NotationError",
    "Play",
    "PlaySession",
    "Position",
    "Problem",
    "ProblemKind",
    "Rules",
    "RulesError",
    "Solution",
    "Suit",
    "Table",
    "TableCheck",
    "TurnCheck",
    "check_meld",
    "check_table",
    "check_turn",
    "full_deck",
    "language",
    "parse_card",
    "parse_cards",
    "parse_table",
    "preset",
    "set_language",
    "solve",
    "speaking",
]
__version__ = "0.1.0"
