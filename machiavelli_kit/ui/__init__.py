"""Widgets: every board and browser of the notebooks, a thin layer over the headless wings.

Each widget lives in its own module and is imported from there
(``from machiavelli_kit.ui.position_board import PositionBoard``): this face imports
no widget, and no headless wing, nor ``import machiavelli_kit``, imports the widgets, so
the kit runs without a browser, ipywidgets or ipycanvas loaded.

Each widget speaks the language it was made in: ``lang=`` when given, else the one in use
then: the session's (a page that says its language), else the one the learner chose on an
earlier page (:mod:`machiavelli_kit.ui.language_switch` saves it, and this face restores it
when a page's kernel first loads the widgets), else the environment's.
"""

from machiavelli_kit.classroom.preferences import restore_language

restore_language()
