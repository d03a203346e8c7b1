"""The command line's help and usage errors in the language asked, argparse's own words (usage:, options,
error:) and every option's value name (--chapter ROZDZIAŁ) included."""

from __future__ import annotations

import argparse

import pytest

from machiavelli_kit.cli import main
from machiavelli_kit.cli.argparse_words import TEXTS, argparse_speaking
from machiavelli_kit.i18n import speaking


def help_of(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    with pytest.raises(SystemExit) as exit_:
        main([*arguments, "--help"])
    assert exit_.value.code == 0
    return " ".join(capsys.readouterr().out.split())


def usage_error(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(list(arguments))
    assert exit_.value.code == 2
    return " ".join(capsys.readouterr().err.split())


def test_english_help_and_errors_stay_argparse_s_own(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of(capsys, "puzzles", "export")
    assert text.startswith("usage: machiavelli-kit puzzles export [-h] [--chapter CHAPTER] [--grade GRADE]")
    assert "--out DIR" in text and "--title TITLE" in text and "--per-page COUNT" in text and "[ID ...]" in text
    assert "options: -h, --help show this help message and exit" in text
    text = help_of(capsys, "class", "assign")
    assert "--due DATE" in text and "--out FILE.toml" in text and "--count COUNT" in text
    assert "--seat SEAT" in help_of(capsys, "game", "replay") and "FILE.json" in help_of(capsys, "game", "review")
    assert "machiavelli-kit: error: unrecognized arguments: --bogus" in usage_error(capsys, "check", "--bogus")


def test_the_tournament_help_shows_one_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of(capsys, "tournament")
    assert "win rates and their intervals (95%)." in text and "%%" not in text
    assert "--rules RULES" in text and "--budget STEPS" in text and "--records DIR" in text


def test_option_values_already_in_the_catalogs_are_named_in_polish(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of(capsys, "--lang", "pl", "tournament")
    assert "--rules ZASADY" in text and "--budget KROKI" in text and "--records FOLDER" in text
    assert "--dir CARTELLA" in help_of(capsys, "--lang", "it", "puzzles")


def test_argparse_s_words_in_polish_and_italian(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of(capsys, "--lang", "pl", "puzzles", "export")
    assert text.startswith("użycie: machiavelli-kit puzzles export [-h] [--chapter ROZDZIAŁ] [--grade TECHNIKA]")
    assert "opcje: -h, --help pokaż tę pomoc i zakończ" in text and "--per-page LICZBA" in text
    assert "--seed ZIARNO" in help_of(capsys, "--lang", "pl", "game", "play")
    text = help_of(capsys, "--lang", "it", "class", "assign")
    assert text.startswith("uso: machiavelli-kit class assign [-h] --title TITOLO [--chapter CAPITOLO]")
    assert "--due DATA" in text and "--out FILE.toml" in text
    error = usage_error(capsys, "--lang", "pl", "check", "--bogus")
    assert error.endswith("machiavelli-kit: błąd: nieznane argumenty: --bogus")
    error = usage_error(capsys, "--lang", "it", "puzzles", "export", "--out", "x", "--format", "doc")
    assert "errore: argomento --format: scelta non valida: 'doc' (scegli tra 'html', 'pdf', 'both')" in error


def test_argparse_speaks_the_kit_s_language_only_inside_the_block() -> None:
    said = argparse._  # type: ignore[attr-defined]
    with speaking("pl"), argparse_speaking():
        assert argparse._("a text the kit does not know") == "a text the kit does not know"  # type: ignore[attr-defined]
    assert argparse._ is said  # type: ignore[attr-defined]
    assert all(isinstance(text, str) and text for text in TEXTS)
