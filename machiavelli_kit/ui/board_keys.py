"""The keys pressed on a board that has the keyboard's focus, sent to Python.

A board's canvas is reached with Tab like any control. ipycanvas would keep every key itself (it
cancels each one, Tab included, so the focus could never leave the board), and ipyevents hears keys
only while the mouse is over the board. :class:`BoardKeys` is a hidden widget in the board's box
whose front end (anywidget) listens first, while a canvas of its board (``.mk-position``) has the
focus: Tab and Shift+Tab leave the board as they leave any control; the arrows, Enter, Space and
Escape, which would scroll or click the page, do only what the board makes of them; each key but Tab
goes to :meth:`on_key`'s callbacks as ipyevents gives a ``keydown`` (``key``, ``code``, ``repeat`` and
the modifier flags). :meth:`on_focus` hears the board take the focus (and whether that was the
keyboard's doing, as after Tab, or a press of the mouse or a finger: ipycanvas focuses the canvas
on a press, and in JupyterLab the browser then shows that focus as a keyboard's) and lose it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import anywidget
import ipywidgets as w

ESM = """
const CAUGHT = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ", "Escape"]);

export default {
  render({ model, el }) {
    const ours = (target) => {
      const board = el.closest(".mk-position");
      return board !== null && target instanceof HTMLCanvasElement && board.contains(target);
    };
    let pressed = false;  // the last press was a pointer's on the board: a focus then is no keyboard's
    const press = (event) => { pressed = ours(event.target); };
    const key = (event) => {
      pressed = false;
      if (!ours(event.target)) return;
      event.stopImmediatePropagation();  // before ipycanvas, ipyevents and Lab's shortcuts
      if (event.key === "Tab") return;
      if (CAUGHT.has(event.key)) event.preventDefault();
      model.send({
        event: "keydown", key: event.key, code: event.code, repeat: event.repeat,
        ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, shiftKey: event.shiftKey,
      });
    };
    const focus = (event) => {
      if (ours(event.target)) {
        model.send({ event: event.type, visible: !pressed && event.target.matches(":focus-visible") });
      }
    };
    window.addEventListener("pointerdown", press, true);
    window.addEventListener("keydown", key, true);
    window.addEventListener("focusin", focus, true);
    window.addEventListener("focusout", focus, true);
    return () => {
      window.removeEventListener("pointerdown", press, true);
      window.removeEventListener("keydown", key, true);
      window.removeEventListener("focusin", focus, true);
      window.removeEventListener("focusout", focus, true);
    };
  },
};
"""


class BoardKeys(anywidget.AnyWidget):
    """Hidden: the keys pressed on its board's canvas, and the canvas taking and losing the focus."""

    _esm = ESM

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(layout=w.Layout(display="none"), **kwargs)
        self.add_class("mk-board-keys")
        self._keys: list[Callable[[Mapping[str, Any]], None]] = []
        self._focus: list[Callable[[bool, bool], None]] = []
        self.on_msg(self._heard)

    def on_key(self, callback: Callable[[Mapping[str, Any]], None]) -> None:
        """Call ``callback(event)`` for each key pressed on the board (Tab leaves it and is not told)."""
        self._keys.append(callback)

    def on_focus(self, callback: Callable[[bool, bool], None]) -> None:
        """Call ``callback(focused, visible)`` when the board takes the focus (``visible``: the browser
        shows it, as after Tab) or loses it (``focused`` False)."""
        self._focus.append(callback)

    def _heard(self, _widget: object, content: Mapping[str, Any], _buffers: object = None) -> None:
        kind = content.get("event")
        if kind == "keydown":
            for callback in self._keys:
                callback(content)
        elif kind in ("focusin", "focusout"):
            for listener in self._focus:
                listener(kind == "focusin", bool(content.get("visible")))


__all__ = ["BoardKeys"]
