"""The class report as pictures (matplotlib figures, drawn without a screen), for the teacher's notebook.

>>> from machiavelli_kit.classroom.report import ClassReport
>>> from machiavelli_kit.puzzles.collection import load_collection
>>> figure = plot_students(ClassReport(load_collection()))
>>> figure.axes[0].get_title()
'No student yet'
"""

from __future__ import annotations

from matplotlib.figure import Figure

from machiavelli_kit.classroom.report import ClassReport
from machiavelli_kit.i18n import _, pgettext, speaking

COLOURS = {"solved": "#2e7d32", "with help": "#f9a825", "not solved yet": "#c62828", "not tried": "#bdbdbd"}


def plot_students(report: ClassReport, lang: str | None = None) -> Figure:
    """One bar per student: puzzles solved on their own, with help, not solved yet and not tried;
    its words in ``lang`` (else the language in use)."""
    with speaking(lang):
        return _plot_students(report)


def _plot_students(report: ClassReport) -> Figure:
    lines = report.student_lines()
    figure = Figure(figsize=(8, 0.4 * max(len(lines), 3) + 1.2), layout="constrained")
    axes = figure.subplots()
    if not lines:
        axes.set_title(_("No student yet"))
        return figure
    names = [line.student for line in lines]
    left = [0] * len(lines)
    counts = {
        "solved": [line.solved for line in lines],
        "with help": [line.helped for line in lines],
        "not solved yet": [line.failed for line in lines],
        "not tried": [line.new for line in lines],
    }
    # TRANSLATORS: the legend of the class plot: how each student's puzzles went.
    labels = {
        "solved": pgettext("column", "solved"),
        "with help": pgettext("column", "with help"),
        "not solved yet": pgettext("column", "not solved yet"),
        "not tried": pgettext("column", "not tried"),
    }
    for key, values in counts.items():
        axes.barh(names, values, left=left, color=COLOURS[key], label=labels[key])
        left = [start + value for start, value in zip(left, values, strict=True)]
    axes.invert_yaxis()
    axes.set_xlabel(pgettext("axis", "puzzles"))
    axes.set_title(_("Who solved what"))
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.15), ncol=4, fontsize="small")
    return figure


def plot_themes(report: ClassReport, lang: str | None = None) -> Figure:
    """One bar per theme: how often the class missed its puzzles (the most missed on top);
    its words in ``lang`` (else the language in use)."""
    with speaking(lang):
        return _plot_themes(report)


def _plot_themes(report: ClassReport) -> Figure:
    themes = report.weak_themes()
    figure = Figure(figsize=(8, 0.35 * max(len(themes), 3) + 1.2), layout="constrained")
    axes = figure.subplots()
    if not themes:
        axes.set_title(_("No theme tried yet"))
        return figure
    axes.barh([entry.theme for entry in themes], [100 * entry.rate for entry in themes], color="#c62828")
    for row, entry in enumerate(themes):
        # TRANSLATORS: beside a theme's bar: tries missed of tries made.
        missed = _("{missed} of {tried}").format(missed=entry.missed, tried=entry.tried)
        axes.text(100 * entry.rate + 1, row, missed, va="center", fontsize="small")
    axes.invert_yaxis()
    axes.set_xlim(0, 115)
    axes.set_xlabel(_("tries missed (%)"))
    axes.set_title(_("Where the class gets stuck"))
    return figure


def plot_ratings(report: ClassReport, lang: str | None = None) -> Figure:
    """Each student's rating, highest first, with the starting rating (1500) marked;
    its words in ``lang`` (else the language in use)."""
    with speaking(lang):
        return _plot_ratings(report)


def _plot_ratings(report: ClassReport) -> Figure:
    lines = sorted(report.student_lines(), key=lambda line: -line.rating)
    figure = Figure(figsize=(8, 3), layout="constrained")
    axes = figure.subplots()
    axes.bar([line.student for line in lines], [line.rating for line in lines], color="#1565c0")
    axes.axhline(1500, color="#555555", linestyle="--", linewidth=1, label=_("everyone starts at 1500"))
    if lines:
        low, high = min(line.rating for line in lines), max(line.rating for line in lines)
        axes.set_ylim(min(low, 1500) - 100, max(high, 1500) + 100)
        axes.legend(loc="upper right", fontsize="small")
    axes.tick_params(axis="x", labelrotation=45)
    axes.set_ylabel(pgettext("axis", "rating"))
    axes.set_title(_("Ratings"))
    return figure
