"""A class tournament's files: the standings as CSV and as a PDF (names hidden if asked), and the paper
tournament's pairings and score sheets, read back by PDFium; and the command that prints them."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from machiavelli_kit.classroom.tournament.files import pairings_pdf, standings_csv, standings_pdf
from machiavelli_kit.classroom.tournament.pairing import pair_round
from machiavelli_kit.classroom.tournament.standings import Standing
from machiavelli_kit.cli import main
from machiavelli_kit.i18n import pgettext, speaking

TABLE = [
    Standing("ada", "Ada Lovelace", 3, 2, 57, 4, 1),
    Standing("ben", "=HYPERLINK(1)", 3, 1, 20, 5, 2),
    Standing("cy", "Cy Łukasz", 2, 1, 20, 5, 2),
    Standing("dee", "Dee", 3, 0, 0, 3, 4),
]


def page_texts(path: Path) -> list[str]:
    document = pdfium.PdfDocument(path.read_bytes())
    return [re.sub(r"\s+", " ", page.get_textpage().get_text_bounded()) for page in document]


def test_the_standings_as_csv_read_back_in_a_spreadsheet_as_they_are() -> None:
    rows = list(csv.reader(io.StringIO(standings_csv(TABLE))))
    assert rows[0] == ["rank", "name", "games", "wins", "points", "tiebreak"]
    assert rows[1] == ["1", "Ada Lovelace", "3", "2", "57", "4"]
    assert rows[2][1] == "'=HYPERLINK(1)", "no cell a spreadsheet would run as a formula"
    assert [row[0] for row in rows[1:]] == ["1", "2", "2", "4"]


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_the_standings_pdf_shows_every_line_and_hides_the_names_when_asked(tmp_path: Path, lang: str) -> None:
    shown, hidden = tmp_path / "standings.pdf", tmp_path / "projector.pdf"
    standings_pdf("Class 2B", TABLE, shown, lang=lang)
    standings_pdf("Class 2B", TABLE, hidden, hide_names=True, lang=lang)
    [text] = page_texts(shown)
    with speaking(lang):
        columns = [pgettext("standings", word) for word in ("Rank", "Games", "Wins", "Points", "Tie-break")]
    assert all(column in text for column in columns)
    assert "Ada Lovelace" in text and "Cy Łukasz" in text and "1 Ada Lovelace 3 2 57 4" in text
    [text] = page_texts(hidden)
    assert not any(name in text for name in ("Ada", "HYPERLINK", "Cy", "Dee"))
    numbers = re.findall(r"\b([1-4]) ([1-4]) (\d) (\d) (\d+) (\d)\b", text)
    assert sorted(number for _rank, number, *_rest in numbers) == ["1", "2", "3", "4"], "a number each"
    assert [rest for _rank, _number, *rest in numbers] == [["3", "2", "57", "4"], ["3", "1", "20", "5"],
                                                          ["2", "1", "20", "5"], ["3", "0", "0", "3"]]  # fmt: skip


def test_a_rounds_pairings_name_the_computer_seats_and_who_sits_out(tmp_path: Path) -> None:
    pairing = pair_round(2, ["ada", "ben", "cy", "dee", "eve"], 4, TABLE, [], seed=2)
    names = {"ada": "Ada", "ben": "Ben", "cy": "Cy", "dee": "Dee", "eve": "Eve"}
    pairings_pdf("Round 2", pairing, names, tmp_path / "round.pdf")
    [text] = page_texts(tmp_path / "round.pdf")
    for number, seats in enumerate(pairing.tables, start=1):
        assert f"{number} " + ", ".join("computer" if key is None else names[key] for key in seats) in text
    odd = pair_round(1, ["ada", "ben", "cy"], 2, [], [], seed=2)
    pairings_pdf("Round 1", odd, names, tmp_path / "odd.pdf", lang="it")
    [text] = page_texts(tmp_path / "odd.pdf")
    assert names[odd.sitting_out[0]] in text.split(":")[-1]


def write_names(folder: Path, names: list[str]) -> Path:
    path = folder / "class.txt"
    path.write_text("\n".join(names) + "\n\n", encoding="utf-8")
    return path


CLASS = ["Ann", "Ben", "Cy", "Dee", "Eve", "Francesca Maria Rossi", "Łucja"]


def test_the_paper_tournament_prints_round_one_seated_a_sheet_a_round_and_the_tally(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names, out = write_names(tmp_path, CLASS), tmp_path / "sheets.pdf"
    arguments = ["--names", str(names), "--rounds", "3", "--table-size", "2", "--seed", "5", "--out", str(out)]
    assert main(["class", "tournament", "sheets", *arguments]) == 0
    assert f"{out}: 7 learners, 3 rounds (seed 5)" in capsys.readouterr().out
    first = pair_round(1, CLASS, 2, [], [], seed=5)
    pages = page_texts(out)
    assert len(pages) == 3, "how it goes and round 1's seats; the score sheets; the tally"
    for number, seats in enumerate(first.tables, start=1):
        assert f"{number} {seats[0]}, {seats[1]}" in pages[0]
        assert f"{number} {seats[0]} points left: ______ {seats[1]} points left:" in pages[1]
    assert f"Sits out this round: {first.sitting_out[0]}" in pages[0]
    assert all(f"Round {number}" in pages[1] for number in (1, 2, 3))
    assert all(name in pages[2] for name in CLASS)
    assert main(["--lang", "pl", "class", "tournament", "sheets", *arguments]) == 0
    pages_pl = page_texts(out)
    assert "Round 2" not in pages_pl[1] and all(name in pages_pl[2] for name in CLASS)


@pytest.mark.parametrize(
    ("names", "options", "words"),
    [
        (["Ann", "Ben", "Ann"], [], "line 3: Ann is already on the list"),
        (["Ann"], [], "a tournament needs at least 2 names"),
        (["Ann", "Ben\tB."], [], "line 2: a player's name cannot hold"),
        (CLASS, ["--table-size", "5"], "a table seats 2 to 4 players, not 5"),
        (CLASS, ["--rounds", "0"], "a tournament has 1 to 20 rounds, not 0"),
        (CLASS, ["--out", "sheets.txt"], "ends in .pdf"),
    ],
)
def test_the_paper_tournament_refuses_bad_input_in_words_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], names: list[str], options: list[str], words: str
) -> None:
    given = {"--rounds": "3", "--table-size": "2", "--out": str(tmp_path / "sheets.pdf")}
    given.update(zip(options[::2], options[1::2], strict=True))
    if not given["--out"].startswith(str(tmp_path)):
        given["--out"] = str(tmp_path / given["--out"])
    arguments = ["--names", str(write_names(tmp_path, names))] + [word for pair in given.items() for word in pair]
    assert main(["class", "tournament", "sheets", *arguments]) == 2
    error = capsys.readouterr().err
    assert words in error and "Traceback" not in error
    assert [path.name for path in tmp_path.iterdir()] == ["class.txt"]
