"""The ``machiavelli-kit`` command line.

Each sub-command lives in its own module with an ``add_parser(subparsers)``
function; exit codes are 0 (valid / done), 1 (invalid / no play), 2 (bad input).
The parser is built from light modules: a command imports the solver, numpy and
the like inside its ``run``, so ``check`` and ``--help`` start fast.

``--lang {en,it,pl}`` (before the command or after any command's name) chooses the
language of everything the command says, its help included (argparse's own words too,
``usage:``, ``options``, ``error:``: :mod:`.argparse_words`): the parser is built
once the language is known, since argparse keeps help texts as they are when it is
built. Without it, the environment decides (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``). ``lab`` and ``app`` pass the language on to their notebooks' kernels.

Output piped into a reader that stops early (``machiavelli-kit puzzles list | head -1``)
ends the command quietly with exit code 0.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator, Sequence

from machiavelli_kit.cli import app, check, classroom, game, lab, progress, puzzles, solve, table, tournament
from machiavelli_kit.cli.argparse_words import argparse_speaking
from machiavelli_kit.cli.output import letters_where_symbols_fail
from machiavelli_kit.i18n import LANGUAGES, LanguageError, _, check_language, session_language

EXIT_OK, EXIT_BAD_INPUT = 0, 2
"""Exit codes main itself returns; each command returns its own 0 or 1 (see the module docstring)."""
COMMANDS = (check, solve, lab, app, puzzles, game, tournament, progress, classroom, table)
LANG_OPTION = "--lang"
LANG_METAVAR = "{" + ",".join(LANGUAGES) + "}"


def build_parser() -> argparse.ArgumentParser:
    """The whole parser, its help in the language in use."""
    parser = argparse.ArgumentParser(
        prog="machiavelli-kit", description=_("Check, solve and teach Machiavelli positions.")
    )
    parser.add_argument(
        LANG_OPTION,
        type=_language,
        default=None,
        metavar=LANG_METAVAR,
        help=_(
            "the language to speak: {choices} (default: the environment's, LANGUAGE or LANG, else English); "
            "it may also come after the command's name"
        ).format(choices=", ".join(f"{code} {name}" for code, name in LANGUAGES.items())),
    )
    subparsers = parser.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        command.add_parser(subparsers)
    for sub_parser in _sub_parsers(parser):
        sub_parser.add_argument(
            LANG_OPTION,
            type=_language,
            default=argparse.SUPPRESS,  # given here, it wins over one given before the command; else it leaves that
            metavar=LANG_METAVAR,
            help=_("the language to speak (as before the command)"),
        )
    return parser


def _sub_parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """Every command's parser under ``parser``, and theirs (``puzzles list``, ``game play``), each once."""
    seen: set[int] = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub_parser in action.choices.values():
                if id(sub_parser) not in seen:  # an alias names the same parser
                    seen.add(id(sub_parser))
                    yield sub_parser
                    yield from _sub_parsers(sub_parser)


def _language(text: str) -> str:
    """A ``--lang`` value as the kit's language code; argparse says the error (exit code 2)."""
    try:
        return check_language(text)
    except LanguageError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def asked_language(argv: Sequence[str]) -> str | None:
    """The language ``--lang`` asks for in ``argv`` (the last one given), before the parser reads it; else None.

    A code the kit does not speak is left for the parser to report.

    >>> asked_language(["--lang", "it", "check", "--table", "5S 5H 5D"])
    'it'
    >>> asked_language(["check", "--lang=pl_PL.UTF-8"]), asked_language(["--lang", "de", "check"])
    ('pl', None)
    """
    asked = None
    for index, word in enumerate(argv):
        if word == "--":
            break
        if word == LANG_OPTION and index + 1 < len(argv):
            asked = argv[index + 1]
        elif word.startswith(LANG_OPTION + "="):
            asked = word.partition("=")[2]
    try:
        return None if asked is None else check_language(asked)
    except LanguageError:
        return None


def main(argv: Sequence[str] | None = None) -> int:
    letters_where_symbols_fail()  # 7S where the output cannot show 7♠, rather than a crash
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        with session_language(asked_language(argv)):
            code = _run(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_OK
    return code


def _run(argv: Sequence[str]) -> int:
    with argparse_speaking():  # usage:, options, error: ... in the language in use too
        arguments = build_parser().parse_args(argv)
    with session_language(arguments.lang):  # the same as asked_language's, unless argparse read it otherwise
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
