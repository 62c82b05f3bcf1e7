"""How Colosseum Offcuts' actions move and sound: every placing, move and flip makes the "place" sound, and
a capture lifts the taken Fortification off its stack (drawn as the board draws a counter)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from rainbowtable.games.colosseum_offcuts.model import (
    ColosseumState,
    Counter,
    FlipCounter,
    MoveAttack,
    MoveMobile,
    PlaceCounter,
)
from rainbowtable.ui import theme
from rainbowtable.ui.games.colosseum_offcuts.drawing import counter_image
from rainbowtable.ui.games.colosseum_offcuts.layout import Camera, ColosseumLayout
from rainbowtable.ui.table.view import Animation, BoardMotion, Look

CAPTURE_S = 0.7


class ColosseumMotion(BoardMotion):
    """A capture's animation, and the sound of each action."""

    where: ColosseumLayout

    def __init__(self, camera: Camera) -> None:
        super().__init__()
        self.camera = camera

    def animation_for(
        self, before: Any, action: Any, after: Any, speed: float, look: Look
    ) -> Animation | None:
        assert isinstance(before, ColosseumState) and isinstance(after, ColosseumState)
        if speed <= 0 or not isinstance(action, MoveAttack) or len(after.captured) <= len(before.captured):
            return None
        victim = after.captured[-1]
        self.camera.see(self.where, after)
        rect = self.where.cell_rect(action.to, self.camera)
        return CaptureAnimation(victim, rect, speed, look.glyphs)

    def sound_for(self, action: Any) -> str | None:
        if isinstance(action, PlaceCounter | MoveMobile | MoveAttack | FlipCounter):
            return "place"
        return None


class CaptureAnimation:
    """The captured Fortification rises off the stack, shrinks and fades, with a red cross."""

    def __init__(self, victim: Counter, rect: pygame.Rect, speed: float, glyphs: bool) -> None:
        self.victim = victim
        self.rect = rect
        self.speed = speed
        self.glyphs = glyphs
        self.t = 0.0

    @property
    def done(self) -> bool:
        return self.t >= CAPTURE_S

    def update(self, dt: float) -> None:
        self.t += dt * self.speed

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        if self.done:
            return []
        k = self.t / CAPTURE_S
        size = max(6, int(self.rect.w * (0.9 - 0.4 * k)))
        image = counter_image(self.victim, size, self.glyphs).copy()
        image.set_alpha(int(255 * (1 - k)))
        r = image.get_rect(center=(self.rect.centerx, self.rect.centery - int(self.rect.h * 0.8 * k)))
        surface.blit(image, r)
        pygame.draw.line(surface, theme.BAD, r.topleft, r.bottomright, 3)
        pygame.draw.line(surface, theme.BAD, r.topright, r.bottomleft, 3)
        return [r.inflate(4, 4)]

    def hides(self) -> frozenset[Hashable]:
        return frozenset()
