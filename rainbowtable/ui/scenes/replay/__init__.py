"""Look back at a game (issue 43): the replay screen, in parts.

- `scene.py`: `ReplayScene`: lays the parts out, hands events to them, tells the view what to show.
- `playback.py`: where the replay stands, jumps, a step forward animated, play/pause at the animation pace.
- `scrubber.py`: the track of positions with its numbers, clicked and dragged.
- `controls.py`: the transport buttons beside the scrubber (first, previous, play/pause, next, last), drawn
  icons, and the tooltips the replay draws itself.
- `move_log.py`: the log's lines in the players' names, the current move marked, the marks on the board.
- `top_bar.py`: the game's title with "Move k of n"; Reveal all, Play on from here, Rules and Back.
- `picture.py`: the play screen's still picture with the foot under the board as a region of its own.
- `play_on.py`: the dialog of who plays on, and the new game saved and opened.
- `review.py`: the review strip (the win-chance graph and the turning points), the review's own part.
"""

from rainbowtable.ui.scenes.replay.scene import ReplayScene

__all__ = ["ReplayScene"]
