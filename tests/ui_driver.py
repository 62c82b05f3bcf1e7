"""Helpers for headless UI tests: synthetic mouse and keyboard events stepped through `Table.step` with a
fixed `dt` (never the clock). pygame_gui answers a click on the next frame, so each action pumps frames."""

from __future__ import annotations

from typing import Any

import pygame

DT = 1 / 60


def pump(table: Any, frames: int = 3, dt: float = DT) -> None:
    """Step frames, feeding back the events pygame_gui posted (button presses arrive a frame later)."""
    for _ in range(frames):
        table.step(dt, pygame.event.get())


def post(table: Any, events: list[pygame.event.Event], frames: int = 3) -> None:
    table.step(DT, [*pygame.event.get(), *events])
    pump(table, frames)


def click(table: Any, pos: tuple[int, int], frames: int = 3) -> None:
    pygame.mouse.set_pos(pos)
    post(
        table,
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        ],
        frames=1,
    )
    post(table, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], frames=frames)


def drag(table: Any, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    pygame.mouse.set_pos(start)
    post(table, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], frames=1)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        pygame.mouse.set_pos((x, y))
        post(
            table,
            [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))],
            frames=0,
        )
    post(table, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], frames=3)


def click_button(table: Any, button: Any, frames: int = 3) -> None:
    click(table, button.rect.center, frames=frames)


def key(table: Any, key_code: int, mod: int = 0) -> None:
    post(table, [pygame.event.Event(pygame.KEYDOWN, key=key_code, mod=mod, unicode="", scancode=0)])


def open_shipped_example(ctx: Any, table: Any, file_name: str) -> Any:
    """Open one of the example saves shipped in `saves/` on the play screen, as the load screen does, and
    draw it; returns the play scene."""
    from rainbowtable.storage.paths import shipped_saves_dir
    from rainbowtable.ui.scenes import navigation
    from rainbowtable.ui.scenes.play import PlayScene

    assert navigation.open_save(ctx, shipped_saves_dir() / file_name)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    pump(table, 3)
    return scene
