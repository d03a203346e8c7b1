"""The code stays ruff-clean and type-checks under mypy --strict (config in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ["core/cards", "core/rules", "core/melds", "core/position", "core/svg", "cli/__init__", "cli/check"]
CORE_TESTS = ["test_rules_examples", "test_notation", "test_rules", "test_melds", "test_position",
              "test_properties", "test_cli_check", "test_code_quality", "rules_examples", "meld_oracle"]  # fmt: skip


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_finds_nothing() -> None:
    result = _run(sys.executable, "-m", "ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_finds_nothing_in_the_package() -> None:
    result = _run(sys.executable, "-m", "mypy")  # strict, over machiavelli_kit, as pyproject.toml says
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_finds_nothing_in_the_core_and_its_tests() -> None:
    files = [f"machiavelli_kit/{name}.py" for name in CORE] + [f"tests/{name}.py" for name in CORE_TESTS]
    assert all((ROOT / file).is_file() for file in files)
    result = _run(sys.executable, "-m", "mypy", "--strict", *files)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_linters_are_the_pinned_versions() -> None:
    """A new ruff or mypy release cannot turn the suite red: the test extra pins them, and this venv has those."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    test_extra = project["optional-dependencies"]["test"]
    pins = dict(requirement.split("==") for requirement in test_extra if "==" in requirement)
    assert set(pins) == {"ruff", "mypy"}
    installed = {name: metadata.version(name) for name in pins}
    assert installed == pins, "reinstall the test tools: .venv/bin/pip install -e '.[test]'"
