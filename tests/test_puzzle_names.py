"""Techniques and themes are shown by name in the learner's and teacher's language; the ids stay in files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from machiavelli_kit.classroom.report import gather
from machiavelli_kit.classroom.report_plots import plot_themes
from machiavelli_kit.classroom.sample_class import write_sample_class
from machiavelli_kit.classroom.sheet_html import answers_html
from machiavelli_kit.cli import main
from machiavelli_kit.i18n import catalog_path
from machiavelli_kit.i18n.catalogs import read
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.format import TECHNIQUES
from machiavelli_kit.puzzles.names import names, technique_name, theme_name

COLLECTION = load_collection()
IDS = sorted({*TECHNIQUES, *(theme for puzzle in COLLECTION.puzzles for theme in puzzle.themes)})
ENGLISH = names("en")


@pytest.mark.parametrize("lang", ["it", "pl"])
def test_every_technique_and_theme_of_the_collection_has_a_translated_name(lang: str) -> None:
    catalog = read(catalog_path(lang), lang)
    for key in IDS:
        assert key in ENGLISH, f"{key} has no name"
        message = catalog.get(ENGLISH[key], context="puzzle theme")
        assert message is not None and message.string and not message.fuzzy, f"{key} has no {lang} name"
        assert theme_name(key, lang) == technique_name(key, lang) == message.string


def test_english_names_are_words_not_ids() -> None:
    assert all("-" not in ENGLISH[key] for key in IDS)
    assert theme_name("whole-hand") == "whole hand" and technique_name("impossible") == "nothing to play"
    assert theme_name("my-own-theme", "it") == "my-own-theme", "a theme the kit does not know is shown as it is"


def _english_words(lang: str) -> list[str]:
    """The English names that differ from their ``lang`` name (Polish keeps "joker"), and the ids."""
    named = names(lang)
    return sorted({word for key in IDS if named[key] != ENGLISH[key] for word in (ENGLISH[key], key)})


def test_an_italian_answer_key_names_each_technique_in_italian() -> None:
    puzzles = [next(puzzle for puzzle in COLLECTION.puzzles if puzzle.grade == grade) for grade in TECHNIQUES]
    page = answers_html(puzzles, "Compiti", lang="it")
    metas = re.findall(r"tecnica ([^·<]+) ·", page)
    assert sorted(meta.strip() for meta in metas) == sorted(names("it")[grade] for grade in TECHNIQUES)
    assert "tecnica impossibile" not in page and "tecnica niente da giocare" in page


@pytest.mark.parametrize("lang", ["it", "pl"])
def test_the_class_report_and_its_plot_name_themes_in_the_class_language(tmp_path: Path, lang: str) -> None:
    chosen = [puzzle.id for puzzle in COLLECTION.puzzles if puzzle.themes][:40]
    report = gather(write_sample_class(tmp_path, COLLECTION, chosen, seed=3), COLLECTION)
    themes = [entry.theme for entry in report.weak_themes()]
    assert {"whole-hand", "chain"} <= set(themes)
    text = report.markdown(lang)
    rows = [line for line in text.splitlines() if re.match(r"\| [^|]+ \| \d+ \| \d+ \| \d+%", line)]
    shown = [line.split("|")[1].strip() for line in rows]
    assert shown == [names(lang)[theme] for theme in themes]
    assert not set(shown) & set(_english_words(lang))
    labels = [label.get_text() for label in plot_themes(report, lang).axes[0].get_yticklabels()]
    assert labels == [names(lang)[theme] for theme in themes]


def test_the_puzzle_list_and_show_name_the_technique(capsys: pytest.CaptureFixture[str]) -> None:
    chain = next(puzzle for puzzle in COLLECTION.puzzles if puzzle.grade == "chain" and "whole-hand" in puzzle.themes)
    assert main(["--lang", "it", "puzzles", "show", chain.id]) == 0
    shown = capsys.readouterr().out
    assert "tecnica catena" in shown and "tutta la mano" in shown and "whole-hand" not in shown
    assert main(["--lang", "pl", "puzzles", "list", "--chapter", "ch07"]) == 0
    listed = capsys.readouterr().out
    assert "łańcuch" in listed and " chain " not in listed
