"""What pyproject.toml cannot say: the code's packages are found, not listed; the data folders
are added as packages, so the wheel carries them (pyproject.toml maps the repository's puzzles/
and notebooks/ to machiavelli_kit/bundled/...; machiavelli_kit/resources.py reads them); and the
build compiles the translation catalogs (machiavelli_kit/i18n/locale/*/LC_MESSAGES/*.po) to .mo files
with Babel. An editable install has none: machiavelli_kit/i18n/languages.py then reads the .po files."""

from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

DATA = [
    "machiavelli_kit.bundled.puzzles",
    "machiavelli_kit.bundled.notebooks",
    "machiavelli_kit.jupyter_config.labconfig",
]


class BuildWithCatalogs(build_py):
    """``build_py`` that also compiles each language's catalog next to its source in the build."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for source in Path("machiavelli_kit/i18n/locale").glob("*/LC_MESSAGES/*.po"):
            target = Path(self.build_lib) / source.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with source.open("rb") as po, target.open("wb") as mo:
                write_mo(mo, read_po(po, locale=source.parent.parent.name), use_fuzzy=False)


setup(
    packages=[*find_packages(include=["machiavelli_kit", "machiavelli_kit.*"]), *DATA],
    cmdclass={"build_py": BuildWithCatalogs},
)
