"""The kit's languages: choosing one, the catalogs complete and in step with the code, plural forms."""

from __future__ import annotations

import gettext
import threading
from pathlib import Path

import pytest

from machiavelli_kit.i18n import (
    LANGUAGES,
    LanguageError,
    _,
    catalogs,
    language,
    language_from_environment,
    set_language,
    speaking,
)
from machiavelli_kit.i18n.languages import translations


def test_the_template_holds_every_text_marked_in_the_code_and_no_other() -> None:
    assert catalogs.template_problems() == []


@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_every_text_has_a_translation_that_is_not_fuzzy_and_keeps_its_placeholders(lang: str) -> None:
    assert catalogs.problems(lang) == []


def test_the_check_finds_a_missing_a_fuzzy_and_a_changed_placeholder_entry(tmp_path: Path) -> None:
    po = tmp_path / "it.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Check"\nmsgstr ""\n\n'
        '#, fuzzy\nmsgid "Undo"\nmsgstr "Annulla"\n\n'
        'msgid "{count} cards left"\nmsgstr "{numero} carte rimaste"\n\n'
        'msgid "{card} goes here"\nmsgstr "va messa qui"\n',
        encoding="utf-8",
    )
    assert catalogs.problems("it", po) == [
        "it: not translated: 'Check'",
        "it: fuzzy: 'Undo'",
        "it: placeholder not in the English: '{count} cards left' -> '{numero} carte rimaste'",
        "it: placeholder left out: '{card} goes here' -> 'va messa qui'",
    ]


def test_polish_counts_in_three_forms_and_italian_in_two() -> None:
    polish = gettext.c2py(translations("pl")._info["plural-forms"].split("plural=")[1].rstrip(";"))  # type: ignore[attr-defined]
    assert [polish(n) for n in (1, 2, 4, 5, 11, 12, 21, 22, 25, 112, 122)] == [0, 1, 1, 2, 2, 2, 2, 1, 2, 2, 1]
    assert translations("it")._info["plural-forms"].startswith("nplurals=2")  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANGUAGE": "it:pl", "LANG": "pl_PL.UTF-8"}, "it"),
        ({"LANGUAGE": "de:pl"}, "pl"),
        ({"LANGUAGE": "", "LC_ALL": "", "LANG": "it_CH.UTF-8"}, "it"),
        ({"LC_MESSAGES": "pl_PL", "LANG": "it_IT"}, "pl"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_environment_names_the_language_as_gettext_reads_it(environ: dict[str, str], expected: str) -> None:
    assert language_from_environment(environ) == expected


def test_a_block_wins_over_the_session_which_wins_over_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "pl")
    assert language() == "pl"
    try:
        assert set_language("it") == "it"
        assert language() == "it"
        with speaking("en"):
            assert language() == "en"
            with speaking(None):
                assert language() == "en"
        assert language() == "it"
    finally:
        set_language(None)
    assert language() == "pl"


def test_a_thread_started_inside_a_block_speaks_the_session_language_not_the_block() -> None:
    seen = []
    with speaking("pl"):
        thread = threading.Thread(target=lambda: seen.append(language()))
        thread.start()
        thread.join()
    assert seen == ["en"], "threads start with a fresh context: pass the language on (asyncio.to_thread does)"


@pytest.mark.parametrize("text", ["de", "english", "", "xx_XX"])
def test_a_language_the_kit_does_not_speak_is_refused_by_name(text: str) -> None:
    with pytest.raises(LanguageError, match=f"{text!r} is not a language of the kit: choose en"):
        language(text)


def test_every_language_has_a_catalog_and_a_name() -> None:
    assert set(catalogs.TRANSLATED) | {"en"} == set(LANGUAGES)
    for lang in catalogs.TRANSLATED:
        assert catalogs.catalog_path(lang).exists()
        assert _("{text!r} is not a language of the kit: choose {choices} or {last}", lang=lang) != (
            "{text!r} is not a language of the kit: choose {choices} or {last}"
        )
