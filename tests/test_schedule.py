"""The longest test modules start first, whole and in their own order (tests/schedule.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.schedule import MEASURED, longest_first, module_of


@dataclass(frozen=True)
class Collected:
    nodeid: str
    marker: str | None = None

    def get_closest_marker(self, name: str) -> object | None:
        return name if name == self.marker else None


def modules(items: list[Collected]) -> list[str]:
    """The modules in the order their tests come, each once."""
    return list(dict.fromkeys(module_of(item.nodeid) for item in items))


def test_the_measured_modules_come_first_then_the_long_ones_then_the_most_tests() -> None:
    items = [
        Collected("tests/test_a.py::one"),
        Collected("tests/test_a.py::two"),
        Collected("tests/test_b.py::one"),
        Collected("tests/test_b.py::two"),
        Collected("tests/test_b.py::three"),
        Collected("tests/e2e/test_game.py::whole", "browser"),
        Collected("tests/test_server.py::one", "server"),
        Collected("tests/test_server.py::two", "server"),
        Collected("notebooks/lesson.ipynb::Cell 0", "slow"),
        Collected("tests/e2e/test_four.py::whole", "browser"),
        Collected("tests/test_hub.py::one", "server"),
    ]
    measured = {"tests/e2e/test_four.py": 200.0, "tests/test_hub.py": 90.0, "tests/e2e/test_game.py": 120.0}
    ordered = longest_first(items, measured)
    assert modules(ordered) == [
        "tests/e2e/test_four.py", "tests/e2e/test_game.py", "tests/test_hub.py",  # measured, longest first
        "tests/test_server.py", "notebooks/lesson.ipynb",  # long markers, the most tests first
        "tests/test_b.py", "tests/test_a.py",  # the rest, the most tests first
    ]  # fmt: skip
    assert sorted(ordered, key=items.index) == items, "no test lost or added"


@given(st.lists(st.tuples(st.sampled_from("abcdef"), st.sampled_from([None, "browser", "slow"])), max_size=30))
def test_each_modules_tests_stay_together_and_in_their_order(drawn: list[tuple[str, str | None]]) -> None:
    items = [Collected(f"tests/test_{name}.py::t{number}", marker) for number, (name, marker) in enumerate(drawn)]
    ordered = longest_first(items, {"tests/test_c.py": 5.0})
    runs = [module_of(item.nodeid) for item in ordered]
    starts = [run for index, run in enumerate(runs) if index == 0 or runs[index - 1] != run]
    assert starts == modules(ordered), "each module's tests come one after another"
    for module in modules(ordered):
        assert [item for item in ordered if module_of(item.nodeid) == module] == [
            item for item in items if module_of(item.nodeid) == module
        ]
    assert sorted(ordered, key=items.index) == items, "no test lost or added"


def test_this_run_starts_with_its_longest_modules(request: pytest.FixtureRequest) -> None:
    """The collection this worker runs from is already in that order: conftest.py put it so."""
    collected = list(request.session.items)
    assert collected == longest_first(collected)
    present = [module for module in modules(collected) if module in MEASURED]
    assert present == sorted(present, key=lambda module: -MEASURED[module])
