"""Small widgets both game boards build alike: the local :mod:`.game_board` and a networked table's
:mod:`.table_board` (each part a class name the page's style and the browser tests find it by)."""

from __future__ import annotations

import ipywidgets as w


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
