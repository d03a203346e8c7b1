"""A position being rearranged by a learner: moves, undo/redo, check, hints, solve.

Plain Python, no widgets: :mod:`machiavelli_kit.ui.position_board` draws a :class:`PlaySession`
and forwards the mouse to it.

>>> from machiavelli_kit.core.position import Position
>>> session = PlaySession(Position.parse("4C 5C 6C", "3C 7C 8C"))
>>> for code in ("3C", "7C", "8C"):
...     session.move(Card.parse(code), "hand", 0)
True
True
True
>>> session.check().text
'Valid: you played 3 cards (3♣ 7♣ 8♣), your whole hand.'
>>> session.undo(); session.state.hand
True
(Card.parse('8C'),)

It speaks the language in use, or the one it was made with:

>>> print(PlaySession(Position.parse("4C 5C 6C", "3C 7C"), lang="it").check().text)
Non ancora valido: ...
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from machiavelli_kit.core.cards import Card, format_cards
from machiavelli_kit.core.melds import ProblemKind, check_meld
from machiavelli_kit.core.position import Position, Table, check_table, check_turn
from machiavelli_kit.core.rules import BGA, Rules, as_rules
from machiavelli_kit.i18n import N_, _, ngettext, speaking
from machiavelli_kit.practice.hints import HintLadder, hint_ladder
from machiavelli_kit.solver import Solution, SolverTimeout
from machiavelli_kit.solver.steps import Move, apply_move

Place = int | Literal["new", "work", "hand"]
"""Where a card lies or goes: a meld index, a new meld, the working area or the hand."""
WORK_AREA_FLAGS = frozenset({ProblemKind.TABLE_CARD_MISSING, ProblemKind.HAND_MISMATCH})
"""Turn problems that only say a card is still in the working area, which Check says once itself."""
# TRANSLATORS: why nothing can be played; it follows "No play: ".
NO_CARD_PLAYS = N_("no card from your hand can be played here")


class PlayError(ValueError):
    """A move the table does not allow; the message says why."""


@dataclass(frozen=True)
class PlayState:
    """One moment of the turn: the melds, the hand and the working area."""

    melds: tuple[tuple[Card, ...], ...]
    hand: tuple[Card, ...]
    work: tuple[Card, ...] = ()

    @classmethod
    def of(cls, position: Position) -> PlayState:
        return cls(tuple(meld.cards for meld in position.table.melds), position.hand)

    def position(self) -> Position:
        """The table (working area left out) and the hand."""
        return Position(Table.of(self.melds), self.hand)

    def cards_at(self, place: Place) -> tuple[Card, ...]:
        if place == "hand":
            return self.hand
        if place == "work":
            return self.work
        if place == "new":
            return ()
        if not 0 <= place < len(self.melds):
            # TRANSLATORS: {number} is the meld asked for (1, 2, ...), {count} how many melds the table has.
            text = ngettext(
                "there is no meld {number}: the table has {count} meld",
                "there is no meld {number}: the table has {count} melds",
                len(self.melds),
            )
            raise PlayError(text.format(number=place + 1, count=len(self.melds)))
        return self.melds[place]


@dataclass(frozen=True)
class CheckReport:
    """The verdict on the current table, in words, with the melds to highlight."""

    valid: bool
    text: str
    invalid_melds: tuple[int, ...]
    played: tuple[Card, ...]


@dataclass(frozen=True)
class NoPlayReport:
    """The verdict on ending the turn without playing: right or not, the cards drawn, in words."""

    correct: bool
    drawn: int
    text: str


class PlaySession:
    """The learner's turn on one position, with history.

    Every change pushes a new :class:`PlayState`; :meth:`undo` and :meth:`redo`
    walk the history, :meth:`restore` goes back to the start (undoably).
    :meth:`no_play` ends the turn without playing. ``helped`` turns true once
    Solve ran or the last hint showed the answer. The rules may be a
    :class:`Rules` or a rules string such as ``"bga(wrap=true)"``.
    When the solver gives up on the position, Hint says so, Check leaves out
    the best count, and :attr:`ladder`, :attr:`solution` and Solve raise
    :class:`SolverTimeout` (once solved or given up, never solved again).
    Its texts are said in ``lang``, or when it is ``None`` in the language in
    use at the time (a board says them inside its own language). ``best`` finds
    the best play that Hint, Check and Solve speak of: by default the solver on
    the position under the rules; a game passes its own, within rules the
    position alone does not show (a table closed to a player who has not laid
    a meld yet, helping cards).
    """

    def __init__(
        self,
        position: Position,
        rules: Rules | str = BGA,
        lang: str | None = None,
        *,
        best: Callable[[], Solution] | None = None,
    ) -> None:
        self.start = position
        self.rules = as_rules(rules)
        self.lang = lang
        self._best = best
        self._history: list[PlayState] = [PlayState.of(position)]
        self._now = 0
        self._hint_level = 0
        self._hint_state: PlayState | None = None
        self.helped = False

    @property
    def state(self) -> PlayState:
        return self._history[self._now]

    @property
    def can_undo(self) -> bool:
        return self._now > 0

    @property
    def can_redo(self) -> bool:
        return self._now < len(self._history) - 1

    @property
    def touched(self) -> bool:
        """Whether a card was moved this turn (even if it went back since)."""
        return len(self._history) > 1

    def borrowed(self) -> Counter[Card]:
        """Start-table cards that are off the table now (in the working area)."""
        on_table = Counter(card for meld in self.state.melds for card in meld)
        return Counter(self.start.table.cards()) - on_table

    def played(self) -> Counter[Card]:
        """Hand cards that lie on the table or in the working area now."""
        return Counter(self.start.hand) - Counter(self.state.hand)

    def move(self, card: Card, source: Place, target: Place, index: int | None = None) -> bool:
        """Move one card; ``False`` when it stays where it was. Raises :class:`PlayError`.

        ``index`` is where in the target meld the card goes (the end when ``None``),
        so cards stay where the learner put them; within one meld it reorders the meld.
        """
        with speaking(self.lang):
            alone = isinstance(source, int) and self.state.cards_at(source) == (card,)
            if source == target or (target == "new" and alone):
                if card not in self.state.cards_at(source):
                    raise PlayError(_("{card} is not there").format(card=card))
                return isinstance(source, int) and index is not None and self._reorder(card, source, index)
            self._push(_moved(self.state, card, source, target, self.start, index))
        return True

    def tidy(self) -> bool:
        """Put every valid meld in play order and sort the others (undoable); ``False`` when all are tidy."""
        melds = tuple(_tidied(meld, self.rules) for meld in self.state.melds)
        if melds == self.state.melds:
            return False
        self._push(PlayState(melds, self.state.hand, self.state.work))
        return True

    def _reorder(self, card: Card, meld: int, index: int) -> bool:
        cards = list(self.state.melds[meld])
        cards.remove(card)
        cards.insert(index, card)
        if tuple(cards) == self.state.melds[meld]:
            return False
        melds = list(self.state.melds)
        melds[meld] = tuple(cards)
        self._push(PlayState(tuple(melds), self.state.hand, self.state.work))
        return True

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        self._now -= 1
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        self._now += 1
        return True

    def restore(self) -> bool:
        """Put everything back as it was at the start of the turn (undoable)."""
        start = PlayState.of(self.start)
        if self.state == start:
            return False
        self._push(start)
        return True

    def check(self) -> CheckReport:
        """Would the turn be valid if it ended now? Problems in words."""
        with speaking(self.lang):
            return self._check()

    def _check(self) -> CheckReport:
        state = self.state
        turn = check_turn(self.start, state.position(), self.rules)
        invalid = check_table(Table.of(state.melds), self.rules).invalid_melds()
        if turn.valid and not state.work:
            count = len(turn.played)
            cards = format_cards(turn.played, unicode=True)
            best = self._best_count()
            if count == len(self.start.hand):
                # TRANSLATORS: {count} cards played, {cards} names them (3♣ 7♣ 8♣); they were the whole hand.
                text = ngettext(
                    "Valid: you played {count} card ({cards}), your whole hand.",
                    "Valid: you played {count} cards ({cards}), your whole hand.",
                    count,
                )
            elif best is None:
                text = ngettext(
                    "Valid: you played {count} card ({cards}).", "Valid: you played {count} cards ({cards}).", count
                )
            elif best > count:
                # TRANSLATORS: {best} (more than {count}) is the most hand cards that can be played here.
                text = ngettext(
                    "Valid: you played {count} card ({cards}); {best} can be played here.",
                    "Valid: you played {count} cards ({cards}); {best} can be played here.",
                    count,
                )
            else:
                text = ngettext(
                    "Valid: you played {count} card ({cards}), the most this position allows.",
                    "Valid: you played {count} cards ({cards}), the most this position allows.",
                    count,
                )
            return CheckReport(True, text.format(count=count, cards=cards, best=best), invalid, turn.played)
        lines = []
        if state.work:
            # TRANSLATORS: the working area is where table cards wait while the learner rearranges melds.
            waiting_text = ngettext(
                "the working area still holds {cards}: put it on the table",
                "the working area still holds {cards}: put them on the table",
                len(state.work),
            )
            lines.append(waiting_text.format(cards=format_cards(state.work, unicode=True)))
        # Cards in the working area are neither lost nor back in the hand: those two problems wait.
        waiting = WORK_AREA_FLAGS if state.work else frozenset()
        lines += turn.problem_lines(leaving_out=waiting)
        # TRANSLATORS: {problems} are the problems, joined with "; ".
        return CheckReport(
            False, _("Not valid yet: {problems}.").format(problems="; ".join(lines)), invalid, turn.played
        )

    def no_play_reason(self) -> str | None:
        """Why nothing can be played here, or ``None`` when there is a play."""
        with speaking(self.lang):
            return None if self._answer().feasible else _(NO_CARD_PLAYS)

    def no_play(self) -> NoPlayReport:
        """End the turn without playing: right only when there is no play.

        A player who touched nothing draws 1 card. One who moved cards puts
        them all back (undoably) and draws the restore penalty instead. When
        there is a play the turn goes on and nothing changes.
        """
        with speaking(self.lang):
            reason = self.no_play_reason()
            if reason is None:
                return NoPlayReport(False, 0, _("Not quite: there is a play here. Look again."))
            if not self.touched:
                # TRANSLATORS: {reason} says why nothing can be played.
                return NoPlayReport(
                    True, 1, _("No play: {reason}, so you draw 1 card and your turn ends.").format(reason=reason)
                )
            penalty = self.rules.restore_penalty
            self.restore()
            if penalty:
                # TRANSLATORS: {reason} says why nothing can be played; {count} cards are the restore penalty.
                text = ngettext(
                    "No play: {reason}. You moved cards, so they all go back where they were and you draw "
                    "{count} card as the restore penalty.",
                    "No play: {reason}. You moved cards, so they all go back where they were and you draw "
                    "{count} cards as the restore penalty.",
                    penalty,
                )
            else:
                text = _(
                    "No play: {reason}. You moved cards, so they all go back where they were and you draw nothing "
                    "(no penalty)."
                )
            return NoPlayReport(True, penalty, text.format(reason=reason, count=penalty))

    @cached_property
    def _ladder_or_give_up(self) -> HintLadder | SolverTimeout:
        try:
            with speaking(self.lang):  # the ladder's hints are said once, when it is made
                return hint_ladder(self.start, self.rules) if self._best is None else HintLadder(self._best())
        except SolverTimeout as gave_up:
            return gave_up

    @property
    def ladder(self) -> HintLadder:
        """The hint ladder of the start position; :class:`SolverTimeout` when the solver gave up."""
        found = self._ladder_or_give_up
        if isinstance(found, SolverTimeout):
            raise found.again()
        return found

    def _best_count(self) -> int | None:
        """The most hand cards that can be played here, ``None`` when the solver gave up before it knew."""
        try:
            return self.solution.max_play if self.solution.feasible else 0
        except SolverTimeout as gave_up:
            return gave_up.most_cards

    @property
    def solution(self) -> Solution:
        return self.ladder.solution

    def _answer(self) -> Solution:
        """The solver's answer or, when it gave up having found a play, that play (:class:`SolverTimeout`
        when it found none)."""
        try:
            return self.solution
        except SolverTimeout as gave_up:
            if gave_up.found is None:
                raise
            return gave_up.found

    def hint(self) -> str:
        """The next rung of the hint ladder; it starts again at the first when the table changed. When the
        solver gave up, it says so, and how many cards can be played when the solver had proved it."""
        if self._hint_state != self.state:
            self._hint_level = 0
        with speaking(self.lang):
            try:
                rungs = self.ladder.rungs
            except SolverTimeout as gave_up:
                count = gave_up.most_cards
                if count is not None:
                    # TRANSLATORS: the only hint when the solver gave up after it proved how many cards can be
                    # played; {seconds} is how long it tried (5).
                    return ngettext(
                        "Hint: you can play {count} card. The solver gave up after {seconds} s, so there are no "
                        "more hints.",
                        "Hint: you can play {count} cards. The solver gave up after {seconds} s, so there are no "
                        "more hints.",
                        count,
                    ).format(count=count, seconds=f"{gave_up.seconds:g}")
                # TRANSLATORS: {seconds} is how long the solver tried (5).
                return _("No hint: the solver gave up after {seconds} s without proving the best play.").format(
                    seconds=f"{gave_up.seconds:g}"
                )
            self._hint_level = min(self._hint_level + 1, len(rungs))
            self._hint_state = self.state
            self.helped = self.helped or self._hint_level == len(rungs)
            # TRANSLATORS: {level} and {total} count the hints (Hint 2 of 4); {hint} is the hint itself.
            return _("Hint {level} of {total}: {hint}").format(
                level=self._hint_level, total=len(rungs), hint=rungs[self._hint_level - 1]
            )

    def solve_steps(self) -> Iterator[Move]:
        """Restore, then play the solver's moves one at a time (each undoable); the turn counts as helped.
        When the solver gave up having found a play, that play's moves."""
        self.helped = True
        return self._solution_steps()

    def _solution_steps(self) -> Iterator[Move]:
        solution = self._answer()
        if not solution.feasible:
            return
        moves = _moves(solution)
        self.restore()
        melds = [list(meld.cards) for meld in self.start.table.melds]
        hand = list(self.start.hand)
        for step in moves:
            apply_move(melds, hand, step)
            if step.target is not None:
                melds[step.target] = _fitted(melds[step.target], self.rules)
            self._push(PlayState(tuple(tuple(meld) for meld in melds if meld), tuple(sorted(hand))))
            yield step

    def solve(self) -> tuple[Move, ...]:
        """Play the whole solution; the moves made (none when the table must be restored)."""
        return tuple(self.solve_steps())

    def _push(self, state: PlayState) -> None:
        del self._history[self._now + 1 :]
        self._history.append(state)
        self._now += 1


def nothing_to_show(gave_up: SolverTimeout) -> str:
    """What Solve and the projector say when the solver gave up without finding a play, in the language in use."""
    # TRANSLATORS: on the board and the projector, when the solver found no answer in time; {seconds}: how long.
    return _("The solver gave up after {seconds} s: there is no answer to show.").format(seconds=f"{gave_up.seconds:g}")


def _moves(solution: Solution) -> tuple[Move, ...]:
    """The solution's moves; when the time ran out before they were worked out, worked out anyway (the
    learner asked to see them, and they take a few milliseconds at most)."""
    try:
        return solution.moves
    except SolverTimeout as gave_up:
        if gave_up.found is None:
            raise
        return gave_up.found.moves


def _tidied(meld: tuple[Card, ...], rules: Rules) -> tuple[Card, ...]:
    verdict = check_meld(meld, rules)
    return verdict.arranged if verdict.valid else tuple(sorted(meld))


def _fitted(meld: list[Card], rules: Rules) -> list[Card]:
    """``meld`` whose last card moved to where the meld reads in play order, if there is such a place."""
    *others, card = meld
    for index in range(len(others) + 1):
        tried = [*others[:index], card, *others[index:]]
        if check_meld(tried, rules).arranged == tuple(tried):
            return tried
    return meld


def _moved(
    state: PlayState, card: Card, source: Place, target: Place, start: Position, index: int | None = None
) -> PlayState:
    """The state after moving ``card`` from ``source`` to ``target`` (at ``index`` in a meld), or :class:`PlayError`."""
    if source == "new":
        raise PlayError(_("a card comes from a meld, the hand or the working area, not from a new meld"))
    origin = list(state.cards_at(source))
    if card not in origin:
        # TRANSLATORS: {card} is a card (7♥) that is not where the learner tried to take it from.
        raise PlayError(_("{card} is not there").format(card=card))
    if source == "hand" and target == "work":
        raise PlayError(_("the working area is for table cards: put hand cards straight onto the table"))
    if target == "hand":
        on_table = Counter(c for meld in state.melds for c in meld) + Counter(state.work)
        if on_table[card] <= start.table.cards()[card]:
            raise PlayError(
                _("{card} was on the table at the start of the turn: it cannot go to your hand").format(card=card)
            )
    origin.remove(card)
    melds = [list(meld) for meld in state.melds]
    hand, work = list(state.hand), list(state.work)
    lists: dict[Place, list[Card]] = {"hand": hand, "work": work}
    if isinstance(source, int):
        melds[source] = origin
    else:
        lists[source][:] = origin
    if target == "new":
        melds.append([card])
    elif isinstance(target, int):
        state.cards_at(target)
        melds[target].insert(len(melds[target]) if index is None else index, card)
    else:
        lists[target].append(card)
    return PlayState(tuple(tuple(meld) for meld in melds if meld), tuple(sorted(hand)), tuple(work))


__all__ = ["CheckReport", "NoPlayReport", "Place", "PlayError", "PlaySession", "PlayState"]
