"""Building the table: window, UI manager, theme, context and the first screen.

`make_context` is shared by the app, the benchmark and the headless tests, so all three run the same code.
"""

from __future__ import annotations

import argparse
import logging
import time
import warnings
from collections.abc import Callable

import pygame
import pygame_gui

from rainbowtable import __version__
from rainbowtable.core.rng import Rng
from rainbowtable.storage.paths import Paths, assets_dir
from rainbowtable.storage.settings import Settings, load_settings
from rainbowtable.ui.context import Context
from rainbowtable.ui.loop import MIN_WINDOW, Table
from rainbowtable.ui.theme import Theme, effective_scale


def make_manager(size: tuple[int, int], theme: Theme) -> pygame_gui.UIManager:
    manager = pygame_gui.UIManager(size, theme.gui_theme(), enable_live_theme_updates=False)
    with warnings.catch_warnings():
        # pygame_gui warns both when a font is not preloaded and when a preloaded one was already loaded
        # by the theme; preloading every size the theme and the HTML text use settles it quietly.
        warnings.simplefilter("ignore")
        manager.preload_fonts(
            [
                {"name": "lato", "point_size": theme.px(size_pt), "style": style}
                for size_pt in (14, 15, 16, 17, 18, 19, 22)
                for style in ("regular", "bold", "italic")
            ]
        )
    return manager


def open_window(size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
    flags = pygame.RESIZABLE | (pygame.FULLSCREEN if fullscreen else 0)
    screen = pygame.display.set_mode(size, flags)
    pygame.display.set_caption("rainbowtable")
    try:
        icon = pygame.image.load(str(assets_dir() / "icons" / "rainbowtable-64.png"))
        pygame.display.set_icon(icon)
    except (OSError, pygame.error, FileNotFoundError):
        pass  # an icon is nice to have; a missing one must not stop the table
    try:
        with warnings.catch_warnings():
            # from_display_module is the documented way to reach the display's window for its minimum
            # size; it warns only about surface rendering through Window, which we do not use.
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        window.minimum_size = MIN_WINDOW
    except (AttributeError, pygame.error):
        pass
    return screen


def make_context(
    paths: Paths,
    log: logging.Logger,
    *,
    settings: Settings | None = None,
    size: tuple[int, int] | None = None,
    sound: bool = True,
) -> Context:
    """Initialise pygame, open the window and build the context (no scene yet)."""
    notes: list[str] = []
    if settings is None:
        settings, problem = load_settings(paths)
        if problem:
            notes.append(problem)
    pygame.init()
    window_size = size or settings.window_size
    screen = open_window(window_size, settings.fullscreen and size is None)
    theme = Theme(scale=effective_scale(settings.ui_scale, screen.get_size()))
    manager = make_manager(screen.get_size(), theme)
    ctx = Context(
        screen=screen,
        manager=manager,
        paths=paths,
        settings=settings,
        theme=theme,
        cosmetic=Rng.from_seed(time.time_ns()),
        log=log,
    )
    if sound:
        from rainbowtable.ui.sound import Sounds

        ctx.sounds = Sounds()
    for note in notes:
        ctx.notify(note, "error")
    return ctx


def apply_display_settings(table: Table) -> None:
    """After a settings change: a new theme and manager at the new scale, every screen laid out again."""
    ctx = table.ctx
    ctx.theme = Theme(scale=effective_scale(ctx.settings.ui_scale, ctx.size))
    ctx.manager.clear_and_reset()
    ctx.manager = make_manager(ctx.size, ctx.theme)
    table.rebuild_all()


def boot(
    args: argparse.Namespace,
    paths: Paths,
    log: logging.Logger,
    problems: list[str],
    *,
    size: tuple[int, int] | None = None,
) -> tuple[Table, Callable[[], None]]:
    ctx = make_context(paths, log, size=size)
    for problem in problems:
        ctx.notify(problem, "error")
    table = Table(ctx)
    ctx.demo["table"] = table
    log.info("rainbowtable %s started", __version__)

    def start() -> None:
        from rainbowtable.ui.scenes import navigation

        navigation.open_first_scene(
            ctx, save=args.save, demo=args.demo, seats=args.seats, seed=args.seed, scene=args.scene
        )

    return table, start
