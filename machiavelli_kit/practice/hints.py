"""The hint ladder: six rungs, each giving away a little more of the solution.

>>> from machiavelli_kit.core.position import Position
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

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.goal import Goal
from machiavelli_kit.core.position import Position
from machiavelli_kit.core.rules import BGA, Rules
from machiavelli_kit.i18n import N_, _, check_language, ngettext, speaking
from machiavelli_kit.solver import Solution, solve

RUNG_NAMES = (N_("how many"), N_("which cards"), N_("which melds"), N_("first move"), N_("whole chain"),
              N_("solution"))  # fmt: skip
"""What each rung gives away (said with ``_()``)."""
RUNG_COUNT = len(RUNG_NAMES)


@dataclass(frozen=True)
class HintLadder:
    """Hints from vague to complete, for one position; show them one rung at a time.

    The rungs are said in the ladder's language (``lang``), else in the language in use when they are read.
    """

    solution: Solution
    lang: str | None = None

    @property
    def rungs(self) -> tuple[str, ...]:
        """The six hints, in the ladder's language or the language in use."""
        return self.said()

    def said(self, lang: str | None = None) -> tuple[str, ...]:
        """The six hints in ``lang`` (``None``: the ladder's language, else the language in use)."""
        with speaking(lang if lang is not None else self.lang):
            if not self.solution.feasible:
                return _no_play_rungs(self.solution.position, self.solution.rules)
            return _rungs(self.solution)

    def rung(self, level: int, lang: str | None = None) -> str:
        """Rung ``level`` (1 to 6)."""
        if not 1 <= level <= RUNG_COUNT:
            with speaking(lang if lang is not None else self.lang):
                raise ValueError(
                    _("hint level must be between 1 and {count}, not {level}").format(count=RUNG_COUNT, level=level)
                )
        return self.said(lang)[level - 1]


def hint_ladder(
    position: Position, rules: Rules | str = BGA, goal: Goal | Card | str = Goal.MAX, lang: str | None = None
) -> HintLadder:
    """Solve ``position`` and phrase the answer as six hints (in ``lang``, else the language in use when read)."""
    return HintLadder(solve(position, rules, goal), None if lang is None else check_language(lang))


def _rungs(solution: Solution) -> tuple[str, ...]:
    position = solution.position
    count = solution.max_play
    if count == len(position.hand):
        # TRANSLATORS: the first hint: how many cards the learner can play, here every card in the hand.
        how_many = ngettext(
            "You can play {count} card: your whole hand.", "You can play {count} cards: your whole hand.", count
        ).format(count=count)
    else:
        how_many = ngettext("You can play {count} card.", "You can play {count} cards.", count).format(count=count)
    played = " ".join(str(card) for card in solution.played)
    which = ngettext(
        "Play this card from your hand: {cards}.", "Play these cards from your hand: {cards}.", len(solution.played)
    ).format(cards=played)
    broken = solution.broken
    if broken:
        melds = "; ".join(str(position.table.melds[index]) for index in broken)
        # TRANSLATORS: {melds} are the melds on the table the learner must take apart or take cards from.
        which_melds = ngettext(
            "Take apart or borrow from this meld: {melds}.",
            "Take apart or borrow from these melds: {melds}.",
            len(broken),
        ).format(melds=melds)
    else:
        which_melds = _("No meld on the table needs to be taken apart.")
    moves = solution.moves
    # TRANSLATORS: {move} is a move in words, e.g. "3♣ from the hand joins the club run".
    first = _("First move: {move}.").format(move=moves[0].text)
    # TRANSLATORS: {moves} are all the moves in words, separated by semicolons.
    chain = _("The whole chain: {moves}.").format(moves="; ".join(move.text for move in moves))
    # TRANSLATORS: {table} is the final table, its melds written in cards.
    answer = _("The solution: {table}.").format(table=solution.table)
    return (how_many, which, which_melds, first, chain, answer)


def _no_play_rungs(position: Position, rules: Rules) -> tuple[str, ...]:
    """Six rungs for a table where nothing can be played: only the last one says so outright."""
    hand = " ".join(str(card) for card in position.hand)
    if len(position.hand) == 1:
        try_cards = _("Try your only card, {card}: which meld could it join, or which new meld could it start?").format(
            card=hand
        )
    else:
        try_cards = _(
            "Try each card from your hand in turn: {cards}. Which meld could it join, or which new meld could it start?"
        ).format(cards=hand)
    if rules.restore_penalty:
        after_moving = ngettext(
            "(If you have already moved cards, put them all back and draw {count} card as the restore penalty.)",
            "(If you have already moved cards, put them all back and draw {count} cards as the restore penalty.)",
            rules.restore_penalty,
        ).format(count=rules.restore_penalty)
    else:
        after_moving = _("(If you have already moved cards, put them all back; these rules have no restore penalty.)")
    no_play = _("No play: no card from your hand can be played here, so you draw 1 card.")
    return (
        _("Before you move a card, ask: can anything be played here at all?"),
        try_cards,
        _("Count what each try leaves behind: every meld must keep at least 3 cards, and a set has each suit once."),
        # TRANSLATORS: {cards} are the cards of the learner's hand.
        _(
            "Rearranging the table does not help here: "
            "every way of placing {cards} leaves some card with no valid meld."
        ).format(cards=hand),
        _("So there is no play. Do not touch the table: a player who cannot play draws 1 card."),
        f"{no_play} {after_moving}",
    )
