"""Scrolling by whole items: a column of items of known heights, shown in a view from the `first` on, as
many as fit whole (at least the first, however tall), with a scrollbar in the right margin of the area
around the view, which the pointer clicks and drags, the mouse wheel over the area, and Page Up and Page
Down. The new-game screen's Options card scrolls so: an option row is shown whole or not at all, so no
control or line is ever cut at the card's edge.

Holds where the column is scrolled to and what the scrollbar looks like; the owner makes the shown items'
widgets again when `first` changes (`handle_event` asks it to, through `scroll_to`).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import N_, plural


class ItemScroll:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.area = pygame.Rect(0, 0, 0, 0)  # where the wheel scrolls; the scrollbar is in its right margin
        self.view = pygame.Rect(0, 0, 0, 0)  # where the items are shown
        self.items: list[int] = []  # each item's height
        self.first = 0  # the first item shown
        self.dragging = False  # the scrollbar's thumb is held

    def shown(self, first: int) -> range:
        """The items shown whole from `first` on (at least the first, however tall)."""
        room = self.view.h
        end = first
        while end < len(self.items) and (end == first or self.items[end] <= room):
            room -= self.items[end]
            end += 1
        return range(first, end)

    def last_first(self) -> int:
        """The first item when the column is scrolled to its end (the last item shown)."""
        first = len(self.items) - 1
        while first > 0 and self.shown(first - 1).stop == len(self.items):
            first -= 1
        return max(0, first)

    @property
    def scrolls(self) -> bool:
        """Whether the column holds more than the view shows."""
        return self.last_first() > 0

    def bar_rects(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scrollbar's track (in the area's right margin) and its thumb, or None when all fits."""
        if not self.scrolls:
            return None
        px = self.ctx.px
        view = self.view
        track = pygame.Rect(self.area.right - px(14), view.y, px(8), view.h)
        total = len(self.items)
        shown = self.shown(self.first)
        top = track.y + track.h * shown.start // total
        bottom = track.y + track.h * shown.stop // total
        return track, pygame.Rect(track.x, top, track.w, max(px(16), bottom - top))

    def handle_event(self, event: pygame.event.Event, scroll_to: Callable[[int], None]) -> bool:
        """The mouse wheel over the area, the scrollbar (click or drag), Page Up and Page Down: each calls
        `scroll_to` with the first item wanted (not yet kept in range)."""
        if not self.scrolls:
            return False
        bar = self.bar_rects()
        if event.type == pygame.MOUSEWHEEL:
            if self.area.collidepoint(pygame.mouse.get_pos()):
                scroll_to(self.first - int(event.y))
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = max(1, len(self.shown(self.first)) - 1)
            scroll_to(self.first + (page if event.key == pygame.K_PAGEDOWN else -page))
            return True
        if bar is None:
            return False
        track, thumb = bar
        hit = track.inflate(self.ctx.px(8), 0)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and hit.collidepoint(event.pos):
            if thumb.inflate(self.ctx.px(8), 0).collidepoint(event.pos):
                self.dragging = True
            else:
                page = max(1, len(self.shown(self.first)) - 1)
                scroll_to(self.first + (page if event.pos[1] >= thumb.bottom else -page))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            share = (event.pos[1] - track.y) / max(1, track.h)
            scroll_to(round(share * len(self.items) - 0.5))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The scrollbar, when there is one; its thumb lit while held; and how many items are below the view,
        in the room the last whole item leaves (a blank strip under it read as the list's end: De
        Regenboog's last three options went unseen)."""
        bar = self.bar_rects()
        if bar is None:
            return
        track, thumb = bar
        radius = track.w // 2
        pygame.draw.rect(surface, theme.PAPER_SHADE, track, border_radius=radius)
        colour = theme.ACCENT if self.dragging else theme.PAPER_LINE
        pygame.draw.rect(surface, colour, thumb, border_radius=radius)
        shown = self.shown(self.first)
        below = len(self.items) - shown.stop
        font = self.ctx.theme.font(14, "italic")
        bottom = self.view.y + sum(self.items[i] for i in shown)
        if below and self.view.bottom - bottom >= font.get_linesize():
            words = plural(below, N_("{n} more below"), N_("{n} more below"))
            at = (self.view.centerx, self.view.bottom)
            draw.text(surface, font, words, at, theme.INK_SOFT, "midbottom", box=self.view)
