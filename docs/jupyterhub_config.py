# JupyterHub for a class with Machiavelli Kit: each learner logs in to a server of their own, with a home
# folder of their own (their notebooks and progress), and lands on the kit's app (Voila, code hidden).
#
#   pip install machiavelli-kit jupyterhub && npm install -g configurable-http-proxy
#   jupyterhub -f jupyterhub_config.py
#
# Then open http://THIS-COMPUTER:8000 and log in. tests/e2e/test_hub.py starts this very file (with other
# ports and folders given on the command line) and has five learners log in at once.
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
