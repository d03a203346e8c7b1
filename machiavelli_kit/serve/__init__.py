"""The servers a class uses: JupyterLab, the Voila app, a hub learner's server, and the learner's notebook copy."""
