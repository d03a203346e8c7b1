"""The teacher's tools: the made-up sample class, the plots of a class report, and the next-assignment picker."""

from __future__ import annotations

import datetime
from pathlib import Path

from machiavelli_kit.classroom.assignment import load_assignment
from machiavelli_kit.classroom.report import ClassReport, gather
from machiavelli_kit.classroom.report_plots import plot_ratings, plot_students, plot_themes
from machiavelli_kit.classroom.sample_class import NAMES, sample_class, write_sample_class
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.ui.assignment_maker import AssignmentMaker

COLLECTION = load_collection()
PUZZLES = [puzzle.id for puzzle in COLLECTION.puzzles[::25]]


def test_the_sample_class_is_the_same_for_the_same_seed_and_finds_the_hard_themes(tmp_path: Path) -> None:
    first, again = sample_class(COLLECTION, PUZZLES, seed=3), sample_class(COLLECTION, PUZZLES, seed=3)
    assert first == again and [progress.student for progress in first] == list(NAMES)
    assert first != sample_class(COLLECTION, PUZZLES, seed=4)
    report = gather(write_sample_class(tmp_path, COLLECTION, PUZZLES, seed=3), COLLECTION)
    assert len(report.students) == len(NAMES) and len(report.skipped) == 2
    rates = {entry.theme: entry.rate for entry in report.weak_themes()}
    assert rates["chain"] > rates.get("extend", 0.0), "the made-up students find chains harder"


def test_the_plots_draw_one_bar_per_student_and_theme(tmp_path: Path) -> None:
    report = gather(write_sample_class(tmp_path, COLLECTION, PUZZLES), COLLECTION)
    students = plot_students(report)
    assert [label.get_text() for label in students.axes[0].get_yticklabels()] == list(report.students)
    assert len(students.axes[0].patches) == 4 * len(report.students), "four kinds of puzzle per student"
    assert len(plot_themes(report).axes[0].patches) == len(report.weak_themes())
    assert len(plot_ratings(report).axes[0].patches) == len(report.students)
    assert plot_themes(ClassReport(COLLECTION)).axes[0].get_title() == "No theme tried yet"


def test_the_assignment_maker_offers_weak_themes_and_writes_the_file(tmp_path: Path) -> None:
    report = gather(write_sample_class(tmp_path / "exports", COLLECTION, PUZZLES), COLLECTION)
    maker = AssignmentMaker(report, tmp_path)
    assert maker.theme_choice.value == report.weak_themes()[0].theme
    maker.theme_choice.value = "chain"
    assert maker.title.value == "More practice: chain" and maker.preview.value.count("<li>") == 8
    maker.count.value = 3
    maker.due.value = datetime.date(2026, 12, 1)
    maker.hints.value = False
    maker.file_name.value = "week4.toml"
    path = maker.write()
    assert path == tmp_path / "week4.toml" and "Written:" in maker.message.value
    written = load_assignment(path, COLLECTION)
    assert (written.title, len(written.puzzles), written.due, written.hints) == (
        "More practice: chain", 3, datetime.date(2026, 12, 1), False
    )  # fmt: skip
    maker.count.value = 5
    assert maker.write() is None and "already there" in maker.message.value
    assert len(load_assignment(path, COLLECTION).puzzles) == 3, "the teacher's file is never overwritten"
    maker.file_name.value = "../elsewhere.toml"
    assert maker.write() is None and "must end in .toml and name no folder" in maker.message.value


def test_the_class_viewer_reads_a_folder_and_says_what_is_wrong(tmp_path: Path) -> None:
    from machiavelli_kit.ui.class_viewer import ClassViewer

    write_sample_class(tmp_path / "hand-in", COLLECTION, PUZZLES)
    viewer = ClassViewer(COLLECTION, tmp_path / "hand-in", out=tmp_path)
    assert viewer.report is not None and len(viewer.report.students) == len(NAMES)
    assert "<h1>Class report: every puzzle tried</h1>" in viewer.report_view.value
    assert "<body" not in viewer.report_view.value, "a fragment, not a page that restyles the notebook"
    assert [len(image.value) > 1000 for image in viewer.plots.children] == [True] * 3
    viewer.folder.value = str(tmp_path / "nowhere")
    viewer.make_button.click()
    assert "is not a folder" in viewer.message.value and viewer.report.students
    viewer.folder.value = str(tmp_path / "hand-in")
    (tmp_path / "week.toml").write_text('title = "Week"\nchapter = "ch99"\n')
    viewer.assignment.value = str(tmp_path / "week.toml")
    viewer.make_button.click()
    assert "week.toml: no chapter &#x27;ch99&#x27;" in viewer.message.value
    viewer.assignment.value = ""
    (tmp_path / "empty").mkdir()
    viewer.folder.value = str(tmp_path / "empty")
    viewer.make_button.click()
    assert "No export in" in viewer.message.value and viewer.report is not None and not viewer.report.students
