"""The Colosseum Offcuts drawing for its title-screen tile: a small group of counters on the felt, one
stack, light and dark sides, Board Pieces and Fortifications. Drawn from shapes, cached per size."""

from __future__ import annotations

import functools

import pygame

from rainbowtable.ui.games.colosseum_offcuts.tiles import tile_image

# (column, row, owner, fortification, attack side, height in the stack)
ICON_COUNTERS: tuple[tuple[int, int, int, bool, bool, int], ...] = (
    (0, 1, 0, False, False, 0),
    (1, 1, 1, True, False, 0),
    (1, 1, 0, True, True, 1),
    (2, 1, 1, False, True, 0),
    (1, 0, 2, True, False, 0),
    (1, 2, 2, False, False, 0),
    (2, 2, 0, True, False, 0),
)


def picture(side: int) -> pygame.Surface:
    """The title drawing, `side` pixels square (12 at the least: smaller, the counters lose their marks)."""
    return _icon(max(12, side))


@functools.lru_cache(maxsize=8)
def _icon(side: int) -> pygame.Surface:
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    cell = side // 3
    tile = int(cell * 0.9)
    depth = max(1, cell // 10)
    for col, row, owner, fortification, attack, height in ICON_COUNTERS:
        x = col * cell + (cell - tile) // 2 - height * depth
        y = row * cell + (cell - tile) // 2 - height * depth
        image.blit(tile_image(owner, fortification, attack, tile), (x, y))
    return image
