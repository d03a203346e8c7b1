"""The puzzles notebook on the app: No play: draw on a restore puzzle is judged; the stand-alone board keeps nothing in
the server's shared progress file, and says so (the trainer keeps answers under a learner's name)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from machiavelli_kit.practice.progress import Progress
from machiavelli_kit.serve.app import app_command
from tests.e2e.conftest import serve
from tests.e2e.test_browser import TIMEOUT, wait_drawn
from tests.processes import free_port

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def progress_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("progress") / "progress.json"


@pytest.fixture(scope="module")
def trainer_url(notebooks_copy: Path, progress_file: Path) -> Iterator[str]:
    """Voila with the progress saved in a temp file, never in the tester's home folder."""
    port = free_port()
    command = [*app_command(notebooks_copy, port, open_browser=False), "--Voila.ip=127.0.0.1"]
    environ = {**os.environ, "MACHIAVELLI_KIT_PROGRESS": str(progress_file)}
    yield from serve(command, "/voila/static/voila.js", notebooks_copy, port, environ)


def test_voila_no_play_draw_on_a_restore_puzzle(
    page: Page, trainer_url: str, progress_file: Path, artifacts: Path
) -> None:
    page.goto(f"{trainer_url}/voila/render/puzzles.ipynb", timeout=TIMEOUT)
    board = page.locator(".mk-puzzle-board", has=page.locator(".mk-position-bga-3"))
    wait_drawn(page, board.locator("canvas.mk-canvas"))
    assert page.locator(".mk-trainer .mk-puzzle-list option").count() > 300
    page.locator(".mk-trainer").screenshot(path=artifacts / "voila-puzzles-trainer.png")
    board.locator(".mk-no-play").click()
    verdict, status = board.locator(".mk-puzzle-verdict"), board.locator(".mk-status")
    page.wait_for_function("el => el.textContent.startsWith('Correct')", arg=verdict.element_handle(), timeout=TIMEOUT)
    assert verdict.text_content() == "Correct: there is no play here."
    page.wait_for_function(  # the verdict and the status line are two widgets: either may arrive first
        "el => el.textContent.includes('so you draw 1 card and your turn ends')",
        arg=status.element_handle(),
        timeout=TIMEOUT,
    )
    board.screenshot(path=artifacts / "voila-puzzles-no-play.png")
    assert "not saved" in (board.locator(".mk-puzzle-saving").text_content() or "")
    assert not progress_file.exists() or "bga-3" not in Progress.load(progress_file).records
