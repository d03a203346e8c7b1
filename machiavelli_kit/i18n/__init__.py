"""The kit's languages: the texts of every wing, said in English, Italian or Polish.

:mod:`~machiavelli_kit.i18n.languages` chooses the language in use and looks texts up in
the gettext catalogs (``locale/``); :mod:`~machiavelli_kit.i18n.catalogs` keeps those
catalogs (extract, update, compile, check); :mod:`~machiavelli_kit.i18n.json_words` says
why a text is not JSON. The rest of the kit imports what it needs from here.

>>> with speaking("it"):
...     and_list(["Ann", "Bob", "Cleo"])
'Ann, Bob e Cleo'
"""

from machiavelli_kit.i18n.languages import (
    DOMAIN,
    LANGUAGES,
    LOCALE_DIR,
    N_,
    SOURCE_LANGUAGE,
    LanguageError,
    _,
    and_list,
    catalog_path,
    check_language,
    language,
    language_from_environment,
    ngettext,
    pgettext,
    session_language,
    set_language,
    speaking,
    use_saved_language,
)

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "SOURCE_LANGUAGE",
    "LanguageError",
    "_",
    "and_list",
    "catalog_path",
    "check_language",
    "language",
    "language_from_environment",
    "ngettext",
    "pgettext",
    "session_language",
    "set_language",
    "speaking",
    "use_saved_language",
]
