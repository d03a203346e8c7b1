"""``machiavelli-kit lab`` and ``app``: they find the notebooks and build the right server commands."""

from __future__ import annotations

from pathlib import Path

import pytest

from machiavelli_kit.cli import main
from machiavelli_kit.cli.app import app_command
from machiavelli_kit.cli.lab import lab_command, notebooks_dir

ROOT = Path(__file__).resolve().parent.parent


def test_the_notebooks_are_found_in_the_repository() -> None:
    assert notebooks_dir() == ROOT / "notebooks"


def test_a_missing_notebooks_folder_is_a_clear_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for command in ("lab", "app"):
        assert main([command, "--notebooks", str(tmp_path)]) == 2
        assert f"no notebooks found in {tmp_path} (start.ipynb is missing)" in capsys.readouterr().err


def test_lab_opens_the_start_notebook_on_the_chosen_port() -> None:
    command = lab_command(ROOT / "notebooks", 9123, open_browser=False)
    assert command[1:3] == ["-m", "jupyterlab"]
    assert "--ServerApp.port=9123" in command and "--ServerApp.open_browser=False" in command
    assert command[-1] == str(ROOT / "notebooks" / "start.ipynb")


def test_app_serves_the_folder_with_voila_and_culls_idle_kernels() -> None:
    command = app_command(ROOT / "notebooks", 9124, open_browser=True)
    assert command[1:4] == ["-m", "voila", str(ROOT / "notebooks")]
    assert "--port=9124" in command and "--Voila.open_browser=True" in command
    assert "--MappingKernelManager.cull_idle_timeout=600" in command


def test_both_commands_are_registered(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "lab" in out and "app" in out
