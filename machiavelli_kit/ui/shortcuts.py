"""The boards' keyboard shortcuts, in one place: each action's keys and how to tell the learner.

A board hears keys while the mouse is over the cards (that is how ipyevents gives a widget the
keyboard) and while its cards have the keyboard's focus (after Tab, :mod:`machiavelli_kit.ui.board_keys`).
Each event reaches :func:`shortcut_for` as the dict both send: ``key``, ``code``, ``repeat`` and the
modifier flags ``ctrlKey``, ``metaKey``, ``altKey`` and ``shiftKey``. The board keeps the button each
:class:`Shortcut` presses; no button is ever found by its label. The arrow keys, Enter, Space and
Escape move the focus between the cards and pick a card up and put it down (:func:`cursor_key`,
:mod:`machiavelli_kit.ui.cursor`).

>>> shortcut_for({"key": "d", "ctrlKey": False, "metaKey": False, "altKey": False, "repeat": False})
<Shortcut.DRAW: ('d',)>
>>> shortcut_for({"key": "z", "ctrlKey": True, "metaKey": False, "altKey": False, "repeat": False})
<Shortcut.UNDO: ('u', 'ctrl+z')>
>>> cursor_key({"key": "ArrowLeft"}), cursor_key({"key": " "}), cursor_key({"key": "ArrowLeft", "ctrlKey": True})
('left', 'enter', None)
>>> with_key(Shortcut.DRAW, "draw a card and end your turn")
'draw a card and end your turn (key D)'

The keys are told in the language in use:

>>> from machiavelli_kit.i18n import speaking
>>> with speaking("pl"):
...     with_key(Shortcut.UNDO, "cofnij")
'cofnij (klawisz U albo Ctrl+Z)'
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from machiavelli_kit.i18n import _, pgettext
from machiavelli_kit.ui.cursor import CursorKey


class Shortcut(Enum):
    """An action of the game board that has keys: a letter, or ``ctrl+`` a letter (Cmd on a Mac works as Ctrl).

    They are listed in the order the line of keys under the board tells them.
    """

    DRAW = ("d",)
    END_TURN = ("e",)
    UNDO = ("u", "ctrl+z")
    REDO = ("y", "ctrl+y")
    HINT = ("h",)
    CHECK = ("c",)
    RESTORE = ("r",)

    @property
    def keys(self) -> tuple[str, ...]:
        keys: tuple[str, ...] = self.value
        return keys

    def word(self) -> str:
        """What the key does, for the line of keys under the board, in the language in use."""
        words = {
            # TRANSLATORS: the line of keys under the game board: "D draw, E end turn, U undo, ...".
            Shortcut.DRAW: pgettext("key", "draw"),
            Shortcut.END_TURN: pgettext("key", "end turn"),
            Shortcut.UNDO: pgettext("key", "undo"),
            Shortcut.REDO: pgettext("key", "redo"),
            Shortcut.HINT: pgettext("key", "hint"),
            Shortcut.CHECK: pgettext("key", "check"),
            Shortcut.RESTORE: pgettext("key", "restore"),
        }
        return words[self]


_SHORTCUT_OF = {key: shortcut for shortcut in Shortcut for key in shortcut.keys}
CURSOR_KEYS: dict[str, CursorKey] = {
    "ArrowLeft": "left",
    "ArrowRight": "right",
    "ArrowUp": "up",
    "ArrowDown": "down",
    "Enter": "enter",
    " ": "enter",
    "Escape": "escape",
}
"""The browser's names of the keys that move the focus between the cards, and what each asks of it."""


def cursor_key(event: Mapping[str, Any]) -> CursorKey | None:
    """What a ``keydown`` asks of the focus on the cards, or None (with Ctrl, Alt or Cmd it asks nothing).

    An arrow held down goes on moving; Enter, Space and Escape held down act once.
    """
    if event.get("ctrlKey") or event.get("metaKey") or event.get("altKey"):
        return None
    key = CURSOR_KEYS.get(str(event.get("key", "")))
    return None if key in ("enter", "escape") and event.get("repeat") else key


def key_name(event: Mapping[str, Any]) -> str | None:
    """The key of an ipyevents ``keydown`` as :class:`Shortcut` names it (``"d"``, ``"ctrl+z"``), or None.

    A key held down (``repeat``) and keys with Alt are not shortcuts, so holding R never takes a penalty twice.
    """
    key = str(event.get("key", "")).lower()
    if event.get("repeat") or event.get("altKey") or len(key) != 1:
        return None
    return f"ctrl+{key}" if event.get("ctrlKey") or event.get("metaKey") else key


def shortcut_for(event: Mapping[str, Any]) -> Shortcut | None:
    """The action an ipyevents ``keydown`` asks for, or None when the key is no shortcut."""
    name = key_name(event)
    return None if name is None else _SHORTCUT_OF.get(name)


def shown(key: str) -> str:
    """``key`` as the learner reads it: ``"d"`` as D, ``"ctrl+z"`` as Ctrl+Z."""
    return "+".join(part.capitalize() if len(part) > 1 else part.upper() for part in key.split("+"))


def with_key(shortcut: Shortcut, tooltip: str) -> str:
    """``tooltip`` with the keys of ``shortcut`` at its end."""
    keys = [shown(key) for key in shortcut.keys]
    if len(keys) == 1:
        return _("{tooltip} (key {key})").format(tooltip=tooltip, key=keys[0])
    # TRANSLATORS: a button's tooltip, then its two keys: "undo a move (key U or Ctrl+Z)".
    return _("{tooltip} (key {key} or {other})").format(tooltip=tooltip, key=", ".join(keys[:-1]), other=keys[-1])


def keys_line() -> str:
    """One line for under the board that says every key, in the language in use."""
    keys = ", ".join(f"{shown(shortcut.keys[0])} {shortcut.word()}" for shortcut in Shortcut)
    # TRANSLATORS: under the game board; {keys} is "D draw, E end turn, U undo, ...". Tab is the key that
    # moves from button to button, Escape the key marked Esc.
    return _(
        "Keys (with the mouse over the cards, or after Tab to them): {keys}. Ctrl+Z and Ctrl+Y also undo and redo."
        " The arrow keys move between the cards, Enter or Space picks one up and puts it down, Escape puts it back."
    ).format(keys=keys)


__all__ = ["CURSOR_KEYS", "Shortcut", "cursor_key", "key_name", "keys_line", "shortcut_for", "shown", "with_key"]
