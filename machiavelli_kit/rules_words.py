"""The rules in words a learner reads, never as a rules string with parameter names.

>>> from machiavelli_kit.rules import Rules
>>> rules_text(Rules.parse("wikipedia(hand_size=6, helpers=4)"))
'Wikipedia rules, with 6 cards each, 4 helping cards'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from machiavelli_kit.cards import plural
from machiavelli_kit.rules import Rules

PRESET_TITLES = {"bga": "Board Game Arena", "classic": "classic", "wikipedia": "Wikipedia"}
"""Each preset as a learner knows it."""


def rules_text(rules: Rules) -> str:
    """The rules in words: the preset, then each change from it.

    >>> from machiavelli_kit.rules import Rules
    >>> rules_text(Rules.parse("bga(jokers=2, wrap=true, scoring=points)"))
    'Board Game Arena rules, with 2 jokers, points over several deals, runs may turn the corner (K A 2)'
    """
    words = [_change_text(name, value) for name, value in sorted(rules.overrides().items())]
    name = PRESET_TITLES.get(rules.preset, rules.preset)
    return f"{name} rules" + (", with " + ", ".join(words) if words else "")


def _change_text(name: str, value: object) -> str:
    """One rule that differs from the preset, in words."""
    phrases: dict[str, Callable[[Any], str]] = {
        "decks": lambda n: plural(n, "deck"),
        "jokers": lambda n: plural(n, "joker") if n else "no jokers",
        "hand_size": lambda n: f"{n} cards each",
        "ace_high": lambda yes: "an ace may follow the king" if yes else "an ace is only low (A 2 3)",
        "wrap": lambda yes: "runs may turn the corner (K A 2)" if yes else "runs may not turn the corner",
        "max_cards_per_turn": lambda n: "no limit on cards a turn" if n is None else f"at most {n} cards a turn",
        "restore_penalty": lambda n: f"Restore costs {plural(n, 'card')}",
        "stock_out": lambda how: (
            "play goes on when the stock is empty" if how == "play_on" else "the game ends when the stock is empty"
        ),
        "scoring": lambda how: "points over several deals" if how == "points" else "one game, no points",
        "attach_before_laying": lambda yes: (
            "add to melds before laying your own" if yes else "lay a meld of your own before adding to others"
        ),
        "short_deal": lambda n: "the full deal for five or more" if n is None else f"{n} cards each for five or more",
        "helpers": lambda n: plural(n, "helping card"),
    }
    return phrases[name](value)
