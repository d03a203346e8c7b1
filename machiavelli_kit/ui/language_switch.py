"""The language switch: English, Italiano or Polski for every board made after it, and every page opened after it.

It sets the session's language (:func:`machiavelli_kit.set_language`): a board
keeps the language it was made in, so the boards already on the page stay as
they are, and every board made (or cell run again) after the switch speaks the
language chosen. It saves the choice too (:mod:`machiavelli_kit.classroom.preferences`),
so every page opened after it starts in that language: the learner's own on a class's
app server, the computer's user's in JupyterLab, at its next start too. The start
notebook shows it at its top.

>>> import os, tempfile
>>> os.environ["MACHIAVELLI_KIT_PREFERENCES"] = tempfile.mkdtemp()
>>> from machiavelli_kit.i18n import language, set_language
>>> switch = LanguageSwitch()
>>> [label for label, _code in switch.choice.options]
['English', 'Italiano', 'Polski']
>>> switch.choice.value = "pl"
>>> language(), switch.note.value
('pl', 'Od teraz plansze, które utworzysz, mówią po polsku.')
>>> from machiavelli_kit.classroom.preferences import preference_store
>>> preference_store().load().language
'pl'
>>> set_language(None), use_saved_language(None)  # without the session's choice, the saved one; without both, English
('pl', 'en')
>>> del os.environ["MACHIAVELLI_KIT_PREFERENCES"]
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from machiavelli_kit.classroom.preferences import PreferencesError, preference_store
from machiavelli_kit.i18n import LANGUAGES, _, language, set_language, speaking, use_saved_language


class LanguageSwitch:
    """Toggle buttons with the kit's languages, each named in itself; picking one sets the session's language
    and saves it for the pages opened after.

    It starts on the language in use (``lang`` if given: then that language is set at once, not saved).
    """

    def __init__(self, lang: str | None = None) -> None:
        current = set_language(lang) if lang is not None else language()
        self.choice = w.ToggleButtons(
            options=[(name, code) for code, name in LANGUAGES.items()],
            value=current,
            tooltips=[_tooltip(code) for code in LANGUAGES],
            style={"button_width": "auto"},
        )
        self.choice.add_class("mk-language-choice")
        self.note = w.HTML()
        self.note.add_class("mk-language-note")
        self.choice.observe(self._chosen, names="value")
        self.box = w.VBox([self.choice, self.note])
        self.box.add_class("mk-language-switch")

    @property
    def language(self) -> str:
        """The language chosen."""
        code: str = self.choice.value
        return code

    def _chosen(self, change: dict[str, Any]) -> None:
        lang = set_language(change["new"])
        with speaking(lang):
            note = _language_note()
            try:
                preference_store().change(language=lang)
                use_saved_language(lang)
            except PreferencesError as error:
                # TRANSLATORS: {reason} says why the language chosen could not be saved for the next pages.
                note += " " + _("The next pages you open may not know it: {reason}.").format(reason=error)
            self.note.value = html.escape(note)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)


def _language_note() -> str:
    # TRANSLATORS: shown under the language switch once a language is picked, in that language.
    return _("The boards you make from now on speak English.")


def _tooltip(code: str) -> str:
    """The tooltip of a language's button, in that language."""
    with speaking(code):
        # TRANSLATORS: the tooltip of this language's button in the language switch, in this language.
        return _("boards made after this speak English")


__all__ = ["LanguageSwitch"]
