"""One board and a picker choosing what it shows, instead of a board per example.

A page with many boards is heavy for the app (every board is dozens of widgets
the browser must fetch), so a lesson shows one board per section and a picker
over that section's examples. Under the board, a Reveal holds the example's
answer until the learner asks for it. With a single example the picker is left out.

>>> from machiavelli_kit.core.position import Position
>>> picker = ExamplePicker([
...     Example("Add a card", Position.parse("5S 5H 5D", "5C"), name="add", answer="5♣ joins the fives."),
...     Example("Lay a meld", Position.parse("", "7S 8S 9S"), name="lay"),
... ])
>>> picker.current.name, "mk-position-add" in picker.board.box._dom_classes
('add', True)
>>> picker.selector.value = 1
>>> picker.current.name, picker.reveal is None
('lay', True)

The picker, its boards and its answer buttons speak the language the picker was
made in (``lang=``, else the one in use then).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w
from ipycanvas import MultiCanvas

from machiavelli_kit.core.position import Position
from machiavelli_kit.core.rules import BGA, Rules, as_rules
from machiavelli_kit.i18n import _, language, ngettext, speaking
from machiavelli_kit.solver import solve
from machiavelli_kit.ui.position_board import PositionBoard
from machiavelli_kit.ui.reveal import Reveal
from machiavelli_kit.ui.status import in_own_language


@dataclass(frozen=True)
class Example:
    """A position to try on the board: its name in the picker, a question, and an answer to reveal.

    ``name`` becomes the board's CSS class ``mk-position-<name>``; ``answer`` is
    anything a :class:`Reveal` shows (``None``: no answer button).
    """

    label: str
    position: Position
    rules: Rules | str = BGA
    name: str = ""
    question: str = ""
    answer: object = None


class ExamplePicker:
    """A picker (when there is more than one example), the question, one board and the answer's Reveal.

    ``description`` names the picker (by default "Example", in ``lang``); ``lang`` is the language
    the picker and its boards speak (by default the one in use when it is made).
    """

    def __init__(
        self,
        examples: Sequence[Example],
        *,
        description: str | None = None,
        lang: str | None = None,
        **board_options: Any,
    ) -> None:
        if not examples:
            raise ValueError("a picker needs at least one example to show")
        self.language = language(lang)
        """The language the picker and its boards speak, fixed when it is made."""
        if description is None:
            with speaking(self.language):
                # TRANSLATORS: the name of the picker over a lesson's examples.
                description = _("Example")
        self.examples = tuple(examples)
        self.board_options = board_options
        self.selector = w.Dropdown(
            options=[(example.label, index) for index, example in enumerate(self.examples)],
            value=0,
            description=description,
            layout=w.Layout(width="max-content"),
        )
        self.selector.add_class("mk-picker")
        self.question = w.HTML()
        self.question.add_class("mk-question")
        self.area = w.VBox()
        self.board: PositionBoard
        self.reveal: Reveal | None = None
        self._show(0)
        self.selector.observe(self._picked, names="value")
        parts = [self.selector] if len(self.examples) > 1 else []
        self.box = w.VBox([*parts, self.question, self.area])
        self.box.add_class("mk-example-picker")

    @property
    def current(self) -> Example:
        index: int = self.selector.value
        return self.examples[index]

    @in_own_language
    def _picked(self, change: dict[str, Any]) -> None:
        """Show the example picked; the old board stops any Solve it was showing, and its widgets are closed."""
        if self.board.solving is not None:
            self.board.solving.cancel()
        old = self.area.children
        self._show(change["new"])
        for widget in old:
            close_tree(widget)

    @in_own_language
    def _show(self, index: int) -> None:
        example = self.examples[index]
        rules = as_rules(example.rules)
        self.board = PositionBoard(example.position, rules, name=example.name, lang=self.language, **self.board_options)
        self.reveal = None if example.answer is None else Reveal(example.answer, lang=self.language)
        self.question.value = f"<b>{html.escape(example.question)}</b>" if example.question else ""
        self.area.children = [self.board.box] + ([self.reveal.box] if self.reveal else [])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)


def worked_example_picker(
    identifiers: Sequence[str], *, lang: str | None = None, **board_options: Any
) -> ExamplePicker:
    """The rule documents' worked examples on one board; each reveals how the documents play it (in ``lang``).

    >>> picker = worked_example_picker(["bga-7", "bga-3"])
    >>> [label for label, _ in picker.selector.options]
    ['bga-7: Both ends of a run', 'bga-3: Not enough to go round']
    """
    from machiavelli_kit.practice.examples import example

    lang = language(lang)
    examples = []
    with speaking(lang):
        for identifier in identifiers:
            item = example(identifier)
            answer: list[object] = [item.story_in()]
            if item.solution is not None:
                answer += [_("The table at the end of the turn:"), item.solution]
            label = f"{item.id}: {item.title_in()}"
            examples.append(Example(label, item.position, item.rules, item.id, item.question(), answer))
    return ExamplePicker(examples, lang=lang, **board_options)


def solved_example(
    label: str,
    position: Position,
    rules: Rules | str = BGA,
    *,
    name: str = "",
    question: str = "",
    lang: str | None = None,
) -> Example:
    """An example whose answer the solver writes (in ``lang``): how many cards, the moves in words and the end table.

    >>> answer = solved_example("close", Position.parse("3C 4C 5C 6C", "6H 6D")).answer
    >>> print(answer[0])  # doctest: +NORMALIZE_WHITESPACE
    You can play 2 cards, your whole hand. One way:
    1. 6♣ from the club run starts a new set of sixes
    2. 6♥ from the hand joins the new sixes
    3. 6♦ from the hand joins the new sixes
    """
    rules = as_rules(rules)
    with speaking(lang):
        best = solve(position, rules)  # its moves are said in words as it finds them
        if not best.feasible:
            penalty = rules.restore_penalty
            text = ngettext(
                "Nothing can be played here, so the turn ends with a draw: 1 card if you touched nothing, "
                "{count} card if you moved cards and had to put them back.",
                "Nothing can be played here, so the turn ends with a draw: 1 card if you touched nothing, "
                "{count} cards if you moved cards and had to put them back.",
                penalty,
            ).format(count=penalty)
            return Example(label, position, rules, name, question, text)
        steps = "\n".join(f"{number}. {move.text}" for number, move in enumerate(best.moves, start=1))
        if best.hand:
            first = ngettext(
                "You can play {count} card. One way:", "You can play {count} cards. One way:", best.max_play
            )
        else:
            first = ngettext(
                "You can play {count} card, your whole hand. One way:",
                "You can play {count} cards, your whole hand. One way:",
                best.max_play,
            )
        text = first.format(count=best.max_play) + "\n" + steps
        return Example(label, position, rules, name, question, [text, _("The table at the end:"), best.table])


def close_tree(widget: Any) -> None:
    """Close ``widget`` and every widget inside it (a canvas's layers too), so the browser lets them go."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    if isinstance(widget, MultiCanvas):
        for layer in widget._canvases:
            layer.close()
    widget.close()


__all__ = ["Example", "ExamplePicker", "close_tree", "solved_example", "worked_example_picker"]
