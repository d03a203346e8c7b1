"""The language switch: English, Italiano or Polski for every board made after it.

It sets the session's language (:func:`machiavelli_kit.set_language`): a board
keeps the language it was made in, so the boards already on the page stay as
they are, and every board made (or cell run again) after the switch speaks the
language chosen. The start notebook shows it at its top.

>>> from machiavelli_kit.i18n import language, set_language
>>> switch = LanguageSwitch()
>>> [label for label, _code in switch.choice.options]
['English', 'Italiano', 'Polski']
>>> switch.choice.value = "pl"
>>> language(), switch.note.value
('pl', 'Od teraz plansze, które utworzysz, mówią po polsku.')
>>> set_language(None)
'en'
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from machiavelli_kit.i18n import LANGUAGES, _, language, set_language, speaking


class LanguageSwitch:
    """Toggle buttons with the kit's languages, each named in itself; picking one sets the session's language.

    It starts on the language in use (``lang`` if given: then that language is set at once).
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
            self.note.value = html.escape(_language_note())

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
