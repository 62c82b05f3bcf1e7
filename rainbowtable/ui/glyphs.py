"""Glyph shapes that go with the six rainbow colours, so that colour is never the only cue.

Colour index i (0 red, 1 orange, 2 yellow, 3 green, 4 blue, 5 violet) always pairs with glyph i: circle,
triangle, square, diamond, star, hexagon; a seventh, the plus, stands in for the star where a game's pieces
are stars (Rainbow Passage's cyan squares). `draw_glyph` draws one, anti-aliased, fitted inside a rect, on any
surface (supersampled and cached); `fill_glyph` fills one without anti-aliasing for code that
supersamples itself (die faces); `glyph_points` gives the outline. The shapes
are sized so that each looks about as heavy as the others at the same rect.

Holds the rainbow palette too, because palette and glyphs are used together everywhere. Deliberately holds no
fonts (pygame_gui's font shows boxes for symbols) and no game's own colour enum: a game maps its colours to
indices.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence

import pygame

from rainbowtable.ui import layout_audit

RGB = tuple[int, int, int]

RAINBOW_NAMES: tuple[str, ...] = ("red", "orange", "yellow", "green", "blue", "violet")
# Saturated enough to read at a glance, a little muted so a board full of them is not garish.
RAINBOW: tuple[RGB, ...] = (
    (211, 55, 52),
    (236, 128, 38),
    (242, 201, 55),
    (58, 158, 84),
    (46, 110, 198),
    (132, 78, 178),
)
GLYPH_NAMES: tuple[str, ...] = ("circle", "triangle", "square", "diamond", "star", "hexagon", "plus")

Point = tuple[float, float]


def luminance(rgb: RGB) -> float:
    """Relative luminance in [0, 1] (sRGB weights, no gamma: plenty for choosing dark or light ink)."""
    r, g, b = rgb
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255.0


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG's contrast ratio of two colours (1 to 21), from their gamma-corrected luminance."""

    def linear(rgb: RGB) -> float:
        parts = [c / 255.0 for c in rgb[:3]]
        r, g, b = (p / 12.92 if p <= 0.03928 else ((p + 0.055) / 1.055) ** 2.4 for p in parts)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((linear(a), linear(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def readable_on(rgb: RGB, paper: RGB, ratio: float = 3.0) -> tuple[int, int, int]:
    """`rgb` darkened in small steps until it stands `ratio` against `paper` (3: WCAG's floor for large
    type), so a light colour's numbers stay that colour and can still be read (yellow on cream)."""
    shade = (int(rgb[0]), int(rgb[1]), int(rgb[2]))
    for _step in range(20):
        if contrast_ratio(shade, paper) >= ratio:
            break
        shade = (int(shade[0] * 0.92), int(shade[1] * 0.92), int(shade[2] * 0.92))
    return shade


def contrast_ink(rgb: RGB, dark: RGB = (34, 32, 30), light: RGB = (250, 247, 240)) -> RGB:
    """Dark ink on light colours, light ink on dark ones."""
    return dark if luminance(rgb) > 0.55 else light


def _regular(cx: float, cy: float, radius: float, sides: int, phase_deg: float) -> list[Point]:
    return [
        (
            cx + radius * math.cos(math.radians(phase_deg + 360.0 * k / sides)),
            cy + radius * math.sin(math.radians(phase_deg + 360.0 * k / sides)),
        )
        for k in range(sides)
    ]


def glyph_points(index: int, rect: pygame.Rect | tuple[float, float, float, float]) -> list[Point]:
    """The outline of glyph `index` (mod 7) inside rect, as polygon points; the circle as a 48-gon."""
    x, y, w, h = (float(v) for v in rect)
    cx, cy = x + w / 2.0, y + h / 2.0
    half = min(w, h) / 2.0
    kind = index % len(GLYPH_NAMES)
    if kind == 0:  # circle
        return _regular(cx, cy, half * 0.86, 48, 0.0)
    if kind == 1:  # triangle, pointing up; nudged down so it sits optically centred
        r = half * 1.04
        return _regular(cx, cy + r * 0.16, r, 3, -90.0)
    if kind == 2:  # square
        s = half * 0.78
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if kind == 3:  # diamond
        r = half * 1.0
        return [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    if kind == 4:  # five-pointed star
        outer, inner = half * 1.02, half * 0.45
        pts: list[Point] = []
        for k in range(10):
            rad = outer if k % 2 == 0 else inner
            a = math.radians(-90.0 + 36.0 * k)
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a) + half * 0.06))
        return pts
    if kind == 6:  # plus: arms a third of the width, as heavy as the others
        r, t = half * 0.9, half * 0.3
        return [
            (cx - t, cy - r), (cx + t, cy - r), (cx + t, cy - t), (cx + r, cy - t), (cx + r, cy + t),
            (cx + t, cy + t), (cx + t, cy + r), (cx - t, cy + r), (cx - t, cy + t), (cx - r, cy + t),
            (cx - r, cy - t), (cx - t, cy - t),
        ]  # fmt: skip
    # hexagon, flat top
    return _regular(cx, cy, half * 0.92, 6, 0.0)


_SS = 4
_CACHE_MAX = 256
_cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()


def fill_glyph(
    surface: pygame.Surface,
    colour_index: int,
    rect: pygame.Rect | tuple[float, float, float, float],
    rgb: RGB | Sequence[int],
    *,
    grow: float = 0.0,
) -> None:
    """Fill glyph `colour_index` (mod 7) without anti-aliasing, `grow` px larger all round.

    For code that supersamples and smooth-scales afterwards (die faces, `glyph_surface`); everything else
    should call `draw_glyph`.
    """
    colour = (int(rgb[0]), int(rgb[1]), int(rgb[2]))
    if colour_index % len(GLYPH_NAMES) == 0:
        x, y, w, h = (float(v) for v in rect)
        pygame.draw.circle(surface, colour, (x + w / 2.0, y + h / 2.0), min(w, h) / 2.0 * 0.86 + grow)
        return
    pts = glyph_points(colour_index, rect)
    pygame.draw.polygon(surface, colour, _grown(pts, grow) if grow > 0.0 else pts)


def glyph_surface(
    colour_index: int, size: tuple[int, int], rgb: RGB | Sequence[int], outline: RGB | None = None
) -> pygame.Surface:
    """A cached, anti-aliased image of a glyph filling `size` (transparent around it)."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    colour = (int(rgb[0]), int(rgb[1]), int(rgb[2]))
    key: tuple[object, ...] = (colour_index % len(GLYPH_NAMES), w, h, colour, outline)
    hit = _cache.get(key)
    if hit is not None:
        _cache.move_to_end(key)
        return hit
    big = pygame.Surface((w * _SS, h * _SS), pygame.SRCALPHA)
    # Transparent pixels carry the edge colour, so smooth-scaling does not blend in a dark fringe.
    big.fill((*(outline if outline is not None else colour), 0))
    # Outline glyphs shrink a little so the outline stays inside the rect.
    edge = max(1.0, min(w, h) * 0.07) * _SS if outline is not None else 0.0
    inner = (edge, edge, w * _SS - 2 * edge, h * _SS - 2 * edge)
    if outline is not None:
        fill_glyph(big, colour_index, inner, outline, grow=edge)
    fill_glyph(big, colour_index, inner, colour)
    img = pygame.transform.smoothscale(big, (w, h))
    _cache[key] = img
    while len(_cache) > _CACHE_MAX:
        _cache.popitem(last=False)
    return img


def draw_glyph(
    surface: pygame.Surface,
    colour_index: int,
    rect: pygame.Rect | tuple[float, float, float, float],
    rgb: RGB | Sequence[int],
    *,
    outline: RGB | None = None,
) -> pygame.Rect:
    """Draw glyph `colour_index` (mod 7) filled with rgb, anti-aliased, inside rect; returns the dirty rect.

    `outline` adds a thin contrasting edge (for a glyph on a background close to its own colour).
    """
    x, y, w, h = (float(v) for v in rect)
    if layout_audit.recording is not None:
        layout_audit.note_mark(surface, pygame.Rect(round(x), round(y), round(w), round(h)))
    return surface.blit(glyph_surface(colour_index, (round(w), round(h)), rgb, outline), (round(x), round(y)))


def _grown(pts: Sequence[Point], by: float) -> list[Point]:
    """The polygon pushed outwards from its centroid by `by` pixels (for an outline's outer edge)."""
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    out: list[Point] = []
    for px, py in pts:
        dx, dy = px - cx, py - cy
        d = math.hypot(dx, dy) or 1.0
        out.append((px + dx / d * by, py + dy / d * by))
    return out
