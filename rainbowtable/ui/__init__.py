"""The table: everything that draws, listens to the mouse and keys, or plays a sound (pygame lives here only).

Where each concern lives:

- `loop.py`, `context.py`, `scene.py`, `boot.py`: the main loop, the one context object handed to every
  screen, the scene stack's lifecycle, and what the first frame needs; `crash.py` keeps the table open on
  its own bugs.
- `theme.py`, `draw.py`, `glyphs.py`, `i18n.py`, `sound.py`: looks, drawing helpers, colour glyphs, the
  catalogues, sounds.
- `table/`: what a game plugs into. `view.py` names the parts of a game's view (`BoardLayout`,
  `BoardDrawing`, `BoardInput`, `BoardMotion`, composed by `GameView`) and what the table shows over a state
  (`Look`); `entry.py` the game's `GameUI`; `hold.py` the one hold-and-drop controller.
- `games/<id>/`: each game's table side in those parts (`layout.py`, `drawing.py`, `input.py`, `motion.py`,
  `view.py` composing them), its icon and its own screens.
- `scenes/`: the screens (title, new game, play, load, rules, settings, dialogs, lessons); the big ones are
  folders whose `__init__.py` lists a part per concern.
- `widgets/`: dice, the dice tray, the move log, menus and the other pieces screens share.
- `layout_audit.py`: records what a screen drew, for the test that checks every screen fits and reads.
"""
