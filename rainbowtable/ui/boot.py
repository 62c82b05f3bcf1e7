"""Building the table: window, UI manager, theme, context and the first screen.

`make_context` is shared by the app, the benchmark and the headless tests, so all three run the same code.
"""

from __future__ import annotations

import argparse
import logging
import time
import warnings
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from rainbowtable import __version__
from rainbowtable.core.i18n import _, install_language
from rainbowtable.core.rng import Rng
from rainbowtable.storage.paths import Paths, assets_dir
from rainbowtable.storage.settings import Settings, load_settings
from rainbowtable.ui import picture_cache, text_cache
from rainbowtable.ui.context import Context
from rainbowtable.ui.loop import MIN_WINDOW, Table
from rainbowtable.ui.theme import Theme, effective_scale, held_back_percent

if TYPE_CHECKING:
    import pygame_gui


def make_manager(ctx: Context) -> pygame_gui.UIManager:
    """The pygame_gui manager for the context's window and theme (imported here, on first use: the first
    frame of the title does not need it)."""
    import pygame_gui

    # The theme names every font the widgets use, so pygame_gui loads those as it reads the theme. Any
    # other size is loaded the first time it is drawn; pygame_gui warns about that ("preload this font"),
    # which is advice for its own start-up, not a fault, so that one warning is silenced here. Preloading
    # everything instead cost about 10 ms of start-up for fonts most sessions never draw.
    warnings.filterwarnings("ignore", message=r"(?i).*(pre-load|preload).*font", category=UserWarning)
    from rainbowtable.ui.gui_loading import LoadHere

    manager = pygame_gui.UIManager(
        ctx.size, ctx.theme.gui_theme(), enable_live_theme_updates=False, resource_loader=LoadHere()
    )
    # A loader of our own is not started by the manager (pygame_gui leaves that to whoever made it).
    manager.resource_loader.start()
    manager.resource_loader.update()
    return manager


def open_window(size: tuple[int, int], fullscreen: bool, log: logging.Logger | None = None) -> pygame.Surface:
    flags = pygame.RESIZABLE | (pygame.FULLSCREEN if fullscreen else 0)
    # The icon before the window: the window shows with it from the start, and pygame loads its own default
    # icon (through importlib.resources, a few ms of start-up) only for a window that has none yet.
    try:
        icon = pygame.image.load(str(assets_dir() / "icons" / "rainbowtable-64.png"))
        pygame.display.set_icon(icon)
    except (OSError, pygame.error) as error:
        # An icon is nice to have; a missing one must not stop the table, but it is worth a log line.
        (log or logging.getLogger("rainbowtable")).info("no window icon: %s", error)
    screen = pygame.display.set_mode(size, flags)
    pygame.display.set_caption("rainbowtable")
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
        # Every text from here on (the first screen's included) is in the chosen language.
        install_language(settings.language, log)
        if problem:
            # Read again for the message in that language (reading never raises and changes nothing).
            settings, again = load_settings(paths)
            notes.append(again or problem)
    else:
        install_language(settings.language, log)
    # Only what the first frame needs. `pygame.init()` would also open the audio device (the longest part of
    # it on a real machine), and at pygame's 44.1 kHz stereo, while the table's sounds are made at
    # `sound.RATE` mono: the sound thread opens the mixer itself, after the first frame, at that rate.
    pygame.display.init()
    pygame.font.init()
    window_size = size or settings.window_size
    screen = open_window(window_size, settings.fullscreen and size is None, log)
    theme = Theme(scale=effective_scale(settings.ui_scale, screen.get_size()))
    # The games seated at this table: the two registries, wired in here (not imported by any scene).
    from rainbowtable.games import GAMES
    from rainbowtable.ui.games import GAME_UIS

    ctx = Context(
        screen=screen,
        make_manager=make_manager,
        paths=paths,
        settings=settings,
        theme=theme,
        cosmetic=Rng.from_seed(time.time_ns()),
        log=log,
        games=GAMES,
        game_uis=dict(GAME_UIS),
    )
    if sound:
        from rainbowtable.ui.sound import Sounds

        ctx.sounds = Sounds()
    for note in notes:
        ctx.notify(note, "error")
    say_if_scale_held_back(ctx)
    return ctx


def apply_language(table: Table) -> None:
    """After the language setting changed: install its catalogue and lay every screen out again in it."""
    wanted = table.ctx.settings.language
    installed = install_language(wanted, table.ctx.log)
    if installed != wanted:
        # The catalogue was not compiled or is damaged (the log says which): say so rather than seem to
        # ignore the click, and keep the setting on the language shown, so its button is the one lit.
        table.ctx.update_settings(replace(table.ctx.settings, language=installed))
        table.ctx.notify(_("That language is not installed here; the table stays in English."), "error")
    apply_display_settings(table)


def apply_display_settings(table: Table) -> None:
    """After a settings change: a new theme and manager at the new scale, every screen laid out again."""
    ctx = table.ctx
    ctx.theme = Theme(scale=effective_scale(ctx.settings.ui_scale, ctx.size))
    ctx.drop_manager()
    table.rebuild_all()
    say_if_scale_held_back(ctx)


def say_if_scale_held_back(ctx: Context) -> None:
    """Said at start-up and after every change of scale or window, so that a chosen size that seems to do
    nothing is not a mystery."""
    held = held_back_percent(ctx.settings.ui_scale, ctx.size)
    if held is not None:
        ctx.notify(
            _("This window holds text and buttons up to {held}%: make it larger for {chosen}%.").format(
                held=held, chosen=ctx.settings.ui_scale
            ),
            "info",
        )


def boot(
    args: argparse.Namespace,
    paths: Paths,
    log: logging.Logger,
    problems: list[str],
    *,
    size: tuple[int, int] | None = None,
) -> tuple[Table, Callable[[], None]]:
    # The app keeps what every start draws alike (the games' pictures, the first screen's words); the
    # tests and the benchmark's tables draw it all, every time.
    picture_cache.keep_in(paths.cache_dir)
    text_cache.begin()
    ctx = make_context(paths, log, size=size)
    for problem in problems:
        ctx.notify(problem, "error")
    table = Table(ctx)
    log.info("rainbowtable %s started", __version__)

    def start() -> None:
        from rainbowtable.ui.scenes import navigation

        navigation.open_first_scene(
            ctx, save=args.save, demo=args.demo, seats=args.seats, seed=args.seed, scene=args.scene
        )

    return table, start
