"""`resize_ms` for the benchmark (issue 37): the worst frame while the window is resized with a dialog
open, over the screens a dialog opens on (target at most 100 ms).

The window is dragged from 1280x720 up to 1920x1080 and down to the smallest window in steps, as a
window manager reports a drag, each step one frame of the real loop (`Table.step`) that also draws;
the worst frame's processor time counts (other work on the machine does not). Holds nothing the app
uses.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

SIZES = (
    *((1280 + 64 * i, 720 + 36 * i) for i in range(11)),
    *((1920 - 112 * i, 1080 - 58 * i) for i in range(1, 11)),
)
"""A drag from 1280x720 to 1920x1080 and on down to 800x500 (the smallest window), 21 frames."""


def measure_resize() -> dict[str, Any]:
    """With a dialog open on each screen: the worst frame (ms of processor time) while the window is
    dragged (`drag`, and their `max`), and the one frame that lays the screens out once it rests
    (`settle`)."""
    import pygame

    from rainbowtable.core.match import Match
    from rainbowtable.core.options import option_specs
    from rainbowtable.core.seats import default_seats
    from rainbowtable.games import GAMES
    from rainbowtable.storage.paths import default_paths
    from rainbowtable.storage.settings import Settings
    from rainbowtable.ui.boot import make_context
    from rainbowtable.ui.loop import Table
    from rainbowtable.ui.scenes import dialogs, navigation

    paths = default_paths()
    paths.ensure()
    ctx = make_context(
        paths, logging.getLogger("rainbowtable.bench"), settings=Settings(), size=(1280, 720), sound=False
    )
    table = Table(ctx)

    # The first game's table, and the new-game screen with the most options (the tallest to lay out).
    first = GAMES[0].rules
    most_options = max(
        (entry.rules for entry in GAMES), key=lambda rules: len(option_specs(rules.options_type))
    )

    def play() -> None:
        match = Match(first, first.default_options(), default_seats(first.seat_counts.start), 7)
        match.advance()
        navigation.open_play(ctx, match)

    screens: dict[str, Callable[[], Any]] = {
        "title": lambda: navigation.open_title(ctx),
        "new_game": lambda: navigation.open_new_game(ctx, most_options),
        "play": play,
    }
    drag: dict[str, float] = {}
    settled: dict[str, float] = {}
    for name, open_screen in screens.items():
        pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
        table.resized()
        open_screen()
        dialogs.confirm(
            ctx, "Leave this game?", "A question, open while the window is resized.", lambda: None
        )
        for _ in range(3):
            table.step(1 / 60, [])
        worst = 0.0
        for size in SIZES:
            pygame.display.set_mode(size, pygame.RESIZABLE)
            event = pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            started = time.thread_time()
            table.step(1 / 60, [event])
            worst = max(worst, (time.thread_time() - started) * 1000)
        settle = 0.0
        while table.resize_pending:  # the window rests: one layout for its final size
            started = time.thread_time()
            table.step(1 / 60, [])
            settle = max(settle, (time.thread_time() - started) * 1000)
        drag[name] = round(worst, 1)
        settled[name] = round(settle, 1)
    pygame.quit()
    return {"max": max(drag.values()), "drag": drag, "settle": settled}
