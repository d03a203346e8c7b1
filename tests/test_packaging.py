"""The wheel carries every module and every file the kit reads at run time, and the kit finds them there."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.resources import bundled_dir, jupyter_config_dir, source_checkout

pytestmark = pytest.mark.slow  # builds a wheel and installs it in a fresh venv
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the working tree: tracked and new files, as git sees them."""
    source = tmp_path_factory.mktemp("source")
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT, capture_output=True, check=True,
    ).stdout.decode()  # fmt: skip
    for name in filter(None, listed.split("\0")):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            (source / name).write_bytes((ROOT / name).read_bytes())
    return source


@pytest.fixture(scope="module")
def wheel(source: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from that copy."""
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(out), str(source)],
        capture_output=True, check=True, timeout=300,
    )  # fmt: skip
    (built,) = out.glob("machiavelli_kit-*.whl")
    return built


def test_the_checkout_reads_its_own_folders() -> None:
    assert source_checkout() == ROOT
    assert bundled_dir("puzzles") == ROOT / "puzzles" and bundled_dir("notebooks") == ROOT / "notebooks"


def test_every_module_is_in_the_wheel(source: Path, wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    modules = {path.relative_to(source).as_posix() for path in (source / "machiavelli_kit").rglob("*.py")}
    assert len(modules) > 20
    missing = sorted(modules - names)
    assert not missing, f"not in the wheel (setup.py finds packages by their __init__.py): {missing}"


def test_the_wheel_carries_the_puzzles_notebooks_and_lab_settings(source: Path, wheel: Path) -> None:
    archive = zipfile.ZipFile(wheel)
    expected = {
        f"machiavelli_kit/bundled/{path.relative_to(source).as_posix()}": path
        for pattern in ("puzzles/*.toml", "puzzles/*.md", "notebooks/*.ipynb")
        for path in source.glob(pattern)
    }
    expected["machiavelli_kit/jupyter_config/labconfig/page_config.json"] = (
        source / jupyter_config_dir().relative_to(ROOT) / "labconfig" / "page_config.json"
    )
    assert len(expected) > 10
    for name, path in expected.items():
        assert archive.read(name) == path.read_bytes(), name


def test_an_installed_wheel_reads_its_data_and_copies_the_notebooks(source: Path, wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site-packages"
    zipfile.ZipFile(wheel).extractall(site)
    script = f"""
import json, sys
sys.path.insert(0, {str(site)!r})
from machiavelli_kit.serve.notebook_copy import notebooks_dir
from machiavelli_kit.puzzles.collection import load_collection
from machiavelli_kit.resources import bundled_dir, source_checkout
print(json.dumps({{"checkout": source_checkout() is not None, "puzzles": str(bundled_dir("puzzles")),
                  "count": len(load_collection().puzzles), "served": str(notebooks_dir())}}))
"""
    home = tmp_path / "home"
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, env={"HOME": str(home)},
        timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    *copied, last = result.stdout.splitlines()
    answer = json.loads(last)
    assert answer["checkout"] is False
    assert answer["puzzles"] == str(site / "machiavelli_kit" / "bundled" / "puzzles")
    assert answer["count"] == len(load_collection(source / "puzzles").puzzles)
    assert answer["served"] == str(home / "machiavelli-kit")
    assert f"copied start.ipynb into {home / 'machiavelli-kit'}" in copied
    assert (home / "machiavelli-kit" / "start.ipynb").read_bytes() == (
        source / "notebooks" / "start.ipynb"
    ).read_bytes()


def test_the_wheel_is_typed_and_its_faces_find_their_names_installed(wheel: Path, tmp_path: Path) -> None:
    """``py.typed`` tells type checkers the kit has hints; a face naming its names lazily reads its own file."""
    archive = zipfile.ZipFile(wheel)
    assert "machiavelli_kit/py.typed" in archive.namelist()
    site = tmp_path / "site-packages"
    archive.extractall(site)
    script = f"""
import sys
sys.path.insert(0, {str(site)!r})
import machiavelli_kit
from machiavelli_kit import Game, PlaySession, solve
from machiavelli_kit.classroom import SheetOptions
print(machiavelli_kit.__file__)
print(solve.__name__, Game.__name__, PlaySession.__name__, SheetOptions.__name__)
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, env={"HOME": str(tmp_path)},
        timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    where, names = result.stdout.splitlines()
    assert where == str(site / "machiavelli_kit" / "__init__.py")
    assert names == "solve Game PlaySession SheetOptions"


def test_the_binder_environment_pins_python_and_mirrors_the_lower_bounds() -> None:
    """repo2docker reads ``python=X.Y`` (not a range); every other requirement is pyproject's, bound for bound."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lines = (ROOT / "environment.yml").read_text(encoding="utf-8").splitlines()
    conda = [line.strip()[2:] for line in lines[lines.index("dependencies:") + 1 :] if line.strip().startswith("- ")]
    (python,) = [spec for spec in conda if spec.startswith("python")]
    assert python == "python=3.11" and project["requires-python"] == ">=3.11"
    assert sorted(set(conda) - {python, "pip"}) == sorted(project["dependencies"])


def test_the_wheel_carries_compiled_catalogs_and_the_installed_kit_speaks_from_them(
    wheel: Path, tmp_path: Path
) -> None:
    archive = zipfile.ZipFile(wheel)
    for lang in ("it", "pl"):
        assert f"machiavelli_kit/i18n/locale/{lang}/LC_MESSAGES/machiavelli_kit.mo" in archive.namelist()
    site = tmp_path / "site-packages"
    archive.extractall(site)
    for source in site.glob("machiavelli_kit/i18n/locale/*/LC_MESSAGES/*.po"):
        source.unlink()  # the installed kit must not need them
    script = f"""
import sys
sys.path.insert(0, {str(site)!r})
from machiavelli_kit.cli import main
sys.exit(main(["--lang", "pl", "check", "--table", "5S 5H 5D | 6H 7H 9H"]))
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path,
        env={"HOME": str(tmp_path), "PYTHONIOENCODING": "utf-8"}, timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines()[0].startswith("układ 1: ") and result.stdout.splitlines()[-1] == "niepoprawny"
