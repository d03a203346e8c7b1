"""A learner's choices outlast their page: the preferences' store, and which language wins.

The root conftest gives each test an empty preferences folder of its own (``own_preferences``).
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from machiavelli_kit.classroom.preferences import (
    OWN,
    FilePreferences,
    Preferences,
    PreferencesError,
    preference_store,
    restore_language,
)
from machiavelli_kit.classroom.students import clean_name
from machiavelli_kit.i18n import LANGUAGES, language, set_language, speaking, use_saved_language

ADA, BEN = "a1" * 32, "b2" * 32
"""Two visitors' ids, as the app server gives them: hex text."""


@pytest.fixture(autouse=True)
def _session_language_back() -> object:
    yield
    set_language(None)


def test_choices_are_kept_one_at_a_time_and_read_back(own_preferences: Path) -> None:
    store = preference_store(None)
    assert store.load() == Preferences()
    assert store.change(language="it") == Preferences("it", None)
    assert store.change(name="  Ada   Lovelace ") == Preferences("it", "Ada Lovelace"), "the name as the kit shows it"
    assert store.change() == Preferences("it", "Ada Lovelace")
    assert preference_store(None).load() == Preferences("it", "Ada Lovelace")
    assert json.loads((own_preferences / OWN).read_text()) == {"format": 1, "language": "it", "name": "Ada Lovelace"}
    assert oct((own_preferences / OWN).stat().st_mode & 0o777) == "0o600", "readable by its owner only"


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    lang=st.sampled_from(sorted(LANGUAGES)),
    name=st.text(st.characters(categories=["L", "N", "Zs"]), min_size=1, max_size=40).filter(str.strip),
)
def test_any_language_and_name_read_back_as_saved(own_preferences: Path, lang: str, name: str) -> None:
    store = FilePreferences(own_preferences / "property.json")
    store.change(language=lang, name=name)
    assert store.load() == Preferences(lang, clean_name(name))


def test_a_bad_choice_is_refused_in_words_and_nothing_is_saved(own_preferences: Path) -> None:
    store = preference_store(None)
    store.change(language="pl", name="Ola")
    with pytest.raises(PreferencesError, match="'de' is not a language of the kit"):
        store.change(language="de")
    with pytest.raises(ValueError, match="a student's name cannot start with ="):
        store.change(name="=1+1")
    assert store.load() == Preferences("pl", "Ola")


def test_each_visitor_has_their_own_choices_kept_under_a_hash_of_their_id(own_preferences: Path) -> None:
    preference_store(ADA).change(language="it", name="Ada")
    assert preference_store(BEN).load() == Preferences(), "another browser sees none of Ada's choices"
    assert preference_store(None).load() == Preferences(), "nor does the computer's own user"
    preference_store(BEN).change(language="pl")
    assert preference_store(ADA).load() == Preferences("it", "Ada")
    files = sorted(path.name for path in own_preferences.iterdir() if not path.name.startswith("."))
    assert len(files) == 2 and all(ADA not in name and BEN not in name for name in files)
    assert all(ADA not in path.read_text() for path in own_preferences.iterdir() if path.is_file())


def test_the_page_s_visitor_chooses_the_store(own_preferences: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MACHIAVELLI_KIT_VISITOR", ADA)
    preference_store().change(language="it")
    assert preference_store(ADA).load().language == "it" and preference_store(BEN).load().language is None


def test_a_save_that_fails_half_way_leaves_the_old_file_whole(
    own_preferences: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = preference_store(None)
    store.change(language="it", name="Ada")

    def crash(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(PreferencesError, match=r"cannot be saved in .*own.json \(No space left on device\)"):
        store.change(language="pl")
    monkeypatch.undo()
    assert store.load() == Preferences("it", "Ada")
    assert [path.name for path in own_preferences.iterdir() if path.suffix == ".tmp"] == [], "no half file left"


def test_pages_saving_at_once_lose_nothing(own_preferences: Path) -> None:
    stores = [FilePreferences(own_preferences / "shared.json") for _ in range(2)]
    barrier = threading.Barrier(2)

    def save(index: int) -> None:
        barrier.wait()
        for _ in range(30):
            if index == 0:
                stores[0].change(language="pl")
            else:
                stores[1].change(name="Ola")

    threads = [threading.Thread(target=save, args=(index,)) for index in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert stores[0].load() == Preferences("pl", "Ola")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"{not json", "Expecting property name enclosed in double quotes"),
        (b"\xff\xfe", "it is not text"),
        (b'{"format": 1, "language": "de"}', "it is not laid out as the kit writes it"),
        (b'{"format": 1, "language": ["it"]}', "it is not laid out as the kit writes it"),
        (b'{"format": 1, "name": 7}', "it is not laid out as the kit writes it"),
        (b'{"format": 1, "name": ""}', "it is not laid out as the kit writes it"),
        (b'{"format": 1, "spy": true}', "it is not laid out as the kit writes it"),
        (b'["format", 1]', "it is not laid out as the kit writes it"),
        (b'{"format": 9}', "a newer Machiavelli Kit wrote it: update the kit"),
        (b'{"format": 1, "name": "' + b"x" * 5000 + b'"}', "it is too big (5,) bytes)"),
    ],
)
def test_a_damaged_file_is_ignored_with_a_warning_and_replaced_by_the_next_choice(
    own_preferences: Path, capsys: pytest.CaptureFixture[str], content: bytes, reason: str
) -> None:
    (own_preferences / OWN).write_bytes(content)
    assert preference_store(None).load() == Preferences()
    warning = capsys.readouterr().err
    assert warning.startswith("Your saved choices (language and name) cannot be read from ")
    assert reason.split("(")[0] in warning and "the kit starts without them" in warning
    assert "Traceback" not in warning
    assert preference_store(None).change(language="it") == Preferences("it", None)
    assert preference_store(None).load() == Preferences("it", None)


def test_a_folder_in_the_file_s_place_is_ignored_with_a_warning(
    own_preferences: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (own_preferences / OWN).mkdir()
    assert preference_store(None).load() == Preferences()
    assert "it is a folder, not a file" in capsys.readouterr().err
    with pytest.raises(PreferencesError, match="cannot be saved"):
        preference_store(None).change(language="it")


def test_a_visitor_s_warning_names_no_server_folder(own_preferences: Path, capsys: pytest.CaptureFixture[str]) -> None:
    preference_store(ADA).change(language="it")
    (path,) = (path for path in own_preferences.iterdir() if path.suffix == ".json")
    path.write_text("{")
    assert preference_store(ADA).load() == Preferences()
    warning = capsys.readouterr().err
    assert f"from {path.name} (" in warning and str(own_preferences) not in warning


def test_an_explicit_language_beats_the_session_which_beats_the_saved_which_beats_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANGUAGE", "pl")
    assert language() == "pl", "the environment, when nothing else says"
    use_saved_language("it")
    assert language() == "it", "the learner's saved choice beats the environment (and the app's --lang)"
    set_language("en")
    assert language() == "en", "a page that says its language beats the saved choice"
    assert language("pl") == "pl", "and lang= beats them all"
    with speaking("pl"):
        assert language() == "pl"
    set_language(None)
    assert language() == "it"
    use_saved_language(None)
    assert language() == "pl"


def test_a_page_starts_in_the_language_saved_on_an_earlier_page(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "en")
    assert restore_language() == "en", "nothing saved yet"
    preference_store(None).change(language="pl")
    assert language() == "en", "a page already open keeps its language"
    assert restore_language() == "pl" and language() == "pl"


def test_a_visitor_s_page_starts_in_their_own_language_only(monkeypatch: pytest.MonkeyPatch) -> None:
    preference_store(ADA).change(language="it")
    monkeypatch.setenv("MACHIAVELLI_KIT_VISITOR", BEN)
    assert restore_language() == "en"
    monkeypatch.setenv("MACHIAVELLI_KIT_VISITOR", ADA)
    assert restore_language() == "it"
