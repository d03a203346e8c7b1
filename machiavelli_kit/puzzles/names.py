"""The techniques and themes of the puzzles in words, for a learner or a teacher.

The puzzle files, the assignments and the command line's options keep the ids
(``chain``, ``whole-hand``); every place that shows one to a person says its name,
in the language in use or in ``lang``:

>>> theme_name("whole-hand"), theme_name("whole-hand", lang="it"), technique_name("identical", lang="pl")
('whole hand', 'tutta la mano', 'bliźniacze karty')

An id the kit does not know (a theme a teacher wrote in their own puzzle file) is shown as it is.
"""

from __future__ import annotations

from machiavelli_kit.i18n import pgettext, speaking


def names(lang: str | None = None) -> dict[str, str]:
    """Every technique and theme id with its name, in the language in use (or ``lang``)."""
    with speaking(lang):
        # TRANSLATORS: the names of the puzzles' techniques (levels) and themes, in the trainer's pickers, the answer
        # keys and the class report; short, like a tag. The cards in brackets are written as they are.
        return {
            "ace-high": pgettext("puzzle theme", "ace high (Q K A)"),
            "ace-low": pgettext("puzzle theme", "ace low (A 2 3)"),
            "chain": pgettext("puzzle theme", "chain"),
            "decoy": pgettext("puzzle theme", "decoy"),
            "dissolve": pgettext("puzzle theme", "break up a meld"),
            "extend": pgettext("puzzle theme", "add to a meld"),
            "four-of-a-kind": pgettext("puzzle theme", "set of four"),
            "identical": pgettext("puzzle theme", "twin cards"),
            "impossible": pgettext("puzzle theme", "nothing to play"),
            "joker": pgettext("puzzle theme", "joker"),
            "lay": pgettext("puzzle theme", "lay a meld"),
            "long-run": pgettext("puzzle theme", "long run"),
            "restore": pgettext("puzzle theme", "restore the table"),
            "runs-to-sets": pgettext("puzzle theme", "runs into sets"),
            "sets-to-runs": pgettext("puzzle theme", "sets into runs"),
            "spare": pgettext("puzzle theme", "spare card"),
            "split": pgettext("puzzle theme", "split a run"),
            "swap": pgettext("puzzle theme", "swap"),
            "variants": pgettext("puzzle theme", "variants"),
            "whole-hand": pgettext("puzzle theme", "whole hand"),
            "wrap": pgettext("puzzle theme", "round the corner (K A 2)"),
        }


def theme_name(theme: str, lang: str | None = None) -> str:
    """A theme's name (the id itself if the kit does not know it)."""
    return names(lang).get(theme, theme)


def technique_name(technique: str | None, lang: str | None = None) -> str:
    """A technique's (a grade's) name; ``?`` for a puzzle not graded.

    >>> technique_name("chain"), technique_name(None)
    ('chain', '?')
    """
    return "?" if technique is None else names(lang).get(technique, technique)
