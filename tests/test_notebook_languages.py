"""Every notebook of the kit in every language of the kit: ``lesson.it.ipynb``, ``start.pl.ipynb``, ...

A translated notebook is the English one cell by cell: the same cells with the same ids,
tags and headings, the same code (only its texts for the learner, the strings a print, a
question or an answer shows, are in the notebook's language), the tests' own cells and their
outputs word for word, and the first code cell sets the session's language, so that every
board and message after it speaks it. Its markdown uses the game's own words from
docs/translating.md, keeps no English sentence and links to the same language's notebooks.
nbval runs the notebooks themselves (pyproject's testpaths), like the English ones, and
checks the outputs a translated notebook stores in its language; the first lesson and the
rules are run once more here as the app runs them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient
from nbconvert.preprocessors import TagRemovePreprocessor

from machiavelli_kit.core.cards import NotationError, parse_table
from machiavelli_kit.core.melds import Meld
from machiavelli_kit.core.rules import Rules
from machiavelli_kit.i18n import LANGUAGES, SOURCE_LANGUAGE, _, pgettext, speaking
from machiavelli_kit.serve.app import TEST_ONLY
from machiavelli_kit.serve.lab import START
from machiavelli_kit.ui.reveal import SHOW

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TRANSLATED = sorted(set(LANGUAGES) - {SOURCE_LANGUAGE})
FIRST = ("lesson", "rules")
"""The first lesson and the rules: the game's words, run as the app runs them."""
NAMES = (*FIRST, "start", "game", "puzzles", "teacher", "solver")
PAIRS = [(name, lang) for name in NAMES for lang in TRANSLATED]
LANGUAGE_TOP = "language-top"
"""The start page's first cell: the kit's languages, each leading to its own start page."""
HEADING = re.compile(r"^#+ ", re.MULTILINE)
LINK = re.compile(r"\]\(([^)#\s]+\.ipynb)\)")
SET_LANGUAGE = re.compile(r'^machiavelli_kit\.set_language\("(\w+)"\);?(\s*#.*)?$', re.MULTILINE)

GAME_WORDS = {
    "it": (
        "combinazione", "scala", "tris", "quaterna", "jolly", "chiudere", "rimettere a posto", "mazzo", "mano",
        "tavolo", "turno", "pescare", "picche", "cuori", "quadri", "fiori",
    ),
    "pl": (
        "układ", "sekwens", "komplet", "joker", "talia", "ręk", "stół", "przywrócić stół", "zamknąć grę", "tura",
        "dobra", "pik", "kier", "karo", "trefl",
    ),
}  # fmt: skip
"""Words (or stems) each language's lesson and rules notebook together must use: the glossary's."""

ENGLISH_WORDS = (
    "the", "and", "you", "your", "with", "when", "this", "that", "card", "cards", "table", "meld", "melds", "hand",
    "run", "runs", "draw", "turn", "play", "rules", "Check", "Hint", "Show",
)  # fmt: skip
"""Common English words, none of which is an Italian or Polish word: a leftover English sentence has some."""


def buttons(lang: str) -> list[str]:
    """The buttons the markdown tells the learner to press, by the names the kit gives them in ``lang``."""
    with speaking(lang):
        board = [pgettext("button", key) for key in ("Check", "No play: draw", "Hint")]
        return [*board, _(SHOW), _("Next question")]


def read(name: str) -> Any:
    return nbformat.read(NOTEBOOKS / name, as_version=4)  # type: ignore[no-untyped-call]


def translated(name: str, lang: str) -> Any:
    return read(f"{name}.{lang}.ipynb")


def markdown(notebook: Any, *, leave_out: str = "") -> str:
    return "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown" and cell.id != leave_out)


def without_language_switch(source: str) -> str:
    """A code cell's source without the lines that set the notebook's language."""
    lines = [line for line in source.splitlines() if line != "import machiavelli_kit"]
    return SET_LANGUAGE.sub("", "\n".join(lines))


def is_notation(text: str) -> bool:
    """Cards, a table or rules: the same in every language."""
    for parse in (parse_table, Rules.parse):
        try:
            parse(text)
        except (NotationError, ValueError):
            continue
        return True
    return False


class Texts(ast.NodeTransformer):
    """Replaces each text for the learner (a string or an f-string) by a mark, keeping the rest of the code.

    The strings the code needs as they are stay in place, so that a change to them is a change of the code:
    notation (cards, tables, rules), names (``name="lesson-play"``), what the code compares with or splits on.
    """

    def __init__(self) -> None:
        self.kept: set[int] = set()

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.kept.update(id(part) for part in ast.walk(node) if isinstance(part, ast.Constant))
        return self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("startswith", "split"):
            self.kept.update(id(part) for part in node.args)
        self.kept.update(id(keyword.value) for keyword in node.keywords if keyword.arg == "name")
        return self.generic_visit(node)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        return ast.Constant("<text>")

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if not isinstance(node.value, str) or id(node) in self.kept or is_notation(node.value):
            return node
        return ast.Constant("<text>")


def code_shape(source: str) -> str:
    """The code of a cell with its texts for the learner masked (see :class:`Texts`)."""
    return ast.dump(Texts().visit(ast.parse(without_language_switch(source))))


def test_every_notebook_of_the_kit_is_translated_here() -> None:
    """A new English notebook needs its translations, and its name in NAMES."""
    english = [path.stem for path in NOTEBOOKS.glob("[!.]*.ipynb") if path.suffixes == [".ipynb"]]
    assert sorted(english) == sorted(NAMES)


def test_every_language_of_the_kit_has_every_notebook_and_its_words_here() -> None:
    """A new language (docs/translating.md) needs its notebooks and its entries in this file's tables."""
    assert not [f"{name}.{lang}.ipynb" for name, lang in PAIRS if not (NOTEBOOKS / f"{name}.{lang}.ipynb").exists()]
    for table in (GAME_WORDS, RUN, QUEEN_OF_HEARTS, LESSON_PRINTS):
        assert set(table) == set(TRANSLATED), "add the new language's words to GAME_WORDS, RUN, ... in this file"


@pytest.mark.parametrize(("name", "lang"), PAIRS)
def test_every_cell_has_its_counterpart_with_the_same_id_tags_and_stored_outputs(name: str, lang: str) -> None:
    english, other = read(f"{name}.ipynb"), translated(name, lang)
    nbformat.validate(other)
    assert other.metadata == english.metadata
    assert len(other.cells) == len(english.cells)
    for mine, theirs in zip(other.cells, english.cells, strict=True):
        assert (mine.cell_type, mine.id, mine.metadata) == (theirs.cell_type, theirs.id, theirs.metadata)
        if mine.cell_type == "markdown":
            assert len(HEADING.findall(mine.source)) == len(HEADING.findall(theirs.source)), mine.id
        elif TEST_ONLY in mine.metadata.get("tags", []):
            assert (mine.outputs, mine.execution_count) == (theirs.outputs, theirs.execution_count), mine.id
        else:  # what a learner reads comes in the notebook's language: the same kinds of output, its words
            assert (output_kinds(mine), mine.execution_count) == (output_kinds(theirs), theirs.execution_count), mine.id


def output_kinds(cell: Any) -> list[tuple[str, str | None]]:
    """The kinds of output a code cell stores, a stream's parts (split as the kernel sent them) counted once."""
    kinds: list[tuple[str, str | None]] = []
    for output in cell.outputs:
        kind = (output.output_type, output.get("name"))
        if not (kind[0] == "stream" and kinds and kinds[-1] == kind):
            kinds.append(kind)
    return kinds


@pytest.mark.parametrize(("name", "lang"), PAIRS)
def test_the_first_code_cell_sets_the_language_and_the_rest_is_the_english_code(name: str, lang: str) -> None:
    english, other = read(f"{name}.ipynb"), translated(name, lang)
    codes = [cell.source for cell in other.cells if cell.cell_type == "code"]
    assert [match.group(1) for match in SET_LANGUAGE.finditer(codes[0])] == [lang]
    assert "import machiavelli_kit" in codes[0].splitlines()
    assert not [source for source in codes[1:] if "set_language" in source]
    for mine, theirs in zip(other.cells, english.cells, strict=True):
        if mine.cell_type != "code":
            continue
        if TEST_ONLY in mine.metadata.get("tags", []):
            assert mine.source == theirs.source  # the tests' checks: nothing in them for the learner
        else:
            assert code_shape(mine.source) == code_shape(theirs.source), mine.source


def test_the_code_shape_masks_texts_and_keeps_notation_names_and_compared_strings() -> None:
    assert code_shape('Reveal(f"{n} cards")') == code_shape('Reveal(f"{n} carte e {m}")')
    assert code_shape('solved_example("Play", Position.parse("7S 7H 7D", "7C"), "bga", name="a", question="Why?")') == (
        code_shape('solved_example("Gioca", Position.parse("7S 7H 7D", "7C"), "bga", name="a", question="Perché?")')
    )
    for before, after in (
        ('Position.parse("7S 7H 7D", "7C")', 'Position.parse("7S 7H 7C", "7C")'),
        ('solve(spades, "bga")', 'solve(spades, "classic")'),
        ('f(name="lesson-play")', 'f(name="lezione")'),
        ('ending = "a" if rules.stock_out == "end" else "b"', 'ending = "a" if rules.stock_out == "fine" else "b"'),
        ('item.id.startswith("bga-")', 'item.id.startswith("it-")'),
    ):
        assert code_shape(before) != code_shape(after), after
    switch = 'import machiavelli_kit\nimport os\n\nmachiavelli_kit.set_language("pl");  # in Polish'
    assert without_language_switch(switch) == "import os\n\n"


@pytest.mark.parametrize(("name", "lang"), PAIRS)
def test_links_lead_to_the_same_language_where_it_exists(name: str, lang: str) -> None:
    english_links = [link for link in LINK.findall(markdown(read(f"{name}.ipynb"), leave_out=LANGUAGE_TOP))]
    links = LINK.findall(markdown(translated(name, lang), leave_out=LANGUAGE_TOP))
    expected = []
    for link in english_links:
        own = link.replace(".ipynb", f".{lang}.ipynb")
        expected.append(own if (NOTEBOOKS / own).exists() else link)
    assert links == expected
    assert all((NOTEBOOKS / link).exists() for link in links)
    if name == "lesson":
        assert links[-1] == f"rules.{lang}.ipynb"  # the lesson leads on to the rules in its language


def start_page(lang: str) -> str:
    """The start notebook's name in ``lang``: ``start.ipynb``, ``start.it.ipynb``, ..."""
    return START if lang == SOURCE_LANGUAGE else START.replace(".ipynb", f".{lang}.ipynb")


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_each_start_page_leads_to_the_start_page_of_every_other_language(lang: str) -> None:
    top = next(cell.source for cell in read(start_page(lang)).cells if cell.id == LANGUAGE_TOP)
    assert sorted(LINK.findall(top)) == sorted(start_page(code) for code in LANGUAGES if code != lang)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_notebooks_use_the_game_words_of_their_language(lang: str) -> None:
    text = " ".join(markdown(translated(name, lang)) for name in FIRST)
    assert not [word for word in GAME_WORDS[lang] if word not in text.lower()]
    assert not [button for button in buttons(lang) if f"**{button}**" not in text]


@pytest.mark.parametrize(("name", "lang"), PAIRS)
def test_no_english_sentence_is_left_in_the_markdown(name: str, lang: str) -> None:
    english_cells = [cell for cell in read(f"{name}.ipynb").cells if cell.cell_type == "markdown"]
    cells = [cell for cell in translated(name, lang).cells if cell.cell_type == "markdown"]
    for mine, theirs in zip(cells, english_cells, strict=True):
        assert mine.source != theirs.source
        prose = re.sub(r"`[^`]*`|\([^)]*\.ipynb\)|\[[^\]]*\.ipynb\]|Board Game Arena", "", mine.source)
        words = set(re.findall(r"[A-Za-z]+", prose))
        assert not words & set(ENGLISH_WORDS), (mine.id, words & set(ENGLISH_WORDS))


def run_as_the_app(notebook: Any) -> Any:
    """Run a notebook the way ``machiavelli-kit app`` does: its test-only cells removed first."""
    remover = TagRemovePreprocessor(remove_cell_tags={TEST_ONLY}, enabled=True)  # type: ignore[no-untyped-call]
    notebook, _ = remover.preprocess(notebook, {})  # type: ignore[no-untyped-call]
    client = NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
    )
    client.execute()
    return notebook


RUN = {"it": "scala", "pl": "sekwens"}
QUEEN_OF_HEARTS = {"it": "donna di cuori", "pl": "dama kier"}
LESSON_PRINTS = {
    "it": [
        "Hai 15 carte, Bea ne ha 15 e nel mazzo ce ne sono 74.",
        "bga        se ti blocchi dopo aver spostato delle carte, peschi 3 carte",
        "classic    se ti blocchi dopo aver spostato delle carte, peschi 1 carta",
        "bga                  15 carte a testa; la partita finisce appena si pesca l'ultima carta",
        "bga(stock_out=end)   15 carte a testa; la partita finisce quando qualcuno deve pescare dal mazzo vuoto",
        "classic              13 carte a testa; si va avanti e chi non gioca passa",
    ],
    "pl": [
        "Masz 15 kart, Bea ma 15, a pozostałe 74 leżą w talii.",
        "bga        jeśli utkniesz po przełożeniu kart, dobierasz 3 karty",
        "classic    jeśli utkniesz po przełożeniu kart, dobierasz 1 kartę",
        "bga                  15 kart dla każdego; gra kończy się, gdy tylko ktoś dobierze ostatnią kartę",
        "bga(stock_out=end)   15 kart dla każdego; gra kończy się, gdy ktoś musi dobrać kartę z pustej talii",
        "classic              13 kart dla każdego; gracze grają dalej i pasują",
    ],
}
"""What the lesson prints in each language: its own sentences, Polish counts in their forms (1 kartę, 3 karty)."""

SAY = """
from machiavelli_kit import Meld, language
from machiavelli_kit.ui.reveal import Reveal

print(language())
print(Reveal("...").button.description)
print(Meld.parse("5S 6H 7S").check().explain())
"""
"""A cell added after the notebook's own: what the kernel speaks once the notebook has run."""


@pytest.mark.slow
@pytest.mark.parametrize(("name", "lang"), [(name, lang) for name in FIRST for lang in TRANSLATED])
def test_run_as_the_app_the_notebook_speaks_its_language_and_shows_no_stray_value(name: str, lang: str) -> None:
    notebook = translated(name, lang)
    notebook.cells.append(nbformat.v4.new_code_cell(SAY))  # type: ignore[no-untyped-call]
    notebook = run_as_the_app(notebook)
    outputs = [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.outputs]
    assert not [output for output in outputs if output.output_type == "error"]
    shows = ("application/vnd.jupyter.widget-view+json", "image/svg+xml", "text/html")
    stray = [
        output for output in outputs if output.output_type == "execute_result" and not set(output.data) & set(shows)
    ]
    assert not stray, [output.data["text/plain"] for output in stray]
    with speaking(lang):
        said = [lang, _(SHOW), Meld.parse("5S 6H 7S").check().explain()]
    # the kernel may send one print as several stream outputs: read them all
    last = "".join(output.text for output in notebook.cells[-1].outputs if output.output_type == "stream")
    assert last.splitlines() == said
    assert said[1] != SHOW  # the answer button is not "Show the answer": the kernel speaks the notebook's language
    assert RUN[lang] in said[2]  # and the validator names the run in it
    if name == "lesson":
        printed = "".join(output.text for output in outputs if output.output_type == "stream").splitlines()
        assert not [line for line in LESSON_PRINTS[lang] if line not in printed], printed
        pictures = [output.data["image/svg+xml"] for output in outputs if "image/svg+xml" in output.get("data", {})]
        assert QUEEN_OF_HEARTS[lang] in pictures[0]  # the first picture, two queens of hearts, names them in it
