"""A seat's token: its display colour with a glyph, so seats differ by shape as well as by colour."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from rainbowtable.ui import draw, theme
from rainbowtable.ui.glyphs import contrast_ink, fill_glyph, luminance
from rainbowtable.ui.theme import SEAT_RGB

if TYPE_CHECKING:
    from rainbowtable.ui.table.view import GameView


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


def draw_own_token(
    surface: pygame.Surface,
    view: GameView | None,
    seat: int,
    colours: Sequence[tuple[tuple[int, int, int], int]],
    centre: tuple[int, int],
    radius: int,
) -> bool:
    """A seat's token in the game's own colours: the game's own mark where it draws one (Rainbow Passage's
    star), else a disc of `colours` with their glyphs. False (nothing drawn) when the game gives no colours,
    so the caller draws the table's palette token."""
    if not colours:
        return False
    if view is None or not view.drawing.draw_seat_mark(surface, seat, centre, radius):
        draw_colour_token(surface, colours, centre, radius)
    return True


def draw_blank_token(
    surface: pygame.Surface, font: pygame.font.Font, centre: tuple[int, int], radius: int, line: int
) -> None:
    """A seat whose colours are dealt when the game starts and are not dealt yet: a blank "?" token, not
    the table's palette (which would read as a colour the seat has)."""
    pygame.draw.circle(surface, theme.PAPER_SHADE, centre, radius)
    pygame.draw.circle(surface, theme.PAPER_LINE, centre, radius, max(1, line))
    draw.text(surface, font, "?", centre, theme.INK_SOFT, anchor="center")


def ring_colour(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """A colour for a ring or stripe of `rgb` that still shows on paper (white shows grey, yellow gold)."""
    if luminance(rgb) > 0.68:
        return (int(rgb[0] * 0.62), int(rgb[1] * 0.62), int(rgb[2] * 0.62))
    return rgb


def draw_colour_token(
    surface: pygame.Surface,
    colours: Sequence[tuple[tuple[int, int, int], int]],
    centre: tuple[int, int],
    radius: int,
) -> None:
    """A token in the colour(s) a seat calls its own in this game, each with its glyph: one colour fills
    the disc, two split it down the middle."""
    x, y = centre
    pygame.draw.circle(surface, (0, 0, 0, 60), (x, y + max(1, radius // 5)), radius)
    box = pygame.Rect(x - radius, y - radius, 2 * radius, 2 * radius)
    parts = list(colours)[:2]
    clip = surface.get_clip()
    for i, (rgb, glyph) in enumerate(parts):
        half = box.copy()
        if len(parts) == 2:
            half.w = radius if i == 0 else radius + 1
            half.x = box.x if i == 0 else x
        surface.set_clip(half.clip(clip) if clip else half)
        pygame.draw.circle(surface, rgb, centre, radius)
        if len(parts) == 1:
            mark = pygame.Rect(0, 0, radius, radius)
            mark.center = centre
        else:
            mark = pygame.Rect(0, 0, radius * 2 // 3, radius * 2 // 3)
            mark.center = (x - radius // 2, y) if i == 0 else (x + radius // 2, y)
        fill_glyph(surface, glyph, mark, contrast_ink(rgb))
    surface.set_clip(clip)
    edge = ring_colour(parts[0][0]) if parts else (128, 128, 128)
    pygame.draw.circle(surface, tuple(max(0, c - 50) for c in edge), centre, radius, max(1, radius // 6))
    if len(parts) == 2:
        pygame.draw.line(surface, (60, 60, 60), (x, y - radius + 1), (x, y + radius - 1), 1)
