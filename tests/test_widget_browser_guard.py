"""Without Chromium the browser tests skip on a developer machine and fail under CI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_e2e(ci: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MACHIAVELLI_CHROMIUM": "/nonexistent/chromium", "CI": ci}
    command = [sys.executable, "-m", "pytest", "tests/e2e", "-q", "-rs", "-p", "no:cacheprovider", "-k", "voila_drag"]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize(("ci", "code", "words"), [("", 0, "1 skipped"), ("true", 1, "CI=true but the browser tests")])
def test_a_missing_browser_skips_or_fails(ci: str, code: int, words: str) -> None:
    result = run_e2e(ci)
    assert result.returncode == code, result.stdout[-2000:]
    assert words in result.stdout
    assert "/nonexistent/chromium" in result.stdout
