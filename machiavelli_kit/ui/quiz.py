"""A meld-validity quiz: is this a meld or not? The verdict comes from the validator.

>>> from machiavelli_kit.examples import VALIDITY_EXAMPLES
>>> quiz = Quiz(VALIDITY_EXAMPLES[:3])
>>> quiz.answer(2, says_meld=False)
'Right: not a meld. 5♠ 5♥: a meld needs at least three cards, and this one has only two; add 5♦ or 5♣ to make a set'
>>> quiz.score
(1, 1)
"""

from __future__ import annotations

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


def quiz_widget(items: Sequence[ValidityExample], rules: Rules = BGA) -> Any:
    """One row per question: the cards, two buttons and the feedback; a score line below."""
    import ipywidgets as w

    from machiavelli_kit.render import meld_svg

    quiz = Quiz(items, rules)
    score = w.HTML("Score: 0 of 0")
    score.add_class("mk-quiz-score")
    rows = []
    for index, item in enumerate(quiz.items):
        feedback = w.HTML()
        buttons = [w.Button(description=text, layout=w.Layout(width="110px")) for text in ("Meld", "Not a meld")]

        def pressed(button: Any, index: int = index, feedback: Any = feedback) -> None:
            feedback.value = quiz.answer(index, says_meld=button.description == "Meld")
            right, asked = quiz.score
            score.value = f"Score: {right} of {asked}"

        for button in buttons:
            button.on_click(pressed)
        picture = w.HTML(meld_svg(Meld.parse(item.cards)))
        rows.append(w.HBox([picture, *buttons, feedback], layout=w.Layout(align_items="center")))
    box = w.VBox([*rows, score])
    box.add_class("mk-quiz")
    return box


__all__ = ["Quiz", "quiz_widget"]
