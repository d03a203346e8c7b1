"""Rule variants as a frozen dataclass, with named presets and a rules string.

Every parameter is named and checked. A variant is written as a preset name
with the parameters that differ from it, and parsed back from the same text:

>>> rules = Rules.parse("bga(wrap=true, jokers=2)")
>>> rules.wrap, rules.jokers, rules.max_cards_per_turn
(True, 2, 13)
>>> str(rules)
'bga(jokers=2, wrap=true)'
>>> Rules.parse("bga(wrap=unlimited)").wrap
'unlimited'
>>> Rules.parse("bga(wrap=maybe)")
Traceback (most recent call last):
...
machiavelli_kit.core.rules.RulesError: wrap must be true, false or unlimited, not 'maybe'
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from machiavelli_kit.core.cards import quote
from machiavelli_kit.i18n import N_, _

StockOut = Literal["last_card", "end", "play_on"]
Scoring = Literal["single", "points"]
Wrap = bool | Literal["unlimited"]
UNLIMITED: Literal["unlimited"] = "unlimited"
"""``wrap=unlimited``: runs go round and round, past the ace from the two again (document 001)."""
STOCK_OUT_CHOICES: tuple[str, ...] = ("last_card", "end", "play_on")
SCORING_CHOICES: tuple[str, ...] = ("single", "points")


class RulesError(ValueError):
    """An unknown preset, an unknown parameter or a value out of range (the message in the language in use;
    the parameter names stay as a file writes them)."""


# TRANSLATORS: {name} is a rules parameter as written in a file (wrap); true and false are written as they are.
MUST_BE_BOOL = N_("{name} must be true or false, not {value}")
# TRANSLATORS: true, false and unlimited are written as they are (the values of wrap); {value} what was written.
MUST_BE_WRAP = N_("wrap must be true, false or unlimited, not {value}")
# TRANSLATORS: {name} is a rules parameter as written in a file (decks); {value} what was written, quoted.
MUST_BE_NUMBER = N_("{name} must be a whole number, not {value}")


@dataclass(frozen=True)
class Rules:
    """The parameters on which the rule documents differ (RULES.md section 3).

    The defaults are the BGA preset. Where the documents are silent the kit
    chooses, and the choice is a parameter:

    - ``ace_high``: an ace may also follow the king (``Q K A``); never both ends.
    - ``wrap``: runs may turn the corner (``K A 2``); a run still holds at most
      13 cards, one of each rank, so it never holds identical cards. ``"unlimited"``
      (document 001): a run goes on past the ace from the two again, as long as the
      decks last, so with two decks it may hold both copies of a card
      (``J Q K A 2 ... K A``, :meth:`run_limit`).
    - ``jokers``: how many jokers are in the game; a joker stands for any card,
      needs no declaration and may be taken back from the table.
    - ``max_cards_per_turn``: how many hand cards one turn may play (``None``: no limit).
    - ``restore_penalty``: cards drawn by a player who restores the table.
    - ``stock_out``: when the stock runs out. ``"last_card"``: the game ends as soon as the last
      card of the stock is drawn (the BGA documents); ``"end"``: it ends when a player must draw
      from the empty stock; either way the fewest cards wins, equal fewest a draw. ``"play_on"``:
      players pass instead of drawing, and a whole round of passes blocks the game.
    - ``scoring``: ``"single"`` game, or ``"points"`` left in hand.
    - ``attach_before_laying``: a player may add to others' melds before laying one.
    - ``short_deal``: cards dealt to each player when five or more play (``None``: ``hand_size``).
    - ``helpers``: face-up helping cards dealt to the middle; one joins only a new meld of hand cards.
    """

    preset: str = field(default="bga", compare=False)
    decks: int = 2
    jokers: int = 0
    hand_size: int = 15
    ace_high: bool = True
    wrap: Wrap = False
    max_cards_per_turn: int | None = 13
    restore_penalty: int = 3
    stock_out: StockOut = "last_card"
    scoring: Scoring = "single"
    attach_before_laying: bool = True
    short_deal: int | None = None
    helpers: int = 0

    def __post_init__(self) -> None:
        _check_int("decks", self.decks, 1, 8)
        _check_int("jokers", self.jokers, 0, 16)
        _check_int("hand_size", self.hand_size, 1, 52)
        _check_int("restore_penalty", self.restore_penalty, 0, 20)
        _check_int("helpers", self.helpers, 0, 12)
        if self.short_deal is not None:
            _check_int("short_deal", self.short_deal, 3, max(3, self.hand_size))
        if self.max_cards_per_turn is not None:
            _check_int("max_cards_per_turn", self.max_cards_per_turn, 1, 200)
        for name in ("ace_high", "attach_before_laying"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(_(MUST_BE_BOOL).format(name=name, value=quote(getattr(self, name))))
        if not isinstance(self.wrap, bool) and self.wrap != UNLIMITED:
            raise RulesError(_(MUST_BE_WRAP).format(value=quote(self.wrap)))
        _check_choice("stock_out", self.stock_out, STOCK_OUT_CHOICES)
        _check_choice("scoring", self.scoring, SCORING_CHOICES)
        if self.preset not in _PRESET_VALUES:
            raise _unknown_preset(self.preset)

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Parse a rules string such as ``bga``, ``classic(jokers=4)`` or ``wikipedia()``."""
        if text is None:
            raise RulesError(_("the rules are missing (None): write a preset, e.g. bga or bga(wrap=true, jokers=2)"))
        match = _RULES_PATTERN.fullmatch(text.strip()) if isinstance(text, str) else None
        if match is None:
            # TRANSLATORS: {text} is what was written, quoted; bga(wrap=true, jokers=2) is written as it is in a file.
            message = _("{text} is not a rules string: write a preset, e.g. bga or bga(wrap=true, jokers=2)")
            raise RulesError(message.format(text=quote(text)))
        name, arguments = match.group("name").lower(), match.group("args")
        if name not in _PRESET_VALUES:
            raise _unknown_preset(name)
        overrides: dict[str, Any] = {}
        for item in filter(None, (part.strip() for part in (arguments or "").split(","))):
            key, equals, value = item.partition("=")
            key = key.strip().lower()
            if not equals:
                # TRANSLATORS: {text} is what was written, quoted; name=value and wrap=true are not translated.
                message = _("{text} is not a parameter: write name=value, e.g. wrap=true")
                raise RulesError(message.format(text=quote(item)))
            if key not in _FIELD_TYPES:
                raise _unknown_parameter(key)
            if key in overrides:
                # TRANSLATORS: {name} is a rules parameter as written in a file (wrap), quoted.
                raise RulesError(_("parameter {name} is given twice").format(name=quote(key)))
            overrides[key] = _parse_value(key, value.strip())
        return preset(name, **overrides)

    def overrides(self) -> dict[str, Any]:
        """The parameters that differ from this rules' preset."""
        base = _PRESET_VALUES[self.preset]
        return {name: getattr(self, name) for name in PARAMETER_NAMES if getattr(self, name) != base[name]}

    def turn_room(self, placed: int, hand: int = 0) -> int:
        """How many more hand cards a turn may place once it has placed ``placed``, out of the ``hand``
        cards it has left: all of them when the rules set no cap, else no more than the cap leaves.
        Below zero, the turn has placed that many cards too many. The turn check, the game, the
        solver and the computer players all ask the cap this one question.

        >>> BGA.max_cards_per_turn, BGA.turn_room(placed=10, hand=5), BGA.turn_room(placed=0, hand=5)
        (13, 3, 5)
        >>> BGA.turn_room(placed=15), WIKIPEDIA.turn_room(placed=15), WIKIPEDIA.turn_room(placed=15, hand=4)
        (-2, 0, 4)
        """
        if self.max_cards_per_turn is None:
            return hand
        return min(hand, self.max_cards_per_turn - placed)

    @property
    def unlimited_runs(self) -> bool:
        """Whether runs go round and round (``wrap=unlimited``)."""
        return self.wrap == UNLIMITED

    def run_limit(self) -> int:
        """The most cards one run may hold: 13, or with ``wrap=unlimited`` every card of its suit
        in the decks (a run round and round holds a rank again only 13 cards on).

        >>> BGA.run_limit(), BGA.replace(wrap=True).run_limit(), BGA.replace(wrap="unlimited").run_limit()
        (13, 13, 26)
        """
        return RANKS_IN_SUIT * self.decks if self.unlimited_runs else RANKS_IN_SUIT

    def replace(self, **changes: Any) -> Rules:
        """A copy with some parameters changed (checked like any other)."""
        unknown = set(changes) - set(PARAMETER_NAMES)
        if unknown:
            raise _unknown_parameter(sorted(unknown)[0])
        return dataclasses.replace(self, **changes)

    def spelled(self, *names: str) -> str:
        """The rules string, naming the parameters ``names`` even where they are the preset's.

        >>> BGA.spelled("stock_out"), str(BGA)
        ('bga(stock_out=last_card)', 'bga')
        """
        overrides = {**{name: getattr(self, name) for name in names}, **self.overrides()}
        if not overrides:
            return self.preset
        arguments = ", ".join(f"{name}={_format_value(value)}" for name, value in sorted(overrides.items()))
        return f"{self.preset}({arguments})"

    def __str__(self) -> str:
        return self.spelled()

    def __repr__(self) -> str:
        return f"Rules.parse({str(self)!r})"


RANKS_IN_SUIT = 13
PARAMETER_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules) if f.name != "preset")
_FIELD_TYPES = {name: Rules.__dataclass_fields__[name].type for name in PARAMETER_NAMES}
_RULES_PATTERN = re.compile(r"(?P<name>[A-Za-z_]+)\s*(?:\((?P<args>[^()]*)\))?")

_PRESET_VALUES: dict[str, dict[str, Any]] = {
    # Board Game Arena (documents 003, 004, 001).
    "bga": {},
    # The classic Italian rules (000): 13 cards, no per-turn limit, play on when the
    # stock is out, points left in hand; the tournament restore draws one card.
    "classic": {
        "hand_size": 13,
        "max_cards_per_turn": None,
        "restore_penalty": 1,
        "stock_out": "play_on",
        "scoring": "points",
    },
    # Wikipedia (002): 15 cards, no per-turn limit, restore or draw three.
    "wikipedia": {"max_cards_per_turn": None},
}
_DEFAULTS = {name: Rules.__dataclass_fields__[name].default for name in PARAMETER_NAMES}
for _values in _PRESET_VALUES.values():
    for _name, _default in _DEFAULTS.items():
        _values.setdefault(_name, _default)
PRESET_NAMES: tuple[str, ...] = tuple(_PRESET_VALUES)


def preset(name: str, **overrides: Any) -> Rules:
    """The named preset, with optional parameter overrides.

    >>> preset("classic").hand_size, preset("classic", jokers=4).jokers
    (13, 4)
    """
    if name not in _PRESET_VALUES:
        raise _unknown_preset(name)
    values = {**_PRESET_VALUES[name], **overrides}
    return Rules(preset=name, **values)


def as_rules(rules: Rules | str | None) -> Rules:
    """Accept a :class:`Rules`, a rules string, or ``None`` for the default."""
    if rules is None:
        return BGA
    if isinstance(rules, Rules):
        return rules
    return Rules.parse(rules)


def _parse_value(key: str, text: str) -> Any:
    kind = str(_FIELD_TYPES[key])
    lowered = text.lower()
    if kind == "Wrap":
        if lowered == UNLIMITED:
            return UNLIMITED
        if lowered not in ("true", "yes", "1", "false", "no", "0"):
            raise RulesError(_(MUST_BE_WRAP).format(value=quote(text)))
        kind = "bool"
    if kind == "bool":
        if lowered in ("true", "yes", "1"):
            return True
        if lowered in ("false", "no", "0"):
            return False
        raise RulesError(_(MUST_BE_BOOL).format(name=key, value=quote(text)))
    if kind.startswith("int"):
        if "None" in kind and lowered in ("none", "null", "unlimited"):
            return None
        try:
            return int(text)
        except ValueError:
            # TRANSLATORS: {name} is a rules parameter as written in a file; "none" is written as it is (no limit).
            message = _("{name} must be a whole number or none, not {value}") if "None" in kind else _(MUST_BE_NUMBER)
            raise RulesError(message.format(name=key, value=quote(text))) from None
    return lowered  # a choice such as stock_out=play_on; like every other word here, case does not matter


def _format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


def _check_int(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(_(MUST_BE_NUMBER).format(name=name, value=quote(value)))
    if not low <= value <= high:
        # TRANSLATORS: {name} is a rules parameter as written in a file (decks); {low} and {high} its limits.
        message = _("{name} must be between {low} and {high}, not {value}")
        raise RulesError(message.format(name=name, low=low, high=high, value=value))


def _check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        # TRANSLATORS: {name} is a rules parameter and {choices} its values, as written in a file (end, play_on).
        message = _("{name} must be one of {choices}, not {value}")
        raise RulesError(message.format(name=name, choices=", ".join(choices), value=quote(value)))


def _unknown_preset(name: str) -> RulesError:
    # TRANSLATORS: {name} is what was written, quoted; {presets} are the preset names (bga, classic, wikipedia).
    message = _("unknown preset {name}: presets are {presets}")
    return RulesError(message.format(name=quote(name), presets=", ".join(PRESET_NAMES)))


def _unknown_parameter(name: str) -> RulesError:
    # TRANSLATORS: {name} is what was written, quoted; {parameters} are the parameter names as written in a file.
    message = _("unknown rules parameter {name}: parameters are {parameters}")
    return RulesError(message.format(name=quote(name), parameters=", ".join(PARAMETER_NAMES)))


BGA = preset("bga")
CLASSIC = preset("classic")
WIKIPEDIA = preset("wikipedia")
