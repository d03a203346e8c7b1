"""The command line as a process: a reader that stops early ends it quietly, and light commands stay light."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
KIT = [sys.executable, "-m", "machiavelli_kit"]
HEAVY = ("numpy", "highspy", "scipy", "machiavelli_kit.solver")


@pytest.mark.parametrize(
    "arguments",
    [
        ["puzzles", "list"],
        ["puzzles", "show", "bga-1", "--answer"],
        ["check", "--table", "5S 5H 5D | 6H 7H 9H"],
        ["solve", "--table", "4C 5C 6C", "--hand", "3C 7C"],
        ["--help"],
        ["puzzles", "--help"],
    ],
)
def test_output_into_a_closed_pipe_ends_quietly_with_exit_code_0(arguments: list[str], tmp_path: Path) -> None:
    reader, writer = os.pipe()
    os.close(reader)  # the reader has gone before the first line is written
    try:
        result = subprocess.run(
            [*KIT, *arguments], stdout=writer, stderr=subprocess.PIPE, text=True, cwd=tmp_path, timeout=120, check=False
        )
    finally:
        os.close(writer)
    assert (result.returncode, result.stderr) == (0, "")


def test_a_batch_into_a_closed_pipe_stops_at_once(tmp_path: Path) -> None:
    reader, writer = os.pipe()
    os.close(reader)
    lines = '{"table": [["4C", "5C", "6C"]], "hand": ["7C"]}\n' * 50
    try:
        result = subprocess.run(
            [*KIT, "solve", "--batch", "-"], input=lines.encode(), stdout=writer, stderr=subprocess.PIPE,
            cwd=tmp_path, timeout=120, check=False,
        )  # fmt: skip
    finally:
        os.close(writer)
    assert (result.returncode, result.stderr) == (0, b"")


def test_head_takes_the_first_puzzle_and_the_pipeline_succeeds() -> None:
    kit = shutil.which("machiavelli-kit", path=str(Path(sys.executable).parent))
    assert kit is not None
    result = subprocess.run(
        ["bash", "-o", "pipefail", "-c", f"'{kit}' puzzles list | head -1"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stderr == "" and len(result.stdout.splitlines()) == 1


def imported(*arguments: str) -> set[str]:
    """The modules a run of the command line imports, from ``python -X importtime``."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "machiavelli_kit", *arguments],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode in (0, 1), result.stderr[-2000:]
    lines = [line.split("|")[-1].strip() for line in result.stderr.splitlines() if line.startswith("import time:")]
    return set(lines)


@pytest.mark.parametrize("arguments", [["--help"], ["check", "--table", "5S 5H 5D | 6H 7H 9H"], ["lab", "--help"]])
def test_check_and_help_do_not_load_the_solver(arguments: list[str]) -> None:
    modules = imported(*arguments)
    assert "machiavelli_kit.cli.check" in modules
    assert not modules & set(HEAVY), sorted(modules & set(HEAVY))


def test_solve_does_load_the_solver() -> None:
    assert set(HEAVY) - {"scipy"} <= imported("solve", "--table", "4C 5C 6C", "--hand", "3C 7C")
