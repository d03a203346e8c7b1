"""The package's layout holds: one wing per concept, each importing only the wings below it, no import cycles.

The imports are read from the code, so a new import that breaks the layout fails here with the modules
that break it named. Every import counts: at module level, inside a function (the command line imports
late to start quickly) and under ``TYPE_CHECKING``. The one exception to the circles is python-chess's
idiom: a value type's ``_repr_svg_`` imports the drawing that imports the value type.
"""

from __future__ import annotations

import ast
import graphlib
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "machiavelli_kit"

WINGS_BOTTOM_UP: tuple[frozenset[str], ...] = (
    frozenset({"i18n"}),
    frozenset({"files", "resources", "faces"}),
    frozenset({"core"}),
    frozenset({"solver"}),
    frozenset({"puzzles"}),
    frozenset({"practice"}),
    frozenset({"game"}),
    frozenset({"classroom"}),
    frozenset({"serve"}),
    frozenset({"ui"}),
    frozenset({"cli"}),
    frozenset({"__main__"}),
)
"""The wings, lowest first: a wing imports its own modules and the wings on lower floors, never a higher one
nor a neighbour on its own floor. The classroom may use the game (its class server referees games); the game
knows nothing of the classroom."""

WIDGET_LIBRARIES = frozenset({"anywidget", "ipywidgets", "ipycanvas", "ipyevents", "IPython"})
"""What draws on a notebook page: only ``ui/`` imports it, so everything else runs headless."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _import_statements(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """The imports under ``node``, but none in a ``_repr_svg_`` method."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        elif not (isinstance(child, ast.FunctionDef) and child.name == "_repr_svg_"):
            yield from _import_statements(child)


@cache
def _imports(module: str) -> frozenset[str]:
    """Every module of the package and every outside library that ``module`` imports."""
    tree = ast.parse(_modules()[module].read_text(encoding="utf-8"))
    found: set[str] = set()
    for statement in _import_statements(tree):
        if isinstance(statement, ast.Import):
            found.update(alias.name for alias in statement.names)
        elif statement.module is not None and statement.level == 0:
            for alias in statement.names:
                submodule = f"{statement.module}.{alias.name}"
                found.add(submodule if submodule in _modules() else statement.module)
    return frozenset(found)


def _inside(module: str) -> frozenset[str]:
    return frozenset(name for name in _imports(module) if name.split(".")[0] == "machiavelli_kit")


def _wing(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "machiavelli_kit"


def _floor(wing: str) -> int:
    return next(floor for floor, wings in enumerate(WINGS_BOTTOM_UP) if wing in wings)


def test_every_module_lives_in_a_wing_of_the_plan() -> None:
    planned = frozenset().union(*WINGS_BOTTOM_UP) | {"machiavelli_kit"}
    unplanned = sorted(module for module in _modules() if _wing(module) not in planned)
    assert unplanned == [], "give these a wing, or add their wing to WINGS_BOTTOM_UP"


def test_each_wing_imports_only_wings_below_it() -> None:
    wrong = []
    for module in _modules():
        wing = _wing(module)
        if wing == "machiavelli_kit":
            continue  # the package's face hands on the public names of every headless wing
        for imported in _inside(module):
            target = _wing(imported)
            if imported in ("machiavelli_kit", f"machiavelli_kit.{wing}"):
                wrong.append(f"{module} imports the face {imported}, which may import it: import the defining module")
            elif target != wing and _floor(target) >= _floor(wing):
                wrong.append(f"{module} ({wing}) imports {imported} ({target})")
    assert wrong == []


def test_no_modules_import_each_other() -> None:
    graph = {module: _inside(module) & _modules().keys() for module in _modules()}
    graphlib.TopologicalSorter(graph).prepare()  # raises CycleError, naming the circle


def test_only_the_widgets_import_the_widget_libraries() -> None:
    wrong = sorted(
        f"{module} imports {name}"
        for module in _modules()
        if _wing(module) != "ui"
        for name in _imports(module)
        if name.split(".")[0] in WIDGET_LIBRARIES
    )
    assert wrong == []


@pytest.mark.parametrize("module", ["machiavelli_kit", "machiavelli_kit.cli"])
def test_the_package_and_its_command_line_load_without_a_widget(module: str) -> None:
    """What the layout promises, seen in a fresh interpreter: no widget library is loaded."""
    libraries = sorted(WIDGET_LIBRARIES)
    code = f"import sys, {module}; print(sorted(name for name in {libraries!r} if name in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
