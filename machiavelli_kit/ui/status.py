"""The look of a board's status line: each message has a kind, shown by a colour and an icon.

The message itself stays plain text in the widget's ``value``; its kind is a
CSS class (``mk-kind-valid`` and so on), and the page's style, :data:`STYLE`,
draws the icon in front of it and colours it. The text of the line and of the
board's buttons grows with the width the board really has on the page (a CSS
container query), so a big board on a projector has big words, and the same
board shrunk onto a phone keeps them readable, not huge.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Literal, TypeVar

from machiavelli_kit.i18n import speaking

Kind = Literal["valid", "invalid", "hint", "info"]
KINDS: tuple[Kind, ...] = ("valid", "invalid", "hint", "info")
ICONS: dict[Kind, str] = {"valid": "✓", "invalid": "✗", "hint": "☞", "info": "ℹ"}
COLOURS: dict[Kind, str] = {"valid": "#17692f", "invalid": "#b3261e", "hint": "#7a4f00", "info": "#33423a"}
TEXT_SIZE = "clamp(15px, 2.1cqw, 30px)"
"""The status line's text: 16 px on a 760 px (medium) board, more on bigger ones."""
BUTTON_TEXT_SIZE = "clamp(13px, 1.75cqw, 26px)"
BUTTON_HEIGHT = "clamp(28px, 3.7cqw, 56px)"


F = TypeVar("F", bound=Callable[..., Any])


def reporting_errors(handler: F, report: Callable[[Exception], None]) -> F:
    """``handler``, but an exception it raises goes to ``report`` (called inside the ``except``, so
    ``traceback.format_exc()`` still tells it) instead of being lost in the kernel's log."""

    @functools.wraps(handler)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return handler(*args, **kwargs)
        except Exception as error:
            report(error)
            return None

    return guarded  # type: ignore[return-value]


def in_own_language(method: F) -> F:
    """``method`` of a widget, said in the widget's own language (``self.language``, fixed when it was made).

    A widget's texts are translated when they are said: in a click callback, the session's language
    may have changed since the widget was made, and the widget keeps speaking its own.
    """

    @functools.wraps(method)
    def spoken(self: Any, *args: Any, **kwargs: Any) -> Any:
        with speaking(self.language):
            return method(self, *args, **kwargs)

    return spoken  # type: ignore[return-value]


def mark(widget: Any, kind: Kind) -> None:
    """Give ``widget`` (a status or verdict line) the look of ``kind``."""
    for other in KINDS:
        if other != kind:
            widget.remove_class(f"mk-kind-{other}")
    widget.add_class(f"mk-kind-{kind}")


def kind_of(widget: Any) -> Kind | None:
    """The kind ``widget`` shows now, if any."""
    return next((kind for kind in KINDS if f"mk-kind-{kind}" in widget._dom_classes), None)


def _style() -> str:
    rules = [
        ".mk-position { container-type: inline-size; }",
        f".mk-status-line .widget-html {{ font-size: {TEXT_SIZE}; }}",
        f".mk-board-buttons button, .mk-board-buttons .widget-label {{ font-size: {BUTTON_TEXT_SIZE}; }}",
        f".mk-board-buttons button {{ height: {BUTTON_HEIGHT}; }}",
        ".mk-status-line { display: flex; flex-wrap: wrap; align-items: baseline; column-gap: 1em;"
        " background: #f3f6f3; border-radius: 8px; padding: 4px 12px; margin-top: 4px; box-sizing: border-box; }",
        ".mk-status-line .widget-html-content { line-height: 1.4; white-space: normal; }",
        ".mk-status-line .widget-html { margin: 2px 0; }",
        ".mk-puzzle-verdict { font-weight: bold; }",
    ]
    for kind in KINDS:
        rules.append(f".mk-kind-{kind} {{ color: {COLOURS[kind]}; }}")
        rules.append(
            f".mk-kind-{kind} .widget-html-content:not(:empty)::before {{ content: '{ICONS[kind]}'; font-weight: bold;"
            " display: inline-block; min-width: 1.3em; }"
        )
    return "<style>" + "\n".join(rules) + "</style>"


STYLE = _style()
"""The style sheet, as HTML for an ``ipywidgets.HTML`` (once per board; repeats do no harm)."""

__all__ = ["COLOURS", "ICONS", "KINDS", "STYLE", "Kind", "in_own_language", "kind_of", "mark", "reporting_errors"]
