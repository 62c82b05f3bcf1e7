"""De Regenboog on the table, composed of its parts: where the sea and the holds are (`layout.py`), how the
state looks on them (`drawing.py`), what the pointer and keys mean (`input.py`) and how the game's turn moves
and sounds (`motion.py`). The parts share one `Camera`: the board's chart in the sea, the hold cards of the
state shown and the field under the pointer."""

from __future__ import annotations

from rainbowtable.ui.games.regenboog.drawing import RegenboogDrawing
from rainbowtable.ui.games.regenboog.input import RegenboogInput
from rainbowtable.ui.games.regenboog.layout import Camera, RegenboogLayout
from rainbowtable.ui.games.regenboog.motion import RegenboogMotion
from rainbowtable.ui.table.view import GameView


class RegenboogView(GameView):
    where: RegenboogLayout
    drawing: RegenboogDrawing
    input: RegenboogInput
    motion: RegenboogMotion

    def __init__(self) -> None:
        self.camera = Camera()
        super().__init__(
            RegenboogLayout.place,
            RegenboogDrawing(self.camera),
            RegenboogInput(self.camera),
            RegenboogMotion(self.camera),
        )
