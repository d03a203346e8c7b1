"""A learner at work: the play session on a board, hints, the trainer, progress and ratings, the examples.

A :class:`PlaySession` is a position being rearranged, move by move, with undo, checks
and the hint ladder, in plain Python (a board in :mod:`machiavelli_kit.ui` draws it); a
:class:`PuzzleSession` is one on a puzzle, and the :class:`Trainer` picks the puzzles,
keeps the learner's :class:`Progress` and :class:`Rating`. The worked examples of the
rule documents and the meld quiz's questions are here too. The names below are imported
when first used (:mod:`machiavelli_kit.faces`).

>>> session = PlaySession(example("bga-1").position)
>>> session.can_undo
False
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from machiavelli_kit.practice.examples import VALIDITY_EXAMPLES, ValidityExample, example, worked_examples
    from machiavelli_kit.practice.hints import HintLadder, hint_ladder
    from machiavelli_kit.practice.progress import DEFAULT_PATH, Progress, ProgressError, Record, default_path
    from machiavelli_kit.practice.rating import Rating, rate, start_rating
    from machiavelli_kit.practice.session import CheckReport, NoPlayReport, Place, PlayError, PlaySession, PlayState
    from machiavelli_kit.practice.trainer import MODES, ProgressSink, PuzzleSession, Trainer, time_limit
else:
    from machiavelli_kit.faces import lazy_names

    __getattr__, __dir__ = lazy_names(__name__)

__all__ = [
    "DEFAULT_PATH",
    "MODES",
    "VALIDITY_EXAMPLES",
    "CheckReport",
    "HintLadder",
    "NoPlayReport",
    "Place",
    "PlayError",
    "PlaySession",
    "PlayState",
    "Progress",
    "ProgressError",
    "ProgressSink",
    "PuzzleSession",
    "Rating",
    "Record",
    "Trainer",
    "ValidityExample",
    "default_path",
    "example",
    "hint_ladder",
    "rate",
    "start_rating",
    "time_limit",
    "worked_examples",
]
