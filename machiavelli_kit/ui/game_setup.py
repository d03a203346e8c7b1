"""The setup row of the game board: the rules, the players at each seat, hints, Start.

Plain controls over :class:`~machiavelli_kit.game.flow.Seat` and
:class:`~machiavelli_kit.core.rules.Rules`; the board reads :meth:`GameSetup.rules` and
:meth:`GameSetup.seats` when Start is pressed, and :meth:`GameSetup.seated` when a game is
loaded. Who plays a seat is what its row says, never its name. Its words are in the language it
was made in (``lang=``, else the one in use).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from machiavelli_kit.core.rules import UNLIMITED, Rules
from machiavelli_kit.core.rules_words import capitalized, wrap_text
from machiavelli_kit.game.flow import Seat
from machiavelli_kit.game.limits import NO_LIMIT, Limit
from machiavelli_kit.game.narrator import is_you, you_name
from machiavelli_kit.i18n import N_, _, language, pgettext, speaking

PRESETS = (
    (N_("Board Game Arena (bga)"), "bga"),
    (N_("Classic: points over several deals"), "classic"),
    (N_("Wikipedia"), "wikipedia"),
    (N_("Wikipedia, 6 cards and 4 helping cards"), "wikipedia(hand_size=6, helpers=4)"),
)
"""The rules to choose from: each label (said in the language in use) and its rules string."""
PERSON = "person"
"""A seat's choice for a person at the screen; the other choices are the computer players' levels."""
KINDS = (
    (N_("a person"), PERSON),
    (N_("computer: beginner"), "beginner"),
    (N_("computer: greedy"), "greedy"),
    (N_("computer: expert"), "expert"),
    (N_("computer: random"), "random"),
)
"""Who may sit at a seat: each label (said in the language in use) and its kind."""
LENGTHS = (NO_LIMIT, *(Limit(minutes=minutes) for minutes in (10, 15, 20, 30)), *(Limit(turns=n) for n in (30, 60, 90)))
"""How long a game may last: to its end, a number of minutes, or a number of turns (a lesson's choices)."""
MAX_SEATS = 6
DEFAULT_KINDS = (PERSON, "greedy", "beginner", "expert", "random", "greedy")
WIDE = {"description_width": "initial"}


def length_choice() -> w.Dropdown:
    """The game length a board's setup and the lobby's table form offer: to its end, minutes or turns."""
    return w.Dropdown(
        options=[(capitalized(str(limit)), limit) for limit in LENGTHS],
        value=NO_LIMIT,
        description=_("Game length"),
        style=WIDE,
        tooltip=_("when the time or the turns run out, the round is finished and the fewest cards (or points) win"),
    )


class GameSetup:
    """Rules, players and the Start button, with a tooltip on every control.

    ``name`` is the learner's name, filled in at the first seat (by default You, in the setup's language).
    """

    def __init__(self, *, lang: str | None = None, name: str | None = None) -> None:
        self.language = language(lang)
        with speaking(self.language):
            self._build(own_name=name)

    def _build(self, *, own_name: str | None) -> None:
        presets = [(_(label), value) for label, value in PRESETS]
        self.preset = w.Dropdown(
            options=presets, value="bga", description=_("Rules"), tooltip=_("which rules to play by")
        )
        self.jokers = w.Dropdown(
            options=[0, 2, 4], value=0, description=_("Jokers"), tooltip=_("how many jokers are shuffled in")
        )
        self.hand_size = w.BoundedIntText(
            value=15, min=3, max=20, description=_("Cards dealt"), style=WIDE, tooltip=_("cards each player gets")
        )
        self.wrap = w.Dropdown(
            options=[(capitalized(wrap_text(wrap)), wrap) for wrap in (False, True, UNLIMITED)],
            value=False,
            tooltip=_("how far a run may go on past the ace"),
            layout=w.Layout(width="auto"),
        )
        self.points = w.Checkbox(
            value=False,
            description=_("Count points over several deals"),
            style=WIDE,
            tooltip=_("the cards left in hand count as points; the match ends at 101 points"),
        )
        self.length = length_choice()
        self.players = w.Dropdown(
            options=list(range(2, MAX_SEATS + 1)), value=2, description=_("Players"), tooltip=_("how many play")
        )
        self.hints = w.Checkbox(
            value=True,
            description=_("Hints allowed"),
            style=WIDE,
            tooltip=_("a teacher can switch hints off for a match"),
        )
        self.deal = w.Text(
            value="",
            # TRANSLATORS: shown in the empty deal number box: any deal will do.
            placeholder=_("any"),
            description=_("Deal number"),
            style=WIDE,
            tooltip=_("the same number deals the same cards: a whole class can play one deal"),
        )
        self.deal.add_class("mk-game-deal")
        self._names = [
            w.Text(value=_default_name(seat), description=_("Seat {number}").format(number=seat + 1))
            for seat in range(MAX_SEATS)
        ]
        if own_name:
            self._names[0].value = own_name
        for name_box in self._names:
            name_box.add_class("mk-game-seat-name")
        kinds = [(_(label), value) for label, value in KINDS]
        self._kinds = [
            w.Dropdown(
                options=kinds,
                value=DEFAULT_KINDS[seat],
                tooltip=_("who plays at seat {number}").format(number=seat + 1),
            )
            for seat in range(MAX_SEATS)
        ]
        for seat, (name, kind) in enumerate(zip(self._names, self._kinds, strict=True)):
            name.tooltip = _("the player's name")
            kind.observe(self._renamer(name, seat), "value")
        self._seat_rows = [w.HBox([name, kind]) for name, kind in zip(self._names, self._kinds, strict=True)]
        self.seat_box = w.VBox()
        self.start_button = w.Button(
            description=pgettext("button", "Start"), button_style="success", tooltip=_("deal and start the game")
        )
        self.start_button.add_class("mk-game-start")
        self.preset.observe(self._preset_changed, "value")
        self.players.observe(self._count_changed, "value")
        self._count_changed()
        rules_row = w.HBox([self.preset, self.jokers, self.hand_size], layout=w.Layout(flex_flow="row wrap"))
        options_row = w.HBox([self.wrap, self.points, self.hints], layout=w.Layout(flex_flow="row wrap"))
        count_row = w.HBox([self.players, self.deal, self.length], layout=w.Layout(flex_flow="row wrap"))
        self.box = w.VBox([rules_row, options_row, count_row, self.seat_box, self.start_button])
        self.box.add_class("mk-game-setup")

    def rules(self) -> Rules:
        """The preset with the main parameters as set."""
        base = Rules.parse(self.preset.value)
        scoring = "points" if self.points.value else "single"
        return base.replace(
            jokers=self.jokers.value, hand_size=self.hand_size.value, wrap=self.wrap.value, scoring=scoring
        )

    def seed(self) -> int | None:
        """The deal number typed in (``None``: a new random deal)."""
        text = self.deal.value.strip()
        if not text:
            return None
        if not text.isdigit():
            raise ValueError(
                _(
                    "the deal number is a whole number such as 7, not {text!r} (or leave it empty)", self.language
                ).format(text=text)
            )
        return int(text)

    def seats(self) -> list[Seat]:
        """Each seat's name (made unique: ``Greedy``, ``Greedy 2``) and who plays it."""
        seats: list[Seat] = []
        for name_box, kind_box in zip(self._names, self._kinds[: self.players.value], strict=False):
            with speaking(self.language):
                name = name_box.value.strip() or _kind_name(kind_box.value, len(seats))
            taken = {seat.name for seat in seats}
            unique, count = name, 1
            while unique in taken:
                count += 1
                unique = f"{name} {count}"
            seats.append(_seat(unique, kind_box.value))
        return seats

    def own_name(self) -> str | None:
        """The name typed at the first seat while a person sits there: the learner's own (``None``: You, or none)."""
        name = self._names[0].value.strip()
        return name if self._kinds[0].value == PERSON and name and not is_you(name) else None

    def seated(self, names: Sequence[str]) -> list[Seat]:
        """The players ``names`` of a game loaded from its record, by seat, each played as its seat
        is set here (the rows shown become theirs): a name never says who plays it."""
        self.players.value = len(names)
        return [_seat(name, kind_box.value) for name, kind_box in zip(names, self._kinds, strict=False)]

    def choose(self, kinds: list[str], names: list[str] | None = None) -> None:
        """Fill the seats (as the tests and notebooks do): a kind for each seat, and names if given."""
        self.players.value = len(kinds)
        for seat, kind in enumerate(kinds):
            self._kinds[seat].value = kind
            if names is not None:
                self._names[seat].value = names[seat]

    def _preset_changed(self, _event: object = None) -> None:
        rules = Rules.parse(self.preset.value)
        self.jokers.value = rules.jokers if rules.jokers in (0, 2, 4) else 0
        self.hand_size.value = rules.hand_size
        self.wrap.value = rules.wrap
        self.points.value = rules.scoring == "points"

    def _count_changed(self, _event: object = None) -> None:
        self.seat_box.children = self._seat_rows[: self.players.value]

    def _renamer(self, name: w.Text, seat: int) -> Any:
        """Rename a seat after its new player, unless the name was typed in."""

        def renamed(change: dict[str, Any]) -> None:
            with speaking(self.language):
                if name.value in {_kind_name(change["old"], seat), ""}:
                    name.value = _kind_name(change["new"], seat)

        return renamed


def _seat(name: str, kind: str) -> Seat:
    """A seat for the choice ``kind``: a person, or a computer player of that level."""
    return Seat(name) if kind == PERSON else Seat(name, computer=kind)


def _kind_name(kind: str, seat: int) -> str:
    """A seat's name until one is typed: You (the first person), Player 2, Greedy (the computer
    players keep their names in every language). Only a name: the seat's row says who plays it."""
    if kind != PERSON:
        return kind.title()
    return you_name() if seat == 0 else _("Player {number}").format(number=seat + 1)


def _default_name(seat: int) -> str:
    return _kind_name(DEFAULT_KINDS[seat], seat)


__all__ = ["KINDS", "PRESETS", "GameSetup"]
