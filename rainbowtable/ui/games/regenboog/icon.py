"""The De Regenboog drawing for its title-screen tile: seven hex flowers on a blue sea, the middle one
sandy with a red fuel point, the fields tinted by their position colours, and a little ship.

Drawn from shapes (no image files), cached per size. Holds no rules and no game state.
"""

from __future__ import annotations

import functools
import math

import pygame

from rainbowtable.geometry.hexgrid import ORIGIN, Hex, add, direction, scale, to_pixel
from rainbowtable.ui import theme

SEA = (38, 92, 132)
SAND = (240, 231, 206)
# The standard layout's segment centres (regenboog.md §2.3.3), restated here so that drawing the title
# tile loads none of the game's modules.
STANDARD_CENTRES: tuple[Hex, ...] = (ORIGIN, *(scale(direction(k), 3) for k in range(1, 7)))


def segment_fields(centre: Hex) -> tuple[Hex, ...]:
    return (centre, *(add(centre, direction(k)) for k in range(1, 7)))


def _points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i))) for i in range(6)
    ]


@functools.lru_cache(maxsize=8)
def picture(side: int) -> pygame.Surface:
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.rect(image, SEA, image.get_rect(), border_radius=max(4, side // 8))
    size = side / 15.5
    origin = (side / 2, side / 2)
    for centre in STANDARD_CENTRES:
        for p, h in enumerate(segment_fields(centre)):
            x, y = to_pixel(h, size, origin)
            if p == 0:
                fill = SAND
            else:
                base = theme.RAINBOW[p - 1]
                fill = (base[0] // 2 + 120, base[1] // 2 + 120, base[2] // 2 + 120)
            pygame.draw.polygon(image, fill, _points(x, y, size * 0.94))
    pygame.draw.circle(image, (214, 52, 48), (round(origin[0]), round(origin[1])), max(2, round(size * 0.5)))
    sx, sy = to_pixel(STANDARD_CENTRES[2], size, origin)
    pygame.draw.circle(image, (246, 204, 52), (round(sx), round(sy)), max(2, round(size * 0.45)))
    pygame.draw.circle(image, (250, 250, 245), (round(sx), round(sy)), max(2, round(size * 0.45)), width=1)
    return image
