"""The painter on a canvas that records what it is told: every card is drawn, styles are set only when they change."""

from __future__ import annotations

from typing import Any

from machiavelli_kit.practice.examples import example
from machiavelli_kit.practice.session import PlayState
from machiavelli_kit.ui.layout import lay_out
from machiavelli_kit.ui.painter import FOCUS, Pen, paint_board, paint_focus, paint_lifted


class Recorder:
    """Stands in for an ipycanvas canvas: keeps every style set and every call."""

    def __init__(self) -> None:
        object.__setattr__(self, "log", [])

    def __setattr__(self, name: str, value: object) -> None:
        self.log.append(("set", name, value))

    def __getattr__(self, name: str) -> Any:
        return lambda *args: self.log.append((name, *args))

    def texts(self) -> list[str]:
        return [entry[1] for entry in self.log if entry[0] == "fill_text"]

    def sets(self) -> list[tuple[str, object]]:
        return [(entry[1], entry[2]) for entry in self.log if entry[0] == "set"]


def test_every_card_shows_its_rank_and_suit_and_uncovered_cards_their_big_suit() -> None:
    state = PlayState.of(example("it-3").position)
    board = lay_out(state)
    canvas = Recorder()
    paint_board(Pen(canvas), board, hidden=None, highlight=(), four_colour=False)
    texts = canvas.texts()
    for spot in board.cards:
        assert spot.card.code[:-1] in texts
    uncovered = len(state.melds) + len(state.hand)  # the last card of each meld, and every hand card
    suits = [text for text in texts if text in "♠♥♦♣"]
    assert len(suits) == len(board.cards) + uncovered, "a small suit on every card, a big one where it shows"
    assert all(str(number) in texts for number in range(1, len(state.melds) + 1)), "the meld numbers"


def test_a_style_is_set_only_when_it_changes() -> None:
    board = lay_out(PlayState.of(example("it-3").position))
    canvas = Recorder()
    paint_board(Pen(canvas), board, hidden=None, highlight=(), four_colour=False)
    sets, now = canvas.sets(), dict[str, object]()
    for name, value in sets:
        assert now.get(name) != value, f"{name} set again to {value}"
        now[name] = value
    assert len(sets) < 5 * len(board.cards), "a few style changes a card, not one per stroke"


def test_the_hidden_card_is_left_out_and_the_lifted_one_drawn_on_top() -> None:
    board = lay_out(PlayState.of(example("bga-7").position))
    lifted = board.cards[-1]
    base, top = Recorder(), Recorder()
    paint_board(Pen(base), board, hidden=lifted, highlight=(), four_colour=False)
    paint_lifted(Pen(top), board, lifted, lifted.box, (board.melds[0].x + 5, board.melds[0].y + 30), False)
    corner = (lifted.box.x + 4, lifted.box.y + 16)

    def ranks_at(canvas: Recorder) -> list[str]:
        return [entry[1] for entry in canvas.log if entry[0] == "fill_text" and (entry[2], entry[3]) == corner]

    assert ranks_at(base) == [] and ranks_at(top) == [lifted.card.code[:-1]]
    assert any(entry[0] == "stroke_line" for entry in top.log), "a caret marks where in the meld it goes"


def test_the_focused_card_is_drawn_whole_and_outlined_and_a_card_held_by_keys_too() -> None:
    board = lay_out(PlayState.of(example("bga-7").position))
    covered = board.cards[0]  # the 4♣, under the 5♣: its big suit is hidden on the board
    top = Recorder()
    paint_focus(Pen(top), covered, False)
    texts = top.texts()
    assert covered.card.code[:-1] in texts and texts.count(covered.card.suit.symbol) == 2, "drawn whole"  # type: ignore[union-attr]
    assert ("stroke_style", FOCUS) in top.sets(), "outlined in the focus colour"
    lifted, held = Recorder(), Recorder()
    pointer = (board.melds[0].x + 5, board.melds[0].y + 30)
    paint_lifted(Pen(lifted), board, board.cards[-1], board.cards[-1].box, pointer, False)
    paint_lifted(Pen(held), board, board.cards[-1], board.cards[-1].box, pointer, False, keyboard=True)
    assert ("stroke_style", FOCUS) not in lifted.sets() and ("stroke_style", FOCUS) in held.sets()
