"""Why a file is not JSON, said in the language in use (json's own English words, looked up in the catalogs)."""

from __future__ import annotations

import json

import pytest

from machiavelli_kit.game.record import UnreadableRecord, loads
from machiavelli_kit.i18n.json_words import REASONS, json_reason
from machiavelli_kit.practice.progress import Progress, ProgressError


def error_of(text: str) -> json.JSONDecodeError:
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(text)
    return caught.value


def test_json_s_own_messages_are_the_ones_marked() -> None:
    for text in ("", "[1, 2", '{"a" 1}', "{1: 2}", "[1] 2", '"abc'):
        assert error_of(text).msg in REASONS


def test_the_reason_in_english_and_a_message_the_kit_does_not_know() -> None:
    assert json_reason(error_of("[1, 2"), "en") == "Expecting ',' delimiter"
    odd = json.JSONDecodeError("Something new", "x", 0)
    assert json_reason(odd, "pl") == "Something new"
    with pytest.raises(UnreadableRecord, match="not JSON: Expecting value at line 1, column 1"):
        loads("nope")
    with pytest.raises(ProgressError, match=r"^not a progress file \(Expecting value\)$"):
        Progress.from_json("nope")


def test_the_reason_in_polish_and_italian() -> None:
    assert json_reason(error_of("[1, 2"), "pl") == "brakuje przecinka ','"
    assert json_reason(error_of(""), "it") == "manca un valore"
