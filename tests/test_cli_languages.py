"""``machiavelli-kit --lang {en,it,pl}``: the command line in English, Italian and Polish.

The language comes from ``--lang`` (before the command or after its name), else from the
environment (``LANGUAGE``, ``LANG``); help texts follow it too, since the parser is built
once the language is known. ``lab`` and ``app`` pass it on to their kernels.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from machiavelli_kit.cli import app, asked_language, lab, main
from machiavelli_kit.core.position import Table, check_table
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.i18n import language
from machiavelli_kit.i18n import languages as i18n
from machiavelli_kit.serve.notebook_copy import copy_notebooks
from machiavelli_kit.serve.process import translated_notebooks

BAD_TABLE = "5S 5H 5D | 6H 7H 9H"


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    code = main(list(arguments))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def help_of(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    with pytest.raises(SystemExit) as exit_:
        main([*arguments, "--help"])
    assert exit_.value.code == 0
    return capsys.readouterr().out


def test_check_of_a_bad_table_in_italian_and_polish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "it", "check", "--table", BAD_TABLE)
    assert code == 1
    assert out.splitlines() == [
        "combinazione 1: 5♠ 5♥ 5♦: un tris valido",
        "combinazione 2: " + explained(1, "it"),
        "non valido",
    ]
    assert explained(1, "it").startswith("6♥ 7♥ 9♥: una scala ha bisogno di carte in fila")
    code, out, _ = run(capsys, "--lang", "pl", "check", "--table", BAD_TABLE)
    assert code == 1
    assert out.splitlines() == [
        "układ 1: 5♠ 5♥ 5♦: poprawny komplet",
        "układ 2: " + explained(1, "pl"),
        "niepoprawny",
    ]
    assert explained(1, "pl").startswith("6♥ 7♥ 9♥: sekwens musi mieć karty po kolei")
    code, out, _ = run(capsys, "--lang", "it", "check", "--table", "5S 5H 5D | 6H 7H 8H")
    assert (code, out.splitlines()[-1]) == (0, "valido")


def explained(index: int, lang: str, table: str = BAD_TABLE) -> str:
    """What the validator says of a meld of ``table`` in ``lang`` (its words are the validator's to polish)."""
    with i18n.speaking(lang):
        return check_table(Table.parse(table), Rules.parse("bga")).explain_meld(index)


def test_the_english_stays_as_it_was(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "en", "check", "--table", BAD_TABLE)
    assert code == 1
    assert out.splitlines()[0] == "meld 1: 5♠ 5♥ 5♦: a valid set" and out.splitlines()[-1] == "not valid"


def test_an_error_of_the_command_line_in_italian_and_polish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", "pl", "check", "--hand", "4H")
    assert (code, out) == (2, "")
    assert err == "machiavelli-kit check: --hand i --end opisują turę: dodaj --turn, żeby ją sprawdzić\n"
    code, _, err = run(capsys, "--lang", "it", "check", "--turn", "--table", "5S 5H 5D", "--hand", "4H")
    assert code == 2
    assert err == "machiavelli-kit check: un turno ha bisogno del tavolo finale: dallo con --end\n"
    code, _, err = run(capsys, "--lang", "it", "solve", "--table", "5S 5H 5D")
    assert code == 2
    assert err == "machiavelli-kit solve: dai la mano con --hand (e il tavolo con --table)\n"


def test_a_bad_card_is_an_error_in_the_language_asked(capsys: pytest.CaptureFixture[str]) -> None:
    """The notation's words are its own to polish: the test holds the start and the suit letters of each language."""
    code, out, err = run(capsys, "--lang", "en", "check", "--table", "5S 5H 5X")
    assert (code, out) == (2, "")
    assert err.startswith("machiavelli-kit check: '5X' is not a card: suits are S, H, D, C")
    code, out, err = run(capsys, "--lang", "it", "check", "--table", "5S 5H 5X")
    assert (code, out) == (2, "")
    assert err.startswith("machiavelli-kit check: '5X' non è una carta: ")
    assert "P o S (picche)" in err and "Q o D (quadri)" in err and "F o C (fiori)" in err
    code, out, err = run(capsys, "solve", "--lang", "pl", "--hand", "4H 5P")
    assert (code, out) == (2, "")
    assert err.startswith("machiavelli-kit solve: '5P' to nie karta: ") and "S, H, D, C" in err


def test_solve_counts_the_cards_in_polish_in_three_forms_and_in_italian_in_two(
    capsys: pytest.CaptureFixture[str],
) -> None:
    played = {}
    for hand in ("7C", "3C 7C", "2C 3C 7C 8C 9C"):
        for lang in ("it", "pl"):
            code, out, _ = run(capsys, "--lang", lang, "solve", "--table", "4C 5C 6C", "--hand", hand)
            assert code == 0
            played[lang, len(hand.split())] = out.splitlines()[0].split(":")[0]
    assert played == {
        ("it", 1): "gioca 1 carta",
        ("it", 2): "gioca 2 carte",
        ("it", 5): "gioca 5 carte",
        ("pl", 1): "zagraj 1 kartę",
        ("pl", 2): "zagraj 2 karty",
        ("pl", 5): "zagraj 5 kart",
    }
    _, out, _ = run(capsys, "--lang", "pl", "solve", "--table", "4C 5C 6C", "--hand", "3C 7C")
    assert out.splitlines()[-2:] == ["stół: 3♣ 4♣ 5♣ 6♣ 7♣", "par 2 (0 kart ze stołu zmienia układ)"]
    _, out, _ = run(capsys, "--lang", "it", "solve", "--table", "5S 5H 5D", "--hand", "9C")
    assert (
        out == "nessuna giocata: qui non si può giocare nessuna carta della mano, quindi il giocatore pesca una carta\n"
    )


def test_help_is_in_the_language_asked(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of(capsys, "--lang", "pl")
    assert "Sprawdzaj, rozwiązuj i objaśniaj pozycje w grze Machiavelli." in text
    assert "sprawdź układy na stole albo całą turę" in text and "znajdź najlepsze zagranie" in text
    text = " ".join(help_of(capsys, "--lang", "it").split())
    assert "Controlla, risolvi e insegna le posizioni di Machiavelli." in text
    assert "--lang {en,it,pl}" in text and "en English, it Italiano, pl Polski" in text
    text = help_of(capsys, "--lang", "it", "check")
    assert "Controlla le combinazioni di un tavolo o, con --turn, un turno intero" in " ".join(text.split())
    assert "Codici di uscita: 0 valido, 1 non valido, 2 input sbagliato." in " ".join(text.split())
    assert "--table TAVOLO" in text and "--hand MANO" in text and "--rules REGOLE" in text
    text = " ".join(help_of(capsys, "--lang", "pl", "app").split())
    assert "--ip ADRES nasłuchuj na adresie ADRES (domyślnie: tylko ten komputer;" in text
    assert "--notebooks FOLDER trzymaj i udostępniaj notatniki w folderze FOLDER" in text
    text = " ".join(help_of(capsys, "solve", "--lang", "pl").split())  # after the command's name too
    assert "Znajdź jak najwięcej kart do zagrania" in text and "(domyślnie 5)" in text
    text = help_of(capsys, "--lang", "en")
    assert "Check, solve and teach Machiavelli positions." in text


def test_the_environment_chooses_the_language_and_lang_wins_over_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "it")
    _, out, _ = run(capsys, "check", "--table", BAD_TABLE)
    assert out.splitlines()[-1] == "non valido"
    assert "Controlla, risolvi e insegna" in help_of(capsys)
    _, out, _ = run(capsys, "--lang", "pl", "check", "--table", BAD_TABLE)
    assert out.splitlines()[-1] == "niepoprawny"
    _, out, _ = run(capsys, "--lang", "en", "check", "--table", BAD_TABLE)
    assert out.splitlines()[-1] == "not valid"
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    _, out, _ = run(capsys, "check", "--table", BAD_TABLE)
    assert out.splitlines()[-1] == "niepoprawny"


def test_lang_after_the_command_name_and_the_last_one_wins(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "check", "--lang", "pl", "--table", BAD_TABLE)
    assert out.splitlines()[-1] == "niepoprawny"
    _, out, _ = run(capsys, "--lang", "it", "check", "--table", BAD_TABLE, "--lang=pl")
    assert out.splitlines()[-1] == "niepoprawny"
    code, out, _ = run(capsys, "puzzles", "list", "--lang", "it")  # a command's own command takes it too
    assert code == 0 and out


def test_a_bad_language_code_is_a_usage_error_naming_the_choices(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for arguments in (["--lang", "de", "check", "--table", "5S 5H 5D"], ["check", "--lang", "fr"]):
        with pytest.raises(SystemExit) as exit_:
            main(arguments)
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("usage: machiavelli-kit")
        assert "is not a language of the kit: choose en (English), it (Italiano) or pl (Polski)" in err
    monkeypatch.setenv("LANGUAGE", "it")
    with pytest.raises(SystemExit):
        main(["--lang", "de", "check"])
    assert "'de' non è una lingua del kit: scegli en (English), it (Italiano) o pl (Polski)" in capsys.readouterr().err


def test_the_command_leaves_the_callers_language_as_it_was(capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "--lang", "pl", "check", "--table", BAD_TABLE)
    assert language() == "en" and i18n._session_language is None
    i18n.set_language("it")
    try:
        _, out, _ = run(capsys, "check", "--table", BAD_TABLE)  # a session's language reaches the command
        assert out.splitlines()[-1] == "non valido"
        run(capsys, "--lang", "pl", "check", "--table", BAD_TABLE)
        assert language() == "it"
    finally:
        i18n.set_language(None)
    with i18n.speaking("it"):  # --lang wins over a caller's block too
        _, out, _ = run(capsys, "--lang", "pl", "check", "--table", BAD_TABLE)
    assert out.splitlines()[-1] == "niepoprawny"


def test_asked_language_reads_lang_before_the_parser() -> None:
    assert asked_language(["--lang", "pl", "--help"]) == "pl"
    assert asked_language(["check", "--lang", "IT"]) == "it"
    assert asked_language(["check", "--", "--lang", "pl"]) is None
    assert asked_language(["check", "--lang"]) is None
    assert asked_language(["--lang", "xx"]) is None


def test_the_console_command_reads_the_environment_and_lang() -> None:
    environment = {**os.environ, "LANGUAGE": "pl", "PYTHONIOENCODING": "utf-8"}
    command = [sys.executable, "-m", "machiavelli_kit", "check", "--table", BAD_TABLE]
    result = subprocess.run(command, capture_output=True, text=True, env=environment, timeout=120, check=False)
    assert result.returncode == 1 and result.stdout.splitlines()[-1] == "niepoprawny"
    command = [sys.executable, "-m", "machiavelli_kit", "--lang", "it", "check", "--table", BAD_TABLE, "--json"]
    result = subprocess.run(command, capture_output=True, text=True, env=environment, timeout=120, check=False)
    record = json.loads(result.stdout)  # JSON keys stay as they are; the messages are in the language asked
    assert set(record) == {"valid", "melds", "problems"} and record["melds"][0]["kind"] == "set"
    assert record["melds"][1]["problems"][0]["message"].startswith("una scala ha bisogno di carte in fila")


def test_italian_suit_letters_with_lang_it(capsys: pytest.CaptureFixture[str]) -> None:
    """P picche, Q quadri, F fiori are read with --lang it; cards are written back in the one notation."""
    code, out, _ = run(capsys, "--lang", "it", "check", "--table", "5P 5H 5Q | 6F 7F 8F")
    assert code == 0
    assert out.splitlines() == [
        "combinazione 1: 5♠ 5♥ 5♦: un tris valido",
        "combinazione 2: 6♣ 7♣ 8♣: una scala valida",
        "valido",
    ]
    code, out, _ = run(capsys, "--lang", "it", "check", "--table", "5P 5H 5Q | 6F 7F 8F", "--json")
    assert json.loads(out)["melds"][0]["cards"] == ["5S", "5H", "5D"]
    code, _, err = run(capsys, "--lang", "en", "check", "--table", "5P 5H 5Q")
    assert code == 2 and "'5P' is not a card" in err


def _notebook(text: str) -> str:
    return json.dumps({"cells": [{"cell_type": "markdown", "source": text}], "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """lab and app on a folder with the start notebook and an Italian lesson; the server they would run, caught."""
    folder = tmp_path / "notebooks"
    folder.mkdir()
    for name in ("start.ipynb", "lesson.ipynb", "lesson.it.ipynb", "rules.it.ipynb", "lesson.pl.ipynb"):
        (folder / name).write_text(_notebook(name), encoding="utf-8")
    caught: dict[str, Any] = {}

    def run_server(command: list[str], cwd: Path, env: Mapping[str, str] | None = None) -> int:
        caught.update(command=command, cwd=cwd, env=dict(env or {}))
        return 0

    caught["folder"] = folder
    for module in (lab, app):
        monkeypatch.setattr(module, "notebooks_dir", lambda given: folder)
        monkeypatch.setattr(module, "run_server", run_server)
    monkeypatch.setenv("JUPYTER_TOKEN", "secret")
    return caught


def test_lab_passes_the_language_to_its_kernels_and_opens_the_start_notebook(
    served: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "--lang", "it", "lab", "--no-browser", "--port", "8999")
    assert code == 0
    assert served["env"]["LANGUAGE"] == "it"
    assert str(served["command"][-1]).endswith("/start.ipynb")
    assert out.splitlines() == [
        "il notebook iniziale è su http://localhost:8999/lab/tree/start.ipynb?token=secret (Ctrl+C lo ferma)",
        "i notebook in Italiano: lesson.it.ipynb, rules.it.ipynb",
    ]
    run(capsys, "lab", "--no-browser", "--lang", "pl")
    assert served["env"]["LANGUAGE"] == "pl"


def test_without_lang_lab_leaves_the_environment_to_its_kernels(
    served: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LANGUAGE")
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    _, out, _ = run(capsys, "lab", "--no-browser")
    env = served["env"]
    assert "LANGUAGE" not in env and env["LANG"] == "pl_PL.UTF-8"
    assert out.splitlines()[-1] == "notatniki w języku Polski: lesson.pl.ipynb"


def test_app_passes_the_language_to_every_page(
    served: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (served["folder"] / "teacher.pl.ipynb").write_text(_notebook("teacher"), encoding="utf-8")
    monkeypatch.setenv("MACHIAVELLI_KIT_TEACHER_TOKEN", "t0ken")
    code, out, _ = run(capsys, "--lang", "pl", "app", "--no-browser", "--port", "8998", "--ip", "0.0.0.0",
                       "--no-class-server")  # fmt: skip
    assert code == 0
    env = served["env"]
    assert env["LANGUAGE"] == "pl" and env["MACHIAVELLI_KIT_NAMES_REQUIRED"] == "1"
    assert out.splitlines() == [
        "aplikacja startuje pod http://localhost:8998/voila/render/start.ipynb (Ctrl+C ją zatrzymuje)",
        "notatniki w języku Polski: http://localhost:8998/voila/render/lesson.pl.ipynb",
        "pozostałe komputery otwierają ją z nazwą lub adresem tego komputera zamiast localhost",
        "strona nauczyciela (zachowaj ten link dla siebie: pokazuje postępy każdego ucznia): "
        "http://localhost:8998/voila/render/teacher.pl.ipynb?teacher=t0ken",
    ]
    _, out, _ = run(capsys, "--lang", "en", "app", "--no-browser", "--port", "8998", "--no-class-server")
    assert out.splitlines() == [
        "the app starts at http://localhost:8998/voila/render/start.ipynb (Ctrl+C stops it)",
        "the teacher's page (keep this link to yourself: it shows every learner's progress): "
        "http://localhost:8998/voila/render/teacher.ipynb?teacher=t0ken",
    ]


def test_lab_and_app_open_the_start_page_in_the_language_in_use_where_there_is_one(
    served: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("start.pl.ipynb", "teacher.ipynb", "teacher.pl.ipynb"):
        (served["folder"] / name).write_text(_notebook(name), encoding="utf-8")
    monkeypatch.setenv("MACHIAVELLI_KIT_TEACHER_TOKEN", "t0ken")
    _, out, _ = run(capsys, "--lang", "pl", "lab", "--no-browser", "--port", "8999")
    assert str(served["command"][-1]).endswith("/start.pl.ipynb")
    assert out.splitlines() == [
        "notatnik startowy jest pod http://localhost:8999/lab/tree/start.pl.ipynb?token=secret (Ctrl+C go zatrzymuje)",
        "notatniki w języku Polski: lesson.pl.ipynb, teacher.pl.ipynb",  # the start page is named once
    ]
    _, out, _ = run(capsys, "--lang", "pl", "app", "--no-browser", "--port", "8998", "--no-class-server")
    assert out.splitlines()[:2] == [
        "aplikacja startuje pod http://localhost:8998/voila/render/start.pl.ipynb (Ctrl+C ją zatrzymuje)",
        "notatniki w języku Polski: http://localhost:8998/voila/render/lesson.pl.ipynb",
    ]
    assert out.splitlines()[-1].endswith("/voila/render/teacher.pl.ipynb?teacher=t0ken")
    run(capsys, "--lang", "it", "lab", "--no-browser")  # no start.it.ipynb here: the English start page
    assert str(served["command"][-1]).endswith("/start.ipynb")
    _, out, _ = run(capsys, "--lang", "it", "app", "--no-browser", "--port", "8998", "--no-class-server")
    assert "/voila/render/start.ipynb " in out.splitlines()[0] and out.splitlines()[-1].endswith(
        "/teacher.ipynb?teacher=t0ken"
    )


def test_translated_notebooks_are_named_by_their_language(tmp_path: Path) -> None:
    for name in ("start.ipynb", "lesson.it.ipynb", "rules.it.ipynb", "lesson.pl.ipynb", ".hidden.it.ipynb"):
        (tmp_path / name).write_text("{}", encoding="utf-8")
    assert translated_notebooks(tmp_path, "it") == ["lesson.it.ipynb", "rules.it.ipynb"]
    assert translated_notebooks(tmp_path, "pl") == ["lesson.pl.ipynb"]
    assert translated_notebooks(tmp_path, "en") == []


def test_the_copy_of_the_notebooks_speaks_the_language_asked(tmp_path: Path) -> None:
    source, target = tmp_path / "kit", tmp_path / "mine"
    source.mkdir()
    (source / "lesson.it.ipynb").write_text(_notebook("lezione 1"), encoding="utf-8")
    assert copy_notebooks(source, target, lang="pl") == [f"skopiowano lesson.it.ipynb do {target}"]
    (source / "lesson.it.ipynb").write_text(_notebook("lezione 2"), encoding="utf-8")
    assert copy_notebooks(source, target, lang="it") == ["ho aggiornato lesson.it.ipynb alla nuova versione del kit"]
    (target / "lesson.it.ipynb").write_text(_notebook("le mie risposte"), encoding="utf-8")
    (source / "lesson.it.ipynb").write_text(_notebook("lezione 3"), encoding="utf-8")
    assert copy_notebooks(source, target, lang="it") == [
        "lesson.it.ipynb ha le tue modifiche, quindi l'ho tenuto; la nuova versione del kit è in lesson-new.it.ipynb"
    ]


def test_a_file_given_as_the_notebooks_folder_is_said_in_polish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("hello", encoding="utf-8")
    code, _, err = run(capsys, "--lang", "pl", "app", "--notebooks", str(tmp_path / "notes.txt"))
    assert code == 2
    assert err == (
        f"machiavelli-kit app: {tmp_path / 'notes.txt'} to plik, a nie folder: "
        "wybierz folder na notatniki przez --notebooks FOLDER\n"
    )
