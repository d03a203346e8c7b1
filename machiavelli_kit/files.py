"""Writing the user's files so that a crash never leaves half of one.

Files written for other people (worksheets, exports, regenerated chapters)
get the usual permissions of the user's umask; a private file (progress) is
readable by its owner only. A symlink is written through: its target gets
the new text and the link stays a link.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomically(folder / "notes" / "progress.json", '{"solved": 3}', private=True)
>>> (folder / "notes" / "progress.json").read_text()
'{"solved": 3}'
>>> oct((folder / "notes" / "progress.json").stat().st_mode & 0o777)
'0o600'
"""

from __future__ import annotations

import glob
import os
import secrets
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SHARED_MODE = 0o666
"""Asked for files meant for others; the umask takes away what the user does not share."""
PRIVATE_MODE = 0o600


def write_atomically(path: str | Path, text: str | bytes, *, private: bool = False) -> None:
    """Write ``text`` (UTF-8) or bytes to a temporary file beside ``path``, flush it to disk, then move it into place.

    The temporary file is ``.NAME.RANDOM.tmp``; a save killed half way can leave
    one behind, which :func:`remove_temporaries` clears.
    """
    target = real_path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.parent / f".{target.name}.{secrets.token_hex(8)}.tmp"
    # os.open applies the umask to the mode, as for any file the user creates.
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_MODE if private else SHARED_MODE)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(text.encode("utf-8") if isinstance(text, str) else text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def real_path(path: str | Path) -> Path:
    """``path`` with every symlink followed, so that writing it replaces the link's target, not the link."""
    return Path(os.path.realpath(path))


def remove_temporaries(path: str | Path) -> list[Path]:
    """Delete the temporary files that killed saves of ``path`` left behind; return them.

    Call it only while holding :func:`locked` for ``path`` and only for files
    every writer locks: then no temporary file belongs to a save still running.
    """
    target = real_path(path)
    stale = sorted(target.parent.glob(f".{glob.escape(target.name)}.*.tmp"))
    for temporary in stale:
        temporary.unlink(missing_ok=True)
    return stale


@contextmanager
def locked(path: str | Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (through the lock file ``.NAME.lock`` beside it) while inside.

    Other processes and threads that lock the same path wait for it; the lock
    ends when the block ends, or when the process dies. The lock file stays.
    """
    target = real_path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle = os.open(target.parent / f".{target.name}.lock", os.O_RDWR | os.O_CREAT, PRIVATE_MODE)
    try:
        _lock(handle)
        try:
            yield
        finally:
            _unlock(handle)
    finally:
        os.close(handle)


if sys.platform == "win32":
    import msvcrt

    def _lock(handle: int) -> None:
        msvcrt.locking(handle, msvcrt.LK_LOCK, 1)  # retries for 10 s, then raises OSError

    def _unlock(handle: int) -> None:
        msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(handle: int) -> None:
        fcntl.flock(handle, fcntl.LOCK_EX)

    def _unlock(handle: int) -> None:
        fcntl.flock(handle, fcntl.LOCK_UN)
