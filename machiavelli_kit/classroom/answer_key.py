"""The answer key in a learner's words: the answer, the moves, and why a card finds no place.

Where nothing can be played the key says so plainly (the player draws a card)
and tells, card by card, why each one is stuck: no partners for a set or a
run, or partners that cannot leave their melds.

>>> from machiavelli_kit.puzzles.collection import load_collection
>>> entry = answer_key(load_collection().find("bga-3"))
>>> print(entry.answer)
Nothing can be played, so the player draws a card.
>>> print(entry.reasons[0])  # doctest: +NORMALIZE_WHITESPACE
8♥ has no place: there is no other eight for a set; 6♥ 7♥ (for a run)
could go with it, but taking them from their melds leaves some card with no meld.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from machiavelli_kit.core.cards import ACE, KING, Card
from machiavelli_kit.core.goal import GoalKind
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.i18n import N_, _, and_list, language, ngettext, pgettext, speaking
from machiavelli_kit.puzzles.format import Puzzle
from machiavelli_kit.solver.steps import cards_listed, moves_between

if TYPE_CHECKING:
    from machiavelli_kit.solver import Solution

NO_PLAY = N_("Nothing can be played, so the player draws a card.")
NO_PLAY_NO = N_("No, nothing can be played, so the player draws a card.")

# TRANSLATORS: the rank in "there is no other {rank} for a set": translate with the words around it that change
# with the rank (Italian "un altro otto" / "un'altra donna", Polish "innej ósemki" / "innego asa").
OTHER_RANK = {
    1: N_("other ace"), 2: N_("other two"), 3: N_("other three"), 4: N_("other four"), 5: N_("other five"),
    6: N_("other six"), 7: N_("other seven"), 8: N_("other eight"), 9: N_("other nine"), 10: N_("other ten"),
    11: N_("other jack"), 12: N_("other queen"), 13: N_("other king"),
}  # fmt: skip


@dataclass(frozen=True)
class KeyEntry:
    """One puzzle's answer: a sentence, the moves of an example play, and the reasons a card is stuck."""

    answer: str
    moves: tuple[str, ...]
    reasons: tuple[str, ...]
    end: Position | None
    """The table after the example play, with the cards left in the hand (``None``: no play)."""
    compare: tuple[str, ...]


def answer_key(puzzle: Puzzle, lang: str | None = None) -> KeyEntry:
    """The key for ``puzzle`` in ``lang`` (else the language in use): for a goal that cannot be met,
    the best play there is (if any) and why.

    Kept for the next call, so the HTML and the PDF key of one export solve each puzzle once.
    """
    return _answer_key(puzzle, language(lang))


@lru_cache(maxsize=1024)
def _best(puzzle: Puzzle) -> Solution:
    """The solver's best play (kept: the keys of every language share it)."""
    from machiavelli_kit.solver import solve  # the solver's templates: loaded only for an answer key

    return solve(puzzle.position, puzzle.rules)


@lru_cache(maxsize=1024)
def _answer_key(puzzle: Puzzle, lang: str) -> KeyEntry:
    with speaking(lang):
        compare = tuple(
            # TRANSLATORS: {rules} is a rules string such as bga(wrap=true); {answer} the puzzle's answer under them.
            _("Under the rules {rules}: {answer}.").format(rules=item.rules, answer=puzzle.answer_text(item.answer))
            for item in puzzle.compare
        )
        if puzzle.feasible and puzzle.solution is not None:
            moves, end = _play(puzzle.position, puzzle.solution, puzzle.rules)
            return KeyEntry(_yes(puzzle), moves, (), end, compare)
        best = _best(puzzle)
        if not best.feasible:
            answer = _(NO_PLAY) if puzzle.goal.kind in (GoalKind.MAX, GoalKind.DECIDE) else _(NO_PLAY_NO)
            return KeyEntry(answer, (), _stuck(puzzle.position.hand, puzzle.position, puzzle.rules), None, compare)
        moves, end = _play(puzzle.position, best.table, puzzle.rules)
        left = best.hand
        card = puzzle.goal.card
        if card is not None:
            answer = _("No, {card} cannot be played.").format(card=card)
            stuck: tuple[Card, ...] = (card,)
        else:
            # TRANSLATORS: {count} is a number of cards; {cards} the cards left in the hand, e.g. "7♥ 9♠".
            if len(left) == 1:
                answer = ngettext(
                    "No, at most {count} card can be played, and {cards} stays in the hand.",
                    "No, at most {count} cards can be played, and {cards} stays in the hand.",
                    best.max_play,
                )
            else:
                answer = ngettext(
                    "No, at most {count} card can be played, and {cards} stay in the hand.",
                    "No, at most {count} cards can be played, and {cards} stay in the hand.",
                    best.max_play,
                )
            answer = answer.format(count=best.max_play, cards=cards_listed(left))
            stuck = left
        return KeyEntry(answer, moves, _stuck(stuck, puzzle.position, puzzle.rules), end, compare)


def _yes(puzzle: Puzzle) -> str:
    played = puzzle.solution.cards() - puzzle.position.table.cards() if puzzle.solution is not None else Counter()
    cards = cards_listed(sorted(played.elements()))
    kind, card = puzzle.goal.kind, puzzle.goal.card
    if card is not None:
        return _("Yes, {card} can be played.").format(card=card)
    if kind is GoalKind.CLOSE:
        return _("Yes, the whole hand can be played.")
    if kind is GoalKind.DECIDE:
        return _("Play, because {cards} can be played.").format(cards=cards)
    count = sum(played.values())
    # TRANSLATORS: the answer to "play as many cards as you can"; {cards} are the cards, e.g. "4♥ 7♠".
    return ngettext("Play {count} card ({cards}).", "Play {count} cards ({cards}).", count).format(
        count=count, cards=cards
    )


def _play(position: Position, table: Table, rules: Rules) -> tuple[tuple[str, ...], Position]:
    """The moves from ``position`` to ``table`` in words, and the end position."""
    played = table.cards() - position.table.cards()
    rest = tuple(sorted((Counter(position.hand) - played).elements()))
    moves = tuple(move.text for move in moves_between(position, table, rules))
    return moves, Position(table, rest)


def _stuck(cards: tuple[Card, ...], position: Position, rules: Rules) -> tuple[str, ...]:
    """Why each of ``cards`` (each card once) finds no place on the table."""
    return tuple(why_stuck(card, position, rules) for card in dict.fromkeys(cards))


def why_stuck(card: Card, position: Position, rules: Rules) -> str:
    """One sentence on why ``card`` finds no place, told from the cards it would need.

    Only what is certain is said: that partners for a set or a run of three are
    missing, or that taking the ones on the table from their melds leaves some card
    with no meld (the solver has proved that no play places the card).
    """
    if card.is_joker:
        return _("The joker has no place: every meld it could join or start would leave some card with no meld.")
    rest = Counter(position.table.cards()) + Counter(position.hand)
    rest[card] -= 1
    jokers = sum(count for other, count in rest.items() if other.is_joker)
    set_partners = {other for other in +rest if other.rank == card.rank and other.suit != card.suit}
    run_partners = _run_partners(card, set(+rest), jokers, rules)
    missing = []
    if len({other.suit for other in set_partners}) + jokers < 2:
        if set_partners:
            missing.append(_("there are not enough {ranks} for a set").format(ranks=_enough_ranks(card.rank)))
        else:
            missing.append(_("there is no {other} for a set").format(other=_(OTHER_RANK[card.rank])))
        set_partners = set()
    if run_partners is None:
        run_partners = set()
        suits = _run_suits(card.suit.value) if card.suit is not None else ""
        missing.append(_("no run of three {suits} can be made with it").format(suits=suits))
    table = set(position.table.cards())
    groups = [(sorted(table & partners), kind) for partners, kind in ((set_partners, "set"), (run_partners, "run"))]
    # TRANSLATORS: {cards} are cards on the table that could join the stuck card in a set (or a run).
    held = [
        (_("{cards} (for a set)") if kind == "set" else _("{cards} (for a run)")).format(cards=cards_listed(cards))
        for cards, kind in groups
        if cards
    ]
    # TRANSLATORS: joins two reasons why a card has no place.
    said = _(", and ").join(missing)
    if held:
        partners = and_list(held)
        if sum(len(cards) for cards, _kind in groups) > 1:
            could = _("{partners} could go with it, but taking them from their melds leaves some card with no meld")
        else:
            could = _("{partners} could go with it, but taking it from its meld leaves some card with no meld")
        could = could.format(partners=partners)
        # TRANSLATORS: {missing} says which partners are missing, {could} which ones are held in other melds.
        said = _("{missing}; {could}").format(missing=said, could=could) if said else could
    if not said:
        said = _("every way of placing it leaves some card with no meld")
    # TRANSLATORS: {card} is a card such as 8♥; {reason} says why it cannot be placed.
    return _("{card} has no place: {reason}.").format(card=card, reason=said)


def _run_partners(card: Card, cards: set[Card], jokers: int, rules: Rules) -> set[Card] | None:
    """The cards of ``card``'s suit that make a run of three with it (jokers filling gaps), ``None`` if none can."""
    top = KING + 1 if rules.ace_high or rules.wrap else KING

    def at(place: int) -> Card:
        rank = (place - 1) % KING + 1
        return Card(rank, card.suit)

    places = [card.rank, *([KING + 1] if card.rank == ACE and top > KING else [])]
    partners: set[Card] = set()
    found = False
    for place in places:
        for start in range(place - 2, place + 1):
            if not rules.wrap and (start < 1 or start + 2 > top):
                continue
            window = [at(other) for other in range(start, start + 3) if other != place]
            present = [other for other in window if other in cards]
            if len(window) - len(present) <= jokers:
                found = True
                partners.update(present)
    return partners if found else None


def _enough_ranks(rank: int) -> str:
    """The rank in "there are not enough {ranks} for a set" (Polish: genitive plural)."""
    return {
        1: pgettext("not enough ... for a set", "aces"),
        2: pgettext("not enough ... for a set", "twos"),
        3: pgettext("not enough ... for a set", "threes"),
        4: pgettext("not enough ... for a set", "fours"),
        5: pgettext("not enough ... for a set", "fives"),
        6: pgettext("not enough ... for a set", "sixes"),
        7: pgettext("not enough ... for a set", "sevens"),
        8: pgettext("not enough ... for a set", "eights"),
        9: pgettext("not enough ... for a set", "nines"),
        10: pgettext("not enough ... for a set", "tens"),
        11: pgettext("not enough ... for a set", "jacks"),
        12: pgettext("not enough ... for a set", "queens"),
        13: pgettext("not enough ... for a set", "kings"),
    }[rank]


def _run_suits(suit: str) -> str:
    """The suit in "no run of three {suits} can be made with it"."""
    return {
        "S": pgettext("no run of three ...", "spades"),
        "H": pgettext("no run of three ...", "hearts"),
        "D": pgettext("no run of three ...", "diamonds"),
        "C": pgettext("no run of three ...", "clubs"),
    }[suit]
