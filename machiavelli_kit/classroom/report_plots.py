"""The class report as pictures (matplotlib figures, drawn without a screen), for the teacher's notebook.

Their colours are Okabe and Ito's, told apart with any colour vision (and the bars of one
student keep the grid's order, best first, so they read in grey too).

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
from machiavelli_kit.puzzles.names import theme_name

OKABE_ITO = {
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "grey": "#BBBBBB",
    "black": "#000000",
}
"""Okabe and Ito's colours for every colour vision (and a light grey for what was not tried)."""
COLOURS = {
    "solved": OKABE_ITO["bluish green"],
    "after hints": OKABE_ITO["sky blue"],
    "with help": OKABE_ITO["orange"],
    "not solved yet": OKABE_ITO["vermillion"],
    "not tried": OKABE_ITO["grey"],
}


def plot_students(report: ClassReport, lang: str | None = None) -> Figure:
    """One bar per student: puzzles solved on their own, after hints, with help, not solved yet and not tried;
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
        "after hints": [line.hinted for line in lines],
        "with help": [line.helped for line in lines],
        "not solved yet": [line.failed for line in lines],
        "not tried": [line.new for line in lines],
    }
    # TRANSLATORS: the legend of the class plot: how each student's puzzles went.
    labels = {
        "solved": pgettext("column", "solved"),
        "after hints": pgettext("column", "after hints"),
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
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.15), ncol=5, fontsize="small")
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
    rates = [100 * entry.rate for entry in themes]
    axes.barh([theme_name(entry.theme) for entry in themes], rates, color=COLOURS["not solved yet"])
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
    axes.bar([line.student for line in lines], [line.rating for line in lines], color=OKABE_ITO["blue"])
    axes.axhline(1500, color=OKABE_ITO["black"], linestyle="--", linewidth=1, label=_("everyone starts at 1500"))
    if lines:
        low, high = min(line.rating for line in lines), max(line.rating for line in lines)
        axes.set_ylim(min(low, 1500) - 100, max(high, 1500) + 100)
        axes.legend(loc="upper right", fontsize="small")
    axes.tick_params(axis="x", labelrotation=45)
    axes.set_ylabel(pgettext("axis", "rating"))
    axes.set_title(_("Ratings"))
    return figure
