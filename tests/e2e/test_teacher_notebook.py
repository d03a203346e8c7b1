"""The teacher notebook in Voila, opened with the teacher's link: the made-up class's report and plots show, and
the picker writes an assignment."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.e2e.conftest import TEACHER_TOKEN
from tests.e2e.test_browser import TIMEOUT

pytestmark = pytest.mark.browser


def test_the_teacher_sees_the_report_and_writes_the_next_assignment(
    page: Page, voila_url: str, artifacts: Path
) -> None:
    page.goto(f"{voila_url}/voila/render/teacher.ipynb?teacher={TEACHER_TOKEN}", timeout=TIMEOUT)  # as printed
    write = page.get_by_role("button", name="Write the assignment")
    write.wait_for(timeout=TIMEOUT)
    assert page.locator("h1", has_text="Class report: Sample week").count() == 1
    assert page.get_by_text("copy-of-ben-progress.json: Ben is already in ben-progress.csv").count() == 1
    assert page.locator(".jp-RenderedImage img").count() == 3, "three plots, as PNG outputs under the report"
    page.screenshot(path=artifacts / "voila-teacher.png")
    page.locator(".mk-class-report").screenshot(path=artifacts / "voila-teacher-report.png")
    page.locator(".jp-RenderedImage img").first.screenshot(path=artifacts / "voila-teacher-plots.png")
    write.click()
    message = page.get_by_text("Written: ")
    message.wait_for(timeout=TIMEOUT)
    written = Path((message.text_content() or "").removeprefix("Written: ").split(". Give")[0])
    assert written.name == "next-assignment.toml" and 'title = "More practice: ' in written.read_text()
    assert "test-only" not in page.content() and "checks out" not in page.content()
