"""The kit's languages: English, Italian and Polish, through gettext catalogs kept with Babel.

Every text a learner or teacher reads is written in English in the code, marked
with :func:`_` (or :func:`ngettext` when it counts something, :func:`pgettext`
when a short word needs its context), and looked up at the moment it is said in
the catalog of the language in use. The catalogs are
``machiavelli_kit/i18n/locale/<lang>/LC_MESSAGES/machiavelli_kit.po``; the build
compiles them to ``.mo`` files, and a checkout without a build reads the ``.po``
files through Babel. ``python -m machiavelli_kit.i18n.catalogs`` extracts, updates, compiles
and checks them.

The language in use is, first to last: the one a ``with speaking(lang):`` block
chose (what ``lang=`` on a board or function does), the one :func:`set_language`
chose for the whole session (a page that says its language, as ``lesson.it.ipynb``
does), the one the learner chose on an earlier page and the kit saved
(:func:`use_saved_language`, which the widgets call when a page's kernel first loads
them: the start notebook's language switch saves it), and the one the environment
asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: a Jupyter server passes
its own locale to its kernels, ``machiavelli-kit app --lang`` its own), else English.
So a learner's own choice outlasts their page, and beats the server's default.

>>> with speaking("it"):
...     check_language("de")
Traceback (most recent call last):
...
machiavelli_kit.i18n.languages.LanguageError: 'de' non è una lingua del kit: scegli en (English), it (Italiano) o ...

Texts kept in module constants are marked with :func:`N_` (which leaves them as
they are) and translated where they are used, with ``_(constant)``.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from io import BytesIO
from pathlib import Path

DOMAIN = "machiavelli_kit"
LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano", "pl": "Polski"}
"""The kit's languages, each by its code and its name in itself."""
SOURCE_LANGUAGE = "en"
"""The language the texts are written in (it needs no catalog)."""
ENVIRONMENT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where the environment names its language, first to last, as gettext reads them."""

_block_language: ContextVar[str | None] = ContextVar("machiavelli_kit_language", default=None)
_session_language: str | None = None
_saved_language: str | None = None


class LanguageError(ValueError):
    """A language the kit does not speak."""


def check_language(lang: str) -> str:
    """``lang`` as a language code of the kit (``"it"``, ``"IT"``, ``"it_IT.UTF-8"`` are all ``"it"``).

    >>> check_language("pl_PL.UTF-8")
    'pl'
    >>> check_language("de")
    Traceback (most recent call last):
    ...
    machiavelli_kit.i18n.languages.LanguageError: 'de' is not a language of the kit: choose en (English), it ...
    """
    code = _code(lang)
    if code not in LANGUAGES:
        choices = [f"{key} ({name})" for key, name in LANGUAGES.items()]
        raise LanguageError(
            _("{text!r} is not a language of the kit: choose {choices} or {last}").format(
                text=lang, choices=", ".join(choices[:-1]), last=choices[-1]
            )
        )
    return code


def _code(text: str) -> str:
    """The language part of a locale name: ``it_IT.UTF-8@euro`` -> ``it``."""
    return text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The first of the kit's languages the environment asks for, else English.

    ``LANGUAGE`` may list several (``de:it``); ``C`` and ``POSIX`` mean no preference.

    >>> language_from_environment({"LANGUAGE": "de:pl", "LANG": "it_IT.UTF-8"})
    'pl'
    >>> language_from_environment({"LANG": "C.UTF-8"})
    'en'
    """
    environ = os.environ if environ is None else environ
    return _first_language(tuple(environ.get(variable, "") for variable in ENVIRONMENT_VARIABLES))


@cache
def _first_language(values: tuple[str, ...]) -> str:
    """The first of the kit's languages in the environment's ``values`` (cached: texts ask for it often)."""
    for value in values:
        for part in value.split(":"):
            if _code(part) in LANGUAGES:
                return _code(part)
    return SOURCE_LANGUAGE


def language(lang: str | None = None) -> str:
    """The language to speak: ``lang`` if given, else the block's, the session's, the saved one or the environment's.

    >>> language("it")
    'it'
    """
    if lang is not None:
        return lang if lang in LANGUAGES else check_language(lang)
    return _block_language.get() or _session_language or _saved_language or language_from_environment()


def use_saved_language(lang: str | None) -> str:
    """Speak ``lang``, the learner's saved choice, wherever neither ``lang=`` nor the session says otherwise
    (``None``: no saved choice, the environment's). Returns the language now in use.

    >>> use_saved_language("pl"), set_language("it"), set_language(None), use_saved_language(None)
    ('pl', 'it', 'pl', 'en')
    """
    global _saved_language
    _saved_language = None if lang is None else check_language(lang)
    return language()


def set_language(lang: str | None) -> str:
    """Speak ``lang`` from now on in this session, wherever no ``lang=`` says otherwise (``None``: the saved choice,
    else the environment's).

    Returns the language now in use.
    """
    global _session_language
    _session_language = None if lang is None else check_language(lang)
    return language()


@contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the block (``None``: keep the language in use); yields the language.

    >>> with speaking("pl") as lang:
    ...     lang, language()
    ('pl', 'pl')
    """
    token = _block_language.set(language(lang))
    try:
        yield _block_language.get() or SOURCE_LANGUAGE
    finally:
        _block_language.reset(token)


@contextmanager
def session_language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` for the whole session inside the block, in new threads too (``None``: keep the
    language in use), then give the session back the language it had; yields the language.

    >>> with session_language("it") as lang:
    ...     lang, language()
    ('it', 'it')
    """
    global _session_language
    previous = _session_language
    if lang is not None:
        set_language(lang)
    try:
        with speaking(lang) as spoken:
            yield spoken
    finally:
        _session_language = previous


def _(message: str, lang: str | None = None) -> str:
    """``message`` in the language in use (or ``lang``)."""
    return translations(language(lang)).gettext(message)


def ngettext(singular: str, plural: str, count: int, lang: str | None = None) -> str:
    """The form of a counting text that fits ``count`` (Polish has three: 1 karta, 2 karty, 5 kart)."""
    return translations(language(lang)).ngettext(singular, plural, count)


def pgettext(context: str, message: str, lang: str | None = None) -> str:
    """``message`` in the language in use, told apart from the same English words by ``context``."""
    return translations(language(lang)).pgettext(context, message)


def and_list(items: Sequence[str]) -> str:
    """Words joined as a reader says them, in the language in use: names, cards, ranks, reasons.

    The one list joiner of the kit: every "7♠, 8♥ and 9♥" it says is made here.

    >>> and_list(["fives"]), and_list(["Ann", "Bob"]), and_list(["fives", "sixes", "sevens"])
    ('fives', 'Ann and Bob', 'fives, sixes and sevens')
    >>> with speaking("pl"):
    ...     and_list(["7♠", "8♥", "9♥"])
    '7♠, 8♥ i 9♥'
    """
    if len(items) < 2:
        return "".join(items)
    # TRANSLATORS: the end of a list of names, cards or words: {names} are all but the last, joined with ", "
    # ("Ann, Bob", "fives, sixes"); {last} is the last one ("Cleo", "sevens").
    return _("{names} and {last}").format(names=", ".join(items[:-1]), last=items[-1])


def N_(message: str) -> str:  # the gettext name Babel's extractor knows
    """Mark ``message`` for the catalogs without translating it (it is translated where it is used)."""
    return message


def catalog_path(lang: str, suffix: str = ".po") -> Path:
    """Where the catalog of ``lang`` lives: its ``.po`` source, or with ``suffix=".mo"`` the compiled one."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang``: compiled by the build, or read from its ``.po`` source in a checkout."""
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    compiled = catalog_path(lang, ".mo")
    if compiled.exists():
        with compiled.open("rb") as file:
            return gettext.GNUTranslations(file)
    return gettext.GNUTranslations(_compile(catalog_path(lang)))


def _compile(source: Path) -> BytesIO:
    """The ``.po`` file ``source`` compiled in memory (fuzzy entries left out, as the build does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with source.open("rb") as file:
        catalog = read_po(file, locale=source.parent.parent.name, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return compiled
