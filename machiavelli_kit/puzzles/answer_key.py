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

from machiavelli_kit.cards import ACE, KING, Card, plural
from machiavelli_kit.position import Position, Table
from machiavelli_kit.puzzles.format import Puzzle
from machiavelli_kit.rules import Rules
from machiavelli_kit.steps import RANK_PLURALS, SUIT_WORDS, moves_between

NO_PLAY = "Nothing can be played, so the player draws a card."


@dataclass(frozen=True)
class KeyEntry:
    """One puzzle's answer: a sentence, the moves of an example play, and the reasons a card is stuck."""

    answer: str
    moves: tuple[str, ...]
    reasons: tuple[str, ...]
    end: Position | None
    """The table after the example play, with the cards left in the hand (``None``: no play)."""
    compare: tuple[str, ...]


@lru_cache(maxsize=1024)
def answer_key(puzzle: Puzzle) -> KeyEntry:
    """The key for ``puzzle``: for a goal that cannot be met, the best play there is (if any) and why.

    Kept for the next call, so the HTML and the PDF key of one export solve each puzzle once.
    """
    from machiavelli_kit.solver import solve  # the solver's templates: loaded only for an answer key

    compare = tuple(f"Under the rules {item.rules}: {puzzle.answer_text(item.answer)}." for item in puzzle.compare)
    if puzzle.feasible and puzzle.solution is not None:
        moves, end = _play(puzzle.position, puzzle.solution, puzzle.rules)
        return KeyEntry(_yes(puzzle), moves, (), end, compare)
    best = solve(puzzle.position, puzzle.rules)
    if not best.feasible:
        answer = NO_PLAY if puzzle.goal.kind in ("max", "decide") else f"No, {NO_PLAY[0].lower()}{NO_PLAY[1:]}"
        return KeyEntry(answer, (), _stuck(puzzle.position.hand, puzzle.position, puzzle.rules), None, compare)
    moves, end = _play(puzzle.position, best.table, puzzle.rules)
    left = best.hand
    card = puzzle.goal.card
    if card is not None:
        answer = f"No, {card} cannot be played."
        stuck: tuple[Card, ...] = (card,)
    else:
        stay = "stays" if len(left) == 1 else "stay"
        answer = f"No, at most {plural(best.max_play, 'card')} can be played, and {_cards(left)} {stay} in the hand."
        stuck = left
    return KeyEntry(answer, moves, _stuck(stuck, puzzle.position, puzzle.rules), end, compare)


def _yes(puzzle: Puzzle) -> str:
    played = puzzle.solution.cards() - puzzle.position.table.cards() if puzzle.solution is not None else Counter()
    cards = _cards(tuple(sorted(played.elements())))
    kind, card = puzzle.goal.kind, puzzle.goal.card
    if card is not None:
        return f"Yes, {card} can be played."
    if kind == "close":
        return "Yes, the whole hand can be played."
    if kind == "decide":
        return f"Play, because {cards} can be played."
    return f"Play {plural(sum(played.values()), 'card')} ({cards})."


def _play(position: Position, table: Table, rules: Rules) -> tuple[tuple[str, ...], Position]:
    """The moves from ``position`` to ``table`` in words, and the end position."""
    played = table.cards() - position.table.cards()
    rest = tuple(sorted((Counter(position.hand) - played).elements()))
    moves = tuple(move.text.replace("JK", "the joker") for move in moves_between(position, table, rules))
    return moves, Position(table, rest)


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join("the joker" if card.is_joker else str(card) for card in cards)


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
        return "The joker has no place: every meld it could join or start would leave some card with no meld."
    rest = Counter(position.table.cards()) + Counter(position.hand)
    rest[card] -= 1
    jokers = sum(count for other, count in rest.items() if other.is_joker)
    plural_word = RANK_PLURALS[card.rank]
    single = plural_word.removesuffix("es") if card.rank == 6 else plural_word.removesuffix("s")
    set_partners = {other for other in +rest if other.rank == card.rank and other.suit != card.suit}
    run_partners = _run_partners(card, set(+rest), jokers, rules)
    missing = []
    if len({other.suit for other in set_partners}) + jokers < 2:
        enough = f"there is no other {single}" if not set_partners else f"there are not enough {plural_word}"
        missing.append(f"{enough} for a set")
        set_partners = set()
    if run_partners is None:
        run_partners = set()
        suit = SUIT_WORDS[card.suit.value] if card.suit is not None else ""
        missing.append(f"no run of three {suit}s can be made with it")
    table = set(position.table.cards())
    groups = [(sorted(table & partners), kind) for partners, kind in ((set_partners, "set"), (run_partners, "run"))]
    held = [f"{_cards(tuple(cards))} (for a {kind})" for cards, kind in groups if cards]
    said = ", and ".join(missing)
    if held:
        them = "them from their melds" if sum(len(cards) for cards, _ in groups) > 1 else "it from its meld"
        could = f"{' and '.join(held)} could go with it, but taking {them} leaves some card with no meld"
        said = f"{said}; {could}" if said else could
    return f"{card} has no place: {said or 'every way of placing it leaves some card with no meld'}."


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
