"""Plays built for a player's view, within every rule of the game: the per-turn cap, the
table closed to a player who has not laid a meld yet, and the helping cards.

The solver answers for one table and one hand; these functions wrap it so the computer
players, the review and a notebook's hint all ask the same question the same way.

>>> from machiavelli_kit.game.session import Game
>>> game = Game.new(["Ann", "Bob"], "bga", seed=3)
>>> play = best_play(game.view(game.to_move))
>>> game.refusal(play) is None, len(play.table.cards())
(True, 7)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.goal import Goal, GoalKind
from machiavelli_kit.core.melds import MIN_MELD, Meld, check_meld
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.game.actions import Draw, Pass, Play
from machiavelli_kit.game.engine import MIN_OWN_CARDS_WITH_HELPERS
from machiavelli_kit.game.helping import HelpingChoice, helping_choices
from machiavelli_kit.game.state import View
from machiavelli_kit.solver import DEFAULT_TIME_LIMIT, Clock, Solution, play_exists, solve
from machiavelli_kit.solver.templates import card_index, templates


def best_play(
    view: View, goal: Goal | Card | str = Goal.MAX, *, helpers: bool = True, clock: Clock | None = None
) -> Play | None:
    """The solver's play for ``goal`` (``max``, ``close`` or a card to play), or ``None`` if there is none.

    With helping cards (when there are any and ``helpers`` is true) the play is exact too: every
    way to lay new melds around them (:func:`~machiavelli_kit.game.helping.helping_choices`) is
    tried with the solver's best play of the hand cards left on the table (on an empty table of
    its own while the player may not touch the melds there), within the room the turn has left
    (:meth:`~machiavelli_kit.core.rules.Rules.turn_room`), and the best of them wins: the most hand
    cards (for ``max``), then the least par, then the most helping cards taken. The solves share
    ``clock`` (``None``: no limit): past its time or its work the solver gives up
    (:class:`SolverTimeout`, or its :class:`~machiavelli_kit.solver.SolverOutOfWork`).
    """
    goal = Goal.parse(goal)
    hand = Counter(view.hand)
    room = view.rules.turn_room(0, hand.total())
    choices = [HelpingChoice((), Counter(), ())]
    if helpers and view.helpers and room >= MIN_OWN_CARDS_WITH_HELPERS:
        choices = helping_choices(hand, Counter(view.helpers), view.rules, room)
    best: tuple[tuple[int, ...], Play] | None = None
    most_rest: int | None = None  # the most the hand alone plays: a bound for the helping choices
    for choice in sorted(choices, key=lambda choice: (bool(choice.melds), -choice.own.total())):  # laying none first
        if (
            goal.kind is GoalKind.MAX
            and most_rest is not None
            and best is not None
            and choice.own.total() + most_rest < best[0][0]  # the rest plays no more than the whole hand does
        ):
            break  # the choices come with fewer own cards each time: none can play more
        found = _with_helping(view, goal, choice, clock)
        if not choice.melds:
            most_rest = found[0][0] if found is not None else 0
        if found is not None and (best is None or found[0] > best[0]):
            best = found
    return None if best is None else best[1]


def closes(view: View, *, clock: Clock | None = None) -> bool:
    """Whether :func:`best_play` finds a play that closes (``best_play(view, Goal.CLOSE)`` is not
    ``None``), sooner: it asks the solver only whether the hand cards left by each way to lay the
    helping cards could all go down (:func:`~machiavelli_kit.solver.play_exists`), no par, no table.

    >>> from machiavelli_kit.game.session import Game
    >>> game = Game.new(["Ann", "Bob"], "bga", seed=3)
    >>> closes(game.view(game.to_move)), best_play(game.view(game.to_move), Goal.CLOSE)
    (False, None)
    """
    hand = Counter(view.hand)
    room = view.rules.turn_room(0, hand.total())
    choices = [HelpingChoice((), Counter(), ())]
    if view.helpers and room >= MIN_OWN_CARDS_WITH_HELPERS:
        choices = helping_choices(hand, Counter(view.helpers), view.rules, room)
    table = view.table if view.may_touch_table else Table()
    for choice in choices:
        left = hand - choice.own
        if not left:
            if choice.melds:
                return True
            continue
        room = view.rules.turn_room(choice.own.total(), left.total())
        if room >= 1 and exists_within(Position(table, tuple(left.elements())), view.rules, Goal.CLOSE, clock, room):
            return True
    return False


def _with_helping(
    view: View, goal: Goal, choice: HelpingChoice, clock: Clock | None
) -> tuple[tuple[int, ...], Play] | None:
    """The best play that lays ``choice``'s helping melds, and its score (higher is better: the
    hand cards for ``max``, then less par, then more helping cards taken, which no one else can
    use then), or ``None`` when no such play meets ``goal``."""
    left = Counter(view.hand) - choice.own
    room = view.rules.turn_room(choice.own.total(), left.total())
    card = goal.card
    done = card is not None and choice.own[card] > 0  # a helping meld plays the goal's card
    rest: Solution | None = None
    if left and not done and room >= 1:
        table = view.table if view.may_touch_table else Table()
        found = solve_within(Position(table, tuple(left.elements())), view.rules, goal, clock, room)
        rest = found if found.feasible else None
        if rest is None and goal.kind is not GoalKind.MAX:
            return None
    if rest is None and (not choice.melds or (goal.kind is GoalKind.CLOSE and left) or (card is not None and not done)):
        return None
    played = choice.own.total() + (0 if rest is None else len(rest.played))
    par = choice.own.total() + (0 if rest is None else rest.par)
    if rest is None:
        melds = view.table.melds
    else:
        melds = rest.table.melds if view.may_touch_table else (*view.table.melds, *rest.table.melds)
    score = ((played,) if goal.kind is GoalKind.MAX else ()) + (-par, len(choice.taken))
    return score, Play(Table.of([*melds, *choice.melds]), choice.taken)


def best_answer(view: View, time_limit: float | None = DEFAULT_TIME_LIMIT) -> Solution:
    """:func:`best_play` as a :class:`~machiavelli_kit.solver.Solution` of the position the player's
    board shows (the hand and the helping cards together), so that a hint ladder and Check speak of
    a play the game allows. Where no game rule narrows the solver's question, it is the solver's own
    answer; past ``time_limit`` seconds :class:`SolverTimeout`.

    >>> from machiavelli_kit.game.session import Game
    >>> game = Game.new(["Ann", "Bob"], "bga(attach_before_laying=false)", seed=3)
    >>> answer = best_answer(game.view(game.to_move))
    >>> game.refusal(Play(answer.table)) is None, answer.max_play
    (True, 7)
    """
    clock = Clock(time_limit)
    position = Position(view.table, (*view.hand, *view.helpers))
    if view.may_touch_table and not view.helpers:
        return solve_within(position, view.rules, Goal.MAX, clock)
    play = best_play(view, clock=clock)
    if play is None:
        return Solution.no_play(position, view.rules, Goal.MAX)
    return Solution.of_table(position, view.rules, Goal.MAX, play.table)


def simple_play(view: View, clock: Clock | None = None) -> Play | None:
    """A newcomer's play: new melds from the hand, then single cards added to the ends of the
    melds on the table (sets filled up to four); nothing on the table is taken apart."""
    rules = view.rules
    found = solve_within(Position(Table(), view.hand), rules, Goal.MAX, clock)
    hand = Counter(view.hand)
    new: list[Meld] = []
    if found.feasible:
        new = list(found.table.melds)
        hand -= Counter(found.played)
    melds = [meld.cards for meld in view.table.melds]
    played = len(view.hand) - hand.total()
    played += _add_to_melds(view, melds, hand, played)
    if not played:
        return None
    return Play(Table.of([*melds, *new]))


def _add_to_melds(view: View, melds: list[tuple[Card, ...]], hand: Counter[Card], played: int) -> int:
    """Add single cards of ``hand`` to the ends of ``melds`` (both changed in place) while one fits
    and the turn's cap allows, ``played`` cards being down already; returns how many were added."""
    added = 0
    misfits: list[set[Card]] = [set() for _meld in melds]  # cards found not to join each meld as it stands
    while view.may_touch_table and view.rules.turn_room(played + added, hand.total()) > 0:
        fits = ((index, _fitting_card(meld, hand, view.rules, misfits[index])) for index, meld in enumerate(melds))
        index, card = next(((index, card) for index, card in fits if card is not None), (-1, None))
        if card is None:
            break
        melds[index] = (*melds[index], card)
        misfits[index] = set()
        hand[card] -= 1
        added += 1
    return added


def newcomer_play(view: View, clock: Clock | None = None) -> Play | None:
    """The newcomer's play that puts down the most hand cards in the fewest new melds: the
    better of :func:`simple_play` (new melds first, then cards added to the table) and the
    other order (cards added to the table first, then new melds of the rest). Nothing on the
    table is taken apart."""
    melds_first = simple_play(view, clock)
    table_first = _extensions_first(view, clock)
    if melds_first is None or table_first is None:
        return melds_first or table_first

    def worth(play: Play) -> tuple[int, int]:
        cards = (play.table.cards() - view.table.cards()).total()
        return cards - (len(play.table.melds) - len(view.table.melds)), cards

    return table_first if worth(table_first) > worth(melds_first) else melds_first


def _extensions_first(view: View, clock: Clock | None) -> Play | None:
    """Single hand cards added to the ends of the melds on the table, as many as fit, then
    new melds of the cards left (see :func:`newcomer_play`)."""
    hand = Counter(view.hand)
    melds = [meld.cards for meld in view.table.melds]
    played = _add_to_melds(view, melds, hand, 0)
    hand = +hand
    new: list[Meld] = []
    room = view.rules.turn_room(played, hand.total())
    if room >= MIN_MELD:
        found = solve_within(Position(Table(), tuple(hand.elements())), view.rules, Goal.MAX, clock, room)
        if found.feasible:
            new = list(found.table.melds)
            played += len(found.played)
    if not played:
        return None
    return Play(Table.of([*melds, *new]))


def first_step(view: View, play: Play) -> Play:
    """The first step of ``play``, a newcomer's play from :func:`simple_play`, keeping the rest
    for later turns: its first card added to a meld on the table if it adds any, else its first
    new meld cut down to three cards (the cards cut off can be added to it later).

    >>> from machiavelli_kit.game.deal import arranged_deal
    >>> from machiavelli_kit.game.session import Game
    >>> from machiavelli_kit.core.cards import parse_cards
    >>> from machiavelli_kit.core.rules import BGA
    >>> hands = [parse_cards("4C 5C 6C 7C 8C 9D"), parse_cards("2S")]
    >>> game = Game(BGA, ["Ann", "Bob"], arranged_deal(BGA, hands, table=Table.parse("10D JD QD")), dealer=1)
    >>> view = game.view(0)
    >>> print(simple_play(view).table)
    10♦ J♦ Q♦ 9♦ | 4♣ 5♣ 6♣ 7♣ 8♣
    >>> print(first_step(view, simple_play(view)).table)
    9♦ 10♦ J♦ Q♦
    >>> game.play(first_step(view, simple_play(view))).played, game.play(Draw()).action
    ((Card.parse('9D'),), 'draw')
    >>> view = game.view(0)
    >>> print(first_step(view, simple_play(view)).table)
    9♦ 10♦ J♦ Q♦ | 4♣ 5♣ 6♣
    """
    old = view.table.melds
    for index, (before, after) in enumerate(zip(old, play.table.melds, strict=False)):
        added = Counter(after.cards) - Counter(before.cards)
        if added:
            card = min(added, key=after.cards.index)
            grown = Meld((*before.cards, card)).arranged(view.rules)
            return Play(Table((*old[:index], grown, *old[index + 1 :])))
    new = play.table.melds[len(old) :]
    if not new:
        return play
    arranged = check_meld(new[0].cards, view.rules).arranged
    cuts = (arranged[start : start + MIN_MELD] for start in range(len(arranged) - MIN_MELD + 1))
    part = next((cut for cut in cuts if check_meld(cut, view.rules).valid), new[0].cards)
    return Play(Table((*old, Meld(part))))


def simple_options(view: View) -> list[Play]:
    """Every play of one step a newcomer sees: one new meld from the hand, or one hand card
    added to one meld on the table (without taking anything apart).

    >>> from machiavelli_kit.game.session import Game
    >>> game = Game.new(["Ann", "Bob"], "bga", seed=3)
    >>> options = simple_options(game.view(game.to_move))
    >>> len(options), all(game.refusal(option) is None for option in options)
    (4, True)
    """
    rules = view.rules
    hand = Counter(view.hand)
    held = {card_index(card) for card in hand if not card.is_joker}
    options = [
        Play(Table((*view.table.melds, Meld(shape.cards()))))
        for shape in templates(rules)
        if held.issuperset(shape.slots) and rules.turn_room(len(shape.slots)) >= 0
    ]
    if view.may_touch_table:
        melds = view.table.melds
        for index, meld in enumerate(melds):
            for card in sorted(hand):
                if joins(card, meld.cards, rules):
                    grown = Meld((*meld.cards, card))
                    options.append(Play(Table((*melds[:index], grown, *melds[index + 1 :]))))
    return options


def no_play(view: View) -> Draw | Pass:
    """The turn without a play: draw, or pass when the stock is empty and play goes on."""
    if view.stock_size or view.rules.stock_out != "play_on":
        return Draw()
    return Pass()


def solve_within(
    position: Position, rules: Rules, goal: Goal | Card, clock: Clock | None, room: int | None = None
) -> Solution:
    """The solver (placing at most ``room`` hand cards, ``None``: a whole turn's), within what is left
    of ``clock``'s time and work (``None``: no limit); :class:`SolverTimeout` once the time has passed,
    or the work is spent, before the solve finishes."""
    if clock is None:
        return solve(position, rules, goal, room=room, time_limit=None)
    clock.remaining()
    return solve(position, rules, goal, room=room, clock=clock)


def exists_within(
    position: Position, rules: Rules, goal: Goal | Card, clock: Clock | None, room: int | None = None
) -> bool:
    """:func:`solve_within`'s verdict alone (whether a play meets ``goal``), sooner:
    :func:`~machiavelli_kit.solver.play_exists` within what is left of ``clock``."""
    if clock is None:
        return play_exists(position, rules, goal, room=room, time_limit=None)
    clock.remaining()
    return play_exists(position, rules, goal, room=room, clock=clock)


def _fitting_card(meld: Iterable[Card], hand: Counter[Card], rules: Rules, misfits: set[Card]) -> Card | None:
    """The first card of ``hand`` (in card order) that joins ``meld``, skipping ``misfits`` (cards known
    not to), which gains every card found not to join: a meld that does not change is not checked again."""
    cards = tuple(meld)
    for card in sorted(+hand):
        if card in misfits:
            continue
        if joins(card, cards, rules):
            return card
        misfits.add(card)
    return None


@lru_cache(maxsize=1 << 14)
def joins(card: Card, meld: tuple[Card, ...], rules: Rules) -> bool:
    """Whether ``card`` added to ``meld`` makes a meld, remembered: the table's melds stay from turn
    to turn, and the newcomers ask of the same melds and cards every turn.

    >>> from machiavelli_kit.core.cards import parse_cards
    >>> from machiavelli_kit.core.rules import BGA
    >>> joins(Card.parse("9H"), parse_cards("6H 7H 8H"), BGA), joins(Card.parse("9S"), parse_cards("6H 7H 8H"), BGA)
    (True, False)
    """
    return _may_join(card, meld) and check_meld((*meld, card), rules).valid


def _may_join(card: Card, meld: tuple[Card, ...]) -> bool:
    """A quick filter before the meld check: a card joins a set of its rank or a run of its suit."""
    return card.is_joker or any(other.is_joker or other.rank == card.rank or other.suit == card.suit for other in meld)
