"""The tournament on paper, for a class without a computer for everyone: the round's pairings, and the
score sheet the teacher fills in as the games end.

Round 1 is printed seated (:func:`~.pairing.pair_round`, at random from the seed). The later rounds are
seated on paper by the same rule as the class server's: the tally's learners listed by wins, then points,
most first, seated down the list table by table, swapping one down where two would meet again. On paper a
short table simply plays with fewer players.

>>> from machiavelli_kit.classroom.tournament.pairing import pair_round
>>> first = pair_round(1, ["Ann", "Ben", "Cy", "Dee", "Eve"], 4, [], [], seed=1)
>>> [len(table) for table in without_computers(first).tables]
[3, 2]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, PageBreak

from machiavelli_kit.classroom.sheet_pdf import a4_pdf
from machiavelli_kit.classroom.tournament.pairing import Pairing, table_sizes
from machiavelli_kit.classroom.tournament.pdf import grid, lines, page_width, paragraph
from machiavelli_kit.files import write_atomically
from machiavelli_kit.i18n import _, pgettext, speaking


def without_computers(pairing: Pairing) -> Pairing:
    """``pairing`` with its computer seats left empty: on paper a short table plays with fewer players."""
    tables = tuple(tuple(seat for seat in table if seat is not None) for table in pairing.tables)
    return Pairing(pairing.round, tables, pairing.sitting_out)


def pairings_pdf(
    title: str, pairing: Pairing, names: Mapping[str, str], path: str | Path, lang: str | None = None
) -> None:
    """Write who sits where in ``pairing`` (``names``: each key's name) to ``path`` as a PDF, atomically."""
    with speaking(lang):
        write_atomically(path, a4_pdf(title, [paragraph(title, "title"), *_pairings(pairing, names)]))


def score_sheet_pdf(
    title: str,
    names: Sequence[str],
    rounds: int,
    table_size: int,
    path: str | Path,
    first: Pairing | None = None,
    lang: str | None = None,
) -> None:
    """Write the paper tournament of ``names`` to ``path`` as a PDF, atomically: how it goes, round 1's
    pairings (``first``, when given), a score sheet for each of ``rounds`` (one row a game) and the tally."""
    with speaking(lang):
        story: list[Flowable] = [paragraph(title, "title"), *_how(len(names), table_size)]
        if first is not None:
            story += _pairings(without_computers(first), {name: name for name in names})
        sitting = 1 if table_size == 2 and len(names) % 2 else 0
        games = len(table_sizes(len(names) - sitting, table_size))
        story.append(PageBreak())
        for number in range(1, rounds + 1):
            seated = without_computers(first) if first is not None and number == 1 else None
            story += _score_sheet(number, games, table_size, seated, bool(sitting))
        story += [PageBreak(), *_tally(names, rounds)]
        write_atomically(path, a4_pdf(title, story))


def _how(learners: int, table_size: int) -> list[Flowable]:
    steps = [
        _(
            "Play each round until the time is up, then finish the round: everyone has as many turns as the first "
            "player."
        ),
        _("When a game ends, write each player's name and the points left in their hand, and the winner."),
        _(
            "The winner scores the points left in the other hands. In the tally on the last page, write each "
            "learner's score for the round (0 for a game not won), then add up the wins and the points."
        ),
        _(
            "To seat the next round, list everyone by wins, then points, most first. Seat them down the list, "
            "table by table. If two at a table have played each other before, swap the second one with the next "
            "one down the list."
        ),
    ]
    if table_size == 2 and learners % 2:
        steps.append(_("One learner sits out each round: the lowest on the list who has not sat out yet."))
    return [paragraph(f"{number}. {step}", "body") for number, step in enumerate(steps, start=1)]


def _pairings(pairing: Pairing, names: Mapping[str, str]) -> list[Flowable]:
    # TRANSLATORS: a computer player in a printed list of who sits at which table.
    computer = _("computer")
    rows = [[pgettext("tournament sheet", "Table"), pgettext("tournament sheet", "Players")]]
    for number, table in enumerate(pairing.tables, start=1):
        rows.append([str(number), ", ".join(computer if key is None else names.get(key, key) for key in table)])
    width = page_width()
    story: list[Flowable] = [
        paragraph(_("Round {round}: who sits where").format(round=pairing.round), "heading"),
        grid(rows, [0.15 * width, 0.85 * width], size=13, height=10 * mm),
    ]
    if pairing.sitting_out:
        out = ", ".join(names.get(key, key) for key in pairing.sitting_out)
        story.append(paragraph(_("Sits out this round: {names}").format(names=out), "body"))
    return story


def _score_sheet(number: int, games: int, table_size: int, seated: Pairing | None, odd: bool) -> list[Flowable]:
    heading: list[str | Flowable] = [pgettext("tournament sheet", "Table")]
    heading += [
        # TRANSLATORS: a column of the paper score sheet: a player's name and the points left in their hand.
        pgettext("tournament sheet", "Player {seat}").format(seat=seat)
        for seat in range(1, table_size + 1)
    ]
    heading.append(pgettext("tournament sheet", "Winner"))
    blank = "_" * 16
    # TRANSLATORS: under a player's name on the paper score sheet, where the points left in hand are written.
    points = pgettext("tournament sheet", "points left:") + " " + "_" * 6
    rows: list[list[str | Flowable]] = [heading]
    for game in range(games):
        players = list(seated.tables[game]) if seated is not None else []
        cells: list[str | Flowable] = [str(game + 1)]
        for seat in range(table_size):
            if seated is None:
                cells.append(lines(blank, points))
            else:  # round 1 seated: a short table plays with fewer players, its empty seats left empty
                cells.append(lines(str(players[seat]), points) if seat < len(players) else "")
        rows.append([*cells, ""])
    width = page_width()
    seat_width = 0.75 * width / table_size
    story: list[Flowable] = [
        paragraph(_("Round {round}").format(round=number), "heading"),
        grid(
            rows,
            [0.08 * width, *(seat_width,) * table_size, 0.17 * width],
            size=10,
            padding=7,
        ),
    ]
    if odd:
        out = ", ".join(seated.sitting_out) if seated is not None else "_" * 24
        story.append(paragraph(_("Sits out this round: {names}").format(names=out), "body"))
    return [KeepTogether(story)]


def _tally(names: Sequence[str], rounds: int) -> list[Flowable]:
    heading = [pgettext("tournament sheet", "Name")]
    heading += [_("Round {round}").format(round=number) for number in range(1, rounds + 1)]
    heading += [pgettext("standings", "Wins"), pgettext("standings", "Points"), pgettext("standings", "Rank")]
    rows = [[name, *[""] * (rounds + 3)] for name in sorted(names, key=str.casefold)]
    width = page_width()
    rest = 0.7 * width / (rounds + 3)
    return [
        paragraph(_("Tally: wins and points"), "heading"),
        grid([heading, *rows], [0.3 * width, *(rest,) * (rounds + 3)], size=10, height=9 * mm),
    ]
