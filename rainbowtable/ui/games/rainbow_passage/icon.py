"""The Rainbow Passage drawing for its title-screen tile: a small framed board of coloured squares with the
star in the middle, two star pieces facing each other and a colour die.

Drawn from shapes (no image files), cached per size. Holds no rules and no game state.
"""

from __future__ import annotations

import functools

import pygame

from rainbowtable.ui.games.rainbow_passage.pieces import (
    FRAME_DARK,
    FRAME_RGB,
    GLYPH_OF,
    SQUARE_RGB,
    draw_piece,
    star_polygon,
)
from rainbowtable.ui.widgets.die import draw_colour_die

SIZE = 7
PATTERN = "RGBYCMGBYCMRGBYCMRMRGBYCYCMRGBGBYCMRGCMRGBYBYCMRGBRGBYCMYC"
LETTERS = "RGBYCM"


def picture(side: int) -> pygame.Surface:
    """The title drawing, `side` pixels square."""
    return _icon(side, side)


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
        colour = SQUARE_RGB[LETTERS.index(PATTERN[i % len(PATTERN)])]
        square = pygame.Rect(int(x0 + x * cell), int(y0 + y * cell), int(cell) + 1, int(cell) + 1)
        pygame.draw.rect(image, colour, square)
        pygame.draw.rect(image, (30, 26, 24), square, 1)
    middle = (x0 + 3.5 * cell, y0 + 3.5 * cell)
    pygame.draw.polygon(image, (255, 250, 235), star_polygon(*middle, cell * 0.42, 5))
    draw_piece(image, (x0 + 2.5 * cell, y0 + 5.5 * cell), cell * 1.1, 0, SQUARE_RGB[0])
    draw_piece(image, (x0 + 4.5 * cell, y0 + 1.5 * cell), cell * 1.1, 1, SQUARE_RGB[2])
    draw_colour_die(
        image, (x0 + 5.6 * cell, y0 + 5.4 * cell), int(cell * 1.5), 3, palette=SQUARE_RGB, glyph_of=GLYPH_OF
    )
    return image
