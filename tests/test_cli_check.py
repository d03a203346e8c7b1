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
    assert out.splitlines() == [
        "meld 1: 5♠ 5♥ 5♦: a valid set",
        "meld 2: K♥ A♥ 2♥: in this game an ace can't sit between a king and a two: it goes before the two (A 2 3) "
        "or after the king (Q K A)",
        "not valid",
    ]
    code, _, _ = run(capsys, "check", "--table", "5S 5H 5D | KH AH 2H", "--rules", "bga(wrap=true)")
    assert code == 0


def test_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--table", "5S 5H 5D | 6H 7H 9H", "--json")
    report = json.loads(out)
    assert code == 1
    assert report["valid"] is False
    assert report["melds"][0] == {
        "cards": ["5S", "5H", "5D"],
        "kind": "set",
        "valid": True,
        "problems": [],
        "suggestion": None,
    }
    second = report["melds"][1]
    assert second["cards"] == ["6H", "7H", "9H"] and second["kind"] is None and second["valid"] is False
    assert second["problems"] == [
        {"flag": "gap", "message": "a run needs cards in a row, and 8♥ is missing between 7♥ and 9♥"}
    ]
    assert second["suggestion"] == "add 8♥ to make 6♥ 7♥ 8♥ 9♥ a run"


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
        assert set(meld) == {"cards", "kind", "valid", "problems", "suggestion"}
        assert meld["valid"] == (not meld["problems"]) and (meld["kind"] is not None or not meld["valid"])
        for problem in meld["problems"]:
            assert isinstance(problem["flag"], str) and isinstance(problem["message"], str)
    flags = [[problem["flag"] for problem in meld["problems"]] for meld in report["melds"]]
    assert flags == [[], ["identical_cards"], ["too_short"], [], ["ace_both_ends"]]


def test_unicode_input_and_jokers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--table", "5♠ 5♥ 5♦ | 6♥ JK 8♥", "--rules", "bga(jokers=2)", "--json")
    assert code == 0
    assert json.loads(out)["melds"][1] == {
        "cards": ["6H", "JK", "8H"],
        "kind": "run",
        "valid": True,
        "problems": [],
        "suggestion": None,
    }
    code, out, _ = run(capsys, "check", "--table", "6♥ JK 8♥")
    assert code == 1 and out.splitlines() == [
        "meld 1: 6♥ JK 8♥: this game is played without jokers; put 7♥ in place of the joker to make 6♥ 7♥ 8♥ a run",
        "not valid",
    ]


def test_too_many_copies_makes_the_table_invalid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--table", "5H 6H 7H | 5H 6H 7H | 5H 5S 5D", "--json")
    report = json.loads(out)
    assert code == 1 and report["valid"] is False
    assert all(meld["kind"] is not None for meld in report["melds"])
    assert [meld["valid"] for meld in report["melds"]] == [True, True, False]
    assert [problem["flag"] for problem in report["melds"][2]["problems"]] == ["too_many_copies"]
    assert report["problems"] == []


def test_a_meld_with_too_many_jokers_is_not_called_valid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--table", "JK JK JK JK | 5H 6H 7H", "--rules", "bga(jokers=2)")
    assert code == 1
    assert out.splitlines() == [
        "meld 1: JK JK JK JK: there are two jokers too many here: this game has only two jokers in all",
        "meld 2: 5♥ 6♥ 7♥: a valid run",
        "not valid",
    ]


def test_missing_table_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check")
    assert (code, out) == (2, "")
    assert err == "machiavelli-kit check: give the table with --table (or check a turn with --turn)\n"


TURN_START = ["--table", "5S 5H 5D 5C | 6H 7H 8H", "--hand", "4H 9C"]


def test_a_valid_turn_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "--turn", *TURN_START, "--end", "5S 5D 5C | 4H 5H 6H 7H 8H")
    assert (code, out, err) == (0, "the turn is valid: 1 card played (4♥)\n", "")


def test_an_invalid_turn_exits_one_and_names_each_fault_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--turn", *TURN_START, "--end", "5S 5D | 4H 6H 7H 8H 9H")
    assert code == 1
    assert out.splitlines() == [
        "the turn is not valid:",
        "- 5♥ 5♣ were on the table when the turn began and must stay there: put them back in melds",
        "- 9♥ is new on the table, but it was not in the hand",
        "- meld 1, 5♠ 5♦: a meld needs at least three cards, and this one has only two; add 5♥ or 5♣ to make a set",
        "- meld 2, 4♥ 6♥ 7♥ 8♥ 9♥: a run needs cards in a row, and 5♥ is missing between 4♥ and 6♥; "
        "add 5♥ to make 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ a run",
    ]
    code, out, _ = run(capsys, "check", "--turn", *TURN_START, "--end", "5S 5H 5D 5C | 6H 7H 8H")
    assert code == 1 and "no card from the hand was played" in out


def test_a_turn_under_other_rules(capsys: pytest.CaptureFixture[str]) -> None:
    turn = ["check", "--turn", "--table", "QH KH AH", "--hand", "2H", "--end", "QH KH AH 2H"]
    code, out, _ = run(capsys, *turn)
    assert code == 1 and "an ace can't sit between a king and a two" in out
    code, out, _ = run(capsys, *turn, "--rules", "bga(wrap=true)")
    assert (code, out) == (0, "the turn is valid: 1 card played (2♥)\n")
    code, out, _ = run(capsys, "check", "--turn", "--hand", "AS 2S 3S 4S", "--end", "AS 2S 3S 4S",
                       "--rules", "bga(max_cards_per_turn=3)")  # fmt: skip
    assert code == 1 and "in this game one turn may play at most three" in out


def test_turn_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--turn", *TURN_START, "--end", "5S 5D 5C | 4H 5H 6H 7H 8H 9C", "--json")
    report = json.loads(out)
    assert code == 1 and report["valid"] is False and report["played"] == ["4H", "9C"]
    assert report["problems"] == []
    assert report["table"]["valid"] is False
    meld = report["table"]["melds"][1]
    assert meld["cards"] == ["4H", "5H", "6H", "7H", "8H", "9C"] and meld["valid"] is False
    assert [problem["flag"] for problem in meld["problems"]] == ["mixed_suits"]
    assert meld["suggestion"] == "take out 9♣ to make 4♥ 5♥ 6♥ 7♥ 8♥ a run"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--turn", "--end", "5S 5H 5D"], "a turn needs the hand before it: give it with --hand"),
        (["--turn", "--hand", "4H"], "a turn needs the table after it: give it with --end"),
        (["--table", "5S 5H 5D", "--end", "5S 5H 5D"], "--hand and --end describe a turn: add --turn to check one"),
        (["--turn", "--hand", "4X", "--end", "4H"], "'4X' is not a card: suits are S, H, D, C"),
        (["--turn", "--hand", "4H", "--end", "4H ||"], "meld 2 of the table is empty"),
        (["--turn", "--table", "5H 6H 7H", "--hand", "5H 5H", "--end", "5H 6H 7H"],
         "the start cannot happen in this game: there are three 5♥ here, but the game is played with two decks, "
         "so it has only two of each card"),
    ],
)  # fmt: skip
def test_a_turn_that_cannot_be_read_exits_two(
    capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    code, out, err = run(capsys, "check", *arguments)
    assert (code, out) == (2, "")
    assert message in err and "Traceback" not in err


def test_turn_through_the_console_script() -> None:
    script = Path(sys.executable).with_name("machiavelli-kit")
    turn = [str(script), "check", "--turn", "--table", "5S 5H 5D 5C | 6H 7H 8H", "--hand", "4H"]
    valid = subprocess.run([*turn, "--end", "5S 5D 5C | 4H 5H 6H 7H 8H"], capture_output=True, text=True)
    assert valid.returncode == 0 and valid.stdout == "the turn is valid: 1 card played (4♥)\n"
    invalid = subprocess.run([*turn, "--end", "5S 5H 5D 5C | 6H 7H 8H 4H"], capture_output=True, text=True)
    assert invalid.returncode == 1 and invalid.stdout.startswith("the turn is not valid:\n")


def test_console_script_exit_codes() -> None:
    script = Path(sys.executable).with_name("machiavelli-kit")
    invalid = subprocess.run([str(script), "check", "--table", "5S 6H 7S"], capture_output=True, text=True)
    assert invalid.returncode == 1 and "mixes" in invalid.stdout and invalid.stdout.strip().endswith("not valid")
    empty = subprocess.run([str(script), "check", "--table", "5S 5H 5D | | 6H 7H 8H"], capture_output=True, text=True)
    assert empty.returncode == 2 and "meld 2 of the table is empty" in empty.stderr
    rules = subprocess.run(
        [str(script), "check", "--table", "5S 5H 5D", "--rules", "bga(wrap=perhaps)"], capture_output=True, text=True
    )
    assert rules.returncode == 2 and "wrap must be true, false or unlimited, not 'perhaps'" in rules.stderr
