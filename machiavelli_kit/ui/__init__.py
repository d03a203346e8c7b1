"""Widgets: every board and browser of the notebooks, a thin layer over the headless core."""
