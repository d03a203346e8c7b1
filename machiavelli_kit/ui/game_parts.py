"""Small widgets both game boards build alike: the local :mod:`.game_board` and a networked table's
:mod:`.table_board` (each part a class name the page's style and the browser tests find it by)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

import ipywidgets as w

from machiavelli_kit.i18n import speaking
from machiavelli_kit.ui.shortcuts import Shortcut
from machiavelli_kit.ui.status import reporting_errors

F = TypeVar("F", bound=Callable[..., Any])
BOARD_BUTTONS = {"Undo": Shortcut.UNDO, "Redo": Shortcut.REDO, "Check": Shortcut.CHECK}
"""The position board's own buttons a game keeps, by their names there, and their keys (Draw, End turn, Restore,
Hint and the rest are the game's)."""


def html_part(name: str) -> w.HTML:
    """An empty HTML widget with the class ``name``."""
    widget = w.HTML("")
    widget.add_class(name)
    return widget


def game_button(label: str, tooltip: str, name: str) -> w.Button:
    """A button as wide as its label, with the class ``mk-game-{name}``."""
    button = w.Button(description=label, tooltip=tooltip, layout=w.Layout(width="auto"))
    button.add_class(f"mk-game-{name}")
    return button


def show(widget: w.DOMWidget, visible: bool) -> None:
    """Show or hide ``widget`` (hidden, it takes no room)."""
    widget.layout.display = None if visible else "none"


def spoken_and_guarded(handler: F, lang: str, report: Callable[[Exception], None]) -> F:
    """``handler`` run in the board's language ``lang``, any exception it raises given to ``report`` (shown
    on the board's status line) instead of lost."""

    @functools.wraps(handler)
    def spoken(*args: Any, **kwargs: Any) -> Any:
        with speaking(lang):
            return handler(*args, **kwargs)

    return reporting_errors(cast(F, spoken), report)
