"""Where the files the kit reads at run time live; no other module knows.

The puzzle collection and the notebooks stay at the top of the repository
(``puzzles/``, ``notebooks/``). A built wheel carries them inside the package
as ``machiavelli_kit/bundled/puzzles`` and ``machiavelli_kit/bundled/notebooks``
(``package-dir`` in pyproject.toml); a source checkout installed with
``pip install -e .`` reads them where they are. JupyterLab's settings for the
``lab`` command ship inside the package as ``machiavelli_kit/jupyter_config``.

>>> sorted(path.name for path in bundled_dir("notebooks").glob("start.ipynb"))
['start.ipynb']
>>> (jupyter_config_dir() / "labconfig" / "page_config.json").is_file()
True
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import Literal

from machiavelli_kit.i18n import _

Bundled = Literal["puzzles", "notebooks"]


def _package_dir() -> Path:
    """The installed package's own folder (the kit never runs from a zip file)."""
    folder = files("machiavelli_kit")
    if not isinstance(folder, Path):
        raise RuntimeError(
            _("machiavelli_kit must be installed as files on disk, not inside {folder}").format(folder=folder)
        )
    return folder


def source_checkout() -> Path | None:
    """The repository the package runs from (``pip install -e .``), or None for an installed wheel."""
    root = _package_dir().parent
    return root if (root / "pyproject.toml").is_file() and (root / "puzzles").is_dir() else None


def bundled_dir(name: Bundled) -> Path:
    """The folder of bundled ``puzzles`` or ``notebooks``: inside the wheel, or at the repository's top."""
    packaged = _package_dir() / "bundled" / name
    if packaged.is_dir():
        return packaged
    root = source_checkout()
    if root is None:
        # TRANSLATORS: {name} is the folder's name, "puzzles" or "notebooks" (not translated).
        raise FileNotFoundError(
            _("the kit's folder {name} is missing from {path}: reinstall machiavelli-kit").format(
                name=name, path=packaged
            )
        )
    return root / name


def jupyter_config_dir() -> Path:
    """A Jupyter config folder with the kit's JupyterLab settings (``labconfig/page_config.json``)."""
    return _package_dir() / "jupyter_config"
