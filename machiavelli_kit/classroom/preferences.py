"""What a learner chose once and every page after knows: their language and the name they gave last.

Each Voila page (and each notebook in JupyterLab) is its own kernel, so a choice made
on one page is gone on the next unless it is saved. A :class:`PreferenceStore` keeps
it; :func:`preference_store` gives the one for this page: on a class's app server each
visitor (:mod:`.visitor`) has their own file, named by a hash of their id, never the
id itself, so two browsers never see each other's choices; elsewhere (JupyterLab, a
laptop, a learner's own hub server) the computer's one user has one file.

The files are kept in ``preferences/`` in the kit's data folder (beside the progress
file, :func:`~machiavelli_kit.practice.progress.default_path`), or in the folder
``$MACHIAVELLI_KIT_PREFERENCES`` names. A change is made under a lock, on the file read
again inside it, and written atomically, so two pages saving at once lose nothing. A
damaged file is ignored with a warning in words, and the next change replaces it.

>>> import tempfile
>>> store = FilePreferences(Path(tempfile.mkdtemp()) / "own.json")
>>> store.load()
Preferences(language=None, name=None)
>>> store.change(language="it"), store.change(name="Ada")
(Preferences(language='it', name=None), Preferences(language='it', name='Ada'))
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from machiavelli_kit.classroom.students import clean_name
from machiavelli_kit.classroom.visitor import shown_path, visitor
from machiavelli_kit.files import locked, read_regular, remove_temporaries, write_atomically
from machiavelli_kit.i18n import LANGUAGES, _, use_saved_language
from machiavelli_kit.i18n.json_words import json_reason
from machiavelli_kit.practice.progress import default_path

FOLDER_VARIABLE = "MACHIAVELLI_KIT_PREFERENCES"
"""The environment variable naming the folder of the preferences' files (the tests point it at a folder of their
own); unset, it is ``preferences/`` in the kit's data folder."""
OWN = "own.json"
"""The file of the computer's one user (no visitor), in the preferences' folder."""
FORMAT = 1
"""The preferences' file format this kit writes and reads."""
MOST_BYTES = 4096
"""A preferences' file is a few dozen bytes: a bigger one is no file the kit wrote."""


class PreferencesError(ValueError):
    """The preferences cannot be saved; the message says why in plain words."""


@dataclass(frozen=True)
class Preferences:
    """A learner's choices: the language (a code of :data:`~machiavelli_kit.i18n.LANGUAGES`) and their name,
    each ``None`` before it is chosen."""

    language: str | None = None
    name: str | None = None


class PreferenceStore(Protocol):
    """Where one learner's choices are kept (a file today; a class server may keep them later)."""

    def load(self) -> Preferences:
        """The choices saved (none when nothing could be read)."""
        ...

    def change(self, *, language: str | None = None, name: str | None = None) -> Preferences:
        """Save ``language`` and ``name`` (each ``None``: keep the one saved) and return the choices now saved;
        :class:`PreferencesError` when they cannot be saved."""
        ...


@dataclass(frozen=True)
class FilePreferences:
    """One learner's choices in the JSON file at ``path``; ``shown`` is how messages name the file."""

    path: Path
    shown: str | None = None

    def load(self) -> Preferences:
        """The choices in the file; nothing chosen when there is no file, or (with a warning) a damaged one."""
        return _read(self.path, self.shown or str(self.path))

    def change(self, *, language: str | None = None, name: str | None = None) -> Preferences:
        """Save ``language`` and ``name`` (each ``None``: keep the one saved); :class:`PreferencesError` if not."""
        changes = {key: value for key, value in (("language", language), ("name", name)) if value is not None}
        checked = _checked(changes)
        try:
            with locked(self.path):
                remove_temporaries(self.path)
                before = _read(self.path, self.shown or str(self.path), quiet=True)
                after = replace(before, **checked)
                if after != before:
                    write_atomically(self.path, _to_json(after), private=True)
        except OSError as error:
            reason = error.strerror or str(error)
            message = _("your choices (language and name) cannot be saved in {file} ({reason})")
            raise PreferencesError(message.format(file=self.shown or self.path, reason=reason)) from None
        return after


def preferences_folder() -> Path:
    """The folder of the preferences' files: ``$MACHIAVELLI_KIT_PREFERENCES``, else ``preferences/`` in the data
    folder."""
    return Path(os.environ.get(FOLDER_VARIABLE) or default_path().parent / "preferences")


def preference_store(visitor_id: str | None = None) -> PreferenceStore:
    """The store of this page's learner: the visitor's own on a class's app server, else the computer's user's.

    ``visitor_id`` is the page's visitor (by default :func:`~.visitor.visitor`).
    """
    visitor_id = visitor_id if visitor_id is not None else visitor()
    if visitor_id is None:
        return FilePreferences(preferences_folder() / OWN)
    path = preferences_folder() / f"{_hash(visitor_id)}.json"
    return FilePreferences(path, shown_path(path, visitor_id))


def restore_language() -> str:
    """Speak the language this page's learner chose on an earlier page, wherever neither ``lang=`` nor the page
    says otherwise (:func:`~machiavelli_kit.i18n.use_saved_language`); returns the language now in use."""
    return use_saved_language(preference_store().load().language)


def _hash(visitor_id: str) -> str:
    """What names a visitor's file: a hash of their id, never the id itself."""
    return hashlib.sha256(f"machiavelli-kit preferences\0{visitor_id}".encode()).hexdigest()


def _checked(changes: dict[str, str]) -> dict[str, str]:
    """The changes as saved (a language's code, a clean name); ``ValueError`` in words for one that cannot be."""
    checked = dict(changes)
    if "language" in changes and changes["language"] not in LANGUAGES:  # the callers' codes are checked already
        raise PreferencesError(_("{text!r} is not a language of the kit").format(text=changes["language"]))
    if "name" in changes:
        checked["name"] = clean_name(changes["name"])
    return checked


def _read(path: Path, shown: str, *, quiet: bool = False) -> Preferences:
    """The choices kept at ``path``; a file that cannot be read is warned about (unless ``quiet``) and ignored."""
    try:
        return _parse(json.loads(read_regular(path, most=MOST_BYTES).decode("utf-8")))
    except FileNotFoundError:
        return Preferences()
    except OSError as error:
        reason = error.strerror or str(error)
    except UnicodeDecodeError:
        reason = _("it is not text")
    except json.JSONDecodeError as error:
        reason = json_reason(error)
    except RecursionError:
        reason = _("it is nested too deeply")
    except ValueError as error:
        reason = str(error)
    if not quiet:
        message = _("Your saved choices (language and name) cannot be read from {file} ({reason}): the kit starts "
                    "without them and saves them again when you choose.")  # fmt: skip
        print(message.format(file=shown, reason=reason), file=sys.stderr, flush=True)
    return Preferences()


def _parse(data: Any) -> Preferences:
    """The choices from the file's JSON; ``ValueError`` says why when it is not as this kit writes it."""
    version = data.get("format") if isinstance(data, dict) else None
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT:
        raise ValueError(_("a newer Machiavelli Kit wrote it: update the kit"))
    if version != FORMAT or isinstance(version, bool) or set(data) - {"format", "language", "name"}:
        raise ValueError(_("it is not laid out as the kit writes it"))
    lang, name = data.get("language"), data.get("name")
    if lang is not None and (not isinstance(lang, str) or lang not in LANGUAGES):
        raise ValueError(_("it is not laid out as the kit writes it"))
    if name is not None and not _clean(name):
        raise ValueError(_("it is not laid out as the kit writes it"))
    return Preferences(lang, name)


def _clean(name: object) -> bool:
    """Whether ``name`` is a name as the kit saves one."""
    try:
        return isinstance(name, str) and clean_name(name) == name
    except ValueError:
        return False


def _to_json(preferences: Preferences) -> str:
    data = {"format": FORMAT, "language": preferences.language, "name": preferences.name}
    return json.dumps({key: value for key, value in data.items() if value is not None}, sort_keys=True)


__all__ = [
    "FOLDER_VARIABLE",
    "FilePreferences",
    "PreferenceStore",
    "Preferences",
    "PreferencesError",
    "preference_store",
    "preferences_folder",
    "restore_language",
]
