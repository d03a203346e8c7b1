"""Writing the user's files so that a crash never leaves half of one, and reading them without waiting forever.

Files written for other people (worksheets, exports, regenerated chapters)
get the usual permissions of the user's umask; a private file (progress) is
readable by its owner only. A symlink is written through: its target gets
the new text and the link stays a link. A file the kit reads is read only if
it is a regular file: a named pipe, a socket, a device or a folder that has a
file's name is refused in words (:class:`NotAFile`), never waited on. Every CSV
the kit writes goes through :func:`csv_text`, so a spreadsheet opening it shows
each text as text and runs no formula.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomically(folder / "notes" / "progress.json", '{"solved": 3}', private=True)
>>> (folder / "notes" / "progress.json").read_text()
'{"solved": 3}'
>>> oct((folder / "notes" / "progress.json").stat().st_mode & 0o777)
'0o600'
"""

from __future__ import annotations

import csv
import errno
import glob
import io
import os
import re
import secrets
import stat
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from machiavelli_kit.i18n import _

SHARED_MODE = 0o666
"""Asked for files meant for others; the umask takes away what the user does not share."""
PRIVATE_MODE = 0o600
FORMULA_STARTS = "=+-@\t\r"
"""What a spreadsheet reads as the start of a formula, at the start of a cell."""
_QUOTED = re.compile(f"'*[{re.escape(FORMULA_STARTS)}]")
"""A text that :func:`csv_text` writes with one more apostrophe in front (so that reading it back is exact)."""


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


class NotAFile(OSError):
    """Something with a file's name that is not a regular file (a folder, a named pipe, a socket, a device).

    Its ``strerror`` says what it is in words, as the kit's messages show an ``OSError``'s reason.
    """

    def __init__(self, path: str | Path, mode: int) -> None:
        super().__init__(errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL, what_it_is(mode), str(path))

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


class TooBig(OSError):
    """A file bigger than the caller reads; ``size`` is its size in bytes."""

    def __init__(self, path: str | Path, size: int) -> None:
        super().__init__(errno.EFBIG, _("it is too big ({size:,} bytes)").format(size=size), str(path))
        self.size = size


def read_regular(path: str | Path, *, most: int | None = None) -> bytes:
    """The bytes of the regular file at ``path`` (symlinks followed): :class:`NotAFile` for anything else.

    A named pipe is refused without waiting for someone to write into it, a
    device without reading it forever; with ``most``, a file of more bytes than
    that raises :class:`TooBig`. The system's other refusals (no such file, not
    allowed) come as they are.
    """
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise NotAFile(path, mode)
    # Opened without blocking, and checked again once open: it may have been swapped for a pipe meanwhile.
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(handle, "rb") as stream:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            raise NotAFile(path, status.st_mode)
        if most is not None and status.st_size > most:
            raise TooBig(path, status.st_size)
        data = stream.read() if most is None else stream.read(most + 1)
    if most is not None and len(data) > most:
        raise TooBig(path, len(data))
    return data


def not_a_file(path: str | Path) -> NotAFile | None:
    """Why ``path`` is no file to read (see :class:`NotAFile`), or ``None`` for a file (or nothing: reading says so).

    >>> import tempfile
    >>> print(not_a_file(tempfile.gettempdir()).strerror)
    it is a folder, not a file
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    return None if stat.S_ISREG(mode) else NotAFile(path, mode)


def what_it_is(mode: int) -> str:
    """What a file of this ``st_mode`` is, said to someone who expected a file."""
    if stat.S_ISDIR(mode):
        return _("it is a folder, not a file")
    if stat.S_ISFIFO(mode):
        # TRANSLATORS: a named pipe (FIFO) is a special file one program writes into and another reads from.
        return _("it is a named pipe, not a file")
    if stat.S_ISSOCK(mode):
        return _("it is a socket, not a file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("it is a device, not a file")
    return _("it is not a regular file")


def csv_text(rows: Iterable[Sequence[object]]) -> str:
    """Rows as CSV text (lines ending in a newline), every text cell that would start a formula made inert.

    Such a cell gets an apostrophe in front, which a spreadsheet shows as text;
    :func:`csv_value` takes it off again. Numbers are written as they are.

    >>> print(csv_text([["student", "rating"], ["=HYPERLINK(0)", -3]]), end="")
    student,rating
    '=HYPERLINK(0),-3
    """
    stream = io.StringIO()
    plain = csv.writer(stream, lineterminator="\n")
    # The csv module quotes a cell holding the line end (\n) but not a lone \r, which readers end a line at too.
    quoted = csv.writer(stream, lineterminator="\n", quoting=csv.QUOTE_ALL)
    for row in rows:
        cells = [_inert(cell) if isinstance(cell, str) else cell for cell in row]
        (quoted if any(isinstance(cell, str) and "\r" in cell for cell in cells) else plain).writerow(cells)
    return stream.getvalue()


def csv_value(cell: str) -> str:
    """The text a cell written by :func:`csv_text` stands for: its apostrophe against formulas taken off.

    >>> csv_value("'=HYPERLINK(0)"), csv_value("'Ada"), csv_value("O'Neil")
    ('=HYPERLINK(0)', "'Ada", "O'Neil")
    """
    return cell[1:] if cell[:1] == "'" and _QUOTED.match(cell, 1) else cell


def _inert(text: str) -> str:
    return f"'{text}" if _QUOTED.match(text) else text


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
