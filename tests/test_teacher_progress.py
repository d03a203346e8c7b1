"""The teacher's live view of the trainer's progress, headless: each learner's puzzles marked solved alone or
with help, the themes the class misses, the class's totals only when names are hidden, in the teacher's language."""

from __future__ import annotations

import asyncio
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.classroom.class_watch import class_picture
from machiavelli_kit.ui.teacher_live import TeacherLive

names = st.text(alphabet="BCDFGHJKLMNPQRSTVWXZ", min_size=4, max_size=8).map(lambda text: "Q" + text)
"""Learners' names that no word of the view contains."""


class FakeTeacher:
    """The teacher's client, answering with ``overview``."""

    def __init__(self, overview: dict[str, Any]) -> None:
        self.answer = overview

    async def overview(self) -> dict[str, Any]:
        return self.answer


def class_at_work(names: list[str]) -> dict[str, Any]:
    """An overview where the first learner solved bga-3 alone and it-3 with help, the others missed wiki-1."""
    puzzles = [[{"puzzle": "bga-3", "status": "solved", "attempts": 1, "hints": 0},
                {"puzzle": "it-3", "status": "solved with help", "attempts": 2, "hints": 4}]]  # fmt: skip
    puzzles += [[{"puzzle": "wiki-1", "status": "failed", "attempts": 1, "hints": 0}] for _ in names[1:]]
    return {
        "online": names,
        "tables": [],
        "progress": [{"name": name, "puzzles": own} for name, own in zip(names, puzzles, strict=True)],
        "themes": [{"theme": "chain", "missed": 1, "tried": 1}, {"theme": "spare", "missed": 2, "tried": 3}],
    }


def drawn(overview: dict[str, Any], *, hide_names: bool) -> str:
    async def scenario() -> str:
        view = TeacherLive(FakeTeacher(overview))  # type: ignore[arg-type]
        view.hide_names.value = hide_names
        await view.refresh()
        return str(view.puzzles.value)

    return asyncio.run(scenario())


def test_the_teacher_sees_each_learners_puzzles_marked_alone_or_with_help_and_the_themes_missed() -> None:
    shown = drawn(class_at_work(["Ada", "Ben"]), hide_names=False)
    assert (
        '<b>Ada</b>: <span class="mk-teacher-solved">✓ bga-3</span> · <span class="mk-teacher-helped">◑ it-3</span>'
        in shown
    )
    assert '<b>Ben</b>: <span class="mk-teacher-failed">✗ wiki-1</span>' in shown
    assert "The class: ✓ 1 · ◑ 1 · ✗ 1" in shown
    assert "Themes the class misses most: chain (1 of 1 try), spare card (2 of 3 tries)" in shown
    assert "✓ solved · ◑ solved with help" in shown
    assert drawn({"online": [], "tables": []}, hide_names=False) == "<b>Puzzles</b><br>No puzzles tried yet."


@settings(max_examples=25, deadline=None)  # never timed: the machine may be busy
@given(st.lists(names, min_size=1, max_size=5, unique=True))
def test_hidden_names_hide_the_learners_puzzles_too(learners: list[str]) -> None:
    overview = class_at_work(learners)
    hidden = drawn(overview, hide_names=True)
    assert not any(name in hidden for name in learners), hidden
    picture = class_picture(overview, hide_names=True)
    assert picture.learners == () and not any(name in picture.work + picture.themes for name in learners)
    assert f"✗ {len(learners) - 1}" in hidden
    assert all(name in drawn(overview, hide_names=False) for name in learners)


def test_the_teachers_view_of_the_puzzles_speaks_the_teachers_language() -> None:
    picture = class_picture(class_at_work(["Ada", "Ben"]), lang="pl")
    assert picture.work == "Klasa: ✓ 1 · ◑ 1 · ✗ 1"
    assert picture.themes.startswith("Tematy, z którymi klasa ma najwięcej kłopotów: łańcuch (1 z 1 próby)")
