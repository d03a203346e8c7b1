"""Loads tests/data/rules_examples.toml: every example of the rule documents."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from machiavelli_kit.core.cards import parse_cards
from machiavelli_kit.core.melds import ProblemKind
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import Rules

DATA = Path(__file__).parent / "data" / "rules_examples.toml"


@dataclass(frozen=True)
class ValidityExample:
    meld: str
    source: str
    rules: Rules
    kind: str | None
    flag: ProblemKind | None
    suggestion: str | None = None


@dataclass(frozen=True)
class WorkedExample:
    id: str
    source: str
    position: Position
    answer: Table | None
    max_play: int
    rules: Rules
    attempt: Table | None = None
    attempt_flags: frozenset[ProblemKind] = frozenset()


def _load() -> dict[str, Any]:
    with DATA.open("rb") as stream:
        return tomllib.load(stream)


def validity_examples() -> list[ValidityExample]:
    return [
        ValidityExample(
            item["meld"],
            item["source"],
            Rules.parse(item.get("rules", "bga")),
            item.get("kind"),
            None if "flag" not in item else ProblemKind(item["flag"]),
            item.get("suggestion"),
        )
        for item in _load()["validity"]
    ]


def worked_examples() -> list[WorkedExample]:
    return [
        WorkedExample(
            id=item["id"],
            source=item["source"],
            position=Position(Table.parse(item["table"]), parse_cards(item["hand"])),
            answer=Table.parse(item["answer"]) if "answer" in item else None,
            max_play=item["max_play"],
            rules=Rules.parse(item.get("rules", "bga")),
            attempt=Table.parse(item["attempt"]) if "attempt" in item else None,
            attempt_flags=frozenset(ProblemKind(flag) for flag in item.get("attempt_flags", ())),
        )
        for item in _load()["worked"]
    ]
