"""The folder ``lab`` and ``app`` serve, and the learner's own copy of the notebooks.

In a source checkout (``pip install -e .``) the repository's ``notebooks/`` is
served as it is. A kit installed from a wheel keeps its notebooks inside
site-packages, where a learner's work does not belong, so they are copied into
``~/machiavelli-kit`` (or ``--notebooks DIR``) and opened there.

The kit keeps a hash of every notebook it writes in that folder's
``.machiavelli-kit-copies.json``, so it can tell a notebook the learner changed
from one left as it was. When the kit brings a new version of a notebook:

- a missing notebook is copied;
- a notebook left as it was is replaced by the new version;
- a notebook the learner changed (or one the kit did not write) is never
  overwritten: the new version is written beside it as ``NAME-new.ipynb`` and
  the learner is told. The kit does not ask, so a terminal, a script and a
  class server all behave the same.

Every notebook is copied, the translated ones too (``lesson.it.ipynb``,
``rules.pl.ipynb``): a new version of one of them goes beside it as
``lesson-new.it.ipynb``, its language kept last in the name.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from machiavelli_kit.files import write_atomically
from machiavelli_kit.i18n import LANGUAGES, _, speaking
from machiavelli_kit.resources import bundled_dir, source_checkout

RECORD = ".machiavelli-kit-copies.json"
"""In the learner's folder: the hash of each notebook the kit wrote there, by file name."""


class NotebookFolderError(ValueError):
    """A folder the notebooks cannot be kept in; the message says why and what to choose instead."""


def learner_folder() -> Path:
    """Where an installed kit puts the learner's notebooks when no ``--notebooks DIR`` is given."""
    return Path.home() / "machiavelli-kit"


def notebooks_dir(given: str | None = None) -> Path:
    """The folder to serve: ``given`` or the learner's folder, holding a copy of the kit's notebooks.

    Without ``given``, a source checkout whose ``notebooks/`` can be written is served in place.
    """
    source = bundled_dir("notebooks")
    if given is None and source_checkout() is not None and os.access(source, os.W_OK):
        return source
    target = Path(given).expanduser() if given else learner_folder()
    if target.exists() and not target.is_dir():
        raise NotebookFolderError(
            _("{target} is a file, not a folder: choose a folder for the notebooks with --notebooks DIR").format(
                target=target
            )
        )
    if target.resolve() != source.resolve():
        try:
            report = copy_notebooks(source, target)
        except OSError as error:
            raise NotebookFolderError(
                _(
                    "cannot write the notebooks into {target} ({reason}): choose another folder with --notebooks DIR"
                ).format(target=target, reason=error.strerror)
            ) from None
        for line in report:
            print(line, flush=True)
    return target


def copy_notebooks(source: Path, target: Path, lang: str | None = None) -> list[str]:
    """Bring the notebooks in ``target`` up to date with ``source``; one line per thing done, for the learner.

    The lines are in ``lang`` (the language in use).
    """
    record_path = target / RECORD
    record = _read_record(record_path)
    with speaking(lang):
        notebooks = sorted(source.glob("[!.]*.ipynb"))
        report = [line for notebook in notebooks if (line := _place(notebook, target, record))]
    write_atomically(record_path, json.dumps(record, indent=1, sort_keys=True) + "\n")
    return report


def _place(notebook: Path, target: Path, record: dict[str, str]) -> str | None:
    """Copy one notebook into ``target`` unless that would overwrite the learner's changes; what was done."""
    text = notebook.read_text(encoding="utf-8")
    new = _hash(text)
    destination = target / notebook.name
    if not destination.exists():
        done = _("copied {notebook} into {folder}").format(notebook=notebook.name, folder=target)
    else:
        current = _file_hash(destination)
        if new in (current, record.get(notebook.name)):
            record[notebook.name] = new
            return None  # this version is there already, or was offered before
        if current != record.get(notebook.name):
            return _offer_beside(notebook, text, destination, record)
        done = _("updated {notebook} to the kit's new version").format(notebook=notebook.name)
    write_atomically(destination, text)
    record[notebook.name] = new
    return done


def _offer_beside(notebook: Path, text: str, destination: Path, record: dict[str, str]) -> str:
    """Write the new version as ``NAME-new.ipynb`` beside the learner's changed ``NAME.ipynb``."""
    new = _hash(text)
    beside = destination.with_name(new_version_name(destination.name))
    if beside.exists() and _file_hash(beside) not in (new, record.get(beside.name)):
        return _(
            "{notebook} and {beside} both have your changes, so both were kept; the kit's new version is {source}"
        ).format(notebook=destination.name, beside=beside.name, source=notebook)
    write_atomically(beside, text)
    record[beside.name] = record[notebook.name] = new
    return _("{notebook} has your changes, so it was kept; the kit's new version is in {beside}").format(
        notebook=destination.name, beside=beside.name
    )


def new_version_name(name: str) -> str:
    """Where the kit's new version of the notebook ``name`` goes beside the learner's: its language stays last.

    >>> new_version_name("start.ipynb"), new_version_name("lesson.it.ipynb"), new_version_name("my.notes.ipynb")
    ('start-new.ipynb', 'lesson-new.it.ipynb', 'my.notes-new.ipynb')
    """
    stem = name.removesuffix(".ipynb")
    base, dot, code = stem.rpartition(".")
    if dot and code in LANGUAGES:
        return f"{base}-new.{code}.ipynb"
    return f"{stem}-new.ipynb"


def _read_record(path: Path) -> dict[str, str]:
    """The hashes the kit wrote, or none when the record is missing or unreadable (then nothing is overwritten)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(name): str(digest) for name, digest in data.items()}


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _file_hash(path: Path) -> str:
    return _hash(path.read_text(encoding="utf-8", errors="replace"))
