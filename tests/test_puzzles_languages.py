"""The puzzle trainer, answer keys, worksheets, class report and teacher commands in Italian and Polish.

English stays the default (the root conftest sets LANGUAGE=en); ``lang=`` and the language in use
(``speaking``) reach every text; real Italian and Polish sentences are asserted, Polish counts in
their forms for 2 and 5.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pypdfium2  # type: ignore[import-untyped]
import pytest

from machiavelli_kit.classroom.answer_key import answer_key, why_stuck
from machiavelli_kit.classroom.assignment import Assignment, due_text, parse_assignment
from machiavelli_kit.classroom.report import ClassReport
from machiavelli_kit.classroom.report_plots import plot_students
from machiavelli_kit.classroom.sheet_html import answers_html, worksheet_html
from machiavelli_kit.classroom.sheet_options import SheetOptions, WorksheetError
from machiavelli_kit.classroom.sheet_pdf import FONT_FILES, answers_pdf, font_folder, worksheet_pdf
from machiavelli_kit.cli import main
from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import BGA
from machiavelli_kit.i18n import set_language, speaking
from machiavelli_kit.practice.progress import Progress, Record
from machiavelli_kit.practice.trainer import PuzzleSession, Trainer
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.names import technique_name
from machiavelli_kit.puzzles.verify import check_answer
from machiavelli_kit.ui.assignment_maker import AssignmentMaker
from machiavelli_kit.ui.class_viewer import ClassViewer

COLLECTION = load_collection()
POLISH_LETTERS = "ąęłńóśźżć"


def pdf_text(pdf: bytes) -> str:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


def test_the_trainer_grades_an_answer_in_italian_and_polish() -> None:
    puzzle = COLLECTION.find("bga-3")
    with speaking("it"):
        session = PuzzleSession(puzzle, Progress(), clock=lambda: 0.0)
        session.no_play()
        assert session.verdict == "Giusto: qui non c'è nessuna giocata."
        assert session.verdict_kind == "valid"
    with speaking("pl"):
        session = PuzzleSession(puzzle, Progress(), clock=lambda: 0.0)
        session.no_play()
        assert session.verdict == "Dobrze: tutaj nie da się nic zagrać."
    assert check_answer(puzzle, "no play").message == "Correct: there is no play here."  # English stays the default


def test_a_wrong_answer_a_hint_and_the_summary_in_polish() -> None:
    puzzle = COLLECTION.find("bga-4")
    with speaking("pl"):
        session = PuzzleSession(puzzle, Progress(), clock=lambda: 0.0)
        session.no_play()
        assert session.verdict_kind == "invalid" and "Not quite" not in session.verdict
        assert session.hint().startswith(f"Podpowiedź 1 z {len(session.rungs)}: ")
        assert Trainer(COLLECTION, Progress()).summary() == "Twój ranking: 1500? (ustali się, gdy zagrasz więcej)"
        label = Trainer(COLLECTION, Progress()).label(COLLECTION.find("bga-3"))
        assert label == "○ bga-3: Zagadka 12 z 17 (trudność 1, ranking 2100)"  # untried: its place, not its technique
        solved = Progress(records={"bga-3": Record(attempts=1, solved=True)})
        label = Trainer(COLLECTION, solved).label(COLLECTION.find("bga-3"))
        assert f"({technique_name('impossible', 'pl')}, trudność 1, ranking " in label and "impossible" not in label
    with speaking("it"):
        no_hints = PuzzleSession(puzzle, Progress(), clock=lambda: 0.0, hints=False)
        assert no_hints.hint().startswith("Niente suggerimenti per questo compito")


def test_a_count_of_cards_in_polish_takes_its_form_for_2_and_5() -> None:
    two, five = COLLECTION.find("bga-4"), COLLECTION.find("basics-23")
    assert two.solution is not None and five.solution is not None
    with speaking("pl"):
        assert check_answer(two, two.solution).message == "Dobrze: 2 karty zagrane, więcej się nie da."
        assert check_answer(five, five.solution).message == "Dobrze: 5 kart zagranych, więcej się nie da."
    assert answer_key(two, "pl").answer.startswith("Zagraj 2 karty (")
    assert answer_key(five, "pl").answer.startswith("Zagraj 5 kart (")
    assert answer_key(five, "it").answer.startswith("Gioca 5 carte (")
    assert answer_key(five).answer.startswith("Play 5 cards (")


def test_a_card_with_no_place_is_explained_in_italian_and_polish() -> None:
    puzzle = COLLECTION.find("bga-3")
    italian, polish = answer_key(puzzle, "it"), answer_key(puzzle, "pl")
    assert italian.answer == "Non si può giocare niente, quindi il giocatore pesca una carta."
    assert italian.reasons[0].startswith(
        "8♥ non trova posto: non c'è un altro otto per fare un tris; 6♥ 7♥ (per una scala)"
    )
    assert polish.answer == "Nie da się nic zagrać, więc gracz dobiera kartę."
    assert polish.reasons[0].startswith("Dla 8♥ nie ma miejsca: nie ma innej ósemki do kompletu; 6♥ 7♥ (do sekwensu)")
    assert answer_key(puzzle).answer == "Nothing can be played, so the player draws a card."  # a key a language


@pytest.mark.parametrize(
    ("lang", "partners"),
    [
        ("en", "8♠ 8♦ 8♣ (for a set) and 6♥ 7♥ (for a run) could go with it"),
        ("it", "8♠ 8♦ 8♣ (per un tris) e 6♥ 7♥ (per una scala) potrebbero stare con questa carta"),
        ("pl", "8♠ 8♦ 8♣ (do kompletu) i 6♥ 7♥ (do sekwensu) pasowałyby do niej"),
    ],
)
def test_the_partners_on_the_table_are_joined_as_every_list_is(lang: str, partners: str) -> None:
    position = Position.parse("8S 8D 8C | 5H 6H 7H", "8H")
    with speaking(lang):
        assert partners in why_stuck(Card.parse("8H"), position, BGA)


def test_the_answer_key_heading_in_italian() -> None:
    puzzles = COLLECTION.select(chapter="ch01")[:3]
    key = answers_html(puzzles, "Compiti", lang="it")
    assert '<html lang="it">' in key and "<h1>Compiti: soluzioni</h1>" in key
    assert "Risposta: " in key and "tecnica " in key and "Answer:" not in key
    with speaking("it"):  # the language in use reaches it too
        assert "<h1>Compiti: soluzioni</h1>" in answers_html(puzzles, "Compiti")


def test_a_worksheet_made_with_lang_pl_speaks_polish() -> None:
    puzzles = COLLECTION.select(chapter="ch01")[:2]
    sheet = worksheet_html(puzzles, "Praca domowa", SheetOptions(space="table"), COLLECTION.chapters, lang="pl")
    assert '<html lang="pl">' in sheet and "Imię i nazwisko:" in sheet and "Klasa:" in sheet
    assert "Zasady: " in sheet and "Narysuj tu swój stół" in sheet
    assert "Name:" not in sheet and "Rules:" not in sheet
    assert "Name:" in worksheet_html(puzzles, "Homework")  # English stays the default


def test_a_polish_pdf_keeps_its_polish_letters() -> None:
    puzzles = COLLECTION.select(chapter="ch01")[:2]
    title = f"Zagadki: {POLISH_LETTERS} {POLISH_LETTERS.upper()}"
    sheet = pdf_text(worksheet_pdf(puzzles, title, SheetOptions(space="table"), lang="pl"))
    assert title in sheet and "Imię i nazwisko:" in sheet and "Narysuj tu swój stół" in sheet
    assert "Ręka" in sheet and "strona 1" in sheet
    key = pdf_text(answers_pdf(puzzles, "Praca domowa", lang="pl"))
    assert "Praca domowa: odpowiedzi" in key and "Odpowiedź: " in key and "Przykładowy stół: " in key


def test_an_italian_pdf_keeps_its_accents() -> None:
    key = pdf_text(answers_pdf([COLLECTION.find("bga-3")], "Perché? Così è", lang="it"))
    assert "Perché? Così è: soluzioni" in key and "Perché:" in key and "non c'è un altro otto" in key


def test_worksheet_errors_in_the_language_in_use() -> None:
    with speaking("it"), pytest.raises(WorksheetError, match="non è un tipo di spazio per scrivere: scegli lines"):
        SheetOptions(space="dots")
    with speaking("pl"), pytest.raises(WorksheetError, match="karta pracy potrzebuje co najmniej jednej zagadki"):
        worksheet_html([], "Pusto")


def test_the_class_report_in_polish_counts_puzzles_in_their_forms() -> None:
    students = {}
    for name in ("Ada", "Ben"):
        progress = Progress(student=name)
        progress.attempt("it-3", solved=name == "Ada")
        students[name] = progress
    ids = [puzzle.id for puzzle in COLLECTION.puzzles]
    two = ClassReport(COLLECTION, Assignment("Łańcuchy", tuple(ids[:2]), datetime.date(2026, 12, 1)), students)
    five = ClassReport(COLLECTION, Assignment("Łańcuchy", tuple(ids[:5])), students)
    text = two.markdown(lang="pl")
    assert "# Raport klasy: Łańcuchy" in text and "2 uczniów, 2 zagadki. Termin: wtorek 1 grudnia 2026." in text
    assert "| uczeń | ranking | rozwiązane |" in text and "## Kto co rozwiązał" in text
    assert "5 zagadek." in five.markdown(lang="pl")
    assert '<html lang="it">' in two.html(lang="it") and "Resoconto della classe: Łańcuchy" in two.html(lang="it")
    assert two.table_csv().startswith("student,puzzle,status,attempts,hints,seconds")  # data: English columns
    assert two.next_assignment("chain", 3, lang="it").title == "Altro allenamento: catena"


def test_class_plots_and_dates_in_the_language_asked() -> None:
    assert plot_students(ClassReport(COLLECTION), lang="pl").axes[0].get_title() == "Jeszcze nie ma uczniów"
    assert plot_students(ClassReport(COLLECTION)).axes[0].get_title() == "No student yet"
    day = datetime.date(2026, 12, 1)
    assert (due_text(day), due_text(day, "it"), due_text(day, "pl")) == (
        "Tuesday 1 December 2026",
        "martedì 1 dicembre 2026",
        "wtorek 1 grudnia 2026",
    )


def test_assignment_errors_in_italian() -> None:
    with speaking("it"), pytest.raises(ValueError, match="il compito ha bisogno di un titolo"):
        parse_assignment('puzzles = ["bga-1"]', COLLECTION)


def test_the_teacher_widgets_keep_the_language_they_were_made_in(tmp_path: Path) -> None:
    viewer = ClassViewer(COLLECTION, lang="pl")
    assert viewer.make_button.description == "Utwórz raport"
    viewer.folder.value = str(tmp_path / "nowhere")
    viewer.make()  # a callback, said in Polish though the language in use is English
    assert "to nie jest folder" in viewer.message.value
    maker = AssignmentMaker(ClassReport(COLLECTION), tmp_path, lang="it")
    assert maker.write_button.description == "Scrivi il compito" and maker.title.value.startswith("Altro allenamento: ")
    maker.file_name.value = "settimana 4"
    maker.write()
    assert "Il nome del file deve finire in .toml" in maker.message.value


def test_the_puzzles_command_speaks_italian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "it", "puzzles", "show", "bga-7", "--answer", "--hints"]) == 0
    out = capsys.readouterr().out
    assert "condividi: bga~4C.5C.6C~3C.7C.8C~close" in out and "suggerimento 1: " in out and "risposta: " in out


def test_the_class_command_speaks_polish(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "zadanie.toml"
    code = main(["--lang", "pl", "class", "assign", "bga-1", "bga-2", "--title", "Łańcuchy", "--out", str(out_file)])
    assert code == 0 and capsys.readouterr().out.strip() == f"{out_file}: Łańcuchy, 2 zagadki"
    assert main(["--lang", "pl", "class", "assign", "bga-1", "--title", "X", "--out", str(out_file)]) == 2
    assert "już istnieje: wybierz inną nazwę albo dodaj --force" in capsys.readouterr().err


def test_a_table_answer_is_judged_in_the_language_in_use() -> None:
    puzzle = COLLECTION.find("bga-4")
    with speaking("it"):
        verdict = check_answer(puzzle, Table.of(puzzle.position.table.melds))
    assert not verdict.correct and not verdict.valid
    assert verdict.message.startswith("Turno non valido: ")


def test_the_pdf_font_has_every_letter_of_the_kits_languages() -> None:
    from reportlab.pdfbase.ttfonts import TTFont

    letters = POLISH_LETTERS + POLISH_LETTERS.upper() + "àèéìòùÀÈÉÌÒÙ"
    for name, file in FONT_FILES.items():
        glyphs = TTFont(name, str(font_folder() / file)).face.charToGlyph
        assert [letter for letter in letters if ord(letter) not in glyphs] == [], file


def test_the_session_language_reaches_the_sheets() -> None:
    puzzles = [COLLECTION.find("bga-3")]
    try:
        set_language("pl")
        assert "Imię i nazwisko:" in worksheet_html(puzzles, "Zadanie")
        assert "Nome:" in worksheet_html(puzzles, "Compito", lang="it")  # lang= wins over the session's
    finally:
        set_language(None)
    assert "Name:" in worksheet_html(puzzles, "Homework")


def test_the_export_command_writes_polish_sheets(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["--lang", "pl", "puzzles", "export", "bga-1", "bga-3", "--out", str(tmp_path), "--format", "both"])
    assert code == 0 and capsys.readouterr().out.startswith("2 zagadki: ")
    sheet = pdf_text((tmp_path / "worksheet.pdf").read_bytes())
    assert "Zagadki do gry Machiavelli" in sheet and "Imię i nazwisko:" in sheet
    assert "Zagadki do gry Machiavelli: odpowiedzi" in (tmp_path / "answers.html").read_text(encoding="utf-8")


def test_a_students_standing_and_an_export_error_in_the_language_asked(tmp_path: Path) -> None:
    from machiavelli_kit.classroom.assignment import standing
    from machiavelli_kit.classroom.exports import ExportError, read_export

    progress = Progress(student="Ada")
    progress.attempt("bga-1", solved=True)
    homework = Assignment("Łańcuchy", ("bga-1", "bga-2"), datetime.date(2026, 12, 1), hints=False)
    assert standing(homework, progress).text("pl") == (
        "Łańcuchy: rozwiązane samodzielnie: 1 z 2, z pomocą: 0, jeszcze nierozwiązane: 0, jeszcze niepróbowane: 1."
        " Termin: wtorek 1 grudnia 2026. Tym razem bez podpowiedzi."
    )
    assert standing(homework, progress).text("it").startswith("Łańcuchy: risolti senza aiuto 1 su 2, con aiuto 0,")
    with speaking("it"), pytest.raises(ExportError, match=r"notes\.txt: non è un'esportazione"):
        read_export(tmp_path / "notes.txt")


def test_lang_on_the_session_and_the_trainer_wins_over_the_language_in_use() -> None:
    puzzle = COLLECTION.find("bga-3")
    session = PuzzleSession(puzzle, Progress(), clock=lambda: 0.0, lang="pl")
    assert "Dobrze" not in session.verdict and session.hint().startswith("Podpowiedź 1 z ")
    session.no_play()
    assert session.verdict == "Dobrze: tutaj nie da się nic zagrać."
    trainer = Trainer(COLLECTION, Progress(), lang="it")
    assert trainer.summary().startswith("Il tuo punteggio: 1500?")
    assert trainer.start(puzzle).hint().startswith("Suggerimento 1 su ")
    with pytest.raises(ValueError, match="non è una modalità"):
        trainer.set_mode("blitz")  # type: ignore[arg-type]
