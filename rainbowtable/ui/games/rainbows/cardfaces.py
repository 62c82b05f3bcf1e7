"""Rainbows' pictures drawn from shapes: Luckychaun card faces, the card back, the Four Leaf Clover card,
the players' markers and the title-screen icon. Everything is cached per size; no image files.

A face has a colour band with the colour's glyph (so colour is never the only cue), a large number, and a
small Luckychaun motif (a green hat with a gold buckle) at the foot. Holds no rules and no layout.
"""

from __future__ import annotations

import functools
import math

import pygame

from rainbowtable.games.rainbows.model import COLOURS, Card, Colour
from rainbowtable.ui.glyphs import RAINBOW, contrast_ink, fill_glyph, glyph_surface

RGB = tuple[int, int, int]

PAPER: RGB = (252, 249, 240)
EDGE: RGB = (196, 186, 166)
HAT: RGB = (38, 122, 66)
HAT_DARK: RGB = (24, 84, 44)
GOLD: RGB = (232, 186, 64)
BACK: RGB = (28, 98, 72)
BACK_DARK: RGB = (18, 66, 48)
CLOVER: RGB = (64, 168, 86)

SEAT_MARKERS: tuple[tuple[RGB, int, str], ...] = (
    ((44, 48, 60), 0, "charcoal"),
    ((245, 244, 236), 1, "white"),
    ((212, 78, 156), 2, "magenta"),
    ((30, 158, 160), 3, "teal"),
    ((150, 96, 52), 4, "brown"),
)
"""Each seat's marker colour and glyph (glyph indexes as in ui/glyphs.py): chosen to stand out on every
column colour; the glyph tells seats apart without colour."""


def rgb_of(colour: Colour) -> RGB:
    return RAINBOW[COLOURS.index(colour)]


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
def card_face(card: Card, size: tuple[int, int], dim: bool = False, glyphs: bool = True) -> pygame.Surface:
    w, h = size
    radius = max(3, w // 9)
    rgb = rgb_of(card.colour)
    image = _rounded(size, PAPER, radius, EDGE)
    band = pygame.Rect(0, 0, w, max(6, round(h * 0.24)))
    band_image = pygame.Surface(band.size, pygame.SRCALPHA)
    pygame.draw.rect(
        band_image, rgb, band_image.get_rect(), border_top_left_radius=radius, border_top_right_radius=radius
    )
    image.blit(band_image, (0, 0))
    ink = contrast_ink(rgb)
    corner = _font(round(band.h * 0.62))
    text = corner.render(str(card.number), True, ink)
    image.blit(text, text.get_rect(midleft=(round(w * 0.1), band.centery)))
    if glyphs:
        g = round(band.h * 0.62)
        image.blit(
            glyph_surface(COLOURS.index(card.colour), (g, g), ink),
            (w - g - round(w * 0.09), band.centery - g // 2),
        )
    big = _font(round(h * 0.38))
    number = big.render(str(card.number), True, tint(rgb, 0.15, (0, 0, 0)))
    image.blit(number, number.get_rect(center=(w // 2, round(h * 0.53))))
    draw_hat(image, (w / 2, h * 0.8), w * 0.34)
    pygame.draw.rect(image, rgb, image.get_rect(), width=max(1, w // 40), border_radius=radius)
    if dim:
        veil = _rounded(size, (120, 116, 110), radius, None)
        veil.set_alpha(150)
        image.blit(veil, (0, 0))
    return image


@functools.lru_cache(maxsize=16)
def card_back(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    radius = max(3, w // 9)
    image = _rounded(size, BACK, radius, BACK_DARK)
    inner = image.get_rect().inflate(-max(4, w // 8), -max(4, w // 8))
    pygame.draw.rect(image, GOLD, inner, width=max(1, w // 30), border_radius=max(2, radius - 2))
    draw_clover(image, (w / 2, h / 2 - h * 0.04), w * 0.55, (96, 190, 112))
    return image


@functools.lru_cache(maxsize=16)
def clover_card(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    radius = max(3, w // 9)
    image = _rounded(size, (236, 248, 228), radius, CLOVER)
    pygame.draw.rect(image, CLOVER, image.get_rect(), width=max(2, w // 25), border_radius=radius)
    draw_clover(image, (w / 2, h * 0.42), w * 0.8)
    label = _font(max(7, round(w * 0.15)), bold=False).render("CLOVER", True, HAT_DARK)
    image.blit(label, label.get_rect(center=(w // 2, round(h * 0.86))))
    return image


def draw_marker(
    surface: pygame.Surface, seat: int, centre: tuple[int, int], radius: int, glyphs: bool = True
) -> None:
    """A player's marker: a disc in the seat's colour with a pale rim and the seat's glyph."""
    rgb, glyph, _name = SEAT_MARKERS[seat % len(SEAT_MARKERS)]
    x, y = centre
    pygame.draw.circle(surface, (0, 0, 0), (x, y + max(1, radius // 5)), radius)
    pygame.draw.circle(surface, (250, 248, 240) if rgb[0] < 200 else (60, 60, 66), centre, radius)
    pygame.draw.circle(surface, rgb, centre, max(2, radius - max(2, radius // 5)))
    if glyphs:
        mark = pygame.Rect(0, 0, radius, radius)
        mark.center = centre
        fill_glyph(surface, glyph, mark, contrast_ink(rgb))


def marker_rgb(seat: int) -> RGB:
    return SEAT_MARKERS[seat % len(SEAT_MARKERS)][0]


def line_rgb(seat: int) -> RGB:
    """A seat's colour for rainbow outlines: white shows as a light grey-blue on paper."""
    rgb = marker_rgb(seat)
    return (236, 236, 228) if rgb[0] > 200 and rgb[1] > 200 else rgb


def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    side = max(8, min(rect.w, rect.h))
    image = _icon(side)
    surface.blit(image, image.get_rect(center=rect.center))


@functools.lru_cache(maxsize=8)
def _icon(side: int) -> pygame.Surface:
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    # A rainbow arc over three fanned cards.
    centre = (side / 2, side * 0.62)
    for i, rgb in enumerate(RAINBOW):
        r = side * (0.47 - i * 0.045)
        box = pygame.Rect(0, 0, round(2 * r), round(2 * r))
        box.center = (round(centre[0]), round(centre[1]))
        pygame.draw.arc(image, rgb, box, 0.05, math.pi - 0.05, max(2, round(side * 0.05)))
    cw, ch = round(side * 0.3), round(side * 0.42)
    for k, card in enumerate((Card(Colour.RED, 3), Card(Colour.GREEN, 7), Card(Colour.VIOLET, 10))):
        face = pygame.transform.rotozoom(card_face(card, (cw, ch)), (1 - k) * 14, 1.0)
        image.blit(face, face.get_rect(center=(round(side * (0.3 + 0.2 * k)), round(side * 0.68))))
    return image
