"""The replay screen's review strip (issue 43): the win-chance graph under the scrubber and the list of
turning points, fed by a `ReviewWorker` on its own thread.

This is the seam between the replay screen (`scene.py` and its parts, which own the board, the scrubber,
the log and the buttons) and the review: the scene places the strip, forwards events and draws it; the
strip tells the scene where to jump and which move the search preferred (the board shows it as a ghost
through `Look.hint`). The body is the review part's own.
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pygame

from rainbowtable.core.replay import Replay
from rainbowtable.ui.context import Context


class ReviewStrip:
    """What the replay screen asks of the review."""

    def __init__(self, ctx: Context, replay: Replay, save: Path | None) -> None:
        """`save`: the file the game was read from or kept in (the review is cached beside it), if any."""
        self.ctx = ctx
        self.replay = replay
        self.save = save

    def height(self, width: int) -> int:
        """The graph's height (pixels) for a strip `width` wide: the scene puts it under the scrubber."""
        return 0

    def place(self, graph: pygame.Rect, points: pygame.Rect) -> None:
        """Where the graph goes (under the scrubber) and the turning points' list (in the side panel);
        called on every layout (resize, scale), before `draw`."""

    def start(self) -> None:
        """Begin (or take from the cache) the review, if the game can be reviewed."""

    def update(self, dt: float) -> bool:
        """Follow the worker; True when the strip must be drawn again (progress, the review arrived)."""
        return False

    def handle_event(self, event: pygame.event.Event) -> int | None:
        """A click on the graph or a turning point: the position to jump to; None otherwise."""
        return None

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        """The strip's own buttons (Review, Cancel): True when one was pressed."""
        return False

    def preferred_at(self, position: int) -> Any | None:
        """At a turning point's position (the one its move was played in), the action the search preferred
        there: the board shows it as a ghost. None elsewhere."""
        return None

    def key(self, position: int) -> Hashable:
        """Everything the strip shows at `position`, for the scene's redraw of changed regions."""
        return (position,)

    def draw(self, surface: pygame.Surface, position: int) -> None:
        """Draw the graph and the turning points with `position` marked."""

    def close(self) -> None:
        """Leaving the replay: the worker is cancelled, the strip's widgets go."""
