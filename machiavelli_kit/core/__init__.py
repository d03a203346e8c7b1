"""The game's value types and its validator: cards and their notation, rules, goals, melds, positions.

Everything else in the kit is built on these; they import nothing from the other wings
but the language machinery (:mod:`machiavelli_kit.i18n`). Here too: random positions dealt
from the decks, the rules in words, and SVG pictures of cards, melds and positions.

>>> check_meld(parse_cards("5H 6H 8H"), BGA).valid
False
"""

from machiavelli_kit.core.cards import (
    JOKER,
    RANKS,
    SUITS,
    Card,
    NotationError,
    Suit,
    format_card,
    format_cards,
    format_table,
    full_deck,
    parse_card,
    parse_cards,
    parse_table,
)
from machiavelli_kit.core.goal import Goal, GoalError, GoalKind
from machiavelli_kit.core.melds import Meld, MeldCheck, MeldKind, Problem, ProblemKind, check_meld
from machiavelli_kit.core.position import Position, Table, TableCheck, TurnCheck, check_table, check_turn
from machiavelli_kit.core.random_positions import random_position, random_table
from machiavelli_kit.core.rules import BGA, CLASSIC, PRESET_NAMES, WIKIPEDIA, Rules, RulesError, as_rules, preset
from machiavelli_kit.core.rules_words import rules_text
from machiavelli_kit.core.svg import card_svg, meld_svg, position_svg

__all__ = [
    "BGA",
    "CLASSIC",
    "JOKER",
    "PRESET_NAMES",
    "RANKS",
    "SUITS",
    "WIKIPEDIA",
    "Card",
    "Goal",
    "GoalError",
    "GoalKind",
    "Meld",
    "MeldCheck",
    "MeldKind",
    "NotationError",
    "Position",
    "Problem",
    "ProblemKind",
    "Rules",
    "RulesError",
    "Suit",
    "Table",
    "TableCheck",
    "TurnCheck",
    "as_rules",
    "card_svg",
    "check_meld",
    "check_table",
    "check_turn",
    "format_card",
    "format_cards",
    "format_table",
    "full_deck",
    "meld_svg",
    "parse_card",
    "parse_cards",
    "parse_table",
    "position_svg",
    "preset",
    "random_position",
    "random_table",
    "rules_text",
]
