"""How a Colosseum Offcuts counter looks from above, drawn from shapes and cached per size: shared by the
table view and the title-screen icon. Imports no game code (the title's first frame loads no rules), so
kinds and modes arrive as two flags.

The player's colour is a heavy rim with the player's glyph. A Board Piece is plain; a Fortification shows
arena stands (tiers round an oval). The light Mobile side is cream and plain; the dark Attack side is
charcoal with diagonal hatching and an "A" in the corner, so the sides differ in more than colour.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pygame

from rainbowtable.ui.glyphs import RAINBOW, draw_glyph

SEAT_GLYPHS: tuple[int, ...] = (0, 4, 2, 3, 5)
"""Seat i plays rainbow colour (and glyph) SEAT_GLYPHS[i]: red circle, blue star, yellow square, green
diamond, violet hexagon."""
COLOUR_NAMES = ("red", "blue", "yellow", "green", "violet")
LIGHT_FACE = (246, 238, 218)
DARK_FACE = (52, 48, 58)
HATCH = (84, 78, 92)
STAND_LIGHT = (186, 160, 120)
STAND_DARK = (150, 140, 160)


def seat_rgb(seat: int) -> tuple[int, int, int]:
    return RAINBOW[SEAT_GLYPHS[seat % len(SEAT_GLYPHS)]]


@functools.lru_cache(maxsize=256)
def tile_image(
    owner: int, fortification: bool, attack: bool, size: int, glyphs: bool = True
) -> pygame.Surface:
    """One counter seen from above, `size` pixels square, with a transparent margin for nothing."""
    size = max(8, size)
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    rim = seat_rgb(owner)
    radius = max(2, size // 8)
    outer = image.get_rect()
    pygame.draw.rect(image, rim, outer, border_radius=radius)
    border = max(2, size // 9)
    face = outer.inflate(-2 * border, -2 * border)
    dark = attack
    pygame.draw.rect(
        image, DARK_FACE if dark else LIGHT_FACE, face, border_radius=max(1, radius - border // 2)
    )
    if dark:
        # Diagonal hatching: the dark side reads without colour.
        step = max(4, size // 7)
        clip = image.get_clip()
        image.set_clip(face)
        for k in range(-face.h, face.w, step):
            pygame.draw.line(
                image, HATCH, (face.x + k, face.bottom), (face.x + k + face.h, face.y), max(1, size // 28)
            )
        image.set_clip(clip)
    if fortification:
        # Arena stands: tiers of seats round an oval floor.
        stands = STAND_DARK if dark else STAND_LIGHT
        arena = face.inflate(-face.w // 8, -face.h // 5)
        for i in range(3):
            tier = arena.inflate(-i * arena.w // 5, -i * arena.h // 5)
            pygame.draw.ellipse(image, stands, tier, max(1, size // 20))
        floor = arena.inflate(-3 * arena.w // 5, -3 * arena.h // 5)
        pygame.draw.ellipse(image, stands, floor)
        # the radial gangways
        cx, cy = arena.center
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            start = (cx + dx * floor.w // 2, cy + dy * floor.h // 2)
            end = (cx + dx * arena.w // 2, cy + dy * arena.h // 2)
            pygame.draw.line(image, DARK_FACE if not dark else LIGHT_FACE, start, end, max(1, size // 32))
    if glyphs:
        g = max(5, size // 5) if fortification else max(6, size // 3)
        box = pygame.Rect(0, 0, g, g)
        box.center = face.center
        draw_glyph(image, SEAT_GLYPHS[owner % 5], box, rim, outline=(250, 247, 240) if dark else (40, 36, 44))
    if size >= 26:
        letter = _side_letter(max(12, size // 4), dark)
        image.blit(letter, letter.get_rect(topleft=(face.x + max(1, size // 24), face.y)))
    return image


@functools.lru_cache(maxsize=32)
def _side_letter(px: int, dark: bool) -> pygame.Surface:
    """The corner letter of a side ("A"ttack, "M"obile) at `px`: one font and one render per size and side,
    not one per counter image (opening the font file was most of the title icon's time)."""
    # pygame's own font, opened by its path: `Font(None, ...)` finds the same file through
    # importlib.resources, which costs about 5 ms the first time (the title's first frame). `Font(None, n)`
    # draws that font at 0.6875 n (pygame's own scaling of its default font), so the path gets that size.
    default = Path(pygame.__file__).parent / pygame.font.get_default_font()
    if default.is_file():
        font = pygame.font.Font(default, max(1, int(px * 0.6875)))
    else:
        font = pygame.font.Font(None, px)
    return font.render("A" if dark else "M", True, LIGHT_FACE if dark else (110, 100, 90))
