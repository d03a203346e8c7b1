"""The setup row of the game board: the rules, the players at each seat, hints, Start.

Plain controls over :class:`~machiavelli_kit.game.flow.Seat` and
:class:`~machiavelli_kit.rules.Rules`; the board reads :meth:`GameSetup.rules` and
:meth:`GameSetup.seats` when Start is pressed.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from machiavelli_kit.game.flow import PERSON, Seat
from machiavelli_kit.rules import Rules

PRESETS = (
    ("Board Game Arena (bga)", "bga"),
    ("Classic: points over several deals", "classic"),
    ("Wikipedia", "wikipedia"),
    ("Wikipedia, 6 cards and 4 helping cards", "wikipedia(hand_size=6, helpers=4)"),
)
KINDS = (
    ("a person", PERSON),
    ("computer: beginner", "beginner"),
    ("computer: greedy", "greedy"),
    ("computer: expert", "expert"),
    ("computer: random", "random"),
)
MAX_SEATS = 6
DEFAULT_KINDS = (PERSON, "greedy", "beginner", "expert", "random", "greedy")
WIDE = {"description_width": "initial"}


class GameSetup:
    """Rules, players and the Start button, with a tooltip on every control."""

    def __init__(self) -> None:
        self.preset = w.Dropdown(options=PRESETS, value="bga", description="Rules", tooltip="which rules to play by")
        self.jokers = w.Dropdown(
            options=[0, 2, 4], value=0, description="Jokers", tooltip="how many jokers are shuffled in"
        )
        self.hand_size = w.BoundedIntText(
            value=15, min=3, max=20, description="Cards dealt", style=WIDE, tooltip="cards each player gets"
        )
        self.wrap = w.Checkbox(
            value=False, description="Runs may turn the corner (K A 2)", style=WIDE, tooltip="allow K A 2 runs"
        )
        self.points = w.Checkbox(
            value=False,
            description="Count points over several deals",
            style=WIDE,
            tooltip="the cards left in hand count as points; the match ends at 101 points",
        )
        self.players = w.Dropdown(
            options=list(range(2, MAX_SEATS + 1)), value=2, description="Players", tooltip="how many play"
        )
        self.hints = w.Checkbox(
            value=True,
            description="Hints allowed",
            style=WIDE,
            tooltip="a teacher can switch hints off for a match",
        )
        self.deal = w.Text(
            value="",
            placeholder="any",
            description="Deal number",
            style=WIDE,
            tooltip="the same number deals the same cards: a whole class can play one deal",
        )
        self.deal.add_class("mk-game-deal")
        self._names = [w.Text(value=_default_name(seat), description=f"Seat {seat + 1}") for seat in range(MAX_SEATS)]
        self._kinds = [
            w.Dropdown(options=KINDS, value=DEFAULT_KINDS[seat], tooltip=f"who plays at seat {seat + 1}")
            for seat in range(MAX_SEATS)
        ]
        for seat, (name, kind) in enumerate(zip(self._names, self._kinds, strict=True)):
            name.tooltip = "the player's name"
            kind.observe(self._renamer(name, seat), "value")
        self._seat_rows = [w.HBox([name, kind]) for name, kind in zip(self._names, self._kinds, strict=True)]
        self.seat_box = w.VBox()
        self.start_button = w.Button(description="Start", button_style="success", tooltip="deal and start the game")
        self.start_button.add_class("mk-game-start")
        self.preset.observe(self._preset_changed, "value")
        self.players.observe(self._count_changed, "value")
        self._count_changed()
        rules_row = w.HBox([self.preset, self.jokers, self.hand_size], layout=w.Layout(flex_flow="row wrap"))
        options_row = w.HBox([self.wrap, self.points, self.hints], layout=w.Layout(flex_flow="row wrap"))
        count_row = w.HBox([self.players, self.deal], layout=w.Layout(flex_flow="row wrap"))
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
            raise ValueError(f"the deal number is a whole number such as 7, not {text!r} (or leave it empty)")
        return int(text)

    def seats(self) -> list[Seat]:
        """Each seat's name (made unique: ``Greedy``, ``Greedy 2``) and who plays it."""
        seats: list[Seat] = []
        for name_box, kind_box in zip(self._names, self._kinds[: self.players.value], strict=False):
            name = name_box.value.strip() or _kind_name(kind_box.value, len(seats))
            taken = {seat.name for seat in seats}
            unique, count = name, 1
            while unique in taken:
                count += 1
                unique = f"{name} {count}"
            seats.append(Seat(unique, kind_box.value))
        return seats

    def choose(self, kinds: list[str], names: list[str] | None = None) -> None:
        """Fill the seats (as the tests and notebooks do): a kind for each seat, and names if given."""
        self.players.value = len(kinds)
        for seat, kind in enumerate(kinds):
            self._kinds[seat].value = kind
            if names is not None:
                self._names[seat].value = names[seat]

    def _preset_changed(self, _: object = None) -> None:
        rules = Rules.parse(self.preset.value)
        self.jokers.value = rules.jokers if rules.jokers in (0, 2, 4) else 0
        self.hand_size.value = rules.hand_size
        self.wrap.value = rules.wrap
        self.points.value = rules.scoring == "points"

    def _count_changed(self, _: object = None) -> None:
        self.seat_box.children = self._seat_rows[: self.players.value]

    @staticmethod
    def _renamer(name: w.Text, seat: int) -> Any:
        """Rename a seat after its new player, unless the name was typed in."""

        def renamed(change: dict[str, Any]) -> None:
            if name.value in {_kind_name(change["old"], seat), ""}:
                name.value = _kind_name(change["new"], seat)

        return renamed


def _kind_name(kind: str, seat: int) -> str:
    """A seat's name until one is typed: You (the first person), Player 2, Greedy."""
    if kind != PERSON:
        return kind.title()
    return "You" if seat == 0 else f"Player {seat + 1}"


def _default_name(seat: int) -> str:
    return _kind_name(DEFAULT_KINDS[seat], seat)


__all__ = ["KINDS", "PRESETS", "GameSetup"]
