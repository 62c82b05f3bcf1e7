"""The Records screen (issue 43), in parts: `scene.py` (the screen: filters, tabs, buttons, scrolling,
deleting with a question first, opening a record's replay), `page.py` (a page drawn as one picture, and its
tables), `tables.py` (the summary page), `plot.py` (a player's results over time), `dice_page.py` (are
the dice fair?), `game_list.py` (the list of recorded games) and `words.py` (what the screen writes)."""

from rainbowtable.ui.scenes.records.scene import RecordsScene

__all__ = ["RecordsScene"]
