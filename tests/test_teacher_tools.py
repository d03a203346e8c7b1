"""The teacher's tools: the made-up sample class, the plots of a class report, and the next-assignment picker."""

from __future__ import annotations

import base64
import datetime
import re
from pathlib import Path

import nbformat
from matplotlib.colors import to_hex
from nbclient import NotebookClient

from machiavelli_kit.classroom.assignment import load_assignment, parse_assignment
from machiavelli_kit.classroom.report import ClassReport, gather
from machiavelli_kit.classroom.report_plots import OKABE_ITO, plot_ratings, plot_students, plot_themes
from machiavelli_kit.classroom.sample_class import NAMES, sample_class, write_sample_class
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.ui.assignment_maker import AssignmentMaker

COLLECTION = load_collection()
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
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
    assert len(students.axes[0].patches) == 5 * len(report.students), "five kinds of puzzle per student"
    assert len(plot_themes(report).axes[0].patches) == len(report.weak_themes())
    assert len(plot_ratings(report).axes[0].patches) == len(report.students)
    assert plot_themes(ClassReport(COLLECTION)).axes[0].get_title() == "No theme tried yet"


def test_the_plots_use_only_colours_every_colour_vision_tells_apart(tmp_path: Path) -> None:
    report = gather(write_sample_class(tmp_path, COLLECTION, PUZZLES), COLLECTION)
    safe = {to_hex(colour) for colour in OKABE_ITO.values()}
    for figure in (plot_students(report), plot_themes(report), plot_ratings(report)):
        used = {to_hex(patch.get_facecolor()) for patch in figure.axes[0].patches}
        used |= {to_hex(line.get_color()) for line in figure.axes[0].get_lines()}
        assert used and used <= safe, used - safe
    legend = plot_students(report).axes[0].get_legend()
    assert [text.get_text() for text in legend.get_texts()] == [
        "solved", "after hints", "with help", "not solved yet", "not tried"
    ]  # fmt: skip


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
    assert [(len(picture.png) > 1000, picture.title) for picture in viewer.pictures] == [
        (True, "Who solved what"), (True, "Where the class gets stuck"), (True, "Ratings")
    ]  # fmt: skip
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


def test_the_assignment_maker_offers_the_file_as_chosen_to_download(tmp_path: Path) -> None:
    report = gather(write_sample_class(tmp_path / "exports", COLLECTION, PUZZLES), COLLECTION)
    folder = tmp_path / "server"
    folder.write_text("a file, not a folder: nothing can be written in it, but the assignment can be downloaded")
    maker = AssignmentMaker(report, folder)
    maker.theme_choice.value = "chain"
    maker.count.value = 3
    maker.file_name.value = "week5.toml"
    link = re.fullmatch(r'<a download="week5.toml" href="data:application/toml;base64,([A-Za-z0-9+/=]+)">'
                        r"Download week5.toml</a>", maker.download.value)  # fmt: skip
    assert link is not None
    downloaded = parse_assignment(base64.b64decode(link[1]).decode("utf-8"), COLLECTION, "week5.toml")
    assert downloaded.puzzles == maker.assignment().puzzles and len(downloaded.puzzles) == 3
    assert downloaded.title == "More practice: chain"
    maker.count.value = 4
    assert len(parse_assignment(downloaded_text(maker), COLLECTION, "x.toml").puzzles) == 4, "it follows the choices"
    assert maker.write() is None and "could not be written here" in maker.message.value
    assert "Download it with the link instead" in maker.message.value and folder.is_file()
    maker.file_name.value = "week5.txt"
    assert maker.download.value == "", "no file to download under a bad name"
    maker.write()
    assert "must end in .toml" in maker.message.value


def downloaded_text(maker: AssignmentMaker) -> str:
    """The text of the file the maker's link downloads."""
    data = maker.download.value.split("base64,", 1)[1].split('"', 1)[0]
    return base64.b64decode(data).decode("utf-8")


def test_the_plots_stay_in_the_teacher_notebook_run_headless() -> None:
    """The plots are PNG outputs of the viewer's cell, which a notebook run without a browser keeps (image widgets
    were lost: nothing keeps a widget's state there)."""
    notebook = nbformat.read(NOTEBOOKS / "teacher.ipynb", as_version=4)
    NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
    ).execute()
    viewer_cell = next(cell for cell in notebook.cells if cell.source.startswith("viewer = ClassViewer("))
    images = [output for output in viewer_cell.outputs if "image/png" in output.get("data", {})]
    titles = [image["data"]["text/plain"] for image in images]
    assert titles == ["Who solved what", "Where the class gets stuck", "Ratings"]
    pngs = [base64.b64decode(image["data"]["image/png"]) for image in images]
    assert all(png.startswith(b"\x89PNG") and len(png) > 5000 for png in pngs)


def test_the_projector_view_hides_every_name_and_file_in_the_report_and_plots(tmp_path: Path) -> None:
    from machiavelli_kit.ui.class_viewer import ClassViewer

    write_sample_class(tmp_path / "hand-in", COLLECTION, PUZZLES)
    viewer = ClassViewer(COLLECTION, tmp_path / "hand-in", out=tmp_path)
    full = viewer.report_view.value
    assert "Ada" in full and "copy-of-ben-progress.json" in full
    for choice, labels in (
        ("numbers", [str(number) for number in range(1, 13)]),
        ("initials", [name[0] for name in NAMES]),
    ):
        viewer.names.value = choice
        shown = viewer.report_view.value
        assert not [name for name in NAMES if name in shown]
        assert "progress" not in shown, "no file's name, which holds the student's"
        plotted = plot_students(viewer.report.hiding_names(choice)).axes[0].get_yticklabels()
        assert sorted(label.get_text() for label in plotted) == sorted(labels)
        assert viewer.report is not None and list(viewer.report.students) == list(NAMES), "the teacher's report"
    assert [f"<td>{letter}</td>" in viewer.report_view.value for letter in "ABCD"] == [True] * 4
    viewer.names.value = ""
    assert viewer.report_view.value == full
