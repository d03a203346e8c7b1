"""The class server's protocol, read and written in one place: every message checked before anything is done.

A message is a JSON object of at most :data:`MAX_BYTES`, with a known ``type`` and fields of the right
kinds; anything else is refused with one reason in words (:class:`MessageError`), and nothing changes.

Over the WebSocket a client sends ``hello`` first (its credential), then ``watch`` (a table's views come
after every turn) and ``act`` (an action at a table, answered by ``done`` or ``refused`` with the same ``id``).
Over HTTP the bodies are ``register``, ``me``, ``new_table`` (with ``turns`` and ``minutes``, the game's limit,
when it has one), ``seat``, ``computer`` and ``progress`` (the
trainer's record of one puzzle: ``{"puzzle", "attempts", "hints", "solved", "helped"}``).

The server sends:

- ``{"type": "welcome", "name", "lang"}`` after a good ``hello``;
- ``{"type": "view", "id", "rules", "status", "turn_seconds", "turn_left", "limit", "time_left", "turns_left",
  "time_up", "seats", "to_move", "turns", "maker", "game"}`` after ``watch`` and after every turn: the table's
  id, rules string, ``open``/``playing``/``over``, the turn timer's seconds and the seconds it has left now
  (``null`` while no timer runs), each seat's name
  and computer player (``limit``: the game's ``turns`` and ``minutes``, or null; ``time_left``: the seconds its
  clock has left, ``turns_left``: the turns until it ends, ``time_up``: time was called and the round is being
  played out), whose turn and how many turns so far, whether the seat's learner made the table
  (``maker``: they may give its empty seats to computer players); ``game`` (once it started) is the
  seat's own view (:func:`.views.seat_view`: its hand only, the others' hand sizes, the table, the stock,
  the helping cards, the turns as the seat may see them, the log in its language, the result);
- ``{"type": "round", "tournament", "round", "table", "seat"}`` on each connection of a learner seated as a
  tournament's round starts: their table, which their client opens by itself;
- ``{"type": "done", "id", "turn"}`` when an ``act`` counted, ``{"type": "refused", "id", "reason"}`` when
  not (``id`` null for a message that could not be read, ``table`` named when a ``watch`` was refused).

>>> parse('{"type": "act", "table": "abc", "id": 3, "action": {"kind": "draw"}}')
Act(table='abc', action=Draw(), id=3)
>>> parse('{"type": "act", "table": 5, "action": {"kind": "draw"}}')
Traceback (most recent call last):
...
machiavelli_kit.classroom.server.messages.MessageError: table should be text, not a number
>>> parse('{"type": "shout"}')
Traceback (most recent call last):
...
machiavelli_kit.classroom.server.messages.MessageError: unknown message type shout: the types are hello, watch, act
>>> action_json(parse_action({"kind": "play", "table": [["5S", "5H", "5D"]]}))
{'kind': 'play', 'table': [['5S', '5H', '5D']], 'helpers': []}
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard

from machiavelli_kit.core.cards import NotationError, parse_card
from machiavelli_kit.core.position import Table
from machiavelli_kit.game.actions import ACTION_KINDS, Action, Play, action_of
from machiavelli_kit.game.record_text import JsonObject, json_object
from machiavelli_kit.i18n import _
from machiavelli_kit.i18n.json_words import json_reason

MAX_BYTES = 64 * 1024
"""The longest message the server reads (a whole table of two decks is about 1 KiB)."""
FLOOD_RATE, FLOOD_BURST = 20.0, 40.0
"""A connection may send 20 messages a second, and 40 at once; past that it is flooding."""
MAX_TEXT = 400
"""The longest text field (a name, a rules string, a credential)."""
MAX_COUNT = 1_000_000
"""The most answers or hints a puzzle's record may count (a learner gives a few; a script, millions)."""


class MessageError(ValueError):
    """A message the server does not read; the message says why, in words."""


@dataclass(frozen=True)
class Hello:
    credential: str
    lang: str | None = None


@dataclass(frozen=True)
class Watch:
    table: str


@dataclass(frozen=True)
class Act:
    table: str
    action: Action
    id: int | None = None


@dataclass(frozen=True)
class Register:
    name: str
    lang: str | None = None


@dataclass(frozen=True)
class NewTable:
    rules: str
    seats: int
    computers: dict[int, str]
    turn_seconds: float | None = None
    seed: int | None = None
    turns: int | None = None
    """The game's turn limit, if any (checked by :class:`~machiavelli_kit.game.limits.Limit`)."""
    minutes: float | None = None
    """The game's time limit in minutes, if any."""


@dataclass(frozen=True)
class NewTournament:
    """The teacher's new tournament: its rules, rounds, table size, each round's minutes or turns, the pause
    between rounds in seconds, the computer player of short tables, whether learners see names, its seed."""

    rules: str
    rounds: int
    table_size: int
    minutes: float | None
    turns: int | None
    pause: float | None
    computer: str | None
    names_shown: bool
    seed: int | None


@dataclass(frozen=True)
class TakeSeat:
    seat: int | None = None


@dataclass(frozen=True)
class GiveSeat:
    seat: int
    kind: str


@dataclass(frozen=True)
class PuzzleProgress:
    puzzle: str
    attempts: int
    hints: int
    solved: bool
    helped: bool


Incoming = Hello | Watch | Act


def parse(text: str | bytes) -> Incoming:
    """A WebSocket message from a client, checked."""
    data = read(text)
    kind = data.get("type")
    if kind == "hello":
        return Hello(_text(data, "credential"), _optional_text(data, "lang"))
    if kind == "watch":
        return Watch(_text(data, "table"))
    if kind == "act":
        number = data.get("id")
        if number is not None and not _is_int(number):
            raise MessageError(_wrong("id", number, _("a whole number")))
        return Act(_text(data, "table"), parse_action(data.get("action")), number)
    raise MessageError(
        _("unknown message type {type}: the types are {types}").format(
            type=kind if isinstance(kind, str) else json.dumps(kind), types="hello, watch, act"
        )
    )


def parse_register(body: bytes) -> Register:
    data = read(body)
    return Register(_text(data, "name"), _optional_text(data, "lang"))


def parse_me(body: bytes) -> Register:
    """``{"lang"}`` (or nothing): the language a known learner asks for; the name is the one the server knows."""
    data = read(body) if body.strip() else {}
    return Register("", _optional_text(data, "lang"))


def parse_new_table(body: bytes) -> NewTable:
    data = read(body)
    seats = _number(data, "seats")
    computers: dict[int, str] = {}
    given = data.get("computers", {})
    if not isinstance(given, dict):
        raise MessageError(_wrong("computers", given, _("an object of seats and computer players")))
    for seat, kind in given.items():
        if not seat.isdigit() or len(seat) > 2 or not isinstance(kind, str):
            raise MessageError(
                _("computers should name seat numbers and computer players, like {example}").format(
                    example='{"1": "greedy"}'
                )
            )
        computers[int(seat)] = kind
    turn_seconds = data.get("turn_seconds")
    if turn_seconds is not None and not (isinstance(turn_seconds, int | float) and not isinstance(turn_seconds, bool)):
        raise MessageError(_wrong("turn_seconds", turn_seconds, _("a number of seconds")))
    seed = data.get("seed")
    if seed is not None and not (_is_int(seed) and 0 <= seed < 2**31):
        raise MessageError(_wrong("seed", seed, _("a whole number")))
    turns = data.get("turns")
    if turns is not None and not _is_int(turns):
        raise MessageError(_wrong("turns", turns, _("a whole number")))
    minutes = data.get("minutes")
    if minutes is not None and not (isinstance(minutes, int | float) and not isinstance(minutes, bool)):
        raise MessageError(_wrong("minutes", minutes, _("a number of minutes")))
    return NewTable(
        _text(data, "rules"),
        seats,
        computers,
        None if turn_seconds is None else float(turn_seconds),
        seed,
        turns,
        None if minutes is None else float(minutes),
    )


def parse_new_tournament(body: bytes) -> NewTournament:
    """``{"rules", "rounds", "table_size", "minutes", "turns", "pause", "computer", "names_shown", "seed"}``; the
    settings' values are checked by the tournament (:mod:`.tournaments`), their kinds here.

    >>> parse_new_tournament(b'{"rules": "bga", "rounds": 3, "table_size": 2, "minutes": 12}').minutes
    12.0
    >>> parse_new_tournament(b'{"rules": "bga", "rounds": "three", "table_size": 2}')
    Traceback (most recent call last):
    ...
    machiavelli_kit.classroom.server.messages.MessageError: rounds should be a whole number, not text
    """
    data = read(body)
    minutes, pause = _optional_number(data, "minutes"), _optional_number(data, "pause")
    turns, seed = data.get("turns"), data.get("seed")
    if turns is not None and not _is_int(turns):
        raise MessageError(_wrong("turns", turns, _("a whole number")))
    if seed is not None and not (_is_int(seed) and 0 <= seed < 2**31):
        raise MessageError(_wrong("seed", seed, _("a whole number")))
    names_shown = data.get("names_shown", True)
    if not isinstance(names_shown, bool):
        raise MessageError(_wrong("names_shown", names_shown, _("true or false")))
    return NewTournament(
        _text(data, "rules"),
        _number(data, "rounds"),
        _number(data, "table_size"),
        minutes,
        turns,
        pause,
        _optional_text(data, "computer"),
        names_shown,
        seed,
    )


def _optional_number(data: Mapping[str, Any], key: str) -> float | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise MessageError(_wrong(key, value, _("a number")))
    return float(value)


def parse_take_seat(body: bytes) -> TakeSeat:
    data = read(body) if body.strip() else {}
    seat = data.get("seat")
    if seat is not None and not _is_int(seat):
        raise MessageError(_wrong("seat", seat, _("a whole number")))
    return TakeSeat(seat)


def parse_give_seat(body: bytes) -> GiveSeat:
    data = read(body)
    return GiveSeat(_number(data, "seat"), _text(data, "kind"))


def parse_progress(body: bytes) -> PuzzleProgress:
    """The trainer's record of one puzzle: answers and hints counted, solved on one's own or with help.

    >>> parse_progress(b'{"puzzle": "bga-3", "attempts": 2, "hints": 1, "solved": true, "helped": false}')
    PuzzleProgress(puzzle='bga-3', attempts=2, hints=1, solved=True, helped=False)
    >>> parse_progress(b'{"puzzle": "bga-3", "attempts": 0, "hints": 0, "solved": true, "helped": false}')
    Traceback (most recent call last):
    ...
    machiavelli_kit.classroom.server.messages.MessageError: a puzzle solved needs at least one answer
    """
    data = read(body)
    puzzle = _text(data, "puzzle")
    attempts, hints = _count(data, "attempts"), _count(data, "hints")
    solved, helped = _flag(data, "solved"), _flag(data, "helped")
    if (solved or helped) and not attempts:
        raise MessageError(_("a puzzle solved needs at least one answer"))
    return PuzzleProgress(puzzle, attempts, hints, solved, helped)


def read(text: str | bytes) -> dict[str, Any]:
    """A JSON object of at most :data:`MAX_BYTES`, each field once."""
    if len(text) > MAX_BYTES:
        raise MessageError(
            _("the message is {size:,} bytes, longer than the {limit:,} a message may be").format(
                size=len(text), limit=MAX_BYTES
            )
        )
    try:
        data = json.loads(text, object_pairs_hook=json_object)
    except json.JSONDecodeError as error:
        raise MessageError(_("the message is not JSON: {reason}").format(reason=json_reason(error))) from None
    except UnicodeDecodeError:
        raise MessageError(_("the message is not UTF-8 text")) from None
    except RecursionError:
        raise MessageError(_("the message nests lists and objects too deeply")) from None
    if not isinstance(data, dict):
        raise MessageError(_("a message is a JSON object, with a type and its fields"))
    if isinstance(data, JsonObject) and data.twice is not None:
        raise MessageError(_("the field {key} appears twice in the message").format(key=data.twice))
    return data


def parse_action(data: object) -> Action:
    """An action as a message writes it: ``{"kind": "draw"}``, or a play with the whole table after it."""
    if not isinstance(data, dict):
        raise MessageError(_("the action should be an object, like {example}").format(example='{"kind": "draw"}'))
    kind = data.get("kind")
    if kind not in ACTION_KINDS:
        raise MessageError(
            _("the action should be one of {kinds}, not {kind}").format(
                kinds=", ".join(ACTION_KINDS), kind=kind if isinstance(kind, str) else json.dumps(kind)
            )
        )
    if kind != "play":
        return action_of(kind)
    table, helpers = data.get("table"), data.get("helpers", [])
    if not isinstance(table, list) or not all(_is_cards(meld) for meld in table):
        raise MessageError(_("a play names the table it leaves: a list of melds, each a list of cards"))
    if not _is_cards(helpers):
        raise MessageError(_("the helping cards taken should be a list of cards"))
    try:
        return Play(Table.parse(table), tuple(parse_card(code) for code in helpers))
    except NotationError as error:
        raise MessageError(str(error)) from None


def action_json(action: Action) -> dict[str, Any]:
    """``action`` as a message writes it."""
    if isinstance(action, Play):
        return {
            "kind": "play",
            "table": [[card.code for card in meld.cards] for meld in action.table.melds],
            "helpers": [card.code for card in action.helpers],
        }
    return {"kind": action.kind}


def write(kind: str, **fields: object) -> str:
    """A message of ``kind`` to send."""
    return json.dumps({"type": kind, **fields}, ensure_ascii=False)


class RateLimit:
    """A token bucket: :meth:`allow` is false once a connection sends faster than ``rate`` a second for long.

    >>> now = [0.0]
    >>> limit = RateLimit(rate=2, burst=3, clock=lambda: now[0])
    >>> [limit.allow() for _ in range(4)]
    [True, True, True, False]
    >>> now[0] = 1.0
    >>> limit.allow(), limit.allow(), limit.allow()
    (True, True, False)
    """

    def __init__(
        self, rate: float = FLOOD_RATE, burst: float = FLOOD_BURST, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.last = burst, clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise MessageError(_missing(key) if value is None else _wrong(key, value, _("text")))
    if len(value) > MAX_TEXT:
        raise MessageError(_("{field} is longer than {limit} characters").format(field=key, limit=MAX_TEXT))
    return value


def _optional_text(data: Mapping[str, Any], key: str) -> str | None:
    return None if data.get(key) is None else _text(data, key)


def _number(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if not _is_int(value) or not -(2**31) < value < 2**31:
        raise MessageError(_missing(key) if value is None else _wrong(key, value, _("a whole number")))
    return value


def _count(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if not _is_int(value) or not 0 <= value <= MAX_COUNT:
        wanted = _("a whole number from 0 to {most:,}").format(most=MAX_COUNT)
        raise MessageError(_missing(key) if value is None else _wrong(key, value, wanted))
    return value


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key)
    if not isinstance(value, bool):
        raise MessageError(_missing(key) if value is None else _wrong(key, value, _("true or false")))
    return value


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_cards(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(code, str) and len(code) <= 8 for code in value)


def _missing(key: str) -> str:
    # TRANSLATORS: {field} is a field of a message, as the protocol names it (not translated).
    return _("the message has no {field}").format(field=key)


def _wrong(key: str, value: object, wanted: str) -> str:
    return _("{field} should be {wanted}, not {kind}").format(field=key, wanted=wanted, kind=_kind(value))


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return _("true or false")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, str):
        return _("text")
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    return _("null")
