"""A wing's face whose names are imported when first used, so that its light modules stay light.

Python runs a package's ``__init__`` before any module in it. A face that imported
every name of its wing would make ``machiavelli_kit.puzzles.format`` load the solver,
numpy and HiGHS (for ``puzzles.verify``), and ``machiavelli-kit check`` and ``--help``
would start slowly; and a face that imported ``serve.app`` would have run it once
already when ``python -m machiavelli_kit.serve.app`` runs it. Such a face (the kit's
own, ``puzzles``, ``practice``, ``classroom``, ``serve``) writes its imports as any face
does, but under ``if TYPE_CHECKING:``, where type checkers and readers see them, and
hands :func:`lazy_names` the rest::

    if TYPE_CHECKING:
        from machiavelli_kit.puzzles.collection import Collection, load_collection
    else:
        __getattr__, __dir__ = lazy_names(__name__)

The first use of ``Collection`` then imports ``machiavelli_kit.puzzles.collection``
and keeps the class in the face, as if it had been imported there (the idea of
``lazy_loader.attach_stub``, without a stub file). A face's names must differ
from its modules' names: importing a module sets the package's attribute of
that name, which would hide a lazy name.
"""

from __future__ import annotations

import ast
import importlib
import sys
from collections.abc import Callable
from pathlib import Path


def lazy_names(face: str) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the module named ``face``, from its ``if TYPE_CHECKING:`` imports.

    >>> getattr_, dir_ = lazy_names("machiavelli_kit")
    >>> getattr_("solve").__module__, "Game" in dir_()
    ('machiavelli_kit.solver.best_play', True)
    >>> getattr_("nothing")
    Traceback (most recent call last):
    ...
    AttributeError: module 'machiavelli_kit' has no attribute 'nothing'
    """
    module = sys.modules[face]
    where = _type_checking_imports(Path(str(module.__file__)))

    def __getattr__(name: str) -> object:
        if name not in where:
            raise AttributeError(f"module {face!r} has no attribute {name!r}")
        source, original = where[name]
        value = getattr(importlib.import_module(source), original)
        setattr(module, name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(module), *where})

    return __getattr__, __dir__


def _type_checking_imports(path: Path) -> dict[str, tuple[str, str]]:
    """Each name the file imports under ``if TYPE_CHECKING:``, with the module and the name it comes from."""
    where = {}
    for block in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(block, ast.If) and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING":
            for line in block.body:
                if not isinstance(line, ast.ImportFrom) or line.level or line.module is None:
                    raise ValueError(f"{path}: a lazy face imports names from a module by its full name")
                where.update({alias.asname or alias.name: (line.module, alias.name) for alias in line.names})
    return where
