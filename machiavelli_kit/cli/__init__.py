"""The ``machiavelli-kit`` command line.

Each sub-command lives in its own module with an ``add_parser(subparsers)``
function; exit codes are 0 (valid / done), 1 (invalid / no play), 2 (bad input).
The parser is built from light modules: a command imports the solver, numpy and
the like inside its ``run``, so ``check`` and ``--help`` start fast.

Output piped into a reader that stops early (``machiavelli-kit puzzles list | head -1``)
ends the command quietly with exit code 0.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from machiavelli_kit.cli import app, check, classroom, game, lab, progress, puzzles, solve, tournament
from machiavelli_kit.cli.output import letters_where_symbols_fail

EXIT_OK, EXIT_BAD_INPUT = 0, 2
"""Exit codes main itself returns; each command returns its own 0 or 1 (see the module docstring)."""
COMMANDS = (check, solve, lab, app, puzzles, game, tournament, progress, classroom)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="machiavelli-kit", description="Check, solve and teach Machiavelli positions."
    )
    subparsers = parser.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        command.add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    letters_where_symbols_fail()  # 7S where the output cannot show 7♠, rather than a crash
    try:
        code = _run(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_OK
    return code


def _run(argv: Sequence[str] | None) -> int:
    arguments = build_parser().parse_args(argv)
    try:
        return int(arguments.run(arguments))
    except BrokenPipeError:
        raise
    except (ValueError, OSError) as error:
        print(f"machiavelli-kit {arguments.command}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's last flush at exit cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())
