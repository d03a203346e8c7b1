"""An option several commands share says the same in each command's --help, in every language (cli/options)."""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Iterator

import pytest

from machiavelli_kit.cli import build_parser
from machiavelli_kit.cli.options import folder_name
from machiavelli_kit.i18n import LANGUAGES, speaking

OWN_MEANING = {
    "--out": "a file or folder of each command's own",
    "--title": "a worksheet's title, or an assignment's",
    "--seed": "one game's deal, or a tournament's first deal",
    "--seat": "the seat a replay is told from, or the seat to take at a class server's table",
    "--name": "the name written in an export, or a learner's name at a class server's table",
    "--port": "each server's port, with its own default (lab and app 8888, the class server 8890)",
}
"""Options whose name several commands use, each for a thing of its own."""
OWN_CHAPTER = "puzzles generate"
"""``--chapter`` here names a generated chapter to make again (repeatable), not a filter over the collection."""
JSON_LIST = "class tournament standings"
"""``--json`` here prints a list of the tournament's players, not one JSON object."""
TABLE_ID = ("table join", "table record")
"""``--table`` here names a table on a class server by its id, not the cards on a table."""


def commands(parser: argparse.ArgumentParser, path: str = "") -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Every command's parser by its words (``check``, ``puzzles export``), commands of commands too."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub_parser in action.choices.items():
                yield f"{path} {name}".strip(), sub_parser
                yield from commands(sub_parser, f"{path} {name}")


def shared_options(lang: str) -> dict[str, dict[str, tuple[object, object]]]:
    """Each option two commands or more take, with its value name and help in each, in ``lang``."""
    with speaking(lang):
        parser = build_parser()
    said: dict[str, dict[str, tuple[object, object]]] = defaultdict(dict)
    for command, sub_parser in commands(parser):
        for action in sub_parser._actions:
            for option in action.option_strings:
                if option.startswith("--") and option not in ("--help", "--lang"):
                    said[option][command] = (action.metavar, action.help)
    return {option: by_command for option, by_command in said.items() if len(by_command) > 1}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_shared_option_says_the_same_in_every_command(lang: str) -> None:
    shared = shared_options(lang)
    assert {"--table", "--hand", "--rules", "--json", "--players", "--chapter", "--grade", "--theme"} <= set(shared)
    for option, by_command in shared.items():
        if option in OWN_MEANING:
            continue
        if option == "--chapter":
            by_command.pop(OWN_CHAPTER)
        if option == "--json":
            by_command.pop(JSON_LIST)
        if option == "--table":
            assert len({by_command.pop(command) for command in TABLE_ID}) == 1
        assert len(set(by_command.values())) == 1, (option, by_command)


def test_each_shared_option_goes_to_the_commands_that_take_it() -> None:
    shared = shared_options("en")
    assert set(shared["--table"]) - set(TABLE_ID) == set(shared["--hand"]) == {"check", "solve"}
    assert shared["--hand"]["check"] == ("HAND", 'the hand, e.g. "8H 9H"')
    assert set(shared["--json"]) == {"check", "solve", "tournament", JSON_LIST}
    assert set(shared["--grade"]) == {"puzzles list", "puzzles export", "class assign"}


def test_every_folder_option_refuses_an_empty_name() -> None:
    """``--out ''`` would be the folder the command runs in, unseen: every DIR option says so instead."""
    with speaking("en"):
        folders = {
            f"{command} {action.option_strings[0]}": action.type
            for command, sub_parser in commands(build_parser())
            for action in sub_parser._actions
            if action.metavar == "DIR"
        }
    assert len(folders) == 8 and all(check is folder_name for check in folders.values()), folders
    with pytest.raises(argparse.ArgumentTypeError, match="the folder's name is empty"):
        folder_name(" ")
    assert folder_name(".") == "."
