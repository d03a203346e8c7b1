"""What a board says, said again for a screen reader: an ARIA live region.

A board's status line is a picture for the eyes; a learner who cannot see the screen hears every move
and message through :class:`LiveRegion`, an element with ``role="status"`` and ``aria-live="polite"``
(anywidget gives it real attributes, which ipywidgets cannot). It is kept out of sight, not hidden:
a screen reader ignores what is hidden. Each message is a new line in it (the last few are kept), so
the same message twice is read twice.

>>> region = LiveRegion()
>>> region.say("Moved <b>7♣</b> to meld 1.")
>>> region.message, region.count
('Moved 7♣ to meld 1.', 1)
"""

from __future__ import annotations

import html
import re
from typing import Any

import anywidget
import traitlets

ESM = """
export default {
  render({ model, el }) {
    const region = document.createElement("div");
    region.className = "mk-live";
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-atomic", "false");
    el.appendChild(region);
    region.dataset.count = String(model.get("count"));  // said before the page showed it: not read
    const said = () => {
      const line = document.createElement("p");
      line.textContent = model.get("message");
      region.appendChild(line);
      while (region.childElementCount > 5) region.firstElementChild.remove();
      region.dataset.count = String(model.get("count"));
    };
    model.on("change:count", said);
    return () => model.off("change:count", said);
  },
};
"""
CSS = """
.mk-live-region { position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0;
  overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0; }
"""
TAG = re.compile(r"<[^>]*>")


class LiveRegion(anywidget.AnyWidget):
    """Out of sight, read aloud: :meth:`say` a message (HTML or text) and a screen reader reads it."""

    _esm = ESM
    _css = CSS
    message = traitlets.Unicode("").tag(sync=True)
    """The last message, as plain text."""
    count = traitlets.Int(0).tag(sync=True)
    """How many messages were said: each one is read, even the same one again."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("mk-live-region")

    def say(self, message: str) -> None:
        """Have ``message`` read (its tags dropped, its entities written as the letters they stand for)."""
        text = " ".join(html.unescape(TAG.sub(" ", message)).split())
        if not text:
            return
        with self.hold_sync():
            self.message = text
            self.count += 1


__all__ = ["LiveRegion"]
