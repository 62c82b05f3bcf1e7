"""Colosseum Offcuts on the table: an open table that pans and zooms, counters drawn as square tiles, stacks
with visible depth, and the placing player's supply in a tray along the bottom during setup.

The view only composes its parts: where things are (`layout.py`, with the `Camera` the parts share), how the
state looks (`drawing.py`), what the pointer and keys mean (`input.py`) and how actions move and sound
(`motion.py`). Holds no rules.
"""

from __future__ import annotations

from rainbowtable.ui.games.colosseum_offcuts.drawing import ColosseumDrawing
from rainbowtable.ui.games.colosseum_offcuts.input import ColosseumInput
from rainbowtable.ui.games.colosseum_offcuts.layout import Camera, ColosseumLayout
from rainbowtable.ui.games.colosseum_offcuts.motion import ColosseumMotion
from rainbowtable.ui.table.view import GameView


class ColosseumView(GameView):
    def __init__(self) -> None:
        # The camera moves with the pointer and follows the group: one for the view, shared by its parts.
        self.camera = Camera()
        super().__init__(
            ColosseumLayout.place,
            ColosseumDrawing(self.camera),
            ColosseumInput(self.camera),
            ColosseumMotion(self.camera),
        )
