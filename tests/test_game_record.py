"""Game records: written atomically, read strictly, replayed; a tampered record names the turn and why."""

from __future__ import annotations

import json
from itertools import accumulate
from pathlib import Path
from typing import Any

import pytest

from machiavelli_kit.core.cards import Card, full_deck, parse_card
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.game import record as record_module
from machiavelli_kit.game.autoplay import play_game
from machiavelli_kit.game.record import (
    LEGACY_STOCK_OUT,
    RecordError,
    UnreadableRecord,
    dumps,
    from_record,
    load,
    loads,
    save,
    to_record,
)
from machiavelli_kit.game.record_text import MAX_RECORD_BYTES, json_object
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
    assert record["rules"] == "classic(stock_out=play_on)" and record["seed"] == 21
    assert record["players"] == ["greedy", "beginner", "random"]
    assert set(record["deal"]) == {"hands", "stock", "table", "helpers"} and len(record["deal"]["hands"]) == 3
    assert set(record["turns"][0]) == {"player", "action", "table", "played", "drawn"}
    assert record["result"]["reason"] in ("closed", "stock_out", "blocked") and len(record["result"]["points"]) == 3
    assert record == to_record(finished)
    save(finished, tmp_path / "games" / "one.json")
    again = load(tmp_path / "games" / "one.json")
    assert again.turns == finished.turns and again.result == finished.result and again.log() == finished.log()
    assert [path.name for path in (tmp_path / "games").iterdir()] == ["one.json"]  # no temporary file left


@pytest.mark.parametrize("rules", ["bga(hand_size=5)", "wikipedia(hand_size=5)", "classic(hand_size=5)"])
def test_a_record_that_does_not_name_stock_out_replays_as_its_preset_was_then(rules: str) -> None:
    """Records from before stock_out=last_card was bga's do not name stock_out: bga and wikipedia
    games were played to the draw from the empty stock, classic ones on; they replay so."""
    then = Rules.parse(rules).replace(stock_out=LEGACY_STOCK_OUT[Rules.parse(rules).preset])
    old = play_game(["beginner", "beginner"], then, seed=2).game
    record = json.loads(dumps(old))
    assert "stock_out=" in record["rules"]  # written now, the record says which
    again = from_record(dict(record, rules=rules))  # written before, it did not
    assert again.rules == then and again.turns == old.turns and again.result == old.result
    assert json.loads(dumps(again))["rules"] == record["rules"]


def test_an_old_bga_game_went_on_past_the_last_card_and_the_documents_reading_stops_it_there() -> None:
    old = play_game(["beginner", "beginner"], "bga(stock_out=end, hand_size=5)", seed=2).game
    drawn = list(accumulate(len(turn.drawn) for turn in old.turns))
    last_card = drawn.index(len(old.deal.stock)) + 1
    assert old.result is not None and old.result.reason == "stock_out" and last_card < len(old.turns)
    assert from_record(dict(json.loads(dumps(old)), rules="bga(hand_size=5)")).result == old.result
    with pytest.raises(RecordError, match=f"turn {last_card + 1}: the game was already over after turn {last_card}"):
        from_record(dict(json.loads(dumps(old)), rules="bga(hand_size=5, stock_out=last_card)"))


def test_a_move_cut_short_by_the_safety_limit_is_kept_in_the_record(finished: Game) -> None:
    record = json.loads(dumps(finished))
    assert not any("out_of_time" in turn for turn in record["turns"])
    record["turns"][1]["out_of_time"] = True
    again = from_record(record)
    assert [turn.out_of_time for turn in again.turns[:3]] == [False, True, False]
    assert json.loads(dumps(again))["turns"][1]["out_of_time"] is True
    record["turns"][1]["out_of_time"] = "yes"
    with pytest.raises(RecordError, match="turn 2: out_of_time must be true or false, not 'yes'"):
        from_record(record)


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
    (lambda r: r.update(rules="bga(wrap=maybe)"), "rules: wrap must be true, false or unlimited, not 'maybe'"),
    (lambda r: r.update(seed="7"), "seed must be a whole number or null"),
    (lambda r: r.update(players=["a", "b"]), "deal: the deal has 3 hands for 2 players"),
    (lambda r: r.update(players=["a"]), "players: a game has 2 to 6 players, not 1"),
    (lambda r: r.update(dealer=(r["dealer"] + 1) % 3), "'s hand is not the one seed 21 deals"),
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


# what no game can hold: refused early, by its field and turn, in time linear in the text


def first_line_of_turn(text: str, number: int) -> int:
    """The index of the line of ``text`` (as dumps writes it) that holds turn ``number``."""
    lines = text.splitlines()
    return lines.index(' "turns": [') + number


def with_turn_line(text: str, number: int, change: Any) -> str:
    lines = text.splitlines()
    index = first_line_of_turn(text, number)
    lines[index] = change(lines[index])
    return "\n".join(lines)


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r["result"].update(winner=False), "result: winner must be a seat number or null, not false"),
    (lambda r: r["result"].update(winner=0.0), "result: winner must be a seat number or null, not 0.0"),
    (lambda r: r["result"].update(winner=True), "result: winner must be a seat number or null, not true"),
    (lambda r: r["result"].update(winner=2.0), "result: winner must be a seat number or null, not 2.0"),
    (lambda r: r["result"].update(points=[float(p) for p in r["result"]["points"]]),
     "result: points must be whole numbers, not 0.0"),
    (lambda r: r["result"].update(points=[False, *r["result"]["points"][1:]]),
     "result: points must be whole numbers, not false"),
    (lambda r: r["turns"][1].update(player=True), "turn 2: player must be a seat from 0 to 2, not true"),
    (lambda r: r["turns"][1].update(player=float(r["turns"][1]["player"])), r"turn 2: player must be .*, not \d\.0"),
    (lambda r: r.update(dealer=float(r["dealer"])), r"dealer must be a seat number, not \d\.0"),
    (lambda r: r.update(seed=21.0), "seed must be a whole number or null, not 21.0"),
    (lambda r: r.update(seed=True), "seed must be a whole number or null, not true"),
])  # fmt: skip
def test_numbers_are_whole_numbers_as_json_writes_them_never_true_or_2_0(
    finished: Game, change: Any, message: str
) -> None:
    assert finished.result is not None and finished.result.winner == 0  # false == 0 and 0.0 == 0 in Python
    with pytest.raises(RecordError, match=message):
        from_record(tampered(finished, change))


def test_a_field_given_twice_is_named_with_its_turn(finished: Game) -> None:
    text = dumps(finished)
    twice_in_turn_3 = with_turn_line(text, 3, lambda line: line.replace('{"player": ', '{"drawn": [], "player": '))
    with pytest.raises(RecordError, match=r"^turn 3: the field 'drawn' appears twice$"):
        loads(twice_in_turn_3)
    with pytest.raises(RecordError, match=r"^deal: the field 'stock' appears twice$"):
        loads(text.replace('"deal": {', '"deal": {"stock": [], ', 1))
    with pytest.raises(RecordError, match=r"^result: the field 'winner' appears twice$"):
        loads(text.replace('"result": {', '"result": {"winner": 1, ', 1))


class CountedKey(str):
    """A field's name that counts how often it is compared with another."""

    comparisons = 0

    def __eq__(self, other: object) -> bool:
        CountedKey.comparisons += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__


def test_finding_a_field_given_twice_compares_each_field_a_few_times_not_with_every_other() -> None:
    pairs = [(CountedKey(f"k{index:05}"), 0) for index in range(3000)] + [(CountedKey("k01500"), 1)]
    CountedKey.comparisons = 0
    data = json_object(pairs)
    assert data.twice == "k01500" and CountedKey.comparisons <= 2 * len(pairs)  # each with all others: 9 million


def test_a_turn_with_100_000_fields_is_refused_for_its_first_unknown_field(finished: Game) -> None:
    fields = ", ".join(f'"k{index:06}": 0' for index in range(100_000))
    text = with_turn_line(dumps(finished), 1, lambda line: line.replace('{"player": ', "{" + fields + ', "player": '))
    assert len(text) > 1_300_000
    with pytest.raises(RecordError, match=r"^turn 1: unknown field 'k000000' \(fields are player, action, "):
        loads(text)


def test_text_longer_than_any_game_is_refused_by_its_size(finished: Game, tmp_path: Path) -> None:
    text = dumps(finished)
    assert loads(text + " " * (MAX_RECORD_BYTES - len(text))).turns == finished.turns
    too_long = r"^the record is over 4 MB, too long for a game: a record is at most 4 MB$"
    with pytest.raises(UnreadableRecord, match=too_long):
        loads(text + " " * (MAX_RECORD_BYTES - len(text) + 1))
    huge = tmp_path / "huge.json"
    with huge.open("wb") as stream:
        stream.truncate(50_000_000)  # a sparse file: 50 MB of zero bytes that take no room on the disk
    with pytest.raises(UnreadableRecord, match=r"^the record is over 49 MB, too long for a game"):
        load(huge)


def counting_card_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every card text the record's check parses from now on."""
    read: list[str] = []

    def counted(text: str) -> Card:
        read.append(text)
        return parse_card(text)

    monkeypatch.setattr(record_module, "parse_card", counted)
    return read


@pytest.mark.parametrize(("change", "where"), [
    (lambda r: r["deal"]["stock"].extend(["5S"] * 300_000), "deal, stock"),
    (lambda r: r["deal"]["hands"][1].extend(["5S"] * 300_000), "deal, hand 1"),
    (lambda r: r["turns"][0]["table"].extend([["5S", "5H", "5D"]] * 100_000), "turn 1, table"),
    (lambda r: r["turns"][0]["table"].append(["5S"] * 300_000), "turn 1, table"),
    (lambda r: r["turns"][0]["drawn"].extend(["5S"] * 300_000), "turn 1, drawn"),
])  # fmt: skip
def test_a_list_of_more_cards_than_the_decks_hold_is_refused_before_its_cards_are_read(
    finished: Game, monkeypatch: pytest.MonkeyPatch, change: Any, where: str
) -> None:
    record = tampered(finished, change)
    assert len(json.dumps(record)) > 1_800_000
    decks = full_deck(finished.rules.decks, finished.rules.jokers).total()
    read = counting_card_reads(monkeypatch)
    with pytest.raises(RecordError, match=rf"^{where}: 30\d,\d{{3}} cards, but the decks hold only {decks}$"):
        from_record(record)
    assert len(read) < 2 * decks  # the deal's cards and the turn's table at most: none of the 300,000


def test_players_are_refused_before_the_deal_is_read(finished: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    read = counting_card_reads(monkeypatch)
    for players, message in [
        (["a"] * 100_000, "^players: a game has 2 to 6 players, not 100000$"),
        (["a", "x" * 1_000_000, "b"], r"^players: a player's name is 1 to 40 characters, not 'xxxx.*\(1,000,000 "),
        (["a", "Ann\nturn 9, random closes and wins", "b"], "^players: a player's name cannot hold a line break"),
    ]:
        with pytest.raises(RecordError, match=message):
            from_record(tampered(finished, lambda r, players=players: r.update(players=players)))
    assert read == []


@pytest.mark.parametrize("nested", ["[" * 5000 + "]" * 5000, '{"a": ' * 5000 + "1" + "}" * 5000])
def test_a_record_nested_5000_deep_is_unreadable_in_words(finished: Game, nested: str) -> None:
    with pytest.raises(UnreadableRecord, match=r"^lists and objects are nested too deeply to read"):
        loads(dumps(finished).replace('"seed": 21', f'"seed": {nested}'))


@pytest.mark.parametrize(("old", "field"), [
    ('"seed": 21', "seed must be a whole number or null"),
    ('"dealer": ', "dealer must be a seat number"),
    ('"turns": [\n  {"player": ', "turn 1: player must be a seat from 0 to 2"),
    ('"winner": ', "result: winner must be a seat number or null"),
    ('"points": [', "result: points must be whole numbers"),
])  # fmt: skip
def test_a_number_of_4400_digits_names_its_field(finished: Game, old: str, field: str) -> None:
    text = dumps(finished).replace(old, old + "1" + "0" * 4400, 1)
    with pytest.raises(RecordError, match=rf"^{field}, not a number of 4,40\d digits$"):
        loads(text)


def test_a_record_saved_with_a_byte_order_mark_is_read(finished: Game, tmp_path: Path) -> None:
    assert loads("\ufeff" + dumps(finished)).turns == finished.turns
    path = tmp_path / "windows.json"
    path.write_bytes(b"\xef\xbb\xbf" + dumps(finished).encode("utf-8"))
    assert load(path).turns == finished.turns
    path.write_bytes(dumps(finished).encode("utf-8").replace(b'"rules"', b'"r\xe8les"'))
    with pytest.raises(UnreadableRecord, match=r"^line 2 is not UTF-8 text \(byte 0xe8\): save the record as UTF-8$"):
        load(path)
