"""A press on a board's card never scrolls the page: the card under the finger is the card picked up.

ipycanvas (0.14) focuses its canvas on mouse-down with ``el.focus()`` and only then reads where the
press was from the canvas's place on the page. With the board partly scrolled out of view, that focus
scrolls the page (or Lab's notebook panel) to show the whole canvas, so the press is read against the
moved canvas and lands on another card: the drag fails, or picks up a card from another meld
(docs/upstream/ipycanvas-focus-scroll.md is the report for ipycanvas).

:class:`SteadyFocus` is a hidden widget each board carries in its box. Its front end (anywidget)
makes ``focus()`` of the canvases inside a board (``.mk-position``) pass ``preventScroll: true``,
once per page however many boards it shows: the canvas still takes the keyboard, and the page stays
where the learner put it. Every other element focuses as before.
"""

from __future__ import annotations

from typing import Any

import anywidget
import ipywidgets as w

ESM = """
function steady() {
  const proto = HTMLCanvasElement.prototype;
  if (Object.prototype.hasOwnProperty.call(proto, "mkSteadyFocus")) return;
  const focus = proto.focus;
  proto.focus = function (options) {
    if (this.closest && this.closest(".mk-position")) {
      return focus.call(this, Object.assign({}, options, { preventScroll: true }));
    }
    return focus.call(this, options);
  };
  Object.defineProperty(proto, "mkSteadyFocus", { value: true });
}

export default {
  render({ el }) {
    steady();
    el.classList.add("mk-steady-focus-ready");
  },
};
"""


class SteadyFocus(anywidget.AnyWidget):
    """Hidden: makes focusing a board's canvas keep the page where it is (see the module's text)."""

    _esm = ESM

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(layout=w.Layout(display="none"), **kwargs)
        self.add_class("mk-steady-focus")


__all__ = ["SteadyFocus"]
