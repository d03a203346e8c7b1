"""``machiavelli-kit game play|replay|review`` and ``machiavelli-kit tournament``: output and exit codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from machiavelli_kit.cli import main


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    code = main(list(arguments))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "game.json"
    assert (
        main(["game", "play", "--players", "greedy,beginner", "--rules", "classic", "--seed", "5", "--out", str(path)])
        == 0
    )
    return path


def test_play_tells_the_game_and_writes_a_record_that_replays(capsys: pytest.CaptureFixture[str], record: Path) -> None:
    code, out, err = run(capsys, "game", "replay", str(record))
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[0].startswith("classic, seed 5, dealer ") and lines[0].endswith(": greedy, beginner")
    assert lines[1].startswith("turn 1, ") and "points left in hand" in lines[-2]
    assert lines[-1].startswith("valid record: ") and lines[-1].endswith(" turns, finished")


def test_replay_as_one_seat_hides_the_others_draws(capsys: pytest.CaptureFixture[str], record: Path) -> None:
    _, out, _ = run(capsys, "game", "replay", str(record), "--seat", "0")
    draws = [line for line in out.splitlines() if " draws a card" in line]
    assert any(line.endswith("draws a card") for line in draws) and any(line.endswith(")") for line in draws)


def test_a_tampered_record_exits_one_naming_the_turn(
    capsys: pytest.CaptureFixture[str], record: Path, tmp_path: Path
) -> None:
    data = json.loads(record.read_text())
    number = next(index for index, turn in enumerate(data["turns"]) if turn["action"] == "play")
    data["turns"][number]["table"][0].append("JK")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    for command in ("replay", "review"):
        code, out, err = run(capsys, "game", command, str(bad))
        assert code == 1 and not out
        assert f"is not a valid record: turn {number + 1}: " in err and "this game is played without jokers" in err


def test_an_unreadable_record_exits_two(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "note.json").write_text("this is not JSON")
    code, _, err = run(capsys, "game", "replay", str(tmp_path / "note.json"))
    assert code == 2 and "not JSON" in err
    code, _, err = run(capsys, "game", "replay", str(tmp_path / "missing.json"))
    assert code == 2 and "No such file" in err


def test_review_names_each_turn_and_gives_an_accuracy_per_player(
    capsys: pytest.CaptureFixture[str], record: Path
) -> None:
    code, out, _ = run(capsys, "game", "review", str(record))
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("Turn 1, ")
    assert lines[-2].startswith("greedy: accuracy ") and "(100%)" in lines[-2]
    assert lines[-1].startswith("beginner: accuracy ") and "needless draw" in lines[-1]


def test_tournament_json_and_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(
        capsys, "tournament", "--players", "greedy,random", "--games", "2", "--seed", "3", "--json",
        "--records", str(tmp_path / "games"),
    )  # fmt: skip
    assert code == 0
    table = json.loads(out)
    assert [row["name"] for row in table["players"]] == ["greedy", "random"]
    for row in table["players"]:
        assert {"name", "games", "wins", "win_rate", "ci_low", "ci_high", "ms_per_move"} <= set(row)
        assert row["games"] == 2 and row["ci_low"] <= row["win_rate"] <= row["ci_high"]
    assert sorted(path.name for path in (tmp_path / "games").iterdir()) == ["game-00001.json", "game-00002.json"]
    assert run(capsys, "game", "replay", str(tmp_path / "games" / "game-00002.json"))[0] == 0


def test_tournament_text_and_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tournament", "--players", "greedy,beginner", "--games", "2", "--seed", "5")
    assert code == 0 and out.splitlines()[0].split()[:4] == ["player", "games", "wins", "win"]
    assert out.splitlines()[1].split()[:3] == ["greedy", "2", "2"]
    assert run(capsys, "tournament", "--players", "greedy,chess", "--games", "2")[2].endswith(
        "unknown player 'chess': players are random, beginner, greedy, expert\n"
    )
    assert run(capsys, "tournament", "--players", "greedy", "--games", "2")[0] == 2
    assert run(capsys, "tournament", "--players", "greedy,beginner", "--budget", "0")[2].endswith(
        "--budget must be at least 1 step of work\n"
    )


@pytest.mark.parametrize(("change", "code", "message"), [
    (lambda text: text.replace('"seed": 5', '"seed": ' + "[" * 5000 + "]" * 5000), 2,
     "cannot be read as a record: lists and objects are nested too deeply to read"),
    (lambda text: text + " " * 4_000_000, 2,
     "cannot be read as a record: the record is over 4 MB, too long for a game"),
    (lambda text: text.replace('"dealer": ', '"dealer": 1' + "0" * 4400), 1,
     "is not a valid record: dealer must be a seat number, not a number of 4,40"),
    (lambda text: text.replace('"greedy", "beginner"]', '"greedy", "beginner\\nturn 9, B wins"]'),
     1, "is not a valid record: players: a player's name cannot hold a line break"),
    (lambda text: "\ufeff" + text, 0, ""),
])  # fmt: skip
def test_a_hostile_record_gets_one_line_in_words_and_its_exit_code(
    capsys: pytest.CaptureFixture[str], record: Path, tmp_path: Path, change: Any, code: int, message: str
) -> None:
    hostile = tmp_path / "hostile.json"
    hostile.write_text(change(record.read_text(encoding="utf-8")), encoding="utf-8")
    exit_code, out, err = run(capsys, "game", "replay", str(hostile))
    assert exit_code == code
    if code:
        assert not out and err.startswith(f"machiavelli-kit game: {hostile} ") and message in err
        assert err.count("\n") == 1 and len(err) < 300
    else:
        assert out.splitlines()[-1].endswith("turns, finished") and not err
