"""Issue 40: what the play screen keeps between frames gives the same picture as drawing afresh.

- While a piece is dragged over the board, a change of the target under it redraws only around the old and
  the new target (`PlayScene._hover_limit`); the still picture then equals one built from nothing.
- Rainbows copies its empty board grid once drawn; Dice Box keys its cells on what they show.
Every game, mid-game, at 1280x720.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rainbowtable.bench import _mid_game
from rainbowtable.games import GAMES
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.play import PlayScene
from tests.ui_driver import pump


def _still_afresh(ctx: Any, scene: PlayScene) -> bytes:
    """The still picture drawn from nothing (the screen is left as it was)."""
    scene.still.forget()
    scene.draw(pygame.Surface(ctx.size).convert())
    assert scene.still.layer is not None
    return pygame.image.tobytes(scene.still.layer, "RGB")


def _drag_start(scene: PlayScene) -> tuple[int, int] | None:
    state = scene.match.state
    for action in scene.rules.legal_actions(state):
        pair = scene.view.input.target_of(action)
        rect = scene.view.input.pick_rect(state, pair[0]) if pair is not None else None
        if rect is not None:
            return rect.center
    return None


@pytest.mark.parametrize("game", [entry.id for entry in GAMES])
def test_a_drag_over_the_board_draws_what_a_fresh_frame_draws(ctx: Any, table: Any, game: str) -> None:
    match = _mid_game(next(entry.rules for entry in GAMES if entry.id == game), 1234)
    start = None
    for _ in range(12):
        navigation.open_play(ctx, match)
        scene = ctx.scenes.top
        assert isinstance(scene, PlayScene)
        pump(table, 4)
        start = _drag_start(scene)
        if start is not None:
            break
        legal = match.rules.legal_actions(match.state)  # a roll or a choice is due: go on a step
        match.play(legal[len(legal) // 2])
        match.advance()
    assert start is not None, "a mid-game position with something to drag"
    limits: list[pygame.Rect] = []
    update = scene.still.update

    def spy(*args: Any) -> tuple[bool, bool]:
        if len(args) > 4 and args[4] is not None:
            limits.append(args[4])
        return update(*args)

    scene.still.update = spy  # type: ignore[method-assign]
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    area = scene.board_rect
    checked = 0
    for i in range(160):
        pos = (area.x + (i * 13) % area.w, area.y + (i * 13 // area.w * 41 + i * 5) % area.h)
        event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(13, 5), buttons=(1, 0, 0))
        table.force_draw = True
        table.step(1 / 60, [event])
        if i % 20 == 19:
            assert scene.still.layer is not None
            kept = pygame.image.tobytes(scene.still.layer, "RGB")
            assert kept == _still_afresh(ctx, scene), f"frame {i}: the kept picture differs"
            checked += 1
    assert checked == 8
    if scene.drag.dragging and scene.drag.targets:
        assert limits, "target changes were drawn around the targets, not over the whole board"
