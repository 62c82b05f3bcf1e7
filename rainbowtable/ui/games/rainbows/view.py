"""Rainbows on the table: the face-up cards across the top (the deck on the left, showing how deep it is,
the clover and the discard pile on the right), the rainbow board below on the left, and one row per
player on the right with gold, bank, markers left, the kept cards laid out 1–10 with money runs, and a live
projection of the day's score. The chosen rainbows are outlined on the board as they stand.

A card is taken by dragging it onto a vacant space of its colour (BUY; the cost, and any borrowing, shown in
hand) or onto your own row of kept cards (KEEP). When no card on the table is any use, a click discards one.
The end of a day plays a scoring sheet that outlines each player's rainbows in turn; while the bank is open
it stays up with a deposit slider. Holds no rules: legality and reasons come from the rules.

The view only composes its parts: where things are (`layout.py`), how they look (`drawing.py`, drawing
the card row, the board, the seat rows and the sheet from their own modules), what the pointer means
(`input.py`) and how an action moves (`motion.py`). The sheet's state that input changes (`SheetState`)
is the view's, handed to the parts that share it.
"""

from __future__ import annotations

from rainbowtable.ui.games.rainbows.drawing import RainbowsDrawing
from rainbowtable.ui.games.rainbows.input import RainbowsInput
from rainbowtable.ui.games.rainbows.layout import RainbowsLayout, SheetState
from rainbowtable.ui.games.rainbows.motion import RainbowsMotion
from rainbowtable.ui.table.view import GameView


class RainbowsView(GameView):
    """Rainbows' table side, composed of its parts around one `SheetState`."""

    where: RainbowsLayout

    def __init__(self) -> None:
        self.sheet_state = SheetState()
        drawing = RainbowsDrawing(self.sheet_state)
        super().__init__(
            RainbowsLayout.place,
            drawing,
            RainbowsInput(self.sheet_state),
            RainbowsMotion(drawing, self.sheet_state),
        )
