"""The rules in words, the moves, the hints, the quiz's reasons, the pictures and the solver's messages
in Italian and Polish: real sentences for known cases, and lang= / the language in use reach them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli_kit.core.cards import Card, parse_cards
from machiavelli_kit.core.position import Position, Table
from machiavelli_kit.core.rules import PARAMETER_NAMES, PRESET_NAMES, Rules, preset
from machiavelli_kit.core.rules_words import preset_title, rules_text
from machiavelli_kit.core.svg import card_svg, position_svg
from machiavelli_kit.i18n import speaking
from machiavelli_kit.practice.examples import VALIDITY_EXAMPLES, example
from machiavelli_kit.practice.hints import hint_ladder
from machiavelli_kit.solver import SolverInputError, SolverTimeout, solve
from machiavelli_kit.solver.steps import meld_name, moves_between
from tests.test_properties import rules_overrides

CHAIN = Position.parse("7D 7H 7C | 8D 9D 10D | 10H 10C 10S | JH QH KH", "9H 7S")
CHAIN_ANSWER = Table.parse("9H 10H JH QH KH | 10D 10C 10S | 7S 7H 7C | 7D 8D 9D")


def test_the_rules_in_italian_use_the_games_words() -> None:
    assert rules_text(preset("bga"), lang="it") == "regole di Board Game Arena"
    text = rules_text(Rules.parse("classic(jokers=2, wrap=true, restore_penalty=2)"), lang="it")
    assert text == (
        "regole classiche, con queste varianti: 2 jolly, rimettere a posto il tavolo costa 2 carte, "
        "una scala può girare dal re al due passando per l'asso (K A 2)"
    )
    assert "tris" not in text and "scala" in text and "jolly" in text and "rimettere a posto" in text
    assert rules_text(Rules.parse("wikipedia(hand_size=6, helpers=4)"), lang="it") == (
        "regole di Wikipedia, con queste varianti: 6 carte a testa, 4 carte aiuto"
    )


def test_the_rules_in_polish_use_the_games_words() -> None:
    assert rules_text(preset("classic"), lang="pl") == "zasady klasyczne"
    text = rules_text(Rules.parse("bga(jokers=2, wrap=true, scoring=points)"), lang="pl")
    assert text == (
        "zasady Board Game Arena, ze zmianami: 2 jokery, punkty liczone przez kilka rozdań, "
        "sekwens może przejść od króla przez asa do dwójki (K A 2)"
    )
    assert "przywrócenie stołu kosztuje 3 karty" in rules_text(Rules.parse("classic(restore_penalty=3)"), lang="pl")
    assert preset_title("classic", lang="it") == "classiche" and preset_title("bga", lang="pl") == "Board Game Arena"


@settings(deadline=None)
@given(st.sampled_from(PRESET_NAMES), rules_overrides, st.sampled_from(["it", "pl"]))
def test_every_rule_is_said_in_italian_and_polish(name: str, overrides: dict[str, object], lang: str) -> None:
    rules = preset(name).replace(**overrides)
    text, english = rules_text(rules, lang=lang), rules_text(rules)
    for key, value in rules.overrides().items():
        one_change = preset(name).replace(**{key: value})
        assert rules_text(one_change, lang=lang) != rules_text(one_change), key
    assert text != english and "rules" not in text and "cards" not in text and "(s)" not in text, text
    assert not any(parameter in text for parameter in PARAMETER_NAMES if "_" in parameter) and "=" not in text, text
    assert text.count(",") >= len(rules.overrides()), "each change from the preset is said"


@pytest.mark.parametrize(
    ("count", "cards_each"),
    [(1, "1 karta na gracza"), (2, "2 karty na gracza"), (5, "5 kart na gracza"), (12, "12 kart na gracza"),
     (22, "22 karty na gracza"), (25, "25 kart na gracza")],
)  # fmt: skip
def test_polish_counts_take_their_three_forms(count: int, cards_each: str) -> None:
    text = rules_text(Rules.parse(f"bga(hand_size={count})"), lang="pl")
    assert text == f"zasady Board Game Arena, ze zmianami: {cards_each}"


@pytest.mark.parametrize(("count", "jokers"), [(1, "1 joker"), (2, "2 jokery"), (4, "4 jokery"), (5, "5 jokerów"),
                                               (14, "14 jokerów")])  # fmt: skip
def test_polish_jokers_are_counted_in_their_three_forms(count: int, jokers: str) -> None:
    assert (
        rules_text(Rules.parse(f"bga(jokers={count})"), lang="pl") == f"zasady Board Game Arena, ze zmianami: {jokers}"
    )
    assert rules_text(Rules.parse(f"bga(jokers={count})"), lang="it").endswith(f": {count} jolly")


def test_the_documents_chain_told_in_italian_and_polish() -> None:
    moves = moves_between(CHAIN, CHAIN_ANSWER)
    assert [move.said("it") for move in moves] == [
        "7♠ dalla mano va al tris di sette e libera 7♦",
        "7♦ va alla scala di quadri e libera 10♦",
        "10♦ va al tris di dieci e libera 10♥",
        "10♥ va alla scala di cuori",
        "9♥ dalla mano va alla scala di cuori",
    ]
    assert [move.said("pl") for move in moves] == [
        "7♠ z ręki dołącza do kompletu siódemek i uwalnia 7♦",
        "7♦ dołącza do sekwensu karo i uwalnia 10♦",
        "10♦ dołącza do kompletu dziesiątek i uwalnia 10♥",
        "10♥ dołącza do sekwensu kier",
        "9♥ z ręki dołącza do sekwensu kier",
    ]


def test_new_melds_and_cards_from_a_meld_in_italian_and_polish() -> None:
    moves = solve(Position.parse("4D 5D 6D 7D", "7H 7C")).moves
    assert [move.said("it") for move in moves] == [
        "7♦ esce dalla scala di quadri e apre un nuovo tris di sette",
        "7♥ dalla mano va al nuovo tris di sette",
        "7♣ dalla mano va al nuovo tris di sette",
    ]
    assert [move.said("pl") for move in moves] == [
        "7♦ wychodzi z sekwensu karo i zaczyna nowy komplet siódemek",
        "7♥ z ręki dołącza do nowego kompletu siódemek",
        "7♣ z ręki dołącza do nowego kompletu siódemek",
    ]
    first = solve(Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H 3H")).moves[0]
    assert first.said("it") == "5♥ passa dal tris di cinque alla scala di cuori"
    assert first.said("pl") == "5♥ przechodzi z kompletu piątek do sekwensu kier"
    started = solve(Position.parse("", "5H 6H 7H")).moves
    assert started[0].said("it") == "5♥ dalla mano apre una nuova scala di cuori"
    assert started[1].said("pl") == "6♥ z ręki dołącza do nowego sekwensu kier"


def test_a_move_is_said_in_the_language_in_use_when_it_is_read() -> None:
    move = moves_between(CHAIN, CHAIN_ANSWER)[-1]
    assert move.text == "9♥ from the hand joins the heart run"
    with speaking("pl"):
        assert move.text == "9♥ z ręki dołącza do sekwensu kier"
    with speaking("it"):
        assert move.text == "9♥ dalla mano va alla scala di cuori"
    assert move.text == "9♥ from the hand joins the heart run"


def test_a_moved_or_freed_joker_is_worded_in_each_language_and_in_the_case_polish_needs() -> None:
    rules = Rules(jokers=2)
    freed = solve(Position.parse("2D 3D JK | 5C 6C 7C | 4S 4H 4C", "AD 2C 3C KD"), rules).moves[0]
    assert freed.text == "A♦ from the hand joins the diamond run and frees the joker"
    assert freed.said("it") == "A♦ dalla mano va alla scala di quadri e libera il jolly"
    assert freed.said("pl") == "A♦ z ręki dołącza do sekwensu karo i uwalnia jokera"
    table = "10S JS QS JK | KH KD KS | JS JC JD JH | QD QH QC QS | JH JD JC"
    moved = solve(Position.parse(table, "2H QH QD"), rules).moves[0]
    # said first in English: the cards that tell the two sets of queens apart are worded when read
    assert moved.text == "the joker from the spade run starts a new set of queens (Q♥ Q♦ joker)"
    assert moved.said("it") == "il jolly esce dalla scala di picche e apre un nuovo tris di donne (Q♥ Q♦ jolly)"
    assert moved.said("pl") == "joker wychodzi z sekwensu pik i zaczyna nowy komplet dam (Q♥ Q♦ joker)"


def test_the_hint_ladder_in_italian_and_polish() -> None:
    position = Position.parse("4C 5C 6C", "3C 7C 8C")
    italian = hint_ladder(position, lang="it")
    assert italian.rungs[0] == "Puoi giocare 3 carte: tutta la tua mano."
    assert italian.rung(4) == "Prima mossa: 3♣ dalla mano va alla scala di fiori."
    assert italian.rung(6) == "La soluzione: 3♣ 4♣ 5♣ 6♣ 7♣ 8♣."
    english = hint_ladder(position)
    assert english.rung(1) == "You can play 3 cards: your whole hand."
    assert english.rung(2, lang="pl") == "Zagraj te karty z ręki: 3♣ 7♣ 8♣."
    with speaking("pl"):
        assert english.rung(3) == "Nie musisz rozbierać żadnego układu na stole."
        assert english.rungs[4].startswith("Cały łańcuch: 3♣ z ręki dołącza do sekwensu trefl; ")
    with pytest.raises(ValueError, match="il livello del suggerimento deve essere tra 1 e 6, non 7"):
        italian.rung(7)


def test_polish_hints_count_two_and_five_cards() -> None:
    two = hint_ladder(Position.parse("4C 5C 6C", "3C 7C KD"), lang="pl")
    assert two.rung(1) == "Możesz zagrać 2 karty."
    five = hint_ladder(Position.parse("4C 5C 6C", "2C 3C 7C 8C 9C"), lang="pl")
    assert five.rung(1) == "Możesz zagrać 5 kart: wszystkie karty z ręki."
    one = hint_ladder(Position.parse("4C 5C 6C", "7C"), lang="pl")
    assert one.rung(1) == "Możesz zagrać 1 kartę: jedyną, jaką masz w ręce."
    assert one.rung(2) == "Zagraj tę kartę z ręki: 7♣."


def test_no_play_hints_in_italian_and_polish() -> None:
    ladder = hint_ladder(Position.parse("4C 5C 6C", "KD"))
    assert ladder.rung(2, lang="it") == (
        "Prova la tua unica carta, K♦: a quale combinazione potrebbe aggiungersi, "
        "o quale nuova combinazione potrebbe iniziare?"
    )
    assert ladder.rung(6, lang="pl") == (
        "Brak zagrania: żadnej karty z ręki nie da się tu zagrać, więc dobierasz 1 kartę. "
        "(Jeśli karty zostały już przesunięte, przywróć stół i dobierz 3 karty za karę.)"
    )
    assert ladder.rung(6, lang="it").endswith("rimetti a posto il tavolo e pesca 3 carte di penalità.)")


def test_the_quiz_reasons_and_the_examples_error_in_other_languages() -> None:
    assert VALIDITY_EXAMPLES[0].reason == "three fives of different suits: a set"
    assert VALIDITY_EXAMPLES[0].said_reason("it") == "tre cinque di semi diversi: un tris"
    assert VALIDITY_EXAMPLES[5].said_reason("pl") == "trzy kiery po kolei: sekwens"
    with speaking("pl"), pytest.raises(KeyError, match="nie ma przykładu 'nope': wybierz spośród bga-7"):
        example("nope")


def test_the_pictures_label_the_table_and_hand_in_the_language() -> None:
    position = Position.parse("5S 5H 5D", "7C")
    english = position_svg(position)
    assert ">Table</text>" in english and ">Hand</text>" in english
    italian = position_svg(position, lang="it")
    assert ">Tavolo</text>" in italian and ">Mano</text>" in italian
    with speaking("pl"):
        polish = position_svg(Position.parse("", ""))
    assert ">Stół</text>" in polish and ">Ręka</text>" in polish and ">(brak kart)</text>" in polish
    joker = Card.parse("JK")
    assert ">JOKER</text>" in card_svg(joker) and ">JOLLY</text>" in card_svg(joker, lang="it")
    seven = Card.parse("7H")
    assert "<title>seven of hearts</title>" in card_svg(seven)
    assert "<title>sette di cuori</title>" in card_svg(seven, lang="it")
    assert "<title>siódemka kier</title>" in card_svg(seven, lang="pl")


def test_the_solvers_messages_in_italian_and_polish() -> None:
    with speaking("it"), pytest.raises(SolverInputError, match="la carta obiettivo 8H non è nella mano"):
        solve(Position.parse("5S 5H 5D", "7C"), goal="play:8H")
    with speaking("pl"), pytest.raises(SolverInputError, match="limit czasu musi być dodatnią liczbą sekund"):
        solve(Position.parse("5S 5H 5D", "7C"), time_limit=0)
    with speaking("pl"):
        assert str(SolverTimeout(2.5)) == "poddał się po 2.5 s, bo nie zdążył udowodnić, które zagranie jest najlepsze"
    best = solve(Position.parse("4D 5D 6D 7D 8D 9D | 4S 5S 6S 7S 8S 9S", "7H 7C 4H 4C"))
    with speaking("pl"):
        assert str(best).startswith("zagraj 2 karty (")
    with speaking("it"):
        assert str(best).startswith("gioca 2 carte (")
        assert str(solve(Position.parse("4C 5C 6C", "KD"))) == (
            "nessuna giocata raggiunge l'obiettivo: rimetti a posto il tavolo"
        )


def test_a_meld_named_on_its_own_in_italian_and_polish() -> None:
    run, sevens = meld_name(parse_cards("5H 6H 7H")), meld_name(parse_cards("7S 7H 7C"))
    with speaking("it"):
        assert (run.said(), sevens.said(), sevens.said("from")) == (
            "la scala di cuori",
            "il tris di sette",
            "dal tris di sette",
        )
    with speaking("pl"):
        assert (run.said(), sevens.said(), run.said("joins")) == (
            "sekwens kier",
            "komplet siódemek",
            "do sekwensu kier",
        )
