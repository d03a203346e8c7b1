"""The class server as a JupyterHub-managed service: a real local hub from ``docs/jupyterhub_config.py``.

The hub starts the kit's class server as its service (SQLite beside the hub's own database, as the config
does by default). The teacher is a hub admin, whose token the hub's own ``jupyterhub token`` command makes;
through the hub's REST API they add three learners, give two of them a hub token with the scopes the config
gives the learners' servers, and start the third's server. The learners play one table to its end: two
``machiavelli-kit table join`` processes with computer players through the hub's proxy at
``/services/machiavelli-class/``, each with its learner's token in ``JUPYTERHUB_API_TOKEN`` and no name, and a
scripted person with the token and the class server's address the hub gave her server (as her kernels have).
The seats carry the hub names, a learner cannot sit in or act for another's seat nor open the teacher's
overview, which the admin opens; no name can be given on a hub; the record replays; every process the hub
started is gone.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from traitlets.config import PyFileConfigLoader

from machiavelli_kit.classroom.server.client import ClassClient, Refused
from machiavelli_kit.game.actions import Draw
from tests.hub import CONFIG, hub_options, processes_in, running_hub
from tests.processes import free_port, wait_until
from tests.test_class_server import GAME, STARTING, person_action, table_command, written_and_replayed

pytestmark = pytest.mark.server

TEACHER, LEARNERS = "teacher", ("ada", "bea", "cai")


def config() -> Any:
    """The hub's configuration as ``docs/jupyterhub_config.py`` writes it."""
    loader = PyFileConfigLoader(CONFIG.name, str(CONFIG.parent))
    return loader.load_config()


SERVICE = config().JupyterHub.services[0]["name"]


def hub_api(base: str, token: str, method: str, path: str, body: object = None) -> Any:
    """The hub's REST API answer to ``method path`` with ``token``."""
    request = urllib.request.Request(
        f"{base}/hub/api{path}",
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"token {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=STARTING) as answer:
        return json.loads(answer.read() or b"null")


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, Path]]:
    """The hub with its class service: its address, a hub admin's (the teacher's) token, the learners' homes."""
    folder = tmp_path_factory.mktemp("hub-class").resolve()
    options = [
        *hub_options(folder, free_port()),
        f"--Authenticator.admin_users={TEACHER}",
        "--Spawner.start_timeout=300",  # a learner's server starts on two shared cores
        "--Spawner.http_timeout=300",
    ]
    env = {**os.environ, "MACHIAVELLI_KIT_CLASS_PORT": str(free_port())}
    env.pop("MACHIAVELLI_KIT_CLASS_DB", None)
    made = subprocess.run(  # the hub's own command: the admin, and a token of theirs, in the hub's database
        [sys.executable, "-m", "jupyterhub", "token", TEACHER, "-f", str(CONFIG), *options],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=STARTING,
    )
    assert made.returncode == 0, made.stderr
    with running_hub(folder, options, env) as base:
        yield base, made.stdout.strip().splitlines()[-1], folder / "homes"
    assert (folder / "machiavelli-kit-class.sqlite").exists(), "the class kept beside the hub's own database"


def single_user_environment(base: str, admin: str, home: Path) -> dict[str, str]:
    """The environment the hub gives a learner's server (which its kernels inherit), once the server is up."""

    def ready() -> bool:
        servers = hub_api(base, admin, "GET", f"/users/{home.name}")["servers"]
        return bool(servers.get("", {}).get("ready"))

    wait_until(ready, 300, f"{home.name}'s server started by the hub")
    pid = next(
        pid for pid in processes_in(home) if b"machiavelli_kit.serve.hub" in Path(f"/proc/{pid}/cmdline").read_bytes()
    )
    pairs = (entry.decode().partition("=") for entry in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0") if entry)
    return {key: value for key, _sign, value in pairs}


def test_three_hub_users_play_one_table_through_the_hubs_class_service(
    hub: tuple[str, str, Path], tmp_path: Path
) -> None:
    base, admin, homes = hub
    url = f"{base}/services/{SERVICE}"
    hub_api(base, admin, "POST", "/users", {"usernames": list(LEARNERS)})
    hub_api(base, admin, "POST", "/users/ada/server")  # ada plays from her own server, as its kernels would
    scopes = [scope for scope in config().Spawner.server_token_scopes if scope.startswith("access:services")]
    tokens = {
        name: hub_api(base, admin, "POST", f"/users/{name}/tokens", {"scopes": scopes, "note": "test"})["token"]
        for name in LEARNERS
    }
    kernel = single_user_environment(base, admin, homes / "ada")
    tokens["ada"], ada_url = kernel["JUPYTERHUB_API_TOKEN"], kernel["MACHIAVELLI_KIT_CLASS_SERVER"]
    assert ada_url != url  # her server reaches the service directly, the others through the hub's proxy
    no_access = hub_api(base, admin, "POST", "/users/ada/tokens", {"scopes": ["read:users:name!user=ada"]})["token"]

    async def refused(work: Any) -> str:
        with pytest.raises(Refused) as error:
            await work
        return str(error.value)

    async def scenario() -> tuple[str, int, list[dict[str, Any]]]:
        ada = ClassClient(ada_url, hub_token=tokens["ada"])
        assert await ada.enter("en") == "ada"
        assert "may not use the class server" in await refused(ClassClient(url, hub_token=no_access).enter())
        assert "no name to give" in await refused(ClassClient(url).register("bea"))
        assert "only the teacher" in await refused(ada.overview())
        table = await ada.new_table("bga", 3, seed=11)
        seat = await ada.join(table, 0)
        joins = [
            subprocess.Popen(
                table_command("join", "--server", url, "--table", table, "--player", "greedy"),
                env={**os.environ, "JUPYTERHUB_API_TOKEN": tokens[name]},
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
            for name in ("bea", "cai")
        ]
        views: list[dict[str, Any]] = []
        bea, tried, acted = ClassClient(url, hub_token=tokens["bea"]), False, -1
        try:
            async for view in ada.views(table):
                views.append(view)
                game = view.get("game")
                if game is None or view["status"] == "over" or game["to_move"] != seat or len(game["turns"]) <= acted:
                    continue
                if not tried:  # ada's turn, so nobody else moves: bea may not act now, nor as ada
                    tried = True
                    assert "it is ada's turn, not bea's" in await refused(bea.act(table, Draw()))
                    other = next(taken["seat"] for taken in view["seats"] if taken["seat"] != seat)
                    assert "seat" in await refused(ada.join(table, other))
                    teacher = await ClassClient(url, hub_token=admin).overview()
                    assert [summary["id"] for summary in teacher["tables"]] == [table]
                    assert set(LEARNERS) <= set(teacher["online"])
                acted = len(game["turns"])
                await ada.act(table, person_action(view))
        finally:
            await ada.close()
            await bea.close()
        for join in joins:
            output, _ = join.communicate(timeout=GAME)
            assert join.returncode == 0, output
        assert tried
        return table, seat, views

    table, seat, views = asyncio.run(asyncio.wait_for(scenario(), GAME))
    assert views[-1]["status"] == "over"
    assert sorted(other["name"] for other in views[-1]["seats"]) == sorted(LEARNERS)
    assert views[-1]["seats"][seat]["name"] == "ada"
    record = written_and_replayed(url, table, tmp_path / "game.json")
    assert sorted(record["players"]) == sorted(LEARNERS) and record["players"][seat] == "ada"
