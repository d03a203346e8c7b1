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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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


def with_key(label: str, tooltip: str) -> str:
    """``tooltip`` with the keys of the button ``label`` at its end."""
    return f"{tooltip} (key {' or '.join(shown(key) for key in SHORTCUTS[label])})"


def keys_line() -> str:
    """One line for under the board that says every key."""
    keys = ", ".join(f"{shown(keys[0])} {label.lower()}" for label, keys in SHORTCUTS.items())
    return f"Keys (with the mouse over the cards): {keys}. Ctrl+Z and Ctrl+Y also undo and redo."


__all__ = ["SHORTCUTS", "button_for", "key_name", "keys_line", "shown", "with_key"]
