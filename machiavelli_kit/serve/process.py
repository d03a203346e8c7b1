"""Running a server (JupyterLab, Voila) that stops with the kit, in the language asked for.

The server runs as a child process. SIGINT (Ctrl+C) and SIGTERM sent to the kit
are passed on to it, and the kit waits until it has stopped, so it can shut its
kernels down; on Linux the server is also sent SIGTERM if the kit is killed
outright (SIGKILL), so no server is left running on its own.
"""

from __future__ import annotations

import ctypes
import signal
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import FrameType

from machiavelli_kit.i18n import LANGUAGES, SOURCE_LANGUAGE, _, language

FORWARDED = (signal.SIGINT, signal.SIGTERM)
PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the signal a process gets when its parent dies."""


def server_language(environ: Mapping[str, str], lang: str | None) -> dict[str, str]:
    """``environ`` for a server whose kernels speak ``lang`` (``None``: as the environment says).

    The kit's kernels read ``LANGUAGE`` first (:func:`machiavelli_kit.i18n.language_from_environment`).

    >>> server_language({"LANG": "it_IT.UTF-8"}, "pl")
    {'LANG': 'it_IT.UTF-8', 'LANGUAGE': 'pl'}
    >>> server_language({"LANG": "it_IT.UTF-8"}, None)
    {'LANG': 'it_IT.UTF-8'}
    """
    return {**environ, "LANGUAGE": lang} if lang is not None else dict(environ)


def translated_notebooks(folder: Path, lang: str | None = None) -> list[str]:
    """The notebooks in ``folder`` written in ``lang`` (the language in use), ``lesson.it.ipynb`` and the like."""
    code = language(lang)
    if code == SOURCE_LANGUAGE:
        return []
    return sorted(path.name for path in folder.glob(f"[!.]*.{code}.ipynb"))


def notebook_in_language(folder: Path, name: str, lang: str | None = None) -> str:
    """The notebook ``name`` in ``lang`` (the language in use) when ``folder`` has it, else ``name`` itself.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "start.it.ipynb").write_text("{}")
    >>> notebook_in_language(folder, "start.ipynb", "it"), notebook_in_language(folder, "start.ipynb", "pl")
    ('start.it.ipynb', 'start.ipynb')
    """
    code = language(lang)
    translated = f"{name.removesuffix('.ipynb')}.{code}.ipynb"
    return translated if code != SOURCE_LANGUAGE and (folder / translated).is_file() else name


def say_translated_notebooks(
    folder: Path, address: Callable[[str], str], leave_out: Callable[[str], bool] = lambda name: False
) -> None:
    """Name the notebooks written in the language in use, each at its ``address``, when there are some;
    a notebook ``leave_out`` picks is not named."""
    names = [name for name in translated_notebooks(folder) if not leave_out(name)]
    if names:
        # TRANSLATORS: after the start address of lab or app, e.g. "the notebooks in Italiano: lesson.it.ipynb, ...".
        line = _("the notebooks in {language}: {notebooks}").format(
            language=LANGUAGES[language()], notebooks=", ".join(address(name) for name in names)
        )
        print(line, flush=True)


def run_server(command: Sequence[str], folder: Path, env: Mapping[str, str] | None = None) -> int:
    """Run ``command`` in ``folder`` until it stops, passing SIGINT and SIGTERM on; its exit code (128+N: signal N)."""
    process: subprocess.Popen[bytes] | None = None
    early: list[int] = []

    def forward(signum: int, _frame: FrameType | None) -> None:
        if process is None:
            early.append(signum)
        else:
            process.send_signal(signum)

    previous = {number: signal.signal(number, forward) for number in FORWARDED}
    try:
        process = subprocess.Popen(
            command, cwd=folder, env=env, preexec_fn=stop_with_parent if sys.platform == "linux" else None
        )
        for signum in early:
            process.send_signal(signum)
        code = process.wait()
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
    return 128 - code if code < 0 else code


def stop_with_parent() -> None:
    """In a server's process before it starts: have Linux send it SIGTERM when the kit's process dies."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
