"""A real PostgreSQL for the tests: Debian's binaries, a cluster in a temporary folder, a free port, stopped after.

As root the cluster's programs run as the ``postgres`` user (PostgreSQL refuses root); as another user,
as that user. Without Debian's ``postgresql`` package the tests that need it are skipped, saying so.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.processes import free_port

USER = "kit"
"""The cluster's superuser, who the class server logs in as (no password: trust, on a socket in the temp folder
and on 127.0.0.1 only)."""


def _binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda path: int(Path(path).parts[4]))
    return Path(found[-1]).parent if found else None


@contextmanager
def postgres_cluster() -> Iterator[str]:
    """A running cluster for the tests; yields its URL without a database name (add ``/NAME``)."""
    binaries = _binaries()
    if binaries is None:
        pytest.skip("PostgreSQL is not installed: apt-get install postgresql (Debian's initdb and pg_ctl are needed)")
    runner: list[str] = []
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root, and there is no postgres user to run PostgreSQL as")
        runner = ["runuser", "-u", "postgres", "--"]
    folder = Path(tempfile.mkdtemp(prefix="kit-postgres-"))
    if runner:
        shutil.chown(folder, "postgres", "postgres")
    data, port = folder / "data", free_port()

    def run(*command: str | Path) -> None:
        subprocess.run([*runner, *map(str, command)], check=True, capture_output=True, timeout=120)

    try:
        run(binaries / "initdb", "-D", data, "-U", USER, "--auth=trust", "-E", "UTF8", "--no-sync")
        options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        run(binaries / "pg_ctl", "-D", data, "-o", options, "-l", folder / "log", "-w", "-t", "120", "start")
        try:
            yield f"postgresql+psycopg://{USER}@127.0.0.1:{port}"
        finally:
            run(binaries / "pg_ctl", "-D", data, "-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def new_database(cluster: str, name: str) -> str:
    """A new, empty database in the cluster; its URL."""
    import psycopg

    address = cluster.replace("postgresql+psycopg://", "postgresql://") + "/postgres"
    with psycopg.connect(address, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')  # a name of the tests' own, never a user's
    return f"{cluster}/{name}"


_numbers = itertools.count()


@pytest.fixture(scope="session")
def cluster() -> Iterator[str]:
    """A PostgreSQL cluster for the tests' databases, started once per test process (each xdist worker
    starts its own when its first PostgreSQL test comes, 6-19 s on two loaded cores) and stopped at its end."""
    with postgres_cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty database for one test: SQLite in its folder, then PostgreSQL in the process's cluster."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'class.sqlite'}"
    return new_database(request.getfixturevalue("cluster"), f"kit_{os.getpid()}_{next(_numbers)}")
