"""Loads tests/data/rules_examples.toml: every example of the rule documents."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from machiavelli_kit.position import Position, Table
from machiavelli_kit.rules import Rules

DATA = Path(__file__).parent / "data" / "rules_examples.toml"


@dataclass(frozen=True)
class ValidityExample:
    meld: str
    rules: Rules
    kind: str | None
    flag: str | None


@dataclass(frozen=True)
class WorkedExample:
    id: str
    position: Position
    answer: Table | None
    max_play: int
    rules: Rules


def _load() -> dict[str, Any]:
    with DATA.open("rb") as stream:
        return tomllib.load(stream)


def validity_examples() -> list[ValidityExample]:
    return [
        ValidityExample(item["meld"], Rules.parse(item.get("rules", "bga")), item.get("kind"), item.get("flag"))
        for item in _load()["validity"]
    ]


def worked_examples() -> list[WorkedExample]:
    return [
        WorkedExample(
            item["id"],
            Position(Table.parse(item["table"]), Position.parse("", item["hand"]).hand),
            Table.parse(item["answer"]) if "answer" in item else None,
            item["max_play"],
            Rules.parse(item.get("rules", "bga")),
        )
        for item in _load()["worked"]
    ]
