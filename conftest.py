"""Every test, doctest and notebook run by pytest speaks English unless it asks for a language.

The kit takes its language from the environment (``LANGUAGE``, ``LANG``, ...), so a
tester's Italian or Polish locale would otherwise change the texts the tests read;
notebook kernels inherit this environment too.
"""

import os


def pytest_configure() -> None:
    os.environ["LANGUAGE"] = "en"
