"""Learn to play (issue 44): a guided first game of each game on the play screen's table, in parts:

- `scene.py`: the lesson screen (`LessonScene`), the play screen driven by a `LessonRun` (core/lesson.py);
- `pacing.py`: the table's match following the lesson's at a readable pace (`LessonPacer`);
- `card.py`: the lesson's card beside the board and its buttons;
- `listing.py`: the "Learn to play" list of the games' lessons (`LessonsScene`).
"""

from rainbowtable.ui.scenes.lesson.listing import LessonsScene
from rainbowtable.ui.scenes.lesson.scene import LessonScene

__all__ = ["LessonScene", "LessonsScene"]
