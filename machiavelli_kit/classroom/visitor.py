"""The visitor of a class's app server: who they are, and what a page may show them of the server's files.

On ``machiavelli-kit app`` every browser is a *visitor*: the app server puts an
opaque, stable id of the browser into the environment of each page's kernel
(:data:`VISITOR`). Elsewhere (JupyterLab, a learner's own hub server) there is
no visitor, and the computer's files are the learner's own, shown in full. A
visitor sees a file's name at most, never the server's folders.

>>> from pathlib import Path
>>> path = Path("/srv/kit/students/ada.json")
>>> shown_path(path, "8f3a"), shown_path(path, None)
('ada.json', '/srv/kit/students/ada.json')
>>> without_folders("/srv/kit/students/ada.json: not a progress file", Path("/srv/kit"), path.parent)
'students/ada.json: not a progress file'
"""

from __future__ import annotations

import os
from pathlib import Path

VISITOR = "MACHIAVELLI_KIT_VISITOR"
"""The environment variable that holds the visitor's id (hex text): the app server sets it for each page's
kernel (``machiavelli_kit.serve``; the same name there), and nothing else does."""


def visitor() -> str | None:
    """The id of the browser this kernel's page was opened in, on a class's app server; ``None`` elsewhere."""
    return os.environ.get(VISITOR, "").strip() or None


def shown_path(path: Path, visitor: str | None) -> str:
    """``path`` as a page shows it: in full on one's own computer, its file name alone to a visitor."""
    return path.name if visitor else str(path)


def without_folders(text: str, *folders: Path) -> str:
    """``text`` (a message that may name files in ``folders``) with each folder named in full cut down to its name."""
    for folder in sorted(folders, key=lambda place: len(str(place)), reverse=True):
        if folder.name and str(folder) != folder.name:
            text = text.replace(str(folder), folder.name)
    return text
