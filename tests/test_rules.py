"""Rules presets, the rules string and its errors."""

from __future__ import annotations

import pytest

from machiavelli_kit.core.rules import BGA, CLASSIC, PRESET_NAMES, WIKIPEDIA, Rules, RulesError, as_rules, preset


def test_presets_follow_the_variants_table() -> None:
    assert (BGA.decks, BGA.jokers, BGA.hand_size, BGA.max_cards_per_turn, BGA.restore_penalty) == (2, 0, 15, 13, 3)
    assert (CLASSIC.hand_size, CLASSIC.max_cards_per_turn, CLASSIC.stock_out, CLASSIC.scoring) == (
        13, None, "play_on", "points",
    )  # fmt: skip
    assert (WIKIPEDIA.hand_size, WIKIPEDIA.max_cards_per_turn, WIKIPEDIA.jokers) == (15, None, 0)
    assert not BGA.wrap and BGA.ace_high


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_round_trips(name: str) -> None:
    rules = preset(name)
    assert str(rules) == name
    assert Rules.parse(str(rules)) == rules
    assert eval(repr(rules), {"Rules": Rules}) == rules  # repr is a constructor call


def test_overrides_are_written_back_sorted() -> None:
    rules = Rules.parse(" classic( wrap = TRUE , jokers=4, max_cards_per_turn=5 ) ")
    assert (rules.wrap, rules.jokers, rules.max_cards_per_turn) == (True, 4, 5)
    assert str(rules) == "classic(jokers=4, max_cards_per_turn=5, wrap=true)"
    assert Rules.parse("bga(max_cards_per_turn=none)").max_cards_per_turn is None
    assert str(Rules.parse("bga(max_cards_per_turn=none)")) == "bga(max_cards_per_turn=none)"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("poker", "unknown preset 'poker': presets are bga, classic, wikipedia"),
        ("bga(jokrs=2)", "unknown rules parameter 'jokrs'"),
        ("bga(decks=0)", "decks must be between 1 and 8, not 0"),
        ("bga(jokers=-1)", "jokers must be between 0 and 16, not -1"),
        ("bga(hand_size=lots)", "hand_size must be a whole number, not 'lots'"),
        ("bga(wrap=maybe)", "wrap must be true, false or unlimited, not 'maybe'"),
        ("bga(wrap)", "'wrap' is not a parameter: write name=value"),
        ("bga(wrap=true, wrap=false)", "parameter 'wrap' is given twice"),
        ("bga(stock_out=never)", "stock_out must be one of last_card, end, play_on, not 'never'"),
        ("bga(max_cards_per_turn=0)", "max_cards_per_turn must be between 1 and 200, not 0"),
        ("bga((", "is not a rules string"),
        ("bga(max_cards_per_turn=lots)", "max_cards_per_turn must be a whole number or none, not 'lots'"),
        ("bga(decks=none)", "decks must be a whole number, not 'none'"),
        ("bga(preset=classic)", "unknown rules parameter 'preset'"),
    ],
)
def test_bad_rules_strings_are_named(text: str, message: str) -> None:
    with pytest.raises(RulesError) as error:
        Rules.parse(text)
    assert message in str(error.value)


def test_constructor_and_replace_check_values_too() -> None:
    with pytest.raises(RulesError, match="decks must be a whole number"):
        Rules(decks="two")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="unknown rules parameter 'colour'"):
        BGA.replace(colour=True)
    assert BGA.replace(jokers=2).jokers == 2


def test_as_rules_accepts_what_users_pass() -> None:
    assert as_rules(None) == BGA
    assert as_rules("classic") == CLASSIC
    assert as_rules(WIKIPEDIA) is WIKIPEDIA


@pytest.mark.parametrize(
    ("name", "low", "high"),
    [("decks", 1, 8), ("jokers", 0, 16), ("hand_size", 1, 52), ("restore_penalty", 0, 20),
     ("max_cards_per_turn", 1, 200)],
)  # fmt: skip
def test_every_number_has_a_range(name: str, low: int, high: int) -> None:
    assert getattr(Rules.parse(f"bga({name}={low})"), name) == low
    assert getattr(Rules.parse(f"bga({name}={high})"), name) == high
    for wrong in (low - 1, high + 1):
        with pytest.raises(RulesError, match=f"{name} must be between {low} and {high}, not {wrong}"):
            Rules.parse(f"bga({name}={wrong})")


def test_words_are_read_whatever_their_case() -> None:
    rules = Rules.parse("Classic(Stock_Out=END, SCORING=Single, Wrap=Yes)")
    assert (rules.preset, rules.stock_out, rules.scoring, rules.wrap) == ("classic", "end", "single", True)
    assert str(rules) == "classic(scoring=single, stock_out=end, wrap=true)"


def test_overrides_and_replace_keep_the_preset() -> None:
    rules = CLASSIC.replace(jokers=4, hand_size=13)
    assert rules.preset == "classic" and rules.overrides() == {"jokers": 4}
    assert str(rules) == "classic(jokers=4)"
    assert BGA.overrides() == {}
    assert preset("wikipedia", max_cards_per_turn=13).overrides() == {"max_cards_per_turn": 13}
    assert preset("wikipedia", max_cards_per_turn=13) == BGA  # same game, whatever the name
    with pytest.raises(RulesError, match="unknown preset 'uno'"):
        preset("uno")
    with pytest.raises(RulesError, match="wrap must be true, false or unlimited, not 'yes'"):
        Rules(wrap="yes")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="scoring must be one of single, points"):
        Rules(scoring="golf")  # type: ignore[arg-type]
    assert issubclass(RulesError, ValueError)


def test_a_huge_bad_rules_string_is_cut_short_in_the_message() -> None:
    with pytest.raises(RulesError) as raised:
        Rules.parse("bga(" + "x" * 100_000)
    assert len(str(raised.value)) < 200 and "(100,004 characters)" in str(raised.value)
