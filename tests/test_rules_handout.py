"""The one-page rules handout: one source, each preset's own rules, in each language, rendered and read by PDFium."""

from __future__ import annotations

import re
from pathlib import Path

import numpy
import pypdfium2 as pdfium
import pytest

from machiavelli_kit.classroom.handout import handout_pdf
from machiavelli_kit.cli import main
from machiavelli_kit.core.rules import PRESET_NAMES, Rules
from machiavelli_kit.i18n import LANGUAGES, _, ngettext, speaking


def page_texts(pdf: bytes) -> list[str]:
    document = pdfium.PdfDocument(pdf)
    return [re.sub(r"\s+", " ", page.get_textpage().get_text_bounded()) for page in document]


def said(lang: str, singular: str, plural: str | None = None, count: int = 0) -> str:
    """A sentence of the handout as the catalog of ``lang`` says it."""
    with speaking(lang):
        return (_(singular) if plural is None else ngettext(singular, plural, count)).format(count=count)


TURN = ("You may play at most {count} card from your hand in one turn.",
        "You may play at most {count} cards from your hand in one turn.")  # fmt: skip
ANY_NUMBER = "You may play as many cards from your hand as you like in one turn."
PENALTY = (
    "If you cannot finish, put the table back exactly as it was and draw {count} card as a penalty.",
    "If you cannot finish, put the table back exactly as it was and draw {count} cards as a penalty.",
)
DEAL = ("Everyone gets {count} card.", "Everyone gets {count} cards.")
LAST_CARD = "The game ends as soon as the last card of the stock is drawn: the fewest cards wins."
PLAY_ON = (
    "When the stock is empty, play goes on: instead of drawing you pass. If everyone passes in a row, "
    "the game ends: the fewest cards wins."
)
POINTS = (
    "Points: at the end of each deal, the cards left in your hand count against you. After several "
    "deals, the fewest points wins."
)

TIME_POINTS = (
    "A game with a time or turn limit: when it is up, finish the round, so that everyone has had as "
    "many turns as the first player. Then the fewest points left in hand wins."
)
TIME_CARDS = (
    "A game with a time or turn limit: when it is up, finish the round, so that everyone has had as "
    "many turns as the first player. Then the fewest cards left in hand wins."
)


def sentences(preset: str, lang: str) -> tuple[set[str], set[str]]:
    """What the preset's handout must say, and what it must not (another preset's rule)."""
    turn = {said(lang, *TURN, count=13)}
    bga = {*turn, said(lang, *PENALTY, count=3), said(lang, *DEAL, count=15), said(lang, LAST_CARD)}
    bga.add(said(lang, TIME_CARDS))
    classic = {said(lang, ANY_NUMBER), said(lang, *PENALTY, count=1), said(lang, *DEAL, count=13)}
    classic |= {said(lang, PLAY_ON), said(lang, POINTS), said(lang, TIME_POINTS)}
    wikipedia = {said(lang, ANY_NUMBER), said(lang, *PENALTY, count=3), said(lang, *DEAL, count=15)}
    wikipedia |= {said(lang, LAST_CARD), said(lang, TIME_CARDS)}
    expected = {"bga": bga, "classic": classic, "wikipedia": wikipedia}[preset]
    others = {"bga": classic | wikipedia, "classic": bga | wikipedia, "wikipedia": bga | classic}[preset]
    return expected, others - expected


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_each_preset_has_its_one_page_handout_in_each_language(preset: str, lang: str) -> None:
    pdf = handout_pdf(Rules.parse(preset), lang)
    texts = page_texts(pdf)
    assert len(texts) == 1, "the handout fits on one page"
    text = texts[0]
    expected, others = sentences(preset, lang)
    for sentence in expected:
        assert sentence in text, sentence
    for sentence in others:
        assert sentence not in text, sentence
    if lang != "en":
        assert "What you need" not in text and "The golden rule" not in text
    image = pdfium.PdfDocument(pdf)[0].render(scale=0.5).to_pil().convert("L")
    dark = numpy.asarray(image) < 128
    rows = numpy.flatnonzero(dark.any(axis=1))
    assert dark.mean() > 0.01 and rows[-1] < 0.97 * dark.shape[0], "text is drawn, inside the page"


def test_a_rule_changed_from_the_preset_changes_its_sentence() -> None:
    plain = page_texts(handout_pdf(Rules.parse("bga"), "en"))[0]
    every = "bga(jokers=2, helpers=4, stock_out=end, attach_before_laying=false, short_deal=9, wrap=unlimited)"
    pages = page_texts(handout_pdf(Rules.parse(every), "pl"))
    assert len(pages) == 1, "the most a rules string can add still fits on the page"
    changed = page_texts(handout_pdf(Rules.parse(every), "en"))[0]
    assert "No jokers." in plain and "2 jokers: each stands for any card." in changed
    assert "helping card" not in plain and "4 cards go face up in the middle: helping cards." in changed
    assert "The game ends when a player must draw from the empty stock" in changed and LAST_CARD not in changed
    assert "lay a meld of your own cards" in changed and "lay a meld of your own cards" not in plain
    assert "With five or more players, everyone gets 9 cards." in changed and "five or more" not in plain
    assert "Such a run may even hold twins." in changed and "Runs may not turn the corner." in plain
    assert "106 cards in all" in changed and "104 cards in all" in plain


def test_the_command_writes_the_handout_in_the_language_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "regole.pdf"
    assert main(["--lang", "it", "class", "handout", "--rules", "classic", "--out", str(out)]) == 0
    assert "regole classiche" in capsys.readouterr().out
    text = page_texts(out.read_bytes())[0]
    assert "Machiavelli in una pagina" in text and said("it", POINTS) in text
    assert main(["class", "handout", "--rules", "classic", "--out", str(tmp_path / "rules.txt")]) == 2
    assert "ends in .pdf" in capsys.readouterr().err and not (tmp_path / "rules.txt").exists()
    assert main(["class", "handout", "--rules", "classic(points=9)", "--out", str(out)]) == 2
    assert "points" in capsys.readouterr().err
