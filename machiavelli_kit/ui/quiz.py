"""A meld-validity quiz: is this a meld or not? The verdict comes from the validator.

>>> from machiavelli_kit.practice.examples import VALIDITY_EXAMPLES
>>> quiz = Quiz(VALIDITY_EXAMPLES[:3])
>>> quiz.answer(2, says_meld=False)
'Right: not a meld. 5♠ 5♥: a meld needs at least three cards, and this one has only two; add 5♦ or 5♣ to make a set'
>>> quiz.score
(1, 1)
>>> quiz.answer(0, says_meld=False, lang="it")[:28]
'Non proprio: è una combinazi'

The widget speaks the language it was made in (``lang=``, else the one in use then).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from functools import partial
from typing import Any

from machiavelli_kit.core.melds import Meld
from machiavelli_kit.core.rules import BGA, Rules
from machiavelli_kit.i18n import _, language, speaking
from machiavelli_kit.practice.examples import ValidityExample
from machiavelli_kit.ui.status import in_own_language


class Quiz:
    """Questions, the learner's answers so far, and feedback in words."""

    def __init__(self, items: Sequence[ValidityExample], rules: Rules = BGA) -> None:
        self.items = tuple(items)
        self.rules = rules
        self.answers: dict[int, bool] = {}

    def truth(self, index: int) -> bool:
        return Meld.parse(self.items[index].cards).check(self.rules).valid

    def answer(self, index: int, *, says_meld: bool, lang: str | None = None) -> str:
        """Record an answer (the first one counts) and say whether it was right, and why (in ``lang``)."""
        self.answers.setdefault(index, says_meld == self.truth(index))
        right, meld = says_meld == self.truth(index), self.truth(index)
        with speaking(lang):
            explained = Meld.parse(self.items[index].cards).check(self.rules).explain()
            # TRANSLATORS: the quiz's feedback; {why} is the validator's explanation of the cards.
            if right and meld:
                text = _("Right: a meld. {why}")
            elif right:
                text = _("Right: not a meld. {why}")
            elif meld:
                text = _("Not quite: a meld. {why}")
            else:
                text = _("Not quite: not a meld. {why}")
            return text.format(why=explained)

    @property
    def score(self) -> tuple[int, int]:
        """(right first answers, questions answered)."""
        return sum(self.answers.values()), len(self.answers)


class QuizWidget:
    """One question at a time: the cards, **Meld** and **Not a meld**, the feedback, then **Next**.

    One question on the page instead of every one keeps the page light in the app.
    ``lang`` is the language it speaks (by default the one in use when it is made).
    """

    def __init__(self, items: Sequence[ValidityExample], rules: Rules = BGA, *, lang: str | None = None) -> None:
        self.language = language(lang)
        """The language the quiz speaks, fixed when it is made."""
        with speaking(self.language):
            self._build(items, rules)

    def _build(self, items: Sequence[ValidityExample], rules: Rules) -> None:
        import ipywidgets as w

        self.quiz = Quiz(items, rules)
        self.index = 0
        self.counter = w.HTML()
        self.picture = w.HTML()
        self.feedback = w.HTML()
        self.feedback.add_class("mk-quiz-feedback")
        self.score = w.HTML(_score_text(0, 0))
        self.score.add_class("mk-quiz-score")
        self.answers: list[w.Button] = []
        """The two answer buttons, Meld and Not a meld, each wired to the answer it gives."""
        for text, says_meld in ((_("Meld"), True), (_("Not a meld"), False)):
            button = w.Button(description=text, layout=w.Layout(min_width="110px", width="auto"))
            button.add_class("mk-quiz-answer")
            button.on_click(partial(self._answered, says_meld))
            self.answers.append(button)
        self.back = w.Button(description=_("Previous"), layout=w.Layout(min_width="110px", width="auto"))
        self.next = w.Button(description=_("Next question"), layout=w.Layout(min_width="130px", width="auto"))
        self.next.add_class("mk-quiz-next")
        self.back.on_click(lambda _button: self.show(self.index - 1))
        self.next.on_click(lambda _button: self.show(self.index + 1))
        row = w.HBox([self.picture, *self.answers], layout=w.Layout(align_items="center"))
        self.box = w.VBox([self.counter, row, self.feedback, w.HBox([self.back, self.next]), self.score])
        self.box.add_class("mk-quiz")
        self.show(0)

    @in_own_language
    def show(self, index: int) -> None:
        """Show question ``index`` (from 0), without its verdict until it is answered."""
        from machiavelli_kit.core.svg import meld_svg

        self.index = index
        item = self.quiz.items[index]
        question = _("Question {number} of {count}: is this a meld?")
        self.counter.value = question.format(number=index + 1, count=len(self.quiz.items))
        self.picture.value = meld_svg(Meld.parse(item.cards))
        self.feedback.value = ""
        self.back.disabled = index == 0
        self.next.disabled = index == len(self.quiz.items) - 1

    @in_own_language
    def _answered(self, says_meld: bool, _button: object = None) -> None:
        self.feedback.value = html.escape(self.quiz.answer(self.index, says_meld=says_meld, lang=self.language))
        right, asked = self.quiz.score
        if asked == len(self.quiz.items):
            self.score.value = _("Score: {right} of {asked} (every question answered)").format(right=right, asked=asked)
        else:
            self.score.value = _score_text(right, asked)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)


def _score_text(right: int, asked: int) -> str:
    # TRANSLATORS: the quiz's score: {right} first answers right, of {asked} questions answered.
    return _("Score: {right} of {asked}").format(right=right, asked=asked)


__all__ = ["Quiz", "QuizWidget"]
