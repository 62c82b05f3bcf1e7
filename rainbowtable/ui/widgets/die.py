"""Dice drawn as shapes: pip dice (Dice Box, Regenboog) and rainbow colour dice (Rainbow Passage).

A die is a rounded body with a darker rim and side, a lit top face (a corner-to-corner gradient), pips as
anti-aliased holes in the classic layout, and a soft drop shadow whose offset and blur grow with `lift`
(0 = resting, 1 = held high while dragging or tumbling). Faces are rendered supersampled, scaled down
smoothly and cached by everything that changes their pixels, so a board of 30 resting dice costs only
blits. A die lying turned adds one smooth `rotozoom` (cached by quantised angle and zoom); a die in flight
one plain `rotate` of its zoomed face a frame; shadows turn in coarse steps, all rendered when a screen
opens (`prewarm_shadows`).

Colour is never the only cue: colour dice show the colour's glyph on every face, and pip dice can carry a
small glyph mark (`mark`) that tells their body colour apart (see `DIE_MARKS`).

Deliberately not here: where dice go, which are legal, animation timing (see `dice_tray.py` and
`rainbowtable.anim`), and any font: pips and glyphs are shapes.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import TypeVar

import pygame

from rainbowtable.ui.glyphs import RAINBOW, RGB, contrast_ink, fill_glyph, luminance

# Dice Box bodies: four player colours and the green seed. Muted enough to sit on felt or wood, far
# enough apart in hue and lightness to tell apart (and each has a glyph mark for colour-blind players).
DIE_BODIES: Mapping[str, RGB] = MappingProxyType(
    {
        "red": (192, 46, 44),
        "yellow": (240, 194, 62),
        "blue": (38, 90, 170),
        "white": (241, 237, 227),
        "seed": (46, 136, 84),
    }
)
# Regenboog's plain dice (its white die uses DIE_BODIES["white"]).
OTHER_BODIES: Mapping[str, RGB] = MappingProxyType({"black": (44, 44, 48), "grey": (146, 148, 152)})
# The glyph (index into ui.glyphs) marking each Dice Box body; matches the rainbow glyph of the nearest
# rainbow colour where there is one (red circle, yellow square, green diamond, blue star).
DIE_MARKS: Mapping[str, int] = MappingProxyType({"red": 0, "yellow": 2, "blue": 4, "white": 5, "seed": 3})
# Colour dice are ivory with a coloured panel on each face, like printed colour dice.
COLOUR_DIE_BODY: RGB = (244, 240, 230)

# Classic pip positions on the top face, in face units (0..1).
_LO, _MID, _HI = 0.25, 0.5, 0.75
PIP_LAYOUT: Mapping[int, tuple[tuple[float, float], ...]] = MappingProxyType(
    {
        0: (),  # a die not rolled yet (Dice Box before the opening roll): a blank face
        1: ((_MID, _MID),),
        2: ((_HI, _LO), (_LO, _HI)),
        3: ((_HI, _LO), (_MID, _MID), (_LO, _HI)),
        4: ((_LO, _LO), (_HI, _LO), (_LO, _HI), (_HI, _HI)),
        5: ((_LO, _LO), (_HI, _LO), (_MID, _MID), (_LO, _HI), (_HI, _HI)),
        6: ((_LO, _LO), (_HI, _LO), (_LO, _MID), (_HI, _MID), (_LO, _HI), (_HI, _HI)),
    }
)

_FACE_CACHE_MAX = 384
_TRANSFORM_CACHE_MAX = 384
_SHADOW_CACHE_MAX = 96
_SHADOW_STEP_DEG = 10
# Every turn and lift of the shadows of four die sizes.
_TURNED_SHADOW_CACHE_MAX = 4 * 11 * (90 // _SHADOW_STEP_DEG)
_faces: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
_transformed: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
_shadows: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
_turned_shadows: OrderedDict[Hashable, tuple[pygame.Surface, tuple[int, int]]] = OrderedDict()

Kept = TypeVar("Kept")
"""What a cache here keeps: an image, or an image with where to place it."""


def clear_cache() -> None:
    """Forget every rendered face (after a display mode change, or in tests)."""
    _faces.clear()
    _transformed.clear()
    _shadows.clear()
    _turned_shadows.clear()


def _cached(cache: OrderedDict[Hashable, Kept], key: Hashable) -> Kept | None:
    surf = cache.get(key)
    if surf is not None:
        cache.move_to_end(key)
    return surf


def _store(cache: OrderedDict[Hashable, Kept], limit: int, key: Hashable, surf: Kept) -> Kept:
    cache[key] = surf
    while len(cache) > limit:
        cache.popitem(last=False)
    return surf


def _mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _lighter(c: Sequence[int], t: float) -> RGB:
    return _mix(c, (255, 255, 255), t)


def _darker(c: Sequence[int], t: float) -> RGB:
    return _mix(c, (0, 0, 0), t)


def pip_colour_for(body: RGB) -> RGB:
    """Near-black pips on light bodies, warm white on dark ones."""
    return contrast_ink(body, dark=(30, 28, 28), light=(250, 247, 238))


def _supersample(size: int) -> int:
    # Enough subpixels for smooth curves, without a huge temporary surface for big dice.
    return 4 if size <= 64 else 3 if size <= 128 else 2


def _finish(surf: pygame.Surface) -> pygame.Surface:
    # Match the display's pixel format when there is one: blits are several times faster.
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf


def _gradient_rect(size: tuple[int, int], radius: int, top_left: RGB, bottom_right: RGB) -> pygame.Surface:
    """A rounded rect filled with a diagonal gradient (bilinear scale of a 2x2 seed), transparent outside."""
    w, h = size
    seed = pygame.Surface((2, 2), pygame.SRCALPHA)
    mid = _mix(top_left, bottom_right, 0.5)
    seed.set_at((0, 0), (*top_left, 255))
    seed.set_at((1, 0), (*mid, 255))
    seed.set_at((0, 1), (*mid, 255))
    seed.set_at((1, 1), (*bottom_right, 255))
    # Scaling 2x2 -> 4x4 first keeps the corner colours at the corners after the bilinear stretch.
    grad = pygame.transform.smoothscale(pygame.transform.scale(seed, (4, 4)), (w, h))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    mask.blit(grad, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return mask


def _outline_colour(body: RGB) -> RGB:
    # Light bodies (white, yellow) need a clearly darker edge to stand out on a light board.
    return _darker(body, 0.55) if luminance(body) > 0.6 else _darker(body, 0.45)


def _render_body(ss_size: int, body: RGB, pad: int) -> tuple[pygame.Surface, pygame.Rect]:
    """The die body at supersampled size with `pad` spare pixels around it; returns it and the top face."""
    total = ss_size + 2 * pad
    surf = pygame.Surface((total, total), pygame.SRCALPHA)
    outer = pygame.Rect(pad, pad, ss_size, ss_size)
    radius = round(ss_size * 0.2)
    rim = max(1, round(ss_size * 0.022))
    pygame.draw.rect(surf, (*_outline_colour(body), 255), outer, border_radius=radius)
    side = outer.inflate(-2 * rim, -2 * rim)
    # The side is lit from the top-left as well: a gradient from a slightly lit to a shaded edge.
    surf.blit(
        _gradient_rect(side.size, radius - rim, _darker(body, 0.05), _darker(body, 0.32)),
        side.topleft,
    )
    # The top face sits a little up-left of centre, so more side shows at the bottom-right (light from
    # the top-left, seen from slightly below-right): that is what makes it read as a cube, not a tile.
    left = round(ss_size * 0.055)
    top = round(ss_size * 0.05)
    right = round(ss_size * 0.085)
    bottom = round(ss_size * 0.1)
    face = pygame.Rect(outer.x + left, outer.y + top, ss_size - left - right, ss_size - top - bottom)
    face_radius = round(ss_size * 0.16)
    # A faint bright rim on the top face edge (the bevel catching the light).
    bevel = face.inflate(round(ss_size * 0.025), round(ss_size * 0.025))
    surf.blit(
        _gradient_rect(bevel.size, face_radius + 2, _lighter(body, 0.45), _darker(body, 0.12)),
        bevel.topleft,
    )
    surf.blit(
        _gradient_rect(face.size, face_radius, _lighter(body, 0.16), _darker(body, 0.04)),
        face.topleft,
    )
    return surf, face


def _draw_pips(surf: pygame.Surface, face: pygame.Rect, value: int, body: RGB, pips: RGB) -> None:
    radius = face.width * (0.095 if value < 6 else 0.088)
    rim = _lighter(body, 0.35)
    shade = _darker(pips, 0.25) if luminance(pips) > 0.5 else _lighter(pips, 0.12)
    for u, v in PIP_LAYOUT[value]:
        cx = face.x + u * face.width
        cy = face.y + v * face.height
        # A pip is a painted hole: its far (bottom-right) wall catches the light, its near wall is in shade.
        pygame.draw.circle(surf, rim, (cx + radius * 0.1, cy + radius * 0.14), radius * 1.04)
        pygame.draw.circle(surf, shade, (cx, cy), radius)
        pygame.draw.circle(surf, pips, (cx + radius * 0.08, cy + radius * 0.1), radius * 0.88)


def _draw_highlight(surf: pygame.Surface, ss_size: int, pad: int, colour: RGB) -> None:
    width = max(2, round(ss_size * 0.055))
    gap = round(ss_size * 0.03)
    ring = pygame.Rect(pad, pad, ss_size, ss_size).inflate(2 * (gap + width), 2 * (gap + width))
    pygame.draw.rect(surf, (*colour, 255), ring, width=width, border_radius=round(ss_size * 0.26))


def _downscale(surf: pygame.Surface, ss: int) -> pygame.Surface:
    w, h = surf.get_size()
    return pygame.transform.smoothscale(surf, (max(1, w // ss), max(1, h // ss)))


def _dimmed(face: pygame.Surface) -> pygame.Surface:
    """Greyed and faded: for dice that cannot be used now."""
    grey = pygame.transform.grayscale(face)
    colour = face.copy()
    colour.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
    grey.blit(colour, (0, 0))
    grey.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
    return grey


def _pad_for(size: int, highlight: RGB | None, marked: bool) -> int:
    # Room for the highlight ring and the mark badge (both reach outside the die) plus a pixel for smoothing.
    if highlight is not None:
        return round(size * 0.14) + 2
    return round(size * 0.14) + 1 if marked else 1


def pip_face(
    size: int,
    value: int,
    body: RGB,
    pips: RGB | None = None,
    *,
    highlight: RGB | None = None,
    dim: bool = False,
    mark: int | None = None,
) -> pygame.Surface:
    """The cached, upright image of a pip die showing `value` (the die centred in the surface)."""
    if value not in PIP_LAYOUT:
        raise ValueError(f"a pip die shows 1..6 (or 0, blank), not {value!r}")
    size = max(4, int(size))
    key = ("pip", size, value, tuple(body), pips, highlight, dim, mark)
    hit = _cached(_faces, key)
    if hit is not None:
        return hit
    ss = _supersample(size)
    pad = _pad_for(size, highlight, mark is not None) * ss
    surf, face = _render_body(size * ss, body, pad)
    ink = pips if pips is not None else pip_colour_for(body)
    _draw_pips(surf, face, value, body, ink)
    if highlight is not None:
        _draw_highlight(surf, size * ss, pad, highlight)
    if mark is not None:
        middle = pad + size * ss / 2 + _MARK_OFFSET * size * ss
        _draw_mark(surf, (middle, middle), size * ss, mark, body)
    out = _downscale(surf, ss)
    if dim:
        out = _dimmed(out)
    return _store(_faces, _FACE_CACHE_MAX, key, _finish(out))


def prewarm_pip_faces(size: int, body: RGB, *, mark: int | None = None) -> None:
    """Render all six faces of a body now (scene start), so the first tumble does not stall on rendering."""
    for value in PIP_LAYOUT:
        pip_face(size, value, body, mark=mark)


def prewarm_shadows(size: int) -> None:
    """Blur and turn the shadow of a die of this size at every lift now: each blur costs about 2 ms and
    each turn a tenth of that, and a throw meets most of them in its first frames."""
    for lift_q in range(11):
        for step in range(90 // _SHADOW_STEP_DEG):
            _turned_shadow(max(4, int(size)), lift_q, step * _SHADOW_STEP_DEG)


# The mark badge's centre, from the die's centre, in die edges: it straddles the top-left corner.
_MARK_OFFSET = -0.44


def _draw_mark(surf: pygame.Surface, centre: tuple[float, float], ss_size: int, mark: int, body: RGB) -> None:
    # A badge straddling the top-left corner: outside the face, so it can never be mistaken for a pip.
    r = ss_size * 0.185
    cx, cy = centre
    ring = max(1.0, ss_size * 0.025)
    pygame.draw.circle(surf, (250, 247, 238), (cx, cy), r)
    pygame.draw.circle(surf, _darker(body, 0.62), (cx, cy), r - ring)
    g = r * 1.08
    fill_glyph(surf, mark, (cx - g / 2.0, cy - g / 2.0, g, g), (250, 247, 238))


def colour_face(
    size: int,
    colour_index: int,
    *,
    glyphs: bool = True,
    palette: Sequence[RGB] | None = None,
    highlight: RGB | None = None,
    dim: bool = False,
    glyph_of: Sequence[int] | None = None,
) -> pygame.Surface:
    """The cached, upright image of a colour die showing colour `colour_index` with its glyph: glyph i, or
    `glyph_of[i]` where a game pairs its colours with glyphs otherwise (Rainbow Passage's cyan, a plus)."""
    colours = tuple(palette) if palette is not None else RAINBOW
    if not 0 <= colour_index < len(colours):
        raise ValueError(f"colour index {colour_index!r} is outside the palette of {len(colours)}")
    size = max(4, int(size))
    colour = colours[colour_index]
    mark = colour_index if glyph_of is None else glyph_of[colour_index]
    key = ("colour", size, colour_index, colour, glyphs, highlight, dim, mark)
    hit = _cached(_faces, key)
    if hit is not None:
        return hit
    ss = _supersample(size)
    pad = _pad_for(size, highlight, False) * ss
    surf, face = _render_body(size * ss, COLOUR_DIE_BODY, pad)
    inset = round(face.width * 0.1)
    panel = face.inflate(-2 * inset, -2 * inset)
    radius = round(panel.width * 0.16)
    # A thin dark groove around the coloured panel, as if it were inlaid.
    groove = panel.inflate(round(face.width * 0.03), round(face.width * 0.03))
    pygame.draw.rect(surf, _darker(COLOUR_DIE_BODY, 0.22), groove, border_radius=radius + 2)
    surf.blit(_gradient_rect(panel.size, radius, _lighter(colour, 0.14), _darker(colour, 0.1)), panel.topleft)
    if glyphs:
        ink = contrast_ink(colour, dark=(40, 34, 30), light=(252, 249, 242))
        g = panel.width * 0.58
        rect = (panel.centerx - g / 2.0, panel.centery - g / 2.0, g, g)
        drop = max(1.0, panel.width * 0.02)
        shadow = _darker(colour, 0.35) if ink[0] > 128 else _lighter(colour, 0.3)
        fill_glyph(surf, mark, (rect[0] + drop, rect[1] + drop, g, g), shadow)
        fill_glyph(surf, mark, rect, ink)
    if highlight is not None:
        _draw_highlight(surf, size * ss, pad, highlight)
    out = _downscale(surf, ss)
    if dim:
        out = _dimmed(out)
    return _store(_faces, _FACE_CACHE_MAX, key, _finish(out))


def _shadow(size: int, lift_q: int) -> pygame.Surface:
    """A blurred rounded-rect shadow; `lift_q` is lift in tenths (higher = softer, fainter, larger)."""
    key = (size, lift_q)
    hit = _cached(_shadows, key)
    if hit is not None:
        return hit
    lift = lift_q / 10.0
    blur = max(1, round(size * (0.045 + 0.1 * lift)))
    body = round(size * (0.96 + 0.06 * lift))
    total = body + 4 * blur
    surf = pygame.Surface((total, total), pygame.SRCALPHA)
    alpha = round(120 - 55 * lift)
    rect = pygame.Rect(2 * blur, 2 * blur, body, body)
    pygame.draw.rect(surf, (12, 10, 8, alpha), rect, border_radius=round(body * 0.22))
    surf = pygame.transform.gaussian_blur(surf, blur, repeat_edge_pixels=False)
    return _store(_shadows, _SHADOW_CACHE_MAX, key, _finish(surf))


def _quantised(angle: float, zoom: float) -> tuple[int, int]:
    # 1 degree and 1/50 of zoom are below what shows, and let a slow spin reuse images.
    return round(angle) % 360, round(zoom * 50)


def _at_rest(key: Hashable, face: pygame.Surface, angle: float, zoom: float) -> pygame.Surface:
    """`face` turned and zoomed smoothly (rotozoom): a die lying still, where its edges show. Kept."""
    qa, qz = _quantised(angle, zoom)
    if qa == 0 and qz == 50:
        return face
    tkey = (key, qa, qz)
    hit = _cached(_transformed, tkey)
    if hit is not None:
        return hit
    # Kept in the display's format, like every other cached image here (rotozoom need not return it).
    image = _finish(pygame.transform.rotozoom(face, qa, qz / 50))
    return _store(_transformed, _TRANSFORM_CACHE_MAX, tkey, image)


def _in_flight(key: Hashable, face: pygame.Surface, angle: float, zoom: float) -> pygame.Surface:
    """`face` zoomed (smoothly, kept: a throw meets few zooms) and then turned with plain rotate, about four
    times cheaper than rotozoom; the face's own anti-aliased edge hides the difference in motion. The
    turned image is not kept: a die in flight rarely shows the same angle twice, and keeping dozens of
    fresh images alive made every turn about three times slower than drawing and dropping it."""
    qa, qz = _quantised(angle, zoom)
    upright = _at_rest(key, face, 0, qz / 50)
    return upright if qa == 0 else pygame.transform.rotate(upright, qa)


def _uncut_turned_shadow(size: int, lift_q: int, step: int) -> pygame.Surface:
    """The shadow at lift `lift_q` turned by `step` shadow steps and grown with the lift, clear corners and
    all (`_turned_shadow` keeps it cut)."""
    image = _shadow(size, lift_q)
    if step:
        image = pygame.transform.rotate(image, step * _SHADOW_STEP_DEG)
    return pygame.transform.scale_by(image, 1.0 + 0.014 * lift_q)


def _turned_shadow(size: int, lift_q: int, angle: float) -> tuple[pygame.Surface, tuple[int, int]]:
    """The shadow at lift `lift_q` turned with its die, and where the uncut shadow's centre is from the
    image's corner. A blurred square looks the same every 90 degrees and needs no fine steps, so a whole
    throw shares a few turned shadows, rendered when a screen opens. Cut to the pixels that show: turning
    leaves clear corners, about a third of a turned shadow, which every frame of a throw blitted and the
    next put back for nothing (a clear pixel changes nothing under it, so the picture is the same)."""
    step = round(angle / _SHADOW_STEP_DEG) % (90 // _SHADOW_STEP_DEG)
    key = (size, lift_q, step)
    hit = _cached(_turned_shadows, key)
    if hit is not None:
        return hit
    image = _uncut_turned_shadow(size, lift_q, step)
    shows = image.get_bounding_rect()
    # A rect centred on a point starts half its size (rounded down) before it, as pygame places it.
    centre = (image.get_width() // 2 - shows.x, image.get_height() // 2 - shows.y)
    return _store(_turned_shadows, _TURNED_SHADOW_CACHE_MAX, key, (image.subsurface(shows).copy(), centre))


def _mark_badge(size: int, mark: int, body: RGB) -> pygame.Surface:
    """The mark badge on its own, as it is on the face, centred in its image."""
    key = ("badge", size, mark, tuple(body))
    hit = _cached(_faces, key)
    if hit is not None:
        return hit
    ss = _supersample(size)
    side = ss * (int(size * 0.185 * 2) + 4)
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    _draw_mark(surf, (side / 2, side / 2), size * ss, mark, body)
    return _store(_faces, _FACE_CACHE_MAX, key, _finish(_downscale(surf, ss)))


def _blit_die(
    surface: pygame.Surface,
    center: tuple[float, float],
    size: int,
    face: pygame.Surface,
    face_key: Hashable,
    angle: float,
    lift: float,
    shadow: bool,
    moving: bool | None,
) -> pygame.Rect:
    lift = min(1.0, max(0.0, lift))
    zoom = 1.0 + 0.14 * lift
    cx, cy = center
    dirty = pygame.Rect(round(cx), round(cy), 0, 0)
    if shadow:
        lift_q = round(lift * 10)
        sh, (sx, sy) = _turned_shadow(size, lift_q, angle)
        ox = size * (0.05 + 0.22 * lift)
        oy = size * (0.08 + 0.3 * lift)
        dirty = surface.blit(sh, (round(cx + ox) - sx, round(cy + oy) - sy))
    in_flight = lift > 0.02 if moving is None else moving
    img = (_in_flight if in_flight else _at_rest)(face_key, face, angle, zoom)
    # A lifted die rises towards the viewer, so it also moves up a little on screen.
    rect = img.get_rect(center=(round(cx), round(cy - size * 0.08 * lift)))
    return dirty.union(surface.blit(img, rect))


def draw_pip_die(
    surface: pygame.Surface,
    center: tuple[float, float],
    size: int,
    value: int,
    body: RGB,
    pips: RGB | None = None,
    *,
    angle: float = 0.0,
    lift: float = 0.0,
    highlight: RGB | None = None,
    dim: bool = False,
    mark: int | None = None,
    shadow: bool = True,
    moving: bool | None = None,
) -> pygame.Rect:
    """Draw a pip die of edge `size` px centred at `center`; returns the dirty rect.

    `angle` rotates it (degrees, anticlockwise); `lift` in [0, 1] raises it (bigger, softer and further
    shadow); `highlight` rings it in that colour; `dim` greys it; `mark` adds a glyph for its body colour.
    `moving` says the die is in flight (turned fast and not kept); by default, a lifted die is.
    """
    size = max(4, int(size))
    in_flight = lift > 0.02 if moving is None else moving
    if in_flight and mark is not None and highlight is None and not dim:
        # In flight the face turns without its mark, which goes on after at the turned corner: turning
        # the smaller image costs about a third less, and the glyph stays upright to read.
        face = pip_face(size, value, body, pips)
        bare: Hashable = ("pip", size, value, tuple(body), pips, None, False, None)
        drawn = _blit_die(surface, center, size, face, bare, angle, lift, shadow, True)
        lift = min(1.0, max(0.0, lift))
        reach = _MARK_OFFSET * size * (1.0 + 0.14 * lift)
        turn = math.radians(angle)
        x = center[0] + reach * (math.cos(turn) + math.sin(turn))
        y = center[1] - size * 0.08 * lift + reach * (math.cos(turn) - math.sin(turn))
        badge = _mark_badge(size, mark, body)
        return drawn.union(surface.blit(badge, badge.get_rect(center=(round(x), round(y)))))
    face = pip_face(size, value, body, pips, highlight=highlight, dim=dim, mark=mark)
    key = ("pip", size, value, tuple(body), pips, highlight, dim, mark)
    return _blit_die(surface, center, size, face, key, angle, lift, shadow, moving)


def draw_colour_die(
    surface: pygame.Surface,
    center: tuple[float, float],
    size: int,
    colour_index: int,
    *,
    glyphs: bool = True,
    palette: Sequence[RGB] | None = None,
    angle: float = 0.0,
    lift: float = 0.0,
    highlight: RGB | None = None,
    dim: bool = False,
    shadow: bool = True,
    moving: bool | None = None,
    glyph_of: Sequence[int] | None = None,
) -> pygame.Rect:
    """Draw a colour die showing rainbow colour `colour_index` (0 red .. 5 violet) with its glyph.

    `palette` swaps in a game's own six colours (glyph i still goes with colour i unless `glyph_of` says
    otherwise). Other keywords as for `draw_pip_die`. Returns the dirty rect.
    """
    face = colour_face(
        size, colour_index, glyphs=glyphs, palette=palette, highlight=highlight, dim=dim, glyph_of=glyph_of
    )
    colours = tuple(palette) if palette is not None else RAINBOW
    mark = colour_index if glyph_of is None else glyph_of[colour_index]
    key = ("colour", max(4, int(size)), colour_index, colours[colour_index], glyphs, highlight, dim, mark)
    return _blit_die(surface, center, max(4, int(size)), face, key, angle, lift, shadow, moving)
