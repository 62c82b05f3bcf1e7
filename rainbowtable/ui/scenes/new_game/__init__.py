"""The new-game screen as a folder: what has been chosen, apart from widgets (`choices.py`), the Players
card (`seat_rows.py`), the Options card with the game's setup panel (`options_card.py`), what the cards
share (`card.py`) and the scene that lays them out and starts the game (`scene.py`).
"""

from rainbowtable.ui.scenes.new_game.scene import NewGameScene

__all__ = ["NewGameScene"]
