"""Drawing helpers the table shares: the felt background, paper cards with soft shadows, text that wraps.

Everything here is a pure reader of its arguments; expensive pieces (the felt, shadows) are cached by size.
"""

from __future__ import annotations

import functools
import re

import pygame

from rainbowtable.core.text import clean_text
from rainbowtable.ui import layout_audit, theme
from rainbowtable.ui.theme import RGB, Theme


@functools.lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table: a radial gradient from a lit centre to darker edges, with a faint woven texture.

    The gradient is computed on a tiny surface and smooth-scaled up (a per-pixel loop at full size would
    cost a noticeable part of start-up); the weave is one small tile repeated."""
    w, h = size
    # Made in the window's pixel format when there is a window, so no conversion pass is needed after.
    screen = pygame.display.get_surface()
    small = (
        pygame.Surface((max(2, w // 40), max(2, h // 40)), 0, screen) if screen else pygame.Surface((2, 2))
    )
    if not screen:
        small = pygame.Surface((max(2, w // 40), max(2, h // 40)))
    sw, sh = small.get_size()
    cx, cy = sw / 2, sh * 0.42
    max_d = (cx**2 + cy**2) ** 0.5 * 1.1
    for y in range(sh):
        for x in range(sw):
            d = min(1.0, (((x - cx) ** 2 + (y - cy) ** 2) ** 0.5) / max_d)
            small.set_at((x, y), _mix(theme.FELT_CENTRE, theme.FELT_EDGE, d * d))
    surface = _surface((w, h))
    pygame.transform.smoothscale(small, (w, h), surface)
    # The weave: faint light rows and dark columns, added and subtracted with opaque tiles (far cheaper
    # than alpha-blending a whole window of translucent lines). One big tile: few blits, no seams.
    tile_px = 240
    light = pygame.Surface((tile_px, tile_px))
    dark = pygame.Surface((tile_px, tile_px))
    for i in range(0, tile_px, 3):
        pygame.draw.line(light, (4, 4, 4), (0, i), (tile_px - 1, i))
        pygame.draw.line(dark, (4, 4, 4), (i, 0), (i, tile_px - 1))
    for y in range(0, h, tile_px):
        for x in range(0, w, tile_px):
            surface.blit(light, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            surface.blit(dark, (x, y), special_flags=pygame.BLEND_RGB_SUB)
    return surface


def _surface(size: tuple[int, int]) -> pygame.Surface:
    """An opaque surface in the window's pixel format (when there is a window), so blits need no
    conversion and no `convert()` pass (about 3 ms for a full window) is needed afterwards."""
    screen = pygame.display.get_surface()
    return pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)


def _mix(a: RGB, b: RGB, t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


mix = _mix


@functools.lru_cache(maxsize=64)
def _shadow(size: tuple[int, int], radius: int, blur: int, alpha: int) -> pygame.Surface:
    w, h = size
    pad = blur * 2
    base = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    pygame.draw.rect(base, (0, 0, 0, alpha), pygame.Rect(pad, pad, w, h), border_radius=radius)
    factor = max(1, blur // 2)
    small = pygame.transform.smoothscale(
        base, (max(1, base.get_width() // factor), max(1, base.get_height() // factor))
    )
    return pygame.transform.smoothscale(small, base.get_size())


def shadow(
    surface: pygame.Surface,
    rect: pygame.Rect,
    radius: int,
    blur: int = 10,
    alpha: int = 90,
    offset: tuple[int, int] = (0, 4),
) -> pygame.Rect:
    """A soft shadow under `rect`; where it was drawn (it reaches `blur * 2` beyond the rect, offset)."""
    image = _shadow((rect.w, rect.h), radius, blur, alpha)
    return surface.blit(image, (rect.x - blur * 2 + offset[0], rect.y - blur * 2 + offset[1]))


def card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    *,
    fill: RGB = theme.PAPER,
    radius: int = 12,
    border: RGB | None = theme.PAPER_LINE,
    lift: int = 4,
    highlight: RGB | None = None,
) -> None:
    """A paper card lying on the felt: shadow, fill, a thin edge, and an optional coloured ring."""
    if lift:
        shadow(surface, rect, radius, blur=max(4, lift * 2), alpha=80, offset=(0, lift))
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, width=1, border_radius=radius)
    if highlight is not None:
        pygame.draw.rect(surface, highlight, rect.inflate(4, 4), width=3, border_radius=radius + 2)
    if layout_audit.recording is not None:
        layout_audit.note_card(surface, rect)


def text(
    surface: pygame.Surface,
    font: pygame.font.Font,
    content: str,
    pos: tuple[int, int],
    colour: RGB = theme.INK,
    anchor: str = "topleft",
    box: pygame.Rect | None = None,
) -> pygame.Rect:
    """`content` on one line at `pos`. `box`, when given, is where the text must stay (the layout audit
    checks it; drawing does not clip)."""
    image = _render(font, content, colour)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    if layout_audit.recording is not None:
        layout_audit.note_text(surface, font, content, rect, box)
    return rect


@functools.lru_cache(maxsize=1024)
def _render(font: pygame.font.Font, content: str, colour: RGB) -> pygame.Surface:
    return font.render(content, True, colour)


def fit_text(font: pygame.font.Font, text: str, width: int, *, may_cut: bool = False) -> str:
    """`text` as it is when it fits `width` pixels, else cut and ended with an ellipsis. Characters that
    cannot be drawn (control characters, lone surrogates) are replaced first. A binary search over the
    length, so even a huge string costs a few measurements, never one per character. `may_cut` says the
    player needs not the whole text to act (a list of names, a file name shown whole elsewhere); the
    layout audit fails on any other cut."""
    text = clean_text(text)
    if len(text) <= width + 1 and font.size(text)[0] <= width:
        return text
    # No character is narrower than a pixel, so no more than `width` of them can fit.
    keep = _longest_fit(font, text[: max(0, width) + 1], width, "…")
    shown = text[:keep].rstrip() + "…"
    if layout_audit.recording is not None and not may_cut:
        layout_audit.note_cut(shown, text)
    return shown


def _longest_fit(font: pygame.font.Font, text: str, width: int, tail: str = "") -> int:
    """The largest k such that `text[:k] + tail` is at most `width` pixels wide (0 when none is)."""
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if font.size(text[:middle] + tail)[0] <= width:
            low = middle
        else:
            high = middle - 1
    return low


_NUMBER = re.compile(r"[-+−]?\d+(?:[.,]\d+)?[.,;:!?)%]*")
"""A word that is a number, with the punctuation after it."""


def wrap(font: pygame.font.Font, content: str, width: int) -> list[str]:
    """Greedy word wrap to `width` pixels. A word wider than a line is broken where it must be, so no line
    is ever much wider than `width`; characters that cannot be drawn are replaced. Each word is measured
    with the line it would join, and lines are never longer than `width`, so the cost is linear."""
    lines: list[str] = []
    for paragraph in content.split("\n"):
        words = clean_text(paragraph).split(" ")
        line = ""
        for word in words:
            candidate = word if not line else f"{line} {word}"
            if len(candidate) <= width + 1 and font.size(candidate)[0] <= width:
                line = candidate
                continue
            head, _space, last = line.rpartition(" ")
            if head and _NUMBER.fullmatch(word) and font.size(f"{last} {word}")[0] <= width:
                # A number does not start a line alone ("row 4, column" / "1." read as a list's number):
                # the word it belongs to goes down with it.
                lines.append(head.removesuffix(" ·"))
                line = f"{last} {word}"
                continue
            if line:
                # A separator does not end a line ("Crossed: … Christopher 0 ·"): the break parts the items.
                lines.append(line.removesuffix(" ·"))
            pieces = _break_word(font, word, width)
            if len(pieces) > 1 and layout_audit.recording is not None:
                layout_audit.note_broken(word)
            lines.extend(pieces[:-1])
            line = pieces[-1]
        lines.append(line)
    return lines


def _break_word(font: pygame.font.Font, word: str, width: int) -> list[str]:
    """`word` in pieces that each fit `width` (at least one character each)."""
    pieces = []
    while True:
        # Only the first `width` characters can fit, so only they are ever measured.
        head = word[: max(0, width) + 1]
        if len(head) == len(word) and font.size(word)[0] <= width:
            break
        keep = max(1, _longest_fit(font, head, width))
        if keep >= len(word):
            break
        pieces.append(word[:keep])
        word = word[keep:]
    pieces.append(word)
    return pieces


def wrap_at_most(
    font: pygame.font.Font, content: str, width: int, most: int, *, may_cut: bool = False
) -> list[str]:
    """`content` wrapped to `width` in at most `most` lines; a longer text ends its last line with an
    ellipsis rather than lose its end unseen (`fit_text`: the layout audit sees the cut unless `may_cut`)."""
    lines = wrap(font, content, width)
    if len(lines) <= most:
        return lines
    return [*lines[: most - 1], fit_text(font, " ".join(lines[most - 1 :]), width, may_cut=may_cut)]


def wrap_fitting(
    th: Theme,
    sizes: tuple[float, ...],
    content: str,
    width: int,
    most: int,
    role: str = "regular",
    *,
    height: int | None = None,
    may_cut: bool = False,
) -> tuple[pygame.font.Font, list[str]]:
    """The first of `sizes` (largest first) at which `content` wraps into `most` lines or fewer (and, given
    `height`, as many as fit in it at that size), and those lines; at the last size, `wrap_at_most`'s lines.
    A long line takes a smaller size before it loses its end (a status prompt naming five players, a help
    line in Dutch at 150 %)."""
    font, allowed = th.font(sizes[-1], role), most
    for size in sizes:
        font = th.font(size, role)
        allowed = most if height is None else max(1, min(most, height // font.get_linesize()))
        lines = wrap(font, content, width)
        if len(lines) <= allowed:
            return font, lines
    return font, wrap_at_most(font, content, width, allowed, may_cut=may_cut)


def text_block(
    surface: pygame.Surface,
    font: pygame.font.Font,
    content: str,
    rect: pygame.Rect,
    colour: RGB = theme.INK,
    line_gap: float = 1.25,
) -> int:
    """Wrapped text inside rect; returns the height used."""
    y = rect.y
    step = round(font.get_linesize() * line_gap)
    for line in wrap(font, content, rect.w):
        if y + step > rect.bottom + step:
            break
        text(surface, font, line, (rect.x, y), colour, box=rect)
        y += step
    return y - rect.y


def label_box(th: Theme, widest: str, at: tuple[int, int], corner: str) -> pygame.Rect:
    """Where a small paper label (`pointer_label`) goes: as wide as `widest`, its `corner` ("topleft",
    "bottomleft") at `at`, so that a board redraws only that corner as the words change."""
    font = th.font(14, "bold")
    box = pygame.Rect(0, 0, font.size(widest)[0] + th.px(16), font.get_linesize() + th.px(6))
    setattr(box, corner, at)
    return box


def arrow_button(surface: pygame.Surface, th: Theme, rect: pygame.Rect, *, left: bool) -> None:
    """A picker's small paper button with a chevron (previous or next): drawn, where "<" and ">" in the
    text face read as signs of comparison."""
    pygame.draw.rect(surface, theme.PAPER, rect, border_radius=th.px(5))
    pygame.draw.rect(surface, theme.PAPER_LINE, rect, 1, border_radius=th.px(5))
    size = min(rect.w, rect.h) * 0.2
    cx, cy = rect.center
    way = -1 if left else 1
    chevron = [
        (cx - way * size * 0.5, cy - size),
        (cx + way * size * 0.5, cy),
        (cx - way * size * 0.5, cy + size),
    ]
    pygame.draw.lines(surface, theme.INK, False, chevron, max(2, th.px(2)))


def pointer_label(surface: pygame.Surface, th: Theme, words: str, box: pygame.Rect) -> None:
    """The name of the place under the pointer (a cell, a field) on paper at the left of `box`, as wide
    as the words need."""
    font = th.font(14, "bold")
    label = pygame.Rect(box.x, box.y, min(box.w, font.size(words)[0] + th.px(16)), box.h)
    pygame.draw.rect(surface, theme.PAPER, label, border_radius=th.px(6))
    text(surface, font, words, label.center, theme.INK, anchor="center", box=box)


def rainbow_bar(surface: pygame.Surface, rect: pygame.Rect, radius: int = 0) -> None:
    """Six stripes in rainbow order: the house mark."""
    n = len(theme.RAINBOW)
    for i, rgb in enumerate(theme.RAINBOW):
        x0 = rect.x + rect.w * i // n
        x1 = rect.x + rect.w * (i + 1) // n
        pygame.draw.rect(surface, rgb, pygame.Rect(x0, rect.y, x1 - x0, rect.h))
