"""``machiavelli-kit check``: exit codes, JSON schema, named problems, and the console script."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from machiavelli_kit.cli import main


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    code = main(list(arguments))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_valid_table_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--table", "5S 5H 5D | 6H 7H 8H")
    assert code == 0
    assert out.splitlines() == ["meld 1: 5♠ 5♥ 5♦: a valid set", "meld 2: 6♥ 7♥ 8♥: a valid run", "valid"]


def test_invalid_table_exits_one_and_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--table", "5S 5H 5D | KH AH 2H")
    assert code == 1
    assert "turns the corner at the ace" in out and out.strip().endswith("not valid")
    code, _, _ = run(capsys, "check", "--table", "5S 5H 5D | KH AH 2H", "--rules", "bga(wrap=true)")
    assert code == 0


def test_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--table", "5S 5H 5D | 6H 7H 9H", "--json")
    report = json.loads(out)
    assert code == 1
    assert report["valid"] is False
    assert report["melds"][0] == {"cards": ["5S", "5H", "5D"], "kind": "set", "problems": []}
    second = report["melds"][1]
    assert second["cards"] == ["6H", "7H", "9H"] and second["kind"] is None
    assert second["problems"][0]["flag"] == "gap" and "8♥ missing" in second["problems"][0]["message"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--table", "5S 5H 11D"], "'11D' is not a card: ranks are A, 2-10, J, Q, K"),
        (["--table", "5S 5H 5X"], "suits are S, H, D, C"),
        (["--table", "5S 5H 5D ||"], "meld 2 of the table is empty"),
        (["--table", "5S 5H 5D", "--rules", "bga(decks=99)"], "decks must be between 1 and 8"),
        (["--table", "5S 5H 5D", "--rules", "snap"], "unknown preset 'snap'"),
    ],
)
def test_bad_input_exits_two_with_the_problem_on_stderr(
    capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    code, out, err = run(capsys, "check", *arguments)
    assert code == 2
    assert out == ""
    assert message in err and "Traceback" not in err


def test_console_script_runs_as_installed() -> None:
    script = Path(sys.executable).with_name("machiavelli-kit")
    result = subprocess.run([str(script), "check", "--table", "5S 5H 11D"], capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert result.stderr.strip() == "machiavelli-kit check: '11D' is not a card: ranks are A, 2-10, J, Q, K"
    ok = subprocess.run([str(script), "check", "--table", "5S 5H 5D", "--json"], capture_output=True, text=True)
    assert ok.returncode == 0 and json.loads(ok.stdout)["valid"] is True


def test_json_schema_for_every_meld(capsys: pytest.CaptureFixture[str]) -> None:
    table = "5S 5H 5D | 5H 5H 5C | 6H 7H | 9S 10S JS QS | KH AH 2H"
    code, out, err = run(capsys, "check", "--table", table, "--json")
    report = json.loads(out)
    assert code == 1 and err == ""
    assert set(report) >= {"valid", "melds"} and isinstance(report["valid"], bool)
    assert [meld["cards"] for meld in report["melds"]] == [part.split() for part in table.split(" | ")]
    assert [meld["kind"] for meld in report["melds"]] == ["set", None, None, "run", None]
    for meld in report["melds"]:
        assert set(meld) == {"cards", "kind", "problems"}
        assert (meld["kind"] is None) == bool(meld["problems"])
        for problem in meld["problems"]:
            assert isinstance(problem["flag"], str) and isinstance(problem["message"], str)
    flags = [[problem["flag"] for problem in meld["problems"]] for meld in report["melds"]]
    assert flags == [[], ["identical_cards"], ["too_short"], [], ["ace_both_ends"]]


def test_unicode_input_and_jokers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--table", "5♠ 5♥ 5♦ | 6♥ JK 8♥", "--rules", "bga(jokers=2)", "--json")
    assert code == 0
    assert json.loads(out)["melds"][1] == {"cards": ["6H", "JK", "8H"], "kind": "run", "problems": []}
    code, out, _ = run(capsys, "check", "--table", "6♥ JK 8♥")
    assert code == 1 and "jokers=0" in out


def test_too_many_copies_makes_the_table_invalid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--table", "5H 6H 7H | 5H 6H 7H | 5H 5S 5D", "--json")
    report = json.loads(out)
    assert code == 1 and report["valid"] is False
    assert all(meld["kind"] is not None for meld in report["melds"])
    assert [problem["flag"] for problem in report["problems"]] == ["too_many_copies"]


def test_missing_table_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["check"])
    assert exit_info.value.code == 2
    assert "--table" in capsys.readouterr().err


def test_console_script_exit_codes() -> None:
    script = Path(sys.executable).with_name("machiavelli-kit")
    invalid = subprocess.run([str(script), "check", "--table", "5S 6H 7S"], capture_output=True, text=True)
    assert invalid.returncode == 1 and "mixes" in invalid.stdout and invalid.stdout.strip().endswith("not valid")
    empty = subprocess.run([str(script), "check", "--table", "5S 5H 5D | | 6H 7H 8H"], capture_output=True, text=True)
    assert empty.returncode == 2 and "meld 2 of the table is empty" in empty.stderr
    rules = subprocess.run(
        [str(script), "check", "--table", "5S 5H 5D", "--rules", "bga(wrap=perhaps)"], capture_output=True, text=True
    )
    assert rules.returncode == 2 and "wrap must be true or false, not 'perhaps'" in rules.stderr
