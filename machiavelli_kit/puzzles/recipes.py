"""The recipes behind the bundled collection's generated chapters (chapter 1 is written by hand).

>>> [recipe.name for recipe in RECIPES][:3]
['ch01b-basics', 'ch02-spare', 'ch03-split']
>>> sum(recipe.count for recipe in RECIPES)
508
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from machiavelli_kit.core.goal import GoalKind
from machiavelli_kit.files import write_atomically
from machiavelli_kit.i18n import N_, _
from machiavelli_kit.puzzles import collection
from machiavelli_kit.puzzles.format import dump, keep_translations, load
from machiavelli_kit.puzzles.generator import Recipe, generate_chapter
from machiavelli_kit.puzzles.planting import HARD

_COUNT = 52
_TECHNIQUES = ("spare", "split", "swap", "dissolve", "chain", "identical")

# The generated chapters' titles and introductions are marked for the catalogs: a chapter file without its own
# title.<lang> or intro.<lang> shows the catalog's (Chapter.title_in); the files keep the English.
RECIPES: tuple[Recipe, ...] = (
    Recipe("ch01b-basics", "Laying and adding", "basics", 36, ("lay", "extend"), ("lay", "extend"), (3, 12),
           decoys=(0, 2), basics=True,
           intro="The two plays every turn is made of: lay a meld of your own cards, or add cards to a meld "
                 "on the table. Watch for the cards that fit nowhere."),
    Recipe("ch02-spare", N_("Borrowing a spare card"), "spare", _COUNT, ("spare",), ("spare",), (6, 14),
           intro=N_("A set of four or a long run can lend a card and still stand. Find the card nobody misses.")),
    Recipe("ch03-split", N_("Cutting runs"), "split", _COUNT, ("split",), ("split",), (8, 18), set_share=0.3,
           intro=N_("A long run can be cut into two shorter runs, and a copy of one of its cards can cut it too.")),
    Recipe("ch04-swap", N_("Swapping cards"), "swap", _COUNT, ("swap",), ("swap",), (12, 24), set_share=0.6,
           intro=N_("Put a card in a meld's place and take the card it replaces to where it is needed.")),
    Recipe("ch05-dissolve", N_("Taking melds apart"), "dissolve", _COUNT, ("dissolve",), ("dissolve",), (12, 26),
           set_share=0.6,
           intro=N_("Sometimes a meld has to disappear completely, its cards spread over new melds.")),
    Recipe("ch06-identical", N_("Twin cards"), "twins", _COUNT, ("identical",), ("identical",), (10, 24), set_share=0.6,
           intro=N_("Two decks mean two copies of every card: they never share a meld, but two melds can each hold "
                    "one.")),
    Recipe("ch07-chain", N_("Chains"), "chain", _COUNT, ("chain",), ("chain",), (20, 34),
           intro=N_("One card frees another, which frees a third: follow the chain from your hand to the end.")),
    Recipe("ch08-restore", N_("Play or draw?"), "restore", _COUNT, ("impossible", *HARD), HARD, (10, 24),
           set_share=0.6, goals=(GoalKind.DECIDE,),
           intro=N_("Decide first: can any card of the hand be played at all? If none can, you draw a card.")),
    Recipe("ch09-variants", N_("Variants change the answer"), "variant", 56, (*_TECHNIQUES, "impossible"), _TECHNIQUES,
           (8, 18), rules=("bga(wrap=true)", "bga(ace_high=false)", "bga(jokers=2)", "bga(jokers=2, wrap=true)"),
           compare=("bga", "bga", "bga(jokers=2, wrap=true)", "bga(jokers=2)"), ranks=(1, 2, 3, 4, 10, 11, 12, 13),
           goals=(GoalKind.MAX, GoalKind.MAX, GoalKind.DECIDE),
           intro=N_("The same cards under other rules: runs that turn the corner, an ace that is only low, "
                    "a joker.")),
    Recipe("ch10-expert", N_("Expert tables"), "expert", _COUNT, HARD, ("expert", "expert", *HARD), (28, 44),
           decoys=(0, 2), rules=("bga", "wikipedia"), efforts=(2, 3, 4, 5),
           intro=N_("Full tables and full hands: every technique, often several at once.")),
)  # fmt: skip


@dataclass(frozen=True)
class Timing:
    """How long one chapter took to generate, and its size."""

    name: str
    puzzles: int
    seconds: float


def regenerate(directory: Path, recipes: Iterable[Recipe] = RECIPES) -> Iterator[Timing]:
    """Write the generated chapter files into ``directory`` one by one (chapter 1 is left alone),
    telling how long each took as it is written: stopping halfway leaves whole files only."""
    for recipe in recipes:
        started = time.perf_counter()
        chapter = generate_chapter(recipe)
        bundled = collection.COLLECTION_DIR / f"{recipe.name}.toml"
        if bundled.is_file():  # its translations, kept where the English is unchanged
            chapter = keep_translations(chapter, load(bundled))
        write_atomically(directory / f"{recipe.name}.toml", dump(chapter))
        yield Timing(recipe.name, len(chapter.puzzles), time.perf_counter() - started)


def recipe(name: str) -> Recipe:
    """The recipe of a generated chapter, by file name (``ch03-split``) or prefix (``ch03``)."""
    for candidate in RECIPES:
        if name in (candidate.name, candidate.name.split("-")[0]):
            return candidate
    names = ", ".join(candidate.name for candidate in RECIPES)
    raise ValueError(
        _("no generated chapter {name!r}: they are {names} (chapter 1 is written by hand)").format(
            name=name, names=names
        )
    )


def same_as_bundled(folder: Path, name: str) -> bool:
    """Whether the chapter file ``name`` written into ``folder`` is, byte for byte, the bundled one."""
    bundled = collection.COLLECTION_DIR / f"{name}.toml"
    return bundled.is_file() and bundled.read_bytes() == (folder / f"{name}.toml").read_bytes()
