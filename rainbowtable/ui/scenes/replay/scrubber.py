"""The replay's scrubber: a track along the foot of the board with a mark for every position (0, the
set-up, to the last move), numbered at a step that keeps the numbers apart at any size, and a handle at the
position shown. A click jumps; a drag follows the pointer."""

from __future__ import annotations

import pygame

from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context

LABEL_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000)
"""The moves between two numbered marks: the first that keeps the numbers apart is used."""


def label_step(count: int, width: int, label_w: int) -> int:
    """The numbering step for `count` positions on a track `width` wide, numbers at most `label_w` wide:
    each number keeps at least its own width apart from the next."""
    for step in LABEL_STEPS:
        marks = count // step + 1
        if marks <= 1 or width / max(1, count) * step >= label_w * 2:
            return step
    return LABEL_STEPS[-1]


class Scrubber:
    def __init__(self, ctx: Context, length: int) -> None:
        self.ctx = ctx
        self.length = length
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.track = pygame.Rect(0, 0, 1, 1)
        self.dragging = False

    def height(self) -> int:
        """The track, its handle and the numbers under it."""
        return self.ctx.px(22) + self.ctx.theme.font(13).get_linesize() + self.ctx.px(4)

    def place(self, rect: pygame.Rect) -> None:
        """Lay the scrubber out in `rect`; the track (the line the handle runs along) is inset so that the
        end numbers stay inside."""
        self.rect = pygame.Rect(rect)
        inset = self.ctx.theme.font(13).size(str(self.length))[0] // 2 + self.ctx.px(12)
        y = self.rect.y + self.ctx.px(11)
        self.track = pygame.Rect(self.rect.x + inset, y, max(1, self.rect.w - 2 * inset), 1)

    def x_of(self, position: int) -> int:
        track = self.track
        return track.x + round(track.w * position / max(1, self.length))

    def position_at(self, x: int) -> int:
        track = self.track
        return max(0, min(self.length, round((x - track.x) * self.length / max(1, track.w))))

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether pos is on the scrubber: the track's height and the numbers, a little either side."""
        return self.rect.inflate(self.ctx.px(8), self.ctx.px(6)).collidepoint(pos)

    def handle_event(self, event: pygame.event.Event) -> int | None:
        """A press on the track or a drag along it: the position to show; None otherwise."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event.pos):
            self.dragging = True
            return self.position_at(event.pos[0])
        if event.type == pygame.MOUSEMOTION and self.dragging:
            if not event.buttons[0]:
                self.dragging = False
                return None
            return self.position_at(event.pos[0])
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return self.position_at(event.pos[0])
        return None

    def draw(self, surface: pygame.Surface, position: int) -> None:
        ctx = self.ctx
        px = ctx.px
        track = self.track
        small = ctx.theme.font(13)
        line_w = max(2, px(4))
        bar = pygame.Rect(track.x, track.y - line_w // 2, track.w, line_w)
        pygame.draw.rect(surface, theme.FELT_EDGE, bar.inflate(px(2), px(2)), border_radius=line_w)
        done = pygame.Rect(bar.x, bar.y, self.x_of(position) - bar.x, bar.h)
        if done.w > 0:
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=line_w)
        step = label_step(self.length, track.w, small.size(str(self.length))[0] + px(6))
        spacing = track.w / max(1, self.length)
        minor = 1 if spacing >= px(4) else max(1, step // 5) if spacing * max(1, step // 5) >= px(4) else step
        for mark in range(0, self.length + 1, minor):
            x = self.x_of(mark)
            numbered = mark % step == 0
            tall = px(7) if numbered else px(4)
            pygame.draw.line(
                surface, theme.ON_FELT_SOFT, (x, bar.bottom + px(2)), (x, bar.bottom + px(1) + tall), 1
            )
        label_y = bar.bottom + px(9)
        last_x = self.x_of(self.length) - small.size(str(self.length))[0] - px(6)
        for mark in range(0, self.length + 1, step):
            x = self.x_of(mark)
            if mark != self.length and x + small.size(str(mark))[0] // 2 > last_x:
                continue  # the last move's own number takes the end
            draw.text(surface, small, str(mark), (x, label_y), theme.ON_FELT_SOFT, anchor="midtop")
        if self.length % step:
            draw.text(
                surface,
                small,
                str(self.length),
                (self.x_of(self.length), label_y),
                theme.ON_FELT,
                anchor="midtop",
            )
        radius = px(9)
        centre = (self.x_of(position), track.y)
        pygame.draw.circle(surface, theme.ACCENT_DARK, centre, radius + max(1, px(2)))
        pygame.draw.circle(surface, theme.ACCENT if not self.dragging else theme.PAPER, centre, radius)
