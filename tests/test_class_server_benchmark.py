"""``benchmarks/class_server.py`` in its smallest configurations, so that it cannot rot: a real class server
process, learners who are real clients, every action's update measured, and the ramp's verdict.

No figure is checked against a speed (the machine may be busy): only that the run measured what it says.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.server

BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "class_server.py"
RUN = 600.0
"""A deadline for a run, on a machine other work shares (a run takes a few seconds alone)."""
LONG = "240"
"""--seconds for a run that measures a few actions a table: it ends sooner, once it has them."""


def run(*arguments: str) -> str:
    done = subprocess.run(
        [sys.executable, str(BENCHMARK), *arguments], capture_output=True, text=True, timeout=RUN, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def row(output: str, name: str) -> str:
    """The value of the report's row ``name``."""
    found = re.search(rf"^{re.escape(name)} +(.+)$", output, re.MULTILINE)
    assert found is not None, f"no row {name!r} in:\n{output}"
    return found.group(1)


def test_a_class_at_two_tables_plays_and_every_update_is_measured() -> None:
    output = run("--learners", "5", "--tables", "2", "--turns", "4", "--seconds", LONG, "--think", "0")
    assert row(output, "learners at tables") == "5 at 2 (1 of 3, 1 of 2)"
    measured = re.fullmatch(r"(\d+) \((\d+) whose updates never all came\)", row(output, "actions measured"))
    assert measured is not None
    assert int(measured.group(1)) >= 8
    assert measured.group(2) == "0"
    for name in ("action to every other board: p50", "p95", "max"):
        assert re.fullmatch(r"\d+\.\d ms", row(output, name))
    assert re.fullmatch(r"\d+\.\d s: \d+\.\d\d of one core", row(output, "server processor (user+sys)"))
    assert int(row(output, "server peak memory (VmHWM)").removesuffix(" MiB")) > 0
    assert float(row(output, "database size").removesuffix(" MiB")) > 0


def test_the_ramp_doubles_the_tables_and_says_the_largest_that_held() -> None:
    """With limits no run can pass, every step holds: the verdict names the last."""
    output = run(
        "--ramp", "--learners", "2", "--tables", "1", "--max-tables", "2", "--turns", "2", "--seconds", LONG,
        "--think", "0", "--player", "draw", "--max-p95", "1e9", "--max-cores", "1e9",
    )  # fmt: skip
    steps = [line.split("|")[1:3] for line in output.splitlines() if re.match(r"\| \d", line)]
    assert [[cell.strip() for cell in step] for step in steps] == [["1", "2"], ["2", "4"]]
    assert output.splitlines()[-1] == "one laptop holds 2 tables (4 learners)"


def test_a_class_that_does_not_sit_at_its_tables_is_refused_in_words() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARK), "--learners", "30", "--tables", "2"], capture_output=True, text=True
    )
    assert done.returncode != 0
    assert done.stderr.strip() == "30 learners do not sit at 2 tables: a table has 2 to 6 seats"
