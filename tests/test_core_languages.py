"""The core in Italian and Polish: card names, counts, Italian suit letters, and the validator's sentences.

Each language is asked for in every way a caller has: ``lang=`` on a function,
``with speaking(lang):`` around a block, and :func:`set_language` for the session.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from machiavelli_kit.core.cards import (
    JOKER,
    Card,
    NotationError,
    Suit,
    count_cards,
    format_cards,
    parse_card,
    parse_cards,
    parse_table,
    quote,
)
from machiavelli_kit.core.goal import Goal, GoalError
from machiavelli_kit.core.melds import Meld, ProblemKind, check_meld, suggest
from machiavelli_kit.core.position import Position, Table, check_table, check_turn
from machiavelli_kit.core.rules import BGA, Rules, RulesError
from machiavelli_kit.core.validator_words import COUNTED, TEXTS, say
from machiavelli_kit.i18n import set_language, speaking
from machiavelli_kit.practice.session import PlayError, PlaySession


@pytest.fixture
def session_language() -> Iterator[None]:
    """Leave the session's language as it was (the environment's) after a test that sets it."""
    yield
    set_language(None)


def explain(meld: str, lang: str, rules: Rules | str = BGA) -> str:
    return check_meld(parse_cards(meld), rules, lang=lang).explain()


# Cards in words and counts.


@pytest.mark.parametrize(
    ("code", "en", "it", "pl"),
    [
        ("10H", "ten of hearts", "dieci di cuori", "dziesiątka kier"),
        ("7S", "seven of spades", "sette di picche", "siódemka pik"),
        ("AD", "ace of diamonds", "asso di quadri", "as karo"),
        ("JC", "jack of clubs", "fante di fiori", "walet trefl"),
        ("QH", "queen of hearts", "donna di cuori", "dama kier"),
        ("KS", "king of spades", "re di picche", "król pik"),
        ("8D", "eight of diamonds", "otto di quadri", "ósemka karo"),
        ("JK", "joker", "jolly", "joker"),
    ],
)
def test_a_card_is_named_in_the_language_in_use(code: str, en: str, it: str, pl: str) -> None:
    card = Card.parse(code)
    assert card.name == en
    for lang, name in (("it", it), ("pl", pl)):
        with speaking(lang):
            assert card.name == name


def test_every_card_has_a_name_of_its_own_in_each_language() -> None:
    cards = [Card(rank, suit) for rank in range(1, 14) for suit in Suit]
    for lang in ("en", "it", "pl"):
        with speaking(lang):
            assert len({card.name for card in cards} | {JOKER.name}) == 53


def test_cards_are_counted_in_three_polish_forms_and_two_italian_ones() -> None:
    with speaking("pl"):
        assert [count_cards(n) for n in (1, 2, 4, 5, 12, 21, 22, 25)] == [
            "1 karta", "2 karty", "4 karty", "5 kart", "12 kart", "21 kart", "22 karty", "25 kart"
        ]  # fmt: skip
    with speaking("it"):
        assert [count_cards(n) for n in (1, 2, 5)] == ["1 carta", "2 carte", "5 carte"]
    assert [count_cards(n) for n in (1, 2)] == ["1 card", "2 cards"]


def test_a_long_input_is_cut_short_with_its_length_counted_in_polish() -> None:
    with speaking("pl"):
        assert quote("10H" * 100_000) == "'10H10H10H10H10H10H10'... (300,000 znaków)"
        assert quote("x" * 22) == "'xxxxxxxxxxxxxxxxxxxx'... (22 znaki)"


# Italian suit letters.


def test_italian_suit_letters_are_read_in_italian_and_written_back_in_the_notation() -> None:
    cards = parse_cards("7P 10Q QF KQ 7C 5H QS", lang="it")
    assert format_cards(cards) == "7S 10D QC KD 7C 5H QS"
    assert parse_card("qq", lang="it") == Card(12, Suit.DIAMONDS)
    with speaking("it"):
        assert parse_card("AP") == Card(1, Suit.SPADES)
        assert Position.parse("5P 5H 5Q", "4F") == Position.parse("5S 5H 5D", "4C")
    assert parse_table("5P 5H 5Q | 6F 7F 8F", lang="it") == parse_table("5S 5H 5D | 6C 7C 8C")
    assert Table.parse("5P 5H 5Q", lang="it") == Table.parse("5S 5H 5D")


def test_the_session_language_reaches_the_italian_suit_letters(session_language: None) -> None:
    set_language("it")
    assert Meld.parse("3F 4F 5F").check().kind == "run"
    assert Goal.parse("play:7P") == Goal.parse("play:7S")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_italian_suit_letters_are_errors_in_the_other_languages(lang: str) -> None:
    for text in ("7P", "10Q", "QF"):
        with pytest.raises(NotationError):
            parse_card(text, lang=lang)


def test_a_bad_card_is_named_in_the_language_in_use_and_in_italian_with_its_suit_letters() -> None:
    with pytest.raises(NotationError, match=r"^'11H' is not a card: ranks are A, 2-10, J, Q, K$"):
        parse_card("11H")
    with pytest.raises(NotationError, match=r"^'7P' is not a card: suits are S, H, D, C \(or ♠ ♥ ♦ ♣\)$"):
        parse_card("7P")
    with pytest.raises(NotationError) as italian:
        parse_card("7X", lang="it")
    assert str(italian.value) == (
        "'7X' non è una carta: i semi sono P o S (picche), H (cuori), Q o D (quadri), F o C (fiori), oppure ♠ ♥ ♦ ♣"
    )
    with pytest.raises(NotationError) as italian_rank:
        parse_card("11P", lang="it")
    assert str(italian_rank.value) == "'11P' non è una carta: i valori sono A, 2-10, J, Q, K"
    with speaking("pl"), pytest.raises(NotationError) as polish:
        parse_cards("5H 5X")
    assert str(polish.value) == "'5X' to nie karta: kolory to S, H, D, C (albo ♠ ♥ ♦ ♣)"
    with pytest.raises(NotationError) as empty:
        parse_table("5H 6H 7H | | 8S", lang="pl")
    assert str(empty.value) == "układ 2 na stole jest pusty: usuń zbędny znak '|'"


# Wrong melds, in Italian and Polish.

KNOWN_MELDS = [
    (
        "7H 7S 7H",
        "7♥ 7♠ 7♥: 7♥ c'è 2 volte, ma in un tris ogni carta deve avere un seme diverso; "
        "metti 7♦ o 7♣ al posto di 7♥ per fare un tris",
        "7♥ 7♠ 7♥: 7♥ jest tu 2 razy, a w komplecie każda karta musi mieć inny kolor; "
        "połóż 7♦ albo 7♣ zamiast 7♥, a powstanie komplet",
    ),
    (
        "5H 6H 8H",
        "5♥ 6♥ 8♥: una scala ha bisogno di carte in fila, e tra 6♥ e 8♥ manca 7♥; aggiungi 7♥ e 5♥ 6♥ 7♥ 8♥ diventa "
        "una scala",
        "5♥ 6♥ 8♥: sekwens musi mieć karty po kolei, a między 6♥ a 8♥ brakuje 7♥; dołóż 7♥, a 5♥ 6♥ 7♥ 8♥ będzie "
        "sekwensem",
    ),
    (
        "5H 6H",
        "5♥ 6♥: una combinazione ha bisogno di almeno 3 carte, e questa ne ha solo 2; aggiungi 4♥ o 7♥ per fare una "
        "scala",
        "5♥ 6♥: układ musi mieć co najmniej 3 karty, a ten ma tylko 2; dołóż 4♥ albo 7♥, a powstanie sekwens",
    ),
    (
        "5H 6S 7H",
        "5♥ 6♠ 7♥: le carte di una scala sono tutte dello stesso seme, ma questa mescola cuori e picche; "
        "metti 6♥ al posto di 6♠ e 5♥ 6♥ 7♥ diventa una scala",
        "5♥ 6♠ 7♥: wszystkie karty sekwensu mają ten sam kolor, a w tym są karty w kolorach kier i pik; "
        "połóż 6♥ zamiast 6♠, a 5♥ 6♥ 7♥ będzie sekwensem",
    ),
    (
        "5H 5S 6H 7D",
        "5♥ 5♠ 6♥ 7♦: le carte di un tris hanno tutte lo stesso valore, ma questa combinazione mescola cinque, sei "
        "e sette",
        "5♥ 5♠ 6♥ 7♦: wszystkie karty kompletu mają tę samą wartość, a w tym są pomieszane piątki, szóstki i siódemki",
    ),
    (
        "KH AH 2H",
        "K♥ A♥ 2♥: con queste regole l'asso non può stare tra un re e un due: va prima del due (A 2 3) o dopo il re "
        "(Q K A)",
        "K♥ A♥ 2♥: według tych zasad as nie może leżeć między królem a dwójką: idzie przed dwójką (A 2 3) albo po "
        "królu (Q K A)",
    ),
]


@pytest.mark.parametrize(("meld", "it", "pl"), KNOWN_MELDS, ids=[meld for meld, _, _ in KNOWN_MELDS])
def test_known_wrong_melds_are_explained_in_italian_and_polish(meld: str, it: str, pl: str) -> None:
    assert explain(meld, "it") == it
    assert explain(meld, "pl") == pl


def test_valid_melds_are_called_a_tris_or_a_scala_and_a_komplet_or_a_sekwens() -> None:
    rules = Rules(jokers=2)
    assert explain("5H 5S 5D", "it") == "5♥ 5♠ 5♦: un tris valido"
    assert explain("5H 6H 7H", "it") == "5♥ 6♥ 7♥: una scala valida"
    assert explain("5H 5S 5D", "pl") == "5♥ 5♠ 5♦: poprawny komplet"
    assert explain("5H JK 7H", "pl", rules) == "5♥ JK 7♥: poprawny sekwens (joker zastępuje 6♥)"
    assert explain("5H JK JK", "it", rules) == "5♥ JK JK: un tris valido (i jolly valgono 5♠ e 5♦)"


def test_jokers_and_missing_cards_are_counted_in_polish_forms() -> None:
    rules = Rules(jokers=2)
    assert explain("3H 4H JK JK 8H", "pl", rules).startswith(
        "3♥ 4♥ JK JK 8♥: sekwens musi mieć karty po kolei: brakuje 3 kart (5♥ 6♥ 7♥), a jokerów, które mogą je "
        "zastąpić, jest tylko 2"
    )
    table = check_table("5H 6H 7H | JK JK JK", rules, lang="pl")
    assert table.explain() == (
        "stół nie jest poprawny:\n- układ 2, JK JK JK: tu jest o jednego jokera za dużo: w tej grze są w sumie "
        "tylko 2 jokery"
    )
    five_jokers = Position.parse("JK JK JK JK JK", "").problems(Rules(jokers=1), lang="pl")
    assert [problem.message for problem in five_jokers] == ["tu jest 5 jokerów, a w tej grze jest tylko jeden"]


@pytest.mark.parametrize(
    ("hand", "played", "pl"),
    [
        ("4H 9H", "4H", "tura jest poprawna: zagrana 1 karta (4♥)"),
        ("4H 9H", "4H 9H", "tura jest poprawna: zagrane 2 karty (4♥ 9♥)"),
        ("2H 3H 4H 9H 10H", "2H 3H 4H 9H 10H", "tura jest poprawna: zagranych 5 kart (2♥ 3♥ 4♥ 9♥ 10♥)"),
    ],
)
def test_a_valid_turn_counts_its_cards_in_polish(hand: str, played: str, pl: str) -> None:
    start = Position.parse("5H 6H 7H 8H", hand)
    cards = parse_cards(played)
    end = Position(Table.of([sorted((*start.table.melds[0].cards, *cards))]), tuple(set(start.hand) - set(cards)))
    assert check_turn(start, end, lang="pl").explain() == pl


def test_a_wrong_turn_is_explained_in_italian() -> None:
    start = Position.parse("5S 5H 5D 5C | 6H 7H 8H", "4H")
    verdict = check_turn(start, Position.parse("5S 5D 5C | 4H 6H 7H", ""), lang="it")
    assert verdict.explain() == (
        "il turno non è valido:\n"
        "- 5♥ 8♥ erano sul tavolo all'inizio del turno e devono restarci: rimettile nelle combinazioni\n"
        "- combinazione 2, 4♥ 6♥ 7♥: una scala ha bisogno di carte in fila, e tra 4♥ e 6♥ manca 5♥; "
        "aggiungi 5♥ e 4♥ 5♥ 6♥ 7♥ diventa una scala"
    )


# Every way of asking for a language reaches the texts.


def test_speaking_and_the_session_language_reach_the_validator(session_language: None) -> None:
    with speaking("it"):
        assert check_meld(parse_cards("5H 6H")).explain().startswith("5♥ 6♥: una combinazione ha bisogno")
        assert check_table("5H 6H 7H").explain() == "il tavolo è valido"
    set_language("pl")
    assert Meld.parse("5H 6H").check().explain().startswith("5♥ 6♥: układ musi mieć co najmniej 3 karty")
    assert Table.parse("5H 6H 7H").check().explain() == "stół jest poprawny"
    assert suggest(parse_cards("5H 6H"), BGA, (ProblemKind.TOO_SHORT,)) == "dołóż 4♥ albo 7♥, a powstanie sekwens"
    assert check_meld(parse_cards("5H 6H"), lang="en").explain().startswith("5♥ 6♥: a meld needs at least three")


def test_a_verdict_keeps_the_language_it_was_checked_in() -> None:
    verdict = check_meld(parse_cards("5H 6H 8H"), lang="pl")
    with speaking("it"):
        assert verdict.explain().startswith("5♥ 6♥ 8♥: sekwens musi mieć")
        assert verdict.suggestion == "dołóż 7♥, a 5♥ 6♥ 7♥ 8♥ będzie sekwensem"
    assert check_table("5H 6H", lang="it").explain().startswith("il tavolo non è valido:\n- combinazione 1, 5♥ 6♥:")


def test_the_play_session_speaks_its_language_or_the_one_in_use() -> None:
    position = Position.parse("4C 5C 6C", "3C 7C 8C")
    session = PlaySession(position, lang="pl")
    for card in parse_cards("3C 7C 8C"):
        session.move(card, "hand", 0)
    assert session.check().text == "Poprawnie: udało ci się zagrać 3 karty (3♣ 7♣ 8♣), czyli całą rękę."
    with pytest.raises(PlayError, match="nie ma układu 3: na stole jest 1 układ"):
        session.move(Card.parse("4C"), 2, "hand")
    english = PlaySession(position)
    english.move(Card.parse("7C"), "hand", 0)
    with speaking("it"):
        assert english.check().text == "Valido: hai giocato 1 carta (7♣); qui se ne possono giocare 3."
        with pytest.raises(PlayError, match="la zona di lavoro è per le carte del tavolo"):
            english.move(Card.parse("8C"), "hand", "work")


def test_rules_and_goal_errors_are_said_in_the_language_in_use_with_the_file_keys_as_they_are() -> None:
    with speaking("it"), pytest.raises(RulesError) as italian:
        Rules.parse("bga(wrap=maybe)")
    assert str(italian.value) == "wrap deve essere true, false o unlimited, non 'maybe'"
    with speaking("pl"), pytest.raises(RulesError) as polish:
        Rules.parse("bga(decks=99)")
    assert str(polish.value) == "decks musi być od 1 do 8, a nie 99"
    with speaking("pl"), pytest.raises(RulesError) as unknown:
        Rules.parse("bga(wild=true)")
    assert str(unknown.value).startswith("nieznany parametr zasad 'wild': parametry to decks, jokers,")
    with speaking("it"), pytest.raises(GoalError) as goal:
        Goal.parse("win")
    assert str(goal.value) == (
        "'win' non è un obiettivo: gli obiettivi sono max, close, decide, oppure play:<carta> come play:7S"
    )


@pytest.mark.parametrize("lang", ["it", "pl"])
def test_every_validator_sentence_is_translated(lang: str) -> None:
    values = {name: "X" for name in ("card", "cards", "meld", "old", "other", "below", "above", "ranks", "suits")}
    values |= {"count": "2", "least": "3", "most": "4", "jokers": "2", "decks": "2", "excess": "1"}
    for key in TEXTS:
        with speaking(lang):
            said = say(key, **values)
        assert said != say(key, **values), key
    for key in COUNTED:
        for n in (1, 2, 5):
            with speaking(lang):
                said = say(key, n, **values)
            assert said != say(key, n, **values), (key, n)


def test_hints_and_ending_the_turn_without_playing_speak_the_session_language() -> None:
    hinted = PlaySession(Position.parse("4C 5C 6C", "3C 7C 9H"), lang="pl")
    assert hinted.hint().startswith("Podpowiedź 1 z ")
    assert hinted.no_play().text == "Niezupełnie: tutaj da się coś zagrać. Przyjrzyj się jeszcze raz."
    untouched = PlaySession(Position.parse("4C 5C 6C", "9H"), lang="it")
    assert untouched.no_play().text == (
        "Nessuna giocata: nessuna carta della tua mano si può giocare qui, quindi peschi 1 carta e il tuo turno "
        "finisce."
    )
    moved = PlaySession(Position.parse("4C 5C 6C", "9H"), lang="pl")
    moved.move(Card.parse("6C"), 0, "work")
    assert moved.check().text.startswith("Jeszcze niepoprawnie: w strefie roboczej wciąż jest 6♣: połóż ją na stole; ")
    assert moved.no_play().text.endswith("a ty dobierasz 3 karty jako karę za przywrócenie stołu.")


def test_a_copy_the_decks_do_not_hold_is_named_in_italian_and_polish() -> None:
    table = "7H 8H 9H | 7H 7S 7D | 7H 7C 7D"
    assert check_table(table, lang="it").explain() == (
        "il tavolo non è valido:\n- combinazione 3, 7♥ 7♣ 7♦: questo 7♥ è di troppo: si gioca con 2 mazzi, quindi in "
        "tutto ci sono solo 2 7♥, e altre combinazioni li contengono già"
    )
    assert check_table("7H 8H 9H | 7H 7S 7D", "bga(decks=1)", lang="pl").explain() == (
        "stół nie jest poprawny:\n- układ 2, 7♥ 7♠ 7♦: 7♥ to o jedną kartę za dużo: gra się jedną talią, więc jest "
        "tylko jedna karta 7♥, a leży już w innym układzie"
    )
