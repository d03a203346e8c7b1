"""The trainer without widgets: answers judged and rated, help counted, next puzzles, streak and timed runs."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from machiavelli_kit.core.cards import Card
from machiavelli_kit.core.goal import GoalKind
from machiavelli_kit.practice.examples import example
from machiavelli_kit.practice.progress import FAILED, HELPED, SOLVED, Progress
from machiavelli_kit.practice.rating import Rating, start_rating
from machiavelli_kit.practice.session import Place, PlaySession
from machiavelli_kit.practice.trainer import TIME_UP, PuzzleSession, Trainer, time_limit
from machiavelli_kit.puzzles.collection import Collection, load_collection
from machiavelli_kit.puzzles.format import Chapter, Puzzle

COLLECTION = load_collection()
RESTORE = next(puzzle for puzzle in COLLECTION.puzzles if puzzle.answer == "restore" and puzzle.id != "bga-3")
"""A decide puzzle with no play, other than the rule documents' bga-3."""
C = Card.parse


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def solve_it_3(session: PlaySession) -> None:
    moves: list[tuple[str, Place, Place]] = [
        ("7S", "hand", 0),
        ("7D", 0, 1),
        ("10D", 1, 2),
        ("10H", 2, 3),
        ("9H", "hand", 3),
    ]
    for card, source, target in moves:
        session.move(C(card), source, target)


# the play session: no play, help


def test_no_play_untouched_draws_one_card_and_touched_draws_the_restore_penalty() -> None:
    item = example("bga-3")
    fresh = PlaySession(item.position, item.rules).no_play()
    assert fresh.correct and fresh.drawn == 1
    moved = PlaySession(item.position, "classic")
    moved.move(C("6H"), 0, "new")
    report = moved.no_play()
    assert report.correct and report.drawn == 1 and "draw 1 card as the restore penalty" in report.text
    assert moved.state.melds == tuple(meld.cards for meld in item.position.table.melds) and moved.can_undo
    free = PlaySession(item.position, "bga(restore_penalty=0)")
    free.move(C("6H"), 0, "new")
    assert free.no_play().drawn == 0


def test_no_play_where_there_is_a_play_changes_nothing() -> None:
    item = example("bga-7")
    session = PlaySession(item.position, item.rules)
    session.move(C("3C"), "hand", 0)
    before = session.state
    report = session.no_play()
    assert not report.correct and report.drawn == 0 and "there is a play" in report.text
    assert "3♣" not in report.text and session.state == before


def test_solve_and_the_last_hint_count_as_help_but_other_hints_do_not() -> None:
    item = example("it-3")
    session = PlaySession(item.position, item.rules)
    for _ in range(len(session.ladder.rungs) - 1):
        session.hint()
    assert not session.helped
    session.hint()
    assert session.helped, "the last rung is the answer"
    solved = PlaySession(item.position, item.rules)
    solved.solve()
    assert solved.helped and solved.check().valid


# a try at a puzzle


def test_no_play_draw_is_judged_right_for_a_restore_puzzle_and_wrong_for_a_playable_one() -> None:
    restore = PuzzleSession(RESTORE, Progress(), clock=Clock())
    assert restore.no_play().correct
    assert restore.verdict == "Correct: there is no play here." and restore.outcome == "solved"
    playable = PuzzleSession(COLLECTION.find("bga-1"), Progress(), clock=Clock())
    assert not playable.no_play().correct
    assert playable.verdict == "Not quite: there is a play here. Look again." and playable.outcome == "failed"


def test_a_puzzle_about_one_card_says_that_card_cannot_be_played() -> None:
    session = PuzzleSession(COLLECTION.find("first-corner"), Progress(), clock=Clock())
    report = session.no_play()
    assert report.correct and report.text.startswith("No play: 2♥ cannot be played here, so you draw 1 card")
    assert session.verdict == "Correct: 2♥ cannot be played here."


def test_every_restore_puzzle_is_answered_by_no_play_and_no_other_is() -> None:
    for puzzle in COLLECTION.puzzles:
        session = PuzzleSession(puzzle, Progress(), clock=Clock())
        assert (session.no_play_reason() is None) == puzzle.feasible, puzzle.id


def test_a_clean_solve_is_rated_a_win_and_only_the_first_answer_is_rated() -> None:
    progress, clock = Progress(), Clock()
    puzzle = COLLECTION.find("it-3")
    session = PuzzleSession(puzzle, progress, clock=clock)
    clock.now += 75
    solve_it_3(session)
    assert session.check().valid
    assert session.outcome == "solved" and session.verdict == "Correct: 2 cards played, the most there is."
    won = progress.rating
    assert won.rating > 1500 and progress.puzzle_ratings["it-3"].rating < start_rating(puzzle.grade, 4).rating
    assert progress.record("it-3").seconds == 75
    session.solve()
    session.check()
    assert progress.rating == won, "a second answer in the same try is not rated again"
    assert progress.record("it-3").attempts == 2 and progress.record("it-3").status == SOLVED
    replay = PuzzleSession(puzzle, progress, clock=clock)
    solve_it_3(replay)
    replay.check()
    assert not replay.rated and replay.outcome == "solved" and progress.rating == won, "a replay is not rated"


def test_a_missed_puzzle_tried_again_is_rated_again() -> None:
    progress = Progress()
    puzzle = COLLECTION.find("it-3")
    PuzzleSession(puzzle, progress, clock=Clock()).no_play()
    lost = progress.rating
    again = PuzzleSession(puzzle, progress, clock=Clock())
    solve_it_3(again)
    again.check()
    assert again.rated and progress.rating.rating > lost.rating


@pytest.mark.parametrize(
    ("hints", "solve", "outcome", "status"),
    [(0, False, "solved", SOLVED), (1, False, "hinted", SOLVED), (0, True, "helped", HELPED)],
)
def test_hints_make_half_a_win_and_solve_a_loss(hints: int, solve: bool, outcome: str, status: str) -> None:
    progress = Progress()
    session = PuzzleSession(COLLECTION.find("it-3"), progress, clock=Clock())
    for _ in range(hints):
        session.hint()
    if solve:
        session.solve()
    else:
        solve_it_3(session)
    session.check()
    assert session.outcome == outcome and progress.record("it-3").status == status
    assert progress.record("it-3").hints == hints
    points = progress.rating.rating - 1500
    assert {"solved": points > 0, "hinted": points > 0, "helped": points < 0}[outcome]
    if outcome == "hinted":
        clean = Progress()
        clean_session = PuzzleSession(COLLECTION.find("it-3"), clean, clock=Clock())
        solve_it_3(clean_session)
        clean_session.check()
        assert points < clean.rating.rating - 1500, "half a win gains less than a win"


def test_a_wrong_answer_lowers_the_learner_and_raises_the_puzzle() -> None:
    progress = Progress()
    puzzle = COLLECTION.find("bga-1")
    PuzzleSession(puzzle, progress, clock=Clock()).no_play()
    assert progress.rating.rating < 1500
    assert progress.puzzle_ratings["bga-1"].rating > start_rating(puzzle.grade, puzzle.effort).rating
    assert progress.record("bga-1").status == FAILED


def test_listeners_hear_every_hint_and_answer() -> None:
    heard: list[str] = []
    session = PuzzleSession(COLLECTION.find("bga-3"), Progress(), clock=Clock())
    session.on_change(lambda changed: heard.append(changed.verdict))
    session.hint()
    session.no_play()
    assert heard == [COLLECTION.find("bga-3").question(), "Correct: there is no play here."]


# the timed clock


def test_the_clock_runs_out_and_the_try_counts_as_missed() -> None:
    clock, progress = Clock(), Progress()
    puzzle = COLLECTION.find("it-3")
    session = PuzzleSession(puzzle, progress, clock=clock, limit=time_limit(puzzle))
    assert time_limit(puzzle) == 30 + 15 * puzzle.effort  # type: ignore[operator]
    clock.now += 10
    assert session.tick() == time_limit(puzzle) - 10 and session.outcome is None
    clock.now += 1000
    assert session.tick() == 0 and session.outcome == "failed" and session.verdict == TIME_UP
    assert progress.rating.rating < 1500
    solve_it_3(session)
    session.check()
    assert session.outcome == "failed" and session.verdict.endswith(
        "The time had run out, so this one counts as missed."
    )
    assert progress.record("it-3").solved, "the record still says it was solved in the end"


def test_an_answer_after_the_time_is_late_even_without_a_tick() -> None:
    clock = Clock()
    session = PuzzleSession(COLLECTION.find("bga-3"), Progress(), clock=clock, limit=5)
    clock.now += 6
    session.no_play()
    assert session.late and session.outcome == "failed"


# the trainer: picking


def made_up(puzzle: Puzzle, grade: str, effort: int, *themes: str) -> Puzzle:
    return replace(
        puzzle, id=f"{puzzle.id}-{grade}-{effort}-{'-'.join(themes)}", grade=grade, effort=effort, themes=themes
    )


def collection_of(*puzzles: Puzzle) -> Collection:
    return Collection((Chapter("test", "Test", "", tuple(puzzles)),))


def test_pick_comes_near_the_learners_rating() -> None:
    trainer = Trainer(COLLECTION, Progress(), rng=random.Random(1))
    picked = trainer.pick(COLLECTION.puzzles)
    assert picked is not None
    assert abs(trainer.rating(picked).rating - 1500) <= 40
    strong = Trainer(COLLECTION, Progress(rating=Rating(2100, 60)), rng=random.Random(1))
    hard = strong.pick(COLLECTION.puzzles)
    assert hard is not None and strong.rating(hard).rating >= 2000


def test_pick_prefers_the_themes_the_learner_misses_most() -> None:
    base = COLLECTION.find("bga-1")
    puzzles = [made_up(base, "spare", 1, theme) for theme in ("chain", "swap", "split")]
    missed, solved, _ = puzzles
    extra = [made_up(base, "spare", 2, theme) for theme in ("chain", "swap", "split")]
    progress = Progress()
    progress.attempt(missed.id, solved=False)
    progress.attempt(solved.id, solved=True)
    trainer = Trainer(collection_of(*puzzles, *extra), progress, rng=random.Random(0))
    assert trainer.miss_rates() == {"chain": 2 / 3, "swap": 1 / 3}
    assert trainer.pick(extra) == extra[0], "the missed theme first"
    assert trainer.pick(extra[1:]) == extra[2], "then a theme not tried yet, before one always solved"


def test_pick_leaves_solved_puzzles_for_last_and_the_current_one_out() -> None:
    base = COLLECTION.find("bga-1")
    first, second = made_up(base, "spare", 1, "a"), made_up(base, "spare", 3, "a")
    progress = Progress()
    progress.attempt(first.id, solved=True)
    trainer = Trainer(collection_of(first, second), progress, rng=random.Random(0))
    assert trainer.pick([first, second]) == second
    assert trainer.pick([first]) == first, "a solved puzzle when nothing else is left"
    assert trainer.pick([first], exclude=[first.id]) is None


def test_retry_goes_over_the_missed_ones_in_order() -> None:
    progress = Progress()
    progress.attempt("bga-1", solved=False)
    progress.attempt("bga-2", solved=True)
    progress.attempt("it-3", solved=True, helped=True)
    trainer = Trainer(COLLECTION, progress, rng=random.Random(0))
    chapter = list(COLLECTION.chapter("ch01").puzzles)
    assert [puzzle.id for puzzle in trainer.missed(chapter)] == ["bga-1", "it-3"]
    first = trainer.retry_missed(chapter)
    assert first is not None and first.id == "bga-1"
    trainer.start(first)
    second = trainer.next_puzzle(chapter)
    assert second is not None and second.id == "it-3"
    trainer.start(second)
    after = trainer.next_puzzle(chapter)
    assert after is not None and after.id not in ("bga-2", "it-3"), "then the trainer picks again"
    assert Trainer(COLLECTION, Progress()).retry_missed(chapter) is None


def test_labels_carry_the_mark_and_the_full_title() -> None:
    progress = Progress()
    progress.attempt("bga-1", solved=True)
    progress.attempt("bga-2", solved=True, helped=True)
    progress.attempt("bga-3", solved=False)
    trainer = Trainer(COLLECTION, progress)
    labels = [trainer.label(COLLECTION.find(f"bga-{n}")) for n in (1, 2, 3, 4)]
    assert [label[0] for label in labels] == ["✓", "◑", "✗", "○"]
    assert labels[0] == f"✓ bga-1: {COLLECTION.find('bga-1').title} (spare card, effort 2, rated 1540)"


def test_time_spent_is_counted_when_the_learner_moves_on() -> None:
    clock, progress = Clock(), Progress()
    trainer = Trainer(COLLECTION, progress, clock=clock)
    trainer.start(COLLECTION.find("bga-1"))
    clock.now += 40
    trainer.start(COLLECTION.find("bga-2"))
    assert progress.record("bga-1").seconds == 40 and progress.record("bga-1").attempts == 0
    assert "bga-1" not in progress.puzzle_ratings, "a try left without an answer is not rated"


# streak and timed runs


def answer_right(session: PuzzleSession) -> None:
    """Play the solver's moves without Solve (so without help) and check, or say no play."""
    if not session.puzzle.feasible:
        assert session.no_play().correct
        return
    for _ in session._solution_steps():
        pass
    assert session.check().valid


def test_a_streak_gets_harder_until_the_first_miss() -> None:
    progress = Progress()
    pool = [puzzle for puzzle in COLLECTION.puzzles if puzzle.goal.kind in (GoalKind.MAX, GoalKind.DECIDE)]
    trainer = Trainer(COLLECTION, progress, clock=Clock(), rng=random.Random(3))
    trainer.set_mode("streak")
    ratings = []
    for _ in range(6):
        puzzle = trainer.next_puzzle(pool)
        assert puzzle is not None
        ratings.append(trainer.rating(puzzle).rating)
        answer_right(trainer.start(puzzle))
    assert ratings == sorted(set(ratings)), "each puzzle is rated above the one before"
    assert trainer.streak == 6 and progress.best_streak == 6 and "streak 6, going" in trainer.summary()
    playable = [puzzle for puzzle in pool if puzzle.feasible]
    trainer.start(playable[0]).no_play()
    assert trainer.streak_over and "over: press Next to start a new one" in trainer.summary()
    restart = trainer.next_puzzle(pool)
    assert restart is not None and trainer.streak == 0 and not trainer.streak_over and progress.best_streak == 6


def test_skipping_a_streak_puzzle_ends_the_streak() -> None:
    trainer = Trainer(COLLECTION, Progress(), clock=Clock(), rng=random.Random(0))
    trainer.set_mode("streak")
    first = trainer.next_puzzle(COLLECTION.puzzles)
    assert first is not None
    trainer.start(first)
    trainer.next_puzzle(COLLECTION.puzzles)
    assert trainer.streak == 0 and not trainer.streak_over, "a new streak started at once"


def test_a_timed_run_counts_the_puzzles_solved_in_time() -> None:
    clock = Clock()
    trainer = Trainer(COLLECTION, Progress(), clock=clock, rng=random.Random(0))
    trainer.set_mode("timed")
    fast = trainer.start(COLLECTION.find("bga-3"))
    assert fast.limit == time_limit(COLLECTION.find("bga-3"))
    fast.no_play()
    slow = trainer.start(RESTORE)
    clock.now += 1000
    slow.tick()
    slow.no_play()
    assert (trainer.timed_solved, trainer.timed_tried) == (1, 2)
    assert trainer.summary().endswith("solved in time: 1 of 2")
    trainer.set_mode("practice")
    assert trainer.start(COLLECTION.find("bga-1")).limit is None


def test_an_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="'blitz' is not a mode: choose practice, streak, timed"):
        Trainer(COLLECTION, Progress()).set_mode("blitz")  # type: ignore[arg-type]


def test_a_settled_rating_is_shown_plain_and_a_new_one_with_a_question_mark() -> None:
    assert Trainer(COLLECTION, Progress(rating=Rating(1620.4, 80))).summary() == "Your rating: 1620"
    assert Trainer(COLLECTION, Progress()).summary() == "Your rating: 1500? (it settles as you play more)"


def test_a_session_without_hints_counts_no_hint_and_refuses_solve() -> None:
    from machiavelli_kit.practice.trainer import NO_HINTS

    progress = Progress()
    session = PuzzleSession(load_collection().find("it-3"), progress, clock=lambda: 0.0, hints=False)
    assert session.hint() == NO_HINTS and progress.record("it-3").hints == 0 and not session.helped
    with pytest.raises(ValueError, match="No hints for this assignment"):
        session.solve_steps()


def test_the_trainer_turns_hints_off_only_for_the_puzzles_it_is_told() -> None:
    collection = load_collection()
    trainer = Trainer(collection, Progress(), clock=lambda: 0.0)
    trainer.no_hints = frozenset({"it-3"})
    assert not trainer.start(collection.find("it-3")).hints
    assert trainer.start(collection.find("bga-1")).hints


@pytest.mark.parametrize("reveal", ["solved", "hint", "solve"])
def test_the_title_shows_once_solved_hinted_or_given_up_never_after_a_wrong_answer(reveal: str) -> None:
    """The title "The chain of four" names the technique: until then the trainer says "Puzzle 16 of 17"."""
    trainer = Trainer(COLLECTION, Progress(), clock=Clock(), rng=random.Random(0))
    puzzle = COLLECTION.find("it-3")
    session = trainer.start(puzzle)
    assert trainer.title(puzzle) == "Puzzle 16 of 17" and "chain" not in trainer.label(puzzle)
    session.no_play()  # wrong: it-3 has a play
    assert trainer.title(puzzle) == "Puzzle 16 of 17" and "chain" not in trainer.label(puzzle)
    if reveal == "solved":
        solve_it_3(session)
        assert session.check().valid
    elif reveal == "hint":
        session.hint()
    else:
        list(session.solve_steps())
        session.check()
    assert trainer.title(puzzle) == "The chain of four" and "The chain of four (chain, " in trainer.label(puzzle)
