"""Widgets: every board and browser of the notebooks, a thin layer over the headless core.

Each widget speaks the language it was made in: ``lang=`` when given, else the one in use
then (the session's, which :mod:`machiavelli_kit.ui.language_switch` sets, or the environment's).
"""
