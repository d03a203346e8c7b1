"""The class tournament in the teacher's live view: make one, see who joined, start it, follow it live (the round,
each table and its players, the standings), and at the end save the standings (CSV and PDF) and every game's
record into a folder.

A part of :class:`~machiavelli_kit.ui.teacher_live.TeacherLive`, which asks the class server for the class every
few seconds and hands each tournament's picture (:class:`~machiavelli_kit.classroom.class_watch.TournamentPicture`)
to :meth:`TournamentPanel.draw`. In **projector mode** only each tournament's round and standings show, in large
type, readable from the back of a classroom.
"""

from __future__ import annotations

import html
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as w

from machiavelli_kit.classroom.class_watch import StandingRow, TournamentPicture
from machiavelli_kit.classroom.server.client import ClassClient, Refused, ServerGone
from machiavelli_kit.classroom.tournament.files import standings_csv, standings_heading, standings_pdf
from machiavelli_kit.classroom.tournament.standings import Standing
from machiavelli_kit.files import write_atomically
from machiavelli_kit.game.limits import Limit
from machiavelli_kit.i18n import _, ngettext, pgettext
from machiavelli_kit.ui.game_parts import show
from machiavelli_kit.ui.game_setup import PRESETS, WIDE
from machiavelli_kit.ui.status import Kind

ROUND_MINUTES = (5, 8, 10, 12, 15, 20)
"""The minutes a round may last (the guide quotes the game length benchmark to choose them)."""
ROUNDS = tuple(range(1, 9))
TABLE_SIZES = (2, 3, 4)
PROJECTOR_STYLE = (
    "<style>.mk-projector{font-size:2.2em;line-height:1.4}"
    ".mk-projector table{font-size:1em}.mk-projector td,.mk-projector th{padding:0.2em 0.8em}"
    ".mk-standings td,.mk-standings th{padding:0.1em 0.6em;text-align:right}"
    ".mk-standings td:nth-child(2),.mk-standings th:nth-child(2){text-align:left}</style>"
)


class TournamentPanel:
    """The tournaments of the class server ``client`` speaks to (with the teacher's token); ``spawn`` runs a
    button's work on the kernel's loop, ``tell`` says its outcome, ``changed`` asks for the class again."""

    def __init__(
        self,
        client: ClassClient,
        spawn: Callable[[Awaitable[None]], object],
        tell: Callable[[str, Kind], None],
        changed: Callable[[], Awaitable[None]],
        folder: Path | None = None,
    ) -> None:
        self.client, self.spawn, self.tell, self.changed = client, spawn, tell, changed
        self.where = w.Text(value=str(folder or Path.cwd()), description=_("Save into"), style=WIDE,
                            tooltip=_("the folder where the standings and the games' records are saved"))  # fmt: skip
        self.pictures: tuple[TournamentPicture, ...] = ()
        self.hide_names = False
        self.rules = w.Dropdown(options=[(_(label), value) for label, value in PRESETS], value="bga",
                                description=_("Rules"), style=WIDE)  # fmt: skip
        self.rounds = w.Dropdown(options=ROUNDS, value=3, description=_("Rounds"), style=WIDE)
        self.table_size = w.Dropdown(options=TABLE_SIZES, value=2, description=_("Players a table"), style=WIDE)
        self.minutes = w.Dropdown(
            options=[(_("{minutes} minutes").format(minutes=m), m) for m in ROUND_MINUTES],
            value=12,
            description=_("Each round"),
            style=WIDE,
        )
        self.names_shown = w.Checkbox(value=True, description=_("Learners see each other's names"), indent=False)
        self.make = w.Button(
            description=pgettext("button", "Make a tournament"),
            tooltip=_("open a tournament for the learners to join from their lobby"),
            layout=w.Layout(width="auto"),
        )
        self.make.add_class("mk-teacher-make-tournament")
        self.make.on_click(lambda _event: self.spawn(self._said(self.new_tournament())))
        self.form = w.VBox([w.HTML(f"<b>{html.escape(_('A class tournament'))}</b>"), self.rules, self.rounds,
                            self.table_size, self.minutes, self.names_shown, self.make])  # fmt: skip
        self.list = w.VBox()
        self.box = w.VBox([w.HTML(PROJECTOR_STYLE, layout=w.Layout(display="none")), self.list, self.form])
        self.box.add_class("mk-teacher-tournaments")

    @property
    def folder(self) -> Path:
        """The folder the teacher chose for the files (the notebook's own folder unless changed)."""
        return Path(self.where.value.strip() or ".").expanduser()

    async def new_tournament(self) -> None:
        """Open a tournament with the settings chosen."""
        key = await self.client.new_tournament(
            str(self.rules.value),
            int(self.rounds.value),
            int(self.table_size.value),
            Limit(minutes=float(self.minutes.value)),
            names_shown=bool(self.names_shown.value),
        )
        self.tell(_("Tournament {id} is open: the learners join it from their lobby.").format(id=key), "valid")
        await self.changed()

    async def start(self, key: str) -> None:
        """Start round 1 of tournament ``key`` with the learners who joined."""
        await self.client.start_tournament(key)
        self.tell(_("Tournament {id} has started: each learner's table opens by itself.").format(id=key), "valid")
        await self.changed()

    async def save(self, key: str) -> Path:
        """Write tournament ``key``'s standings (CSV and PDF) and every game's record into a folder of its own; the
        folder."""
        folder = self.folder / f"tournament-{key}"
        folder.mkdir(parents=True, exist_ok=True)
        summary = await self.client.tournament(key)
        table = [_standing(line, str(line["name"])) for line in summary["standings"]]
        write_atomically(folder / "standings.csv", standings_csv(table))
        title = _("Tournament {id}: standings").format(id=key)
        numbers = {str(line["number"]): str(line["number"]) for line in summary["standings"]}
        # the PDF is for the wall: with names hidden, the numbers the view and the server give, not new ones
        standings_pdf(title, table, folder / "standings.pdf", hide_names=self.hide_names, numbers=numbers)
        records = await self.client.tournament_records(key)
        for game in records:
            write_atomically(folder / f"round-{game['round']}-table-{game['number']}.json", game["record"])
        games = ngettext("{count} game's record", "{count} games' records", len(records)).format(count=len(records))
        self.tell(
            _("The standings (CSV and PDF) and {games} are in {folder}").format(games=games, folder=folder), "valid"
        )
        return folder

    def draw(self, pictures: Sequence[TournamentPicture], *, hide_names: bool, projector: bool) -> None:
        """Show ``pictures`` (each tournament of the class); in projector mode only their rounds and standings."""
        self.pictures, self.hide_names = tuple(pictures), hide_names
        show(self.form, not projector)
        parts: list[w.Widget] = []
        for picture in pictures:
            heading = w.HTML(f"<b>{html.escape(picture.state)}</b>")
            heading.add_class("mk-teacher-tournament-state")
            part: list[w.Widget] = [heading]
            if picture.status == "open":
                joined = ", ".join(row.name for row in picture.rows) or "-"
                count = len(picture.rows)
                who = ngettext("{count} learner joined: {names}", "{count} learners joined: {names}", count)
                part.append(w.HTML(html.escape(who.format(count=count, names=joined))))
                if not projector:
                    part.append(self._button(pgettext("button", "Start"), "start", picture.id, self.start))
            elif not projector:
                for table in picture.tables:
                    # TRANSLATORS: a tournament table in the teacher view: "Table 2: Ada, Ben · turn 8: Ada to move".
                    line = _("Table {number}: {players} · {state}").format(
                        number=table.number, players=", ".join(table.players), state=table.state
                    )
                    part.append(w.HTML(html.escape(line)))
            if picture.status != "open":
                standings = w.HTML(standings_html(picture.rows, hide_names=hide_names))
                standings.add_class("mk-standings")
                part.append(standings)
            if picture.status == "over" and not projector:
                part.append(self.where)
                part.append(self._button(pgettext("button", "Save the standings and records"), "save", picture.id,
                                         self._save))  # fmt: skip
            box = w.VBox(part)
            box.add_class("mk-teacher-tournament")
            if projector:
                box.add_class("mk-projector")
            parts.append(box)
        self.list.children = tuple(parts)

    async def _save(self, key: str) -> None:
        """:meth:`save`, a folder that cannot be written said in words."""
        try:
            await self.save(key)
        except OSError as error:
            reason = error.strerror or str(error)
            self.tell(
                _(
                    "The files could not be written into {folder} ({reason}): type a folder you may write in above."
                ).format(folder=self.folder, reason=reason),
                "invalid",
            )

    def _button(self, label: str, name: str, key: str, work: Callable[[str], Awaitable[object]]) -> w.Button:
        button = w.Button(description=label, layout=w.Layout(width="auto"))
        button.add_class(f"mk-teacher-tournament-{name}")

        async def run() -> None:
            await work(key)

        button.on_click(lambda _event: self.spawn(self._said(run())))
        return button

    async def _said(self, work: Awaitable[None]) -> None:
        """Do ``work``; the class server's refusal (or its silence) said in its words."""
        try:
            await work
        except (Refused, ServerGone) as error:
            text = str(error)
            self.tell(text[:1].upper() + text[1:] + ("" if text.endswith(".") else "."), "invalid")


def standings_html(rows: Sequence[StandingRow], *, hide_names: bool) -> str:
    """The standings as an HTML table: rank, name (a number when names are hidden), games, wins, points,
    tie-break."""
    heading = standings_heading(hide_names=hide_names)
    cells = "".join(f"<th>{html.escape(word)}</th>" for word in heading)
    body = "".join(
        "<tr>"
        + "".join(
            f"<td>{html.escape(str(value))}</td>"
            for value in (row.rank, row.name, row.games, row.wins, row.points, row.tiebreak)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><tr>{cells}</tr>{body}</table>"


def _standing(line: Mapping[str, Any], name: str) -> Standing:
    """A line of the server's standings as the tournament files take it, named ``name``."""
    return Standing(str(line["number"]), name, line["games"], line["wins"], line["points"], line["tiebreak"],
                    line["rank"])  # fmt: skip


__all__ = ["ROUND_MINUTES", "TournamentPanel", "standings_html"]
