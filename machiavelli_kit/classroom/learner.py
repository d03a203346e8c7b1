"""The name the page's learner gave last, so that every page after fills it in for them.

On a class's app server a name belongs to the visitor who gave it first
(:mod:`.owners`), and the name a visitor gave last is the one the owners' list
remembers for them: nothing else keeps it. Elsewhere (JupyterLab, a laptop) the
computer's one user's :mod:`.preferences` keep it.

>>> import os, tempfile
>>> os.environ["MACHIAVELLI_KIT_PREFERENCES"] = tempfile.mkdtemp()
>>> remember_name("Ada  Lovelace", None), remembered_name(None)
('Ada Lovelace', 'Ada Lovelace')
>>> del os.environ["MACHIAVELLI_KIT_PREFERENCES"]
"""

from __future__ import annotations

from pathlib import Path

from machiavelli_kit.classroom.owners import OwnersError, claim, last_name
from machiavelli_kit.classroom.preferences import preference_store
from machiavelli_kit.classroom.students import clean_name, students_dir


def remembered_name(visitor_id: str | None, students_folder: str | Path | None = None) -> str | None:
    """The name the learner gave last (``None`` before they give one, or when it cannot be read).

    ``visitor_id`` is the page's visitor (:func:`~.visitor.visitor`): on a class's app server it is the last
    name the visitor owns in ``students_folder`` (by default the kit's students' folder), elsewhere the one the
    computer's user's preferences keep.
    """
    if visitor_id is None:
        return preference_store(None).load().name
    try:
        return last_name(students_folder or students_dir(), visitor_id)
    except OwnersError:
        return None  # the trainer says what is wrong with the owners' list; a name box stays empty


def remember_name(name: str, visitor_id: str | None, students_folder: str | Path | None = None) -> str:
    """Keep ``name`` as the learner's last one, and return it as kept.

    On a class's app server the name becomes the visitor's own (:func:`~.owners.claim`: another visitor's name
    raises :class:`~.owners.NameTaken`); elsewhere it is saved in the preferences
    (:class:`~.preferences.PreferencesError` when it cannot be). A name that cannot be one raises ``ValueError``.
    """
    name = clean_name(name)
    if visitor_id is None:
        preference_store(None).change(name=name)
    else:
        claim(name, students_folder or students_dir(), visitor_id)
    return name


__all__ = ["remember_name", "remembered_name"]
