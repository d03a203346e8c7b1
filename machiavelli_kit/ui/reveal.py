"""An answer behind a button: nothing of it reaches the page until the learner asks.

The answer's widget is made on the first press, so before that the browser has
not even received its text. A second press hides it again.

>>> reveal = Reveal("Two cards: the four and the five of hearts.")
>>> reveal.shown, len(reveal.box.children)
(False, 1)
>>> reveal.button.click()
>>> reveal.shown, reveal.button.description
(True, 'Hide the answer')
>>> reveal.answer_widget.value
'Two cards: the four and the five of hearts.'
>>> Reveal("Due carte.", lang="it").button.description
'Mostra la risposta'

The button speaks the language it was made in (``lang=``, else the one in use then);
the answer is shown as it was given.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from machiavelli_kit.i18n import N_, _, language, speaking

SHOW = N_("Show the answer")
HIDE = N_("Hide the answer")


class Reveal:
    """A "Show the answer" button over ``answer``, which stays off the page until pressed.

    ``answer`` is plain text (shown as it is, line by line, HTML characters escaped), an object
    that draws itself as SVG (a meld, a table, a position), a widget, or a list of
    these, shown one under the other. ``label`` is the button's text (by default
    "Show the answer" in ``lang``, the language in use when it is made by default).
    """

    def __init__(self, answer: object, *, label: str | None = None, lang: str | None = None) -> None:
        self.language = language(lang)
        """The language the button speaks, fixed when it is made."""
        self.answer = answer
        with speaking(self.language):
            self.label = _(SHOW) if label is None else label
            self.hide_label = _(HIDE)
            tooltip = _("try first, then look")
        self.answer_widget: Any = None
        """The answer's widget, made on the first press (``None`` until then)."""
        self.button = w.Button(description=self.label, tooltip=tooltip)
        self.button.add_class("mk-reveal-button")
        self.button.on_click(self.toggle)
        self.box = w.VBox([self.button])
        self.box.add_class("mk-reveal")

    @property
    def shown(self) -> bool:
        return len(self.box.children) > 1

    def toggle(self, _button: object = None) -> None:
        """Show the answer if it is hidden, hide it if it is shown."""
        if self.shown:
            self.hide()
        else:
            self.show()

    def show(self) -> None:
        if self.answer_widget is None:
            self.answer_widget = answer_widget(self.answer)
            self.answer_widget.add_class("mk-reveal-answer")
        self.box.children = (self.button, self.answer_widget)
        self.button.description = self.hide_label

    def hide(self) -> None:
        self.box.children = (self.button,)
        self.button.description = self.label

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)


def answer_widget(answer: object) -> Any:
    """A widget showing ``answer``: text escaped, SVG drawn, a widget as it is, a list in a column.

    >>> answer_widget("5♥ < 6♥").value
    '5♥ &lt; 6♥'
    >>> from machiavelli_kit.core.melds import Meld
    >>> [type(part).__name__ for part in answer_widget(["a run:", Meld.parse("5H 6H 7H")]).children]
    ['HTML', 'HTML']
    """
    if isinstance(answer, w.Widget):
        return answer
    if isinstance(answer, list | tuple):
        return w.VBox([answer_widget(part) for part in answer])
    if isinstance(answer, str):
        return w.HTML(html.escape(answer).replace("\n", "<br>"))
    svg = getattr(answer, "_repr_svg_", None)
    if callable(svg):
        return w.HTML(svg())
    raise TypeError(f"a Reveal shows text, a picture or a widget, not {type(answer).__name__}")


__all__ = ["Reveal", "answer_widget"]
