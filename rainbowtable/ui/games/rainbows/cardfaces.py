"""Rainbows' pictures drawn from shapes: Luckychaun card faces, the card back, the Four Leaf Clover card,
the players' markers and the title-screen icon. Everything is cached per size; no image files.

A face has a colour band with the colour's glyph (so colour is never the only cue), a large number, and a
small Luckychaun motif (a green hat with a gold buckle) at the foot. Holds no rules and no layout.
"""

from __future__ import annotations

import functools

import pygame

from rainbowtable.games.rainbows.model import COLOURS, Card, Colour
from rainbowtable.ui import layout_audit
from rainbowtable.ui.games.rainbows.art import (
    BACK,
    BACK_DARK,
    CLOVER,
    GOLD,
    HAT_DARK,
    _font,
    _rounded,
    draw_clover,
    face,
)
from rainbowtable.ui.glyphs import RAINBOW, contrast_ink, fill_glyph

RGB = tuple[int, int, int]

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


def card_face(card: Card, size: tuple[int, int], dim: bool = False, glyphs: bool = True) -> pygame.Surface:
    """The face of `card` at `size` (cached in `art.face`)."""
    return face(COLOURS.index(card.colour), card.number, size, dim, glyphs)


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
def clover_card(size: tuple[int, int], label_text: str) -> pygame.Surface:
    """The clover's card face, `label_text` (the word "CLOVER" in the player's language) under the clover."""
    w, h = size
    radius = max(3, w // 9)
    image = _rounded(size, (236, 248, 228), radius, CLOVER)
    pygame.draw.rect(image, CLOVER, image.get_rect(), width=max(2, w // 25), border_radius=radius)
    draw_clover(image, (w / 2, h * 0.42), w * 0.8)
    label = _font(max(7, round(w * 0.15)), bold=False).render(label_text, True, HAT_DARK)
    image.blit(label, label.get_rect(center=(w // 2, round(h * 0.86))))
    return image


def draw_marker(
    surface: pygame.Surface, seat: int, centre: tuple[int, int], radius: int, glyphs: bool = True
) -> None:
    """A player's marker: a disc in the seat's colour with a pale rim and the seat's glyph."""
    rgb, glyph, _name = SEAT_MARKERS[seat % len(SEAT_MARKERS)]
    x, y = centre
    if layout_audit.recording is not None:
        layout_audit.note_mark(surface, pygame.Rect(x - radius, y - radius, 2 * radius, 2 * radius))
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
