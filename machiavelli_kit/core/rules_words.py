"""The rules in words a learner reads, never as a rules string with parameter names.

Said in the language in use, or in ``lang``:

>>> from machiavelli_kit.core.rules import UNLIMITED, Rules, Wrap
>>> rules_text(Rules.parse("wikipedia(hand_size=6, helpers=4)"))
'Wikipedia rules, with 6 cards each, 4 helping cards'
>>> rules_text(Rules.parse("classic(jokers=2)"), lang="it")
'regole classiche, con queste varianti: 2 jolly'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from machiavelli_kit.core.rules import UNLIMITED, Rules, Wrap
from machiavelli_kit.i18n import N_, _, ngettext, speaking

# TRANSLATORS: the name of a preset (a set of rules) on its own, e.g. in a list of presets.
PRESET_TITLES = {"bga": N_("Board Game Arena"), "classic": N_("classic"), "wikipedia": N_("Wikipedia")}
"""Each preset as a learner knows it (said with ``_()``)."""
PRESET_RULES = {
    "bga": N_("Board Game Arena rules"),
    "classic": N_("classic rules"),
    "wikipedia": N_("Wikipedia rules"),
}
"""Each preset's rules named in words (said with ``_()``): the start of :func:`rules_text`."""


def preset_title(preset: str, lang: str | None = None) -> str:
    """The preset as a learner knows it, in the language in use (or ``lang``).

    >>> preset_title("bga"), preset_title("classic", lang="pl")
    ('Board Game Arena', 'klasyczne')
    """
    with speaking(lang):
        return _(PRESET_TITLES[preset]) if preset in PRESET_TITLES else preset


def rules_text(rules: Rules, lang: str | None = None) -> str:
    """The rules in words: the preset, then each change from it (in the language in use, or ``lang``).

    >>> from machiavelli_kit.core.rules import UNLIMITED, Rules, Wrap
    >>> rules_text(Rules.parse("bga(jokers=2, wrap=true, scoring=points)"))
    'Board Game Arena rules, with 2 jokers, points over several deals, runs may turn the corner (K A 2)'
    """
    with speaking(lang):
        words = [_change_text(name, value) for name, value in sorted(rules.overrides().items())]
        if rules.preset in PRESET_RULES:
            name = _(PRESET_RULES[rules.preset])
        else:
            # TRANSLATORS: rules of a preset the kit does not name; {preset} is its name in the rules string.
            name = _("{preset} rules").format(preset=rules.preset)
        if not words:
            return name
        # TRANSLATORS: {rules} is e.g. "classic rules"; {changes} is a list of rules that differ from them,
        # separated by commas, e.g. "2 jokers, 6 cards each".
        return _("{rules}, with {changes}").format(rules=name, changes=", ".join(words))


def wrap_text(wrap: Wrap) -> str:
    """How far a run may go round the corner, in words (in the language in use).

    >>> wrap_text(True), wrap_text("unlimited")
    ('runs may turn the corner (K A 2)', 'runs may go round and round (J Q K A 2 ... K A)')
    """
    if wrap == UNLIMITED:
        return _("runs may go round and round (J Q K A 2 ... K A)")
    return _("runs may turn the corner (K A 2)") if wrap else _("runs may not turn the corner")


def capitalized(text: str) -> str:
    """``text`` with its first letter in capitals, to start a label.

    >>> capitalized("runs may not turn the corner")
    'Runs may not turn the corner'
    """
    return text[:1].upper() + text[1:]


def _change_text(name: str, value: object) -> str:
    """One rule that differs from the preset, in words."""
    phrases: dict[str, Callable[[Any], str]] = {
        "decks": lambda n: ngettext("{count} deck", "{count} decks", n).format(count=n),
        "jokers": lambda n: ngettext("{count} joker", "{count} jokers", n).format(count=n) if n else _("no jokers"),
        # TRANSLATORS: how many cards each player is dealt.
        "hand_size": lambda n: ngettext("{count} card each", "{count} cards each", n).format(count=n),
        "ace_high": lambda yes: _("an ace may follow the king (Q K A)") if yes else _("an ace is only low (A 2 3)"),
        "wrap": wrap_text,
        "max_cards_per_turn": lambda n: (
            _("no limit on cards a turn")
            if n is None
            else ngettext("at most {count} card a turn", "at most {count} cards a turn", n).format(count=n)
        ),
        # TRANSLATORS: the penalty for a player who cannot finish a turn and puts the table back as it was.
        "restore_penalty": lambda n: ngettext(
            "restoring the table costs {count} card", "restoring the table costs {count} cards", n
        ).format(count=n),
        "stock_out": lambda how: {
            "last_card": _("the game ends as soon as the last card of the stock is drawn"),
            "end": _("the game ends when a player must draw from the empty stock"),
        }.get(how, _("play goes on when the stock is empty")),
        "scoring": lambda how: _("points over several deals") if how == "points" else _("one game, no points"),
        "attach_before_laying": lambda yes: (
            _("add to melds before laying your own") if yes else _("lay a meld of your own before adding to others")
        ),
        # TRANSLATORS: how many cards each player is dealt when five or more play.
        "short_deal": lambda n: (
            _("the full deal for five or more players")
            if n is None
            else ngettext(
                "{count} card each for five or more players", "{count} cards each for five or more players", n
            ).format(count=n)
        ),
        # TRANSLATORS: face-up cards in the middle of the table that any player may use (the alternative deal).
        "helpers": lambda n: ngettext("{count} helping card", "{count} helping cards", n).format(count=n),
    }
    return phrases[name](value)
