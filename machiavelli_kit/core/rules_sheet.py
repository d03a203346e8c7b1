"""The whole game on one page, for the rules a class plays: the one source of the printed rules handout.

Each sentence is said from the rules' own parameters, through the catalogs, so a
preset (or any rules string) and a language give their handout, and a rule that
changes changes its sentence:

>>> from machiavelli_kit.core.rules import Rules
>>> sections = rules_sheet(Rules.parse("classic"))
>>> [heading for heading, _lines in sections][:3]
['What you need', 'The deal', 'Melds']
>>> print(dict(sections)["Stuck?"][0])
If you cannot finish, put the table back exactly as it was and draw 1 card as a penalty.
"""

from __future__ import annotations

from machiavelli_kit.core.rules import UNLIMITED, Rules
from machiavelli_kit.core.rules_words import capitalized, rules_text, wrap_text
from machiavelli_kit.i18n import _, ngettext, speaking

Section = tuple[str, tuple[str, ...]]
"""A heading and its sentences."""


def sheet_title(rules: Rules, lang: str | None = None) -> tuple[str, str]:
    """The handout's title and the rules it is for, in words."""
    with speaking(lang):
        # TRANSLATORS: the title of the one-page rules handout.
        return _("Machiavelli on one page"), capitalized(rules_text(rules))


def rules_sheet(rules: Rules, lang: str | None = None) -> list[Section]:
    """The game under ``rules`` in short sections, in the language in use (or ``lang``)."""
    with speaking(lang):
        return [
            (_("What you need"), _needs(rules)),
            (_("The deal"), _deal(rules)),
            (_("Melds"), _melds(rules)),
            (_("Your turn"), _turn(rules)),
            (_("The golden rule"), (_golden(),)),
            (_("Stuck?"), _stuck(rules)),
            (_("The end"), _end(rules)),
        ]


def _needs(rules: Rules) -> tuple[str, ...]:
    cards = 52 * rules.decks + rules.jokers
    # TRANSLATORS: {count} packs of playing cards; {cards} all the cards in the game.
    lines = [
        ngettext(
            "{count} pack of 52 cards: {cards} cards in all.",
            "{count} packs of 52 cards, shuffled together: {cards} cards in all.",
            rules.decks,
        ).format(count=rules.decks, cards=cards)
    ]
    if rules.jokers:
        lines.append(
            ngettext(
                "{count} joker, which stands for any card.", "{count} jokers: each stands for any card.", rules.jokers
            ).format(count=rules.jokers)
        )
    else:
        lines.append(_("No jokers."))
    if rules.decks > 1:
        lines.append(_("Every card is there more than once, for example two 7♥: we call them twins."))
    return tuple(lines)


def _deal(rules: Rules) -> tuple[str, ...]:
    lines = [ngettext("Everyone gets {count} card.", "Everyone gets {count} cards.", rules.hand_size)]
    lines[0] = lines[0].format(count=rules.hand_size)
    if rules.short_deal is not None and rules.short_deal != rules.hand_size:
        lines.append(
            ngettext(
                "With five or more players, everyone gets {count} card.",
                "With five or more players, everyone gets {count} cards.",
                rules.short_deal,
            ).format(count=rules.short_deal)
        )
    if rules.helpers:
        # TRANSLATORS: helping cards: face-up cards in the middle that any player may use in a new meld.
        lines.append(
            ngettext(
                "{count} card goes face up in the middle: a helping card. It may join only a new meld of cards "
                "from your hand.",
                "{count} cards go face up in the middle: helping cards. One may join only a new meld of cards "
                "from your hand.",
                rules.helpers,
            ).format(count=rules.helpers)
        )
    lines.append(_("The rest go face down in the middle: the stock."))
    lines.append(_("The goal: be the first to play every card from your hand."))
    return tuple(lines)


def _melds(rules: Rules) -> tuple[str, ...]:
    lines = [
        _("Cards on the table always lie in melds: sets and runs."),
        _("A set: 3 or 4 cards of the same rank, each of a different suit, like 8♠ 8♥ 8♣."),
        _("A run: 3 or more cards of the same suit, one after another, like 4♦ 5♦ 6♦ 7♦."),
    ]
    if rules.decks > 1:
        lines.append(_("Twins never go in the same set."))
    if rules.ace_high:
        lines.append(_("The ace goes below the two (A♣ 2♣ 3♣) or above the king (Q♣ K♣ A♣)."))
    else:
        lines.append(_("The ace goes only below the two (A♣ 2♣ 3♣)."))
    wrap = capitalized(wrap_text(rules.wrap)) + "."
    if rules.wrap == UNLIMITED and rules.decks > 1:
        wrap += " " + _("Such a run may even hold twins.")
    lines.append(wrap)
    return tuple(lines)


def _turn(rules: Rules) -> tuple[str, ...]:
    lines = [
        _("Draw one card from the stock, or play at least one card from your hand."),
        _(
            "When you play, you may lay new melds, add cards to melds, and take the table apart and build it "
            "again. The whole table belongs to everybody."
        ),
    ]
    if not rules.attach_before_laying:
        lines.append(_("Before you first add to the table's melds, lay a meld of your own cards."))
    if rules.max_cards_per_turn is None:
        lines.append(_("You may play as many cards from your hand as you like in one turn."))
    else:
        lines.append(
            ngettext(
                "You may play at most {count} card from your hand in one turn.",
                "You may play at most {count} cards from your hand in one turn.",
                rules.max_cards_per_turn,
            ).format(count=rules.max_cards_per_turn)
        )
    return tuple(lines)


def _golden() -> str:
    return _(
        "When your turn ends, every card that was on the table is still there, and every meld is a correct set "
        "or run. Table cards never go into your hand."
    )


def _stuck(rules: Rules) -> tuple[str, ...]:
    if rules.restore_penalty == 0:
        first = _("If you cannot finish, put the table back exactly as it was; there is no penalty.")
    else:
        first = ngettext(
            "If you cannot finish, put the table back exactly as it was and draw {count} card as a penalty.",
            "If you cannot finish, put the table back exactly as it was and draw {count} cards as a penalty.",
            rules.restore_penalty,
        ).format(count=rules.restore_penalty)
    return first, _("So think before you touch, and if nothing fits, simply draw.")


def _end(rules: Rules) -> tuple[str, ...]:
    lines = [_("The first player with an empty hand wins.")]
    if rules.stock_out == "last_card":
        lines.append(_("The game ends as soon as the last card of the stock is drawn: the fewest cards wins."))
    elif rules.stock_out == "end":
        lines.append(_("The game ends when a player must draw from the empty stock: the fewest cards wins."))
    else:
        lines.append(
            _(
                "When the stock is empty, play goes on: instead of drawing you pass. If everyone passes in a row, "
                "the game ends: the fewest cards wins."
            )
        )
    if rules.scoring == "points":
        # TRANSLATORS: a game of a lesson may have a time limit (minutes) or a limit of turns.
        lines.append(
            _(
                "A game with a time or turn limit: when it is up, finish the round, so that everyone has had as "
                "many turns as the first player. Then the fewest points left in hand wins."
            )
        )
    else:
        lines.append(
            _(
                "A game with a time or turn limit: when it is up, finish the round, so that everyone has had as "
                "many turns as the first player. Then the fewest cards left in hand wins."
            )
        )
    if rules.scoring == "points":
        lines.append(
            _(
                "Points: at the end of each deal, the cards left in your hand count against you. After several "
                "deals, the fewest points wins."
            )
        )
    return tuple(lines)
