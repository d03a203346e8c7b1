"""The order the test modules start in: the longest first, so that the two workers of ``-n auto`` finish together.

With ``--dist loadscope`` pytest-xdist gives each worker a whole module at a time, in the order of the
collection (pyproject's addopts turn off xdist's own reordering, ``--no-loadscope-reorder``, which puts the
modules with the most tests first: a module of one long browser game then came last and ran alone while the
other worker sat idle). Longest first, the short modules fill the end on whichever worker is free.

The order depends only on the collected tests (their ids and markers), never on the clock or the machine:
xdist requires every worker to collect the same tests in the same order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

MEASURED: dict[str, float] = {
    "tests/e2e/test_class_four.py": 243,
    "tests/e2e/test_hub.py": 201,
    "tests/test_class_server.py": 129,
    "tests/e2e/test_game_board.py": 112,
    "tests/test_class_tournament.py": 110,
    "tests/e2e/test_class_tables.py": 101,
    "tests/e2e/test_board_keyboard.py": 100,
    "tests/e2e/test_board_press.py": 95,
    "tests/e2e/test_trainer_students.py": 89,
    "tests/e2e/test_class_app.py": 79,
    "tests/test_class_server_limits.py": 71,
    "tests/e2e/test_browser.py": 67,
    "tests/e2e/test_remembered_choices.py": 65,
    "tests/e2e/test_languages.py": 64,
    "tests/e2e/test_presenter.py": 64,
    "tests/e2e/test_class_tournament.py": 62,
    "tests/test_play_cli.py": 62,
    "tests/test_app_class_server.py": 58,
    "tests/test_app_attacks.py": 53,
    "tests/e2e/test_game_fit.py": 50,
    "tests/test_code_quality.py": 48,
    "tests/test_hub_class.py": 47,
    "tests/e2e/test_board_look.py": 45,
    "tests/test_class_views.py": 40,
    "tests/test_game_properties.py": 36,
    "tests/e2e/test_notebook_languages_app.py": 36,
    "tests/e2e/test_game_keys.py": 34,
    "tests/test_tournament_screens.py": 33,
    "tests/test_class_server_benchmark.py": 33,
    "tests/test_table_flow.py": 32,
    "tests/e2e/test_puzzles_trainer.py": 32,
}
"""The modules of 30 s or more and their seconds in a whole run (``CI=true .venv/bin/pytest --durations=0 -v``,
two workers on the shared 2-core machine at a load of 2 to 14, 1673 s, 28 November 2026): each module's setup,
call and teardown summed. The figures only order the modules; a module left out runs after these."""

LONG_MARKERS = ("browser", "server", "slow")
"""A module not measured but carrying one of these starts a browser, a server or a notebook's kernel: it goes
before the others."""


class Collected(Protocol):
    """What the order reads of a collected test (a ``pytest.Item`` has both)."""

    @property
    def nodeid(self) -> str: ...

    def get_closest_marker(self, name: str) -> object | None: ...


T = TypeVar("T", bound=Collected)


def module_of(nodeid: str) -> str:
    """The file a test is in: its id up to the first ``::``.

    >>> module_of("tests/e2e/test_hub.py::test_three_learners[chromium]")
    'tests/e2e/test_hub.py'
    """
    return nodeid.split("::", 1)[0]


def longest_first(items: Sequence[T], measured: Mapping[str, float] = MEASURED) -> list[T]:
    """``items`` with whole modules reordered: the ``measured`` ones, longest first; then the other modules with a
    long marker; then the rest, the modules with the most tests first (xdist's own order). Each module's tests stay
    together and in their order; modules that tie keep the order they were collected in."""
    modules: dict[str, list[T]] = {}
    for item in items:
        modules.setdefault(module_of(item.nodeid), []).append(item)

    def weight(module: str) -> tuple[int, float]:
        tests = modules[module]
        if module in measured:
            return 0, -measured[module]
        if any(item.get_closest_marker(name) is not None for item in tests for name in LONG_MARKERS):
            return 1, -len(tests)
        return 2, -len(tests)

    return [item for module in sorted(modules, key=weight) for item in modules[module]]
