"""The position id: one url-safe line holding rules, table, hand and goal, for sharing.

Fields are joined by ``~``: the rules (preset, then ``name-value`` overrides
joined by ``.``), the table (melds joined by ``_``, cards by ``.``), the hand
(cards joined by ``.``) and, unless it is ``max``, the goal (``close``,
``decide`` or ``play-7S``). Cards are written and read by
:mod:`machiavelli_kit.core.cards`, so ``10H``, ``TH`` and ``th`` all work.

>>> shared = parse_position_id("bga.wrap-true~5S.5H.5D.5C_6H.7H.8H~4H")
>>> str(shared.rules), shared.position.table.notation(), shared.goal
('bga(wrap=true)', '5S 5H 5D 5C | 6H 7H 8H', Goal.parse('max'))
>>> format_position_id(shared.position, shared.rules, Goal.parse("play:4H"))
'bga.wrap-true~5S.5H.5D.5C_6H.7H.8H~4H~play-4H'
>>> parse_position_id("bga~5S.5H.5D~11H")
Traceback (most recent call last):
...
machiavelli_kit.puzzles.position_id.PositionIdError: position id, hand: '11H' is not a card: ranks are A, 2-10, J, Q, K
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from machiavelli_kit.core.cards import Card, NotationError, format_cards, parse_cards, parse_table, quote
from machiavelli_kit.core.goal import Goal, GoalError
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import Rules, RulesError
from machiavelli_kit.i18n import _

FIELD, MELD, CARD, VALUE = "~", "_", ".", "-"
_ALLOWED = re.compile(r"[A-Za-z0-9._~-]*")


class PositionIdError(ValueError):
    """Text that is not a position id; the message names the part at fault."""


@dataclass(frozen=True)
class SharedPosition:
    """What a position id holds."""

    position: Position
    rules: Rules
    goal: Goal = Goal.MAX


def format_position_id(position: Position, rules: Rules, goal: Goal = Goal.MAX) -> str:
    """Write the one-line id of ``position`` under ``rules`` with ``goal``."""
    table = MELD.join(_cards(meld.cards) for meld in position.table.melds)
    parts = [_format_rules(rules), table, _cards(position.hand)]
    if goal != Goal.MAX:
        parts.append(goal.id_text)
    return FIELD.join(parts)


def parse_position_id(text: str) -> SharedPosition:
    """Read a position id written by :func:`format_position_id`."""
    text = text.strip()
    if not _ALLOWED.fullmatch(text):
        bad = next(char for char in text if not _ALLOWED.fullmatch(char))
        # TRANSLATORS: a position id is the share code of a position, e.g. bga~5S.5H.5D~4H.
        message = _("position id: {sign!r} cannot appear in a position id (letters, digits and . _ ~ - only)")
        raise PositionIdError(message.format(sign=bad))
    fields = text.split(FIELD)
    if len(fields) not in (3, 4):
        raise PositionIdError(_("position id: write rules~table~hand, optionally ~goal, separated by '~'"))
    rules = _parse_rules(fields[0])
    try:
        table = Table.of(parse_table(fields[1].replace(MELD, "|").replace(CARD, " ")))
    except NotationError as error:
        raise PositionIdError(_("position id, table: {error}").format(error=error)) from None
    try:
        hand = parse_cards(fields[2].replace(CARD, " "))
    except NotationError as error:
        raise PositionIdError(_("position id, hand: {error}").format(error=error)) from None
    goal = _parse_goal(fields[3]) if len(fields) == 4 else Goal.MAX
    return SharedPosition(Position(table, hand), rules, goal)


def _cards(cards: Iterable[Card]) -> str:
    return format_cards(cards).replace(" ", CARD)


def _format_rules(rules: Rules) -> str:
    items = [rules.preset]
    for name, value in sorted(rules.overrides().items()):
        items.append(f"{name}{VALUE}{_value(value)}")
    return CARD.join(items)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def _parse_rules(text: str) -> Rules:
    name, *items = text.split(CARD)
    arguments = []
    for item in items:
        key, dash, value = item.partition(VALUE)
        if not dash:
            message = _("position id, rules: {item} is not a parameter: write name-value, e.g. wrap-true")
            raise PositionIdError(message.format(item=quote(item)))
        arguments.append(f"{key}={value}")
    try:
        return Rules.parse(f"{name}({', '.join(arguments)})")
    except RulesError as error:
        raise PositionIdError(_("position id, rules: {error}").format(error=error)) from None


def _parse_goal(text: str) -> Goal:
    try:
        return Goal.parse(text)
    except GoalError as error:
        raise PositionIdError(_("position id, goal: {error}").format(error=error)) from None
