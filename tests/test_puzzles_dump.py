"""The TOML writer: every string and every bundled chapter comes back equal, and dump writes the bundled files."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.puzzles.collection import COLLECTION_DIR
from machiavelli_kit.puzzles.format import Chapter, Puzzle, dump, load, loads
from machiavelli_kit.puzzles.recipes import RECIPES

CHAPTER_FILES = sorted(COLLECTION_DIR.glob("*.toml"))
GENERATED = {recipe.name for recipe in RECIPES}
SAMPLE = load(CHAPTER_FILES[0])
ENGLISH_ONLY = replace(SAMPLE.puzzles[0], titles={}, hint_texts={}, stories={})
"""A puzzle without translations, whose hints can be replaced by any number of hints."""


def without_origin(chapter: Chapter) -> tuple[str, str, tuple[Puzzle, ...]]:
    return chapter.title, chapter.intro, tuple(replace(puzzle, origin="") for puzzle in chapter.puzzles)


@pytest.mark.parametrize("path", CHAPTER_FILES, ids=lambda path: path.stem)
def test_every_bundled_chapter_loads_back_equal_from_dump(path: Path) -> None:
    chapter = load(path)
    assert without_origin(loads(dump(chapter), path.name)) == without_origin(chapter)


@pytest.mark.parametrize("path", [path for path in CHAPTER_FILES if path.stem in GENERATED], ids=lambda path: path.stem)
def test_dump_writes_the_generated_chapters_byte_for_byte(path: Path) -> None:
    """The generator writes these files through dump: a change in dump's layout would change them all."""
    assert dump(load(path)) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("text", ["\x7f", "\x00", "tab\tand\nnew line\r\n", 'quote " and \\ backslash', "é ♠ 🃏", ""])
def test_awkward_strings_come_back_unchanged(text: str) -> None:
    puzzle = replace(ENGLISH_ONLY, title=text, hints=(text, "plain"), themes=(text,))
    again = loads(dump(Chapter("x", "a" + text, text, (puzzle,))), "x.toml")
    assert (again.title, again.intro) == ("a" + text, text)
    assert (again.puzzles[0].title, again.puzzles[0].hints, again.puzzles[0].themes) == (text, (text, "plain"), (text,))


@settings(deadline=None)  # each example reads a whole puzzle: a busy machine can take over 200 ms
@given(
    title=st.text(),
    intro=st.text(),
    puzzle_title=st.text(),
    source=st.text(),
    hints=st.lists(st.text(), max_size=3),
    themes=st.lists(st.text(), max_size=3),
)
def test_any_text_round_trips_through_dump(
    title: str, intro: str, puzzle_title: str, source: str, hints: list[str], themes: list[str]
) -> None:
    puzzle = replace(ENGLISH_ONLY, title=puzzle_title, source=source, hints=tuple(hints), themes=tuple(themes))
    chapter = Chapter("x", title, intro, (puzzle,))
    text = dump(chapter)
    tomllib.loads(text)  # valid TOML, whatever the strings hold
    assert without_origin(loads(text, "x.toml")) == without_origin(chapter)


@settings(deadline=None)  # each example reads a whole puzzle: a busy machine can take over 200 ms
@given(
    titles=st.fixed_dictionaries({"it": st.text(), "pl": st.text()}),
    hints=st.lists(st.tuples(st.text(), st.text(), st.text()), max_size=3),
    story=st.tuples(st.text(), st.text()),
)
def test_any_text_in_any_language_round_trips_through_dump(
    titles: dict[str, str], hints: list[tuple[str, str, str]], story: tuple[str, str]
) -> None:
    puzzle = replace(
        ENGLISH_ONLY,
        titles=titles,
        hints=tuple(hint[0] for hint in hints),
        hint_texts={"it": tuple(hint[1] for hint in hints), "pl": tuple(hint[2] for hint in hints)},
        story="a story",
        stories={"it": story[0], "pl": story[1]},
    )
    chapter = Chapter("x", "Title", "", (puzzle,), titles=titles, intros={"pl": story[1]})
    text = dump(chapter)
    tomllib.loads(text)
    again = loads(text, "x.toml")
    assert without_origin(again) == without_origin(chapter)
    assert (again.titles, again.intros) == (chapter.titles, chapter.intros)
    assert again.puzzles[0].titles == {"en": puzzle.title, **titles}
