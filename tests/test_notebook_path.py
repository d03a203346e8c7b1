"""The learner's path through the notebooks, and what the app shows of them.

The path is start, lesson, rules, game, puzzles: each ends with a link to the next,
and every notebook a link names exists. Checks that only the tests need are tagged
``test-only``: nbval runs them, the app (Voila) leaves them out, JupyterLab shows them
folded. Run the way the app runs them, the notebooks show no answer before the learner
asks and no stray value (a bare number or list under a cell).
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient
from nbconvert.preprocessors import TagRemovePreprocessor

from machiavelli_kit.practice.examples import VALIDITY_EXAMPLES, worked_examples
from machiavelli_kit.serve.app import TEST_ONLY, app_command

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PATH = ("start.ipynb", "lesson.ipynb", "rules.ipynb", "game.ipynb", "puzzles.ipynb")
EXTRA = "solver.ipynb"
LINK = re.compile(r"\]\(([^)#\s]+\.ipynb)\)")
SHOWS_WIDGET_OR_PICTURE = ("application/vnd.jupyter.widget-view+json", "image/svg+xml", "text/html")


def read(name: str) -> Any:
    return nbformat.read(NOTEBOOKS / name, as_version=4)


def markdown_links(notebook: Any) -> list[str]:
    return [link for cell in notebook.cells if cell.cell_type == "markdown" for link in LINK.findall(cell.source)]


def next_link(notebook: Any) -> str | None:
    """The first notebook linked from the last markdown cell: where the learner goes on."""
    last = [cell for cell in notebook.cells if cell.cell_type == "markdown"][-1]
    links = LINK.findall(last.source)
    return links[0] if links else None


def test_every_notebook_of_the_path_is_there() -> None:
    missing = [name for name in PATH if not (NOTEBOOKS / name).exists()]
    assert not missing, f"the path needs {missing}"


@pytest.mark.parametrize("name", sorted(path.name for path in NOTEBOOKS.glob("*.ipynb")))
def test_every_link_leads_to_a_notebook_that_exists(name: str) -> None:
    links = markdown_links(read(name))
    assert all((NOTEBOOKS / link).exists() for link in links), [
        link for link in links if not (NOTEBOOKS / link).exists()
    ]


@pytest.mark.parametrize(("here", "then"), list(itertools.pairwise(PATH)))
def test_each_notebook_ends_with_a_link_to_the_next(here: str, then: str) -> None:
    assert next_link(read(here)) == then


def test_the_path_ends_at_the_puzzles_and_the_solver_is_an_extra() -> None:
    assert next_link(read(PATH[-1])) not in PATH
    start = start_top()
    assert all(f"]({name})" in start for name in (*PATH[1:], EXTRA))
    assert start.index("](lesson.ipynb)") < start.index("](rules.ipynb)") < start.index("](game.ipynb)")
    assert start.index("](game.ipynb)") < start.index("](puzzles.ipynb)") < start.index(f"]({EXTRA})")


def start_top() -> str:
    """The text of the start notebook's top: its markdown cells before the first board."""
    cells = read("start.ipynb").cells
    top = itertools.takewhile(lambda cell: "PositionBoard(" not in cell.source, cells)
    return "\n".join(cell.source for cell in top if cell.cell_type == "markdown")


def test_the_start_notebook_opens_with_the_language_switch_and_the_translated_notebooks() -> None:
    cells = read("start.ipynb").cells
    assert cells[0].cell_type == "markdown" and cells[1].cell_type == "code"
    assert "LanguageSwitch()" in cells[1].source
    assert "boards made after it" in cells[0].source and "Przełącznik" in cells[0].source
    for lang in ("it", "pl"):  # the start page in each language, which leads on to the rest in it
        assert f"](start.{lang}.ipynb)" in cells[0].source


def test_the_app_is_told_to_leave_test_only_cells_out() -> None:
    assert f"--TagRemovePreprocessor.remove_cell_tags={TEST_ONLY}" in app_command(NOTEBOOKS, 8866, False)


@pytest.mark.parametrize("name", ["lesson.ipynb", "rules.ipynb"])
def test_test_only_cells_check_something_run_under_nbval_and_are_folded_in_lab(name: str) -> None:
    tagged = [cell for cell in read(name).cells if TEST_ONLY in cell.metadata.get("tags", [])]
    assert tagged, f"{name} has checks for the tests"
    for cell in tagged:
        assert cell.cell_type == "code" and "assert " in cell.source
        assert not {"nbval-skip", "skip-execution"} & set(cell.metadata["tags"])  # nbval runs it
        assert cell.metadata["jupyter"] == {"source_hidden": True, "outputs_hidden": True}


def answers() -> list[str]:
    """Texts that give an answer away: the rule books' plays and final tables, the quiz's reasons."""
    texts = [item.reason for item in VALIDITY_EXAMPLES]
    for item in worked_examples():
        texts.append(item.story)
        if item.solution is not None:
            texts += [str(item.solution), item.solution.notation()]
    return texts


@pytest.mark.parametrize("name", [*PATH, EXTRA])
def test_no_answer_is_stored_in_a_notebook(name: str) -> None:
    """Opened in JupyterLab before running, a notebook shows only the outputs stored in it."""
    stored = [output for cell in read(name).cells for output in cell.get("outputs", [])]
    text = "\n".join(str(output) for output in stored)
    if name != EXTRA:  # the solver notebook is about answers: it may print them
        assert not [answer for answer in answers() if answer in text]
    assert all(output.output_type == "stream" for output in stored), "only checked printouts are stored"


def run_as_the_app(name: str) -> Any:
    """Run a notebook the way ``machiavelli-kit app`` does: its test-only cells removed first."""
    notebook = read(name)
    remover = TagRemovePreprocessor(remove_cell_tags={TEST_ONLY}, enabled=True)
    notebook, _ = remover.preprocess(notebook, {})
    NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
    ).execute()
    return notebook


@pytest.mark.slow
@pytest.mark.parametrize("name", PATH)
def test_the_app_shows_no_answer_and_no_stray_value(name: str) -> None:
    notebook = run_as_the_app(name)
    assert not [cell for cell in notebook.cells if TEST_ONLY in cell.metadata.get("tags", [])]
    outputs = [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.outputs]
    stray = [output for output in outputs if output.output_type == "execute_result"
             and not set(output.data) & set(SHOWS_WIDGET_OR_PICTURE)]  # fmt: skip
    assert not stray, f"bare values under cells: {[output.data['text/plain'] for output in stray]}"
    assert not [output for output in outputs if output.output_type == "error"]
    printed = "".join(output.text for output in outputs if output.output_type == "stream")
    assert not [answer for answer in answers() if answer in printed]
