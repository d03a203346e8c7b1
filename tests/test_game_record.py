"""Game records: written atomically, read strictly, replayed; a tampered record names the turn and why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from machiavelli_kit.game.autoplay import play_game
from machiavelli_kit.game.record import RecordError, UnreadableRecord, dumps, from_record, load, loads, save, to_record
from machiavelli_kit.game.session import Game


@pytest.fixture(scope="module")
def finished() -> Game:
    return play_game(["greedy", "beginner", "random"], "classic", seed=21).game


def tampered(game: Game, change: Any) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(dumps(game))
    change(record)
    return record


def first_turn(record: dict[str, Any], action: str) -> int:
    return next(index for index, turn in enumerate(record["turns"]) if turn["action"] == action)


def test_a_record_has_the_documented_fields_and_replays_to_the_same_game(finished: Game, tmp_path: Path) -> None:
    record = json.loads(dumps(finished))
    assert list(record) == ["rules", "seed", "players", "dealer", "deal", "turns", "result"]
    assert (
        record["rules"] == "classic" and record["seed"] == 21 and record["players"] == ["greedy", "beginner", "random"]
    )
    assert set(record["deal"]) == {"hands", "stock", "table", "helpers"} and len(record["deal"]["hands"]) == 3
    assert set(record["turns"][0]) == {"player", "action", "table", "played", "drawn"}
    assert record["result"]["reason"] in ("closed", "stock_out", "blocked") and len(record["result"]["points"]) == 3
    assert record == to_record(finished)
    save(finished, tmp_path / "games" / "one.json")
    again = load(tmp_path / "games" / "one.json")
    assert again.turns == finished.turns and again.result == finished.result and again.log() == finished.log()
    assert [path.name for path in (tmp_path / "games").iterdir()] == ["one.json"]  # no temporary file left


def test_a_game_in_progress_saves_with_a_null_result() -> None:
    game = Game.new(["a", "b"], "bga", seed=4)
    again = loads(dumps(game))
    assert again.result is None and again.turns == [] and again.state == game.state


def test_a_hand_dealt_record_without_a_seed_replays_too(finished: Game) -> None:
    record = tampered(finished, lambda r: r.update(seed=None))
    assert from_record(record).result == finished.result


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r.update(extra=1), "the record: unknown field 'extra'"),
    (lambda r: r.pop("dealer"), "the record: the field 'dealer' is missing"),
    (lambda r: r.update(rules="bga(wrap=maybe)"), "rules: wrap must be true or false, not 'maybe'"),
    (lambda r: r.update(seed="7"), "seed must be a whole number or null"),
    (lambda r: r.update(players=["a", "b"]), "deal: the deal has 3 hands for 2 players"),
    (lambda r: r.update(players=["a"]), "deal: a game has 2 to 6 players, not 1"),
    (lambda r: r.update(dealer=(r["dealer"] + 1) % 3), "deal: seed 21 makes seat"),
    (lambda r: r["deal"]["hands"][0].append("KS"), "deal: the deal holds cards the decks do not: KS"),
    (lambda r: r["deal"]["stock"].pop(), "deal: the deal leaves out cards of the decks"),
    (lambda r: r["deal"]["stock"].reverse(), "deal: the stock, table or helping cards are not the ones seed 21 deals"),
    (lambda r: r["deal"]["hands"][1].append("11H"), "deal, hand 1: '11H' is not a card"),
    (lambda r: r["turns"].append(r["turns"][-1]), "the game was already over after turn"),
    (lambda r: r["result"].update(winner=7), "result: the record says winner 7, but the replayed game gives"),
    (lambda r: r.update(result=None), "result must be a JSON object"),
])  # fmt: skip
def test_a_tampered_record_is_refused_with_a_reason(finished: Game, change: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message.replace("(", r"\(")):
        from_record(tampered(finished, change))


def test_a_changed_turn_is_named_with_its_number_and_why(finished: Game) -> None:
    record = json.loads(dumps(finished))
    draw, play = first_turn(record, "draw"), first_turn(record, "play")
    cases = []
    wrong_player = json.loads(dumps(finished))
    wrong_player["turns"][draw]["player"] = (record["turns"][draw]["player"] + 1) % 3
    cases.append((wrong_player, rf"turn {draw + 1}: it was \w+'s turn, not \w+'s"))
    wrong_card = json.loads(dumps(finished))
    wrong_card["turns"][draw]["drawn"] = ["KS"] if record["turns"][draw]["drawn"] != ["KS"] else ["QS"]
    cases.append((wrong_card, rf"turn {draw + 1}: the record says .S was drawn, but the stock gave"))
    table_card_lost = json.loads(dumps(finished))
    table_card_lost["turns"][play]["table"][0].pop()
    cases.append((table_card_lost, rf"turn {play + 1}: \w+'s play is not allowed: "))
    draw_changes_table = json.loads(dumps(finished))
    draw_changes_table["turns"][draw]["table"].append(["5S", "5H", "5D"])
    cases.append((draw_changes_table, rf"turn {draw + 1}: \w+ did not play, so the table cannot change"))
    wrong_action = json.loads(dumps(finished))
    wrong_action["turns"][draw]["action"] = "discard"
    cases.append((wrong_action, rf"turn {draw + 1}: action must be one of draw, play, restore, pass, not 'discard'"))
    played_claim = json.loads(dumps(finished))
    played_claim["turns"][play]["played"] = played_claim["turns"][play]["played"][1:]
    cases.append((played_claim, rf"turn {play + 1}: the record says .* was played, but the table shows"))
    for record_data, message in cases:
        with pytest.raises(RecordError, match=message):
            from_record(record_data)


def test_text_that_is_not_json_or_has_a_field_twice_is_refused() -> None:
    with pytest.raises(UnreadableRecord, match="not JSON"):
        loads("{'rules': 'bga'}")
    with pytest.raises(RecordError, match="the field 'seed' appears twice"):
        loads('{"seed": 1, "seed": 2}')
    with pytest.raises(RecordError, match="the record must be a JSON object"):
        loads("[1, 2]")
