"""Who owns which student's file on a class's app server: a name belongs to the first visitor who gives it.

On the app server (:mod:`.visitor`), the first visitor who gives a name owns
that name's progress file in the students folder from then on; another visitor
who gives it (or any name that leads to the same file) is refused, until a
teacher frees it (``machiavelli-kit progress release NAME``). The server also
remembers the name each visitor gave last, so their next page opens it at once.

The owners are kept in the file ``owners`` (JSON) in the students folder,
readable by the server's user only, each owner as a hash of the visitor's id,
never the id itself. As a progress file is, it is changed under a lock, read
again inside it and written atomically, so two pages that bind one name at
once end with one owner, and a crash never leaves half a file.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> claim("Ada Lovelace", folder, "a1f0").name
'ada-lovelace.json'
>>> try:
...     claim("ada lovelace", folder, "b2c3")
... except NameTaken as error:
...     print(error)
this name is already taken on this server: choose another, or ask your teacher to free it
>>> owned_names(folder, "a1f0"), owned_names(folder, "b2c3"), last_name(folder, "a1f0")
(['Ada Lovelace'], [], 'Ada Lovelace')
>>> release("ada lovelace", folder), claim("Ada Lovelace", folder, "b2c3").name
(True, 'ada-lovelace.json')
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from machiavelli_kit.classroom.students import clean_name, student_path
from machiavelli_kit.files import locked, remove_temporaries, write_atomically
from machiavelli_kit.i18n import N_, _
from machiavelli_kit.i18n.json_words import json_reason

OWNERS = "owners"
"""The owners' file in the students folder (JSON, though not named ``.json``: it is no student's file)."""
FORMAT = 1
"""The owners' file format this kit writes and reads."""
# TRANSLATORS: what a learner reads who types a name another learner already uses on the class's app server.
NAME_TAKEN = N_("this name is already taken on this server: choose another, or ask your teacher to free it")
_HASH = re.compile(r"[0-9a-f]{64}")


class OwnersError(ValueError):
    """The owners' file cannot be read or saved; the message says why in plain words."""


class NameTaken(ValueError):
    """A name another visitor owns."""


@dataclass
class _Owner:
    visitor: str
    """The hash of the owner's visitor id."""
    name: str
    """The name as its owner first gave it."""


@dataclass
class _Owners:
    files: dict[str, _Owner] = field(default_factory=dict)
    """The owner of each student's file, by the file's name."""
    last: dict[str, str] = field(default_factory=dict)
    """The file each visitor (by hash) opened last."""


def owners_path(folder: str | Path) -> Path:
    """Where the owners of the students' files in ``folder`` are kept."""
    return Path(folder) / OWNERS


def claim(name: str, folder: str | Path, visitor: str) -> Path:
    """Give ``name``'s file in ``folder`` to ``visitor`` if nobody owns it yet, and return the file's path.

    Raise :class:`NameTaken` when another visitor owns it, :class:`OwnersError` when the
    owners' file cannot be read or saved, and ``ValueError`` for a name that cannot be one.
    The name becomes the visitor's last one (:func:`last_name`).
    """
    path, mine = student_path(name, folder), _hash(visitor)
    with _changing(folder) as owners:
        owner = owners.files.setdefault(path.name, _Owner(mine, clean_name(name)))
        if owner.visitor != mine:
            raise NameTaken(_(NAME_TAKEN))
        owners.last[mine] = path.name
    return path


def release(name: str, folder: str | Path) -> bool:
    """Free ``name``'s file in ``folder`` for the next visitor who gives the name; ``False`` if nobody owned it."""
    key = student_path(name, folder).name
    if not owners_path(folder).exists():
        return False  # nobody has given a name here yet: nothing to free, and no folder made
    with _changing(folder) as owners:
        owned = owners.files.pop(key, None) is not None
        owners.last = {visitor: last for visitor, last in owners.last.items() if last != key}
    return owned


def owned_names(folder: str | Path, visitor: str) -> list[str]:
    """The names whose files in ``folder`` ``visitor`` owns, sorted."""
    mine = _hash(visitor)
    names = (owner.name for owner in _read(owners_path(folder)).files.values() if owner.visitor == mine)
    return sorted(names, key=str.casefold)


def last_name(folder: str | Path, visitor: str) -> str | None:
    """The name ``visitor`` gave last, while they still own it; ``None`` before they give one."""
    mine, owners = _hash(visitor), _read(owners_path(folder))
    owner = owners.files.get(owners.last.get(mine, ""))
    return owner.name if owner is not None and owner.visitor == mine else None


@contextmanager
def _changing(folder: str | Path) -> Iterator[_Owners]:
    """The owners as the file holds them now, written back (if changed) when the block ends without an error."""
    path = owners_path(folder)
    try:
        with locked(path):
            remove_temporaries(path)
            owners = _read(path)
            before = _to_json(owners)
            yield owners
            if _to_json(owners) != before:
                write_atomically(path, _to_json(owners), private=True)
    except OSError as error:
        reason = error.strerror or str(error)
        message = _("the list of who owns which name cannot be saved in {folder} ({reason})")
        raise OwnersError(message.format(folder=path.parent, reason=reason)) from None


def _hash(visitor: str) -> str:
    """What the owners' file keeps of a visitor: a hash of their id, never the id itself."""
    return hashlib.sha256(f"machiavelli-kit owner\0{visitor}".encode()).hexdigest()


def _read(path: Path) -> _Owners:
    """The owners kept at ``path`` (none when there is no file yet)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return _Owners()
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise OwnersError(_unreadable(path, reason)) from None
    try:
        return _parse(json.loads(text))
    except json.JSONDecodeError as error:
        raise OwnersError(_unreadable(path, json_reason(error))) from None
    except RecursionError:
        raise OwnersError(_unreadable(path, _("it is nested too deeply"))) from None
    except OwnersError as error:
        raise OwnersError(_unreadable(path, str(error))) from None


def _unreadable(path: Path, reason: str) -> str:
    return _("{path} cannot be read as the list of who owns which name ({reason})").format(path=path, reason=reason)


def _parse(data: Any) -> _Owners:
    """The owners from the file's JSON; :class:`OwnersError` says why when it is not as this kit writes it."""
    version = data.get("format") if isinstance(data, dict) else None
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT:
        raise OwnersError(_("a newer Machiavelli Kit wrote it: update the kit"))
    if version != FORMAT or isinstance(version, bool) or not _shaped(data):
        raise OwnersError(_("it is not laid out as the kit writes it"))
    files = {key: _Owner(value["owner"], value["name"]) for key, value in data["files"].items()}
    return _Owners(files, dict(data["last"]))


def _shaped(data: dict[str, Any]) -> bool:
    """Whether ``data`` holds the files' owners (each a hash and a name) and each visitor's last file."""
    files, last = data.get("files"), data.get("last")
    if not isinstance(files, dict) or not isinstance(last, dict):
        return False
    owners_ok = all(
        isinstance(value, dict)
        and isinstance(value.get("owner"), str)
        and _HASH.fullmatch(value["owner"]) is not None
        and isinstance(value.get("name"), str)
        for value in files.values()
    )
    return owners_ok and all(isinstance(value, str) for value in last.values())


def _to_json(owners: _Owners) -> str:
    files = {key: {"owner": owner.visitor, "name": owner.name} for key, owner in owners.files.items()}
    return json.dumps({"format": FORMAT, "files": files, "last": owners.last}, indent=1, sort_keys=True)


__all__ = ["NAME_TAKEN", "NameTaken", "OwnersError", "claim", "last_name", "owned_names", "owners_path", "release"]
