"""Machiavelli Kit: cards, rules, a validator that explains, and an exact solver."""

from machiavelli_kit.cards import JOKER, Card, Suit, full_deck
from machiavelli_kit.i18n import LANGUAGES, LanguageError, language, set_language, speaking
from machiavelli_kit.melds import Meld, MeldCheck, Problem, check_meld
from machiavelli_kit.notation import NotationError, parse_card, parse_cards, parse_table
from machiavelli_kit.position import Position, Table, TableCheck, TurnCheck, check_table, check_turn
from machiavelli_kit.rules import BGA, CLASSIC, WIKIPEDIA, Rules, RulesError, preset

__all__ = [
    "BGA",
    "CLASSIC",
    "JOKER",
    "LANGUAGES",
    "WIKIPEDIA",
    "Card",
    "LanguageError",
    "Meld",
    "MeldCheck",
    "NotationError",
    "Position",
    "Problem",
    "Rules",
    "RulesError",
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
    "speaking",
]
__version__ = "0.1.0"
