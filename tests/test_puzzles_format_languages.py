"""Titles, hints, stories and chapter texts by language: both forms, English required, fallback, round trip."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from machiavelli_kit.core.cards import format_cards
from machiavelli_kit.core.goal import Goal, GoalKind
from machiavelli_kit.i18n import LanguageError, speaking
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.format import Chapter, PuzzleError, dump, keep_translations, loads

COLLECTION = load_collection()
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
        assert replace(puzzle, goal=Goal(GoalKind.PLAY, puzzle.position.hand[0])).question() == (
            "Riesci a giocare 3♣? Se sì, fai vedere come."
        )


TRANSLATED_CHAPTERS = [chapter.name for chapter in COLLECTION.chapters]


@pytest.mark.parametrize("name", TRANSLATED_CHAPTERS)
def test_every_chapter_speaks_all_three_languages(name: str) -> None:
    """Chapter 1 by hand; the generated chapters' puzzles as the generator words them, their chapter
    titles and intros from the catalogs (tests/test_chapter_titles_by_catalog.py)."""
    chapter = COLLECTION.chapter(name)
    if name.startswith("ch01"):
        assert set(chapter.titles) == set(chapter.intros) == {"en", "it", "pl"}
    for puzzle in chapter.puzzles:
        assert set(puzzle.titles) == {"en", "it", "pl"}, puzzle.id
        assert puzzle.hints and set(puzzle.hint_texts) == {"en", "it", "pl"}, puzzle.id
        assert not puzzle.story or set(puzzle.stories) == {"en", "it", "pl"}, puzzle.id
        for lang in ("it", "pl"):
            assert puzzle.title_in(lang) != puzzle.title or "(" in puzzle.title, (puzzle.id, lang)
            assert all(text.strip() for text in (puzzle.title_in(lang), *puzzle.hints_in(lang)))


def test_known_texts_of_the_first_chapters() -> None:
    chain = COLLECTION.find("it-3")
    assert chain.title_in("it") == "La catena di quattro"
    assert chain.hints_in("pl")[0] == "Zacznij od 7♠: którą kartę uwalnia?"
    assert COLLECTION.find("bga-7").story_in("it").startswith("La giocata più semplice: la scala di fiori")
    basics = COLLECTION.find("basics-21")
    assert (basics.title_in("it"), basics.title_in("pl")) == (
        "Cala il tuo tris di fanti",
        "Wyłóż własny komplet waletów",
    )
    assert basics.hints_in("pl")[1] == "Niektóre z twoich kart same tworzą układ."
    with speaking("it"):
        assert COLLECTION.chapter("ch01b").title_in() == "Calare e aggiungere"
        assert COLLECTION.find("basics-28").hints_in()[1] == "Prima mossa: A♣ dalla mano va al tris di assi."


def test_a_chapter_without_translations_falls_back_to_english() -> None:
    chapter = COLLECTION.chapter("ch02")
    puzzle = chapter.puzzles[0]
    assert chapter.titles == {"en": chapter.title}
    # a generated chapter's title and intro come from the kit's catalogs (tests/test_chapter_titles_by_catalog.py);
    # one no catalog has stays English
    unknown = Chapter("x", "A chapter no catalog has", "An intro no catalog has", ())
    assert unknown.title_in("it") == unknown.title and unknown.intro_in("pl") == unknown.intro
    english_only = replace(puzzle, titles={}, hint_texts={})
    assert (english_only.title_in("it"), english_only.hints_in("pl")) == (puzzle.title, puzzle.hints)


def test_a_regenerated_chapter_keeps_the_translations_of_its_unchanged_english() -> None:
    translated = COLLECTION.chapter("ch01b")
    english = replace(
        translated,
        titles={},
        intros={},
        puzzles=tuple(replace(puzzle, titles={}, hint_texts={}) for puzzle in translated.puzzles),
    )
    assert keep_translations(english, translated) == translated


def test_a_changed_english_text_drops_its_translation() -> None:
    translated = COLLECTION.chapter("ch01b")
    first = replace(translated.puzzles[0], titles={}, hint_texts={})
    changed = replace(first, title="A new title", hints=("A new hint.", first.hints[1]))
    again = keep_translations(replace(translated, puzzles=(changed,)), translated).puzzles[0]
    assert again.titles == {"en": "A new title"}
    assert again.hint_texts == {"en": changed.hints}  # one hint new: the languages fall back to English hints
    kept = keep_translations(replace(translated, puzzles=(replace(first, title="A new title"),)), translated)
    assert kept.puzzles[0].hints_in("it") == translated.puzzles[0].hints_in("it")


def test_the_readme_example_in_three_languages_reads() -> None:
    """The README's example by language, with the other keys of its English example."""
    readme = (Path(__file__).parents[1] / "puzzles" / "README.md").read_text(encoding="utf-8")
    english, languages = re.findall(r"```toml\n(.*?)```", readme, re.DOTALL)[:2]
    header, puzzle = languages.split("[[puzzle]]")
    given = {line.split(" ")[0].split(".")[0] for line in puzzle.splitlines() if line}
    others = [line for line in english.split("[[puzzle]]")[1].splitlines() if line.split(" ")[0] not in given]
    chapter = loads("\n".join([header, "[[puzzle]]", puzzle, *others]), "README.md")
    assert chapter.title_in("pl") == "Zadanie domowe 3"
    assert chapter.puzzles[0].title_in("it") == "Segui i sette"
    assert chapter.puzzles[0].hints_in("pl")[0] == "Zacznij od siódemki pik."


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "ch.toml, puzzle 'lay-1', field 'hand': '3F' is not a card: suits are S, H, D, C (or ♠ ♥ ♦ ♣)"),
        (
            "it",
            "ch.toml, rompicapo 'lay-1', campo 'hand': '3F': nei file dei rompicapi i semi si scrivono S, H, D, C "
            "(o ♠ ♥ ♦ ♣), uguali in tutte le lingue",
        ),
    ],
)
def test_a_file_reads_the_same_in_every_language(lang: str, expected: str) -> None:
    """Cards in a file are in the one notation: the Italian suit letters a learner may type in Italian are not read."""
    italian_hand = ENGLISH.replace('hand = ["3C", "7C", "8C"]', 'hand = ["3F", "7C", "8C"]')
    italian_goal = ENGLISH.replace('goal = "close"\nanswer = true', 'goal = "play:7F"\nanswer = true')
    with speaking(lang):
        assert format_cards(loads(ENGLISH, "ch.toml").puzzles[0].position.hand) == "3C 7C 8C"
        assert error_of(italian_hand) == expected
        assert "'7F'" in error_of(italian_goal) and "goal" in error_of(italian_goal)


def test_regenerating_the_basics_chapter_keeps_its_own_texts_and_words_its_puzzles(tmp_path: Path) -> None:
    """What `puzzles generate --check` does for the generated chapter whose title and intro are translated
    in its file: they stay, and the puzzles' titles and hints are worded from the catalogs."""
    from machiavelli_kit.puzzles.recipes import recipe, regenerate, same_as_bundled

    [timing] = regenerate(tmp_path, [recipe("ch01b")])
    assert same_as_bundled(tmp_path, timing.name)
    written = (tmp_path / "ch01b-basics.toml").read_text(encoding="utf-8")
    assert 'title.it = "Calare e aggiungere"' in written and 'title.pl = "Wyłóż własny komplet dwójek"' in written


def test_puzzles_and_chapters_with_languages_stay_hashable_and_picklable() -> None:
    import pickle

    chapter = COLLECTION.chapter("ch01")
    assert len({*chapter.puzzles, *chapter.puzzles}) == len(chapter.puzzles)
    assert hash(chapter) == hash(pickle.loads(pickle.dumps(chapter)))
    assert pickle.loads(pickle.dumps(chapter)) == chapter


def test_the_generators_words_win_and_the_file_fills_in_the_rest() -> None:
    """The generator words every language from the catalogs (a better catalog gives better texts);
    a translation in the file stands for a language the generator did not word."""
    bundled = COLLECTION.chapter("ch02")
    worded = replace(
        bundled,
        puzzles=tuple(
            replace(puzzle, titles={"it": "parole del generatore"}, hint_texts={"pl": ("słowa generatora",)})
            for puzzle in bundled.puzzles
        ),
    )
    kept = keep_translations(worded, bundled).puzzles[0]
    assert kept.titles == {
        "en": bundled.puzzles[0].title,
        "it": "parole del generatore",
        "pl": bundled.puzzles[0].titles["pl"],
    }
    assert (
        kept.hint_texts["pl"] == ("słowa generatora",) and kept.hint_texts["it"] == bundled.puzzles[0].hint_texts["it"]
    )


ENGLISH_WORDS = re.compile(r"\b(the|from|run|set|meld|joins|hand|card|cards|can)\b")


@pytest.mark.parametrize("lang", ["it", "pl"])
def test_generated_titles_and_hints_have_no_english_left(lang: str) -> None:
    generated = [puzzle for chapter in COLLECTION.chapters[2:] for puzzle in chapter.puzzles]
    assert len(generated) == 472
    for puzzle in generated:
        for text in (puzzle.title_in(lang), *puzzle.hints_in(lang)):
            assert not ENGLISH_WORDS.search(text), (puzzle.id, text)


def test_known_texts_of_a_generated_chapter() -> None:
    spare = COLLECTION.find("spare-1")
    assert spare.title_in("it") == "Una carta da prestare dalla scala di fiori"
    assert spare.hints_in("pl") == (
        "Sekwens trefl może oddać jedną kartę i nadal będzie układem.",
        "Pierwszy ruch: J♣ wychodzi z sekwensu trefl i zaczyna nowy komplet waletów.",
    )
    with speaking("it"):
        assert COLLECTION.find("restore-31").title_in() == "C'è posto per 4♦ e 6♦?"
