"""The Dice Box drawing for its title-screen tile: a wooden 5x5 tray with the green seed die in the centre
and a few coloured pip dice around it, placed legally (each one pip from its neighbours).

Drawn from shapes (no image files), cached per size. Holds no rules and no game state.
"""

from __future__ import annotations

import functools

import pygame

from rainbowtable.ui import draw
from rainbowtable.ui.theme import WOOD_DARK, WOOD_LIGHT
from rainbowtable.ui.widgets.die import DIE_BODIES, draw_pip_die

# (row, col, body, value): the seed 3 in the centre and neighbours one pip away, as in a real opening.
ICON_DICE: tuple[tuple[int, int, str, int], ...] = (
    (2, 2, "seed", 3),
    (1, 2, "red", 4),
    (2, 1, "yellow", 2),
    (2, 3, "blue", 4),
    (3, 2, "white", 2),
    (1, 1, "blue", 3),
    (3, 3, "red", 3),
    (1, 3, "yellow", 5),
)
TRAY_INNER = (172, 124, 78)
CELL_LINE = (150, 104, 62)


@functools.lru_cache(maxsize=8)
def picture(side: int) -> pygame.Surface:
    pad = max(2, side // 14)
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    tray = pygame.Rect(pad, pad, side - pad * 2, side - pad * 2)
    radius = max(3, side // 14)
    draw.shadow(image, tray, radius, blur=max(2, side // 40), alpha=70, offset=(0, max(1, side // 60)))
    pygame.draw.rect(image, WOOD_DARK, tray, border_radius=radius)
    # A lighter top edge on the rim reads as a bevel.
    rim = max(3, side // 18)
    pygame.draw.rect(
        image, _lighter(WOOD_DARK, 0.25), tray.inflate(-2, -2), width=max(1, rim // 3), border_radius=radius
    )
    inner = tray.inflate(-rim * 2, -rim * 2)
    pygame.draw.rect(image, TRAY_INNER, inner, border_radius=max(2, radius - rim // 2))
    # Wood grain: a few faint horizontal streaks.
    grain = pygame.Surface(inner.size, pygame.SRCALPHA)
    for i in range(1, 9):
        y = inner.h * i // 9 + (i % 3) - 1
        pygame.draw.line(grain, (*WOOD_LIGHT, 40), (0, y), (inner.w, y + (i % 2)), 1)
    image.blit(grain, inner.topleft)
    cell = inner.w / 5
    for k in range(1, 5):
        x = round(inner.x + cell * k)
        y = round(inner.y + cell * k)
        pygame.draw.line(image, CELL_LINE, (x, inner.y + 1), (x, inner.bottom - 2), 1)
        pygame.draw.line(image, CELL_LINE, (inner.x + 1, y), (inner.right - 2, y), 1)
    die_size = max(6, round(cell * 0.8))
    for row, col, body, value in ICON_DICE:
        centre = (inner.x + cell * (col + 0.5), inner.y + cell * (row + 0.5))
        draw_pip_die(image, centre, die_size, value, DIE_BODIES[body])
    return image


def _lighter(rgb: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return draw.mix(rgb, (255, 255, 255), t)
