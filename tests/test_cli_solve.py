"""``machiavelli-kit solve``: single positions, JSON, batches with bad lines, exit codes."""

from __future__ import annotations

import codecs
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.cli import main
from machiavelli_kit.cli.solve import batch_lines


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    code = main(list(arguments))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_solve_prints_the_chain_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--table", "7D 7H 7C | 8D 9D 10D | 10H 10C 10S | JH QH KH", "--hand", "9H 7S")
    assert code == 0
    assert "play 2 cards" in out
    assert "1. 7♠ from the hand joins the sevens and frees 7♦" in out
    assert "9♥ 10♥ J♥ Q♥ K♥" in out


def test_solve_json_has_the_documented_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--table", "4C 5C 6C", "--hand", "3C 7C 8C", "--json")
    record = json.loads(out)
    assert code == 0
    assert record["max_play"] == 3
    assert sorted(record["played"]) == ["3C", "7C", "8C"]
    assert record["table"] == [["3C", "4C", "5C", "6C", "7C", "8C"]]
    assert len(record["steps"]) == 3 and record["ms"] >= 0


def test_no_play_exits_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--table", "6S 6H 6D | 7S 7H 7D", "--hand", "8H")
    assert code == 1
    assert "no play" in out and "draws 1 card" in out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--table", "5S 5H 5D", "--hand", "11H"], "'11H' is not a card"),
        (
            ["--table", "5S 5H 5D", "--hand", "8H", "--rules", "bga(wrap=perhaps)"],
            "wrap must be true, false or unlimited",
        ),
        (["--table", "5S 5H 5D || 6H 7H 8H", "--hand", "8H"], "meld 2 of the table is empty"),
        (["--table", "5S 5H 5D"], "give the hand"),
        (["--table", "5S 5H 5D", "--hand", "5S 5S"], "there are three 5♠ here"),
    ],
)
def test_bad_input_exits_two_with_a_named_problem(
    capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    code, out, err = run(capsys, "solve", *arguments)
    assert code == 2
    assert out == ""
    assert message in err


def test_batch_answers_every_line_in_order_and_survives_bad_ones(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = [
        {"table": [["5S", "5H", "5D"], ["6H", "7H", "8H"]], "hand": ["5C", "4H"], "rules": "bga(wrap=true)"},
        "not json at all",
        {"table": [["5S", "5H", "11D"]], "hand": ["8H"]},
        {"table": [], "hand": ["KH", "AH", "2H"], "rules": "bga(wrap=true)"},
        {"table": [], "hand": ["KH", "AH", "2H"]},
        {"hand": ["KH"], "extra": 1},
    ]
    batch = tmp_path / "positions.jsonl"
    batch.write_text(
        "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n", encoding="utf-8"
    )
    code, out, _ = run(capsys, "solve", "--batch", str(batch))
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert len(records) == len(lines)
    assert records[0]["max_play"] == 2 and records[0]["table"][1] == ["4H", "5H", "6H", "7H", "8H"]
    assert records[1]["error"].startswith("line 2: not JSON")
    assert "'11D' is not a card" in records[2]["error"]
    assert records[3]["max_play"] == 3
    assert records[4]["max_play"] == 0 and records[4]["steps"] == []
    assert "unknown key 'extra'" in records[5]["error"]


def test_batch_file_that_does_not_exist_is_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "solve", "--batch", str(tmp_path / "missing.jsonl"))
    assert code == 2
    assert "missing.jsonl" in err


def test_a_batch_survives_deep_brackets_bad_bytes_and_a_bom(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = json.dumps({"table": [["4C", "5C", "6C"]], "hand": ["3C"]}).encode()
    lines = [
        codecs.BOM_UTF8 + good,
        b"[" * 100_000 + b"]" * 100_000,
        good.replace(b'"3C"', b'"3\xe9"'),
        b'{"hand": ' + b"[" * 900 + b"]" * 900 + b"}",
        b'{"hand": ["3C"], "' + b"k" * 1_000_000 + b'": 1}',
        good,
    ]
    batch = tmp_path / "fuzzed.jsonl"
    batch.write_bytes(b"\n".join(lines) + b"\n")
    code, out, _ = run(capsys, "solve", "--batch", str(batch))
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert len(records) == len(lines)
    assert records[0]["max_play"] == 1 and records[-1]["max_play"] == 1
    assert records[1] == {"error": "line 2: brackets nested too deeply to read"}
    assert records[2] == {"error": "line 3: not UTF-8 text (byte 0xe9 at column 44)"}
    assert records[3]["error"].startswith("line 4: '[[[[[[[[[[[[[[[[[[[['... (1,798 characters) is not a card")
    assert records[4]["error"] == (
        "line 5: unknown key 'kkkkkkkkkkkkkkkkkkkk'... (1,000,000 characters): keys are table, hand, rules, goal"
    )


def test_a_batch_on_standard_input_reads_bytes(tmp_path: Path) -> None:
    good = json.dumps({"table": [["4C", "5C", "6C"]], "hand": ["3C"]}).encode()
    result = subprocess.run(
        [sys.executable, "-m", "machiavelli_kit", "solve", "--batch", "-"],
        input=codecs.BOM_UTF8 + good + b"\n\xff\n" + good + b"\n",
        capture_output=True,
        check=False,
    )
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 0, result.stderr
    assert [record.get("max_play") for record in records] == [1, None, 1]
    assert records[1] == {"error": "line 2: not UTF-8 text (byte 0xff at column 1)"}


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n"], ids=["CR (old Mac)", "CRLF (Windows)", "LF"])
def test_a_batch_is_read_line_by_line_whatever_its_line_ends(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, end: str
) -> None:
    good = json.dumps({"table": [["4C", "5C", "6C"]], "hand": ["3C"]})
    batch = tmp_path / "positions.jsonl"
    batch.write_bytes(end.join([good, "not json", "", good]).encode() + end.encode())
    code, out, _ = run(capsys, "solve", "--batch", str(batch))
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [record.get("max_play") for record in records] == [1, None, 1]
    assert records[1]["error"].startswith("line 2: not JSON")


@settings(deadline=None)  # never timed: the machine may be busy
@given(st.lists(st.sampled_from([b"\n", b"\r", b"\r\n", b"{}", b"a", b"\xff"]), max_size=12).map(b"".join))
def test_batch_lines_end_at_lf_crlf_or_a_lone_cr(data: bytes) -> None:
    """The lines are what splitting at each line end gives (a \\r\\n is one end), no empty line after the last end."""
    lines = re.split(rb"\r\n|\r|\n", data)
    if lines[-1] == b"":
        lines.pop()
    assert list(batch_lines(io.BytesIO(data))) == lines
