"""The class server's protocol: every message a client may send is read, or refused with one reason in words.

Whatever arrives (any JSON, any bytes), the parser answers with a message or a :class:`MessageError`, never
another exception from deep inside; and a connection's rate limit lets a class's pace through, not a flood.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.classroom.server.messages import (
    MAX_BYTES,
    Act,
    Hello,
    MessageError,
    RateLimit,
    Watch,
    action_json,
    parse,
    parse_action,
    parse_new_table,
    parse_take_seat,
)
from machiavelli_kit.core.position import Table
from machiavelli_kit.game.actions import Draw, Play, Restore
from machiavelli_kit.i18n import speaking

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


def test_the_three_messages_are_read() -> None:
    assert parse('{"type": "hello", "credential": "abc", "lang": "it"}') == Hello("abc", "it")
    assert parse(b'{"type": "watch", "table": "t1"}') == Watch("t1")
    play = '{"type": "act", "table": "t1", "id": 4, "action": {"kind": "play", "table": [["5S", "5H", "5D"]]}}'
    assert parse(play) == Act("t1", Play(Table.parse("5S 5H 5D")), 4)


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ("{", "the message is not JSON"),
        (b"\xff\xfe", "not UTF-8|not JSON"),
        ("[" * 100_000, "longer than the 65,536"),
        ("[" * 60_000 + "]" * 60_000, "longer than"),
        ("[" * 30_000 + "]" * 30_000, "nests lists and objects too deeply|a message is a JSON object"),
        ('"hello"', "a message is a JSON object"),
        ("{}", "unknown message type null"),
        ('{"type": 3}', "unknown message type 3"),
        ('{"type": "hello"}', "the message has no credential"),
        ('{"type": "hello", "credential": ["a"]}', "credential should be text, not a list"),
        ('{"type": "act", "table": "t", "id": true, "action": {"kind": "draw"}}', "id should be a whole number"),
        ('{"type": "act", "table": "t", "action": "draw"}', "the action should be an object"),
        ('{"type": "act", "table": "t", "action": {"kind": "play", "table": [["5S", 5]]}}', "a play names the table"),
        ('{"type": "act", "table": "t", "action": {"kind": "play", "table": [["5Z"]]}}', "5Z"),
        ('{"type": "watch", "table": "t", "type": "act"}', "the field type appears twice"),
        ('{"type": "watch", "table": "' + "t" * 500 + '"}', "table is longer than 400 characters"),
    ],
)
def test_a_bad_message_is_refused_with_its_reason(message: str | bytes, reason: str) -> None:
    with pytest.raises(MessageError, match=reason):
        parse(message)


def test_a_refusal_is_said_in_the_language_in_use() -> None:
    with speaking("it"), pytest.raises(MessageError) as refused:
        parse('{"type": "hello"}')
    assert "credential" in str(refused.value) and "the message" not in str(refused.value)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_any_json_is_read_or_refused_in_words(data: object) -> None:
    for text in (json.dumps(data), json.dumps({"type": "act", "table": "t", "action": data})):
        try:
            parse(text)
        except MessageError as error:
            assert str(error)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_any_table_request_is_read_or_refused_in_words(data: object) -> None:
    body = json.dumps(data if not isinstance(data, dict) else {"rules": "bga", "seats": 2, **data}).encode()
    for parser in (parse_new_table, parse_take_seat):
        try:
            parser(body)
        except MessageError as error:
            assert str(error)


@given(st.sampled_from([Draw(), Restore(), Play(Table.parse("5S 5H 5D | 6H 7H 8H"), ())]))
def test_an_action_written_is_read_back_the_same(action: Draw | Restore | Play) -> None:
    assert parse_action(action_json(action)) == action


def test_a_message_just_under_the_limit_is_read() -> None:
    padding = MAX_BYTES - len('{"type": "watch", "table": "t", "pad": ""}')
    assert parse('{"type": "watch", "table": "t", "pad": "' + "x" * padding + '"}') == Watch("t")


def test_the_rate_limit_lets_a_steady_pace_through_and_stops_a_flood() -> None:
    now = [0.0]
    limit = RateLimit(rate=20, burst=40, clock=lambda: now[0])
    steady = []
    for _ in range(600):  # 10 a second for a minute
        now[0] += 0.1
        steady.append(limit.allow())
    assert all(steady)
    flood = [limit.allow() for _ in range(100)]  # 100 at one instant
    first = flood.index(False)
    assert 39 <= first <= 40 and not any(flood[first:])  # 40 at once, give or take the float of the refill
