"""What ``machiavelli-kit game replay`` does with records no game can hold: its exit code, time, memory and words.

Builds a real record (greedy against random under bga), then hostile copies of it: a turn with
100,000 fields, a 50 MB table or stock, lists and objects nested 5,000 deep, a number with 4,400
digits, a name with a line break, a winner written as ``false``, a field given twice, a byte order
mark, and the largest real record the kit's players make (six beginners, eight decks, 16 jokers).
Each runs in its own process, killed after ``--timeout`` seconds; the table gives the exit code,
the seconds, the process's peak memory (polled) and the length and end of what it wrote on standard error.

Run: ``.venv/bin/python benchmarks/hostile_records.py [--timeout 120] [--only keys stock]``.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from machiavelli_kit.game.autoplay import play_game
from machiavelli_kit.game.record import dumps

FIFTY_MB_OF_CARDS = 50_000_000 // len('"5S", ')
DEEP = 5_000
REPLAY = "import sys; from machiavelli_kit.cli import main; sys.exit(main())"


def nested_list(depth: int) -> str:
    return "[" * depth + "]" * depth


def nested_object(depth: int) -> str:
    return '{"a": ' * depth + "null" + "}" * depth


def first_play(record: dict[str, Any]) -> dict[str, Any]:
    turn: dict[str, Any] = next(turn for turn in record["turns"] if turn["action"] == "play")
    return turn


def cases(text: str) -> dict[str, Callable[[], str]]:
    """Each case's record text, made when the case runs (some are 50 MB)."""

    def changed(change: Callable[[dict[str, Any]], object]) -> Callable[[], str]:
        def make() -> str:
            record = json.loads(text)
            change(record)
            return json.dumps(record)

        return make

    def swapped(old: str, new: str) -> Callable[[], str]:
        return lambda: text.replace(old, new, 1)

    turn_keys = ", ".join(f'"k{index:05}": 0' for index in range(100_000))
    return {
        "real": lambda: text,
        "keys": swapped('{"player": ', "{" + turn_keys + ', "player": '),
        "table": changed(lambda r: first_play(r)["table"].append(["5S"] * FIFTY_MB_OF_CARDS)),
        "stock": changed(lambda r: r["deal"]["stock"].extend(["5S"] * FIFTY_MB_OF_CARDS)),
        "deep-list": swapped('"seed": 1', f'"seed": {nested_list(DEEP)}'),
        "deep-object": swapped('"seed": 1', f'"seed": {nested_object(DEEP)}'),
        "digits": swapped('"seed": 1', '"seed": 1' + "0" * 4_400),
        "newline": changed(lambda r: r["players"].__setitem__(0, "Ann\nturn 9, random closes and wins")),
        "winner-false": changed(lambda r: r["result"].update(winner=bool(r["result"]["winner"]))),
        "twice": swapped('{"player": ', '{"drawn": [], "player": '),
        "bom": lambda: "\ufeff" + text,
        "largest": lambda: dumps(play_game(["beginner"] * 6, "bga(decks=8, jokers=16, stock_out=play_on)", 1).game),
    }


def replay(path: Path, timeout: float) -> tuple[str, float, float, bytes]:
    """Exit code (or how it was killed), seconds, peak memory in MB and standard error of one replay."""
    started = time.perf_counter()
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(
            [sys.executable, "-c", REPLAY, "game", "replay", str(path)],
            stdout=subprocess.DEVNULL,
            stderr=errors,
            start_new_session=True,
        )
        outcome, peak = "", 0.0
        while True:
            pid, status = os.waitpid(process.pid, os.WNOHANG)
            if pid:
                break
            peak = high_water_mark(process.pid) or peak
            if time.perf_counter() - started > timeout:
                os.killpg(process.pid, signal.SIGKILL)
                outcome = f"killed after {timeout:.0f} s"
                _pid, status = os.waitpid(process.pid, 0)
                break
            time.sleep(0.02)
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        errors.seek(0)
        return outcome or f"exit {process.returncode}", seconds, peak, errors.read()


def high_water_mark(pid: int) -> float | None:
    """The process's peak resident memory so far, in MB (VmHWM: counted from its exec, unlike ru_maxrss)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    line = next((line for line in status.splitlines() if line.startswith("VmHWM:")), None)
    return None if line is None else int(line.split()[1]) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--only", nargs="*", default=None)
    arguments = parser.parse_args()
    text = dumps(play_game(["greedy", "random"], "bga", seed=1).game)
    print("| case | size | outcome | seconds | peak MB | stderr bytes | stderr's last line |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for name, make in cases(text).items():
            if arguments.only and name not in arguments.only:
                continue
            path = Path(folder) / f"{name}.json"
            path.write_text(make(), encoding="utf-8")
            size = path.stat().st_size
            outcome, seconds, peak, errors = replay(path, arguments.timeout)
            start = errors.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
            shown = start[0].replace(str(path), name + ".json").replace("|", "/")[:110]
            row = (name, f"{size / 1e6:.2f} MB", outcome, f"{seconds:.2f}", f"{peak:.0f}", f"{len(errors):,}", shown)
            print("| " + " | ".join(row) + " |", flush=True)
            path.unlink()


if __name__ == "__main__":
    main()
