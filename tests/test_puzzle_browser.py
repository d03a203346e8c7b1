"""The puzzle trainer's widgets, driven headless: pickers, marks, Next, Retry, modes and the clock."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import ipywidgets as w
import pytest

from machiavelli_kit.classroom.students import NAMES_REQUIRED
from machiavelli_kit.practice.progress import Progress
from machiavelli_kit.practice.trainer import Trainer
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.puzzles.names import technique_name
from machiavelli_kit.ui.puzzle_browser import NAME_FIRST, PuzzleBrowser

COLLECTION = load_collection()


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def rows_holding(widget: w.Widget, top: w.Widget) -> list[w.Box]:
    """Every box under ``top`` that has ``widget`` among its children."""
    if not isinstance(top, w.Box):
        return []
    found = [top] if widget in top.children else []
    return found + [row for child in top.children for row in rows_holding(widget, child)]


def beside(browser: PuzzleBrowser, button: w.Button) -> bool:
    """Whether the trainer's question shows once on its page, in the same row as ``button``."""
    rows = rows_holding(browser.ask, browser.box)
    return len(rows) == 1 and button in rows[0].children


def browser_with(tmp_path: Path, progress: Progress | None = None, clock: Clock | None = None) -> PuzzleBrowser:
    trainer = Trainer(COLLECTION, progress or Progress(), clock=clock or Clock(), rng=random.Random(0))
    return PuzzleBrowser(path=tmp_path / "progress.json", trainer=trainer)


def test_pickers_filter_the_list_and_play_puts_the_puzzle_on_a_board(tmp_path: Path) -> None:
    browser = browser_with(tmp_path)
    assert len(browser.puzzle_choice.options) == len(COLLECTION.puzzles)
    browser.chapter_choice.value = COLLECTION.chapters[0].name
    browser.grade_choice.value = "chain"
    assert [value for _, value in browser.puzzle_choice.options] == ["it-3"]
    browser.puzzle_choice.value = "it-3"
    assert "<b>Puzzle 16 of 17</b>" in browser.picture.value  # "The chain of four" would tell the technique
    assert COLLECTION.find("it-3").title not in browser.picture.value
    assert "<svg" in browser.picture.value
    browser.play_button.click()
    assert browser.board is not None and browser.board.puzzle.id == "it-3"
    assert browser.stage.children == (browser.board.box,)


def test_a_filter_that_matches_nothing_empties_the_list_and_the_picture(tmp_path: Path) -> None:
    browser = browser_with(tmp_path)
    browser.chapter_choice.value = COLLECTION.chapters[0].name
    browser.grade_choice.value = "impossible"
    browser.theme_choice.value = "chain"
    assert browser.puzzle_choice.options == ()
    assert browser.picture.value == ""
    browser.play_button.click()
    assert browser.board is None


def test_the_list_names_a_puzzle_by_its_place_until_solved_and_marks_follow_the_answers(tmp_path: Path) -> None:
    """A label like "Not enough to go round (impossible, ...)" told the answer before the learner tried: the title
    and the technique show once the puzzle is solved, hinted or given up."""
    browser = browser_with(tmp_path)
    browser.chapter_choice.value = COLLECTION.chapters[0].name
    labels = dict((value, label) for label, value in browser.puzzle_choice.options)
    assert labels["bga-3"].startswith("○ bga-3: Puzzle 12 of 17 (effort 1, rated ")
    assert all("impossible" not in label for label in labels.values())
    browser.puzzle_choice.value = "bga-3"
    browser.play_button.click()
    assert browser.board is not None
    browser.board.board.buttons["No play: draw"].click()
    assert browser.board.verdict.value == "Correct: there is no play here."
    labels = dict((value, label) for label, value in browser.puzzle_choice.options)
    assert labels["bga-3"].startswith(f"✓ bga-3: {COLLECTION.find('bga-3').title} ({technique_name('impossible')}, ")
    assert browser.puzzle_choice.value == "bga-3"
    assert browser.info.value != "Your rating: 1500? (it settles as you play more)"
    assert browser.info.value == f"Your rating: {round(browser.progress.rating.rating)}? (it settles as you play more)"
    assert Progress.load(tmp_path / "progress.json").record("bga-3").solved


def test_next_and_retry_put_puzzles_on_the_board(tmp_path: Path) -> None:
    progress = Progress()
    progress.attempt("wiki-1", solved=False)
    browser = browser_with(tmp_path, progress)
    browser.chapter_choice.value = COLLECTION.chapters[0].name
    browser.next_button.click()
    assert browser.board is not None and browser.puzzle_choice.value == browser.board.puzzle.id
    browser.retry_button.click()
    assert browser.board.puzzle.id == "wiki-1"
    browser.board.board.buttons["Solve"].click()
    assert browser.board.verdict.value.startswith("Solved with help: ")
    assert browser.trainer.missed(COLLECTION.chapters[0].puzzles)[0].id == "wiki-1", "solved with help is missed"
    browser.theme_choice.value = "wrap"
    browser.grade_choice.value = "lay"
    browser.retry_button.click()
    assert browser.info.value.endswith("Nothing to retry here: well done!")
    browser.next_button.click()
    assert browser.info.value.endswith("No puzzle left here: change the pickers.")


def test_the_mode_buttons_switch_the_trainer(tmp_path: Path) -> None:
    browser = browser_with(tmp_path)
    browser.mode_choice.value = "streak"
    assert browser.trainer.mode == "streak" and "streak 0, going" in browser.info.value
    browser.next_button.click()
    assert browser.board is not None and browser.clock.value == ""
    browser.mode_choice.value = "timed"
    browser.next_button.click()
    assert browser.clock.value.startswith("Time left: <b>")


def test_the_clock_ticks_without_blocking_and_ends_the_try_when_time_is_up(tmp_path: Path) -> None:
    clock = Clock()
    browser = browser_with(tmp_path, clock=clock)
    browser.mode_choice.value = "timed"
    browser.puzzle_choice.value = "it-3"
    browser.play_button.click()
    session = browser.trainer.session
    assert session is not None and session.limit is not None
    ticks = []

    async def run() -> None:
        task = asyncio.create_task(browser.run_clock(session, tick=0))
        for _ in range(3):
            await asyncio.sleep(0)
            ticks.append(browser.clock.value)
            clock.now += session.limit / 2  # type: ignore[operator]
        await task

    asyncio.run(run())
    assert ticks[0] == f"Time left: <b>{int(session.limit)} s</b>"
    assert browser.clock.value == "<b>Time is up.</b>" and session.outcome == "failed"
    assert browser.board is not None and browser.board.verdict.value.startswith("Time is up")
    assert "solved in time: 0 of 1" in browser.info.value
    assert Progress.load(tmp_path / "progress.json").record("it-3").seconds == session.limit


def test_each_student_picks_their_name_and_gets_their_own_progress(tmp_path: Path) -> None:
    own = Progress()
    own.attempt("bga-1", solved=True)
    own.save(tmp_path / "progress.json")
    browser = browser_with(tmp_path, Progress.load(tmp_path / "progress.json"))
    assert browser.student_choice.options == ()
    browser.student_choice.value = "  Ada  "
    assert browser.student == "Ada" and browser.path == tmp_path / "students" / "ada.json"
    assert browser.progress.records == {} and "Hello Ada!" in browser.student_info.value
    browser.puzzle_choice.value = "bga-3"
    browser.play_button.click()
    assert browser.board is not None
    browser.board.board.buttons["No play: draw"].click()
    browser.student_choice.value = "Ben"
    assert browser.board is None and browser.stage.children == ()
    assert browser.progress.records == {} and browser.trainer.progress is browser.progress
    assert browser.student_choice.options == ("Ada", "Ben")
    browser.student_choice.value = "ada"
    assert "Ada already saves their work here" in browser.student_info.value and browser.student == "Ben"
    browser.student_choice.value = "Ada"
    assert browser.progress.solved == ["bga-3"], "Ada's progress came back"
    browser.student_choice.value = ""
    assert browser.path == tmp_path / "progress.json" and browser.progress.solved == ["bga-1"]
    assert Progress.load(tmp_path / "students" / "ada.json").student == "Ada"


def test_a_bad_name_is_explained_and_changes_nothing(tmp_path: Path) -> None:
    browser = browser_with(tmp_path)
    browser.student_choice.value = "Ada"
    browser.student_choice.value = "../.."
    assert "needs at least one letter or digit" in browser.student_info.value and browser.student == "Ada"


def test_hand_in_writes_the_export_with_the_name_and_offers_it(tmp_path: Path) -> None:
    browser = browser_with(tmp_path)
    browser.export_folder = tmp_path / "hand-in"
    browser.export_button.click()
    assert beside(browser, browser.export_button), "the question shows beside the button pressed"
    assert "Type your name at the top first" in browser.ask.value
    assert "mk-trainer-wanted" in browser.student_choice._dom_classes, "and the name box is outlined"
    browser.student_choice.value = "Cleo"
    assert browser.ask.value == "" and "mk-trainer-wanted" not in browser.student_choice._dom_classes
    browser.export_button.click()
    path = tmp_path / "hand-in" / "cleo-progress.csv"
    assert path.read_text().splitlines()[1] == "Cleo,,new,0,0,0,1500", "no progress yet: an empty record"
    assert 'download="cleo-progress.csv"' in browser.student_info.value


def write_assignment_file(folder: Path, text: str) -> Path:
    path = folder / "week3.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_assignment_narrows_the_list_and_shows_the_students_progress(tmp_path: Path) -> None:
    path = write_assignment_file(tmp_path, 'title = "Week 3"\npuzzles = ["bga-3", "it-3"]\ndue = 2026-12-01\n')
    trainer = Trainer(COLLECTION, Progress(), clock=Clock(), rng=random.Random(0))
    browser = PuzzleBrowser(path=tmp_path / "progress.json", trainer=trainer, assignment=path)
    assert [value for _, value in browser.puzzle_choice.options] == ["bga-3", "it-3"]
    assert browser.assignment_info.value.startswith("Week 3: 0 of 2 solved on your own")
    browser.puzzle_choice.value = "bga-3"
    browser.play_button.click()
    assert browser.board is not None
    browser.board.board.buttons["No play: draw"].click()
    assert "Week 3: 1 of 2 solved on your own" in browser.assignment_info.value
    assert "Due Tuesday 1 December 2026." in browser.assignment_info.value
    browser.next_button.click()
    assert browser.board.puzzle.id == "it-3", "Next stays within the assignment"
    browser.assignment_choice.value = ""
    assert len(browser.puzzle_choice.options) == len(COLLECTION.puzzles) and browser.assignment_info.value == ""


def test_an_assignment_without_hints_turns_hint_and_solve_off(tmp_path: Path) -> None:
    path = write_assignment_file(tmp_path, 'title = "Test"\npuzzles = ["it-3"]\nhints = false\n')
    browser = browser_with(tmp_path)
    browser.open_assignment(path)
    browser.puzzle_choice.value = "it-3"
    browser.play_button.click()
    assert browser.board is not None
    buttons = browser.board.board.buttons
    assert buttons["Hint"].disabled and buttons["Solve"].disabled
    assert browser.trainer.session is not None and browser.trainer.session.hint().startswith("No hints")
    assert browser.progress.record("it-3").hints == 0
    browser.assignment_choice.value = ""
    browser.play_button.click()
    assert not browser.board.board.buttons["Hint"].disabled, "other puzzles keep their hints"


def test_a_bad_assignment_is_shown_by_file_name(tmp_path: Path) -> None:
    browser = browser_with(tmp_path)
    assert browser.open_assignment(write_assignment_file(tmp_path, 'title = "x"\npuzzles = ["nope"]')) is None
    assert "week3.toml: no puzzle has the id" in browser.assignment_info.value and browser.assignment is None
    upload = [{"name": "homework.toml", "content": memoryview(b'title = "Up"\npuzzles = ["it-3"]\n')}]
    browser._uploaded({"new": upload})
    assert browser.assignment is not None and browser.assignment.title == "Up"
    browser._uploaded({"new": [{"name": "bad.toml", "content": memoryview(b'title = "x"\ngrade = "magic"\n')}]})
    assert "bad.toml: &#x27;magic&#x27; is not a grade" in browser.assignment_info.value


def test_on_a_class_server_no_puzzle_starts_and_nothing_is_saved_before_a_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(NAMES_REQUIRED, "1")  # as machiavelli-kit app sets it for its kernels
    browser = PuzzleBrowser(path=tmp_path / "progress.json")
    focused: list[str] = []
    browser.student_choice.focus = lambda: focused.append("name")
    assert browser.require_name
    browser.next_button.click()
    assert browser.board is None and browser.stage.children == ()
    assert NAME_FIRST in browser.ask.value and NAME_FIRST not in browser.student_info.value
    assert beside(browser, browser.next_button) and focused == ["name"]
    browser.export_button.click()
    assert beside(browser, browser.export_button), "beside the last button pressed, and only there"
    browser.puzzle_choice.value = browser.puzzle_choice.options[0][1]
    browser.play_button.click()
    assert beside(browser, browser.play_button) and browser.board is None
    assert not (tmp_path / "progress.json").exists()
    browser.student_choice.value = "Dina"
    browser.next()
    assert browser.board is not None and browser.path == tmp_path / "students" / "dina.json"
    assert browser.trainer.session is not None
    assert Progress.load(browser.path).student == "Dina"
    assert not (tmp_path / "progress.json").exists()


def test_on_ones_own_computer_the_trainer_starts_without_a_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(NAMES_REQUIRED, raising=False)
    browser = PuzzleBrowser(path=tmp_path / "progress.json")
    assert not browser.require_name
    browser.next()
    assert browser.board is not None and browser.path == tmp_path / "progress.json"


@pytest.mark.parametrize(
    ("lang", "play", "modes", "check", "any_one", "not_yet"),
    [
        ("it", "Giocalo", ["Allenamento", "Serie", "A tempo"], "Controlla", "qualsiasi", "Non ancora valido"),
        ("pl", "Zagraj", ["Trening", "Seria", "Na czas"], "Sprawdź", "dowolny", "Jeszcze niepoprawnie"),
    ],
)
def test_a_trainer_made_with_lang_speaks_it_and_so_do_its_boards(
    tmp_path: Path, lang: str, play: str, modes: list[str], check: str, any_one: str, not_yet: str
) -> None:
    trainer = Trainer(COLLECTION, Progress(), clock=Clock(), rng=random.Random(0))
    browser = PuzzleBrowser(path=tmp_path / "progress.json", trainer=trainer, lang=lang)
    assert browser.play_button.description == play
    assert [label for label, _mode in browser.mode_choice.options] == modes
    assert browser.chapter_choice.options[0] == (any_one, "")
    level, theme = {"it": ("1 calare una combinazione", "catena"), "pl": ("1 wykładanie układu", "łańcuch")}[lang]
    assert (level, "lay") in browser.grade_choice.options and (theme, "chain") in browser.theme_choice.options
    chapter = COLLECTION.chapters[0]
    assert (chapter.title_in(lang), chapter.name) in browser.chapter_choice.options
    assert chapter.title_in(lang) != chapter.title, "the first chapter has its title in this language"
    browser.puzzle_choice.value = "bga-7"
    puzzle = COLLECTION.find("bga-7")
    neutral = {"it": "Rompicapo 2 di 17", "pl": "Zagadka 2 z 17"}[lang]
    assert neutral in browser.picture.value and puzzle.title_in(lang) not in browser.picture.value
    browser.play()
    assert browser.board is not None and browser.board.language == lang
    board = browser.board.board
    assert board.buttons["Check"].description == check
    assert f"bga-7: {neutral}" in board.box.children[1].value  # the title over the board, until a hint
    browser.board.session.hint()
    assert puzzle.title_in(lang) in board.box.children[1].value
    board.buttons["Check"].click()  # nothing played yet: not a valid turn
    assert board.status.value.startswith(not_yet)
    browser.next_button.click()
    assert browser.board.board.buttons["Check"].description == check, "Next makes a board in the trainer's language"


def test_a_trainer_follows_the_session_language_it_was_made_in(tmp_path: Path) -> None:
    from machiavelli_kit import set_language

    try:
        set_language("pl")
        browser = browser_with(tmp_path)
        set_language("it")
        browser.puzzle_choice.value = "bga-7"
        browser.play()
        assert browser.board is not None and browser.board.board.buttons["Hint"].description == "Podpowiedź"
        assert browser.retry_button.description == "Powtórz nierozwiązane"
    finally:
        set_language(None)
