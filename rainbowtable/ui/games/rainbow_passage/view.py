"""The Rainbow Passage table view, composed of its parts: where things are (`layout.py`), how the board, the
tray and the seats look (`drawing.py`), what the pointer means (`input.py`) and how actions move and sound
(`motion.py`). The parts share one `Sight`: the layout fitted to the board on the table and the square
under the pointer.
"""

from __future__ import annotations

from rainbowtable.ui.games.rainbow_passage.drawing import RainbowPassageDrawing
from rainbowtable.ui.games.rainbow_passage.input import RainbowPassageInput
from rainbowtable.ui.games.rainbow_passage.layout import InSight, RainbowPassageLayout, Sight
from rainbowtable.ui.games.rainbow_passage.motion import RainbowPassageMotion
from rainbowtable.ui.table.view import GameView


# `where` is InSight's (the layout fitted to the board on the table), which GameView's `layout` sets; mypy
# reads the property as a second, different definition of GameView's attribute.
class RainbowPassageView(InSight, GameView):  # type: ignore[misc]
    """The board in its frame with the dice tray under it; drag a piece to a glowing square to step (or a
    captured piece to a glowing start square to return it); End turn and Pass are buttons."""

    def __init__(self) -> None:
        self.sight = Sight()
        drawing = RainbowPassageDrawing(self.sight)
        super().__init__(
            RainbowPassageLayout.place,
            drawing,
            RainbowPassageInput(self.sight),
            RainbowPassageMotion(self.sight, drawing),
        )
