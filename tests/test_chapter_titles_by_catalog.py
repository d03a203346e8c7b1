"""The generated chapters' titles and introductions (English in their files) come from the kit's catalogs
in Italian and Polish, as the recipes mark them; a file's own title.<lang> still wins."""

from __future__ import annotations

from machiavelli_kit.i18n import speaking
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.format import Chapter
from machiavelli_kit.puzzles.recipes import RECIPES


def test_every_generated_chapter_s_title_and_intro_is_a_marked_text_of_its_recipe() -> None:
    chapters = {chapter.name: chapter for chapter in load_collection().chapters}
    for recipe in RECIPES:
        assert (chapters[recipe.name].title, chapters[recipe.name].intro) == (recipe.title, recipe.intro)


def test_english_stays_the_file_s_and_a_file_s_own_translation_wins() -> None:
    chapters = {chapter.name: chapter for chapter in load_collection().chapters}
    assert chapters["ch07-chain"].title_in("en") == "Chains"
    assert chapters["ch01b-basics"].title_in("pl") == "Wykładanie i dokładanie"
    own = Chapter("x", "Chains", "", (), titles={"it": "Le mie catene"})
    assert own.title_in("it") == "Le mie catene" and own.intro_in("pl") == ""
    assert Chapter("y", "A title no catalog has", "", ()).title_in("pl") == "A title no catalog has"


def test_the_chain_chapter_in_polish_and_italian() -> None:
    chapter = {chapter.name: chapter for chapter in load_collection().chapters}["ch07-chain"]
    assert chapter.title_in("pl") == "Łańcuchy" and chapter.title_in("it") == "Catene"
    assert chapter.intro_in("pl").startswith("Jedna karta uwalnia drugą")
    with speaking("it"):
        assert chapter.title_in() == "Catene"
