"""A learner's server on a JupyterHub: the kit's notebooks in their home, opened as the app.

A hub starts ``python -m machiavelli_kit.serve.hub`` for each learner (``c.Spawner.cmd``,
see ``docs/jupyterhub_config.py``), as that learner with their home folder. It
brings the kit's notebooks into ``~/machiavelli-kit`` (a notebook the learner
changed is never overwritten: :func:`machiavelli_kit.serve.notebook_copy.copy_notebooks`)
and runs ``jupyterhub-singleuser`` with the kit's settings: a page's kernel stops
when the page closes (:mod:`machiavelli_kit.serve.app`), kernels left without a
page are culled, and test-only cells are left out of the app. The learner's
progress is saved in their own home (``~/.machiavelli-kit``), as on their own computer.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from machiavelli_kit.resources import bundled_dir
from machiavelli_kit.serve.app import TEST_ONLY, class_options
from machiavelli_kit.serve.lab import START
from machiavelli_kit.serve.notebook_copy import copy_notebooks, learner_folder

APP_URL = f"/voila/render/{learner_folder().name}/{START}"
"""The app's start page, from the learner's server root (their home): the hub's ``c.Spawner.default_url``."""


def single_user_options() -> list[str]:
    """The options the kit adds to ``jupyterhub-singleuser``."""
    return [
        "--ServerApp.jpserver_extensions=machiavelli_kit.serve.app=True",
        *class_options(),
        f"--TagRemovePreprocessor.remove_cell_tags={TEST_ONLY}",
    ]


def bring_notebooks(folder: Path) -> None:
    """Copy the kit's notebooks into ``folder``, keeping the learner's changes, and say what was done."""
    folder.mkdir(parents=True, exist_ok=True)
    for line in copy_notebooks(bundled_dir("notebooks"), folder):
        print(line, flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    """Bring the notebooks into the learner's home, then run ``jupyterhub-singleuser`` with the kit's options."""
    from jupyterhub.singleuser import main as single_user

    bring_notebooks(learner_folder())
    arguments = list(sys.argv[1:] if argv is None else argv)
    sys.argv = [sys.argv[0], *single_user_options(), *arguments]
    single_user()


if __name__ == "__main__":
    main()
