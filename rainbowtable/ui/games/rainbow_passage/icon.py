"""The Rainbow Passage drawing for its title-screen tile: a small framed board of coloured squares with the
star in the middle, two star pieces facing each other and a colour die.

Drawn from shapes (no image files), cached per size. Holds no rules and no game state.
"""

from __future__ import annotations

import functools

import pygame

from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.ui.games.rainbow_passage.builder_view import PASSAGE_RGB
from rainbowtable.ui.games.rainbow_passage.view import (
    FRAME_DARK,
    FRAME_RGB,
    PALETTE,
    draw_piece,
    star_polygon,
)
from rainbowtable.ui.widgets.die import draw_colour_die

SIZE = 7
PATTERN = "RGBYCMGBYCMRGBYCMRMRGBYCYCMRGBGBYCMRGCMRGBYBYCMRGBRGBYCMYC"
COLOURS = {c.letter: c for c in PassageColour}


def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    surface.blit(_icon(rect.w, rect.h), rect)


@functools.lru_cache(maxsize=8)
def _icon(width: int, height: int) -> pygame.Surface:
    image = pygame.Surface((width, height), pygame.SRCALPHA)
    side = min(width, height) * 0.92
    cell = side / (SIZE + 1)
    board = pygame.Rect(0, 0, int(cell * (SIZE + 1)), int(cell * (SIZE + 1)))
    board.center = (width // 2, height // 2)
    pygame.draw.rect(image, FRAME_RGB, board, border_radius=int(cell * 0.3))
    pygame.draw.rect(image, FRAME_DARK, board, max(1, int(cell * 0.1)), border_radius=int(cell * 0.3))
    x0 = board.x + cell / 2
    y0 = board.y + cell / 2
    for i in range(SIZE * SIZE):
        x, y = i % SIZE, i // SIZE
        colour = COLOURS[PATTERN[i % len(PATTERN)]]
        square = pygame.Rect(int(x0 + x * cell), int(y0 + y * cell), int(cell) + 1, int(cell) + 1)
        pygame.draw.rect(image, PASSAGE_RGB[colour], square)
        pygame.draw.rect(image, (30, 26, 24), square, 1)
    middle = (x0 + 3.5 * cell, y0 + 3.5 * cell)
    pygame.draw.polygon(image, (255, 250, 235), star_polygon(*middle, cell * 0.42, 5))
    draw_piece(image, (x0 + 2.5 * cell, y0 + 5.5 * cell), cell * 1.1, 0, PassageColour.RED)
    draw_piece(image, (x0 + 4.5 * cell, y0 + 1.5 * cell), cell * 1.1, 1, PassageColour.BLUE)
    draw_colour_die(image, (x0 + 5.6 * cell, y0 + 5.4 * cell), int(cell * 1.5), 3, palette=PALETTE)
    return image
