"""A stand-in for the replay screen around its review strip (issue 43): the strip placed as the replay screen
places it (the graph under a scrubber's band, full width of the board area; the turning points in the side
panel below the move log), its events forwarded, its answer taken as the position shown. Holds no
assertions; the tests drive it through a real `Table`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from rainbowtable.core.replay import Replay
from rainbowtable.ui import draw
from rainbowtable.ui.context import Context
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes.replay.review import ReviewStrip

DEPTH = 6
"""Simulations a position: enough for the strip's tests (the depth changes the estimates, not the strip)."""


class StripHost(Scene):
    def __init__(self, ctx: Context, replay: Replay, save: Path | None, *, depth: int | None = DEPTH) -> None:
        super().__init__(ctx)
        self.strip = ReviewStrip(ctx, replay, save)
        self.strip.simulations = depth
        self.position = replay.length
        self.jumps: list[int] = []
        self.hints: list[Any] = []

    def enter(self) -> None:
        super().enter()
        self.strip.start()

    def build(self) -> None:
        ctx = self.ctx
        w, h = ctx.size
        margin = ctx.px(12)
        panel_w = max(ctx.px(260), w * 28 // 100)
        board_w = w - panel_w - 3 * margin
        graph_h = self.strip.height(board_w)
        graph = pygame.Rect(margin, h - margin - graph_h, board_w, graph_h)
        panel_x = margin * 2 + board_w
        log_h = (h - 2 * margin) * 55 // 100
        points = pygame.Rect(panel_x, margin + log_h + margin, panel_w, h - 3 * margin - log_h)
        self.scrubber = pygame.Rect(margin, graph.y - margin - ctx.px(40), board_w, ctx.px(40))
        self.strip.place(graph, points)

    def exit(self) -> None:
        self.strip.close()
        super().exit()

    def handle_event(self, event: pygame.event.Event) -> bool:
        position = self.strip.handle_event(event)
        if position is None:
            return False
        self.position = position
        self.jumps.append(position)
        return True

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        return self.strip.handle_ui_event(event)

    def update(self, dt: float) -> None:
        if self.strip.update(dt):
            self.dirty = True
        self.hints.append(self.strip.preferred_at(self.position))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(draw.felt(self.ctx.size), (0, 0))
        pygame.draw.rect(surface, (20, 44, 50), self.scrubber, border_radius=self.ctx.px(8))
        self.strip.draw(surface, self.position)
