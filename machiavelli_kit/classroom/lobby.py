"""The class's tables before a game, headless: which class server, who the learner is there, the open tables
in words, and making or joining one (the lobby widget, :mod:`machiavelli_kit.ui.lobby`, draws this).

The class server's address is in :data:`CLASS_SERVER_VARIABLE` (``machiavelli-kit app`` sets it for its
pages). Inside a JupyterHub the learner is their hub account (:mod:`machiavelli_kit.classroom.identity`)
and gives no name. Elsewhere the server knows a learner by a credential it gives once for their name; it
is kept in the kit's data folder, a file for each visitor of the app (named by a hash of the visitor's id,
never the id) or for the computer's one user elsewhere, so a page opened again is the same learner, back at their seat.

>>> summary = {"id": "k3x9", "rules": "bga", "status": "open", "turn_seconds": None, "seats": [
...     {"seat": 0, "name": "Ada", "computer": None}, {"seat": 1, "name": None, "computer": "greedy"},
...     {"seat": 2, "name": None, "computer": None}]}
>>> print(table_text(summary))
Board Game Arena rules · Ada, greedy (computer), a free seat
>>> free_seats(summary), own_seat(summary, "Ada"), own_seat(summary, "Bob")
(1, 0, None)

A tournament in the lobby, and where the learner stands in it (:func:`tournament_text`, :func:`tournament_place`):

>>> tournament = {"id": "t7", "rules": "bga", "rounds": 3, "table_size": 2, "minutes": 10.0, "turns": None,
...     "status": "open", "round": 0, "entered": False, "you": None}
>>> print(tournament_text(tournament))
A tournament: 3 rounds at tables of 2, 10 minutes a round · Board Game Arena rules
>>> print(tournament_place(tournament, 1))
You are in the tournament: wait for round 1 to start.
>>> print(tournament_place({**tournament, "status": "playing", "round": 2}, 3))
You are in the tournament: you play from round 3.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from machiavelli_kit.classroom.identity import hub_client
from machiavelli_kit.classroom.server.client import ClassClient
from machiavelli_kit.classroom.visitor import visitor
from machiavelli_kit.core.rules import Rules, RulesError
from machiavelli_kit.core.rules_words import rules_text
from machiavelli_kit.files import locked, read_regular, write_atomically
from machiavelli_kit.i18n import _, ngettext, speaking
from machiavelli_kit.practice.progress import default_path

CLASS_SERVER_VARIABLE = "MACHIAVELLI_KIT_CLASS_SERVER"
"""The environment variable holding the class server's address (``http://HOST:PORT``); unset, there is none."""
CREDENTIALS_FOLDER = "class-servers"
"""In the kit's data folder: a file for each learner of this computer, their credential at each class server."""
MOST_BYTES = 64 * 1024


def class_server_url() -> str | None:
    """The class server's address, if this page knows one."""
    return os.environ.get(CLASS_SERVER_VARIABLE, "").strip() or None


def table_text(summary: Mapping[str, Any], lang: str | None = None) -> str:
    """A table in words: its rules, who sits at each seat, the seats still free, the turn timer."""
    with speaking(lang):
        try:
            rules = rules_text(Rules.parse(str(summary["rules"])))
        except RulesError:
            rules = str(summary["rules"])
        sitting = []
        for seat in summary["seats"]:
            if seat.get("name"):
                sitting.append(str(seat["name"]))
            elif seat.get("computer"):
                sitting.append(_("{player} (computer)").format(player=seat["computer"]))
        free = free_seats(summary)
        if free:
            sitting.append(ngettext("a free seat", "{count} free seats", free).format(count=free))
        parts = [rules, ", ".join(sitting)]
        if summary.get("turn_seconds"):
            parts.append(_("{seconds:g} seconds a turn").format(seconds=summary["turn_seconds"]))
        return " · ".join(parts)


def tournament_text(summary: Mapping[str, Any], lang: str | None = None) -> str:
    """A tournament in words: its rounds, its tables' size, each round's length, its rules, the round now."""
    with speaking(lang):
        try:
            rules = rules_text(Rules.parse(str(summary["rules"])))
        except RulesError:
            rules = str(summary["rules"])
        rounds = ngettext("{count} round", "{count} rounds", summary["rounds"]).format(count=summary["rounds"])
        if summary.get("minutes"):
            length = _("{minutes:g} minutes a round").format(minutes=summary["minutes"])
        else:
            length = _("{turns} turns a game").format(turns=summary.get("turns"))
        # TRANSLATORS: a tournament in the learner's lobby: "A tournament: 3 rounds at tables of 2, 10 minutes a round".
        parts = [_("A tournament: {rounds} at tables of {size}, {length}").format(
            rounds=rounds, size=summary["table_size"], length=length
        ), rules]  # fmt: skip
        if summary.get("status") == "playing":
            parts.append(_("round {round} of {rounds} now").format(round=summary["round"], rounds=summary["rounds"]))
        return " · ".join(parts)


def tournament_place(summary: Mapping[str, Any], first_round: int, lang: str | None = None) -> str:
    """Where a learner who joined the tournament stands: waiting for it to start, or the round they play from."""
    with speaking(lang):
        if summary.get("status") == "open":
            return _("You are in the tournament: wait for round 1 to start.")
        if summary.get("you") or first_round <= int(summary.get("round") or 0):
            return _("You are in the tournament: your table for this round opens by itself.")
        return _("You are in the tournament: you play from round {round}.").format(round=first_round)


def free_seats(summary: Mapping[str, Any]) -> int:
    return sum(1 for seat in summary["seats"] if not seat.get("name") and not seat.get("computer"))


def own_seat(summary: Mapping[str, Any], name: str) -> int | None:
    """The seat ``name`` sits in at the table, if any."""
    return next((int(seat["seat"]) for seat in summary["seats"] if seat.get("name") == name), None)


class Credentials:
    """The learner's credentials at class servers, in the JSON file at ``path`` (``{url: {name, credential}}``),
    changed under a lock and written atomically, readable by its owner only."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def for_this_page(cls) -> Credentials:
        """The file of this page's learner: the app's visitor, or the computer's one user."""
        who = visitor() or "own"
        name = hashlib.sha256(who.encode("utf-8")).hexdigest()[:32] + ".json"
        return cls(default_path().parent / CREDENTIALS_FOLDER / name)

    def get(self, url: str) -> tuple[str, str] | None:
        """The name and credential kept for the server at ``url``."""
        entry = self._read().get(url)
        if not isinstance(entry, dict) or not all(isinstance(entry.get(key), str) for key in ("name", "credential")):
            return None
        return entry["name"], entry["credential"]

    def keep(self, url: str, name: str, credential: str) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with locked(self.path):
            data = self._read()
            data[url] = {"name": name, "credential": credential}
            write_atomically(self.path, json.dumps(data, ensure_ascii=False, indent=1), private=True)

    def _read(self) -> dict[str, Any]:
        """What the file holds; nothing when it is missing or damaged (the next :meth:`keep` writes it anew)."""
        try:
            data = json.loads(read_regular(self.path, most=MOST_BYTES))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}


async def sign_in(url: str, name: str | None, lang: str, credentials: Credentials) -> ClassClient | None:
    """A client of the class server at ``url`` for this page's learner: inside a hub, as their hub account;
    elsewhere with the credential kept for them (``name`` ``None``: the name kept), or registering ``name``;
    ``None`` when no name is known yet. :class:`~machiavelli_kit.classroom.server.client.Refused` says why the
    server refuses the name (or the hub's token)."""
    hub = hub_client(url)
    if hub is not None:
        await hub.enter(lang)
        return hub
    kept = credentials.get(url)
    if name is None:
        if kept is None:
            return None
        name = kept[0]
    client = ClassClient(url, kept[1] if kept is not None and kept[0] == name else None)
    given = await client.register(name, lang)
    assert client.credential is not None
    credentials.keep(url, given, client.credential)
    return client


__all__ = [
    "CLASS_SERVER_VARIABLE",
    "Credentials",
    "class_server_url",
    "free_seats",
    "own_seat",
    "sign_in",
    "table_text",
    "tournament_place",
    "tournament_text",
]
