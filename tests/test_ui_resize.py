"""Issue 37 (resizing with a dialog open took 1.5 s in one frame): while the window is dragged to new
sizes the screens keep their layout, drawn scaled to the window, and are laid out once when the size has
rested (`loop.RESIZE_SETTLE_S`); a dialog stays open and centred through it. The time per frame is
measured by `python -m rainbowtable.bench` (`resize_ms`), never asserted here."""

from __future__ import annotations

from typing import Any

import pygame

from rainbowtable.ui.loop import RESIZE_SETTLE_S
from rainbowtable.ui.scenes import dialogs, navigation
from rainbowtable.ui.scenes.title import TitleScene
from tests.ui_driver import DT


def _resize_event(size: tuple[int, int]) -> list[pygame.event.Event]:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    return [
        pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]),
        pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]),
    ]


def test_a_drag_lays_the_screens_out_once_when_the_window_rests(ctx: Any, table: Any) -> None:
    navigation.open_title(ctx)
    dialog = dialogs.confirm(ctx, "Leave?", "A question.", lambda: None)
    for _ in range(3):
        table.step(DT, [])
    builds = {"title": 0, "dialog": 0}
    title = ctx.scenes.scenes[0]
    assert isinstance(title, TitleScene)
    for name, scene in (("title", title), ("dialog", dialog)):
        original = scene.build

        def counted(original: Any = original, name: str = name) -> None:
            builds[name] += 1
            original()

        scene.build = counted
    sizes = [(1280 + 40 * i, 720 + 20 * i) for i in range(1, 12)]
    for size in sizes:
        assert table.step(DT, _resize_event(size))  # every frame of the drag draws (the old layout, scaled)
        assert builds == {"title": 0, "dialog": 0}
        assert ctx.size == (1280, 720)
    shown = pygame.display.get_surface()
    assert shown.get_size() == sizes[-1] and shown.get_at((sizes[-1][0] - 2, sizes[-1][1] - 2)) != (0, 0, 0)
    frames = 0
    while table.resize_pending:
        table.step(DT, [])
        frames += 1
    assert frames <= round(RESIZE_SETTLE_S / DT) + 1
    assert builds == {"title": 1, "dialog": 1}
    assert ctx.size == sizes[-1] and ctx.screen is pygame.display.get_surface()
    assert ctx.scenes.top is dialog and dialog.window is not None
    assert dialog.window.get_abs_rect().center == pygame.Rect((0, 0), sizes[-1]).center
