"""A game in Italian and Polish, headless: the flow's sentences (a computer turn, the restore warning,
the end of a deal with its points), Polish plurals, the game board's labels, the log and the
commands, each in the language asked for, whatever the session speaks."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from machiavelli_kit.cli import main
from machiavelli_kit.core.cards import count_cards, parse_cards
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import BGA
from machiavelli_kit.game.deal import arranged_deal
from machiavelli_kit.game.flow import GameFlow, Seat
from machiavelli_kit.game.learner_review import LearnerReview, ReviewedTurn
from machiavelli_kit.game.narrator import board_ending, board_turn, restore_warning
from machiavelli_kit.game.review import TurnReview, review
from machiavelli_kit.game.session import Game
from machiavelli_kit.game.state import Result, Turn
from machiavelli_kit.game.tournament import run_tournament
from machiavelli_kit.i18n import speaking
from machiavelli_kit.ui.game_board import GameBoard
from machiavelli_kit.ui.game_ending import ending_html, review_html

SEED = 7
"""Seed 7 deals the first seat 6♠ 6♥ 6♣ (a set to lay) and lets it start against Greedy."""


def flow_in(lang: str, name: str = "Ann") -> GameFlow:
    return GameFlow.new([Seat(name), Seat("Greedy", computer="greedy")], "bga", seed=SEED, lang=lang)


def lay_set(flow: GameFlow) -> None:
    session = flow.session
    assert session is not None
    for index, card in enumerate(parse_cards("6S 6H 6C")):
        session.move(card, "hand", "new" if index == 0 else len(session.state.melds) - 1)


def test_a_turn_and_a_computer_turn_in_italian() -> None:
    flow = flow_in("it")
    assert flow.situation().startswith("Tocca a te, Ann: trascina le carte dalla mano sul tavolo")
    lay_set(flow)
    assert flow.end_turn().text == "Hai giocato 3 carte (6♠ 6♥ 6♣); in mano: 12."
    assert flow.last_turn_line() == "Ann ha giocato 3 carte (6♠ 6♥ 6♣). A Ann restano 12 carte."
    assert flow.situation() == "Gioca Greedy."
    assert flow.computer_turn().text == "Greedy ha pescato una carta e ora ha 16 carte."
    assert flow.turn_info() == "Turno 3 · mazzo: 73 carte"


def test_a_computer_turn_in_polish_with_the_many_form() -> None:
    flow = flow_in("pl")
    lay_set(flow)
    assert flow.end_turn().text == "Zagrywasz 3 karty (6♠ 6♥ 6♣); w ręce: 12."
    assert flow.computer_turn().text == "Greedy dobiera kartę i ma teraz 16 kart."
    assert flow.turn_info() == "Tura 3 · talia: 73 karty"


def test_polish_counts_two_and_five_cards_in_their_own_forms() -> None:
    drew = Turn(4, 1, "draw", Table(), (), parse_cards("KS"))
    with speaking("pl"):
        assert [count_cards(count) for count in (1, 2, 5, 12, 22)] == [
            "1 karta",
            "2 karty",
            "5 kart",
            "12 kart",
            "22 karty",
        ]
        assert board_turn("Greedy", drew, (), cards_left=2) == "Greedy dobiera kartę i ma teraz 2 karty."
        assert board_turn("Greedy", drew, (), cards_left=5) == "Greedy dobiera kartę i ma teraz 5 kart."
    five = BGA.replace(restore_penalty=5)
    assert restore_warning(BGA, lang="pl").startswith(
        "Przycisk Przywróć stół odkłada każdą kartę tam, gdzie była, i kończy twoją turę, "
        "a ty dobierasz 3 karty za karę."
    )
    assert "a ty dobierasz 5 kart za karę." in restore_warning(five, lang="pl")
    assert "il tuo turno finisce: peschi 5 carte di penalità." in restore_warning(five, lang="it")


def test_the_restore_warning_comes_first_in_the_flows_language() -> None:
    flow = flow_in("it")
    with speaking("pl"):  # the session speaks another language: the flow keeps its own
        warning = flow.restore()
    assert warning.warning and not warning.ended and not flow.game.turns
    assert warning.text == (
        "Il pulsante Rimetti a posto riporta ogni carta dov'era e il tuo turno finisce: peschi 3 carte di penalità. "
        "Premi di nuovo Rimetti a posto per farlo, oppure continua a giocare."
    )
    done = flow.restore()
    assert done.ended and done.text.startswith("Il tavolo è tornato com'era; hai pescato 3 carte (")


def test_the_end_of_a_deal_with_points_in_polish() -> None:
    rules = BGA.replace(scoring="points")
    deal = arranged_deal(rules, [parse_cards("6S 6H 6C"), parse_cards("KS KD 2H")], seed=3)
    flow = GameFlow(
        [Seat("Ann"), Seat("Greedy", computer="greedy")], Game(rules, ["Ann", "Greedy"], deal, dealer=1), lang="pl"
    )
    lay_set(flow)
    assert flow.end_turn().text == "Zagrywasz 6♠ 6♥ 6♣. Ann wykłada wszystkie karty i wygrywa grę!"
    end = flow.deal_end()
    assert end is not None and end.points == (0, 22)
    table = ending_html(end, flow.names, lang="pl")
    assert "<th" in table and "punkty w rozdaniu 1" in table and "zostało kart" in table and ">brak<" in table
    assert flow.game.log(lang="pl")[-1] == "Ann zamyka grę i wygrywa; punkty za karty w ręce: Ann 0, Greedy 22"


def test_who_wins_when_the_stock_runs_out_in_italian_and_polish() -> None:
    result = Result(1, "stock_out", (parse_cards("2S 3S 4S"), parse_cards("KS 2H")), (9, 12))
    assert board_ending(result, ("Ann", "Bob"), lang="it") == (
        "Il mazzo è finito, quindi vince chi ha meno carte. Vince Bob con 2 carte."
    )
    assert board_ending(result, ("Ann", "Bob"), lang="pl") == (
        "Talia się skończyła, więc wygrywa ten, kto ma najmniej kart. Wygrywa Bob z 2 kartami."
    )
    draw = Result(None, "blocked", (parse_cards("2S"), parse_cards("3S")), None)
    assert board_ending(draw, ("Ann", "Bob"), lang="pl").endswith("Remis: Ann i Bob mają po 1 karcie.")


def test_a_polish_board_shows_polish_buttons_and_keeps_its_language() -> None:
    with speaking("it"):  # the board's own lang= wins over the language in use
        board = GameBoard(seed=SEED, lang="pl")
    assert {label: button.description for label, button in board.buttons.items()} == {
        "Draw": "Dobierz",
        "End turn": "Koniec tury",
        "Restore": "Przywróć stół",
        "Hint": "Podpowiedź",
    }
    assert board.new_game.description == "Nowa gra" and board.next_deal.description == "Następne rozdanie"
    assert board.buttons["Draw"].tooltip.endswith("(klawisz D)")
    assert board.how_to.get_title(0) == "Jak grać"
    keys = "Klawisze (z kursorem nad kartami albo po przejściu do nich klawiszem Tab): D dobierz, E koniec tury"
    assert f'<p class="mk-game-keys">{keys}' in board.how_to.children[0].value
    assert (
        board.setup.preset.description == "Zasady" and board.setup.start_button.tooltip == "rozdaj karty i zacznij grę"
    )
    board.setup.choose(["person", "greedy"])
    board.setup.start_button.click()  # clicked while the session speaks English
    assert board.errors == [] and board.flow is not None and board.flow.names == ("Ty", "Greedy")
    assert board.status.value.startswith("Twoja tura: przeciągnij karty z ręki na stół")
    assert board.position is not None and board.position.buttons["Undo"].description == "Cofnij"
    assert board.position.buttons["Undo"].tooltip.endswith("(klawisz U albo Ctrl+Z)")
    board.buttons["Draw"].click()
    assert board.lines[1] == "Dobierasz kartę i masz teraz 16 kart."
    assert board.lines[2].startswith("Greedy ")
    assert board.lines[2].endswith(("kart.", "karty.", "kartę."))


def test_computer_turns_in_a_worker_thread_speak_the_boards_language() -> None:
    async def game() -> list[str]:
        board = GameBoard(seed=SEED, lang="it")
        board.setup.choose(["person", "greedy"])
        board.speed.value = 0.0
        board.setup.start_button.click()
        board.buttons["Draw"].click()  # Greedy thinks in a worker thread, then its turn is told
        assert board.task is not None
        await board.task
        return board.lines

    lines = asyncio.run(game())
    assert lines[1].startswith("Hai pescato una carta e ora hai 16 carte.")
    assert lines[2].startswith("Greedy ha ") and "carte" in lines[2]


def test_the_review_and_the_commands_speak_polish(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert (
        main(["--lang", "pl", "game", "play", "--players", "greedy,beginner", "--seed", "5", "--out", str(path)]) == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "bga, seed 5: greedy, beginner" and out[1].startswith("tura 1, ")
    assert out[-1] == f"zapis gry jest w pliku {path}"
    assert main(["--lang", "it", "game", "replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert (
        out[1].startswith("turno 1, ") and out[-1].startswith("registrazione valida: ") and out[-1].endswith(", finita")
    )
    with speaking("pl"):
        text = review(path.read_text(encoding="utf-8"), seconds=5).text()
    assert "Tura 12, beginner: dobiera kartę, choć można było zagrać 2 karty (2♣ 3♣)." in text.splitlines()
    assert text.splitlines()[-2].startswith("greedy: trafność ")


def test_the_learners_own_turns_are_reviewed_in_the_second_person() -> None:
    before = Position(Table(), parse_cards("2C 3C 4C KD"))
    drew = TurnReview(Turn(12, 0, "draw", Table(), (), parse_cards("KS")), "Ty", 0, parse_cards("2C 3C 4C"), False)
    bob = TurnReview(Turn(13, 1, "draw", Table(), (), parse_cards("KH")), "Bob", 0, parse_cards("5S 6S 7S"), False)
    assert drew.text == "Turn 12: you drew, but you could have played 3 cards (2♣ 3♣ 4♣)."
    with speaking("pl"):
        assert drew.text == "Tura 12: dobierasz kartę, a można było zagrać 3 karty (2♣ 3♣ 4♣)."
        assert bob.text == "Tura 13, Bob: dobiera kartę, choć można było zagrać 3 karty (5♠ 6♠ 7♠)."
    with speaking("it"):
        assert bob.text == "Turno 13, Bob ha pescato, ma poteva giocare 3 carte (5♠ 6♠ 7♠)."
    page = review_html(LearnerReview((ReviewedTurn(1, before, drew),)), lang="it")
    assert "Hai fatto la giocata migliore in 0 su 1 turno (0%)." in page
    assert "Smazzata 1. Turno 12: hai pescato, ma potevi giocare 3 carte (2♣ 3♣ 4♣)." in page
    assert "Le tue carte prima del turno" not in page  # no best table given: nothing drawn beside


def test_the_tournament_table_in_polish_keeps_its_columns_straight() -> None:
    table = run_tournament(["greedy", "beginner"], games=2, rules="bga", seed=5)
    lines = table.text(lang="pl").splitlines()
    header = ["gracz", "gry", "wygrane", "wygrane", "%", "przedział", "(95%)", "zostało", "kart", "punkty", "s/ruch"]
    assert lines[0].split() == header
    assert lines[-1].startswith("2 gry według bga, ") and lines[-1].endswith("; zamknięte 2")
    ends = {len(line) for line in lines[:-1]}
    assert len(ends) == 1  # every row as long as the header: each column as wide as its longest word
    assert table.as_json()["players"][0]["win_rate"] == 1.0 and "closed" in table.as_json()["endings"]
