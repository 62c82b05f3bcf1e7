"""The Rainbow Passage table view: the board in its wooden frame (every square's colour with its glyph, the
star, each player's star row as a faint line), start tokens on the frame (crossed or plain), the pieces as
stars with 4, 5, 6 or 8 points over their base colour, the colour dice tray with the dice still unused, and
the captured pieces waiting beside the tray.

Drag a piece to a glowing square to step (or a captured piece to a glowing start square to return it); End
turn and Pass are buttons. A pure reader of the state: legality comes from the rules (`legal_actions`,
`why_illegal`) through the table's hold-turn-drop controller.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbow_passage.board import Board
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.components import Edge
from rainbowtable.games.rainbow_passage.model import (
    COLOURS,
    DiceRolled,
    EndTurn,
    Pass,
    Phase,
    Piece,
    RainbowPassageState,
    ReturnPiece,
    RollOffRolled,
    Status,
    StepPiece,
    cell_name,
)
from rainbowtable.games.rainbow_passage.rules import facing_of, move_allowance
from rainbowtable.geometry.square import Cell
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.rainbow_passage import pieces
from rainbowtable.ui.games.rainbow_passage.builder_view import PASSAGE_RGB, draw_square
from rainbowtable.ui.games.rainbow_passage.pieces import (
    FRAME_DARK,
    FRAME_RGB,
    PIECE_RGB,
    SQUARE_RGB,
    draw_token,
    star_polygon,
)
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import Animation, LegacyView, Look, SeatColour, TableButton
from rainbowtable.ui.theme import RGB, Theme
from rainbowtable.ui.widgets.dice_tray import DiceTumble, TumbleDie
from rainbowtable.ui.widgets.die import draw_colour_die

PALETTE: tuple[RGB, ...] = SQUARE_RGB
GLOW: RGB = (255, 246, 170)
STAR_LINE: RGB = (255, 250, 235)


_SPRITES: dict[tuple[int, PassageColour, int], pygame.Surface] = {}
"""Pieces drawn once per seat, base colour and size, then blitted: drawing a star from polygons every
frame cost most of a board redraw."""


def draw_piece(
    surface: pygame.Surface, centre: tuple[float, float], size: float, seat: int, base: PassageColour
) -> pygame.Rect:
    """A piece centred at `centre`, `size` pixels across (from a cached picture); returns its box."""
    side = int(size)
    key = (seat, base, side)
    sprite = _SPRITES.get(key)
    if sprite is None:
        if len(_SPRITES) > 256:
            _SPRITES.clear()
        pad = side // 4 + 2
        sprite = pygame.Surface((side + 2 * pad, side + 2 * pad), pygame.SRCALPHA)
        half = (side + 2 * pad) / 2
        pieces.draw_piece(sprite, (half, half), side, seat, PASSAGE_RGB[base])
        if pygame.display.get_surface() is not None:
            sprite = sprite.convert_alpha()
        _SPRITES[key] = sprite
    cx, cy = int(centre[0]), int(centre[1])
    surface.blit(sprite, sprite.get_rect(center=(cx, cy)))
    box = pygame.Rect(0, 0, side, side)
    box.center = (cx, cy)
    return box


class _Slide:
    """A piece sliding from one square to the next (and a captured piece fading away)."""

    def __init__(
        self,
        view: RainbowPassageView,
        piece: Piece,
        start: tuple[float, float],
        end: tuple[float, float],
        speed: float,
        victim: Piece | None = None,
    ) -> None:
        self.view = view
        self.piece = piece
        self.victim = victim
        self.start = start
        self.end = end
        self.t = 0.0
        self.duration = 0.22 / max(speed, 0.01)

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        p = min(1.0, self.t / self.duration)
        rects: list[pygame.Rect] = []
        if self.victim is not None and p < 1.0:
            # The captured piece shrinks away under the arriving one.
            size = self.view.cell_px * 0.9 * (1.0 - p)
            if size >= 2:
                victim_rgb = PASSAGE_RGB[_base(self.victim)]
                rects.append(
                    pieces.draw_piece(surface, self.end, size, self.victim.owner, victim_rgb).inflate(8, 8)
                )
        p = 1 - (1 - p) ** 3
        x = self.start[0] + (self.end[0] - self.start[0]) * p
        y = self.start[1] + (self.end[1] - self.start[1]) * p
        lift = math.sin(p * math.pi) * self.view.cell_px * 0.12
        rect = draw_piece(
            surface, (x, y - lift), self.view.cell_px * 0.9, self.piece.owner, _base(self.piece)
        )
        return [*rects, rect.inflate(8, 8)]

    def hides(self) -> frozenset[Hashable]:
        return frozenset({("piece", self.piece.id)})


def _ease(p: float) -> float:
    return 1 - (1 - p) ** 3


class _Timed:
    """A part of an animation that starts after `delay` seconds and lasts `duration` (both already scaled
    by the animation speed)."""

    def __init__(self, delay: float, duration: float) -> None:
        self.delay = delay
        self.duration = max(duration, 1e-3)
        self.t = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    def update(self, dt: float) -> None:
        self.t += dt

    @property
    def progress(self) -> float:
        return min(1.0, max(0.0, (self.t - self.delay) / self.duration))


class _TokenFlip(_Timed):
    """A start token turning over on the frame (§1.6: crossed to plain when its piece first moves; §1.7:
    plain to crossed when a returned piece lands): it narrows to an edge and widens showing the other side."""

    def __init__(
        self, piece_id: int, rect: pygame.Rect, base: PassageColour, crossed_after: bool, speed: float
    ) -> None:
        super().__init__(0.0, 0.32 / max(speed, 0.01))
        self.piece_id = piece_id
        self.rect = rect
        self.base = base
        self.crossed_after = crossed_after

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        p = self.progress
        squash = abs(math.cos(p * math.pi))
        crossed = self.crossed_after if p >= 0.5 else not self.crossed_after
        # Lifted a little while it turns, so the flip reads even at small sizes.
        lifted = self.rect.inflate(
            self.rect.w * 0.3 * math.sin(p * math.pi), self.rect.h * 0.3 * math.sin(p * math.pi)
        )
        draw_token(surface, lifted, PASSAGE_RGB[self.base], crossed, squash)
        return [lifted.inflate(6, 6)]

    def hides(self) -> frozenset[Hashable]:
        return frozenset({("token", self.piece_id)})


class _TokenMove(_Timed):
    """A start token carried along the frame to another start square (§1.7 [RES-RP10]: the returned piece's
    token and the one that lay there swap places); `bulge` lifts its path off the frame's line so two tokens
    swapping pass each other; `flip` turns it over on the way (the returned piece's token lands crossed)."""

    def __init__(
        self,
        piece_id: int,
        start: pygame.Rect,
        end: pygame.Rect,
        base: PassageColour,
        crossed: tuple[bool, bool],
        bulge: tuple[float, float],
        delay: float,
        speed: float,
    ) -> None:
        super().__init__(delay, 0.45 / max(speed, 0.01))
        self.piece_id = piece_id
        self.start = start
        self.end = end
        self.base = base
        self.crossed = crossed
        self.bulge = bulge

    def rect_now(self) -> pygame.Rect:
        p = _ease(self.progress)
        arc = math.sin(p * math.pi)
        rect = self.start.copy()
        rect.center = (
            round(self.start.centerx + (self.end.centerx - self.start.centerx) * p + self.bulge[0] * arc),
            round(self.start.centery + (self.end.centery - self.start.centery) * p + self.bulge[1] * arc),
        )
        return rect.inflate(rect.w * 0.25 * arc, rect.h * 0.25 * arc)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        p = self.progress
        rect = self.rect_now()
        before, after = self.crossed
        squash = 1.0 if before == after else abs(math.cos(p * math.pi))
        draw_token(surface, rect, PASSAGE_RGB[self.base], after if p >= 0.5 else before, squash)
        return [rect.inflate(6, 6)]

    def hides(self) -> frozenset[Hashable]:
        return frozenset({("token", self.piece_id)})


class _Fly(_Timed):
    """A captured piece carried from beside the tray to the start square it returns to (§1.7)."""

    def __init__(
        self,
        piece: Piece,
        start: tuple[int, int],
        end: tuple[int, int],
        size: float,
        delay: float,
        speed: float,
    ) -> None:
        super().__init__(delay, 0.4 / max(speed, 0.01))
        self.piece = piece
        self.start = start
        self.end = end
        self.size = size

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        p = _ease(self.progress)
        x = self.start[0] + (self.end[0] - self.start[0]) * p
        y = self.start[1] + (self.end[1] - self.start[1]) * p - math.sin(p * math.pi) * self.size * 0.5
        return [draw_piece(surface, (x, y), self.size, self.piece.owner, _base(self.piece)).inflate(8, 8)]

    def hides(self) -> frozenset[Hashable]:
        return frozenset({("piece", self.piece.id)})


class _Together:
    """Several animations at once (a step and its token's flip; a return and its token swap)."""

    def __init__(self, *parts: Animation) -> None:
        self.parts = parts

    @property
    def done(self) -> bool:
        return all(part.done for part in self.parts)

    def update(self, dt: float) -> None:
        for part in self.parts:
            part.update(dt)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        rects: list[pygame.Rect] = []
        for part in self.parts:
            rects += part.draw(surface)
        return rects

    def hides(self) -> frozenset[Hashable]:
        hidden: frozenset[Hashable] = frozenset()
        for part in self.parts:
            hidden |= part.hides()
        return hidden


class _Roll:
    """The colour dice tumbling into the tray (a turn's roll or the roll-off)."""

    def __init__(self, tumble: DiceTumble, hides: frozenset[Hashable]) -> None:
        self.tumble = tumble
        self._hides = hides

    @property
    def done(self) -> bool:
        return self.tumble.done

    def update(self, dt: float) -> None:
        self.tumble.update(dt)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        return self.tumble.draw(surface)

    def hides(self) -> frozenset[Hashable]:
        return self._hides


def _base(piece: Piece) -> PassageColour:
    return COLOURS[piece.index % len(COLOURS)]


LABEL_RGB = (246, 226, 190)
"""The files and ranks on the wood of the frame."""


class RainbowPassageView(LegacyView):
    def __init__(self) -> None:
        self.theme = Theme()
        self.area = pygame.Rect(0, 0, 10, 10)
        self.grid = pygame.Rect(0, 0, 10, 10)
        self.tray = pygame.Rect(0, 0, 10, 10)
        self.cell_px = 10
        self.size = (11, 11)
        self.cosmetic = Rng.from_seed(0x5AFE)
        self._board_image: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._tokens: dict[tuple[PassageColour, bool, tuple[int, int]], pygame.Surface] = {}
        self._glows: dict[tuple[tuple[int, int], int], pygame.Surface] = {}
        self._parts_memo: (
            tuple[RainbowPassageState, tuple[Hashable, ...], dict[str, tuple[pygame.Rect, Hashable]]] | None
        ) = None
        self.label_px = 12  # the band of the frame outside the start tokens that carries files and ranks
        self.pointer: Cell | None = None  # the square under the pointer, named in the frame's corner

    # --- layout ---------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, th: Theme) -> None:
        super().layout(rect, th)
        self.theme = th
        self.area = rect.copy()
        self._fit(self.size)

    def _fit(self, size: tuple[int, int]) -> None:
        rect, th = self.area, self.theme
        self.size = size
        width, height = size
        tray_h = max(th.px(70), min(th.px(110), rect.h // 7))
        gap = th.px(10)
        # The frame holds the start tokens (a little more than half a square on each side) and, outside
        # them, the files and ranks the log and hints name squares by.
        label = self.label_px = th.px(15)
        cell = int(
            min((rect.w - 2 * label) / (width + 1.4), (rect.h - tray_h - gap - 2 * label) / (height + 1.4))
        )
        self.cell_px = max(8, cell)
        self.grid = pygame.Rect(0, 0, self.cell_px * width, self.cell_px * height)
        rim = self._rim()
        board_h = self.grid.h + 2 * rim
        self.grid.midtop = (rect.centerx, rect.y + rim + max(0, (rect.h - tray_h - gap - board_h) // 2))
        self.tray = pygame.Rect(0, 0, min(rect.w, max(self.grid.w + 2 * rim, th.px(520))), tray_h)
        self.tray.midtop = (rect.centerx, self.grid.bottom + rim + gap)
        self._board_image = None

    def _rim(self) -> int:
        """The frame's width on each side: the tokens' band and the labels' band."""
        return int(self.cell_px * 0.7) + self.label_px

    def _ensure(self, state: RainbowPassageState) -> None:
        if state.board is not None and state.board.size != self.size:
            self._fit(state.board.size)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        height = self.size[1]
        return pygame.Rect(
            self.grid.x + cell.x * self.cell_px,
            self.grid.y + (height - 1 - cell.y) * self.cell_px,
            self.cell_px,
            self.cell_px,
        )

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        if not self.grid.collidepoint(pos):
            return None
        x = (pos[0] - self.grid.x) // self.cell_px
        y = self.size[1] - 1 - (pos[1] - self.grid.y) // self.cell_px
        return Cell(x, y)

    def token_rect(self, edge: Edge, square: Cell) -> pygame.Rect:
        """Where a start token lies: on the frame just behind its start square."""
        rect = self.cell_rect(square)
        margin = int(self.cell_px * 0.7)
        side = max(6, int(self.cell_px * 0.5))
        token = pygame.Rect(0, 0, side, side)
        if edge is Edge.S:
            token.center = (rect.centerx, rect.bottom + margin // 2)
        elif edge is Edge.N:
            token.center = (rect.centerx, rect.top - margin // 2)
        elif edge is Edge.W:
            token.center = (rect.left - margin // 2, rect.centery)
        else:
            token.center = (rect.right + margin // 2, rect.centery)
        return token

    # --- drawing --------------------------------------------------------------------------------------
    def _board_surface(self, board: Board, state: RainbowPassageState) -> pygame.Surface:
        edges = tuple(s.edge for s in state.seats)
        key = (id(board), board.size, self.cell_px, self.grid.topleft, edges)
        if self._board_image is not None and self._board_image[0] == key:
            return self._board_image[1]
        margin = self._rim()
        outer = self.grid.inflate(2 * margin, 2 * margin)
        image = pygame.Surface(outer.size, pygame.SRCALPHA)
        local = pygame.Rect(0, 0, *outer.size)
        pygame.draw.rect(image, (0, 0, 0, 70), local.move(0, max(2, margin // 4)), border_radius=margin // 2)
        pygame.draw.rect(image, FRAME_RGB, local, border_radius=margin // 2)
        pygame.draw.rect(image, FRAME_DARK, local, max(2, margin // 6), border_radius=margin // 2)
        offset = (-outer.x, -outer.y)
        # Frame joints between the segments, so the frame reads as built of long and short pieces.
        for edge in (Edge.N, Edge.E, Edge.S, Edge.W):
            for span in board.frame.spans(edge)[1:]:
                self._draw_joint(image, edge, span.start, offset, margin)
        for cell in board.cells():
            rect = self.cell_rect(cell).move(offset)
            draw_square(image, rect.inflate(-1, -1), board.colour(cell))
        # Section seams: a darker line where two sections meet.
        seam = (30, 26, 24)
        for cell in board.cells():
            rect = self.cell_rect(cell).move(offset)
            here = board.section_at(cell)
            east = Cell(cell.x + 1, cell.y)
            north = Cell(cell.x, cell.y + 1)
            if board.contains(east) and board.section_at(east) != here:
                pygame.draw.line(image, seam, rect.topright, (rect.right, rect.bottom - 1), 2)
            if board.contains(north) and board.section_at(north) != here:
                pygame.draw.line(image, seam, rect.topleft, (rect.right - 1, rect.top), 2)
        # Each player's star row: a faint line through the star along the row (S, N) or column (W, E).
        star = self.cell_rect(board.star).move(offset)
        overlay = pygame.Surface(local.size, pygame.SRCALPHA)
        width = max(2, self.cell_px // 10)
        grid = self.grid.move(offset)
        if any(e in (Edge.S, Edge.N) for e in edges):
            pygame.draw.line(
                overlay, (*STAR_LINE, 120), (grid.left, star.centery), (grid.right, star.centery), width
            )
        if any(e in (Edge.W, Edge.E) for e in edges):
            pygame.draw.line(
                overlay, (*STAR_LINE, 120), (star.centerx, grid.top), (star.centerx, grid.bottom), width
            )
        image.blit(overlay, (0, 0))
        points = star_polygon(star.centerx, star.centery, self.cell_px * 0.36, 5)
        pygame.draw.polygon(image, STAR_LINE, points)
        pygame.draw.polygon(image, (40, 34, 30), points, max(1, self.cell_px // 24))
        self._draw_labels(image, offset)
        if pygame.display.get_surface() is not None:
            image = image.convert_alpha()
        self._board_image = (key, image)
        return image

    def _label_spots(self) -> tuple[list[tuple[str, tuple[int, int]]], pygame.Rect]:
        """Where the files (letters from the west) and ranks (numbers from the south) are written on the
        frame, as `model.cell_name` names squares, on all four sides; and the frame's south-west corner,
        where the square under the pointer is named."""
        width, height = self.size
        out = self.grid.inflate(2 * self._rim(), 2 * self._rim())
        half = self.label_px // 2 + 1
        spots = []
        for x in range(width):
            centre_x = self.cell_rect(Cell(x, 0)).centerx
            name = cell_name(Cell(x, 0))[:-1]
            spots += [(name, (centre_x, out.bottom - half)), (name, (centre_x, out.top + half))]
        for y in range(height):
            centre_y = self.cell_rect(Cell(0, y)).centery
            spots += [
                (str(y + 1), (out.left + half + 1, centre_y)),
                (str(y + 1), (out.right - half - 1, centre_y)),
            ]
        corner = pygame.Rect(out.x, self.grid.bottom, self._rim(), self._rim())
        return spots, corner

    def _draw_labels(self, image: pygame.Surface, offset: tuple[int, int]) -> None:
        font = self.theme.font(12, "bold")
        spots, _corner = self._label_spots()
        for text, (x, y) in spots:
            draw.text(image, font, text, (x + offset[0], y + offset[1]), LABEL_RGB, anchor="center")

    def _draw_pointer_name(self, surface: pygame.Surface) -> None:
        """The square under the pointer, named in the frame's south-west corner ("e4")."""
        if self.pointer is None:
            return
        _spots, corner = self._label_spots()
        name = cell_name(self.pointer)
        font = self.theme.font(13, "bold")
        box = pygame.Rect(0, 0, max(corner.w - 4, font.size(name)[0] + 8), font.get_linesize() + 2)
        box.center = corner.center
        pygame.draw.rect(surface, theme.PAPER, box, border_radius=4)
        pygame.draw.rect(surface, FRAME_DARK, box, 1, border_radius=4)
        draw.text(surface, font, name, box.center, theme.INK, anchor="center")

    def handle_event(self, event: Any, state: Any) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = self.cell_at(event.pos)
        return False

    def _draw_joint(
        self, image: pygame.Surface, edge: Edge, start: int, offset: tuple[int, int], margin: int
    ) -> None:
        if edge in (Edge.N, Edge.S):
            x = self.grid.x + start * self.cell_px + offset[0]
            y0 = (self.grid.top - margin if edge is Edge.N else self.grid.bottom) + offset[1]
            pygame.draw.line(image, FRAME_DARK, (x, y0), (x, y0 + margin), 2)
        else:
            y = self.grid.bottom - start * self.cell_px + offset[1]
            x0 = (self.grid.left - margin if edge is Edge.W else self.grid.right) + offset[0]
            pygame.draw.line(image, FRAME_DARK, (x0, y), (x0 + margin, y), 2)

    def draw(self, surface: pygame.Surface, state: Any, look: Look) -> None:
        assert isinstance(state, RainbowPassageState)
        self._ensure(state)
        board = state.board
        if board is None:
            draw.text(
                surface,
                self.theme.font(22, "bold"),
                _("Assembling a random board…"),
                self.area.center,
                theme.ON_FELT,
                anchor="center",
            )
            return
        # The table draws one part (a band of the board, the tray) at a time, clipped to it: anything
        # outside the clip is skipped rather than drawn and thrown away.
        clip = surface.get_clip()
        outer = self._outer()
        if clip.colliderect(outer):
            image = self._board_surface(board, state)
            area = clip.clip(outer)
            surface.blit(image, area, area.move(-outer.x, -outer.y))
            self._draw_tokens(surface, state, look, clip)
            self._draw_marks(surface, state, look, clip)
            self._draw_pointer_name(surface)
            size = self.cell_px * 0.9
            for piece in state.pieces:
                if piece.pos is None:
                    continue
                rect = self.cell_rect(piece.pos)
                if not clip.colliderect(rect):
                    continue
                pick = ("piece", piece.id)
                if pick in look.hidden or pick == look.dragging:
                    continue
                draw_piece(surface, rect.center, size, piece.owner, _base(piece))
                if look.selected == pick or look.focus == pick:
                    pygame.draw.rect(surface, GLOW, rect, max(2, self.cell_px // 12), border_radius=4)
        if clip.colliderect(self.tray.inflate(12, 12)):
            self._draw_tray(surface, state, look)

    def _outer(self) -> pygame.Rect:
        margin = self._rim()
        return self.grid.inflate(2 * margin, 2 * margin)

    def _bands(self) -> dict[Hashable, pygame.Rect]:
        """The board split into bands that are redrawn on their own: the frame above and below, and one
        band per row of squares, running across the frame on both sides (whose tokens it holds)."""
        outer = self._outer()
        bands: dict[Hashable, pygame.Rect] = {
            "north": pygame.Rect(outer.x, outer.y, outer.w, self.grid.y - outer.y),
            "south": pygame.Rect(outer.x, self.grid.bottom, outer.w, outer.bottom - self.grid.bottom),
        }
        for y in range(self.size[1]):
            top = self.grid.y + (self.size[1] - 1 - y) * self.cell_px
            bands[y] = pygame.Rect(outer.x, top, outer.w, self.cell_px)
        return bands

    def parts(self, state: Any, look: Look) -> dict[str, tuple[pygame.Rect, Hashable]]:
        """The frame above and below the squares, one band per row of squares (with the tokens on the
        frame at its ends) and the tray. Each band's key holds only what lies in it, so a piece picked up,
        a glow or a token turning over redraws a row or two, never the whole board; a tumble or a drag
        draws over the parts, so nothing is drawn again while the dice roll or a piece is carried."""
        if not isinstance(state, RainbowPassageState) or state.board is None:
            return {"board": (self.area, (id(state), look.key()))}
        self._ensure(state)
        # Asked every frame: the same state under the same look gives the same parts (the state is held
        # in the memo, so its id cannot be reused by another while compared).
        seen = (
            self.cell_px,
            self.grid.topleft,
            look.highlights,
            look.dragging,
            look.selected,
            look.hover_target,
            look.refused_target,
            look.hidden,
            look.focus,
            look.last_actions,
            look.marked,
            id(look.marked_before),
            self.pointer,
            isinstance(look.extra.get("animation"), _Roll),
        )
        memo = self._parts_memo
        if memo is not None and memo[0] is state and memo[1] == seen:
            return memo[2]
        out = self._parts(state, look)
        self._parts_memo = (state, seen, out)
        return out

    def _parts(self, state: RainbowPassageState, look: Look) -> dict[str, tuple[pygame.Rect, Hashable]]:
        assert state.board is not None
        layout = (id(state.board), self.cell_px, self.grid.topleft)
        rows: dict[Hashable, list[Hashable]] = {}
        hidden = look.hidden
        for piece in state.pieces:
            pick = ("piece", piece.id)
            if piece.pos is not None:
                gone = pick in hidden or pick == look.dragging
                lit = look.selected == pick or look.focus == pick
                rows.setdefault(piece.pos.y, []).append(("p", piece.id, piece.pos.x, piece.owner, gone, lit))
            seat = state.seats[piece.owner]
            if seat.eliminated:
                continue
            band: Hashable = {Edge.S: "south", Edge.N: "north"}.get(seat.edge, piece.home.y)
            rows.setdefault(band, []).append(
                ("t", piece.id, piece.home, piece.token_crossed, ("token", piece.id) in hidden)
            )
        for target in look.highlights:
            if isinstance(target, Cell):
                rows.setdefault(target.y, []).append(("h", target.x, target == look.hover_target))
        if isinstance(look.refused_target, Cell):
            rows.setdefault(look.refused_target.y, []).append(("x", look.refused_target.x))
        recent = look.last_actions[-3:]
        for i, (_seat, action) in enumerate(recent):
            if isinstance(action, StepPiece | ReturnPiece):
                rows.setdefault(action.to.y, []).append(("l", action.to.x, i == len(recent) - 1))
        for cell in self._marked_cells(look):
            rows.setdefault(cell.y, []).append(("m", cell.x))
        out: dict[str, tuple[pygame.Rect, Hashable]] = {}
        for name, rect in self._bands().items():
            out[f"board:{name}"] = (rect, (layout, tuple(rows.get(name, ()))))
        # The corner naming the square under the pointer: a part of its own, so moving the pointer redraws
        # only it.
        out["pointer"] = (self._label_spots()[1], (layout, self.pointer))
        tray_key = (
            state.phase,
            state.current,
            state.dice,
            state.dice_left,
            state.moves_made,
            tuple(p for p in state.pieces if p.status is Status.CAPTURED),
            tuple(
                (("piece", p.id) in hidden, ("piece", p.id) in (look.dragging, look.focus))
                for p in state.pieces
                if p.status is Status.CAPTURED
            ),
            isinstance(look.extra.get("animation"), _Roll),
            self.tray.topleft,
        )
        out["tray"] = (self.tray.inflate(12, 12), tray_key)
        return out

    def _draw_tokens(
        self, surface: pygame.Surface, state: RainbowPassageState, look: Look, clip: pygame.Rect
    ) -> None:
        for piece in state.pieces:
            seat = state.seats[piece.owner]
            if seat.eliminated or ("token", piece.id) in look.hidden:
                continue
            rect = self.token_rect(seat.edge, piece.home)
            if clip.colliderect(rect):
                self._blit_token(surface, rect, _base(piece), piece.token_crossed)

    def _blit_token(
        self, surface: pygame.Surface, rect: pygame.Rect, base: PassageColour, crossed: bool
    ) -> None:
        key = (base, crossed, rect.size)
        sprite = self._tokens.get(key)
        if sprite is None:
            sprite = pygame.Surface(rect.size, pygame.SRCALPHA)
            draw_token(sprite, sprite.get_rect(), PASSAGE_RGB[base], crossed)
            self._tokens[key] = sprite
        surface.blit(sprite, rect)

    def _draw_marks(
        self, surface: pygame.Surface, state: RainbowPassageState, look: Look, clip: pygame.Rect
    ) -> None:
        width = max(2, self.cell_px // 10)
        for target in look.highlights:
            if isinstance(target, Cell):
                rect = self.cell_rect(target)
                if not clip.colliderect(rect):
                    continue
                strong = target == look.hover_target
                surface.blit(self._glow(rect.size, 130 if strong else 80), rect)
                pygame.draw.rect(surface, GLOW, rect, width + (2 if strong else 0))
        if isinstance(look.refused_target, Cell):
            pygame.draw.rect(surface, theme.BAD, self.cell_rect(look.refused_target), width + 1)
        for i, (_seat, action) in enumerate(look.last_actions[-3:]):
            if isinstance(action, StepPiece | ReturnPiece):
                newest = i == len(look.last_actions[-3:]) - 1
                rect = self.cell_rect(action.to).inflate(-2, -2)
                pygame.draw.rect(surface, theme.ACCENT if newest else theme.ACCENT_DARK, rect, 2)
        for cell in self._marked_cells(look):
            pygame.draw.rect(surface, theme.ACCENT, self.cell_rect(cell), width + 1)

    @staticmethod
    def _marked_cells(look: Look) -> tuple[Cell, ...]:
        """The squares the hovered log line names: where the piece went and, for a step, where it was."""
        marked = look.marked
        if not isinstance(marked, StepPiece | ReturnPiece):
            return ()
        before = look.marked_before
        if isinstance(marked, StepPiece) and isinstance(before, RainbowPassageState):
            came = next((p.pos for p in before.pieces if p.id == marked.piece), None)
            if came is not None:
                return (came, marked.to)
        return (marked.to,)

    def _glow(self, size: tuple[int, int], alpha: int) -> pygame.Surface:
        key = (size, alpha)
        glow = self._glows.get(key)
        if glow is None:
            glow = pygame.Surface(size, pygame.SRCALPHA)
            glow.fill((*GLOW, alpha))
            self._glows[key] = glow
        return glow

    def _tray_slots(self, count: int) -> list[tuple[int, int]]:
        size = self._die_px()
        step = int(size * 1.25)
        left = self.tray.x + self.theme.px(16) + size // 2
        return [(left + i * step, self.tray.centery + self.theme.px(8)) for i in range(count)]

    def _die_px(self) -> int:
        return max(14, min(self.tray.h - self.theme.px(34), self.theme.px(54)))

    def _draw_tray(self, surface: pygame.Surface, state: RainbowPassageState, look: Look) -> None:
        draw.card(surface, self.tray, radius=self.theme.px(10))
        font = self.theme.font(14, "bold")
        size = self._die_px()
        rolling = isinstance(look.extra.get("animation"), _Roll)
        if state.phase is Phase.TURN and state.dice:
            m = move_allowance(state.dice)
            left = list(state.dice_left)
            caption = _("Up to {m} {moves} · {used} made · click End turn when done").format(
                m=m, moves=_("move") if m == 1 else _("moves"), used=state.moves_made
            )
            if not rolling:
                for die, centre in zip(state.dice, self._tray_slots(len(state.dice)), strict=True):
                    unused = die in left
                    if unused:
                        left.remove(die)
                    draw_colour_die(
                        surface, centre, size, COLOURS.index(die), palette=PALETTE, dim=not unused
                    )
        elif state.phase is Phase.ROLL_OFF:
            caption = _("Rolling for first player: most reds begins")
        elif state.phase is Phase.ROLL:
            caption = _("Rolling the colour dice…")
        elif state.phase is Phase.OVER:
            caption = _("The game is over")
        else:
            caption = _("Assembling the board")
        draw.text(
            surface,
            font,
            caption,
            (self.tray.x + self.theme.px(14), self.tray.y + self.theme.px(6)),
            theme.INK,
        )
        # Captured pieces wait at the tray's right end, ready to return.
        for piece, rect in self._captured_slots(state):
            if ("piece", piece.id) in look.hidden or ("piece", piece.id) == look.dragging:
                continue
            draw_piece(surface, rect.center, rect.w, piece.owner, _base(piece))
            if look.focus == ("piece", piece.id):
                pygame.draw.rect(surface, GLOW, rect, 2)

    def _captured_slots(self, state: RainbowPassageState) -> list[tuple[Piece, pygame.Rect]]:
        captured = [p for p in state.pieces if p.status is Status.CAPTURED and p.owner == state.current]
        side = max(12, min(self.cell_px, self.tray.h - self.theme.px(34)))
        out = []
        for i, piece in enumerate(captured):
            rect = pygame.Rect(0, 0, side, side)
            rect.midright = (
                self.tray.right - self.theme.px(12) - i * (side + 4),
                self.tray.centery + self.theme.px(8),
            )
            out.append((piece, rect))
        return out

    def draw_in_hand(
        self, surface: pygame.Surface, state: Any, pick: Hashable, pos: tuple[int, int], look: Look
    ) -> pygame.Rect:
        piece = self._piece(state, pick)
        if piece is None:
            return pygame.Rect(pos, (0, 0))
        return draw_piece(surface, pos, self.cell_px * 1.0, piece.owner, _base(piece)).inflate(8, 8)

    # --- picking and dropping ---------------------------------------------------------------------------
    def _piece(self, state: Any, pick: Hashable) -> Piece | None:
        if isinstance(pick, tuple) and len(pick) == 2 and pick[0] == "piece":
            for piece in state.pieces:
                if isinstance(piece, Piece) and piece.id == pick[1]:
                    return piece
        return None

    def pick_at(self, state: Any, pos: tuple[int, int], seat: int) -> Hashable | None:
        if (
            not isinstance(state, RainbowPassageState)
            or state.phase is not Phase.TURN
            or state.current != seat
        ):
            return None
        cell = self.cell_at(pos)
        if cell is not None:
            piece = state.piece_at(cell)
            if piece is not None and piece.owner == seat:
                return ("piece", piece.id)
            return None
        for piece, rect in self._captured_slots(state):
            if rect.collidepoint(pos):
                return ("piece", piece.id)
        return None

    def pick_rect(self, state: Any, pick: Hashable) -> pygame.Rect | None:
        piece = self._piece(state, pick)
        if piece is None:
            return None
        if piece.pos is not None:
            return self.cell_rect(piece.pos)
        for other, rect in self._captured_slots(state):
            if other.id == piece.id:
                return rect
        return None

    def target_rect(self, state: Any, target: Hashable) -> pygame.Rect | None:
        return self.cell_rect(target) if isinstance(target, Cell) else None

    def target_at(self, state: Any, pos: tuple[int, int]) -> Hashable | None:
        return self.cell_at(pos)

    def action_for(self, state: Any, pick: Hashable, target: Hashable) -> Any | None:
        piece = self._piece(state, pick)
        if piece is None or not isinstance(target, Cell):
            return None
        if piece.status is Status.CAPTURED:
            return ReturnPiece(piece.id, target)
        return StepPiece(piece.id, target)

    def target_of(self, action: Any) -> tuple[Hashable, Hashable] | None:
        if isinstance(action, StepPiece | ReturnPiece):
            return (("piece", action.piece), action.to)
        return None

    def buttons(self, state: Any, seat: int) -> Sequence[TableButton]:
        if not isinstance(state, RainbowPassageState) or state.phase is not Phase.TURN:
            return ()
        moved = state.moves_made > 0
        return (
            TableButton(
                _("End turn"),
                EndTurn(),
                _("Stop moving; unused moves are lost") if moved else _("Make a step first, or pass"),
                key=pygame.K_e,
                enabled=moved,
            ),
            TableButton(
                _("Pass"),
                Pass(),
                _("Do nothing this turn") if not moved else _("You have moved: end the turn instead"),
                key=pygame.K_p,
                enabled=not moved,
            ),
        )

    def nowhere_reason(self, state: Any, pick: Hashable) -> str | None:
        piece = self._piece(state, pick)
        if piece is None or not isinstance(state, RainbowPassageState):
            return None
        if piece.status is Status.CAPTURED:
            if state.options.no_returns:
                return _("Captured pieces never return in this game.")
            if move_allowance(state.dice) < 2:
                return _("A return needs two or more dice of one colour.")
            return _("Its start square is taken.")
        if state.moves_made >= move_allowance(state.dice):
            return _("No moves left this turn.")
        return _("No square around it matches a die left, or the star row stops it.")

    def seat_colours(self, state: Any, seat: int) -> Sequence[SeatColour]:
        names = (_("ivory"), _("charcoal"), _("gold"), _("violet"))
        return (SeatColour(PIECE_RGB[seat % 4], seat % 4, names[seat % 4]),)

    def draw_seat_mark(
        self, surface: pygame.Surface, seat: int, centre: tuple[int, int], radius: int
    ) -> bool:
        """A seat is its star (colour and number of points), as on its pieces on the board."""
        pieces.draw_piece(surface, centre, radius / 0.46, seat, theme.PAPER_SHADE)
        return True

    def setup_colours(self, options: Any, seat_count: int) -> Sequence[Sequence[SeatColour]] | None:
        """Each seat's pieces have the colour and mark of its place at the table, chosen by taking it."""
        return [self.seat_colours(None, i) for i in range(seat_count)]

    def draw_seat_extra(
        self, surface: pygame.Surface, rect: pygame.Rect, state: Any, seat: int, look: Look
    ) -> None:
        if not isinstance(state, RainbowPassageState) or seat >= len(state.seats):
            return
        size = min(rect.h, self.theme.px(22))
        centre = (rect.x + size // 2 + 2, rect.centery)
        draw_piece(surface, centre, size, seat, COLOURS[0])
        edge = state.seats[seat].edge
        text = _("{edge} · {n} pieces").format(edge=_(edge.noun), n=state.on_board(seat))
        draw.text(
            surface,
            self.theme.font(12),
            text,
            (rect.x + size + 8, rect.centery),
            theme.INK_SOFT,
            anchor="midleft",
        )

    def sound_for(self, action: Any) -> str | None:
        if isinstance(action, DiceRolled | RollOffRolled):
            return "roll"
        if isinstance(action, StepPiece | ReturnPiece):
            return "place"
        return None

    def marks_for(self, state: Any, action: Any) -> frozenset[Hashable]:
        if isinstance(action, StepPiece | ReturnPiece):
            return frozenset({action.to})
        return frozenset()

    # --- animation ------------------------------------------------------------------------------------
    def animation_for(
        self, before: Any, action: Any, after: Any, speed: float, look: Look
    ) -> Animation | None:
        if speed <= 0 or not isinstance(after, RainbowPassageState):
            return None
        self._ensure(after)
        if isinstance(action, StepPiece):
            piece = before.piece(action.piece)
            if piece.pos is None:
                return None
            moved = after.piece(action.piece)
            victim = before.piece_at(action.to)
            start, end = self.cell_rect(piece.pos).center, self.cell_rect(action.to).center
            slide = _Slide(self, moved, start, end, speed, victim)
            if not piece.token_crossed:
                return slide
            # §1.6: the piece's first move turns its token over to the plain side.
            edge = before.seats[piece.owner].edge
            flip = _TokenFlip(piece.id, self.token_rect(edge, piece.home), _base(piece), False, speed)
            return _Together(slide, flip)
        if isinstance(action, ReturnPiece):
            return self._return(before, action, after, speed)
        if isinstance(action, DiceRolled):
            return self._roll(action.dice, speed)
        if isinstance(action, RollOffRolled):
            # Each player still in the roll-off throws all five dice; they land in groups of five.
            return self._roll(tuple(d for roll in action.rolls for d in roll), speed, group=5)
        return None

    def _return(
        self, before: RainbowPassageState, action: ReturnPiece, after: RainbowPassageState, speed: float
    ) -> Animation:
        """§1.7: the captured piece flies from beside the tray to its start square; its token turns to the
        crossed side, and when the square is another piece's ([RES-RP10]) the two tokens swap places on the
        frame first, the returned piece's token passing outside the other."""
        piece = before.piece(action.piece)
        edge = before.seats[piece.owner].edge
        slot = next((r for p, r in self._captured_slots(before) if p.id == piece.id), None)
        start = slot.center if slot is not None else self.tray.center
        end = self.cell_rect(action.to).center
        if action.to == piece.home:
            fly = _Fly(after.piece(piece.id), start, end, self.cell_px * 0.9, 0.0, speed)
            if piece.token_crossed:
                return fly
            flip = _TokenFlip(piece.id, self.token_rect(edge, piece.home), _base(piece), True, speed)
            flip.delay = fly.duration * 0.6
            return _Together(fly, flip)
        other = next(p for p in before.pieces if p.owner == piece.owner and p.home == action.to)
        old, new = self.token_rect(edge, piece.home), self.token_rect(edge, action.to)
        out = {Edge.S: (0, 1), Edge.N: (0, -1), Edge.W: (-1, 0), Edge.E: (1, 0)}[edge]
        lift = self.cell_px * 0.35
        mine = _TokenMove(
            piece.id,
            old,
            new,
            _base(piece),
            (piece.token_crossed, True),
            (out[0] * lift, out[1] * lift),
            0.0,
            speed,
        )
        kept = (other.token_crossed, other.token_crossed)
        theirs = _TokenMove(other.id, new, old, _base(other), kept, (0.0, 0.0), 0.0, speed)
        fly = _Fly(after.piece(piece.id), start, end, self.cell_px * 0.9, mine.duration * 0.5, speed)
        return _Together(mine, theirs, fly)

    def _roll(self, dice: Sequence[PassageColour], speed: float, group: int = 0) -> _Roll:
        size = self._die_px()
        slots = self._tray_slots(len(dice))
        if group and len(dice) > group:
            # Several players' throws: smaller dice, a gap between players, all within the tray.
            groups = -(-len(dice) // group)
            room = self.tray.w - self.theme.px(32)
            step = room / (len(dice) + (groups - 1) * 0.6)
            size = max(10, min(size, int(step / 1.2)))
            left = self.tray.x + self.theme.px(16) + size / 2
            slots = [
                (int(left + (i + (i // group) * 0.6) * step), self.tray.centery + self.theme.px(8))
                for i in range(len(dice))
            ]
        tumble = []
        for i, (die, end) in enumerate(zip(dice, slots, strict=True)):
            start = (self.tray.x - size + (i % 3) * 6, self.tray.centery - 20 + (i % 2) * 30)
            tumble.append(
                TumbleDie(("die", i), "colour", COLOURS.index(die), start, end, size, palette=PALETTE)
            )
        return _Roll(DiceTumble(tumble, self.cosmetic, duration_s=0.9, speed=speed), frozenset())


def piece_label(state: RainbowPassageState, piece: Piece) -> str:
    """Words for a piece (tests, tips)."""
    where = cell_name(piece.pos) if piece.pos is not None else piece.status.value
    return f"P{piece.owner + 1} {where}"


def row_of(state: RainbowPassageState, seat: int, cell: Cell) -> int:
    return facing_of(state, seat).row(cell)
