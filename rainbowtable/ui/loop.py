"""The frame loop: events to the UI manager then the top scene, update by `dt`, draw only when something
changed. `Table.step(dt, events)` is the whole of one frame, so tests drive it with a fixed `dt` and
synthetic events and never sleep; `Table.run` adds the real clock, idling, `--quit-after` and screenshots.
"""

from __future__ import annotations

import functools
import gc
import os
import sys
import time
from pathlib import Path
from typing import Any

import pygame

from rainbowtable.core import collector
from rainbowtable.ui import draw, picture_cache, text_cache, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.theme import effective_scale

MIN_WINDOW = (800, 500)
RESIZE_SETTLE_S = 0.15
"""A window being resized is laid out again once its size has rested this long (issue 37): a drag reports
a new size every frame, and laying every screen out again (new fonts, widgets, a dialog) takes far longer
than a frame. Until then the last layout is shown scaled to the window."""
IDLE_AFTER_S = 0.6  # keep drawing this long after the last event, for hover fades and the caret
IDLE_WAIT_MS = 250
FPS = 60
SWITCH_INTERVAL_S = 0.001
"""How long a thread that thinks (a computer seat, a hint, a review) keeps the interpreter once the table's
thread asks for it back (Python's default is 5 ms). The table gives the interpreter up each time it waits
for the next frame, and at 5 ms every frame drawn while the computer thought could wait that long, more
than once: on the table, during a Hard-against-Hard Dice Box game, frames more than 25 ms apart went from
37 to 1 in 30 s (the 99th percentile of the gap between frames from 25.6 to 20.9 ms), with as many moves
played."""


@functools.cache
def ui_event_types() -> frozenset[int]:
    """The pygame_gui events a scene hears about (read when first needed: pygame_gui loads after the first
    frame)."""
    import pygame_gui

    return frozenset(
        {
            pygame_gui.UI_BUTTON_PRESSED,
            pygame_gui.UI_BUTTON_START_PRESS,
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
            pygame_gui.UI_TEXT_ENTRY_CHANGED,
            pygame_gui.UI_TEXT_ENTRY_FINISHED,
            pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
            pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION,
            pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
            pygame_gui.UI_WINDOW_CLOSE,
            pygame_gui.UI_CHECK_BOX_CHECKED,
            pygame_gui.UI_CHECK_BOX_UNCHECKED,
        }
    )


def widgets_waiting(manager: Any) -> bool:
    """Whether pygame_gui has not yet put on the screen what its widgets now are: a widget made or removed, or
    given a new look (enabled, disabled, relabelled) since the manager's last update."""
    group = manager.get_sprite_group()
    if getattr(group, "should_update_visibility", False):
        return True
    for element in group.sprites():
        shape = getattr(element, "drawable_shape", None)
        if shape is not None and shape.has_fresh_surface():
            return True
    return False


def settle_collector() -> None:
    """Once the table has settled: when start-up ran with the cyclic collector off (`main.py`), freeze what
    start-up made (it lives as long as the app, so scanning it again is wasted time, and a full collection
    over it is a long frame in the middle of a game) and switch the collector back on; from then on the
    searches' and saves' pauses freeze what they made too (`core/collector.py`). Does nothing where the
    collector was on (the tests, the benchmark's tables)."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()
        collector.set_aside_after_pauses(True)


class Table:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        ctx.table = self
        sys.setswitchinterval(SWITCH_INTERVAL_S)
        self.since_event_s = 0.0
        self.frames_drawn = 0
        self.force_draw = True
        self.frames_since_recovery: int | None = None
        """Frames since the table last recovered from an unexpected error (None: it never had to)."""
        self.laid_out_size = ctx.size
        """The window size the screens are laid out for (`resized`)."""
        self.resize_pending = False
        self.since_resize_s = 0.0

    # one frame ---------------------------------------------------------------------------------------
    def step(self, dt: float, events: list[pygame.event.Event]) -> bool:
        """Process one frame. Returns True when it drew. An unexpected error in a scene's event handling,
        update or drawing is recovered from (`crash.recover`: what would be lost is kept, a report written,
        the title shown), unless the environment asks for bugs to be raised."""
        try:
            drew = self._step(dt, events)
        except Exception as error:
            from rainbowtable.ui import crash

            if crash.should_raise():
                raise
            crash.recover(self, error)
            return False
        if self.frames_since_recovery is not None:
            self.frames_since_recovery += 1
        return drew

    def _step(self, dt: float, events: list[pygame.event.Event]) -> bool:
        ctx = self.ctx
        for event in events:
            self.since_event_s = 0.0
            if event.type == pygame.QUIT:
                ctx.quit_requested = True
                continue
            if event.type == pygame.VIDEORESIZE or event.type == pygame.WINDOWSIZECHANGED:
                self.window_resizing()
                continue
            # No manager yet (the first frame of the title): no widget can have taken the event.
            consumed = ctx.has_manager and ctx.manager.process_events(event)
            top = ctx.scenes.top
            if top is None:
                continue
            if ctx.has_manager and event.type in ui_event_types():
                top.handle_ui_event(event)
                top.dirty = True
            elif not consumed and top.handle_event(event):
                top.dirty = True
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                top.dirty = True
        self.since_event_s += dt
        if self.resize_pending:
            self.since_resize_s += dt
            if self.since_resize_s >= RESIZE_SETTLE_S:
                self.resized()
        # Before the first frame is shown nobody can have hovered anything, and pygame_gui's update would
        # spend that frame pre-rendering the hover and press looks of every button: those wait a frame.
        if self.frames_drawn and ctx.has_manager:
            ctx.manager.update(dt)
        top = ctx.scenes.top
        if top is not None:
            top.update(dt)
            if ctx.has_manager and widgets_waiting(ctx.manager):
                # A widget made, removed or changed by the update (a computer's move gives the human End
                # turn) is a change of what is shown: draw it now, never when the mouse next moves.
                top.dirty = True
        for notice in ctx.notices:
            notice.remaining_s -= dt
        had_notices = bool(ctx.notices)
        ctx.notices[:] = [n for n in ctx.notices if n.remaining_s > 0]
        if not self.needs_draw(had_notices):
            return False
        self.draw()
        return True

    def needs_draw(self, had_notices: bool = False) -> bool:
        top = self.ctx.scenes.top
        return (
            self.force_draw
            or had_notices
            or self.since_event_s < IDLE_AFTER_S
            or (top is not None and (top.dirty or top.is_busy()))
        )

    def draw(self) -> None:
        ctx = self.ctx
        screen = ctx.screen
        for scene in ctx.scenes.visible():
            scene.draw(screen)
            scene.dirty = False
        if ctx.has_manager:
            if self.frames_drawn and widgets_waiting(ctx.manager):
                # pygame_gui shows a widget's new look, and a new or removed widget, only from its next
                # update: give the ones made since (by a scene's update or draw) that update now.
                ctx.manager.update(0.0)
            ctx.manager.draw_ui(screen)
        self.draw_notices(screen)
        if self.resize_pending:
            window = pygame.display.get_surface()
            if window is not None and window is not screen:
                pygame.transform.scale(screen, window.get_size(), window)
        self.force_draw = False
        self.frames_drawn += 1

    def draw_notices(self, screen: pygame.Surface) -> None:
        ctx = self.ctx
        if not ctx.notices:
            return
        font = ctx.theme.font(17, "bold")
        top = ctx.scenes.top
        area = top.notice_area() if top is not None else ctx.rect
        wrapped = [
            draw.wrap(font, notice.text, max(ctx.px(120), min(area.w - ctx.px(80), ctx.px(720))))
            for notice in ctx.notices
        ]
        # From the top of the area; a stack taller than the area rises so that it ends at its bottom.
        total = sum(len(lines) * font.get_linesize() + ctx.px(28) for lines in wrapped)
        y = max(min(area.y, area.bottom - total), ctx.px(64))
        for notice, lines in zip(ctx.notices, wrapped, strict=True):
            colour = {"error": theme.BAD, "good": theme.GOOD}.get(notice.kind, theme.INK)
            height = len(lines) * font.get_linesize() + ctx.px(20)
            width = max(font.size(line)[0] for line in lines) + ctx.px(48)
            rect = pygame.Rect(0, y, width, height)
            rect.centerx = area.centerx
            draw.card(screen, rect, radius=ctx.px(10), lift=ctx.px(4))
            pygame.draw.rect(
                screen,
                colour,
                pygame.Rect(rect.x, rect.y, ctx.px(6), rect.h),
                border_top_left_radius=ctx.px(10),
                border_bottom_left_radius=ctx.px(10),
            )
            ty = rect.y + ctx.px(10)
            for line in lines:
                draw.text(screen, font, line, (rect.x + ctx.px(24), ty), theme.INK)
                ty += font.get_linesize()
            y = rect.bottom + ctx.px(8)

    def window_resizing(self) -> None:
        """The window reports a new size (many a second while it is dragged): the screens keep their layout,
        drawn off screen at the size they are laid out for and shown scaled to the window, until the size
        rests for RESIZE_SETTLE_S; then `resized` lays them out once. Every frame of a drag stays cheap."""
        window = pygame.display.get_surface()
        if not self.resize_pending and (window is None or window.get_size() == self.laid_out_size):
            return  # a late report of a size already laid out: nothing to do
        self.since_resize_s = 0.0
        self.force_draw = True
        if not self.resize_pending:
            self.resize_pending = True
            self.ctx.screen = pygame.Surface(self.laid_out_size)

    def resized(self) -> None:
        """Lay every screen out again for the window's size now (also called directly: a size chosen in
        the settings, tests)."""
        ctx = self.ctx
        self.resize_pending = False
        surface = pygame.display.get_surface()
        if surface is not None:
            ctx.screen = surface
        self.laid_out_size = ctx.size
        if ctx.has_manager:
            ctx.manager.set_window_resolution(ctx.size)
        if abs(effective_scale(ctx.settings.ui_scale, ctx.size) - ctx.theme.scale) > 1e-6:
            from rainbowtable.ui.boot import apply_display_settings  # boot imports this module

            apply_display_settings(self)
            return
        self.rebuild_all()

    def rebuild_all(self) -> None:
        top = self.ctx.scenes.top
        if top is not None:
            top.resize()
        self.force_draw = True

    # the real loop -----------------------------------------------------------------------------------
    def run(self, quit_after_s: float | None = None, screenshot: Path | None = None) -> int:
        ctx = self.ctx
        clock = pygame.time.Clock()
        started = time.perf_counter()
        last = started
        announced = False
        while not ctx.quit_requested:
            if self.needs_draw() or ctx.notices:
                # Pace frames, but never hold back the first one: the window should show at once.
                if announced:
                    clock.tick(FPS)
                events = pygame.event.get()
            else:
                # Idle table: sleep until something happens (or a slow tick for the caret).
                first = pygame.event.wait(IDLE_WAIT_MS)
                events = [first] if first.type != pygame.NOEVENT else []
                events += pygame.event.get()
            now = time.perf_counter()
            dt = min(0.1, now - last)
            last = now
            if self.step(dt, events):
                pygame.display.flip()
                if not announced:
                    announced = True
                    if os.environ.get("RAINBOWTABLE_REPORT_READY"):
                        print(f"rainbowtable: ready {time.perf_counter():.4f}", flush=True)
                    # The first screen's words are known: keep them for the next start, and keep no
                    # more drawings (`picture_cache`) until the next start.
                    text_cache.settle()
                    picture_cache.settle()
                    # What the first frame did without: pygame_gui for the other screens (about 50 ms,
                    # over before anyone can react to the window), then sound. The samples are computed in
                    # a thread; started first, it took the interpreter from the import for about as long.
                    ctx.manager.update(0.0)
                    if ctx.sounds is not None:
                        ctx.sounds.start()
                    settle_collector()
                    if os.environ.get("RAINBOWTABLE_REPORT_READY"):
                        print(f"rainbowtable: settled {time.perf_counter():.4f}", flush=True)
            if quit_after_s is not None and now - started >= quit_after_s:
                break
        if screenshot is not None:
            self.draw()
            self.save_screenshot(screenshot)
        return 0

    def save_screenshot(self, path: Path) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.ctx.screen, str(path))
        except (OSError, pygame.error) as error:
            print(f"rainbowtable: could not write the screenshot {path}: {error}", file=sys.stderr)
