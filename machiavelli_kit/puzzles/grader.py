"""The grader: which techniques a solution needs, the hardest of them, the effort, the themes.

The techniques form a ladder, easiest first:

- ``lay``: hand cards make a meld of their own;
- ``extend``: hand cards join a meld that stays whole;
- ``spare``: a meld gives away a card it can do without (a fourth of a set, a run's end);
- ``split``: a run is cut into two runs of its suit;
- ``swap``: a meld gives a card away and takes another in its place (or frees a joker);
- ``dissolve``: a meld is taken apart completely;
- ``chain``: a card freed from one meld frees a card from the next (two links or more);
- ``identical``: both copies of a card end in two sets of their rank, one copy from the hand
  (a run cut by a copy of one of its cards counts as a split);
- ``impossible``: no play reaches the goal: restore.

The grader reads the least-disruptive solution the solver returns, so a
technique counts as *required* when the tidiest play uses it.

>>> from machiavelli_kit.core.position import Position
>>> from machiavelli_kit.solver import solve
>>> grade(solve(Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H"))).technique
'spare'
>>> chain = grade(solve(Position.parse("7D 7H 7C | 8D 9D 10D | 10H 10C 10S | JH QH KH", "9H 7S")))
>>> chain.technique, chain.chain_depth, chain.touched
('chain', 3, 3)
>>> grade(solve(Position.parse("6S 6H 6D | 7S 7H 7D", "8H"))).technique
'impossible'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from machiavelli_kit.core.cards import ACE, JOKER, KING, Card
from machiavelli_kit.core.goal import GoalKind
from machiavelli_kit.core.melds import check_shape
from machiavelli_kit.puzzles.format import TECHNIQUES

if TYPE_CHECKING:
    from machiavelli_kit.solver import Solution  # grades are read from a solution, never made by solving

EFFORT_STEPS = (6, 9, 13, 20)
"""Effort points at which effort 2, 3, 4 and 5 begin (near the collection's quintiles)."""


@dataclass(frozen=True)
class Grade:
    """What a solution asks of the player."""

    technique: str
    techniques: tuple[str, ...]
    par: int
    touched: int
    chain_depth: int
    decoys: int
    themes: tuple[str, ...]

    @property
    def level(self) -> int:
        """The technique's rung on the ladder, 1 (lay) to 9 (impossible)."""
        return TECHNIQUES.index(self.technique) + 1

    @property
    def effort(self) -> int:
        """Effort inside the level, 1 to 5, from par, melds touched, chain depth and decoys.

        >>> Grade("swap", ("swap",), par=2, touched=1, chain_depth=0, decoys=0, themes=()).effort
        1
        >>> Grade("chain", ("chain",), par=5, touched=3, chain_depth=3, decoys=0, themes=()).effort
        4
        """
        points = self.par + 2 * self.touched + 2 * self.chain_depth + 2 * self.decoys
        return 1 + sum(points >= step for step in EFFORT_STEPS)


def grade(solution: Solution) -> Grade:
    """Grade a solution of any goal; an infeasible one is ``impossible``."""
    position = solution.position
    jokers = JOKER in position.all_cards()
    if not solution.feasible:
        # No play at all means restoring the table; a hand that cannot close, or a card that
        # cannot be played, may still leave other plays.
        restore = ("restore",) if solution.goal.kind in (GoalKind.MAX, GoalKind.DECIDE) else ()
        themes = ("impossible", *(("joker",) if jokers else ()), *restore)
        return Grade("impossible", ("impossible",), 0, 0, 0, len(position.hand), themes)
    flows = _Flows(solution)
    used = flows.techniques()
    depth = flows.chain_depth()
    if depth >= 2:
        used.add("chain")
    if flows.identical() and used - {"lay", "extend"}:
        used.add("identical")
    techniques = tuple(name for name in TECHNIQUES if name in used)
    decoys = len(position.hand) - solution.max_play
    found = set(techniques) | flows.shape_themes()
    found |= {"whole-hand"} if decoys == 0 else {"decoy"}
    if jokers:
        found.add("joker")
    return Grade(techniques[-1], techniques, solution.par, len(solution.broken), depth, decoys, tuple(sorted(found)))


class _Flows:
    """Where each start meld's cards went, under the solution's matching of melds."""

    def __init__(self, solution: Solution) -> None:
        self.solution = solution
        self.rules = solution.rules
        self.start = [meld.cards for meld in solution.position.table.melds]
        self.final = [meld.cards for meld in solution.table.melds]
        self.kept: dict[int, int] = {origin: f for f, origin in enumerate(solution.origins) if origin is not None}
        from machiavelli_kit.solver.steps import card_flows  # with the solver's tables: only once there is a solution

        self.stays, transfers = card_flows(solution.position, solution.table, solution.origins)
        self.lost = [Counter(cards) - stays for cards, stays in zip(self.start, self.stays, strict=True)]
        # (source start meld or None for the hand, final meld) for every card that moved.
        self.moves = [(transfer.source, transfer.target, transfer.card) for transfer in transfers]

    def kind(self, cards: tuple[Card, ...]) -> str | None:
        return check_shape(cards, self.rules).kind

    def techniques(self) -> set[str]:
        used: set[str] = set()
        for f, origin in enumerate(self.solution.origins):
            sources = {source for source, target, _ in self.moves if target == f}
            if origin is None and sources == {None}:
                used.add("lay")
        for m in range(len(self.start)):
            kept = self.kept.get(m)
            stays = sum(count for card, count in self.stays[m].items() if not card.is_joker)
            gained = [card for _, target, card in self.moves if target == kept] if kept is not None else []
            if kept is None or stays < 2:
                used.add("dissolve")
            elif not self.lost[m]:
                if gained:
                    used.add("extend")
            elif not any(card.is_joker for card in self.lost[m]) and self._split(m):
                used.add("split")
            elif any(card.is_joker for card in self.lost[m]) or (gained and stays < 3):
                used.add("swap")
            else:
                used.add("spare")
            if kept is not None and any(source is None for source, target, _ in self.moves if target == kept):
                used.add("extend")
        return used

    def _split(self, m: int) -> bool:
        """Whether start run ``m`` ends in two or more runs of its suit."""
        if self.kind(self.start[m]) != "run":
            return False
        homes = {self.kept[m]} | {target for source, target, _ in self.moves if source == m}
        return sum(1 for f in homes if self.kind(self.final[f]) == "run") >= 2

    def chain_depth(self) -> int:
        """The longest path of start melds where each gives a card to the next one's continuation."""
        edges: dict[int, set[int]] = {}
        for source, target, _ in self.moves:
            origin = self.solution.origins[target]
            if source is not None and origin is not None and origin != source:
                edges.setdefault(source, set()).add(origin)

        def longest(node: int, seen: frozenset[int]) -> int:
            return max((1 + longest(nxt, seen | {nxt}) for nxt in edges.get(node, ()) if nxt not in seen), default=0)

        return max((longest(node, frozenset({node})) for node in edges), default=0)

    def identical(self) -> bool:
        """Both copies of a card in two sets, one copy from the hand."""
        played = Counter(self.solution.played)
        homes: dict[Card, list[int]] = {}
        for f, cards in enumerate(self.final):
            for card in cards:
                homes.setdefault(card, []).append(f)
        for card, places in homes.items():
            if card.is_joker or len(places) < 2 or not played[card]:
                continue
            if all(self.kind(self.final[f]) == "set" for f in places):
                return True
        return False

    def shape_themes(self) -> set[str]:
        themes: set[str] = set()
        for m, cards in enumerate(self.start):
            before = self.kind(cards)
            after = {self.kind(self.final[target]) for source, target, _ in self.moves if source == m}
            if before == "set" and "run" in after:
                themes.add("sets-to-runs")
            if before == "run" and "set" in after:
                themes.add("runs-to-sets")
        for cards in self.final:
            verdict = check_shape(cards, self.rules)
            if verdict.kind == "set" and len(cards) == 4:
                themes.add("four-of-a-kind")
            if verdict.kind != "run":
                continue
            ranks = [card.rank for card in _as_cards(verdict.arranged, verdict.jokers_as)]
            if len(ranks) >= 7:
                themes.add("long-run")
            if ACE in ranks:
                at = ranks.index(ACE)
                if 0 < at < len(ranks) - 1 or (at == 0 and ranks[-1] == KING):
                    themes.add("wrap")
                else:
                    themes.add("ace-low" if at == 0 else "ace-high")
        return themes


def _as_cards(arranged: tuple[Card, ...], jokers_as: tuple[Card, ...]) -> list[Card]:
    """The run's cards with each joker replaced by the card it stands for."""
    stand_ins = iter(jokers_as)
    return [next(stand_ins) if card.is_joker else card for card in arranged]
