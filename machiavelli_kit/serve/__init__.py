"""The servers a class uses: JupyterLab, the Voila app, a hub learner's server, and the learner's notebook copy.

Each builds the command line of its server (:func:`lab_command`, :func:`app_command`)
and its environment, and :func:`run_server` runs it so that it stops with the kit. The
notebooks are served from the learner's own copy (:func:`notebooks_dir`,
:func:`copy_notebooks`), which keeps the learner's changes when the kit brings new ones.
The names below are imported when first used (:mod:`machiavelli_kit.faces`): the app
and the hub's server also run as ``python -m machiavelli_kit.serve.app`` and ``.hub``,
which a face that imported them first would run twice.

In every kernel the app starts for a page, :data:`VISITOR_VARIABLE` names the browser that
opened it (:mod:`machiavelli_kit.serve.visitors`).
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from machiavelli_kit.serve.app import TEST_ONLY, app_command, app_environment
    from machiavelli_kit.serve.lab import START, lab_command, lab_environment, lab_url
    from machiavelli_kit.serve.notebook_copy import NotebookFolderError, copy_notebooks, learner_folder, notebooks_dir
    from machiavelli_kit.serve.process import run_server, translated_notebooks
    from machiavelli_kit.serve.visitors import VISITOR_VARIABLE
else:
    from machiavelli_kit.faces import lazy_names

    __getattr__, __dir__ = lazy_names(__name__)

__all__ = [
    "START",
    "TEST_ONLY",
    "VISITOR_VARIABLE",
    "NotebookFolderError",
    "app_command",
    "app_environment",
    "copy_notebooks",
    "lab_command",
    "lab_environment",
    "lab_url",
    "learner_folder",
    "notebooks_dir",
    "run_server",
    "translated_notebooks",
]
