"""Drawing and hit-testing for the Rainbow Passage board builder: the board (a wooden frame with its
segment joints, sections with seams, coloured squares with glyphs, the star) and the tray of sections.

Pure readers of a `BoardDraft`: nothing here changes a draft or decides legality (the engine's
`why_cannot_place` and `problems` do). The finished board image is cached per draft, so dragging a
section over a full board only redraws the ghost on top of one blit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from rainbowtable.core.colours import PassageColour
from rainbowtable.games.rainbow_passage.board import (
    EDGES,
    SECTION_KINDS,
    BoardDraft,
    Edge,
    FrameSegment,
    Placement,
    SectionKind,
    section_ids,
)
from rainbowtable.geometry.square import Cell
from rainbowtable.ui import draw, theme
from rainbowtable.ui.glyphs import contrast_ink, draw_glyph
from rainbowtable.ui.theme import RGB

# Printed square colours; PassageColour i pairs with glyph i so colour is never the only cue.
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
        tile = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw_square(tile, tile.get_rect(), colour)
        tile.set_alpha(alpha)
        surface.blit(tile, rect)
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
        draw_glyph(surface, COLOUR_INDEX[colour], inner, contrast_ink(rgb))


class BoardView:
    """Where the board lies on screen for a draft's size, how to draw it and which cell is where.

    Cell (0, 0) is the south-west square: y grows upwards on the board and downwards on screen."""

    def __init__(self) -> None:
        self.area = pygame.Rect(0, 0, 1, 1)
        self.size = (11, 11)
        self.cell = 10
        self.grid = pygame.Rect(0, 0, 1, 1)
        self.frame_w = 6
        self._cache_key: tuple[object, ...] | None = None
        self._cache: pygame.Surface | None = None
        self._cache_draft: BoardDraft | None = None
        self._cache_problems: frozenset[Cell] | None = None

    def layout(self, area: pygame.Rect, size: tuple[int, int]) -> None:
        w, h = size
        self.area = area
        self.size = size
        # The frame is about 0.7 of a square thick on each side.
        self.cell = max(6, int(min(area.w / (w + 1.4), area.h / (h + 1.4))))
        self.frame_w = max(4, round(self.cell * 0.7))
        self.grid = pygame.Rect(0, 0, self.cell * w, self.cell * h)
        self.grid.center = area.center
        self._cache_key = None

    @property
    def outer(self) -> pygame.Rect:
        return self.grid.inflate(self.frame_w * 2, self.frame_w * 2)

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
    ) -> None:
        """The board; `problem_cells` are ringed in red, `soft_cells` (not covered yet) only lightly."""
        # Drafts are immutable, so identity is enough (hashing a whole draft every frame would not be).
        key = (self.grid.topleft, self.cell)
        stale = self._cache_draft is not draft or self._cache_problems is not problem_cells
        if self._cache is None or self._cache_key != key or stale:
            self._cache = self._render(draft, problem_cells, soft_cells)
            self._cache_key = key
            self._cache_draft = draft
            self._cache_problems = problem_cells
        outer = self.outer
        draw.shadow(surface, outer, radius=self.frame_w // 2, blur=max(6, self.cell // 3), alpha=110)
        pad = self.frame_w
        surface.blit(self._cache, (outer.x - pad, outer.y - pad))

    def _render(
        self, draft: BoardDraft, problem_cells: frozenset[Cell], soft_cells: frozenset[Cell]
    ) -> pygame.Surface:
        pad = self.frame_w
        outer = self.outer
        image = pygame.Surface((outer.w + 2 * pad, outer.h + 2 * pad), pygame.SRCALPHA)
        dx, dy = pad - outer.x, pad - outer.y
        shift = (dx, dy)
        self._draw_frame(image, draft, shift)
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
        seam_w = max(1, self.cell // 18)
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

    def _draw_frame(self, image: pygame.Surface, draft: BoardDraft, shift: tuple[int, int]) -> None:
        outer = self.outer.move(shift)
        grid = self.grid.move(shift)
        fw = self.frame_w
        radius = max(2, fw // 3)
        pygame.draw.rect(image, theme.WOOD_DARK, outer, border_radius=radius)
        pygame.draw.rect(image, theme.WOOD_LIGHT, outer.inflate(-2, -2), border_radius=radius)
        # Wood grain: faint lines along each side.
        grain = draw.mix(theme.WOOD_LIGHT, theme.WOOD_DARK, 0.35)
        for i in range(1, 4):
            off = fw * i // 4
            pygame.draw.line(image, grain, (outer.x + off, outer.y + off), (outer.right - off, outer.y + off))
            pygame.draw.line(
                image, grain, (outer.x + off, outer.bottom - off), (outer.right - off, outer.bottom - off)
            )
            pygame.draw.line(
                image, grain, (outer.x + off, outer.y + off), (outer.x + off, outer.bottom - off)
            )
            pygame.draw.line(
                image, grain, (outer.right - off, outer.y + off), (outer.right - off, outer.bottom - off)
            )
        joint = theme.WOOD_DARK
        cw = self.cell
        for edge in EDGES:
            for span in draft.frame.spans(edge):
                shade = 0.0 if span.segment is FrameSegment.LONG else 0.12
                seg = self._segment_rect(edge, span.start, span.length, grid, fw, cw)
                if shade:
                    tint = pygame.Surface(seg.size, pygame.SRCALPHA)
                    tint.fill((255, 255, 255, 26))
                    image.blit(tint, seg)
                pygame.draw.rect(image, joint, seg, 1)
                # Small pegs mark the start-token positions along the side.
                for k in range(span.length):
                    if edge.is_horizontal:
                        px = grid.x + (span.start + k) * cw + cw // 2
                        py = seg.centery
                    else:
                        px = seg.centerx
                        py = grid.bottom - (span.start + k) * cw - cw // 2
                    pygame.draw.circle(image, grain, (px, py), max(1, fw // 8))
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
    ) -> None:
        """The section in hand as a ghost snapped to the grid, tinted legal or illegal."""
        placement = Placement(held.section_id, origin, held.rotation, held.flipped)
        squares = placement.squares(draft.box.section(held.section_id))
        tint = LEGAL_TINT if legal else ILLEGAL_TINT
        wash = pygame.Surface((self.cell, self.cell), pygame.SRCALPHA)
        wash.fill((*tint, 70))
        for cell, _colour in squares:
            r = self.cell_rect(cell)
            draw.shadow(surface, r, 2, blur=max(4, self.cell // 6), alpha=70, offset=(3, 6))
        for cell, colour in squares:
            r = self.cell_rect(cell)
            draw_square(surface, r, colour, alpha=215)
            surface.blit(wash, r)
            pygame.draw.rect(surface, tint, r, max(3, self.cell // 10))
        star = placement.star
        if star is not None:
            r = self.cell_rect(star)
            pygame.draw.polygon(surface, STAR_RGB, star_points(r.centerx, r.centery, r.w * 0.46))


KIND_NAMES: dict[SectionKind, str] = {
    SectionKind.CROSS: "Cross",
    SectionKind.SQUARE: "Squares",
    SectionKind.ANGLE: "Angles",
    SectionKind.LONG: "Long sections",
    SectionKind.SHORT: "Short sections",
}


class TrayView:
    """The tray: one row per kind with a sample of the next section it hands out and how many are left."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.rows: dict[SectionKind, pygame.Rect] = {}

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        head = max(24, rect.h // 12)
        body = pygame.Rect(rect.x, rect.y + head, rect.w, rect.h - head)
        n = len(SECTION_KINDS)
        gap = max(4, body.h // 60)
        row_h = (body.h - gap * (n + 1)) // n
        self.rows = {
            kind: pygame.Rect(body.x + gap, body.y + gap + i * (row_h + gap), body.w - 2 * gap, row_h)
            for i, kind in enumerate(SECTION_KINDS)
        }

    def kind_at(self, pos: tuple[int, int]) -> SectionKind | None:
        for kind, row in self.rows.items():
            if row.collidepoint(pos):
                return kind
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
        draw.text(surface, title_font, "The box", (self.rect.x + 14, self.rect.y + 8), theme.INK)
        for kind, row in self.rows.items():
            left = draft.remaining(kind)
            pygame.draw.rect(surface, theme.PAPER_SHADE, row, border_radius=8)
            sample_id = draft.next_unused(kind) or section_ids(kind)[0]
            self._draw_sample(surface, draft, sample_id, row, faded=left == 0)
            tx = row.x + self._sample_w(row) + 16
            draw.text(
                surface, name_font, KIND_NAMES[kind], (tx, row.y + row.h // 2 - 2), theme.INK, "bottomleft"
            )
            count = f"{left} of {kind.in_box} left" if left else "none left"
            colour = theme.INK_SOFT if left else theme.BAD
            draw.text(surface, small_font, count, (tx, row.y + row.h // 2 + 2), colour, "topleft")

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
