"""The table's seams every game plugs into: the view base (`view.py`), the game's table entry (`entry.py`)
and the one hold-turn-drop controller (`hold.py`). Imports no scene and no game, so scenes, widgets and game
views can all depend on it without import loops."""
