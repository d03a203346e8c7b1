"""Many games between computer players, seats rotated, with win rates and their 95% intervals.

Game ``g`` is dealt from ``seed + g // n`` for ``n`` players, and the players sit rotated by
``g % n`` seats: every deal is played once from each seat, so no one profits from a lucky deal.

>>> table = run_tournament(["greedy", "beginner"], games=2, rules="bga", seed=5)
>>> [(row.name, row.games) for row in table.rows], sum(table.reasons.values())
([('greedy', 2), ('beginner', 2)], 2)
>>> wilson(60, 100)
(0.5020025867910618, 0.6905987135675411)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from machiavelli_kit.core.rules import Rules, as_rules
from machiavelli_kit.game.autoplay import AutoGame, play_game
from machiavelli_kit.game.limits import NO_LIMIT, Limit
from machiavelli_kit.game.players import DEFAULT_BUDGET
from machiavelli_kit.game.record import save
from machiavelli_kit.game.scoring import hand_points
from machiavelli_kit.i18n import _, ngettext, pgettext, speaking

Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default); ``(0, 1)`` without games."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Standing:
    """One player's totals over a tournament."""

    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    cards_left: int = 0
    points: int = 0
    seconds: float = 0.0
    moves: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def ms_per_move(self) -> float:
        return 1000 * self.seconds / self.moves if self.moves else 0.0

    def as_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "win_rate": round(self.win_rate, 4),
            "ci_low": round(low, 4),
            "ci_high": round(high, 4),
            "cards_left": round(self.cards_left / max(1, self.games), 3),
            "points": round(self.points / max(1, self.games), 3),
            "ms_per_move": round(self.ms_per_move, 2),
        }


@dataclass
class Tournament:
    """The standings, by the players' order in the tournament, and the time the games took."""

    rules: Rules
    seed: int
    rows: list[Standing]
    games: int = 0
    seconds: float = 0.0
    reasons: dict[str, int] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "rules": str(self.rules),
            "seed": self.seed,
            "games": self.games,
            "seconds_per_game": round(self.seconds / max(1, self.games), 3),
            "endings": dict(sorted(self.reasons.items())),
            "players": [row.as_json() for row in self.rows],
        }

    def text(self, lang: str | None = None) -> str:
        """The standings as a table, in the language in use (or ``lang``); ``as_json`` keeps English keys."""
        with speaking(lang):
            columns = (
                # TRANSLATORS: the columns of the tournament table; keep them short.
                (_("player"), 12, "<"),
                (_("games"), 6, ">"),
                (_("wins"), 6, ">"),
                (_("win rate"), 9, ">"),
                (_("interval (95%)"), 16, "<"),
                (_("cards left"), 10, ">"),
                (_("points"), 7, ">"),
                (_("s/move"), 8, ">"),
            )
            table = [[name for name, _width, _align in columns]]
            for row in self.rows:
                low, high = row.interval
                games = max(1, row.games)
                table.append(
                    [
                        row.name,
                        str(row.games),
                        str(row.wins),
                        f"{100 * row.win_rate:.1f}%",
                        f"[{100 * low:4.1f}%, {100 * high:5.1f}%]",
                        f"{row.cards_left / games:.2f}",
                        f"{row.points / games:.1f}",
                        f"{row.ms_per_move / 1000:.3f}",
                    ]
                )
            # a column is as wide as its longest word, so a longer header in another language keeps it straight
            widths = [
                max(width, *(len(line[index]) for line in table)) for index, (_n, width, _a) in enumerate(columns)
            ]
            lines = []
            for line in table:
                cells = [
                    f"{cell:{align}{width}}" for cell, width, (_n, _w, align) in zip(line, widths, columns, strict=True)
                ]
                lines.append((" ".join(cells[:4]) + "  " + " ".join(cells[4:])).rstrip())
            endings = ", ".join(f"{_ending(reason)} {count}" for reason, count in sorted(self.reasons.items()))
            lines.append(
                ngettext(
                    "{count} game under {rules}, {seconds:.2f} s a game; {endings}",
                    "{count} games under {rules}, {seconds:.2f} s a game; {endings}",
                    self.games,
                ).format(count=self.games, rules=self.rules, seconds=self.seconds / max(1, self.games), endings=endings)
            )
            return "\n".join(lines)


def _ending(reason: str) -> str:
    """How games ended, as the table names it (``closed``, ``stock out``, ``blocked``, ``time up``, ``turn limit``)."""
    names = {
        # TRANSLATORS: how many games ended so, in the tournament table: "closed 80, stock out 20".
        "closed": pgettext("game ending", "closed"),
        "stock_out": pgettext("game ending", "stock out"),
        "blocked": pgettext("game ending", "blocked"),
        "time": pgettext("game ending", "time up"),
        "turns": pgettext("game ending", "turn limit"),
    }
    return names.get(reason, reason)


def run_tournament(
    players: Sequence[str],
    games: int,
    rules: Rules | str,
    seed: int,
    *,
    records: str | Path | None = None,
    budget: int = DEFAULT_BUDGET,
    progress: Callable[[int, AutoGame], None] | None = None,
    limit: Limit = NO_LIMIT,
) -> Tournament:
    """Play ``games`` games between ``players`` (all at one table), seats rotated, each within ``limit``;
    write each game's record into the folder ``records`` when given."""
    rules = as_rules(rules)
    count = len(players)
    names = _unique(players)
    table = Tournament(rules, seed, [Standing(name) for name in names])
    started = time.perf_counter()
    for number in range(games):
        shift = number % count
        seats = [(seat + shift) % count for seat in range(count)]  # the entry sitting in each seat
        run = play_game(
            [players[entry] for entry in seats],
            rules,
            seed + number // count,
            names=[names[entry] for entry in seats],
            budget=budget,
            limit=limit,
        )
        result = run.game.result
        assert result is not None
        table.reasons[result.reason] = table.reasons.get(result.reason, 0) + 1
        for seat, entry in enumerate(seats):
            row = table.rows[entry]
            row.games += 1
            row.wins += result.winner == seat
            row.draws += result.winner is None
            row.cards_left += len(result.hands[seat])
            row.points += hand_points(result.hands[seat])
            row.seconds += run.seconds[seat]
            row.moves += run.moves[seat]
        if records is not None:
            save(run.game, Path(records) / f"game-{number + 1:05d}.json")
        table.games += 1
        table.seconds = time.perf_counter() - started
        if progress is not None:
            progress(number + 1, run)
    return table


def _unique(players: Sequence[str]) -> list[str]:
    """The players' names, numbered when one plays more than once (``greedy``, ``greedy 2``)."""
    names = []
    for index, name in enumerate(players):
        copies = players[:index].count(name)
        names.append(f"{name} {copies + 1}" if copies else name)
    return names
