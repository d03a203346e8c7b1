"""Every sentence the validator says to a learner, as whole-sentence templates.

The templates use named placeholders only (``{card}``, ``{count}``, ...), so a
later translation replaces this one catalog; :func:`say` fills one in. Card
lists arrive already written (``5♥ 6♥``), counts arrive as words from
:func:`number`, and the texts never name a rules parameter.

>>> say("too_short", least=number(3), count=number(2))
'a meld needs at least three cards, and this one has only two'
>>> number(2), number(21)
('two', '21')
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli_kit.cards import RANK_NAMES

TEXTS: dict[str, str] = {
    # What a valid meld is.
    "valid": "a valid {kind}",
    "valid_joker": "a valid {kind} (the joker stands for {cards})",
    "valid_jokers": "a valid {kind} (the jokers stand for {cards})",
    "no_cards": "(no cards)",
    # Why a meld is not a meld.
    "no_jokers": "this game is played without jokers",
    "too_short": "a meld needs at least {least} cards, and this one has only {count}",
    "too_short_empty": "a meld needs at least {least} cards, and this one has none",
    "copies_in_set": "there are {count} {card} here, but a set needs a different suit on every card",
    "repeats_in_set": "{cards} are each here more than once, but a set needs a different suit on every card",
    "copies_in_run": "there are {count} {card} here, but a run holds each card only once",
    "repeats_in_run": "{cards} are each here more than once, but a run holds each card only once",
    "set_too_long": "a set holds at most {most} cards, one of each suit, and this one has {count}",
    "mixed_ranks": "the cards of a set all have the same rank, but this one mixes {ranks}",
    "run_too_long": "a run holds at most {most} cards, one of each rank, and this one has {count}",
    "mixed_suits": "the cards of a run all have the same suit, but this one mixes {suits}",
    "ace_low_only": "in this game an ace only goes before the two (A 2 3), never after the king",
    "ace_between": "in this game an ace can't sit between a king and a two: it goes before the two (A 2 3) "
    "or after the king (Q K A)",
    "ace_between_low": "in this game an ace can't sit between a king and a two: it only goes before the two (A 2 3)",
    "gap_one": "a run needs cards in a row, and {card} is missing between {below} and {above}",
    "gap_many": "a run needs cards in a row, and {cards} are missing",
    "gap_joker": "a run needs cards in a row: {count} cards are missing ({cards}), but there is only one joker "
    "to stand in for them",
    "gap_jokers": "a run needs cards in a row: {count} cards are missing ({cards}), but there are only {jokers} "
    "jokers to stand in for them",
    "too_long": "these cards don't fit in one run: there is no room for them all between its lowest and highest card",
    # What would make it a meld (each suggestion is checked against the rules before it is made).
    "take_out": "take out {card} to make {meld} a {kind}",
    "take_out_copy": "take out one {card} to make {meld} a {kind}",
    "take_out_joker": "take out the joker to make {meld} a {kind}",
    "take_out_either": "take out {card} or {other} to make a {kind}",
    "take_out_any": "take out any one card to make a {kind}",
    "add": "add {card} to make {meld} a {kind}",
    "add_either": "add {card} or {other} to make a {kind}",
    "put_in_place": "put {card} in place of {old} to make {meld} a {kind}",
    "put_in_place_either": "put {card} or {other} in place of {old} to make a {kind}",
    "put_in_place_of_joker": "put {card} in place of the joker to make {meld} a {kind}",
    # Too many copies: more than the decks hold, or more jokers than the game has.
    "extra_copy": "this {card} is one too many: the game is played with {decks} decks, so there are only {decks} "
    "{card} in all, and other melds already hold them",
    "extra_copy_one_deck": "this {card} is one too many: the game is played with one deck, so there is only one "
    "{card}, and another meld already holds it",
    "extra_joker": "there is one joker too many here: this game has only {jokers} jokers in all",
    "extra_jokers": "there are {count} jokers too many here: this game has only {jokers} jokers in all",
    "extra_joker_one": "there is one joker too many here: this game has only one joker",
    "extra_jokers_one": "there are {count} jokers too many here: this game has only one joker",
    "copies_here": "there are {count} {card} here, but the game is played with {decks} decks, so it has only "
    "{decks} of each card",
    "copies_here_one_deck": "there are {count} {card} here, but the game is played with one deck, so it has only "
    "one of each card",
    "jokers_here": "there are {count} jokers here, but this game has only {jokers}",
    "jokers_here_one": "there are {count} jokers here, but this game has only one",
    "jokers_here_none": "there is a joker here, but this game is played without jokers",
    "jokers_here_none_many": "there are {count} jokers here, but this game is played without jokers",
    # A turn: what moved between the table and the hand.
    "table_card_gone": "{cards} was on the table when the turn began and must stay there: put it back in a meld",
    "table_cards_gone": "{cards} were on the table when the turn began and must stay there: put them back in melds",
    "table_card_taken": "{cards} was on the table when the turn began and went into the hand, but table cards "
    "must stay on the table",
    "table_cards_taken": "{cards} were on the table when the turn began and went into the hand, but table cards "
    "must stay on the table",
    "not_from_hand": "{cards} is new on the table, but it was not in the hand",
    "not_from_hand_many": "{cards} are new on the table, but they were not in the hand",
    "new_in_hand": "{cards} is in the hand now, but it was not there when the turn began",
    "new_in_hand_many": "{cards} are in the hand now, but they were not there when the turn began",
    "lost_from_hand": "{cards} left the hand but is not on the table",
    "lost_from_hand_many": "{cards} left the hand but are not on the table",
    "nothing_played": "no card from the hand was played: play at least one card, or draw if none can go anywhere",
    "too_many_played": "{count} cards were played, but in this game one turn may play at most {most}",
    "turn_valid": "the turn is valid: {count} played ({cards})",
    "turn_not_valid": "the turn is not valid:",
    "table_valid": "the table is valid",
    "table_not_valid": "the table is not valid:",
}

_NUMBERS = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
            "twenty")  # fmt: skip
_RANK_PLURALS = {name: name + "s" for name in RANK_NAMES.values()} | {"six": "sixes"}


def say(key: str, **values: str) -> str:
    """The sentence ``key`` of :data:`TEXTS` with its placeholders filled in."""
    return TEXTS[key].format(**values)


def number(count: int) -> str:
    """A count in words up to twenty (``three``), in digits beyond."""
    return _NUMBERS[count] if 0 <= count < len(_NUMBERS) else str(count)


def rank_plural(rank: int) -> str:
    """How several cards of a rank are called: ``sixes``, ``kings``.

    >>> rank_plural(6), rank_plural(1)
    ('sixes', 'aces')
    """
    return _RANK_PLURALS[RANK_NAMES[rank]]


def word_list(words: Sequence[str]) -> str:
    """Words joined as a reader says them: ``fives, sixes and sevens``.

    >>> word_list(["fives"]), word_list(["fives", "sixes", "sevens"])
    ('fives', 'fives, sixes and sevens')
    """
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


__all__ = ["TEXTS", "number", "rank_plural", "say", "word_list"]
