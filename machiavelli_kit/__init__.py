"""Machiavelli Kit: cards, rules, a validator that explains, and an exact solver."""

from machiavelli_kit.core.cards import JOKER, Card, NotationError, Suit, full_deck, parse_card, parse_cards, parse_table
from machiavelli_kit.core.melds import Meld, MeldCheck, Problem, check_meld
from machiavelli_kit.core.position import Position, Table, TableCheck, TurnCheck, check_table, check_turn
from machiavelli_kit.core.rules import BGA, CLASSIC, WIKIPEDIA, Rules, RulesError, preset
from machiavelli_kit.i18n import LANGUAGES, LanguageError, language, set_language, speaking

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
