"""The teacher's board for the projector: one position at a time, big, its question first, then the answer.

A thin layer over :class:`machiavelli_kit.practice.presentation.Presentation`: the class
question shows over the cards, which fill the page's width (a picture that grows with
it, so the cards are as big as the screen allows), with the answer hidden. The right
arrow key (or Page Down, which a presenter's clicker sends, or **Next step**) plays
the answer's next move, the words under the cards say it, and the last step says the
position is solved; the left arrow key (or Page Up, or **Back**) takes a move back.
The keys work while the mouse is over the presenter (that is how ipyevents gives a widget the
keyboard); one press is one step, even when ipyevents sends it twice. **Next puzzle** and
**Previous puzzle**, or the list, change the position.

The presenter speaks the language it was made in (``lang=``, else the one in use then).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w
from ipyevents import Event

from machiavelli_kit.core.rules import BGA, Rules
from machiavelli_kit.core.svg import position_svg
from machiavelli_kit.i18n import _, language, pgettext, speaking
from machiavelli_kit.practice.presentation import Presentation, Shown
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.format import Puzzle
from machiavelli_kit.ui.status import in_own_language

FORWARD_KEYS = frozenset({"ArrowRight", "PageDown"})
"""Keys that show the next move: the right arrow, and Page Down, which a presenter's clicker sends."""
BACK_KEYS = frozenset({"ArrowLeft", "PageUp"})
PER_ROW = 3
"""Melds in a row of the picture: few, so the cards are big."""
STYLE = (
    "<style>"
    ".mk-presenter-question .widget-html-content { font-size: clamp(20px, 2.6vw, 48px); font-weight: bold;"
    " line-height: 1.25; white-space: normal; }"
    ".mk-presenter-picture, .mk-presenter-picture .widget-html-content { width: 100%; }"
    ".mk-presenter-picture svg { display: block; width: 100%; height: auto; max-height: 70vh; }"
    ".mk-presenter-words .widget-html-content { font-size: clamp(18px, 2.2vw, 40px); line-height: 1.3;"
    " white-space: normal; }"
    ".mk-presenter-verdict { color: #17692f; font-weight: bold; }"
    ".mk-presenter-where .widget-html-content { color: #555555; }"
    "</style>"
)


class Presenter:
    """The slides of ``items`` (puzzles or positions; by default every puzzle of the collection) for the projector.

    Positions are played under ``rules``; ``lang`` is the language it speaks (by default the one in use).
    """

    def __init__(
        self, items: Sequence[Shown] | None = None, *, rules: Rules | str = BGA, lang: str | None = None
    ) -> None:
        self.language = language(lang)
        """The language the presenter speaks, fixed when it is made."""
        with speaking(self.language):
            shown = tuple(items) if items is not None else load_collection().puzzles
            self.presentation = Presentation(shown, rules, self.language)
            self._build()
            self.show()

    def _build(self) -> None:
        labels = [_slide_label(index, item) for index, item in enumerate(self.presentation.items)]
        self.choice = w.Dropdown(options=list(zip(labels, range(len(labels)), strict=True)), description=_("position"))
        self.choice.layout.width = "auto"
        self.choice.add_class("mk-presenter-choice")
        self.choice.observe(self._chosen, names="value")
        self.question = _html("mk-presenter-question")
        self.picture = _html("mk-presenter-picture")
        self.words = _html("mk-presenter-words")
        self.where = _html("mk-presenter-where")
        self.buttons = {
            # TRANSLATORS: the presenter's buttons (the projector's board); the arrows are part of the label.
            "previous": _button("previous", _("◀◀ Previous puzzle"), _("the puzzle before this one"), self.previous),
            "back": _button(
                "back", pgettext("presenter", "◀ Back"), _("take the last move back (key ← or Page Up)"), self.back
            ),
            "forward": _button(
                "forward", _("Next step ▶"), _("show the next move of the answer (key → or Page Down)"), self.forward
            ),
            "next": _button("next", _("Next puzzle ▶▶"), _("the puzzle after this one"), self.next),
        }
        self.buttons["forward"].button_style = "primary"
        controls = w.HBox([*self.buttons.values(), self.where], layout=w.Layout(flex_flow="row wrap"))
        controls.layout.align_items = "center"
        style = w.HTML(STYLE, layout=w.Layout(display="none"))
        self.box = w.VBox([style, self.choice, self.question, self.picture, self.words, controls])
        self.box.layout.width = "100%"
        self.box.add_class("mk-presenter")
        self.keys = Event(source=self.box, watched_events=["keydown"])
        """The keys: the arrows and Page Up/Down while the mouse is over the presenter."""
        self.keys.on_dom_event(self._on_key)
        self._last_key: object = None
        """When the last key press the presenter heard happened (the browser's ``timeStamp``)."""
        self._pictured: object = None
        self._drawn: list[str] = []
        """The pictures of the steps of the slide last drawn (``_pictured``)."""

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    @in_own_language
    def show(self) -> None:
        """Draw the step shown: its question, the cards as they lie, the move in words and where we are."""
        presentation = self.presentation
        slide, step = presentation.slide, presentation.step
        self.question.value = html.escape(slide.question)
        self.picture.value = self._pictures()[step.number]
        verdict = f' <span class="mk-presenter-verdict">{html.escape(step.verdict)}</span>' if step.verdict else ""
        self.words.value = html.escape(step.text) + verdict
        # TRANSLATORS: beside the presenter's buttons: which position of how many, which step of how many.
        self.where.value = html.escape(
            _("Puzzle {number} of {count} · step {step} of {steps}").format(
                number=presentation.index + 1,
                count=len(presentation),
                step=step.number,
                steps=len(slide.steps) - 1,
            )
        )
        self.buttons["back"].disabled = step.number == 0
        self.buttons["forward"].disabled = step.number == len(slide.steps) - 1
        self.buttons["previous"].disabled = presentation.index == 0
        self.buttons["next"].disabled = presentation.index == len(presentation) - 1
        if self.choice.value != presentation.index:
            self.choice.value = presentation.index

    def _pictures(self) -> list[str]:
        """The pictures of the slide's steps, all in the frame of the largest, so the cards keep their size."""
        slide = self.presentation.slide
        if self._pictured is not slide:
            self._pictured = slide
            self._drawn = in_one_frame([position_svg(step.state.position(), per_row=PER_ROW) for step in slide.steps])
        return self._drawn

    def forward(self, _event: object = None) -> None:
        """Show the next move of the answer."""
        if self.presentation.forward():
            self.show()

    def back(self, _event: object = None) -> None:
        """Take the last move shown back."""
        if self.presentation.back():
            self.show()

    def next(self, _event: object = None) -> None:
        """The next position, at its question."""
        if self.presentation.next_slide():
            self.show()

    def previous(self, _event: object = None) -> None:
        """The position before, at its question."""
        if self.presentation.previous_slide():
            self.show()

    def _chosen(self, change: Mapping[str, Any]) -> None:
        if change["new"] != self.presentation.index and self.presentation.go_to(change["new"]):
            self.show()

    def _on_key(self, event: Mapping[str, Any]) -> None:
        if event.get("repeat") or event.get("altKey") or event.get("ctrlKey") or event.get("metaKey"):
            return
        heard = event.get("timeStamp")
        if heard is not None and heard == self._last_key:
            return  # the same key press again: ipyevents may listen twice when the page draws the box late
        self._last_key = heard
        key = event.get("key")
        if key in FORWARD_KEYS:
            self.forward()
        elif key in BACK_KEYS:
            self.back()


SIZE = re.compile(r'^<svg ([^>]*?)width="([\d.]+)" height="([\d.]+)" viewBox="0 0 [\d.]+ [\d.]+"')


def in_one_frame(pictures: list[str]) -> list[str]:
    """``pictures`` (SVG, as :mod:`machiavelli_kit.core.svg` draws them) all as wide and tall as the largest,
    their drawing at the top left: shown at the page's width, their cards all have one size.

    >>> in_one_frame(['<svg a="1" width="10" height="5" viewBox="0 0 10 5">x</svg>',
    ...               '<svg a="1" width="8" height="7" viewBox="0 0 8 7">y</svg>'])[1]
    '<svg a="1" width="10" height="7" viewBox="0 0 10 7">y</svg>'
    """
    sizes = [SIZE.match(picture) for picture in pictures]
    if not all(sizes):
        return pictures
    width = max(float(size[2]) for size in sizes if size)
    height = max(float(size[3]) for size in sizes if size)
    frame = f'width="{width:g}" height="{height:g}" viewBox="0 0 {width:g} {height:g}"'
    return [SIZE.sub(lambda found: f"<svg {found[1]}{frame}", picture, count=1) for picture in pictures]


def _slide_label(index: int, item: Shown) -> str:
    """A slide in the list: the puzzle's id and title, or a position's number."""
    if isinstance(item, Puzzle):
        return f"{item.id}: {item.title_in()}"
    # TRANSLATORS: in the presenter's list, a position that is not a puzzle of the collection.
    return _("Position {number}").format(number=index + 1)


def _html(name: str) -> w.HTML:
    widget = w.HTML()
    widget.add_class(name)
    return widget


def _button(name: str, label: str, tooltip: str, handler: Callable[[object], None]) -> w.Button:
    button = w.Button(description=label, tooltip=tooltip, layout=w.Layout(width="auto"))
    button.add_class(f"mk-presenter-{name}")
    button.on_click(handler)
    return button


__all__ = ["BACK_KEYS", "FORWARD_KEYS", "Presenter"]
