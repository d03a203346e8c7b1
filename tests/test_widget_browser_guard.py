"""Without Chromium the browser tests skip on a developer machine and fail under CI."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.conftest import require_chromium

MISSING = Path("/nonexistent/chromium")


@pytest.mark.parametrize(
    ("ci", "outcome", "words"),
    [
        ("", pytest.skip.Exception, "the browser tests need"),
        ("true", pytest.fail.Exception, "CI=true but the browser tests"),
    ],
)
def test_a_missing_browser_skips_or_fails(ci: str, outcome: type[BaseException], words: str) -> None:
    with pytest.raises(outcome) as raised:
        require_chromium(MISSING, ci)
    assert words in str(raised.value)
    assert "/nonexistent/chromium" in str(raised.value)


def test_a_present_browser_lets_the_tests_run(tmp_path: Path) -> None:
    (tmp_path / "chromium").touch()
    require_chromium(tmp_path / "chromium", "true")
