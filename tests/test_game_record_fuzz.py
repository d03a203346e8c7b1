"""Records of real games, mutated at the JSON level, are read or refused in words, never with another exception.

Each example takes a record of a game the computer players played and changes it as a careless
editor or a hostile file would: a value of another type, a field given twice, text cut short,
a value nested in brackets, two cards swapped, a huge number, a control character. ``loads`` must
give back a game whose record is the one it read, or raise RecordError or UnreadableRecord; and
``machiavelli-kit game replay`` on the same file must exit 0, 1 or 2 with its message, as loads says.
The examples are the same on every run (derandomized, no example database).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from machiavelli_kit.cli import main
from machiavelli_kit.core.cards import parse_card, parse_cards
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.game.actions import Draw, Play
from machiavelli_kit.game.autoplay import play_game
from machiavelli_kit.game.deal import arranged_deal
from machiavelli_kit.game.record import RecordError, UnreadableRecord, dumps, loads
from machiavelli_kit.game.session import Game

Json = Any
Path_ = tuple[str | int, ...]


@cache
def real_records() -> tuple[str, ...]:
    """Short real games, so that each example replays in a blink: a game with helping cards that the
    greedy player closes on its second turn, a hand-dealt game scored in points that the third player
    closes, and greedy against random still going on after twelve turns."""
    helpers = play_game(["greedy", "greedy"], "wikipedia(hand_size=5, helpers=4)", seed=9).game
    rules = Rules.parse("classic")
    hands = [parse_cards("5H 6H 7H 9C"), parse_cards("2S 2D 2C KS"), parse_cards("AS AH AD")]
    points = Game(rules, ["Ann", "Bob", "Cy"], arranged_deal(rules, hands, seed=4), dealer=2)
    for action in (Play("5H 6H 7H"), Draw(), Play("5H 6H 7H | AS AH AD")):
        points.play(action)
    going_on = json.loads(dumps(play_game(["greedy", "random"], "bga", seed=1).game))
    going_on.update(turns=going_on["turns"][:12], result=None)
    texts = (dumps(helpers), dumps(points), json.dumps(going_on))
    assert helpers.over and points.over and all(loads(text) for text in texts)
    return texts


def paths(data: Json, path: Path_ = ()) -> list[Path_]:
    """Every place in ``data``: the whole, each field of an object, each item of a list."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += paths(value, (*path, index))
    return found


def at(data: Json, path: Path_) -> Json:
    for step in path:
        data = data[step]
    return data


def replaced(data: Json, path: Path_, value: Json) -> Json:
    if not path:
        return value
    parent = at(data, path[:-1])
    parent[path[-1]] = value
    return data


OTHER_VALUES: list[Json] = [True, False, None, 0, 1, -1, 1.0, 2.0, 0.5, "", "x", "5S", [], {}, [[]], {"a": 1}, 10**30]
CONTROLS = ["\n", "\r", "\t", "\x00", "\x1b[31m", "\x1c", "\x85", "\u2028", "\u202e", "\ud800"]
FIELDS = ["rules", "seed", "players", "dealer", "deal", "turns", "result", "hands", "stock", "table", "helpers",
          "player", "action", "played", "drawn", "winner", "reason", "points", "other"]  # fmt: skip


def a_value_of_another_type(data: Json, draw: Any) -> str:
    place = draw(st.sampled_from(paths(data)))
    return json.dumps(replaced(data, place, draw(st.sampled_from(OTHER_VALUES))))


def nested(data: Json, draw: Any) -> str:
    place = draw(st.sampled_from(paths(data)))
    depth = draw(st.sampled_from([1, 2, 5, 900, 5000]))
    value = at(data, place)
    text = json.dumps(value)
    opening, closing = ("[", "]") if draw(st.booleans()) else ('{"a": ', "}")
    return json.dumps(replaced(data, place, "@@HERE@@")).replace('"@@HERE@@"', opening * depth + text + closing * depth)


def cards_swapped(data: Json, draw: Any) -> str:
    strings = [place for place in paths(data) if isinstance(at(data, place), str)]
    first, second = draw(st.sampled_from(strings)), draw(st.sampled_from(strings))
    one, other = at(data, first), at(data, second)
    replaced(data, first, other)
    return json.dumps(replaced(data, second, one))


def an_item_removed_or_repeated(data: Json, draw: Any) -> str:
    place = draw(st.sampled_from([place for place in paths(data) if place]))
    parent, key = at(data, place[:-1]), place[-1]
    if draw(st.booleans()):
        del parent[key]
    elif isinstance(parent, list):
        parent.insert(int(key), parent[int(key)])
    else:
        parent[draw(st.sampled_from(FIELDS))] = parent[key]
    return json.dumps(data)


def a_control_character(data: Json, draw: Any) -> str:
    strings = [place for place in paths(data) if isinstance(at(data, place), str)]
    place, control = draw(st.sampled_from(strings)), draw(st.sampled_from(CONTROLS))
    text = at(data, place)
    cut = draw(st.integers(0, len(text)))
    mutated = json.dumps(replaced(data, place, text[:cut] + control + text[cut:]))
    return mutated.replace("\\n", "\n") if draw(st.booleans()) else mutated  # a raw line break is not JSON


def a_field_twice(data: Json, draw: Any) -> str:
    text = json.dumps(data)
    objects = [match.end() for match in re.finditer(r"\{", text)]
    where, field = draw(st.sampled_from(objects)), draw(st.sampled_from(FIELDS))
    value = draw(st.sampled_from(["0", "[]", "null", '"x"', "{}"]))
    return f'{text[:where]}"{field}": {value}, {text[where:]}'


def a_huge_number(data: Json, draw: Any) -> str:
    text = json.dumps(data)
    numbers = [match.span() for match in re.finditer(r"(?<![\w.])-?\d+", text)]
    start, end = draw(st.sampled_from(numbers))
    number = draw(st.sampled_from(["1" + "0" * 4400, "-" + "9" * 5000, "1" + "0" * 40, "1e400", "-0", "1.5e3"]))
    return text[:start] + number + text[end:]


def cut_short(data: Json, draw: Any) -> str:
    text = json.dumps(data)
    return text[: draw(st.integers(0, len(text) - 1))]


MUTATIONS: list[Callable[[Json, Any], str]] = [
    a_value_of_another_type, nested, cards_swapped, an_item_removed_or_repeated,
    a_control_character, a_field_twice, a_huge_number, cut_short,
]  # fmt: skip


def canonical(data: Json) -> Json:
    """A record as the reader reads it: the rules and the cards as the kit writes them, and the cards
    of a hand, of the helping cards and of a play in the kit's order (a record may list them in any order)."""
    data = json.loads(json.dumps(data))

    def cards(items: list[str], *, ordered: bool) -> list[str]:
        codes = [parse_card(item).code for item in items]
        return codes if ordered else sorted(codes)

    data["rules"] = str(Rules.parse(data["rules"]))
    deal = data["deal"]
    deal["hands"] = [cards(hand, ordered=False) for hand in deal["hands"]]
    deal["stock"], deal["helpers"] = cards(deal["stock"], ordered=True), cards(deal["helpers"], ordered=False)
    deal["table"] = [cards(meld, ordered=True) for meld in deal["table"]]
    for turn in data["turns"]:
        turn["table"] = [cards(meld, ordered=True) for meld in turn["table"]]
        turn["played"], turn["drawn"] = cards(turn["played"], ordered=False), cards(turn["drawn"], ordered=True)
        turn.setdefault("helpers", [])
        turn["helpers"] = cards(turn["helpers"], ordered=False)
    return data


def replay(path: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["game", "replay", str(path)])
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzzed")


@pytest.mark.slow
@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_a_mutated_record_is_read_back_whole_or_refused_in_words(folder: Path, data: st.DataObject) -> None:
    record = json.loads(real_records()[data.draw(st.integers(0, len(real_records()) - 1), label="record")])
    mutation = data.draw(st.sampled_from(MUTATIONS), label="mutation")
    text = mutation(record, data.draw)
    try:
        game = loads(text)
    except UnreadableRecord:
        expected = 2
    except RecordError:
        expected = 1
    else:
        expected = 0
        written, read = canonical(json.loads(dumps(game))), canonical(json.loads(text))
        assert json.dumps(written, sort_keys=True) == json.dumps(read, sort_keys=True)
    path = folder / "record.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = replay(path)
    assert code == expected
    if code == 0:
        assert re.fullmatch(r"valid record: \d+ turns?, (not )?finished", out.splitlines()[-1]) and not err
    else:
        assert re.fullmatch(r"machiavelli-kit game: [^\n]+\n", err) and "Traceback" not in err and not out
