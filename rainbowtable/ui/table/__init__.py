"""The table's seams every game plugs into: the view base (`view.py`), the game's table entry (`entry.py`)
and the one hold-turn-drop controller (`hold.py`). Those import no scene and no game, so scenes, widgets and
game views can all depend on them without import loops. `builder_library.py` (the save / open / play flows
the board builders share) is the exception: it opens dialogs and the new-game screen, so only game builder
screens import it."""
