"""The teacher's guide in Italian and Polish keeps in step with the English: the same sections in the same
order, the same commands and code in each section, and links that lead somewhere."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
ENGLISH = DOCS / "teachers.md"
FENCE = re.compile(r"^([ \t]*)```.*?^\1```", re.S | re.M)


def sections(text: str) -> list[tuple[str, str]]:
    """Each heading (its ``#`` marks) with the text under it, headings inside code blocks not counted."""
    parts: list[tuple[str, str]] = [("", "")]
    inside = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            inside = not inside
        if not inside and re.match(r"#{1,6} ", line):
            parts.append((line.split(" ", 1)[0], ""))
        else:
            parts[-1] = (parts[-1][0], parts[-1][1] + line + "\n")
    return parts


def code(text: str) -> Counter[str]:
    """The code blocks' lines (comments and quoted words aside: they are translated) and the inline code spans."""
    said = Counter[str]()
    for block in FENCE.finditer(text):
        for line in block.group(0).splitlines():
            line = re.sub(r"\s+#.*$", "", line.strip())
            said["block: " + re.sub(r'"[^"]*"', '"…"', line).strip()] += 1
    for span in re.findall(r"`([^`\n]+)`", FENCE.sub("", text)):
        said["span: " + re.sub(r'"[^"]*"', '"…"', span)] += 1
    return said


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("lang", ["it", "pl"])
def test_the_translated_guide_has_the_english_sections_in_order_with_the_same_commands(lang: str) -> None:
    english, translated = sections(ENGLISH.read_text()), sections((DOCS / f"teachers.{lang}.md").read_text())
    assert [level for level, _text in translated] == [level for level, _text in english]
    for number, ((level, theirs), (_level, ours)) in enumerate(zip(english, translated, strict=True)):
        missing, extra = code(theirs) - code(ours), code(ours) - code(theirs)
        assert not missing and not extra, f"section {number} ({level}): missing {missing}, not in English {extra}"


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_every_link_in_the_guide_leads_somewhere(lang: str) -> None:
    path = ENGLISH if lang == "en" else DOCS / f"teachers.{lang}.md"
    text = path.read_text()
    anchors = {slug(line.split(" ", 1)[1]) for line in FENCE.sub("", text).splitlines() if re.match(r"#+ ", line)}
    for target in re.findall(r"\]\(([^)]+)\)", text):
        file, _hash, anchor = target.partition("#")
        if file.startswith("http"):
            continue
        if file:
            assert (path.parent / file).exists(), target
        if anchor and not file:
            assert anchor in anchors, target
