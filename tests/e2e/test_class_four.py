"""Four learners in four browsers at one ``machiavelli-kit app`` play a networked game to its end.

One real ``machiavelli-kit app`` process (its own class server beside it, on a SQLite file in a temp folder),
four Chromium contexts: four visitors, each with the app's cookie of their own. Each gives their name in
game.ipynb's lobby; Ada makes a table of four and the others join it from their lists. Before anyone moves,
each walks their hand with the keyboard, as a learner who cannot see the screen does: the board's live region
names the cards, and at the end the record says those were exactly that seat's cards. The first learner of the
first round who holds a meld lays it with the keyboard alone (E ends the turn); everyone else draws. Ada makes
the table with the lobby's Game length of 30 turns: the seat row counts the turns left, and the game ends after
the round of turn 30 (turn 32) with the fewest cards winning: a whole game to its result in 32 turns, where
drawing until the stock ran out took 47 or so. Mid-game Cleo closes her
page; a turn is played while she is away; she opens game.ipynb again and is back at her seat without typing her
name, the game as it is, and goes on. A page names a drawn card only in its own learner's log lines. At the end
every page shows the result, and the record (``machiavelli-kit table record``) replays (``game replay``).

Every wait is on a condition; the clock is only a deadline.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

from machiavelli_kit.classroom.lobby import CLASS_SERVER_VARIABLE
from machiavelli_kit.classroom.server import TEACHER_TOKEN_VARIABLE
from machiavelli_kit.core.cards import Card, parse_card
from machiavelli_kit.core.melds import Meld, check_meld
from machiavelli_kit.core.rules import BGA
from machiavelli_kit.game.record import from_record, loads
from tests.e2e.test_board_keyboard import Listener, tab_to
from tests.e2e.test_class_tables import wait_text
from tests.processes import answers, free_port, stop_group, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.server]
LEARNERS = ("Ada", "Ben", "Cleo", "Dev")
LENGTH = "30 turns"
"""The Game length Ada's table is made with: it ends after the round of its 30th turn."""
LAST_TURN = 32
"""Turn 30 rounded up to the end of its round of four (the seat row counts the turns left down to it)."""
AWAY = "Cleo"
"""The learner who closes the page mid-game and opens it again."""
AWAY_AT = 9
"""Cleo closes her page once this many turns have been played (and it is not her turn)."""
TIMEOUT = 120_000
"""Four pages run the notebook at once on a shared 2-core machine: a deadline (ms), never a pause."""
SLOW = 180.0
HEARD_AT_ONCE = 4
"""Arrow keys pressed before reading what the board said (its live region keeps the last five lines)."""
HAND_LINE = re.compile(r"^(.+), your hand$")
DRAWN = re.compile(r"turn (\d+), (.+?) draws a card \((.+)\)")


@dataclass
class App:
    base: str
    class_server: str
    folder: Path


@dataclass
class Seat:
    """A learner's page and what it showed: the hands it named (by the turns played then)."""

    name: str
    page: Page
    heard: list[tuple[int, Counter[Card]]] = field(default_factory=list)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    """``machiavelli-kit app`` as a teacher starts it, its notebooks, data and class database in ``tmp_path``."""
    port = free_port()
    env = {**os.environ, "HOME": str(tmp_path / "home"), TEACHER_TOKEN_VARIABLE: "four-learners-teacher",
           "MACHIAVELLI_KIT_PROGRESS": str(tmp_path / "data" / "progress.json"),
           "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"), "JUPYTER_PLATFORM_DIRS": "1"}  # fmt: skip
    env.pop(CLASS_SERVER_VARIABLE, None)
    database = f"sqlite:///{tmp_path / 'class.db'}"
    command = [sys.executable, "-m", "machiavelli_kit", "app", "--no-browser", "--port", str(port),
               "--notebooks", str(tmp_path / "notebooks"), "--class-db", database]  # fmt: skip
    log_path = tmp_path / "app.log"
    with log_path.open("w") as log:
        process = subprocess.Popen(
            command, cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: answers(base + "/voila/static/voila.js") or process.poll() is not None, SLOW, "the app")
        assert process.poll() is None, log_path.read_text()[-3000:]
        found = re.search(r"runs on this computer at (http://127\.0\.0\.1:\d+)", log_path.read_text())
        assert found, log_path.read_text()
        yield App(base, found.group(1), tmp_path)
    finally:
        stop_group(process, 20)


def open_game(page: Page, app: App) -> None:
    page.goto(f"{app.base}/voila/render/game.ipynb", wait_until="commit", timeout=TIMEOUT)


def text(page: Page, selector: str) -> str:
    return page.locator(selector).first.text_content(timeout=TIMEOUT) or ""


def board(page: Page) -> Listener:
    return Listener(page, page.locator(".mk-table-board .mk-game-table"))


def walk_hand(seat: Seat, turns: int, size: int) -> None:
    """Tab to the cards and walk the hand with the arrow keys: the ``size`` cards the live region names."""
    page = seat.page
    ear = board(page)
    canvas = page.locator(".mk-table-board .mk-game-table canvas.mk-canvas")
    before = ear.count()
    tab_to(page, canvas)
    ear.wait("The arrow keys move between the cards")  # the focus came by the keyboard: it starts on the hand
    said = page.evaluate(
        "([el, n]) => [...el.children].map(line => line.textContent).slice(-(Number(el.dataset.count) - n))",
        [ear.region.element_handle(), before],
    )
    cards = [next(line for line in said if HAND_LINE.match(line))]
    while len(cards) < size:  # a few keys at a time (the region keeps its last five lines), then what they said
        keys = min(HEARD_AT_ONCE, size - len(cards))
        before = ear.count()
        for _key in range(keys):
            page.keyboard.press("ArrowRight")
        page.wait_for_function(
            "([el, n]) => Number(el.dataset.count || 0) >= n", arg=[ear.region.element_handle(), before + keys],
            timeout=TIMEOUT,
        )  # fmt: skip
        lines = page.evaluate("([el, n]) => [...el.children].slice(-n).map(line => line.textContent)",
                              [ear.region.element_handle(), keys])  # fmt: skip
        cards += [line for line in lines if HAND_LINE.match(line)][: size - len(cards)]
    seat.heard.append((turns, Counter(parse_card(HAND_LINE.match(line)[1]) for line in cards)))  # type: ignore[index]
    page.keyboard.press("Tab")  # leave the board as a learner would


def meld_in(hand: Counter[Card]) -> tuple[Card, ...] | None:
    """Three cards of ``hand`` that make a valid meld, in the order they lie in it (``None``: there is none)."""
    for three in itertools.combinations(sorted(hand.elements()), 3):
        meld = Meld(three).arranged(BGA)
        if check_meld(meld.cards, BGA).valid:
            return tuple(meld.cards)
    return None


def play_meld(seat: Seat, cards: tuple[Card, ...]) -> None:
    """Lay ``cards`` as a new meld on the empty table with the keyboard alone, then End turn."""
    page = seat.page
    ear = board(page)
    tab_to(page, page.locator(".mk-table-board .mk-game-table canvas.mk-canvas"))
    for index, card in enumerate(cards):
        ear.walk("ArrowRight", f"{card}, your hand")
        assert ear.press("Enter").startswith(f"You hold {card}")
        ear.walk("ArrowLeft", "A new meld" if index == 0 else "Meld 1, at the end")
        said = ear.press("Enter")
        assert said.startswith(f"Moved {card}"), said
    ear.wait("Every meld on the table is valid")
    page.keyboard.press("e")  # End turn, by its letter, on the focused cards


def seat_row(page: Page) -> str:
    return text(page, ".mk-table-board .mk-game-seats")


def hand_size(page: Page, name: str) -> int:
    found = re.search(rf"{name} \(you\) (\d+) cards", seat_row(page))
    assert found, seat_row(page)
    return int(found[1])


def mover(seats: list[Seat]) -> Seat:
    now = text(seats[0].page, ".mk-table-board .mk-seat-now")
    return next(seat for seat in seats if f"▶ {seat.name}" in now.replace(" (you)", ""))


def play(seats: list[Seat], contexts: list[BrowserContext], app: App) -> int:
    """Play the game to its end from the four pages; the number of melds laid."""
    turns, melds = 0, 0
    while True:
        # the seat row reads "Turn 9 · stock: … · 24 turns left ▶ …" while the game goes on, "32 turns · stock: …" at
        # its end: "turns left" never ends the loop
        for seat in seats:  # every page shows the turn just played, or the end
            wait_text(seat.page, ".mk-table-board .mk-game-seats", rf"Turn {turns + 1} |\d+ turns ·")
        if re.search(r"\d+ turns ·", seat_row(seats[0].page)):
            break
        moving = mover(seats)
        away = len(seats[2].heard) == 1 and turns >= AWAY_AT and moving.name != AWAY
        if away:  # Cleo's page closes; the game goes on without her for a turn
            seats[2].page.close()
            seats[2].page = contexts[2].new_page()
        ready = moving.page.locator(".mk-table-board .mk-game-draw:not([disabled])")
        ready.wait_for(timeout=TIMEOUT)
        cards = None if melds or turns >= len(seats) else meld_in(moving.heard[0][1])
        if cards is not None:  # the first round's first learner who holds a meld lays it
            play_meld(moving, cards)
            melds += 1
        else:
            ready.click()
        turns += 1
        if away:  # Cleo opens game.ipynb again: back at her seat, without typing her name, the game as it is
            cleo = seats[2].page
            open_game(cleo, app)
            wait_text(cleo, ".mk-table-board .mk-game-seats", rf"Turn {turns + 1} .*Cleo \(you\)")
            assert cleo.locator(".mk-lobby input[type=text]").is_hidden()
            wait_text(cleo, ".mk-table-board .mk-game-log", rf"turn {turns}, ")
            walk_hand(seats[2], turns, hand_size(cleo, AWAY))
    return melds


def what_pages_show(seats: list[Seat], artifacts: Path) -> str:
    """Each page's seat row, status line and log (for a failure's message), and a screenshot of each."""
    shown = []
    for seat in seats:
        try:
            seat.page.screenshot(path=artifacts / f"class-four-{seat.name}-stuck.png", full_page=True)
            parts = [seat.page.locator(f".mk-table-board {part}").first.text_content(timeout=5_000) or ""
                     for part in (".mk-game-seats", ".mk-game-status", ".mk-game-log")]  # fmt: skip
        except PlaywrightError as error:  # a page closed, or not at the table yet
            parts = [f"({error.message.splitlines()[0]})", "", ""]
        shown.append(f"{seat.name}: {parts[0]!r} / {parts[1]!r} / {parts[2][:300]!r}")
    return "\n".join(shown)


def test_four_learners_play_a_game_to_its_end(browser: Browser, app: App, artifacts: Path) -> None:
    contexts = [browser.new_context(viewport={"width": 1366, "height": 1000}) for _ in LEARNERS]
    try:
        seats = [Seat(name, context.new_page()) for name, context in zip(LEARNERS, contexts, strict=True)]
        for seat in seats:  # the four ask at once
            open_game(seat.page, app)
        for seat in seats:
            seat.page.locator(".mk-lobby input[type=text]").fill(seat.name, timeout=TIMEOUT)
            seat.page.locator(".mk-lobby-enter").click()
        for seat in seats:
            seat.page.locator(".mk-lobby-make").wait_for(state="visible", timeout=TIMEOUT)
        ada = seats[0].page
        ada.locator(".mk-lobby-seats select").select_option("4")
        ada.locator(".mk-lobby .widget-dropdown", has_text="Game length").locator("select").select_option(label=LENGTH)
        ada.locator(".mk-lobby-make").click()
        wait_text(ada, ".mk-table-board .mk-game-seats, .mk-table-board .mk-game-status", "Waiting for players")
        for seat in seats[1:]:  # each list asks again by itself, and shows Ada's table
            wait_text(seat.page, ".mk-lobby-table", "Ada")
            seat.page.locator(".mk-lobby-join").first.click()
        for seat in seats:
            wait_text(seat.page, ".mk-table-board .mk-game-seats",
                      rf"Turn 1 .*{LAST_TURN} turns left.*{seat.name} \(you\) 15 cards")  # fmt: skip
        tables = httpx.get(f"{app.class_server}/api/tables", timeout=30).json()["tables"]
        (table,) = [entry["id"] for entry in tables if entry["status"] == "playing"]

        for seat in seats:  # before anyone moves: each walks their own hand
            walk_hand(seat, 0, 15)

        try:
            melds = play(seats, contexts, app)
        except PlaywrightError as error:
            raise AssertionError(what_pages_show(seats, artifacts)) from error

        for seat in seats:  # the end: every page says how the game ended and offers its record
            seat.page.locator(".mk-table-board .mk-game-download a").wait_for(timeout=TIMEOUT)
            wait_text(seat.page, ".mk-table-board .mk-game-status", "the last round is over")
        seats[0].page.screenshot(path=artifacts / "class-four-ada.png", full_page=True)

        out = app.folder / "record.json"
        recorded = subprocess.run(
            [sys.executable, "-m", "machiavelli_kit", "table", "record", "--server", app.class_server,
             "--table", table, "--out", str(out)],
            capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        assert recorded.returncode == 0, recorded.stderr
        replayed = subprocess.run(
            [sys.executable, "-m", "machiavelli_kit", "game", "replay", str(out)],
            capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        assert replayed.returncode == 0, replayed.stdout + replayed.stderr
        game = loads(out.read_text(encoding="utf-8"))
        assert game.over and set(game.players) == set(LEARNERS)
        assert game.result is not None and game.result.reason == "turns" and len(game.turns) == LAST_TURN
        assert sum(1 for turn in game.turns if turn.action == "play") == melds
        record = json.loads(out.read_text(encoding="utf-8"))
        for seat in seats:
            index = game.players.index(seat.name)
            for played, heard in seat.heard:  # the cards a page named were that seat's hand, and only those
                then = from_record({**record, "turns": record["turns"][:played], "result": None})
                assert heard == Counter(then.hand(index)), f"{seat.name}'s page after {played} turns"
            log = seat.page.locator(".mk-table-board .mk-game-log div").all_text_contents()
            named = [found.groups() for line in log if (found := DRAWN.fullmatch(line))]
            for number, name, drawn in named:  # a drawn card is named only to the one who drew it
                assert name == seat.name, f"{seat.name}'s page names the card {name} drew"
                assert [str(card) for card in game.turns[int(number) - 1].drawn] == drawn.split(), number
            assert named, f"{seat.name}'s page named no card they drew"
            drew = [turn for turn in game.turns if turn.drawn and game.players[turn.player] == seat.name]
            assert len(named) == len(drew), f"{seat.name}'s log names {len(named)} of their {len(drew)} draws"
        assert len(seats[2].heard) == 2, "Cleo's page closed and opened again mid-game"
    finally:
        for context in contexts:
            context.close()
