"""Opening Rainbow Passage's own screens, the board builder and the board library, above the current one
(Back returns to it). The table finds them through the game's `GameUI.screens`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rainbowtable.ui.context import Context


def open_builder(ctx: Context, draft: Any = None) -> None:
    """The Rainbow Passage Board Builder, above the current screen (Back returns to it)."""
    from rainbowtable.ui.games.rainbow_passage.builder import BoardBuilderScene

    ctx.scenes.push(BoardBuilderScene(ctx, draft))


def open_board_library(ctx: Context) -> None:
    """The Rainbow Passage board library, above the current screen (Back returns to it)."""
    from rainbowtable.ui.games.rainbow_passage.library import BoardLibraryScene

    ctx.scenes.push(BoardLibraryScene(ctx))


def open_board_in_builder(
    ctx: Context, draft: Any, *, name: str | None = None, path: Path | None = None
) -> None:
    """From the board library (on top): close it and open `draft` in the builder below it, where undo brings
    back what was there, or in a new builder when the library was opened from elsewhere."""
    from rainbowtable.ui.games.rainbow_passage.builder import BoardBuilderScene

    ctx.scenes.pop()
    below = ctx.scenes.top
    if isinstance(below, BoardBuilderScene):
        below.load(draft, name, path)
    else:
        ctx.scenes.push(BoardBuilderScene(ctx, draft, name=name, path=path))
