"""What pyproject.toml cannot say: the code's packages are found, not listed, and the data
folders are added as packages, so the wheel carries them (pyproject.toml maps the repository's
puzzles/ and notebooks/ to machiavelli_kit/bundled/...; machiavelli_kit/resources.py reads them)."""

from setuptools import find_packages, setup

DATA = [
    "machiavelli_kit.bundled.puzzles",
    "machiavelli_kit.bundled.notebooks",
    "machiavelli_kit.jupyter_config.labconfig",
]

setup(packages=[*find_packages(include=["machiavelli_kit", "machiavelli_kit.*"]), *DATA])
