"""Keeping the translation catalogs: extract the texts, update each language, compile, check.

``python -m machiavelli_kit.i18n.catalogs extract`` writes the template of every
marked text (``locale/machiavelli_kit.pot``); ``update`` brings each language's
``.po`` file in line with it (new texts come in empty, gone ones are dropped);
``compile DIR`` writes the ``.mo`` files (``setup.py`` does the same in the
build); ``check`` lists what is missing: a text without a translation, a fuzzy
one, a placeholder changed, a template out of date.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Sequence
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from machiavelli_kit.i18n.languages import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE, catalog_path

PACKAGE_DIR = Path(__file__).parent.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE)
"""The languages with a catalog (English is the texts' own language)."""
PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_][a-z_0-9]*)[^{}]*\}")


def extracted() -> Catalog:
    """Every text marked in the package's code, with where it is and the comments for translators."""
    catalog = Catalog(domain=DOMAIN, project="Machiavelli Kit", charset="utf-8")
    messages = extract_from_dir(
        PACKAGE_DIR,
        method_map=[("**.py", "python")],
        keywords=DEFAULT_KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in messages:
        location = (f"machiavelli_kit/{filename}", lineno)
        catalog.add(message, None, [location], auto_comments=comments, context=context)
    return catalog


def read(path: Path, lang: str | None = None) -> Catalog:
    """The catalog in ``path``."""
    with path.open("rb") as file:
        return read_po(file, locale=lang, domain=DOMAIN)


def write(catalog: Catalog, path: Path) -> None:
    """Write ``catalog`` to ``path`` atomically, sorted by text and without line numbers, so diffs stay small."""
    catalog.project, catalog.version = "Machiavelli Kit", ""
    catalog.copyright_holder = "the Machiavelli Kit authors"
    catalog.fuzzy = False
    buffer = BytesIO()
    write_po(buffer, catalog, width=100, sort_output=True, include_lineno=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(path.suffix + ".part")
    partial.write_bytes(buffer.getvalue())
    partial.replace(path)


def extract() -> None:
    """Write the template of every marked text."""
    write(extracted(), TEMPLATE)


def update() -> None:
    """Bring each language's catalog in line with the template: new texts empty, gone texts dropped."""
    template = read(TEMPLATE)
    for lang in TRANSLATED:
        path = catalog_path(lang)
        catalog = read(path, lang) if path.exists() else Catalog(locale=lang, domain=DOMAIN, charset="utf-8")
        catalog.language_team = LANGUAGES[lang]
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        write(catalog, path)


def compile_to(target: Path) -> list[Path]:
    """Compile every language's catalog into ``target/<lang>/LC_MESSAGES/``; returns the files written."""
    written = []
    for lang in TRANSLATED:
        out = target / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("wb") as file:
            write_mo(file, read(catalog_path(lang), lang), use_fuzzy=False)
        written.append(out)
    return written


def _ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (list, tuple)) else (message.id,)


def _strings(message: Message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, (list, tuple)) else (message.string or "",)


def placeholders(text: str) -> set[str]:
    """The named ``{placeholders}`` of a text (``{{`` is a brace, not one).

    >>> sorted(placeholders("{count} cards in {meld!s}, {{not}}"))
    ['count', 'meld']
    """
    return set(PLACEHOLDER.findall(text))


def problems(lang: str, path: Path | None = None) -> list[str]:
    """What is wrong with the catalog of ``lang`` (or the one in ``path``), one line each (none when it is complete)."""
    catalog = read(path or catalog_path(lang), lang)
    found = []
    for message in catalog:
        if not message.id:
            continue
        where = _ids(message)[0]
        strings = _strings(message)
        if message.fuzzy:
            found.append(f"{lang}: fuzzy: {where!r}")
        if not all(strings):
            found.append(f"{lang}: not translated: {where!r}")
            continue
        if message.pluralizable and len(strings) != catalog.num_plurals:
            found.append(f"{lang}: {len(strings)} plural forms instead of {catalog.num_plurals}: {where!r}")
        wanted = set().union(*(placeholders(text) for text in _ids(message)))
        for string in strings:
            if placeholders(string) - wanted:
                found.append(f"{lang}: placeholder not in the English: {where!r} -> {string!r}")
            elif not message.pluralizable and placeholders(string) != wanted:
                found.append(f"{lang}: placeholder left out: {where!r} -> {string!r}")
    return found


def template_problems() -> list[str]:
    """Texts marked in the code but missing from the template, or in the template but gone from the code."""

    def keys(catalog: Iterable[Message]) -> set[tuple[str | None, tuple[str, ...]]]:
        return {(message.context, _ids(message)) for message in catalog if message.id}

    in_code, in_template = keys(extracted()), keys(read(TEMPLATE))
    return [f"not in the template (run extract): {key[1][0]!r}" for key in sorted(in_code - in_template, key=str)] + [
        f"in the template but not in the code: {key[1][0]!r}" for key in sorted(in_template - in_code, key=str)
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """``extract``, ``update``, ``compile DIR`` or ``check``."""
    command, *rest = list(sys.argv[1:] if argv is None else argv) or ["check"]
    if command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "compile":
        for path in compile_to(Path(rest[0]) if rest else LOCALE_DIR):
            print(path)
    elif command == "check":
        found = template_problems() + [line for lang in TRANSLATED for line in problems(lang)]
        print("\n".join(found) or "every text is translated")
        return 1 if found else 0
    else:
        print(f"unknown command {command!r}: use extract, update, compile DIR or check", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
