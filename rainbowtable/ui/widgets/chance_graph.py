"""A win-chance graph (issue 43's review): each side's chance after every position, on a paper card.

x runs over the positions 0..length, y from 0 to 100 % with the 50 % line stronger; each side is a line in
its colour with its own dash pattern and its glyph along it (colour is never the only cue), each turning
point a ringed dot at the position where its move was chosen. The card with its grid, labels and lines is
drawn once per size and data onto a cached layer; a frame adds only the current position's marker and,
while the pointer is over the plot, a note with that position's chances. `position_at` and `mark_at` are
the graph's hit-testing. Holds no review logic: the review strip (`ui/scenes/replay/review.py`) gives it
lines and marks.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from rainbowtable.ai.review import percent
from rainbowtable.ui import draw, theme
from rainbowtable.ui.glyphs import draw_glyph
from rainbowtable.ui.theme import RGB, Theme

SUPERSAMPLE = 2
"""The lines are drawn this many times larger and smooth-scaled down, so they are not jagged."""
DASHES: tuple[tuple[int, ...], ...] = ((), (9, 4), (3, 3), (12, 3, 3, 3), (6, 6), (2, 5))
"""On and off lengths (design px) of each line in turn: the first solid."""
GLYPH_EVERY = 110
"""Design px between two glyphs along a line (and one at its end)."""
CARD_RADIUS = 10
KEY = (255, 0, 255)
"""The cached layer's see-through colour (its rounded corners): no colour the graph draws."""
X_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)

Token = Callable[[pygame.Surface, tuple[int, int], int], None]
"""Draws a side's token centred at a point with a radius (the seat's mark, as on its seat card)."""


@dataclass(frozen=True)
class Line:
    """One side's chances at every position, and how it is told apart."""

    values: tuple[float, ...]
    rgb: RGB
    glyph: int
    dash: tuple[int, ...]
    label: str
    token: Token | None = None
    """The legend's mark for the side; None: the line's glyph."""


@dataclass(frozen=True)
class Mark:
    """A turning point: a dot on line `line` at `position`."""

    position: int
    line: int


@dataclass(frozen=True)
class Geometry:
    card: pygame.Rect
    plot: pygame.Rect
    header: pygame.Rect
    y_label_w: int


class ChanceGraph:
    """The graph in a rect: `set_data`, `layout`, then `draw` every frame it is shown."""

    def __init__(self, th: Theme) -> None:
        self.th = th
        self.title = ""
        self.lines: tuple[Line, ...] = ()
        self.marks: tuple[Mark, ...] = ()
        self.length = 0
        self.geometry = Geometry(pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0), 0)
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[object, ...] = ()
        self.caption: Callable[[int], str] = str
        """The hover note's first line for a position ("Move 23")."""
        self.value_text: Callable[[float], str] = percent

    # --- data and layout ---------------------------------------------------------------------------------
    def set_data(self, title: str, lines: Sequence[Line], marks: Sequence[Mark], length: int) -> None:
        self.title, self.lines, self.marks, self.length = title, tuple(lines), tuple(marks), max(0, length)
        self._layer = None

    def layout(self, rect: pygame.Rect, th: Theme) -> None:
        self.th = th
        pad = th.px(8)
        small = th.font(12)
        header_h = th.font(14, "bold").get_linesize() if rect.h >= th.px(80) else 0
        y_label_w = small.size("100%")[0] + th.px(6)
        top = rect.y + pad + header_h + (th.px(4) if header_h else 0) + small.get_linesize() // 2
        bottom = rect.bottom - pad - small.get_linesize()
        left = rect.x + pad + y_label_w
        right = rect.right - pad - th.px(6)
        plot = pygame.Rect(left, top, max(1, right - left), max(1, bottom - top))
        header = pygame.Rect(rect.x + pad, rect.y + pad, rect.w - 2 * pad, header_h)
        self.geometry = Geometry(pygame.Rect(rect), plot, header, y_label_w)
        self._layer = None

    # --- hit-testing ---------------------------------------------------------------------------------------
    def x_of(self, position: float) -> float:
        plot = self.geometry.plot
        return plot.x + plot.w * position / max(1, self.length)

    def y_of(self, value: float) -> float:
        plot = self.geometry.plot
        return plot.bottom - plot.h * min(1.0, max(0.0, value))

    def position_at(self, pos: tuple[int, int], *, anywhere: bool = False) -> int | None:
        """The position under `pos` (the nearest one along x), when `pos` is on the card (or `anywhere`, for
        a drag that strays off it); None otherwise."""
        if not anywhere and not self.geometry.card.collidepoint(pos):
            return None
        plot = self.geometry.plot
        share = (pos[0] - plot.x) / max(1, plot.w)
        return min(self.length, max(0, round(share * self.length)))

    def mark_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the turning point whose dot is under `pos`, if any."""
        reach = self.th.px(8)
        for index, mark in enumerate(self.marks):
            values = self.lines[mark.line].values
            centre = (self.x_of(mark.position), self.y_of(values[mark.position]))
            if math.dist(centre, pos) <= reach:
                return index
        return None

    # --- drawing -------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, position: int, hover: int | None) -> None:
        card = self.geometry.card
        draw.card(surface, card, radius=self.th.px(CARD_RADIUS), lift=self.th.px(2))
        surface.blit(self._cached_layer(), card.topleft)
        if not self.lines:
            return
        self._draw_marker(surface, min(self.length, max(0, position)), theme.ACCENT_DARK)
        if hover is not None:
            self._draw_note(surface, hover)

    def _cached_layer(self) -> pygame.Surface:
        key = (self.geometry.card.size, self.th.scale, self.title)
        if self._layer is None or self._layer_key != key:
            self._layer = self._make_layer()
            self._layer_key = key
        return self._layer

    def _make_layer(self) -> pygame.Surface:
        """Everything that does not change with the position: grid, labels, legend, lines and marks, in
        the card's own coordinates."""
        card = self.geometry.card
        # Opaque paper with its corners keyed out: blitted each frame at a fraction of an alpha layer's cost.
        layer = pygame.Surface(card.size)
        layer.fill(KEY)
        paper = layer.get_rect()
        radius = self.th.px(CARD_RADIUS)
        pygame.draw.rect(layer, theme.PAPER, paper, border_radius=radius)
        pygame.draw.rect(layer, theme.PAPER_LINE, paper, width=1, border_radius=radius)
        layer.set_colorkey(KEY, pygame.RLEACCEL)
        shift = (-card.x, -card.y)
        self._draw_grid(layer, shift)
        if self.lines:
            layer.blit(self._lines_layer(), self.geometry.plot.move(shift).topleft)
            self._draw_glyphs_and_marks(layer, shift)
        self._draw_header(layer, shift)
        return layer

    def _draw_grid(self, layer: pygame.Surface, shift: tuple[int, int]) -> None:
        th = self.th
        plot = self.geometry.plot.move(shift)
        small = th.font(12)
        for share in (0.0, 0.25, 0.5, 0.75, 1.0):
            y = round(plot.bottom - plot.h * share)
            strong = share in (0.0, 0.5, 1.0)
            colour = theme.INK_SOFT if share == 0.5 else theme.PAPER_LINE
            pygame.draw.line(layer, colour, (plot.x, y), (plot.right, y), th.px(1) if strong else 1)
            if strong:
                label = self.value_text(share)
                draw.text(layer, small, label, (plot.x - th.px(5), y), theme.INK_SOFT, "midright")
        step = self._x_step(small)
        for position in range(0, self.length + 1, step):
            x = round(plot.x + plot.w * position / max(1, self.length))
            pygame.draw.line(layer, theme.PAPER_LINE, (x, plot.bottom), (x, plot.bottom + th.px(3)))
            anchor = "midtop"
            if position == 0:
                anchor = "topleft"
            elif position == self.length or x + small.size(str(position))[0] // 2 > plot.right + th.px(6):
                anchor = "topright"
            draw.text(layer, small, str(position), (x, plot.bottom + th.px(2)), theme.INK_SOFT, anchor)

    def _x_step(self, font: pygame.font.Font) -> int:
        """The move numbers' step along x: the smallest round step whose labels do not crowd each other."""
        widest = font.size(str(self.length))[0] + self.th.px(18)
        per_position = self.geometry.plot.w / max(1, self.length)
        for step in X_STEPS:
            if step * per_position >= widest:
                return step
        return max(1, self.length)

    def _lines_layer(self) -> pygame.Surface:
        """Every side's line over the plot, supersampled and smooth-scaled so the lines are smooth."""
        plot = self.geometry.plot
        ss = SUPERSAMPLE
        big = pygame.Surface((plot.w * ss, plot.h * ss), pygame.SRCALPHA)
        width = max(1, self.th.px(2)) * ss
        for line in self.lines:
            points = [
                ((self.x_of(p) - plot.x) * ss, (self.y_of(v) - plot.y) * ss)
                for p, v in enumerate(line.values)
            ]
            dash = tuple(self.th.px(d) * ss for d in line.dash)
            _polyline(big, line.rgb, points, width, dash)
        return pygame.transform.smoothscale(big, plot.size)

    def _draw_glyphs_and_marks(self, layer: pygame.Surface, shift: tuple[int, int]) -> None:
        th = self.th
        size = th.px(10)
        every = max(1, round(self.length * th.px(GLYPH_EVERY) / max(1, self.geometry.plot.w)))
        for index, line in enumerate(self.lines):
            # Staggered per line, so lines that run together still show every glyph.
            start = (every * index) // max(1, len(self.lines)) + every // 2
            for position in [*range(start, self.length, every), self.length]:
                centre = (
                    self.x_of(position) + shift[0],
                    self.y_of(line.values[position]) + shift[1],
                )
                box = pygame.Rect(0, 0, size, size)
                box.center = (round(centre[0]), round(centre[1]))
                draw_glyph(layer, line.glyph, box, line.rgb, outline=theme.PAPER)
        radius = th.px(5)
        for mark in self.marks:
            line = self.lines[mark.line]
            centre = (
                round(self.x_of(mark.position)) + shift[0],
                round(self.y_of(line.values[mark.position])) + shift[1],
            )
            pygame.draw.circle(layer, theme.PAPER, centre, radius)
            pygame.draw.circle(layer, line.rgb, centre, radius, max(2, th.px(2)))
            pygame.draw.circle(layer, theme.INK, centre, max(1, radius // 3))

    def _draw_header(self, layer: pygame.Surface, shift: tuple[int, int]) -> None:
        """The title on the left, the legend (each side's mark, dash and name) on the right, as `header_plan`
        fits them: the names are cut only where even the smallest marks leave too little room (each is on
        its seat card too)."""
        header = self.geometry.header.move(shift)
        if not header.h:
            return
        th = self.th
        title_font = th.font(14, "bold")
        font = th.font(13)
        title, mark_w, gap, names = self.header_plan(header.w)
        draw.text(layer, title_font, title, (header.x, header.centery), theme.INK, "midleft", box=header)
        x = header.right
        for line, name in reversed(list(zip(self.lines, names, strict=False))):
            x -= font.size(name)[0]
            draw.text(layer, font, name, (x, header.centery), theme.INK, "midleft", box=header)
            x -= mark_w
            self._legend_mark(layer, line, pygame.Rect(x, header.y, mark_w - th.px(4), header.h))
            x -= gap

    def header_plan(self, width: int) -> tuple[str, int, int, list[str]]:
        """The header's title and legend in `width`: the title as shown, each mark's width, the gap after a
        name and each name as shown (none for a single line). A mark is a run of its line's dash with the
        side's token on it; where the names would not fit whole beside the title, the marks shrink (a shorter
        dash, then the token alone) before any name is cut (the dash is on the graph's own lines: at 150 % in
        the smaller window 'Maya' lost its end beside three short names, with room to spare in the marks;
        the fit left out the gap between the title and the legend, so names a gap too wide were cut)."""
        th = self.th
        title_font = th.font(14, "bold")
        font = th.font(13)
        legend = self.lines if len(self.lines) > 1 else ()
        wants = [font.size(line.label)[0] for line in legend]
        title_w = title_font.size(self.title)[0]
        for mark_w, gap in ((th.px(34), th.px(12)), (th.px(26), th.px(10)), (th.px(20), th.px(8))):
            # Each name's mark and gap, and the gap between the title and the legend.
            legend_w = sum(wants) + len(legend) * (mark_w + gap) + (gap if legend else 0)
            if title_w + legend_w <= width:
                break
        title_room = width if title_w + legend_w <= width else max(width // 2, width - legend_w)
        title = draw.fit_text(title_font, self.title, title_room)
        room = width - title_font.size(title)[0] - gap - len(legend) * (mark_w + gap)
        widths = _shares(wants, max(len(legend) * th.px(24), room))
        names = [
            draw.fit_text(font, line.label, share, may_cut=True)
            for line, share in zip(legend, widths, strict=True)
        ]
        return title, mark_w, gap, names

    def _legend_mark(self, layer: pygame.Surface, line: Line, rect: pygame.Rect) -> None:
        th = self.th
        y = rect.centery
        _polyline(
            layer, line.rgb, [(rect.x, y), (rect.right, y)], th.px(2), tuple(th.px(d) for d in line.dash)
        )
        radius = max(4, min(rect.h // 2, th.px(7)))
        if line.token is not None:
            line.token(layer, rect.center, radius)
        else:
            box = pygame.Rect(0, 0, radius * 2, radius * 2)
            box.center = rect.center
            draw_glyph(layer, line.glyph, box, line.rgb, outline=theme.PAPER)

    def _draw_marker(self, surface: pygame.Surface, position: int, colour: RGB) -> None:
        """The current position: a line across the plot and a dot on each side's line."""
        th = self.th
        plot = self.geometry.plot
        x = round(self.x_of(position))
        pygame.draw.line(surface, colour, (x, plot.y - th.px(4)), (x, plot.bottom), max(1, th.px(2)))
        for line in self.lines:
            centre = (x, round(self.y_of(line.values[position])))
            pygame.draw.circle(surface, theme.PAPER, centre, th.px(4))
            pygame.draw.circle(surface, line.rgb, centre, th.px(3))

    def _draw_note(self, surface: pygame.Surface, position: int) -> None:
        """The hovered position's chances, in a small dark note beside the pointer's line, inside the card."""
        th = self.th
        font = th.font(13)
        bold = th.font(13, "bold")
        x = round(self.x_of(position))
        pygame.draw.line(surface, theme.INK_SOFT, (x, self.geometry.plot.y), (x, self.geometry.plot.bottom))
        rows = [(line, f"{line.label}: {self.value_text(line.values[position])}") for line in self.lines]
        caption = self.caption(position)
        line_h = font.get_linesize()
        glyph = th.px(10)
        pad = th.px(6)
        card = self.geometry.card
        widest = max([bold.size(caption)[0], *(glyph + th.px(4) + font.size(text)[0] for _, text in rows)])
        inner_w = min(widest, card.w - 4 * pad)
        rows_shown = max(0, min(len(rows), (card.h - 2 * pad) // line_h - 1))
        note = pygame.Rect(0, 0, inner_w + 2 * pad, line_h * (rows_shown + 1) + 2 * pad)
        note.top = self.geometry.plot.y
        note.left = x + th.px(10)
        if note.right > card.right - th.px(4):
            note.right = x - th.px(10)
        note.clamp_ip(card)
        pygame.draw.rect(surface, (43, 40, 48), note, border_radius=th.px(6))
        draw.text(
            surface, bold, draw.fit_text(bold, caption, inner_w), (note.x + pad, note.y + pad), theme.ON_FELT
        )
        y = note.y + pad + line_h
        for line, text in rows[:rows_shown]:
            box = pygame.Rect(note.x + pad, y + (line_h - glyph) // 2, glyph, glyph)
            draw_glyph(
                surface, line.glyph, box, line.rgb, outline=theme.PAPER
            )  # dark colours on the dark note
            shown = draw.fit_text(font, text, inner_w - glyph - th.px(4), may_cut=True)
            draw.text(surface, font, shown, (box.right + th.px(4), y), theme.ON_FELT, box=note)
            y += line_h


def _shares(wants: Sequence[int], room: int) -> list[int]:
    """Widths for labels that want `wants` in `room` together: each gets what it wants where it can, and
    those that want more than an equal share of what is left share it equally (short names stay whole)."""
    out = list(wants)
    if sum(wants) <= room:
        return out
    order = sorted(range(len(wants)), key=lambda i: wants[i])
    left = room
    for done, index in enumerate(order):
        share = left // (len(wants) - done)
        out[index] = min(wants[index], share)
        left -= out[index]
    return out


def _polyline(
    surface: pygame.Surface,
    rgb: RGB,
    points: Sequence[tuple[float, float]],
    width: int,
    dash: tuple[int, ...],
) -> None:
    """A line through `points`, solid when `dash` is empty, else dashed with the pattern carried on across
    the points (so a line of many short steps is dashed as one)."""
    if len(points) < 2:
        return
    if not dash:
        pygame.draw.lines(surface, rgb, False, points, width)
        for point in points[1:-1]:  # round joins, so steep turns do not show notches
            pygame.draw.circle(surface, rgb, point, width / 2)
        return
    index, left, on = 0, float(dash[0]), True
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while done < length:
            take = min(left, length - done)
            if on:
                a, b = done / length, (done + take) / length
                start = (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a)
                end = (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)
                pygame.draw.line(surface, rgb, start, end, width)
            done += take
            left -= take
            if left <= 1e-9:
                index = (index + 1) % len(dash)
                left, on = float(dash[index]), index % 2 == 0
