"""Writing the user's files so that a crash never leaves half of one.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomically(folder / "notes" / "progress.json", '{"solved": 3}')
>>> (folder / "notes" / "progress.json").read_text()
'{"solved": 3}'
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: str | Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, flush it to disk, then move it into place."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
