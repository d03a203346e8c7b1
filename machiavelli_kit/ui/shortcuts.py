"""The game board's keyboard shortcuts, in one place: the keys, their buttons and how to tell the learner.

The board hears keys while the mouse is over the cards (that is how ipyevents gives a widget the
keyboard). Each event reaches :func:`button_for` as the dict ipyevents sends: ``key``, ``code``,
``repeat`` and the modifier flags ``ctrlKey``, ``metaKey``, ``altKey`` and ``shiftKey``.

>>> button_for({"key": "d", "ctrlKey": False, "metaKey": False, "altKey": False, "repeat": False})
'Draw'
>>> button_for({"key": "z", "ctrlKey": True, "metaKey": False, "altKey": False, "repeat": False})
'Undo'
>>> with_key("Draw", "draw a card and end your turn")
'draw a card and end your turn (key D)'

Buttons keep their English labels as names (:data:`SHORTCUTS`' keys); :func:`button_label` is what a
button shows, in the language in use:

>>> from machiavelli_kit.i18n import speaking
>>> with speaking("pl"):
...     button_label("Draw"), with_key("Undo", "cofnij")
('Dobierz', 'cofnij (klawisz U albo Ctrl+Z)')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from machiavelli_kit.i18n import _, pgettext

SHORTCUTS: dict[str, tuple[str, ...]] = {
    "Draw": ("d",),
    "End turn": ("e",),
    "Undo": ("u", "ctrl+z"),
    "Redo": ("y", "ctrl+y"),
    "Hint": ("h",),
    "Check": ("c",),
    "Restore": ("r",),
}
"""Each button's keys: a letter, or ``ctrl+`` a letter (Cmd on a Mac works as Ctrl)."""

_BUTTON_OF = {key: label for label, keys in SHORTCUTS.items() for key in keys}


def key_name(event: Mapping[str, Any]) -> str | None:
    """The key of an ipyevents ``keydown`` as :data:`SHORTCUTS` names it (``"d"``, ``"ctrl+z"``), or None.

    A key held down (``repeat``) and keys with Alt are not shortcuts, so holding R never takes a penalty twice.
    """
    key = str(event.get("key", "")).lower()
    if event.get("repeat") or event.get("altKey") or len(key) != 1:
        return None
    return f"ctrl+{key}" if event.get("ctrlKey") or event.get("metaKey") else key


def button_for(event: Mapping[str, Any]) -> str | None:
    """The label of the button an ipyevents ``keydown`` presses, or None when the key is no shortcut."""
    name = key_name(event)
    return None if name is None else _BUTTON_OF.get(name)


def shown(key: str) -> str:
    """``key`` as the learner reads it: ``"d"`` as D, ``"ctrl+z"`` as Ctrl+Z."""
    return "+".join(part.capitalize() if len(part) > 1 else part.upper() for part in key.split("+"))


def button_label(label: str) -> str:
    """What the button named ``label`` (its English label) shows, in the language in use."""
    labels = {
        "Draw": pgettext("button", "Draw"),
        "Pass": pgettext("button", "Pass"),
        "End turn": pgettext("button", "End turn"),
        "Restore": pgettext("button", "Restore"),
        "Hint": pgettext("button", "Hint"),
        "Undo": pgettext("button", "Undo"),
        "Redo": pgettext("button", "Redo"),
        "Check": pgettext("button", "Check"),
    }
    return labels.get(label, label)


def _action(label: str) -> str:
    """What the key of the button ``label`` does, for the line of keys under the board."""
    actions = {
        # TRANSLATORS: the line of keys under the game board: "D draw, E end turn, U undo, ...".
        "Draw": pgettext("key", "draw"),
        "End turn": pgettext("key", "end turn"),
        "Undo": pgettext("key", "undo"),
        "Redo": pgettext("key", "redo"),
        "Hint": pgettext("key", "hint"),
        "Check": pgettext("key", "check"),
        "Restore": pgettext("key", "restore"),
    }
    return actions.get(label, label.lower())


def with_key(label: str, tooltip: str) -> str:
    """``tooltip`` with the keys of the button ``label`` at its end."""
    keys = [shown(key) for key in SHORTCUTS[label]]
    if len(keys) == 1:
        return _("{tooltip} (key {key})").format(tooltip=tooltip, key=keys[0])
    # TRANSLATORS: a button's tooltip, then its two keys: "undo a move (key U or Ctrl+Z)".
    return _("{tooltip} (key {key} or {other})").format(tooltip=tooltip, key=", ".join(keys[:-1]), other=keys[-1])


def keys_line() -> str:
    """One line for under the board that says every key, in the language in use."""
    keys = ", ".join(f"{shown(keys[0])} {_action(label)}" for label, keys in SHORTCUTS.items())
    return _("Keys (with the mouse over the cards): {keys}. Ctrl+Z and Ctrl+Y also undo and redo.").format(keys=keys)


__all__ = ["SHORTCUTS", "button_for", "button_label", "key_name", "keys_line", "shown", "with_key"]
