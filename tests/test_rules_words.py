"""The rules in words: every parameter a learner may meet is said without its name."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from machiavelli_kit.core.rules import PARAMETER_NAMES, PRESET_NAMES, Rules, preset
from machiavelli_kit.core.rules_words import rules_text
from tests.test_properties import rules_overrides


def test_the_presets_are_named_as_learners_know_them() -> None:
    assert rules_text(preset("bga")) == "Board Game Arena rules"
    assert rules_text(Rules.parse("classic(wrap=true)")) == "classic rules, with runs may turn the corner (K A 2)"


@given(st.sampled_from(PRESET_NAMES), rules_overrides)
def test_no_rules_in_words_names_a_parameter(name: str, overrides: dict[str, object]) -> None:
    rules = preset(name).replace(**overrides)
    text = rules_text(rules)
    code_words = [parameter for parameter in PARAMETER_NAMES if "_" in parameter] + ["wrap", "stock_out"]
    assert not any(word in text for word in code_words) and "=" not in text and "_" not in text, text
    assert "1 decks" not in text and "(s)" not in text, text
    assert text.count(",") >= len(rules.overrides()), "each change from the preset is said"
