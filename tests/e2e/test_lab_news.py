"""A fresh JupyterLab started the kit's way does not greet the learner with its news pop-up."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.e2e.conftest import open_in_lab

pytestmark = pytest.mark.browser
NEWS_PLUGIN = "@jupyterlab/apputils-extension:announcements"
TIMEOUT = 60_000


def test_a_fresh_lab_shows_no_news_pop_up(page: Page, lab_url: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_in_lab(page, lab_url, "start.ipynb", TIMEOUT)  # the workspace is restored, the kernel ready
    assert page.evaluate("id => window.jupyterapp.hasPlugin(id)", NEWS_PLUGIN) is False
    assert page.get_by_text("official Jupyter news").count() == 0
    page.screenshot(path=artifacts / "lab-fresh-1366x768.png")
