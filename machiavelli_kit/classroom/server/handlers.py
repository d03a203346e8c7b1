"""The class server's HTTP endpoints: JSON in, JSON out, every refusal one reason in words.

- ``POST /api/learners`` ``{"name", "lang"}``: a learner's credential (a name belongs to the first who gives
  it; the same credential gets the same learner back);
- ``GET /api/tables``: the tables not over; ``POST /api/tables`` ``{"rules", "seats", "computers",
  "turn_seconds", "seed", "turns", "minutes"}``: a new table's id (``turns``, ``minutes``: the game's limit);
- ``POST /api/tables/ID/seat`` ``{"seat"}``: a seat, bound to the learner;
- ``POST /api/tables/ID/computer`` ``{"seat", "kind"}``: a seat given to a computer player (the table's maker
  or the teacher);
- ``GET /api/tables/ID/record``: the record of a game that is over;
- ``POST /api/progress`` ``{"puzzle", "attempts", "hints", "solved", "helped"}``: the trainer's record of one
  puzzle, for the learner whose credential sends it (never another's);
- ``GET /api/class``: the teacher's overview (the teacher's token only): who is online, the tables, each
  learner's puzzles and the themes the class misses (:mod:`.progress`), and each tournament's round and
  standings;
- ``GET /api/tournaments``: the tournaments not over, each as the sender may see it (for a learner's lobby);
- ``POST /api/tournaments`` ``{"rules", "rounds", "table_size", "minutes", "turns", "pause", "computer",
  "names_shown", "seed"}``: a new tournament's id (the teacher only);
- ``POST /api/tournaments/ID/join``: the learner who sends it enters (or comes back); the round they play from;
- ``POST /api/tournaments/ID/start``: round 1 starts with those who joined (the teacher only);
- ``GET /api/tournaments/ID``: the tournament, its standings (names as the teacher chose, for a learner) and the
  learner's table now; ``GET /api/tournaments/ID/records``: every finished game's record (the teacher only).

A learner sends ``Authorization: Bearer CREDENTIAL``; the teacher ``Authorization: Bearer TOKEN``. When the server
runs as a hub's service, a learner may send ``Authorization: token HUB-TOKEN`` instead and is their hub account,
a hub admin the teacher (:mod:`.hub_users`); no name is given there.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from tornado.web import RequestHandler

from machiavelli_kit.classroom.server.hub_users import HubLearner, HubRefused
from machiavelli_kit.classroom.server.messages import (
    MessageError,
    parse_give_seat,
    parse_new_table,
    parse_new_tournament,
    parse_progress,
    parse_register,
    parse_take_seat,
)
from machiavelli_kit.classroom.server.progress import class_progress
from machiavelli_kit.classroom.server.referee import Refused
from machiavelli_kit.classroom.server.service import ClassService, new_secret, secret_hash
from machiavelli_kit.classroom.server.store import LearnerRow, StoreError
from machiavelli_kit.classroom.server.tournaments import COMPUTER, PAUSE
from machiavelli_kit.classroom.students import clean_name, file_stem
from machiavelli_kit.core.rules import RulesError
from machiavelli_kit.game.deal import DealError
from machiavelli_kit.game.limits import Limit
from machiavelli_kit.game.session import check_name
from machiavelli_kit.i18n import LanguageError, _, check_language, speaking

MAX_OPEN_TABLES = 200
"""The most tables waiting for players at once: a class needs a few, a script making thousands is refused."""


class Unwelcome(Exception):
    """A request refused with an HTTP status and a reason in words."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status, self.reason = status, reason


class JsonHandler(RequestHandler):
    """A JSON endpoint: its ``answer`` returns the data to send, or raises what refuses the request."""

    service: ClassService
    hub_learner: HubLearner | None
    """The learner a hub token says the sender is (when the server runs as a hub's service)."""

    def initialize(self, service: ClassService) -> None:
        self.service = service
        self.hub_learner = None

    async def prepare(self) -> None:
        """Ask the hub who a hub token is (outside a hub, or without one, nobody)."""
        if self.service.hub is None:
            return
        try:
            self.hub_learner = await self.service.hub.identify(
                self.service.store, self.request.headers.get("Authorization", "")
            )
        except HubRefused as error:
            self._reply(partial(_refuse, Unwelcome(error.status, error.reason)))

    def check_xsrf_cookie(self) -> None:
        """No cookies here: a request proves who sends it by its credential, which no other site can send."""

    def credential(self) -> str | None:
        scheme, _space, value = self.request.headers.get("Authorization", "").partition(" ")
        return value.strip() if scheme.lower() == "bearer" and value.strip() else None

    def learner(self) -> LearnerRow | None:
        if self.hub_learner is not None:
            return self.hub_learner.learner
        return self.service.learner(self.credential())

    def need_learner(self) -> LearnerRow:
        learner = self.learner()
        if learner is None:
            raise Unwelcome(401, _("give your name first: this server does not know you"))
        return learner

    def is_teacher(self) -> bool:
        """The teacher's token, or a hub admin's hub token."""
        return self.service.is_teacher(self.credential()) or (self.hub_learner is not None and self.hub_learner.admin)

    def language(self) -> str | None:
        learner = self.learner()
        return None if learner is None else learner.lang

    @property
    def table_id(self) -> str:
        """The table the address names (``/api/tables/ID/...``)."""
        return str(self.path_args[0])

    async def get(self, *_args: str) -> None:
        self._reply(self.answer_get)

    async def post(self, *_args: str) -> None:
        self._reply(self.answer_post)

    def answer_get(self) -> Any:
        raise Unwelcome(405, _("this address takes no GET"))

    def answer_post(self) -> Any:
        raise Unwelcome(405, _("this address takes no POST"))

    def _reply(self, answer: Any) -> None:
        with speaking(self.language()):
            try:
                data, status = answer(), 200
            except Unwelcome as error:
                data, status = {"error": error.reason}, error.status
            except MessageError as error:
                data, status = {"error": str(error)}, 400
            except StoreError as error:
                data, status = {"error": str(error)}, 503
            except (Refused, RulesError, DealError, LanguageError, ValueError) as error:
                data, status = {"error": str(error)}, 409
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(data)


def _refuse(refusal: Unwelcome) -> Any:
    raise refusal


class Health(JsonHandler):
    def answer_get(self) -> Any:
        return {"ok": True}


class Learners(JsonHandler):
    def language(self) -> str | None:
        """The language the sender asks for, so that a name refused is refused in their words."""
        try:
            wanted = parse_register(self.request.body).lang
            return check_language(wanted) if wanted is not None else super().language()
        except (MessageError, LanguageError):
            return super().language()

    def answer_post(self) -> Any:
        if self.service.hub is not None:
            raise Unwelcome(409, _("on this hub you are your hub account: there is no name to give"))
        wanted = parse_register(self.request.body)
        lang = check_language(wanted.lang) if wanted.lang is not None else "en"
        name = clean_name(wanted.name)
        check_name(name)
        key = file_stem(name)
        if not key:
            raise Unwelcome(409, _("a name needs at least one letter or digit"))
        known = self.learner()
        if known is not None and known.key == key:
            self.service.store.set_language(known.id, lang)
            return {"name": known.name, "credential": self.credential(), "lang": lang}
        if self.service.store.learner_by_key(key) is not None:
            raise Unwelcome(409, _("this name is already taken on this server: choose another"))
        secret = new_secret()
        try:
            self.service.store.add_learner(name, key, lang, secret_hash(secret))
        except StoreError as error:  # another learner gave the name a moment ago
            raise Unwelcome(409, str(error)) from None
        return {"name": name, "credential": secret, "lang": lang}


class Tables(JsonHandler):
    def answer_get(self) -> Any:
        referee = self.service.referee
        return {
            "tables": [
                referee.summary(table_id) for table_id, live in referee.live.items() if live.row.status != "over"
            ]
        }

    def answer_post(self) -> Any:
        wanted = parse_new_table(self.request.body)
        learner = self.learner()
        if not self.is_teacher() and learner is None and self.credential() is not None:
            raise Unwelcome(401, _("this server does not know you: give your name again"))
        waiting = sum(1 for live in self.service.referee.live.values() if live.row.status == "open")
        if waiting >= MAX_OPEN_TABLES:
            raise Unwelcome(
                409, _("{count} tables are waiting for players already: join one of them").format(count=waiting)
            )
        row = self.service.referee.new_table(
            wanted.rules,
            wanted.seats,
            wanted.computers,
            turn_seconds=wanted.turn_seconds,
            maker=None if learner is None else learner.id,
            seed=wanted.seed,
            limit=Limit(turns=wanted.turns, minutes=wanted.minutes),
        )
        return {"table": row.id}


class Seat(JsonHandler):
    def answer_post(self) -> Any:
        table_id = self.table_id
        learner = self.need_learner()
        wanted = parse_take_seat(self.request.body)
        if self.service.tournaments.of_table(table_id) is not None:
            self._tournament_seat(table_id, learner)
        before = self.service.referee.status(table_id)
        seat = self.service.referee.take_seat(table_id, learner, wanted.seat)
        self.service.changed(table_id)
        if before == "open" and self.service.referee.status(table_id) == "playing":  # the last seat: the game starts
            self.service.next_turn(table_id)
        return {"seat": seat}

    def _tournament_seat(self, table_id: str, learner: LearnerRow) -> None:
        """At a tournament's table only its learners sit, and a seat the computer took stays its for the game."""
        referee = self.service.referee
        own = referee.seat_of(table_id, learner.id)
        if own is None:
            raise Unwelcome(409, _("this table is a tournament's: join the tournament, and its rounds seat you"))
        if referee.table(table_id).seats[own].computer is not None:
            raise Unwelcome(
                409, _("the computer plays your seat until this game ends: you play again from the next round")
            )


class Computer(JsonHandler):
    def answer_post(self) -> Any:
        table_id = self.table_id
        wanted = parse_give_seat(self.request.body)
        learner = self.learner()
        if learner is None and not self.is_teacher():
            raise Unwelcome(401, _("only the table's maker or the teacher can give a seat to a computer player"))
        self.service.referee.hand_to_computer(
            table_id,
            wanted.seat,
            wanted.kind,
            by=None if learner is None else learner.id,
            teacher=self.is_teacher(),
            present=set(self.service.online),
        )
        self.service.changed(table_id)
        self.service.next_turn(table_id)
        return {"seat": wanted.seat, "computer": wanted.kind}


class Record(JsonHandler):
    def answer_get(self) -> Any:
        table_id = self.table_id
        return {"record": self.service.referee.record(table_id)}


class PuzzleProgress(JsonHandler):
    """A learner's trainer sends its record of one puzzle; the server keeps the most it has been told."""

    def answer_post(self) -> Any:
        learner = self.need_learner()
        if not self.service.may_send_progress(learner):
            raise Unwelcome(429, _("too many messages at once: slow down"))
        sent = parse_progress(self.request.body)
        if sent.puzzle not in self.service.puzzle_ids:
            raise Unwelcome(409, _("there is no puzzle {id} on this class server").format(id=sent.puzzle))
        self.service.store.save_progress(
            learner.id, sent.puzzle, sent.attempts, sent.hints, solved=sent.solved, helped=sent.helped
        )
        return {"puzzle": sent.puzzle}


class Overview(JsonHandler):
    """The teacher's view of the class: who is online, every table and whose turn it is, each learner's puzzles."""

    def answer_get(self) -> Any:
        if not self.is_teacher():
            raise Unwelcome(403, _("only the teacher can open this: it needs the teacher's token"))
        store, referee = self.service.store, self.service.referee
        online = [store.learner(learner) for learner in sorted(self.service.online)]
        return {
            "online": sorted(learner.name for learner in online if learner is not None),
            "tables": [referee.summary(table_id) for table_id in referee.live],
            **class_progress(store.progress(), self.service.collection),
            "tournaments": [
                self.service.tournaments.summary(key, None, teacher=True) for key in self.service.tournaments.rows
            ],
        }


class TournamentHandler(JsonHandler):
    """An endpoint of the tournament the address names (``/api/tournaments/ID/...``)."""

    @property
    def tournament_id(self) -> str:
        return str(self.path_args[0])

    def need_teacher(self) -> None:
        if not self.is_teacher():
            raise Unwelcome(403, _("only the teacher can do this: it needs the teacher's token"))


class NewTournament(TournamentHandler):
    def answer_get(self) -> Any:
        learner = self.learner()
        if learner is None and not self.is_teacher():
            raise Unwelcome(401, _("give your name first: this server does not know you"))
        tournaments = self.service.tournaments
        return {
            "tournaments": [
                tournaments.summary(key, learner, teacher=self.is_teacher())
                for key, row in tournaments.rows.items()
                if row.status != "over"
            ]
        }

    def answer_post(self) -> Any:
        self.need_teacher()
        wanted = parse_new_tournament(self.request.body)
        row = self.service.tournaments.new(
            wanted.rules,
            rounds=wanted.rounds,
            table_size=wanted.table_size,
            minutes=wanted.minutes,
            turns=wanted.turns,
            pause=PAUSE if wanted.pause is None else wanted.pause,
            computer=wanted.computer or COMPUTER,
            names_shown=wanted.names_shown,
            seed=wanted.seed,
        )
        return {"tournament": row.id}


class Tournament(TournamentHandler):
    def answer_get(self) -> Any:
        learner = self.learner()
        if learner is None and not self.is_teacher():
            raise Unwelcome(401, _("give your name first: this server does not know you"))
        return self.service.tournaments.summary(self.tournament_id, learner, teacher=self.is_teacher())


class JoinTournament(TournamentHandler):
    def answer_post(self) -> Any:
        learner = self.need_learner()
        return {"round": self.service.tournaments.join(self.tournament_id, learner)}


class StartTournament(TournamentHandler):
    def answer_post(self) -> Any:
        self.need_teacher()
        self.service.start_tournament(self.tournament_id)
        return {"round": self.service.tournaments.row(self.tournament_id).round}


class TournamentRecords(TournamentHandler):
    def answer_get(self) -> Any:
        self.need_teacher()
        return {"records": self.service.tournaments.records(self.tournament_id)}
