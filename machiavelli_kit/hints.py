"""The hint ladder: six rungs, each giving away a little more of the solution.

>>> from machiavelli_kit.position import Position
>>> ladder = hint_ladder(Position.parse("4C 5C 6C", "3C 7C 8C"))
>>> for rung in ladder.rungs:
...     print(rung)
You can play 3 cards: your whole hand.
Play these cards from your hand: 3♣ 7♣ 8♣.
No meld on the table needs to be taken apart.
First move: 3♣ from the hand joins the club run.
The whole chain: 3♣ from the hand joins the club run; 7♣ ... joins the club run; 8♣ ... joins the club run.
The solution: 3♣ 4♣ 5♣ 6♣ 7♣ 8♣.
"""

from __future__ import annotations

from dataclasses import dataclass

from machiavelli_kit.cards import Card, plural
from machiavelli_kit.goal import Goal
from machiavelli_kit.position import Position
from machiavelli_kit.rules import BGA, Rules
from machiavelli_kit.solver import Solution, solve

RUNG_NAMES = ("how many", "which cards", "which melds", "first move", "whole chain", "solution")


@dataclass(frozen=True)
class HintLadder:
    """Hints from vague to complete, for one position; show them one rung at a time."""

    solution: Solution
    rungs: tuple[str, ...]

    def rung(self, level: int) -> str:
        """Rung ``level`` (1 to 6)."""
        if not 1 <= level <= len(self.rungs):
            raise ValueError(f"hint level must be between 1 and {len(self.rungs)}, not {level}")
        return self.rungs[level - 1]


def hint_ladder(position: Position, rules: Rules | str = BGA, goal: Goal | Card | str = Goal.MAX) -> HintLadder:
    """Solve ``position`` and phrase the answer as six hints."""
    solution = solve(position, rules, goal)
    if not solution.feasible:
        return HintLadder(solution, _no_play_rungs(position, solution.rules))
    count = solution.max_play
    whole = ": your whole hand" if count == len(position.hand) else ""
    how_many = f"You can play {plural(count, 'card')}{whole}."
    which = "Play these cards from your hand: " + " ".join(str(card) for card in solution.played) + "."
    broken = solution.broken
    if broken:
        melds = "; ".join(str(position.table.melds[index]) for index in broken)
        which_melds = f"Take apart or borrow from: {melds}."
    else:
        which_melds = "No meld on the table needs to be taken apart."
    moves = solution.moves
    first = f"First move: {moves[0].text}."
    chain = "The whole chain: " + "; ".join(move.text for move in moves) + "."
    answer = f"The solution: {solution.table}."
    return HintLadder(solution, (how_many, which, which_melds, first, chain, answer))


def _no_play_rungs(position: Position, rules: Rules) -> tuple[str, ...]:
    """Six rungs for a table where nothing can be played: only the last one says so outright."""
    hand = " ".join(str(card) for card in position.hand)
    if len(position.hand) == 1:
        try_cards = f"Try your only card, {hand}: which meld could it join, or which new meld could it start?"
    else:
        try_cards = (
            f"Try each card from your hand in turn: {hand}. Which meld could it join, or which new meld could it start?"
        )
    if rules.restore_penalty:
        after_moving = f"put them all back and draw {plural(rules.restore_penalty, 'card')} as the restore penalty"
    else:
        after_moving = "put them all back; these rules have no restore penalty"
    return (
        "Before you move a card, ask: can anything be played here at all?",
        try_cards,
        "Count what each try leaves behind: every meld must keep at least 3 cards, and a set has each suit once.",
        f"Rearranging the table does not help here: every way of placing {hand} leaves some card with no valid meld.",
        "So there is no play. Do not touch the table: a player who cannot play draws 1 card.",
        f"No play: no card from your hand can be played here, so you draw 1 card. (If you have already moved cards, "
        f"{after_moving}.)",
    )
