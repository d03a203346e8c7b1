"""A game saved as JSON, and loaded back by replaying it turn by turn under the rules.

A record is data, never code: it is parsed strictly, every field checked, every turn
replayed through the engine and compared with what the record says it did. The first
thing wrong is named, with the turn's number and why. Seats are numbered from 0.

What no game can hold is refused before the turns are replayed, so a record costs time in
proportion to its length: text longer than any game's (:mod:`.record_text`), more players than
a game has, a name too long, a list of more cards than the decks hold.

>>> from machiavelli_kit.game.actions import Draw
>>> game = Game.new(["Ann", "Bob"], "bga", seed=7)
>>> _ = game.play(Draw())
>>> again = loads(dumps(game))
>>> again.turns == game.turns and again.state == game.state
True
>>> loads(dumps(game).replace('"drawn": ["', '"drawn": ["KS", "'))
Traceback (most recent call last):
...
machiavelli_kit.game.record.RecordError: turn 1: the record says KS ... was drawn, but the stock gave ...
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeGuard, TypeVar

from machiavelli_kit.core.cards import Card, NotationError, format_cards, full_deck, parse_card, quote
from machiavelli_kit.core.position import Table
from machiavelli_kit.core.rules import Rules, RulesError
from machiavelli_kit.files import write_atomically
from machiavelli_kit.game.actions import ACTION_KINDS, IllegalAction, Play, action_of
from machiavelli_kit.game.deal import Deal, DealError, check_player_count, deal_game
from machiavelli_kit.game.limits import Limit, LimitError
from machiavelli_kit.game.record_text import MAX_RECORD_BYTES, JsonObject, LongNumber, check_size, read_json
from machiavelli_kit.game.record_text import UnreadableRecord as UnreadableRecord  # loads raises it: importable here
from machiavelli_kit.game.session import Game, check_name
from machiavelli_kit.game.state import Result, Turn
from machiavelli_kit.i18n import N_, _, ngettext

T = TypeVar("T")
RECORD_FIELDS = ("rules", "seed", "players", "dealer", "deal", "turns", "result")
RECORD_OPTIONAL = ("limit",)
"""Written only when there is one: the game's limit of turns or minutes, and after which turn its time was up."""
LIMIT_FIELDS = ("turns", "minutes", "time_called")
DEAL_FIELDS = ("hands", "stock", "table", "helpers")
TURN_FIELDS = ("player", "action", "table", "played", "drawn")
TURN_OPTIONAL = ("helpers", "out_of_time")
"""Written only when they say something: the helping cards taken (in games with helping cards), and
``"out_of_time": true`` on a computer player's move that its safety limit cut short."""
RESULT_FIELDS = ("winner", "reason", "hands", "points")


LEGACY_STOCK_OUT = {"bga": "end", "wikipedia": "end", "classic": "play_on"}
"""Each preset's ``stock_out`` before records named it: a record that does not name it was played so.
(Issue 24 made the documents' ``last_card`` the default; records have named it since.)"""
_NAMES_STOCK_OUT = re.compile(r"[(,]\s*stock_out\s*=", re.IGNORECASE)


class RecordError(ValueError):
    """A record that is not a valid game; the message names the field or the turn, and why."""


def to_record(game: Game) -> dict[str, Any]:
    """The record of ``game`` as plain JSON data (cards in the kit's notation)."""
    deal = game.deal
    return {
        "rules": game.rules.spelled("stock_out"),  # always named: bga's changed once (see LEGACY_STOCK_OUT)
        "seed": game.seed,
        "players": list(game.players),
        "dealer": game.dealer,
        "deal": {
            "hands": [_codes(hand) for hand in deal.hands],
            "stock": _codes(deal.stock),
            "table": _melds(deal.table),
            "helpers": _codes(deal.helpers),
        },
        **({"limit": limit_record(game)} if game.limit or game.time_called is not None else {}),
        "turns": [turn_record(turn, game.rules) for turn in game.turns],
        "result": None if game.result is None else result_record(game.result),
    }


def limit_record(game: Game) -> dict[str, Any]:
    """A game's limit as a record writes it: only what there is of ``turns``, ``minutes`` and ``time_called``."""
    values = {"turns": game.limit.turns, "minutes": game.limit.minutes, "time_called": game.time_called}
    return {key: value for key, value in values.items() if value is not None}


def dumps(game: Game) -> str:
    """The record as JSON text: one line per field and per turn, so it reads and diffs well."""
    lines = []
    for key, value in to_record(game).items():
        if key == "turns":
            turns = ",\n".join(f"  {json.dumps(turn)}" for turn in value)
            lines.append(f' "turns": [\n{turns}\n ]' if turns else ' "turns": []')
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def save(game: Game, path: str | Path) -> None:
    """Write the record to ``path`` atomically (a crash never leaves half a file)."""
    write_atomically(path, dumps(game))


def load(path: str | Path) -> Game:
    """Read and replay the record in ``path``; :class:`RecordError` if it is not a valid game,
    :class:`UnreadableRecord` if it cannot be one (a file longer than any game's is refused from its size, unread).
    """
    with Path(path).open("rb") as stream:
        check_size(os.fstat(stream.fileno()).st_size)
        data = stream.read(MAX_RECORD_BYTES + 1)  # a file still growing is read no further than that
    return loads(data)


def loads(text: str | bytes) -> Game:
    """Parse and replay a record (its text, or its bytes in UTF-8); :class:`UnreadableRecord` if it is not
    JSON, too long or too deeply nested to be one, :class:`RecordError` if it is not a valid game."""
    return from_record(read_json(text))


def from_record(data: object) -> Game:
    """Replay record data (as :func:`to_record` writes it) into a :class:`Game`, checking everything."""
    # TRANSLATORS: the whole record, where it is not a JSON object.
    record = _fields(data, RECORD_FIELDS, RECORD_OPTIONAL, _("the record"))
    try:
        rules = record_rules(_string(record["rules"], "rules"))
    except RulesError as error:
        raise RecordError(f"rules: {error}") from None
    seed = record["seed"]
    if seed is not None and not _is_int(seed):
        raise RecordError(_("seed must be a whole number or null, not {value}").format(value=_shown(seed)))
    names = _names(record["players"])
    dealer = record["dealer"]
    if not _is_int(dealer):
        raise RecordError(_("dealer must be a seat number, not {value}").format(value=_shown(dealer)))
    cards = full_deck(rules.decks, rules.jokers).total()
    deal = _deal(record["deal"], len(names), cards)
    turns = _list(record["turns"], "turns")
    limit, time_called = _limit(record.get("limit", {}), len(turns))
    try:
        game = Game(rules, names, deal, dealer, seed=seed, limit=limit)
    except DealError as error:
        raise RecordError(f"deal: {error}") from None
    if seed is not None:
        _check_seeded(game, seed)
    if time_called is None:
        replay_turns(game, turns)
    else:
        replay_turns(game, turns[:time_called])
        if game.over:
            raise RecordError(
                _("limit: the time cannot be up after turn {number}: the game was already over").format(
                    number=time_called
                )
            )
        game.call_time()
        replay_turns(game, turns[time_called:])
    _check_result(game, record["result"])
    return game


def _limit(data: object, turns: int) -> tuple[Limit, int | None]:
    """A record's limit, and after how many turns its time was up (at most the record's ``turns``)."""
    if not isinstance(data, dict):
        raise RecordError(_("limit must be a JSON object, like {example}").format(example='{"turns": 60}'))
    entry = _fields(data, (), LIMIT_FIELDS, "limit")
    time_called = entry.get("time_called")
    if time_called is not None and not (_is_int(time_called) and 0 <= time_called <= turns):
        raise RecordError(
            _("limit: time_called must be a number of turns from 0 to {turns}, not {value}").format(
                turns=turns, value=_shown(time_called)
            )
        )
    try:
        return Limit(turns=entry.get("turns"), minutes=entry.get("minutes")), time_called
    except LimitError as error:
        raise RecordError(f"limit: {error}") from None


def replay_turns(game: Game, turns: Sequence[object]) -> Game:
    """Play ``turns`` (as :func:`turn_record` writes them) on from where ``game`` is, each checked as a record's
    turn is; :class:`RecordError` names the first one that is wrong. A class server rebuilds its games so."""
    cards = full_deck(game.rules.decks, game.rules.jokers).total()
    for number, entry in enumerate(turns, start=len(game.turns) + 1):
        _replay_turn(game, number, entry, cards)
    return game


def record_rules(text: str) -> Rules:
    """The rules a record's rules string means: as :meth:`Rules.parse` reads it, except that a string
    that does not name ``stock_out`` keeps the reading its preset had when it was written.

    >>> str(record_rules("bga")), str(record_rules("bga(stock_out=last_card)")), str(record_rules("classic"))
    ('bga(stock_out=end)', 'bga', 'classic')
    """
    rules = Rules.parse(text)
    if _NAMES_STOCK_OUT.search(text):
        return rules
    return rules.replace(stock_out=LEGACY_STOCK_OUT[rules.preset])


def _names(data: object) -> list[str]:
    """The players' names, refused as the game would refuse them, before the deal is read."""
    players = _list(data, "players")
    try:
        check_player_count(len(players))
        names = [_string(name, _("a player's name")) for name in players]
        for name in names:
            check_name(name)
    except DealError as error:
        raise RecordError(f"players: {error}") from None
    return names


def _check_seeded(game: Game, seed: int) -> None:
    """The deal is the one ``seed`` deals from the record's dealer (the seed's own dealer, or the
    seat a match passed the deal to)."""
    _dealer, deal = deal_game(game.rules, len(game.players), seed, game.dealer)
    for seat, (dealt, recorded) in enumerate(zip(deal.hands, game.deal.hands, strict=True)):
        if dealt != recorded:
            raise RecordError(
                _("deal: {name}'s hand is not the one seed {seed} deals").format(name=game.players[seat], seed=seed)
            )
    if (deal.stock, deal.table, deal.helpers) != (game.deal.stock, game.deal.table, game.deal.helpers):
        raise RecordError(
            _("deal: the stock, table or helping cards are not the ones seed {seed} deals").format(seed=seed)
        )


def _replay_turn(game: Game, number: int, data: object, most: int) -> None:
    # TRANSLATORS: where a record is wrong: "turn 12: ..."
    where = _("turn {number}").format(number=number)
    if game.over:
        raise RecordError(
            _("{where}: the game was already over after turn {number}").format(where=where, number=number - 1)
        )
    entry = _fields(data, TURN_FIELDS, TURN_OPTIONAL, where)
    player, kind = entry["player"], entry["action"]
    if not _is_int(player) or not 0 <= player < len(game.players):
        raise RecordError(
            _("{where}: player must be a seat from 0 to {last}, not {value}").format(
                where=where, last=len(game.players) - 1, value=_shown(player)
            )
        )
    seat = game.state.to_move
    if player != seat:
        raise RecordError(
            _("{where}: it was {name}'s turn, not {other}'s").format(
                where=where, name=game.players[seat], other=game.players[player]
            )
        )
    if kind not in ACTION_KINDS:
        raise RecordError(
            _("{where}: action must be one of {actions}, not {value}").format(
                where=where, actions=", ".join(ACTION_KINDS), value=_shown(kind)
            )
        )
    table = _table(entry["table"], f"{where}, table", most)
    played = _cards(entry["played"], f"{where}, played", most)
    drawn = _cards(entry["drawn"], f"{where}, drawn", most)
    helpers = _cards(entry.get("helpers", []), f"{where}, helpers", most)
    out_of_time = entry.get("out_of_time", False)
    if not isinstance(out_of_time, bool):
        raise RecordError(
            _("{where}: out_of_time must be true or false, not {value}").format(where=where, value=_shown(out_of_time))
        )
    name = game.players[seat]
    try:
        if kind == "play":
            turn = game.play(Play(table, helpers), out_of_time=out_of_time)
        else:
            if table != game.table:
                raise RecordError(
                    _("{where}: {name} did not play, so the table cannot change").format(where=where, name=name)
                )
            turn = game.play(action_of(kind), out_of_time=out_of_time)
    except IllegalAction as error:
        # TRANSLATORS: {action} is draw, play, restore or pass, as the record names it.
        raise RecordError(
            _("{where}: {name}'s {action} is not allowed: {reason}").format(
                where=where, name=name, action=kind, reason=error
            )
        ) from None
    _same(
        where, N_("{where}: the record says {says} was played, but the table shows {gave}"), sorted(played), turn.played
    )
    _same(where, N_("{where}: the record says {says} was drawn, but the stock gave {gave}"), drawn, turn.drawn)
    _same(
        where,
        N_("{where}: the record says {says} was taken from the helping cards, but the table shows {gave}"),
        sorted(helpers),
        turn.helpers,
    )


def _same(where: str, message: str, recorded: Sequence[Card], actual: Sequence[Card]) -> None:
    if tuple(recorded) != tuple(actual):
        # TRANSLATORS: said where a record names no cards: "the record says nothing was drawn".
        nothing = _("nothing")
        says, gave = format_cards(recorded) or nothing, format_cards(actual) or nothing
        raise RecordError(_(message).format(where=where, says=says, gave=gave))


def _check_result(game: Game, data: object) -> None:
    if game.result is None:
        if data is not None:
            raise RecordError(
                ngettext(
                    "result: the game is not over after {count} turn, so the result must be null",
                    "result: the game is not over after {count} turns, so the result must be null",
                    len(game.turns),
                ).format(count=len(game.turns))
            )
        return
    entry = _fields(data, RESULT_FIELDS, (), "result")
    winner, points = entry["winner"], entry["points"]
    if winner is not None and not _is_int(winner):
        raise RecordError(_("result: winner must be a seat number or null, not {value}").format(value=_shown(winner)))
    if points is not None:
        for value in _list(points, "result, points"):
            if not _is_int(value):
                raise RecordError(_("result: points must be whole numbers, not {value}").format(value=_shown(value)))
    actual = result_record(game.result)
    for key in RESULT_FIELDS:
        if entry[key] != actual[key]:
            raise RecordError(
                _("result: the record says {key} {value}, but the replayed game gives {actual}").format(
                    key=key, value=_shown(entry[key]), actual=_shown(actual[key])
                )
            )


def _deal(data: object, players: int, most: int) -> Deal:
    entry = _fields(data, DEAL_FIELDS, (), "deal")
    hands_data = _list(entry["hands"], "deal, hands")
    if len(hands_data) != players:
        raise RecordError(
            "deal: "
            + _("the deal has {hands} hands for {players} players").format(hands=len(hands_data), players=players)
        )
    hands = tuple(tuple(sorted(_cards(hand, f"deal, hand {seat}", most))) for seat, hand in enumerate(hands_data))
    table = _table(entry["table"], "deal, table", most)
    stock, helpers = _cards(entry["stock"], "deal, stock", most), _cards(entry["helpers"], "deal, helpers", most)
    return Deal(hands, stock, table, tuple(sorted(helpers)))


def turn_record(turn: Turn, rules: Rules) -> dict[str, Any]:
    """One turn as a record writes it (the helping cards taken only in games that have them)."""
    with_helpers = rules.helpers > 0
    record: dict[str, Any] = {
        "player": turn.player,
        "action": turn.action,
        "table": _melds(turn.table),
        "played": _codes(turn.played),
        "drawn": _codes(turn.drawn),
    }
    if with_helpers:
        record["helpers"] = _codes(turn.helpers)
    if turn.out_of_time:
        record["out_of_time"] = True
    return record


def result_record(result: Result) -> dict[str, Any]:
    """A game's result as a record writes it (and a class server's views send it)."""
    return {
        "winner": result.winner,
        "reason": result.reason,
        "hands": [_codes(hand) for hand in result.hands],
        "points": None if result.points is None else list(result.points),
    }


def _fields(data: object, required: Sequence[str], optional: Sequence[str], where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise RecordError(
            _("{where} must be a JSON object with {fields}").format(where=where, fields=", ".join(required))
        )
    if isinstance(data, JsonObject) and data.twice is not None:
        raise RecordError(_("{where}: the field {key} appears twice").format(where=where, key=quote(data.twice)))
    for key in data:
        if key not in required and key not in optional:
            raise RecordError(
                _("{where}: unknown field {key} (fields are {fields})").format(
                    where=where, key=quote(key), fields=", ".join((*required, *optional))
                )
            )
    for key in required:
        if key not in data:
            raise RecordError(_("{where}: the field {key} is missing").format(where=where, key=quote(key)))
    return data


def _cards(data: object, where: str, most: int) -> tuple[Card, ...]:
    """The cards of a list, refused unread when there are more than the decks hold (``most``)."""
    items = _list(data, where)
    _check_count(len(items), where, most)
    return _parse(lambda: tuple(parse_card(_string(item, where)) for item in items), where)


def _table(data: object, where: str, most: int) -> Table:
    """The table in a list of melds, each a list of cards, refused unread when they hold more cards than the decks."""
    melds = [_list(meld, where) for meld in _list(data, where)]
    _check_count(sum(len(meld) for meld in melds), where, most)
    return _parse(lambda: Table.parse([[_string(card, where) for card in meld] for meld in melds]), where)


def _check_count(count: int, where: str, most: int) -> None:
    if count > most:
        raise RecordError(
            ngettext(
                "{where}: {count} card, but the decks hold only {most}",
                "{where}: {count} cards, but the decks hold only {most}",
                count,
            ).format(where=where, count=f"{count:,}", most=most)
        )


def _parse(read: Callable[[], T], where: str) -> T:
    try:
        return read()
    except NotationError as error:
        raise RecordError(f"{where}: {error}") from None


def _list(data: object, where: str) -> list[Any]:
    if not isinstance(data, list):
        raise RecordError(_("{where} must be a JSON list, not {kind}").format(where=where, kind=type(data).__name__))
    return data


def _string(data: object, where: str) -> str:
    if not isinstance(data, str):
        raise RecordError(_("{where}: expected text, not {value}").format(where=where, value=_shown(data)))
    return data


def _is_int(value: object) -> TypeGuard[int]:
    """A whole number as JSON writes one: ``true`` and ``1.0`` are not (though Python takes them for 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: object) -> str:
    """A value of the record as a message quotes it: ``true``, ``false`` and ``null`` as JSON writes them."""
    if isinstance(value, LongNumber):
        return ngettext("a number of {count} digit", "a number of {count} digits", value.digits).format(
            count=f"{value.digits:,}"
        )
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    return quote(value)


def _codes(cards: Sequence[Card]) -> list[str]:
    return [card.code for card in cards]


def _melds(table: Table) -> list[list[str]]:
    return [_codes(meld.cards) for meld in table.melds]
