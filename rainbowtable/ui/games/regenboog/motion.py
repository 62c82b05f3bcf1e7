"""How De Regenboog's actions move and sound: the game's turn shows its dice and drops the black discs onto
their fields (`DropAnimation`); a voyage and a disc turned up are placed, the blockade dice rolled."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from rainbowtable.games.regenboog.model import BlockadesRolled, DiscFlipped, RegenboogState, Travel
from rainbowtable.games.regenboog.rules import blockade_cell
from rainbowtable.games.regenboog.start import board_of
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.regenboog.drawing import BLACK_DISC, GREY_DISC
from rainbowtable.ui.games.regenboog.layout import Camera, RegenboogLayout
from rainbowtable.ui.glyphs import contrast_ink
from rainbowtable.ui.table.view import Animation, BoardMotion, Look
from rainbowtable.ui.theme import Theme


class RegenboogMotion(BoardMotion):
    """The blockade throw animated over the sea's fields (the camera's chart places them)."""

    where: RegenboogLayout

    def __init__(self, camera: Camera) -> None:
        super().__init__()
        self.camera = camera

    def sound_for(self, action: Any) -> str | None:
        if isinstance(action, BlockadesRolled):
            return "roll"
        if isinstance(action, (Travel, DiscFlipped)):
            return "place"
        return None

    def animation_for(
        self, before: Any, action: Any, after: Any, speed: float, look: Look
    ) -> Animation | None:
        if speed <= 0 or not isinstance(action, BlockadesRolled) or not isinstance(before, RegenboogState):
            return None
        chart = self.camera.chart(self.where, board_of(before.options))
        cells = [blockade_cell(before, throw) for throw in action.throws]
        targets = [chart.centre(c) for c in cells]
        return DropAnimation(
            targets, action.throws, max(4, round(chart.size * 0.46)), self.theme, 1.1 / speed
        )


class DropAnimation:
    """The game's turn: the dice show their faces, then two black discs fall onto their fields."""

    def __init__(
        self,
        targets: list[tuple[float, float]],
        throws: tuple[tuple[int, ...], ...],
        radius: int,
        th: Theme,
        duration: float,
    ) -> None:
        self.targets = targets
        self.throws = throws
        self.radius = radius
        self.theme = th
        self.duration = max(0.05, duration)
        self.t = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def update(self, dt: float) -> None:
        self.t += dt

    def hides(self) -> frozenset[Hashable]:
        return frozenset()

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        rects: list[pygame.Rect] = []
        p = min(1.0, self.t / self.duration)
        font = self.theme.font(14, "bold")
        die = self.theme.px(26)
        for k, ((tx, ty), throw) in enumerate(zip(self.targets, self.throws, strict=True)):
            local = min(1.0, max(0.0, (p - 0.25 * k) / 0.75))
            y = ty - (1 - local) ** 2 * self.theme.px(220)
            pos = (round(tx), round(y))
            rects.append(pygame.draw.circle(surface, BLACK_DISC, pos, self.radius).inflate(4, 4))
            x0 = round(tx) - (len(throw) * (die + 4)) // 2
            for j, value in enumerate(throw):
                # Standard board: (grey, black); large board: (black, white, grey) [RES-RG5].
                bodies = (
                    [BLACK_DISC, (240, 240, 236), GREY_DISC] if len(throw) == 3 else [GREY_DISC, BLACK_DISC]
                )
                colour = bodies[j]
                rect = pygame.Rect(
                    x0 + j * (die + 4), round(ty) - self.radius - die - self.theme.px(28), die, die
                )
                pygame.draw.rect(surface, colour, rect, border_radius=5)
                pygame.draw.rect(surface, theme.INK, rect, width=1, border_radius=5)
                draw.text(surface, font, str(value), rect.center, contrast_ink(colour), anchor="center")
                rects.append(rect.inflate(4, 4))
        return rects
