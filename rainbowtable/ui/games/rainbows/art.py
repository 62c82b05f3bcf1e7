"""Rainbows' model-free drawing pieces: paper and hat colours, tints, the card font, rounded card blanks,
the Luckychaun hat, the four-leaf clover, and a card face drawn from a colour index and a number.

Nothing here imports the game's rules or model, so the title screen can draw the game's icon without
loading any of its code (tests/test_startup.py). `cardfaces.py` builds the real cards on these pieces.
"""

from __future__ import annotations

import functools
import math

import pygame

from rainbowtable.ui.glyphs import RAINBOW, contrast_ink, glyph_surface, readable_on

RGB = tuple[int, int, int]

PAPER: RGB = (252, 249, 240)
EDGE: RGB = (196, 186, 166)
HAT: RGB = (38, 122, 66)
HAT_DARK: RGB = (24, 84, 44)
GOLD: RGB = (232, 186, 64)
BACK: RGB = (28, 98, 72)
BACK_DARK: RGB = (18, 66, 48)
CLOVER: RGB = (64, 168, 86)


def tint(rgb: RGB, amount: float, towards: RGB = (255, 255, 255)) -> RGB:
    return (
        round(rgb[0] + (towards[0] - rgb[0]) * amount),
        round(rgb[1] + (towards[1] - rgb[1]) * amount),
        round(rgb[2] + (towards[2] - rgb[2]) * amount),
    )


@functools.lru_cache(maxsize=64)
def _font(px: int, bold: bool = True) -> pygame.font.Font:
    from rainbowtable.ui.theme import Theme

    th = Theme()
    return th.font(max(6, px) / th.scale, "title" if bold else "bold")


def _rounded(size: tuple[int, int], fill: RGB, radius: int, edge: RGB | None) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    rect = image.get_rect()
    pygame.draw.rect(image, fill, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(image, edge, rect, width=max(1, size[0] // 60), border_radius=radius)
    return image


def draw_hat(surface: pygame.Surface, centre: tuple[float, float], width: float) -> None:
    """The Luckychaun motif: a tall green hat with a brim, a dark band and a gold buckle."""
    cx, cy = centre
    w = width
    top_w, crown_h = w * 0.42, w * 0.5
    base_w = w * 0.56
    brim_y = cy + w * 0.2
    crown = [
        (cx - base_w / 2, brim_y),
        (cx - top_w / 2, brim_y - crown_h),
        (cx + top_w / 2, brim_y - crown_h),
        (cx + base_w / 2, brim_y),
    ]
    pygame.draw.polygon(surface, HAT, crown)
    brim = pygame.Rect(0, 0, round(w), max(2, round(w * 0.14)))
    brim.center = (round(cx), round(brim_y))
    pygame.draw.ellipse(surface, HAT_DARK, brim)
    band_h = max(2, round(w * 0.1))
    band_y = brim_y - w * 0.17
    pygame.draw.polygon(
        surface,
        HAT_DARK,
        [
            (cx - base_w / 2 + w * 0.015, band_y + band_h),
            (cx - base_w / 2 + w * 0.035, band_y),
            (cx + base_w / 2 - w * 0.035, band_y),
            (cx + base_w / 2 - w * 0.015, band_y + band_h),
        ],
    )
    buckle = pygame.Rect(0, 0, max(3, round(w * 0.14)), max(3, round(w * 0.13)))
    buckle.center = (round(cx), round(band_y + band_h / 2))
    pygame.draw.rect(surface, GOLD, buckle, width=max(1, round(w * 0.035)))


def draw_clover(surface: pygame.Surface, centre: tuple[float, float], size: float, rgb: RGB = CLOVER) -> None:
    """A four-leaf clover: four heart-ish leaves (pairs of circles) and a stem."""
    cx, cy = centre
    leaf = size * 0.2
    stem_w = max(2, round(size * 0.06))
    pygame.draw.line(
        surface, tint(rgb, 0.35, (0, 0, 0)), (cx, cy), (cx + size * 0.18, cy + size * 0.45), stem_w
    )
    for k in range(4):
        angle = math.pi / 4 + k * math.pi / 2
        lx, ly = cx + math.cos(angle) * leaf * 1.15, cy + math.sin(angle) * leaf * 1.15
        for side in (-1, 1):
            a2 = angle + side * 0.55
            pygame.draw.circle(
                surface, rgb, (lx + math.cos(a2) * leaf * 0.45, ly + math.sin(a2) * leaf * 0.45), leaf * 0.72
            )
    pygame.draw.circle(surface, tint(rgb, 0.3, (0, 0, 0)), (cx, cy), max(2, size * 0.05))


@functools.lru_cache(maxsize=256)
def face(
    colour_index: int, number: int, size: tuple[int, int], dim: bool = False, glyphs: bool = True
) -> pygame.Surface:
    """A Luckychaun card face: a colour band with the number and the colour's glyph, a large number, the
    hat at the foot, and a greyed veil when `dim`."""
    w, h = size
    radius = max(3, w // 9)
    rgb = RAINBOW[colour_index]
    image = _rounded(size, PAPER, radius, EDGE)
    band = pygame.Rect(0, 0, w, max(6, round(h * 0.24)))
    band_image = pygame.Surface(band.size, pygame.SRCALPHA)
    pygame.draw.rect(
        band_image, rgb, band_image.get_rect(), border_top_left_radius=radius, border_top_right_radius=radius
    )
    image.blit(band_image, (0, 0))
    ink = contrast_ink(rgb)
    corner = _font(round(band.h * 0.62))
    text = corner.render(str(number), True, ink)
    image.blit(text, text.get_rect(midleft=(round(w * 0.1), band.centery)))
    if glyphs:
        g = round(band.h * 0.62)
        image.blit(glyph_surface(colour_index, (g, g), ink), (w - g - round(w * 0.09), band.centery - g // 2))
    big = _font(round(h * 0.38))
    # The colour's own number, dark enough to read on the card (yellow's was 2.1:1 against the cream).
    digits = big.render(str(number), True, readable_on(tint(rgb, 0.15, (0, 0, 0)), PAPER))
    image.blit(digits, digits.get_rect(center=(w // 2, round(h * 0.53))))
    draw_hat(image, (w / 2, h * 0.8), w * 0.34)
    pygame.draw.rect(image, rgb, image.get_rect(), width=max(1, w // 40), border_radius=radius)
    if dim:
        veil = _rounded(size, (120, 116, 110), radius, None)
        veil.set_alpha(150)
        image.blit(veil, (0, 0))
    return image


@functools.lru_cache(maxsize=8)
def picture(side: int) -> pygame.Surface:
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    centre = (side / 2, side * 0.62)
    for i, rgb in enumerate(RAINBOW):
        r = side * (0.47 - i * 0.045)
        box = pygame.Rect(0, 0, round(2 * r), round(2 * r))
        box.center = (round(centre[0]), round(centre[1]))
        pygame.draw.arc(image, rgb, box, 0.05, math.pi - 0.05, max(2, round(side * 0.05)))
    cw, ch = round(side * 0.3), round(side * 0.42)
    for k, (colour_index, number) in enumerate(((0, 3), (3, 7), (5, 10))):
        card = pygame.transform.rotozoom(face(colour_index, number, (cw, ch)), (1 - k) * 14, 1.0)
        image.blit(card, card.get_rect(center=(round(side * (0.3 + 0.2 * k)), round(side * 0.68))))
    return image
