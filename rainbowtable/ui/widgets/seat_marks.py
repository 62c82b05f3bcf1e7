"""A seat's token: its display colour with a glyph, so seats differ by shape as well as by colour."""

from __future__ import annotations

import math

import pygame

from rainbowtable.ui.theme import SEAT_RGB


def draw_seat_token(
    surface: pygame.Surface, seat: int, colour: str, centre: tuple[int, int], radius: int
) -> None:
    rgb = SEAT_RGB.get(colour, (128, 128, 128))
    x, y = centre
    pygame.draw.circle(surface, (0, 0, 0, 60), (x, y + max(1, radius // 5)), radius)
    pygame.draw.circle(surface, rgb, centre, radius)
    pygame.draw.circle(surface, tuple(max(0, c - 60) for c in rgb), centre, radius, max(1, radius // 6))
    inner = max(2, radius // 2)
    white = (255, 255, 255)
    shape = seat % 4
    if shape == 0:
        pygame.draw.circle(surface, white, centre, max(2, inner * 2 // 3))
    elif shape == 1:
        pts = [
            (x + inner * math.cos(a), y + inner * math.sin(a))
            for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)
        ]
        pygame.draw.polygon(surface, white, pts)
    elif shape == 2:
        pygame.draw.rect(
            surface,
            white,
            pygame.Rect(x - inner * 3 // 4, y - inner * 3 // 4, inner * 3 // 2, inner * 3 // 2),
        )
    else:
        pts = [(x, y - inner), (x + inner, y), (x, y + inner), (x - inner, y)]
        pygame.draw.polygon(surface, white, pts)
