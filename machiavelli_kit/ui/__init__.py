"""Widgets: every board and browser of the notebooks, a thin layer over the headless wings.

Each widget lives in its own module and is imported from there
(``from machiavelli_kit.ui.position_board import PositionBoard``): this face imports
nothing, and no headless wing, nor ``import machiavelli_kit``, imports the widgets, so
the kit runs without a browser, ipywidgets or ipycanvas loaded.

Each widget speaks the language it was made in: ``lang=`` when given, else the one in use
then (the session's, which :mod:`machiavelli_kit.ui.language_switch` sets, or the environment's).
"""
