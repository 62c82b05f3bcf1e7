"""The table's screens, each a `Scene`: a module, or a folder when the screen has parts with a job each.

- `title.py` the title screen (menu, Resume, focus); its game tiles in `game_tiles.py`.
- `new_game/` the new-game screen: what has been chosen, apart from any widget (`choices.py`: the seats,
  the option values, the remembered setup), the Players card (`seat_rows.py`), the Options card with the
  game's setup panel (`options_card.py`, measured by `option_fit.py`, scrolled by whole items by
  `item_scroll.py`), and the scene that lays the cards out and starts the game (`scene.py`).
- `play/` the play screen (see its package docstring).
- `settings.py` the settings screen; where its rows go in `settings_layout.py`.
- `load_game.py`, `rules_page.py`, `dialogs.py`, `resume.py` (the autosave behind Resume), the board
  library half every builder shares (`builder_library.py`), what the menu screens share (`menu_base.py`),
  and `navigation.py`, through which screens open each other.
"""
