"""Every test, doctest and notebook run by pytest speaks English unless it asks for a language.

The kit takes its language from the environment (``LANGUAGE``, ``LANG``, ...), so a
tester's Italian or Polish locale would otherwise change the texts the tests read;
notebook kernels inherit this environment too. Nor does a test read the tester's own
saved choices (a language pressed in Lab, a name given): each test has a preferences
folder of its own, empty, and no saved language is left in use after it.
"""

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from machiavelli_kit.classroom.preferences import FOLDER_VARIABLE
from machiavelli_kit.i18n import use_saved_language


def pytest_configure() -> None:
    os.environ["LANGUAGE"] = "en"
    os.environ[FOLDER_VARIABLE] = tempfile.mkdtemp(prefix="machiavelli-preferences-")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every notebook's cells are ``slow``: the quick run (``-m "not browser and not server and not slow"``)
    leaves the notebooks to the whole suite, which runs each of them in every language."""
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def own_preferences(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty preferences folder for this test alone; the saved language forgotten when it ends."""
    folder = tmp_path_factory.mktemp("preferences")
    monkeypatch.setenv(FOLDER_VARIABLE, str(folder))
    use_saved_language(None)
    yield folder
    use_saved_language(None)
