"""Dice Box on the table: a wooden box of 5x5 wells, the acting player's hand in a tray below it (or the
draft pool while drafting), and each seat's colours and dice in the side panel.

The view only composes the parts: where things are (`layout.py`), how they look (`drawing.py`), what the
pointer and keys mean (`input.py`) and how actions move and sound (`motion.py`).
"""

from __future__ import annotations

from rainbowtable.ui.games.dice_box.drawing import DiceBoxDrawing
from rainbowtable.ui.games.dice_box.input import DiceBoxInput
from rainbowtable.ui.games.dice_box.layout import DiceBoxLayout
from rainbowtable.ui.games.dice_box.motion import DiceBoxMotion
from rainbowtable.ui.table.view import GameView


class DiceBoxView(GameView):
    where: DiceBoxLayout

    def __init__(self) -> None:
        drawing = DiceBoxDrawing()
        super().__init__(DiceBoxLayout.place, drawing, DiceBoxInput(), DiceBoxMotion(drawing))
