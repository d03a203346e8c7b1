"""The recipes behind the bundled collection's generated chapters (chapter 1 is written by hand).

>>> [recipe.name for recipe in RECIPES][:3]
['ch02-spare', 'ch03-split', 'ch04-swap']
>>> sum(recipe.count for recipe in RECIPES)
308
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from machiavelli_kit.files import write_atomically
from machiavelli_kit.puzzles.format import dump
from machiavelli_kit.puzzles.generator import Recipe, generate_chapter

_COUNT = 34
_HARD = ("swap", "dissolve", "chain", "identical")

RECIPES: tuple[Recipe, ...] = (
    Recipe("ch02-spare", "Borrowing a spare card", "spare", _COUNT, ("spare",), (6, 14), (1, 3),
           puzzle_title="A card to spare",
           intro="A set of four or a long run can lend a card and still stand. Find the card nobody misses."),
    Recipe("ch03-split", "Cutting runs", "split", _COUNT, ("split",), (8, 18), (1, 3), set_share=0.3,
           puzzle_title="Cut the run",
           intro="A long run can be cut into two shorter runs, and a copy of one of its cards can cut it too."),
    Recipe("ch04-swap", "Swapping cards", "swap", _COUNT, ("swap",), (12, 24), (2, 4), set_share=0.6,
           puzzle_title="Swap",
           intro="Put a card in a meld's place and take the card it replaces to where it is needed."),
    Recipe("ch05-dissolve", "Taking melds apart", "dissolve", _COUNT, ("dissolve",), (12, 26), (2, 4),
           set_share=0.6, puzzle_title="Take it apart",
           intro="Sometimes a meld has to disappear completely, its cards spread over new melds."),
    Recipe("ch06-identical", "Twin cards", "twins", _COUNT, ("identical",), (10, 24), (2, 4), set_share=0.6,
           puzzle_title="Twins",
           intro="Two decks mean two copies of every card: they never share a meld, but two melds can each hold one."),
    Recipe("ch07-chain", "Chains", "chain", _COUNT, ("chain",), (20, 34), (2, 5), puzzle_title="Chain",
           intro="One card frees another, which frees a third: follow the chain from your hand to the end."),
    Recipe("ch08-restore", "Play or restore?", "restore", _COUNT, ("impossible", *_HARD), (10, 24), (1, 3),
           set_share=0.6, goals=("decide",), stray_share=0.0, puzzle_title="Play or restore?",
           intro="Decide first: is there any valid play at all? If not, the table is restored and you draw."),
    Recipe("ch09-variants", "Variants change the answer", "variant", 36,
           ("spare", "split", "swap", "dissolve", "chain", "identical", "impossible"), (8, 18), (2, 4),
           rules=("bga(wrap=true)", "bga(ace_high=false)", "bga(jokers=2)"), compare=("bga", "bga", "bga"),
           ranks=(1, 2, 3, 4, 10, 11, 12, 13), hand_jokers=1, goals=("max", "max", "decide"),
           puzzle_title="Variant",
           intro="The same cards under other rules: runs that turn the corner, an ace that is only low, a joker."),
    Recipe("ch10-expert", "Expert tables", "expert", _COUNT, _HARD, (28, 44), (4, 7), rules=("bga", "wikipedia"),
           min_effort=5, puzzle_title="Expert",
           intro="Full tables and full hands: every technique, several at once."),
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
        write_atomically(directory / f"{recipe.name}.toml", dump(chapter))
        yield Timing(recipe.name, len(chapter.puzzles), time.perf_counter() - started)


def recipe(name: str) -> Recipe:
    """The recipe of a generated chapter, by file name (``ch03-split``) or prefix (``ch03``)."""
    for candidate in RECIPES:
        if name in (candidate.name, candidate.name.split("-")[0]):
            return candidate
    names = ", ".join(candidate.name for candidate in RECIPES)
    raise ValueError(f"no generated chapter {name!r}: they are {names} (chapter 1 is written by hand)")
