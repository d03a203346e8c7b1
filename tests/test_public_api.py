"""The kit's faces: the names a user starts from, each wing's ``__all__``, and what importing them loads."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from machiavelli_kit.faces import _type_checking_imports, lazy_names

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "machiavelli_kit"
HEADLESS = ("core", "solver", "puzzles", "practice", "classroom", "game", "serve", "i18n")
WINGS = (*HEADLESS, "ui", "cli")
FACES = ("machiavelli_kit", *(f"machiavelli_kit.{wing}" for wing in WINGS))
LAZY = ("machiavelli_kit", *(f"machiavelli_kit.{wing}" for wing in ("puzzles", "practice", "classroom", "serve")))
HEAVY = {"ipywidgets", "ipycanvas", "numpy", "highspy", "reportlab", "matplotlib"}


def test_the_names_a_user_starts_from_come_from_the_kit_itself() -> None:
    from machiavelli_kit import Game, Goal, Meld, Play, PlaySession, Position, Rules, Solution, check_turn, solve

    start = Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H")
    best = solve(start, Rules.parse("bga"), Goal.MAX)
    assert isinstance(best, Solution) and best.max_play == 1
    assert check_turn(start, Position(best.table, best.hand)).valid
    assert Meld.parse("4H 5H 6H").check().valid
    game = Game.new(["Ann", "Bob"], "bga", seed=7)
    assert game.options() == ("play", "draw", "restore") and Play(best.table).kind == "play"
    assert not PlaySession(start).can_undo


@pytest.mark.parametrize("name", FACES)
def test_every_face_says_what_lives_there(name: str) -> None:
    doc = importlib.import_module(name).__doc__
    assert doc and len(doc.split()) >= 10, f"{name} needs a docstring of what lives there"


@pytest.mark.parametrize("name", ["machiavelli_kit", *(f"machiavelli_kit.{wing}" for wing in HEADLESS)])
def test_every_name_a_face_lists_is_there(name: str) -> None:
    module = importlib.import_module(name)
    if name == "machiavelli_kit.solver" and not hasattr(module, "__all__"):
        pytest.skip("the solver's face comes with the solver's split into modules")
    listed = module.__all__
    assert len(listed) == len(set(listed)) > 0
    missing = [item for item in listed if not hasattr(module, item)]
    assert not missing, f"{name}.__all__ names what it does not have: {missing}"
    assert set(listed) <= set(dir(module))


@pytest.mark.parametrize("name", FACES)
def test_no_face_name_is_also_a_module_of_its_wing(name: str) -> None:
    """Importing ``wing.x`` sets the wing's attribute ``x``, which would hide a name ``x`` of the face."""
    module: ModuleType = importlib.import_module(name)
    modules = {info.name for info in pkgutil.iter_modules(module.__path__)}
    assert not set(getattr(module, "__all__", ())) & modules


@pytest.mark.parametrize("name", LAZY)
def test_a_lazy_face_lists_every_name_it_imports_for_type_checkers(name: str) -> None:
    module = importlib.import_module(name)
    lazy = set(_type_checking_imports(Path(str(module.__file__))))
    assert lazy and lazy <= set(module.__all__), sorted(lazy - set(module.__all__))
    eager = set(module.__all__) - lazy
    assert all(item in vars(module) for item in eager)  # imported as the face was
    getattr_, dir_ = lazy_names(name)
    assert set(module.__all__) <= set(dir_())
    with pytest.raises(AttributeError, match="has no attribute 'nothing_of_the_kind'"):
        getattr_("nothing_of_the_kind")


def loaded_by(code: str) -> set[str]:
    """The modules a fresh interpreter has loaded after running ``code``."""
    script = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    return set(result.stdout.split())


def test_importing_the_kit_loads_the_core_and_the_languages_only() -> None:
    modules = loaded_by("import machiavelli_kit")
    kit = {name for name in modules if name.startswith("machiavelli_kit.")}
    assert {name.split(".")[1] for name in kit} == {"core", "i18n", "faces"}, sorted(kit)
    assert not modules & HEAVY


def test_the_headless_wings_never_load_the_widgets() -> None:
    faces = ["machiavelli_kit", *(f"machiavelli_kit.{wing}" for wing in HEADLESS)]
    every_name = f"""
import importlib
for name in {faces!r}:
    face = importlib.import_module(name)
    for item in getattr(face, "__all__", ()):
        getattr(face, item)
"""
    modules = loaded_by(every_name)
    assert {"machiavelli_kit.solver", "machiavelli_kit.classroom.sheet_pdf", "numpy", "reportlab"} <= modules
    assert not {
        name for name in modules if name in ("ipywidgets", "ipycanvas") or name.startswith("machiavelli_kit.ui")
    }
