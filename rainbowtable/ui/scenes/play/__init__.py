"""The play screen as a folder, a part per concern, composed by `PlayScene` (`scene.py`, which owns the
screen's lifecycle and the look it hands the game's view):

- `driver.py`: the headless match driver (chance, computer seats on the worker, pace, autosave calls);
  `turn.py`: the turn as this table shows it (whose decision the mouse makes, through whose eyes, the
  step landing: animated, sounded, logged);
- `toolbar.py`: the top bar (title, Undo/Redo/Hint/Save/Rules/Menu) and the keys for the same commands;
  `history.py`: Undo and Redo; `game_buttons.py`: the game's own buttons under the status;
- `holding.py`: holding and dropping with the mouse (on `ui/table/hold.py`); `focus.py`: the keyboard's
  focus ring;
- `hints.py`: the Hint button's search and what it says; `move_log.py`: the log and the marks it puts on
  the board; `panel.py`: the side panel; `result.py`: the result card and its buttons;
- `picture.py`: each frame's picture, over the cached still layer (`layer.py`);
- `saving.py`: the autosave, Save, and what a crash report says of the game.
"""

from rainbowtable.ui.scenes.play.scene import PlayScene, demo_match

__all__ = ["PlayScene", "demo_match"]
