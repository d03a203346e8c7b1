"""A meld-validity quiz: is this a meld or not? The verdict comes from the validator.

>>> from machiavelli_kit.examples import VALIDITY_EXAMPLES
>>> quiz = Quiz(VALIDITY_EXAMPLES[:3])
>>> quiz.answer(2, says_meld=False)
'Right: not a meld. 5♠ 5♥: a meld needs at least three cards, and this one has only two; add 5♦ or 5♣ to make a set'
>>> quiz.score
(1, 1)
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from machiavelli_kit.examples import ValidityExample
from machiavelli_kit.melds import Meld
from machiavelli_kit.rules import BGA, Rules


class Quiz:
    """Questions, the learner's answers so far, and feedback in words."""

    def __init__(self, items: Sequence[ValidityExample], rules: Rules = BGA) -> None:
        self.items = tuple(items)
        self.rules = rules
        self.answers: dict[int, bool] = {}

    def truth(self, index: int) -> bool:
        return Meld.parse(self.items[index].cards).check(self.rules).valid

    def answer(self, index: int, *, says_meld: bool) -> str:
        """Record an answer (the first one counts) and say whether it was right, and why."""
        self.answers.setdefault(index, says_meld == self.truth(index))
        right = says_meld == self.truth(index)
        verdict = "a meld" if self.truth(index) else "not a meld"
        explained = Meld.parse(self.items[index].cards).check(self.rules).explain()
        return f"{'Right' if right else 'Not quite'}: {verdict}. {explained}"

    @property
    def score(self) -> tuple[int, int]:
        """(right first answers, questions answered)."""
        return sum(self.answers.values()), len(self.answers)


class QuizWidget:
    """One question at a time: the cards, **Meld** and **Not a meld**, the feedback, then **Next**.

    One question on the page instead of every one keeps the page light in the app.
    """

    def __init__(self, items: Sequence[ValidityExample], rules: Rules = BGA) -> None:
        import ipywidgets as w

        self.quiz = Quiz(items, rules)
        self.index = 0
        self.counter = w.HTML()
        self.picture = w.HTML()
        self.feedback = w.HTML()
        self.feedback.add_class("mk-quiz-feedback")
        self.score = w.HTML("Score: 0 of 0")
        self.score.add_class("mk-quiz-score")
        self.answers = [w.Button(description=text, layout=w.Layout(width="110px")) for text in ("Meld", "Not a meld")]
        for button in self.answers:
            button.add_class("mk-quiz-answer")
            button.on_click(self._answered)
        self.back = w.Button(description="Previous", layout=w.Layout(width="110px"))
        self.next = w.Button(description="Next question", layout=w.Layout(width="130px"))
        self.next.add_class("mk-quiz-next")
        self.back.on_click(lambda _: self.show(self.index - 1))
        self.next.on_click(lambda _: self.show(self.index + 1))
        row = w.HBox([self.picture, *self.answers], layout=w.Layout(align_items="center"))
        self.box = w.VBox([self.counter, row, self.feedback, w.HBox([self.back, self.next]), self.score])
        self.box.add_class("mk-quiz")
        self.show(0)

    def show(self, index: int) -> None:
        """Show question ``index`` (from 0), without its verdict until it is answered."""
        from machiavelli_kit.render import meld_svg

        self.index = index
        item = self.quiz.items[index]
        self.counter.value = f"Question {index + 1} of {len(self.quiz.items)}: is this a meld?"
        self.picture.value = meld_svg(Meld.parse(item.cards))
        self.feedback.value = ""
        self.back.disabled = index == 0
        self.next.disabled = index == len(self.quiz.items) - 1

    def _answered(self, button: Any) -> None:
        self.feedback.value = html.escape(self.quiz.answer(self.index, says_meld=button.description == "Meld"))
        right, asked = self.quiz.score
        self.score.value = f"Score: {right} of {asked}"
        if asked == len(self.quiz.items):
            self.score.value += " (every question answered)"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)


def quiz_widget(items: Sequence[ValidityExample], rules: Rules = BGA) -> QuizWidget:
    """The quiz over ``items``, one question at a time."""
    return QuizWidget(items, rules)


__all__ = ["Quiz", "QuizWidget", "quiz_widget"]
