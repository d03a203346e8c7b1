"""Titles, hints, stories and chapter texts by language: both forms, English required, fallback, round trip."""

from __future__ import annotations

from dataclasses import replace

import pytest

from machiavelli_kit.goal import Goal
from machiavelli_kit.i18n import LanguageError, speaking
from machiavelli_kit.puzzles.format import PuzzleError, dump, loads

PUZZLE = """
[[puzzle]]
id = "lay-1"
{title}
source = "a test"
rules = "bga"
table = [["4C", "5C", "6C"]]
hand = ["3C", "7C", "8C"]
goal = "close"
answer = true
{hints}
"""
ENGLISH = '[chapter]\ntitle = "Runs"\n' + PUZZLE.format(
    title='title = "Both ends"', hints='hints = ["A run grows at either end.", "Start with 3♣."]'
)
BY_LANGUAGE = (
    '[chapter]\ntitle.en = "Runs"\ntitle.it = "Scale"\ntitle.pl = "Sekwensy"\n'
    'intro.en = "Grow runs."\nintro.it = "Allunga le scale."\n'
    + PUZZLE.format(
        title='title.en = "Both ends"\ntitle.it = "Tutti e due i lati"\ntitle.pl = "Z obu stron"',
        hints='hints.en = ["A run grows at either end.", "Start with 3♣."]\n'
        'hints.it = ["Una scala cresce da tutti e due i lati.", "Comincia dal 3♣."]\n'
        'hints.pl = ["Sekwens rośnie z obu stron.", "Zacznij od 3♣."]',
    )
)


def error_of(text: str) -> str:
    with pytest.raises(PuzzleError) as caught:
        loads(text, "ch.toml")
    return str(caught.value)


def test_english_only_is_read_as_before() -> None:
    chapter = loads(ENGLISH, "ch.toml")
    puzzle = chapter.puzzles[0]
    assert (puzzle.title, puzzle.hints) == ("Both ends", ("A run grows at either end.", "Start with 3♣."))
    assert puzzle.titles == {"en": "Both ends"}
    assert puzzle.title_in("it") == puzzle.title_in("pl") == "Both ends"
    assert puzzle.hints_in("pl") == puzzle.hints
    assert chapter.title_in("it") == "Runs"


def test_a_table_by_language_gives_each_language_its_text() -> None:
    chapter = loads(BY_LANGUAGE, "ch.toml")
    puzzle = chapter.puzzles[0]
    assert puzzle.title == "Both ends" and puzzle.hints == ("A run grows at either end.", "Start with 3♣.")
    assert puzzle.titles == {"en": "Both ends", "it": "Tutti e due i lati", "pl": "Z obu stron"}
    assert puzzle.title_in("it") == "Tutti e due i lati"
    assert puzzle.hints_in("pl") == ("Sekwens rośnie z obu stron.", "Zacznij od 3♣.")
    assert puzzle.hint_texts["it"][1] == "Comincia dal 3♣."
    assert (chapter.title, chapter.title_in("it"), chapter.title_in("pl")) == ("Runs", "Scale", "Sekwensy")
    assert (chapter.intro_in("it"), chapter.intro_in("pl")) == ("Allunga le scale.", "Grow runs.")


def test_the_language_in_use_chooses_the_text() -> None:
    puzzle = loads(BY_LANGUAGE, "ch.toml").puzzles[0]
    assert puzzle.title_in() == "Both ends"
    with speaking("pl"):
        assert puzzle.title_in() == "Z obu stron"
        assert puzzle.hints_in()[0] == "Sekwens rośnie z obu stron."
        assert puzzle.title_in("it") == "Tutti e due i lati"
    with pytest.raises(LanguageError):
        puzzle.title_in("de")


def test_per_language_texts_round_trip_through_dump() -> None:
    chapter = loads(BY_LANGUAGE, "ch.toml")
    text = dump(chapter)
    assert 'title.it = "Tutti e due i lati"' in text and 'hints.pl = ["Sekwens' in text
    again = loads(text, "ch.toml")
    assert again == replace(chapter, puzzles=tuple(replace(p, origin="ch.toml") for p in chapter.puzzles))
    assert dump(loads(ENGLISH, "ch.toml")).count("title = ") == 2  # English only: written as before


def test_replacing_the_english_keeps_the_translations() -> None:
    puzzle = loads(BY_LANGUAGE, "ch.toml").puzzles[0]
    changed = replace(puzzle, title="Two ends")
    assert changed.titles == {"en": "Two ends", "it": "Tutti e due i lati", "pl": "Z obu stron"}


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ('title.pl = "Z obu stron"', 'title.de = "Beide Enden"', "field 'title.de': 'de' is not a language of the kit"),
        ('title.en = "Both ends"\n', "", "field 'title': the English text is missing: write title.en = "),
        ('hints.en = ["A run grows at either end.", "Start with 3♣."]\n', "", "field 'hints': the English text is"),
        ('"Zacznij od 3♣."]', "]", "field 'hints.pl': 1 hint here but 2 in English"),
        ('title.it = "Tutti e due i lati"', "title.it = 3", "field 'title.it': must be a string, not a number 3"),
        ('title.it = "Tutti e due i lati"', 'title.IT = "x"', "field 'title.IT': write the language as its code, it"),
        ('title.it = "Scale"', 'title.xx = "Scale"', "[chapter], field 'title.xx': 'xx' is not a language"),
        ('intro.en = "Grow runs."\n', "", "[chapter], field 'intro': the English text is missing"),
    ],
)
def test_mistakes_in_the_languages_are_named(old: str, new: str, expected: str) -> None:
    assert old in BY_LANGUAGE
    assert expected in error_of(BY_LANGUAGE.replace(old, new, 1))


def test_errors_are_said_in_the_language_in_use() -> None:
    bad = BY_LANGUAGE.replace('title.pl = "Z obu stron"', 'title.de = "Beide Enden"')
    with speaking("it"):
        assert error_of(bad) == (
            "ch.toml, rompicapo 'lay-1', campo 'title.de': 'de' non è una lingua del kit: "
            "scegli en (English), it (Italiano) o pl (Polski)"
        )
    with speaking("pl"):
        message = error_of(BY_LANGUAGE.replace('title.en = "Both ends"\n', ""))
    assert message == (
        "ch.toml, zagadka 'lay-1', pole 'title': brakuje tekstu po angielsku: dopisz title.en = ... obok pozostałych"
        " języków"
    )


@pytest.mark.parametrize(
    ("lang", "hints", "expected"),
    [
        ("pl", 1, "pole 'hints.pl': tu jest 1 podpowiedź, a po angielsku 2"),
        ("pl", 3, "pole 'hints.pl': tu są 3 podpowiedzi, a po angielsku 2"),
        ("pl", 5, "pole 'hints.pl': tu jest 5 podpowiedzi, a po angielsku 2"),
        ("it", 1, "campo 'hints.pl': qui c'è 1 suggerimento ma in inglese sono 2"),
        ("it", 5, "campo 'hints.pl': qui ci sono 5 suggerimenti ma in inglese sono 2"),
        ("en", 3, "field 'hints.pl': 3 hints here but 2 in English: give every language the same hints, in order"),
    ],
)
def test_a_different_number_of_hints_is_counted_in_words(lang: str, hints: int, expected: str) -> None:
    polish = "hints.pl = [" + ", ".join(['"Podpowiedź."'] * hints) + "]"
    text = BY_LANGUAGE.replace('hints.pl = ["Sekwens rośnie z obu stron.", "Zacznij od 3♣."]', polish)
    with speaking(lang):
        assert expected in error_of(text)


def test_the_task_and_the_answer_are_said_in_the_language_asked() -> None:
    puzzle = loads(ENGLISH, "ch.toml").puzzles[0]
    assert puzzle.question() == "Can you play your whole hand? If so, show how."
    assert puzzle.question("it") == "Riesci a giocare tutta la tua mano? Se sì, fai vedere come."
    assert puzzle.answer_text(lang="pl") == "tak"
    counting = replace(puzzle, goal=Goal.MAX, answer=2)
    assert [counting.answer_text(count, lang="pl") for count in (0, 1, 2, 5)] == [
        "nic nie da się zagrać: dobierz kartę",
        "1 karta",
        "2 karty",
        "5 kart",
    ]
    with speaking("it"):
        assert counting.answer_text() == "2 carte"
        assert replace(puzzle, goal=Goal("play", puzzle.position.hand[0])).question() == (
            "Riesci a giocare 3♣? Se sì, fai vedere come."
        )
