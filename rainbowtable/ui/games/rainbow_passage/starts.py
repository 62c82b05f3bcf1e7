"""Rainbow Passage's start squares screen, opened from the new-game screen's setup panel (§1.3, §1.12
`custom_starts` [APP]).

Shows the chosen board (or, for a random board, its size with plain squares) in its frame, every seat's
pieces on their start squares with their tokens on the frame behind, and each seat's edge. Drag a piece to
another square: while it is held the squares it may take glow; a drop the start rules refuse (A1 own home
row, A2 never the outermost square, A3 one line apart from a neighbouring edge [RES-RP7], or a square
already taken) slides back and says why. The squares go straight into the panel (`placed`, `custom`), which
puts them in the options at Start. "Standard squares" goes back to the default layout; Done (or Esc)
returns to the new-game screen. Holds no rules: every check is the rules' `start_square_problem`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from rainbowtable.games.rainbow_passage.board import Board
from rainbowtable.games.rainbow_passage.components import Edge
from rainbowtable.games.rainbow_passage.model import COLOURS
from rainbowtable.games.rainbow_passage.start import start_square_problem
from rainbowtable.geometry.square import Cell
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.games.rainbow_passage.builder_view import PASSAGE_RGB, draw_square
from rainbowtable.ui.games.rainbow_passage.pieces import (
    FRAME_DARK,
    FRAME_RGB,
    draw_piece,
    draw_token,
    star_polygon,
)
from rainbowtable.ui.i18n import N_, _
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes.menu_base import centred_column
from rainbowtable.ui.widgets.tip_button import TipButton

if TYPE_CHECKING:
    from rainbowtable.ui.games.rainbow_passage.setup import PassageSetupPanel

SNAP_S = 0.18
"""How long a refused piece takes to slide back to its square."""
REFUSED_S = 1.2
"""How long a refused square stays outlined."""
GLOW = (255, 246, 170)
PLAIN = ((236, 230, 216), (222, 214, 198))
"""A random board's squares before the game number gives them colours: two shades of paper."""
EDGE_WORDS = {Edge.S: N_("south"), Edge.W: N_("west"), Edge.N: N_("north"), Edge.E: N_("east")}

Marker = tuple[int, int]
"""(seat, piece index): one piece on its start square."""


class StartSquaresScene(Scene):
    """Drag each seat's pieces to their start squares (see the module docstring)."""

    def __init__(self, ctx: Context, panel: PassageSetupPanel) -> None:
        super().__init__(ctx)
        self.panel = panel
        self.board: Board | None = panel.choices[panel.index].board
        self.size = panel.board_size()
        self.edges = panel.edges_for(panel.seat_count)
        self.starts: list[list[Cell]] = [list(cells) for cells in panel.layout_now()]
        # The players' names as typed on the new-game screen below (when it is there), else "Seat n".
        below = ctx.scenes.top
        drafts = getattr(below, "drafts", ())
        self.names = [
            str(getattr(drafts[i], "name", "") or "").strip() if i < len(drafts) else ""
            for i in range(len(self.edges))
        ]
        self.held: Marker | None = None
        self.hand: tuple[int, int] = (0, 0)
        self.snap: tuple[Marker, tuple[int, int], float] | None = None
        self.refusal: str | None = None
        self.refused: tuple[Cell | None, float] | None = None
        self.card = pygame.Rect(0, 0, 0, 0)
        self.area = pygame.Rect(0, 0, 0, 0)
        self.side = pygame.Rect(0, 0, 0, 0)
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.cell_px = 10
        self.title_pos = (0, 0)
        self.standard_button: UIButton | None = None
        self.done_button: UIButton | None = None
        self._image: tuple[tuple[object, ...], pygame.Surface] | None = None

    # --- layout -----------------------------------------------------------------------------------------
    def build(self) -> None:
        ctx = self.ctx
        px = ctx.px
        h = ctx.size[1]
        margin, width, left = centred_column(ctx, 1080, 0.8)
        title_h = px(56)
        self.title_pos = (left, margin)
        self.card = pygame.Rect(left, margin + title_h, width, h - margin * 2 - title_h)
        pad = px(20)
        inner = self.card.inflate(-pad * 2, -pad * 2)
        side_w = max(px(280), min(px(380), inner.w * 32 // 100))
        self.side = pygame.Rect(inner.right - side_w, inner.y, side_w, inner.h)
        self.area = pygame.Rect(inner.x, inner.y, inner.w - side_w - pad, inner.h)
        columns, rows = self.size
        # Room round the frame for the edge labels (a line above and below, a column each side).
        label_h = ctx.theme.font(14, "bold").get_linesize() + px(6)
        cell = min((self.area.w - 2 * px(70)) / (columns + 1.4), (self.area.h - 2 * label_h) / (rows + 1.4))
        self.cell_px = max(8, int(cell))
        self.grid = pygame.Rect(0, 0, self.cell_px * columns, self.cell_px * rows)
        self.grid.center = self.area.center
        button_h = px(42)
        button_w = (side_w - px(10)) // 2
        # "Standard squares" takes the room its words need (Done is short), so neither is cut.
        standard_w = min(
            side_w - px(10) - px(90),
            max(button_w, ctx.theme.font(17).size(_("Standard squares"))[0] + px(28)),
        )
        y = self.side.bottom - button_h
        self.standard_button = self.keep(
            TipButton(
                pygame.Rect(self.side.x, y, standard_w, button_h),
                _("Standard squares"),
                ctx.manager,
                tool_tip_text=_("Put every piece back on the usual start squares"),
            )
        )
        self.done_button = self.keep(
            UIButton(
                pygame.Rect(self.side.x + standard_w + px(10), y, side_w - standard_w - px(10), button_h),
                _("Done"),
                ctx.manager,
                object_id="@primary",
            )
        )
        self._image = None

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        rows = self.size[1]
        return pygame.Rect(
            self.grid.x + cell.x * self.cell_px,
            self.grid.y + (rows - 1 - cell.y) * self.cell_px,
            self.cell_px,
            self.cell_px,
        )

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        if not self.grid.collidepoint(pos):
            return None
        return Cell(
            (pos[0] - self.grid.x) // self.cell_px, self.size[1] - 1 - (pos[1] - self.grid.y) // self.cell_px
        )

    def token_rect(self, edge: Edge, square: Cell) -> pygame.Rect:
        """On the frame just behind a start square, as at the table."""
        rect = self.cell_rect(square)
        half = int(self.cell_px * 0.7) // 2
        side = max(6, int(self.cell_px * 0.5))
        token = pygame.Rect(0, 0, side, side)
        offsets = {Edge.S: (0, rect.h // 2 + half), Edge.N: (0, -rect.h // 2 - half)}
        offsets |= {Edge.W: (-rect.w // 2 - half, 0), Edge.E: (rect.w // 2 + half, 0)}
        dx, dy = offsets[edge]
        token.center = (rect.centerx + dx, rect.centery + dy)
        return token

    def seat_name(self, seat: int) -> str:
        name = self.names[seat] if seat < len(self.names) else ""
        return name or _("Seat {n}").format(n=seat + 1)

    # --- the layout being edited ------------------------------------------------------------------------
    def marker_at(self, pos: tuple[int, int]) -> Marker | None:
        cell = self.cell_at(pos)
        for seat, cells in enumerate(self.starts):
            if cell in cells:
                return (seat, cells.index(cell))
        return None

    def drop_problem(self, marker: Marker, cell: Cell | None) -> str | None:
        """Why `marker` may not start on `cell` (rules A1-A3, or the square is taken), or None."""
        seat, _index = marker
        edge = self.edges[seat]
        if cell is not None and any(cell in cells for cells in self.starts):
            return _("That start square is taken.")
        width, height = self.size
        return start_square_problem(edge, cell or Cell(-1, -1), self.edges, width, height)

    def squares_for(self, marker: Marker) -> list[Cell]:
        """Where the held piece may go: the squares that glow."""
        width, height = self.size
        return [
            Cell(x, y)
            for x in range(width)
            for y in range(height)
            if self.drop_problem(marker, Cell(x, y)) is None
        ]

    def drop(self, marker: Marker, cell: Cell | None, pos: tuple[int, int]) -> bool:
        """Put the piece on `cell` if the start rules allow it; else it slides back and the reason shows."""
        seat, index = marker
        if cell == self.starts[seat][index]:
            return True
        reason = self.drop_problem(marker, cell)
        if reason is not None:
            self.refusal = reason
            self.refused = (cell, REFUSED_S)
            self.snap = (marker, pos, 0.0)
            return False
        self.starts[seat][index] = cell  # type: ignore[assignment]
        self.refusal = None
        self.panel.placed = {edge: tuple(cells) for edge, cells in zip(self.edges, self.starts, strict=True)}
        self.panel.custom = True
        return True

    def standard(self) -> None:
        self.panel.custom = False
        self.panel.placed = {}
        self.starts = [list(cells) for cells in self.panel.layout_now()]
        self.refusal = None
        self.dirty = True

    def done(self) -> None:
        if self.ctx.scenes.top is self:
            self.ctx.scenes.pop()

    # --- events -----------------------------------------------------------------------------------------
    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.done_button:
                self.done()
                return True
            if event.ui_element is self.standard_button:
                self.standard()
                return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.done()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            marker = self.marker_at(event.pos)
            if marker is not None:
                self.held, self.hand, self.snap = marker, event.pos, None
                return True
        if event.type == pygame.MOUSEMOTION and self.held is not None:
            self.hand = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1 and self.held is not None:
            marker, self.held = self.held, None
            self.drop(marker, self.cell_at(event.pos), event.pos)
            return True
        return False

    def update(self, dt: float) -> None:
        if self.snap is not None:
            marker, start, t = self.snap
            self.snap = (marker, start, t + dt) if t + dt < SNAP_S else None
            self.dirty = True
        if self.refused is not None:
            cell, left = self.refused
            self.refused = (cell, left - dt) if left - dt > 0 else None
            self.dirty = True

    def is_busy(self) -> bool:
        return self.snap is not None or self.refused is not None

    # --- drawing ----------------------------------------------------------------------------------------
    def _board_image(self) -> pygame.Surface:
        margin = int(self.cell_px * 0.7)
        outer = self.grid.inflate(2 * margin, 2 * margin)
        key = (id(self.board), self.size, self.cell_px, outer.topleft)
        if self._image is not None and self._image[0] == key:
            return self._image[1]
        image = pygame.Surface(outer.size, pygame.SRCALPHA)
        local = image.get_rect()
        pygame.draw.rect(image, FRAME_RGB, local, border_radius=margin // 2)
        pygame.draw.rect(image, FRAME_DARK, local, max(2, margin // 6), border_radius=margin // 2)
        offset = (-outer.x, -outer.y)
        width, height = self.size
        for y in range(height):
            for x in range(width):
                rect = self.cell_rect(Cell(x, y)).move(offset).inflate(-1, -1)
                if self.board is not None:
                    draw_square(image, rect, self.board.colour(Cell(x, y)))
                else:
                    pygame.draw.rect(image, PLAIN[(x + y) % 2], rect)
        star = self.cell_rect(Cell((width - 1) // 2, (height - 1) // 2)).move(offset)
        points = star_polygon(star.centerx, star.centery, self.cell_px * 0.36, 5)
        pygame.draw.polygon(image, (255, 250, 235), points)
        pygame.draw.polygon(image, (40, 34, 30), points, max(1, self.cell_px // 24))
        self._image = (key, image)
        return image

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        px = ctx.px
        surface.blit(draw.felt(ctx.size), (0, 0))
        draw.text(surface, ctx.theme.font(32, "title"), _("Start squares"), self.title_pos, theme.ON_FELT)
        draw.card(surface, self.card, radius=px(14), lift=px(5))
        margin = int(self.cell_px * 0.7)
        surface.blit(self._board_image(), self.grid.inflate(2 * margin, 2 * margin).topleft)
        self._draw_edge_labels(surface)
        if self.held is not None:
            # Where the held piece came from (a drop there changes nothing), then where it may go.
            seat, index = self.held
            pygame.draw.rect(surface, theme.ACCENT, self.cell_rect(self.starts[seat][index]), 2)
            for cell in self.squares_for(self.held):
                rect = self.cell_rect(cell)
                glow = pygame.Surface(rect.size, pygame.SRCALPHA)
                glow.fill((*GLOW, 110))
                surface.blit(glow, rect)
                pygame.draw.rect(surface, GLOW, rect, max(2, self.cell_px // 12))
        if self.refused is not None and self.refused[0] is not None:
            pygame.draw.rect(surface, theme.BAD, self.cell_rect(self.refused[0]), max(2, self.cell_px // 10))
        for seat, cells in enumerate(self.starts):
            for index, cell in enumerate(cells):
                base = PASSAGE_RGB[COLOURS[index % len(COLOURS)]]
                draw_token(surface, self.token_rect(self.edges[seat], cell), base, True)
                if (seat, index) == self.held:
                    continue
                centre = self.cell_rect(cell).center
                if self.snap is not None and self.snap[0] == (seat, index):
                    _marker, start, t = self.snap
                    p = 1 - (1 - min(1.0, t / SNAP_S)) ** 3
                    centre = (
                        int(start[0] + (centre[0] - start[0]) * p),
                        int(start[1] + (centre[1] - start[1]) * p),
                    )
                draw_piece(surface, centre, self.cell_px * 0.9, seat, base)
        self._draw_side(surface)
        if self.held is not None:
            seat, index = self.held
            base = PASSAGE_RGB[COLOURS[index % len(COLOURS)]]
            draw_piece(surface, self.hand, self.cell_px * 1.0, seat, base)

    def _draw_edge_labels(self, surface: pygame.Surface) -> None:
        margin = int(self.cell_px * 0.7) + self.ctx.px(6)
        outer = self.grid.inflate(2 * margin, 2 * margin)
        for seat, edge in enumerate(self.edges):
            text = self.seat_name(seat)
            if edge is Edge.S:
                pos, anchor = outer.midbottom, "midtop"
            elif edge is Edge.N:
                pos, anchor = outer.midtop, "midbottom"
            elif edge is Edge.W:
                pos, anchor = outer.midleft, "midright"
            else:
                pos, anchor = outer.midright, "midleft"
            # Beside the frame only the room up to the card's edge; above and below, the board's width.
            room = max(20, outer.x - self.area.x if edge in (Edge.W, Edge.E) else outer.w)
            # A smaller size first; a name longer still is cut (the side's list names every seat).
            font = self.ctx.theme.fitting_font((14, 13, 12, 11), text, room, "bold")
            shown = draw.fit_text(font, text, room, may_cut=True)
            draw.text(surface, font, shown, pos, theme.INK, anchor=anchor)

    def _side_height(self, size: int, row_h: int, words: tuple[str, str, str]) -> int:
        """How tall the side's words and seat rows are in type of `size` with seat rows `row_h` high (as
        `_draw_side` sets them down, with a refusal's four lines at most)."""
        th = self.ctx.theme
        px = self.ctx.px
        body = th.font(size)
        step = round(body.get_linesize() * 1.25)
        lines = sum(len(draw.wrap(body, text, self.side.w)) for text in words)
        used = th.font(20, "bold").get_linesize() + px(6) + px(10) * 2 + px(6) + lines * step
        used += len(self.edges) * (row_h + px(4))
        if self.refusal:
            font = th.font(15, "bold")
            used += (
                px(8)
                + len(draw.wrap_at_most(font, self.refusal, self.side.w - px(24), 4)) * font.get_linesize()
            )
            used += px(16)
        return used

    def _draw_side(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        px = ctx.px
        side = self.side
        y = side.y
        help_text = _(
            "Drag a piece to another square of its own home row: never the outermost square, nor one on the "
            "line next to a neighbouring player's home row."
        )
        width, height = self.size
        board_words = (
            _("Random {w} × {h} board: its colours come with the game number.").format(w=width, h=height)
            if self.board is None
            else _("Board: {name}").format(name=self.panel.choices[self.panel.index].name)
        )
        state_words = (
            _("Custom start squares: the game starts with these.")
            if self.panel.custom
            else _("The usual start squares.")
        )
        # The side's words and seat rows stay above its buttons: smaller type and lower rows when the
        # window is short for the scale (Rainbow Passage at 150 %).
        room = self.standard_button.relative_rect.y - px(8) - side.y if self.standard_button else side.h
        tall = max(px(28), int(self.cell_px * 0.8))
        for size, row_h in ((15, tall), (15, px(26)), (13, px(24)), (12, px(22))):
            if self._side_height(size, row_h, (help_text, board_words, state_words)) <= room:
                break
        draw.text(surface, ctx.theme.font(20, "bold"), _("Where the pieces start"), (side.x, y), theme.INK)
        y += ctx.theme.font(20, "bold").get_linesize() + px(6)
        body = ctx.theme.font(size)
        y += draw.text_block(
            surface, body, help_text, pygame.Rect(side.x, y, side.w, px(200)), theme.INK_SOFT
        )
        y += px(10)
        y += draw.text_block(
            surface, body, board_words, pygame.Rect(side.x, y, side.w, px(80)), theme.INK_SOFT
        )
        y += px(10)
        bold = ctx.theme.font(size, "bold")
        for seat, edge in enumerate(self.edges):
            centre = (side.x + row_h // 2, y + row_h // 2)
            draw_piece(surface, centre, row_h * 0.9, seat, PASSAGE_RGB[COLOURS[0]])
            label = _("{name} · {edge} edge").format(name=self.seat_name(seat), edge=_(EDGE_WORDS[edge]))
            room = side.w - row_h - px(8)
            draw.text(
                surface,
                bold,
                draw.fit_text(bold, label, room),
                (side.x + row_h + px(8), centre[1]),
                theme.INK,
                anchor="midleft",
            )
            y += row_h + px(4)
        y += px(6)
        y += draw.text_block(surface, body, state_words, pygame.Rect(side.x, y, side.w, px(60)), theme.INK)
        if self.refusal:
            y += px(8)
            font = ctx.theme.font(15, "bold")
            lines = draw.wrap_at_most(font, self.refusal, side.w - px(24), 4)
            box = pygame.Rect(side.x, y, side.w, len(lines) * font.get_linesize() + px(16))
            pygame.draw.rect(surface, (251, 226, 220), box, border_radius=px(8))
            pygame.draw.rect(surface, theme.BAD, pygame.Rect(box.x, box.y, px(5), box.h), border_radius=px(3))
            ty = box.y + px(8)
            for line in lines:
                draw.text(surface, font, line, (box.x + px(16), ty), (150, 40, 32))
                ty += font.get_linesize()
