"""Drawing and hit-testing for the Rainbow Passage board builder: the board (a wooden frame built of its
long and short segments with the joints visible, sections with seams, coloured squares with glyphs, the star),
the tray of frame segments and sections, and small thumbnails of a board for the library.

Pure readers of a `BoardDraft`: nothing here changes a draft or decides legality (the engine's
`why_cannot_place` and `problems` do). The finished board image is cached per draft, so dragging a
section over a full board only redraws the ghost on top of one blit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.components import (
    CROSS_ID,
    EDGES,
    SECTION_KINDS,
    Edge,
    FrameSegment,
    Placement,
    SectionKind,
    section_ids,
)
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.games.rainbow_passage.frame import Frame
from rainbowtable.geometry.square import Cell
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.rainbow_passage.pieces import GLYPH_OF
from rainbowtable.ui.glyphs import contrast_ink, draw_glyph
from rainbowtable.ui.i18n import N_, _
from rainbowtable.ui.theme import RGB

# Printed square colours, each with its glyph (`pieces.GLYPH_OF`) so colour is never the only cue.
PASSAGE_RGB: dict[PassageColour, RGB] = {
    PassageColour.RED: (214, 70, 62),
    PassageColour.GREEN: (82, 168, 88),
    PassageColour.BLUE: (62, 116, 200),
    PassageColour.YELLOW: (240, 200, 62),
    PassageColour.CYAN: (70, 186, 196),
    PassageColour.MAGENTA: (186, 74, 160),
}
COLOUR_INDEX: dict[PassageColour, int] = {c: i for i, c in enumerate(PassageColour)}
EMPTY_CELL: RGB = (58, 52, 46)
EMPTY_LINE: RGB = (74, 66, 58)
SEAM: RGB = (30, 26, 24)
LEGAL_TINT: RGB = (96, 210, 110)
ILLEGAL_TINT: RGB = (230, 70, 60)
STAR_RGB: RGB = (255, 250, 235)


@dataclass(frozen=True, slots=True)
class Held:
    """The section in the hand: which one, how it is turned, which of its squares is under the cursor,
    and where it came from (None = the tray) so a refused drop can snap back."""

    section_id: str
    rotation: int
    flipped: bool
    anchor: int
    origin_placement: Placement | None

    def relative(self) -> tuple[Cell, ...]:
        return Placement(self.section_id, Cell(0, 0), self.rotation, self.flipped).cells

    def origin_for(self, cell: Cell) -> Cell:
        """The placement origin that puts the anchor square on `cell`."""
        rel = self.relative()[self.anchor]
        return Cell(cell.x - rel.x, cell.y - rel.y)


@dataclass(frozen=True, slots=True)
class HeldSegment:
    """A frame segment in the hand, and where it was lifted from ((side, index) on the frame, or None for
    the tray) so a refused drop can snap back."""

    segment: FrameSegment
    source: tuple[Edge, int] | None


def star_points(cx: float, cy: float, outer: float) -> list[tuple[float, float]]:
    points: list[tuple[float, float]] = []
    for i in range(10):
        radius = outer if i % 2 == 0 else outer * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def draw_square(surface: pygame.Surface, rect: pygame.Rect, colour: PassageColour, alpha: int = 255) -> None:
    """One printed square: its colour, a soft bevel, and its glyph in contrasting ink."""
    rgb = PASSAGE_RGB[colour]
    if alpha < 255:
        surface.blit(_see_through_square(colour, rect.size, alpha), rect)
        return
    pygame.draw.rect(surface, rgb, rect)
    light = draw.mix(rgb, (255, 255, 255), 0.25)
    dark = draw.mix(rgb, (0, 0, 0), 0.25)
    pygame.draw.line(surface, light, rect.topleft, (rect.right - 1, rect.top))
    pygame.draw.line(surface, light, rect.topleft, (rect.left, rect.bottom - 1))
    pygame.draw.line(surface, dark, (rect.left, rect.bottom - 1), (rect.right - 1, rect.bottom - 1))
    pygame.draw.line(surface, dark, (rect.right - 1, rect.top), (rect.right - 1, rect.bottom - 1))
    inner = rect.inflate(-rect.w * 0.46, -rect.h * 0.46)
    if inner.w >= 4:
        draw_glyph(surface, GLYPH_OF[COLOUR_INDEX[colour]], inner, contrast_ink(rgb))


@lru_cache(maxsize=64)
def _see_through_square(colour: PassageColour, size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A square drawn at `alpha`, kept: the section in hand is drawn from these every frame of a drag."""
    tile = pygame.Surface(size, pygame.SRCALPHA)
    draw_square(tile, tile.get_rect(), colour)
    tile.set_alpha(alpha)
    return tile


@lru_cache(maxsize=16)
def _wash(size: tuple[int, int], rgba: tuple[int, int, int, int]) -> pygame.Surface:
    """A see-through tint the size of a square or a frame segment, kept (as `_see_through_square`)."""
    wash = pygame.Surface(size, pygame.SRCALPHA)
    wash.fill(rgba)
    return wash


class BoardView:
    """Where the board lies on screen for a draft's size, how to draw it and which cell is where.

    Cell (0, 0) is the south-west square: y grows upwards on the board and downwards on screen."""

    def __init__(self) -> None:
        self.area = pygame.Rect(0, 0, 1, 1)
        self.size = (11, 11)
        self.extent = (11, 11)
        self.cell = 10
        self.grid = pygame.Rect(0, 0, 1, 1)
        self.frame_w = 6
        self._cache_key: tuple[object, ...] | None = None
        self._cache: pygame.Surface | None = None
        self._cache_draft: BoardDraft | None = None
        self._cache_problems: frozenset[Cell] | None = None

    def layout(self, area: pygame.Rect, size: tuple[int, int], extent: tuple[int, int] | None = None) -> None:
        """Fit a `size` board in `area`. `extent` (at least `size`) is how far a frame being changed reaches:
        a side's segments run from its west or south end, so a longer side sticks out east or north."""
        w, h = size
        ew, eh = extent if extent is not None else size
        ew, eh = max(ew, w), max(eh, h)
        self.area = area
        self.size = size
        self.extent = (ew, eh)
        # The frame is about 0.7 of a square thick on each side.
        self.cell = max(6, int(min(area.w / (ew + 1.4), area.h / (eh + 1.4))))
        self.frame_w = max(4, round(self.cell * 0.7))
        reach = pygame.Rect(0, 0, self.cell * ew, self.cell * eh)
        reach.center = area.center
        self.grid = pygame.Rect(reach.x, reach.bottom - self.cell * h, self.cell * w, self.cell * h)
        self._cache_key = None

    @staticmethod
    def extent_for(frame: Frame, size: tuple[int, int]) -> tuple[int, int]:
        """The squares a frame spans, at least the board's size (larger while a side is too long)."""
        return (
            max(size[0], frame.side_length(Edge.N), frame.side_length(Edge.S)),
            max(size[1], frame.side_length(Edge.W), frame.side_length(Edge.E)),
        )

    @property
    def outer(self) -> pygame.Rect:
        return self.grid.inflate(self.frame_w * 2, self.frame_w * 2)

    @property
    def reach(self) -> pygame.Rect:
        """The board with its frame and any side sticking out: what the cached image covers."""
        ew, eh = self.extent
        box = pygame.Rect(self.grid.x, self.grid.bottom - eh * self.cell, ew * self.cell, eh * self.cell)
        return box.inflate(self.frame_w * 2, self.frame_w * 2)

    # frame hit-testing -----------------------------------------------------------------------------------
    def segment_rect(self, edge: Edge, start: int, length: int) -> pygame.Rect:
        """Where a frame segment lying on squares [start, start + length) of a side is on screen."""
        return self._segment_rect(edge, start, length, self.grid, self.frame_w, self.cell)

    def segment_at(self, frame: Frame, pos: tuple[int, int]) -> tuple[Edge, int] | None:
        """The frame segment under a point: (side, index along that side), or None."""
        for edge in EDGES:
            for index, span in enumerate(frame.spans(edge)):
                if self.segment_rect(edge, span.start, span.length).inflate(2, 2).collidepoint(pos):
                    return (edge, index)
        return None

    def side_target(self, frame: Frame, pos: tuple[int, int]) -> tuple[Edge, int] | None:
        """Where a frame segment dropped at `pos` would go: the nearest side within about a square of its
        band, and the position along it (between the segments already there); None if no side is near."""
        g, fw, cw = self.grid, self.frame_w, self.cell
        x, y = pos
        reach = fw + cw
        horizontal = max(g.w, frame.side_length(Edge.N) * cw, frame.side_length(Edge.S) * cw)
        vertical = max(g.h, frame.side_length(Edge.W) * cw, frame.side_length(Edge.E) * cw)
        along_x = g.x - reach <= x <= g.x + horizontal + reach
        along_y = g.bottom - vertical - reach <= y <= g.bottom + reach
        distances: dict[Edge, float] = {}
        if along_x:
            distances[Edge.N] = abs(y - (g.top - fw / 2))
            distances[Edge.S] = abs(y - (g.bottom + fw / 2))
        if along_y:
            distances[Edge.W] = abs(x - (g.x - fw / 2))
            distances[Edge.E] = abs(x - (g.right + fw / 2))
        near = [(d, edge) for edge, d in distances.items() if d <= reach]
        if not near:
            return None
        edge = min(near, key=lambda pair: pair[0])[1]
        along = (x - g.x) / cw if edge.is_horizontal else (g.bottom - y) / cw
        index = sum(1 for span in frame.spans(edge) if span.start + span.length / 2 < along)
        return (edge, index)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        return pygame.Rect(
            self.grid.x + cell.x * self.cell,
            self.grid.y + (self.size[1] - 1 - cell.y) * self.cell,
            self.cell,
            self.cell,
        )

    def cell_at(self, pos: tuple[int, int]) -> Cell:
        """The cell under a point (may lie outside the board: a ghost can hang over the edge)."""
        x = math.floor((pos[0] - self.grid.x) / self.cell)
        row = math.floor((pos[1] - self.grid.y) / self.cell)
        return Cell(x, self.size[1] - 1 - row)

    def contains(self, cell: Cell) -> bool:
        return 0 <= cell.x < self.size[0] and 0 <= cell.y < self.size[1]

    # drawing ---------------------------------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        draft: BoardDraft,
        problem_cells: frozenset[Cell],
        soft_cells: frozenset[Cell] = frozenset(),
        bad_edges: frozenset[Edge] = frozenset(),
    ) -> None:
        """The board; `problem_cells` are ringed in red, `soft_cells` (not covered yet) only lightly, and the
        frame sides in `bad_edges` (a side missing its long segment, opposite sides of unequal length) too."""
        # Drafts are immutable, so identity is enough (hashing a whole draft every frame would not be).
        key = (self.grid.topleft, self.cell, self.extent)
        stale = self._cache_draft is not draft or self._cache_problems is not problem_cells
        if self._cache is None or self._cache_key != key or stale:
            self._cache = self._render(draft, problem_cells, soft_cells, bad_edges)
            self._cache_key = key
            self._cache_draft = draft
            self._cache_problems = problem_cells
        draw.shadow(surface, self.outer, radius=self.frame_w // 2, blur=max(6, self.cell // 3), alpha=110)
        pad = self.frame_w
        reach = self.reach
        surface.blit(self._cache, (reach.x - pad, reach.y - pad))

    def _render(
        self,
        draft: BoardDraft,
        problem_cells: frozenset[Cell],
        soft_cells: frozenset[Cell],
        bad_edges: frozenset[Edge],
    ) -> pygame.Surface:
        pad = self.frame_w
        reach = self.reach
        image = pygame.Surface((reach.w + 2 * pad, reach.h + 2 * pad), pygame.SRCALPHA)
        dx, dy = pad - reach.x, pad - reach.y
        shift = (dx, dy)
        self._draw_frame(image, draft.frame, shift, bad_edges)
        grid = self.grid.move(shift)
        pygame.draw.rect(image, EMPTY_CELL, grid)
        for x in range(1, self.size[0]):
            gx = grid.x + x * self.cell
            pygame.draw.line(image, EMPTY_LINE, (gx, grid.y), (gx, grid.bottom - 1))
        for y in range(1, self.size[1]):
            gy = grid.y + y * self.cell
            pygame.draw.line(image, EMPTY_LINE, (grid.x, gy), (grid.right - 1, gy))
        shown = draft.squares()
        for cell, (_sid, colour) in shown.items():
            if self.contains(cell):
                draw_square(image, self.cell_rect(cell).move(shift), colour)
        seam_w = max(2, self.cell // 10)  # where one section ends and the next begins, plainly
        for cell, (sid, _colour) in shown.items():
            if not self.contains(cell):
                continue
            r = self.cell_rect(cell).move(shift)
            for (nx, ny), a, b in (
                ((0, 1), r.topleft, r.topright),
                ((0, -1), r.bottomleft, r.bottomright),
                ((-1, 0), r.topleft, r.bottomleft),
                ((1, 0), r.topright, r.bottomright),
            ):
                other = shown.get(Cell(cell.x + nx, cell.y + ny))
                if other is None or other[0] != sid:
                    pygame.draw.line(image, SEAM, a, b, seam_w)
        for placement in draft.placements:
            star = placement.star
            if star is not None and self.contains(star):
                r = self.cell_rect(star).move(shift)
                pts = star_points(r.centerx, r.centery, r.w * 0.46)
                pygame.draw.polygon(image, SEAM, [(x + 1, y + 2) for x, y in pts])
                pygame.draw.polygon(image, STAR_RGB, pts)
                pygame.draw.aalines(image, theme.ACCENT_DARK, True, pts)
        if soft_cells:
            soft = pygame.Surface((self.cell, self.cell), pygame.SRCALPHA)
            soft.fill((*ILLEGAL_TINT, 28))
            for cell in soft_cells:
                if self.contains(cell):
                    image.blit(soft, self.cell_rect(cell).move(shift))
        if problem_cells:
            overlay = pygame.Surface((self.cell, self.cell), pygame.SRCALPHA)
            overlay.fill((*ILLEGAL_TINT, 90))
            for cell in problem_cells:
                if self.contains(cell):
                    r = self.cell_rect(cell).move(shift)
                    image.blit(overlay, r)
                    pygame.draw.rect(image, ILLEGAL_TINT, r.inflate(-2, -2), max(1, self.cell // 16))
        return image

    def _draw_frame(
        self, image: pygame.Surface, frame: Frame, shift: tuple[int, int], bad_edges: frozenset[Edge]
    ) -> None:
        """The frame as the box's wooden segments laid round the board: an empty groove where a side is not
        filled yet, each segment a bar of its own with its joints, corner blocks, start-token pegs."""
        outer = self.outer.move(shift)
        grid = self.grid.move(shift)
        fw, cw = self.frame_w, self.cell
        groove = draw.mix(theme.WOOD_DARK, (20, 16, 12), 0.55)
        for edge in EDGES:
            length = self.size[0] if edge.is_horizontal else self.size[1]
            slot = self._segment_rect(edge, 0, length, grid, fw, cw)
            pygame.draw.rect(image, groove, slot)
            pygame.draw.rect(image, draw.mix(groove, (0, 0, 0), 0.4), slot, 1)
        for corner in (
            outer.topleft,
            (grid.right, outer.y),
            (outer.x, grid.bottom),
            (grid.right, grid.bottom),
        ):
            block = pygame.Rect(corner, (fw, fw))
            pygame.draw.rect(image, theme.WOOD_DARK, block, border_radius=max(1, fw // 4))
            pygame.draw.rect(image, draw.mix(theme.WOOD_DARK, theme.WOOD_LIGHT, 0.4), block.inflate(-4, -4))
        for edge in EDGES:
            for span in frame.spans(edge):
                seg = self._segment_rect(edge, span.start, span.length, grid, fw, cw)
                draw_segment_bar(image, seg, span.segment, edge.is_horizontal)
                # Small pegs mark the start-token positions along the side.
                peg = draw.mix(theme.WOOD_LIGHT, theme.WOOD_DARK, 0.45)
                for k in range(span.length):
                    if edge.is_horizontal:
                        px, py = grid.x + (span.start + k) * cw + cw // 2, seg.centery
                    else:
                        px, py = seg.centerx, grid.bottom - (span.start + k) * cw - cw // 2
                    pygame.draw.circle(image, peg, (px, py), max(1, fw // 8))
            if edge in bad_edges:
                length = max(frame.side_length(edge), self.size[0] if edge.is_horizontal else self.size[1])
                ring = self._segment_rect(edge, 0, length, grid, fw, cw).inflate(4, 4)
                pygame.draw.rect(image, ILLEGAL_TINT, ring, max(2, fw // 6), border_radius=3)
        pygame.draw.rect(image, SEAM, grid.inflate(2, 2), 1)

    @staticmethod
    def _segment_rect(
        edge: Edge, start: int, length: int, grid: pygame.Rect, fw: int, cw: int
    ) -> pygame.Rect:
        if edge is Edge.N:
            return pygame.Rect(grid.x + start * cw, grid.y - fw, length * cw, fw)
        if edge is Edge.S:
            return pygame.Rect(grid.x + start * cw, grid.bottom, length * cw, fw)
        top = grid.bottom - (start + length) * cw
        if edge is Edge.W:
            return pygame.Rect(grid.x - fw, top, fw, length * cw)
        return pygame.Rect(grid.right, top, fw, length * cw)

    def draw_held(
        self, surface: pygame.Surface, draft: BoardDraft, held: Held, origin: Cell, legal: bool
    ) -> pygame.Rect:
        """The section in hand as a ghost snapped to the grid, tinted legal or illegal; where it drew."""
        placement = Placement(held.section_id, origin, held.rotation, held.flipped)
        squares = placement.squares(draft.box.section(held.section_id))
        tint = LEGAL_TINT if legal else ILLEGAL_TINT
        wash = _wash((self.cell, self.cell), (*tint, 70))
        rects = [self.cell_rect(cell) for cell, _colour in squares]
        drawn = [
            draw.shadow(surface, r, 2, blur=max(4, self.cell // 6), alpha=70, offset=(3, 6)) for r in rects
        ]
        for r, (_cell, colour) in zip(rects, squares, strict=True):
            draw_square(surface, r, colour, alpha=215)
            surface.blit(wash, r)
            pygame.draw.rect(surface, tint, r, max(3, self.cell // 10))
        star = placement.star
        if star is not None:
            r = self.cell_rect(star)
            pygame.draw.polygon(surface, STAR_RGB, star_points(r.centerx, r.centery, r.w * 0.46))
        return rects[0].unionall([*rects[1:], *drawn]) if rects else pygame.Rect(0, 0, 0, 0)

    def draw_held_segment(
        self,
        surface: pygame.Surface,
        frame: Frame,
        held: HeldSegment,
        pos: tuple[int, int],
        target: tuple[Edge, int] | None,
        legal: bool,
    ) -> pygame.Rect:
        """A frame segment in the hand: the bar itself following the mouse, and on top of it a ghost where it
        would go on the side under the cursor, tinted legal or illegal; where it drew."""
        length = held.segment.length
        horizontal = target is None or target[0].is_horizontal
        long_side, thick = length * self.cell, self.frame_w
        bar = pygame.Rect(0, 0, long_side, thick) if horizontal else pygame.Rect(0, 0, thick, long_side)
        bar.center = pos
        drawn = bar.union(draw.shadow(surface, bar, 2, blur=max(4, self.cell // 6), alpha=80, offset=(3, 6)))
        draw_segment_bar(surface, bar, held.segment, horizontal)
        if target is not None:
            edge, index = target
            start = sum(span.length for span in frame.spans(edge)[:index])
            ghost = self.segment_rect(edge, start, length)
            tint = LEGAL_TINT if legal else ILLEGAL_TINT
            surface.blit(_wash(ghost.size, (*tint, 90)), ghost)
            pygame.draw.rect(surface, tint, ghost, max(2, self.frame_w // 5))
            drawn.union_ip(ghost)
        return drawn


def draw_segment_bar(
    surface: pygame.Surface, rect: pygame.Rect, segment: FrameSegment, horizontal: bool
) -> None:
    """One wooden frame segment: the long ones a shade darker than the short, grain along the bar, and a
    dark outline so the joints between segments show."""
    base = (
        theme.WOOD_LIGHT if segment is FrameSegment.LONG else draw.mix(theme.WOOD_LIGHT, (255, 236, 200), 0.3)
    )
    pygame.draw.rect(surface, base, rect)
    grain = draw.mix(base, theme.WOOD_DARK, 0.35)
    thick = rect.h if horizontal else rect.w
    for i in range(1, 4):
        off = thick * i // 4
        if horizontal:
            pygame.draw.line(surface, grain, (rect.x + 2, rect.y + off), (rect.right - 3, rect.y + off))
        else:
            pygame.draw.line(surface, grain, (rect.x + off, rect.y + 2), (rect.x + off, rect.bottom - 3))
    light = draw.mix(base, (255, 255, 255), 0.3)
    pygame.draw.line(surface, light, rect.topleft, (rect.right - 1, rect.top))
    pygame.draw.line(surface, light, rect.topleft, (rect.left, rect.bottom - 1))
    pygame.draw.rect(surface, theme.WOOD_DARK, rect, max(1, thick // 12))


KIND_NAMES: dict[SectionKind, str] = {
    SectionKind.CROSS: N_("Cross"),
    SectionKind.SQUARE: N_("Squares"),
    SectionKind.ANGLE: N_("Angles"),
    SectionKind.LONG: N_("Long sections"),
    SectionKind.SHORT: N_("Short sections"),
}


SEGMENT_NAMES: dict[FrameSegment, str] = {
    FrameSegment.LONG: N_("Long frame pieces"),
    FrameSegment.SHORT: N_("Short frame pieces"),
}
FRAME_SEGMENTS: tuple[FrameSegment, ...] = (FrameSegment.LONG, FrameSegment.SHORT)


class TrayView:
    """The tray (the open box): a row per frame segment and per section kind, each with a sample of what
    it hands out and how many are left."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.rows: dict[SectionKind, pygame.Rect] = {}
        self.frame_rows: dict[FrameSegment, pygame.Rect] = {}

    def layout(self, rect: pygame.Rect, head_h: int = 24, text_h: int = 0) -> None:
        """Rows in `rect` under a heading `head_h` tall; every row at least `text_h` tall (its name and
        count, two lines)."""
        self.rect = rect
        head = max(head_h, rect.h // 14)
        body = pygame.Rect(rect.x, rect.y + head, rect.w, rect.h - head)
        n = len(SECTION_KINDS)
        gap = max(4, body.h // 70)
        # Frame rows are about half as tall as section rows (a bar needs less height than a shape), but
        # never shorter than their two lines of text.
        free = body.h - gap * (n + len(FRAME_SEGMENTS) + 2)
        row_h = int(free / (n + 0.5 * len(FRAME_SEGMENTS)))
        frame_h = int(row_h * 0.5)
        if frame_h < text_h:
            frame_h = text_h
            row_h = (free - frame_h * len(FRAME_SEGMENTS)) // n
        y = body.y + gap
        self.frame_rows = {}
        for segment in FRAME_SEGMENTS:
            self.frame_rows[segment] = pygame.Rect(body.x + gap, y, body.w - 2 * gap, frame_h)
            y += frame_h + gap
        y += gap
        self.rows = {}
        for kind in SECTION_KINDS:
            self.rows[kind] = pygame.Rect(body.x + gap, y, body.w - 2 * gap, row_h)
            y += row_h + gap

    def kind_at(self, pos: tuple[int, int]) -> SectionKind | None:
        for kind, row in self.rows.items():
            if row.collidepoint(pos):
                return kind
        return None

    def segment_at(self, pos: tuple[int, int]) -> FrameSegment | None:
        for segment, row in self.frame_rows.items():
            if row.collidepoint(pos):
                return segment
        return None

    def draw(
        self,
        surface: pygame.Surface,
        draft: BoardDraft,
        fonts: tuple[pygame.font.Font, pygame.font.Font, pygame.font.Font],
        highlight: bool,
    ) -> None:
        title_font, name_font, small_font = fonts
        draw.card(
            surface,
            self.rect,
            fill=theme.PAPER,
            radius=12,
            highlight=theme.ACCENT if highlight else None,
        )
        draw.text(surface, title_font, _("The box"), (self.rect.x + 14, self.rect.y + 8), theme.INK)
        for segment, row in self.frame_rows.items():
            left = segment.in_box - draft.frame.count(segment)
            pygame.draw.rect(surface, theme.PAPER_SHADE, row, border_radius=8)
            sample = pygame.Rect(row.x + 6, row.y + 4, self._sample_w(row) - 12, row.h - 8)
            # Drawn to scale along the bar (9 squares to 2), thick enough to read as wood.
            bar_h = max(6, min(sample.h - 4, row.h // 3, sample.w // 6))
            bar_w = max(sample.w * segment.length // FrameSegment.LONG.length, bar_h * 5 // 2)
            bar = pygame.Rect(sample.x + (sample.w - bar_w) // 2, sample.centery - bar_h // 2, bar_w, bar_h)
            draw_segment_bar(surface, bar, segment, True)
            if left <= 0:
                veil = pygame.Surface(bar.size, pygame.SRCALPHA)
                veil.fill((*theme.PAPER_SHADE, 170))
                surface.blit(veil, bar)
            tx = row.x + self._sample_w(row) + 16
            draw.text(
                surface, name_font, _(SEGMENT_NAMES[segment]), (tx, row.centery - 1), theme.INK, "bottomleft"
            )
            count = (
                _("{left} of {total} left").format(left=left, total=segment.in_box)
                if left > 0
                else _("none left")
            )
            # "none left" is no error (a finished board uses every long piece): soft ink, as the counts.
            draw.text(surface, small_font, count, (tx, row.centery + 1), theme.INK_SOFT, "topleft")
        for kind, row in self.rows.items():
            left = draft.remaining(kind)
            pygame.draw.rect(surface, theme.PAPER_SHADE, row, border_radius=8)
            sample_id = draft.next_unused(kind) or section_ids(kind)[0]
            self._draw_sample(surface, draft, sample_id, row, faded=left == 0)
            tx = row.x + self._sample_w(row) + 16
            draw.text(
                surface, name_font, _(KIND_NAMES[kind]), (tx, row.y + row.h // 2 - 2), theme.INK, "bottomleft"
            )
            count = (
                _("{left} of {total} left").format(left=left, total=kind.in_box) if left else _("none left")
            )
            draw.text(surface, small_font, count, (tx, row.y + row.h // 2 + 2), theme.INK_SOFT, "topleft")

    @staticmethod
    def _sample_w(row: pygame.Rect) -> int:
        return min(row.h, row.w * 2 // 5)

    @staticmethod
    def _draw_sample(
        surface: pygame.Surface, draft: BoardDraft, section_id: str, row: pygame.Rect, faded: bool
    ) -> None:
        placement = Placement(section_id, Cell(0, 0))
        squares = placement.squares(draft.box.section(section_id))
        xs = [c.x for c, _ in squares]
        ys = [c.y for c, _ in squares]
        span = max(max(xs) + 1, max(ys) + 1)
        side = TrayView._sample_w(row) - 8
        box = pygame.Rect(row.x + 4, row.y + 4, side, row.h - 8)
        size = max(4, min(box.w, box.h) // max(span, 3))
        w = (max(xs) + 1) * size
        h = (max(ys) + 1) * size
        x0 = box.centerx - w // 2
        y0 = box.centery - h // 2
        for cell, colour in squares:
            r = pygame.Rect(x0 + cell.x * size, y0 + (max(ys) - cell.y) * size, size, size)
            draw_square(surface, r, colour, alpha=90 if faded else 255)
            pygame.draw.rect(surface, SEAM, r, 1)
        star = placement.star
        if star is not None:
            r = pygame.Rect(x0 + star.x * size, y0 + (max(ys) - star.y) * size, size, size)
            pygame.draw.polygon(surface, STAR_RGB, star_points(r.centerx, r.centery, r.w * 0.46))


def board_thumbnail(draft: BoardDraft, side: int) -> pygame.Surface:
    """A small picture of a board for the library: wood round the edge, each square its colour, squares not
    covered yet dark. Plain blocks without glyphs or seams: at this size they would only be noise."""
    w, h = draft.size
    cell = max(1, (side - 4) // (max(w, h) + 1))
    frame = max(2, cell // 2)
    image = pygame.Surface((w * cell + 2 * frame, h * cell + 2 * frame))
    image.fill(theme.WOOD_LIGHT if draft.frame.is_legal else draw.mix(theme.WOOD_LIGHT, ILLEGAL_TINT, 0.5))
    pygame.draw.rect(image, theme.WOOD_DARK, image.get_rect(), 1)
    pygame.draw.rect(image, EMPTY_CELL, pygame.Rect(frame, frame, w * cell, h * cell))
    for cell_at, (_sid, colour) in draft.squares().items():
        if 0 <= cell_at.x < w and 0 <= cell_at.y < h:
            rect = pygame.Rect(frame + cell_at.x * cell, frame + (h - 1 - cell_at.y) * cell, cell, cell)
            pygame.draw.rect(image, PASSAGE_RGB[colour], rect)
    centre = draft.centre
    cross = draft.placement_of(CROSS_ID)
    if cross is not None and cross.star == centre and cell >= 4:
        rect = pygame.Rect(frame + centre.x * cell, frame + (h - 1 - centre.y) * cell, cell, cell)
        pygame.draw.polygon(image, STAR_RGB, star_points(rect.centerx, rect.centery, cell * 0.55))
    return image
