"""How Rainbow Passage's things look, drawn from shapes: the six square colours in the spec's order, each
seat's star colour, the star pieces (4, 5, 6 or 8 points over a base disc) and the frame's wood.

Imports nothing of the game's code, so the title-screen icon can use it before any game loads.
"""

from __future__ import annotations

import math

import pygame

from rainbowtable.ui.theme import RGB

SQUARE_RGB: tuple[RGB, ...] = (
    (214, 70, 62),  # red
    (82, 168, 88),  # green
    (62, 116, 200),  # blue
    (240, 200, 62),  # yellow
    (70, 186, 196),  # cyan
    (186, 74, 160),  # magenta
)
"""The printed colours in rainbow_passage.md §1.1 order, each drawn with its glyph in `GLYPH_OF`."""
GLYPH_OF: tuple[int, ...] = (0, 3, 1, 2, 6, 5)
"""Each printed colour's glyph (`glyphs.GLYPH_NAMES`), in the order above: red circle, green diamond, blue
triangle, yellow square, cyan plus, magenta hexagon. Red, green, yellow and magenta (violet) wear the glyphs
they wear in the other games; no square wears the star, which blue wears there: the pieces are stars, and
squares marked with stars (cyan's, when glyph i went with colour i) read as pieces."""
STAR_POINTS: tuple[int, ...] = (4, 5, 6, 8)
PIECE_RGB: tuple[RGB, ...] = ((246, 240, 226), (52, 50, 60), (236, 178, 52), (128, 92, 188))
"""Each seat's star colour: ivory, charcoal, gold, violet; the number of points tells them apart too."""
FRAME_RGB: RGB = (150, 104, 62)
FRAME_DARK: RGB = (96, 62, 36)
INK: RGB = (30, 26, 24)


def star_polygon(cx: float, cy: float, outer: float, points: int) -> list[tuple[float, float]]:
    inner = outer * (0.42 if points <= 5 else 0.55)
    out = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / points
        out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return out


def draw_piece(
    surface: pygame.Surface, centre: tuple[float, float], size: float, seat: int, base: RGB
) -> pygame.Rect:
    """A player's piece: a disc of its base colour under a star with the seat's number of points."""
    cx, cy = centre
    radius = size * 0.46
    shadow = pygame.Rect(0, 0, int(radius * 2), int(radius * 2))
    shadow.center = (int(cx + size * 0.04), int(cy + size * 0.07))
    pygame.draw.ellipse(surface, (0, 0, 0), shadow)
    pygame.draw.circle(surface, base, (cx, cy), radius)
    pygame.draw.circle(surface, INK, (cx, cy), radius, max(1, int(size * 0.05)))
    rgb = PIECE_RGB[seat % len(PIECE_RGB)]
    polygon = star_polygon(cx, cy, size * 0.42, STAR_POINTS[seat % len(STAR_POINTS)])
    pygame.draw.polygon(surface, rgb, polygon)
    edge = INK if sum(rgb) > 300 else (236, 232, 220)
    pygame.draw.polygon(surface, edge, polygon, max(1, int(size * 0.05)))
    box = pygame.Rect(0, 0, int(size), int(size))
    box.center = (int(cx), int(cy))
    return box


def draw_token(
    surface: pygame.Surface, rect: pygame.Rect, base: RGB, crossed: bool, squash: float = 1.0
) -> pygame.Rect:
    """A start token on the frame: a rounded tile of its piece's base colour, crossed (the piece has not
    moved) or plain. `squash` (0..1) narrows it, for the flip animation; returns the rect drawn on."""
    width = max(1, round(rect.w * max(0.0, min(1.0, squash))))
    tile = pygame.Rect(0, 0, width, rect.h)
    tile.center = rect.center
    radius = max(2, rect.w // 4)
    pygame.draw.rect(surface, base, tile, border_radius=min(radius, width // 2))
    pygame.draw.rect(surface, INK, tile, 1, border_radius=min(radius, width // 2))
    if crossed and width >= 6:
        inner = tile.inflate(-tile.w // 3, -tile.h // 3)
        line = max(2, rect.w // 7)
        pygame.draw.line(surface, INK, inner.topleft, inner.bottomright, line)
        pygame.draw.line(surface, INK, inner.bottomleft, inner.topright, line)
    return rect
