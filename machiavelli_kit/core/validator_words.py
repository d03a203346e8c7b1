"""Every sentence the validator says to a learner, as whole-sentence templates, in one place.

Each sentence is written once, in English, marked for translation, and said in
the language in use by :func:`say`, which fills in its named placeholders
(``{card}``, ``{count}``, ...). Sentences that count something are in
:data:`COUNTED` and say the form that fits their count (Polish has three:
1 karta, 2 karty, 5 kart). Where English would reuse one word for a set and a
run ("a valid {kind}"), there are two sentences, ``..._set`` and ``..._run``, so
that Italian and Polish can inflect. Card lists arrive already written
(``5♥ 6♥``), counts arrive from :func:`number` (words in English, digits in
Italian and Polish, whose number words would have to agree with their nouns), and
the texts never name a rules parameter.

>>> say("too_short", 3, least=number(3), count=number(2))
'a meld needs at least three cards, and this one has only two'
>>> number(2), number(21)
('two', '21')
>>> from machiavelli_kit.i18n import speaking
>>> with speaking("pl"):
...     say("too_short", 3, least=number(3), count=number(2))
'układ musi mieć co najmniej 3 karty, a ten ma tylko 2'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from machiavelli_kit.i18n import N_, _, language, ngettext, pgettext

# TRANSLATORS: the validator's sentences. They follow "5♥ 6♥ 8♥: " and are joined with "; ", so they start
# in lower case. {card}, {cards}, {meld}, {old}, {other}, {below}, {above} are cards in the notation (7♥, 5♥ 6♥ 7♥).
TEXTS: dict[str, str] = {
    # What a valid meld is.
    "valid_set": N_("a valid set"),
    "valid_run": N_("a valid run"),
    # TRANSLATORS: {cards} is the card the joker stands for (7♥).
    "valid_joker_set": N_("a valid set (the joker stands for {cards})"),
    "valid_joker_run": N_("a valid run (the joker stands for {cards})"),
    # TRANSLATORS: {cards} are the cards the jokers stand for, e.g. "7♥ and 8♥".
    "valid_jokers_set": N_("a valid set (the jokers stand for {cards})"),
    "valid_jokers_run": N_("a valid run (the jokers stand for {cards})"),
    "no_cards": N_("(no cards)"),
    # Why a meld is not a meld.
    "no_jokers": N_("this game is played without jokers"),
    # TRANSLATORS: {cards} are two or more cards, e.g. "7♥ and 7♠".
    "repeats_in_set": N_("{cards} are each here more than once, but a set needs a different suit on every card"),
    "repeats_in_run": N_("{cards} are each here more than once, but a run holds each card only once"),
    "repeats_in_round_run": N_(
        "{cards} are each here more than once, but a run holds a card again only when it has gone all the way "
        "round, thirteen cards on"
    ),
    # TRANSLATORS: {ranks} are two or more ranks, e.g. "fives, sixes and sevens".
    "mixed_ranks": N_("the cards of a set all have the same rank, but this one mixes {ranks}"),
    # TRANSLATORS: {suits} are two or more suits, e.g. "hearts and spades".
    "mixed_suits": N_("the cards of a run all have the same suit, but this one mixes {suits}"),
    "ace_low_only": N_("in this game an ace only goes before the two (A 2 3), never after the king"),
    "ace_between": N_(
        "in this game an ace can't sit between a king and a two: it goes before the two (A 2 3) "
        "or after the king (Q K A)"
    ),
    "ace_between_low": N_(
        "in this game an ace can't sit between a king and a two: it only goes before the two (A 2 3)"
    ),
    "gap_one": N_("a run needs cards in a row, and {card} is missing between {below} and {above}"),
    # TRANSLATORS: {cards} are two or more missing cards, e.g. "6♥ 7♥".
    "gap_many": N_("a run needs cards in a row, and {cards} are missing"),
    "too_long": N_(
        "these cards don't fit in one run: there is no room for them all between its lowest and highest card"
    ),
    # What would make it a meld (each suggestion is checked against the rules before it is made).
    # TRANSLATORS: {meld} is the meld as it would be after the change, e.g. "5♥ 6♥ 7♥".
    "take_out_set": N_("take out {card} to make {meld} a set"),
    "take_out_run": N_("take out {card} to make {meld} a run"),
    # TRANSLATORS: the meld holds {card} twice; one of the two goes.
    "take_out_copy_set": N_("take out one {card} to make {meld} a set"),
    "take_out_copy_run": N_("take out one {card} to make {meld} a run"),
    "take_out_joker_set": N_("take out the joker to make {meld} a set"),
    "take_out_joker_run": N_("take out the joker to make {meld} a run"),
    "take_out_either_set": N_("take out {card} or {other} to make a set"),
    "take_out_either_run": N_("take out {card} or {other} to make a run"),
    "take_out_any_set": N_("take out any one card to make a set"),
    "take_out_any_run": N_("take out any one card to make a run"),
    "add_set": N_("add {card} to make {meld} a set"),
    "add_run": N_("add {card} to make {meld} a run"),
    "add_either_set": N_("add {card} or {other} to make a set"),
    "add_either_run": N_("add {card} or {other} to make a run"),
    # TRANSLATORS: {card} goes into the meld and {old} comes out of it.
    "put_in_place_set": N_("put {card} in place of {old} to make {meld} a set"),
    "put_in_place_run": N_("put {card} in place of {old} to make {meld} a run"),
    "put_in_place_either_set": N_("put {card} or {other} in place of {old} to make a set"),
    "put_in_place_either_run": N_("put {card} or {other} in place of {old} to make a run"),
    "put_in_place_of_joker_set": N_("put {card} in place of the joker to make {meld} a set"),
    "put_in_place_of_joker_run": N_("put {card} in place of the joker to make {meld} a run"),
    # Too many copies: more than the decks hold, or more jokers than the game has.
    "extra_copy_one_deck": N_(
        "this {card} is one too many: the game is played with one deck, so there is only one "
        "{card}, and another meld already holds it"
    ),
    "extra_joker_one": N_("there is one joker too many here: this game has only one joker"),
    "jokers_here_none": N_("there is a joker here, but this game is played without jokers"),
    # A turn: what moved between the table and the hand.
    # TRANSLATORS: {cards} is one card (5♥); "it" is that card.
    "table_card_gone": N_("{cards} was on the table when the turn began and must stay there: put it back in a meld"),
    # TRANSLATORS: {cards} are two or more cards (5♥ 8♥).
    "table_cards_gone": N_("{cards} were on the table when the turn began and must stay there: put them back in melds"),
    "table_card_taken": N_(
        "{cards} was on the table when the turn began and went into the hand, but table cards must stay on the table"
    ),
    "table_cards_taken": N_(
        "{cards} were on the table when the turn began and went into the hand, but table cards must stay on the table"
    ),
    "not_from_hand": N_("{cards} is new on the table, but it was not in the hand"),
    "not_from_hand_many": N_("{cards} are new on the table, but they were not in the hand"),
    "new_in_hand": N_("{cards} is in the hand now, but it was not there when the turn began"),
    "new_in_hand_many": N_("{cards} are in the hand now, but they were not there when the turn began"),
    "lost_from_hand": N_("{cards} left the hand but is not on the table"),
    "lost_from_hand_many": N_("{cards} left the hand but are not on the table"),
    "nothing_played": N_("no card from the hand was played: play at least one card, or draw if none can go anywhere"),
    "turn_not_valid": N_("the turn is not valid:"),
    "table_valid": N_("the table is valid"),
    "table_not_valid": N_("the table is not valid:"),
}
"""The sentences without a count, each said with ``_``."""

COUNTED: dict[str, Callable[[int], str]] = {
    # TRANSLATORS: {least} is the fewest cards a meld holds (3), {count} how many this one has (1 or 2).
    "too_short": lambda n: ngettext(
        "a meld needs at least {least} card, and this one has only {count}",
        "a meld needs at least {least} cards, and this one has only {count}",
        n,
    ),
    "too_short_empty": lambda n: ngettext(
        "a meld needs at least {least} card, and this one has none",
        "a meld needs at least {least} cards, and this one has none",
        n,
    ),
    # TRANSLATORS: {count} copies of the same card {card} (7♥) are in the meld; {count} is 2 or more.
    "copies_in_set": lambda n: ngettext(
        "there is {count} {card} here, but a set needs a different suit on every card",
        "there are {count} {card} here, but a set needs a different suit on every card",
        n,
    ),
    "copies_in_run": lambda n: ngettext(
        "there is {count} {card} here, but a run holds each card only once",
        "there are {count} {card} here, but a run holds each card only once",
        n,
    ),
    "copies_in_round_run": lambda n: ngettext(
        "there is {count} {card} here, but a run holds a card again only when it has gone all the way round, "
        "thirteen cards on",
        "there are {count} {card} here, but a run holds a card again only when it has gone all the way round, "
        "thirteen cards on",
        n,
    ),
    # TRANSLATORS: {most} is 4 (one card of each suit); {count} is how many cards this meld has.
    "set_too_long": lambda n: ngettext(
        "a set holds at most {most} card, one of each suit, and this one has {count}",
        "a set holds at most {most} cards, one of each suit, and this one has {count}",
        n,
    ),
    # TRANSLATORS: {most} is 13 (one card of each rank); {count} is how many cards this meld has.
    "run_too_long": lambda n: ngettext(
        "a run holds at most {most} card, one of each rank, and this one has {count}",
        "a run holds at most {most} cards, one of each rank, and this one has {count}",
        n,
    ),
    # TRANSLATORS: {most} is every card of a suit in the decks (26 with two decks); {count} how many this meld has.
    "run_round_too_long": lambda n: ngettext(
        "a run holds at most {most} card, every card of its suit in the decks, and this one has {count}",
        "a run holds at most {most} cards, every card of its suit in the decks, and this one has {count}",
        n,
    ),
    # TRANSLATORS: {count} cards are missing, {cards} names them (6♥ 7♥), and the meld has one joker.
    "gap_joker": lambda n: ngettext(
        "a run needs cards in a row: {count} card is missing ({cards}), but there is only one joker to stand in for it",
        "a run needs cards in a row: {count} cards are missing ({cards}), but there is only one joker "
        "to stand in for them",
        n,
    ),
    # TRANSLATORS: {count} cards are missing, {cards} names them, and the meld has {jokers} jokers (2 or more).
    "gap_jokers": lambda n: ngettext(
        "a run needs cards in a row: {count} card is missing ({cards}), but there are only {jokers} "
        "jokers to stand in for it",
        "a run needs cards in a row: {count} cards are missing ({cards}), but there are only {jokers} "
        "jokers to stand in for them",
        n,
    ),
    # TRANSLATORS: {decks} is the number of decks (2 or more): there are {decks} copies of each card.
    "extra_copy": lambda n: ngettext(
        "this {card} is one too many: the game is played with {decks} deck, so there is only {decks} "
        "{card} in all, and other melds already hold them",
        "this {card} is one too many: the game is played with {decks} decks, so there are only {decks} "
        "{card} in all, and other melds already hold them",
        n,
    ),
    # TRANSLATORS: the game has {jokers} jokers (2 or more).
    "extra_joker": lambda n: ngettext(
        "there is one joker too many here: this game has only {jokers} joker in all",
        "there is one joker too many here: this game has only {jokers} jokers in all",
        n,
    ),
    # TRANSLATORS: {count} jokers too many (2 or more); the game has {jokers} jokers (2 or more).
    "extra_jokers": lambda n: ngettext(
        "there is {count} joker too many here: this game has only {jokers} jokers in all",
        "there are {count} jokers too many here: this game has only {jokers} jokers in all",
        n,
    ),
    # TRANSLATORS: {count} jokers too many (2 or more) in a game with one joker.
    "extra_jokers_one": lambda n: ngettext(
        "there is {count} joker too many here: this game has only one joker",
        "there are {count} jokers too many here: this game has only one joker",
        n,
    ),
    # TRANSLATORS: {count} copies of {card} (3 or more); the game has {decks} decks (2 or more).
    "copies_here": lambda n: ngettext(
        "there is {count} {card} here, but the game is played with {decks} decks, so it has only {decks} of each card",
        "there are {count} {card} here, but the game is played with {decks} decks, so it has only {decks} of each card",
        n,
    ),
    # TRANSLATORS: {count} copies of {card} (2 or more) in a game with one deck.
    "copies_here_one_deck": lambda n: ngettext(
        "there is {count} {card} here, but the game is played with one deck, so it has only one of each card",
        "there are {count} {card} here, but the game is played with one deck, so it has only one of each card",
        n,
    ),
    # TRANSLATORS: {count} jokers here; the game has {jokers} (2 or more).
    "jokers_here": lambda n: ngettext(
        "there is {count} joker here, but this game has only {jokers}",
        "there are {count} jokers here, but this game has only {jokers}",
        n,
    ),
    # TRANSLATORS: {count} jokers here (2 or more); the game has one.
    "jokers_here_one": lambda n: ngettext(
        "there is {count} joker here, but this game has only one",
        "there are {count} jokers here, but this game has only one",
        n,
    ),
    # TRANSLATORS: {count} jokers in the table's melds together (3 or more); the game has {jokers} (2 or more).
    "jokers_on_table": lambda n: ngettext(
        "the melds hold {count} joker together, but this game has only {jokers}: take {excess} back",
        "the melds hold {count} jokers together, but this game has only {jokers}: take {excess} back",
        n,
    ),
    # TRANSLATORS: {count} jokers in the table's melds together (2 or more); the game has one.
    "jokers_on_table_one": lambda n: ngettext(
        "the melds hold {count} joker together, but this game has only one: take {excess} back",
        "the melds hold {count} jokers together, but this game has only one: take {excess} back",
        n,
    ),
    # TRANSLATORS: {count} jokers here (2 or more) in a game without jokers.
    "jokers_here_none_many": lambda n: ngettext(
        "there is {count} joker here, but this game is played without jokers",
        "there are {count} jokers here, but this game is played without jokers",
        n,
    ),
    # TRANSLATORS: {count} cards played this turn; {most} the most one turn may play.
    "too_many_played": lambda n: ngettext(
        "{count} card was played, but in this game one turn may play at most {most}",
        "{count} cards were played, but in this game one turn may play at most {most}",
        n,
    ),
    # TRANSLATORS: {count} cards played this turn, {cards} names them (4♥ 9♣).
    "turn_valid": lambda n: ngettext(
        "the turn is valid: {count} card played ({cards})",
        "the turn is valid: {count} cards played ({cards})",
        n,
    ),
}
"""The sentences that count something, each said in the form its count asks for."""

_NUMBERS = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
            "twenty")  # fmt: skip


def say(key: str, n: int | None = None, /, **values: str) -> str:
    """The sentence ``key`` in the language in use, with its placeholders filled in.

    A sentence of :data:`COUNTED` takes its count ``n``, which chooses its form.
    """
    if key in COUNTED:
        if n is None:
            raise TypeError(f"the sentence {key!r} counts something: give its count")
        return COUNTED[key](n).format(**values)
    return _(TEXTS[key]).format(**values)


def number(count: int) -> str:
    """A count as the sentences show it: in English words up to twenty (``three``), digits beyond;
    in Italian and Polish digits (their number words agree with the noun they count).

    >>> from machiavelli_kit.i18n import speaking
    >>> with speaking("it"):
    ...     number(3)
    '3'
    """
    if language() != "en":
        return str(count)
    return _NUMBERS[count] if 0 <= count < len(_NUMBERS) else str(count)


def rank_plural(rank: int) -> str:
    """How several cards of a rank are called, in the language in use: ``sixes``, ``kings``.

    >>> rank_plural(6), rank_plural(1)
    ('sixes', 'aces')
    """
    return _rank_plurals(language())[rank]


@cache
def _rank_plurals(lang: str) -> dict[int, str]:
    # TRANSLATORS: several cards of one rank, as in "this set mixes fives, sixes and sevens".
    return {
        1: pgettext("ranks", "aces", lang),
        2: pgettext("ranks", "twos", lang),
        3: pgettext("ranks", "threes", lang),
        4: pgettext("ranks", "fours", lang),
        5: pgettext("ranks", "fives", lang),
        6: pgettext("ranks", "sixes", lang),
        7: pgettext("ranks", "sevens", lang),
        8: pgettext("ranks", "eights", lang),
        9: pgettext("ranks", "nines", lang),
        10: pgettext("ranks", "tens", lang),
        11: pgettext("ranks", "jacks", lang),
        12: pgettext("ranks", "queens", lang),
        13: pgettext("ranks", "kings", lang),
    }


__all__ = ["COUNTED", "TEXTS", "number", "rank_plural", "say"]
