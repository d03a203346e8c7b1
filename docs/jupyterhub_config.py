# JupyterHub for a class with Machiavelli Kit: each learner logs in to a server of their own, with a home
# folder of their own (their notebooks and progress), and lands on the kit's app (Voila, code hidden).
#
#   pip install machiavelli-kit jupyterhub && npm install -g configurable-http-proxy
#   jupyterhub -f jupyterhub_config.py
#
# Then open http://THIS-COMPUTER:8000 and log in. tests/e2e/test_hub.py starts this very file (with other
# ports and folders given on the command line) and has three learners log in at once; tests/test_hub_class.py has
# three hub users play one table at the hub's class server.
import os
import sys

c = get_config()  # noqa: F821 -- JupyterHub provides get_config in its config files

# --- The kit: what every learner's server runs -----------------------------------------------------------
# machiavelli_kit.serve.hub copies the kit's notebooks into ~/machiavelli-kit (never over a learner's changes), stops
# a page's kernel when the page closes, culls kernels left without a page after 10 idle minutes, then runs
# jupyterhub-singleuser.
c.Spawner.cmd = [sys.executable, "-m", "machiavelli_kit.serve.hub"]
c.Spawner.default_url = "/voila/render/machiavelli-kit/start.ipynb"  # the app; /lab still opens JupyterLab
# The kit's language for the whole class: "en", "it" or "pl" (a learner can still switch on the start page).
c.Spawner.environment = {"LANGUAGE": os.environ.get("MACHIAVELLI_KIT_LANGUAGE", "en")}
if os.geteuid() == 0:
    c.Spawner.args = ["--allow-root"]  # only when the hub runs learners' servers as root (the try-out below)

# --- Who logs in, and where their homes are: a try-out on one computer -----------------------------------
# Any name logs in (with the shared password below, if set), and each name gets the home folder
# /srv/machiavelli-kit/homes/NAME. The learners' servers all run as the user who started the hub, so a learner
# could read another's files: fine for trying the kit out, not for a class. For a class, keep the kit part
# above and choose a real authenticator and spawner instead, e.g. the computer's own accounts
# (c.JupyterHub.authenticator_class = "pam"; c.JupyterHub.spawner_class = "localprocess"), or sign-up with
# passwords (jupyterhub-nativeauthenticator) and a container per learner (dockerspawner), or install
# The Littlest JupyterHub, which does both.
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.DummyAuthenticator.password = os.environ.get("MACHIAVELLI_HUB_PASSWORD", "")
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "/srv/machiavelli-kit/homes/{username}"

# --- The class server: a service of the hub ---------------------------------------------------------------
# The hub starts the kit's class server (machiavelli-kit class serve) as its service, and starts it again if it
# stops. game.ipynb's tables and the teacher's live view reach it: the learners are their hub accounts there
# (no name to give; a learner's pages prove who they are with their server's hub token), and the hub's admins
# are the teacher (c.Authenticator.admin_users = {"ms-rossi"}), who opens the live view with no token.
# The class is kept in SQLite beside the hub's own database, or in PostgreSQL when MACHIAVELLI_KIT_CLASS_DB gives
# its address (postgresql+psycopg://USER:PASSWORD@HOST/DATABASE, needs pip install 'machiavelli-kit[postgres]'):
# the choice for a hub that spreads its learners over many machines (Zero to JupyterHub), which all reach the one
# service. The service listens on MACHIAVELLI_KIT_CLASS_IP (this computer only unless set: give the address the
# learners' machines reach it at), and learners' servers find it at MACHIAVELLI_KIT_CLASS_URL (by default that
# address, under the service's path: the hub's proxy serves the same at /services/machiavelli-class/).
CLASS_SERVICE = "machiavelli-class"
CLASS_IP = os.environ.get("MACHIAVELLI_KIT_CLASS_IP", "127.0.0.1")
CLASS_PORT = int(os.environ.get("MACHIAVELLI_KIT_CLASS_PORT", "8890"))
CLASS_DB = os.environ.get("MACHIAVELLI_KIT_CLASS_DB") or "sqlite:///" + os.path.abspath("machiavelli-kit-class.sqlite")
CLASS_SERVE = [sys.executable, "-m", "machiavelli_kit", "class", "serve"]
CLASS_URL = os.environ.get("MACHIAVELLI_KIT_CLASS_URL") or f"http://{CLASS_IP}:{CLASS_PORT}/services/{CLASS_SERVICE}"
c.JupyterHub.services = [
    {
        "name": CLASS_SERVICE,
        "url": f"http://{CLASS_IP}:{CLASS_PORT}",
        "command": [*CLASS_SERVE, "--ip", CLASS_IP, "--port", str(CLASS_PORT), "--db", CLASS_DB],
        "display": False,  # a service for the kit's pages, not a page of its own
    }
]
# Every hub user may reach the service (the hub's admins may reach every service already).
c.JupyterHub.load_roles = [{"name": "user", "scopes": ["self", f"access:services!service={CLASS_SERVICE}"]}]
# A learner's server (and so their kernels) gets a hub token that may reach the service: the server role's scopes
# and access to the class server.
c.Spawner.server_token_scopes = [
    "users:activity!user",
    "access:servers!server",
    f"access:services!service={CLASS_SERVICE}",
]
c.Spawner.environment["MACHIAVELLI_KIT_CLASS_SERVER"] = CLASS_URL
