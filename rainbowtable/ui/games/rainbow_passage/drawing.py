"""How Rainbow Passage's table looks: the board in its wooden frame (every square's colour with its glyph, the
star, each player's star row in a faint frame, the files and ranks), start tokens on the frame (crossed or
plain), the pieces as stars with 4, 5, 6 or 8 points over their base colour, the glowing targets and the
last moves, the colour dice tray with the dice still unused and the captured pieces waiting beside it, and a
seat's star on its seat card.

The board is drawn in bands (one per row of squares, the frame above and below) and the tray apart, each
keyed on what lies in it (`parts`), from pictures made once: the board in its frame per board and layout,
each piece per seat, base colour and size, each token per side and size.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from rainbowtable.games.rainbow_passage.board import Board
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.components import Edge
from rainbowtable.games.rainbow_passage.model import (
    COLOURS,
    Phase,
    Piece,
    RainbowPassageState,
    ReturnPiece,
    Status,
    StepPiece,
    cell_name,
)
from rainbowtable.games.rainbow_passage.rules import move_allowance
from rainbowtable.geometry.square import Cell
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.rainbow_passage import pieces
from rainbowtable.ui.games.rainbow_passage.builder_view import PASSAGE_RGB, draw_square
from rainbowtable.ui.games.rainbow_passage.layout import InSight, RainbowPassageLayout, Sight, piece_of
from rainbowtable.ui.games.rainbow_passage.pieces import (
    FRAME_DARK,
    FRAME_RGB,
    PIECE_RGB,
    SQUARE_RGB,
    draw_token,
    star_polygon,
)
from rainbowtable.ui.i18n import N_, _, plural
from rainbowtable.ui.table.view import BoardDrawing, Look, SeatColour
from rainbowtable.ui.theme import RGB, Theme
from rainbowtable.ui.widgets.die import draw_colour_die

PALETTE: tuple[RGB, ...] = SQUARE_RGB
GLOW: RGB = (255, 246, 170)
STAR_LINE: RGB = (255, 250, 235)
LABEL_RGB = (246, 226, 190)
"""The files and ranks on the wood of the frame."""
TRAY_DICE: Hashable = ("tray", "dice")
"""What a roll's animation hides (`Animation.hides`): the tray's dice, which it draws tumbling in."""


def base_of(piece: Piece) -> PassageColour:
    """The colour of a piece's base disc (each of a seat's pieces has its own)."""
    return COLOURS[piece.index % len(COLOURS)]


class RainbowPassageDrawing(InSight, BoardDrawing):
    """The board, the pieces and tokens on it, the tray, a seat's star and its line on the seat card."""

    def __init__(self, sight: Sight) -> None:
        self.sight = sight
        super().__init__()
        self._sprites: dict[tuple[int, PassageColour, int], pygame.Surface] = {}
        """Pieces drawn once per seat, base colour and size, then blitted: drawing a star from polygons
        every frame cost most of a board redraw."""
        self._board_image: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._tokens: dict[tuple[PassageColour, bool, tuple[int, int]], pygame.Surface] = {}
        self._glows: dict[tuple[tuple[int, int], int], pygame.Surface] = {}
        self._parts_memo: (
            tuple[RainbowPassageState, tuple[Hashable, ...], dict[str, tuple[pygame.Rect, Hashable]]] | None
        ) = None

    def relayout(self, where: Any, th: Theme) -> None:
        super().relayout(where, th)
        self._board_image = None
        self._parts_memo = None

    def draw_piece(
        self,
        surface: pygame.Surface,
        centre: tuple[float, float],
        size: float,
        seat: int,
        base: PassageColour,
    ) -> pygame.Rect:
        """A piece centred at `centre`, `size` pixels across (from a cached picture); returns its box."""
        side = int(size)
        key = (seat, base, side)
        sprite = self._sprites.get(key)
        if sprite is None:
            if len(self._sprites) > 256:
                self._sprites.clear()
            pad = side // 4 + 2
            sprite = pygame.Surface((side + 2 * pad, side + 2 * pad), pygame.SRCALPHA)
            half = (side + 2 * pad) / 2
            pieces.draw_piece(sprite, (half, half), side, seat, PASSAGE_RGB[base])
            if pygame.display.get_surface() is not None:
                sprite = sprite.convert_alpha()
            self._sprites[key] = sprite
        cx, cy = int(centre[0]), int(centre[1])
        surface.blit(sprite, sprite.get_rect(center=(cx, cy)))
        box = pygame.Rect(0, 0, side, side)
        box.center = (cx, cy)
        return box

    # --- the board --------------------------------------------------------------------------------------
    def _board_surface(self, board: Board, state: RainbowPassageState) -> pygame.Surface:
        where = self.where
        edges = tuple(s.edge for s in state.seats)
        key = (id(board), board.size, where.cell_px, where.grid.topleft, edges)
        if self._board_image is not None and self._board_image[0] == key:
            return self._board_image[1]
        image = board_picture(where, board, edges, self.theme.font(12, "bold"))
        if pygame.display.get_surface() is not None:
            image = image.convert_alpha()
        self._board_image = (key, image)
        return image

    def _draw_pointer_name(self, surface: pygame.Surface) -> None:
        """The square under the pointer, named in the frame's south-west corner ("e4")."""
        if self.sight.pointer is None:
            return
        _spots, corner = self.where.label_spots()
        name = cell_name(self.sight.pointer)
        font = self.theme.font(13, "bold")
        box = pygame.Rect(0, 0, max(corner.w - 4, font.size(name)[0] + 8), font.get_linesize() + 2)
        box.center = corner.center
        pygame.draw.rect(surface, theme.PAPER, box, border_radius=4)
        pygame.draw.rect(surface, FRAME_DARK, box, 1, border_radius=4)
        draw.text(surface, font, name, box.center, theme.INK, anchor="center")

    def draw(self, surface: pygame.Surface, state: Any, look: Look) -> None:
        assert isinstance(state, RainbowPassageState)
        where = self.sight.show(state)
        board = state.board
        if board is None:
            draw.text(
                surface,
                self.theme.font(22, "bold"),
                _("Assembling a random board…"),
                where.rect.center,
                theme.ON_FELT,
                anchor="center",
            )
            return
        # The table draws one part (a band of the board, the tray) at a time, clipped to it: anything
        # outside the clip is skipped rather than drawn and thrown away.
        clip = surface.get_clip()
        outer = where.outer
        if clip.colliderect(outer):
            image = self._board_surface(board, state)
            area = clip.clip(outer)
            surface.blit(image, area, area.move(-outer.x, -outer.y))
            self._draw_tokens(surface, state, look, clip)
            self._draw_marks(surface, state, look, clip)
            self._draw_pointer_name(surface)
            size = where.cell_px * 0.9
            for piece in state.pieces:
                if piece.pos is None:
                    continue
                rect = where.cell_rect(piece.pos)
                if not clip.colliderect(rect):
                    continue
                pick = ("piece", piece.id)
                if pick in look.hidden or pick == look.dragging:
                    continue
                self.draw_piece(surface, rect.center, size, piece.owner, base_of(piece))
                if look.selected == pick or look.focus == pick:
                    pygame.draw.rect(surface, GLOW, rect, max(2, where.cell_px // 12), border_radius=4)
        if clip.colliderect(where.tray.inflate(12, 12)):
            self._draw_tray(surface, _tray_state(state, look), look)

    def parts(self, state: Any, look: Look) -> dict[str, tuple[pygame.Rect, Hashable]]:
        """The frame above and below the squares, one band per row of squares (with the tokens on the
        frame at its ends) and the tray. Each band's key holds only what lies in it, so a piece picked up,
        a glow or a token turning over redraws a row or two, never the whole board; a tumble or a drag
        draws over the parts, so nothing is drawn again while the dice roll or a piece is carried."""
        if not isinstance(state, RainbowPassageState) or state.board is None:
            return {"board": (self.where.rect, (id(state), look.key()))}
        where = self.sight.show(state)
        # Asked every frame: the same state under the same look gives the same parts (the state is held
        # in the memo, so its id cannot be reused by another while compared).
        seen = (
            where.cell_px,
            where.grid.topleft,
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
            self.sight.pointer,
            id(look.landing),
        )
        memo = self._parts_memo
        if memo is not None and memo[0] is state and memo[1] == seen:
            return memo[2]
        out = self._parts(state, look)
        self._parts_memo = (state, seen, out)
        return out

    def _parts(self, state: RainbowPassageState, look: Look) -> dict[str, tuple[pygame.Rect, Hashable]]:
        assert state.board is not None
        where = self.where
        layout = (id(state.board), where.cell_px, where.grid.topleft)
        rows = self._band_contents(state, look)
        out: dict[str, tuple[pygame.Rect, Hashable]] = {}
        for name, rect in where.bands().items():
            out[f"board:{name}"] = (rect, (layout, tuple(rows.get(name, ()))))
        # The corner naming the square under the pointer: a part of its own, so moving the pointer redraws
        # only it.
        out["pointer"] = (where.label_spots()[1], (layout, self.sight.pointer))
        hidden = look.hidden
        tray = _tray_state(state, look)
        tray_key = (
            tray.phase,
            tray.current,
            tray.dice,
            tray.dice_left,
            tray.moves_made,
            tuple(p for p in tray.pieces if p.status is Status.CAPTURED),
            tuple(
                (("piece", p.id) in hidden, ("piece", p.id) in (look.dragging, look.focus))
                for p in tray.pieces
                if p.status is Status.CAPTURED
            ),
            TRAY_DICE in hidden,
            where.tray.topleft,
            look.player_moves,
        )
        out["tray"] = (where.tray.inflate(12, 12), tray_key)
        return out

    def _band_contents(self, state: RainbowPassageState, look: Look) -> dict[Hashable, list[Hashable]]:
        """What lies in each band of the board (`RainbowPassageLayout.bands`): pieces, tokens, glows and
        marks, as a band's part's key."""
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
        return rows

    def _draw_tokens(
        self, surface: pygame.Surface, state: RainbowPassageState, look: Look, clip: pygame.Rect
    ) -> None:
        for piece in state.pieces:
            seat = state.seats[piece.owner]
            if seat.eliminated or ("token", piece.id) in look.hidden:
                continue
            rect = self.where.token_rect(seat.edge, piece.home)
            if clip.colliderect(rect):
                self._blit_token(surface, rect, base_of(piece), piece.token_crossed)

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
        where = self.where
        width = max(2, where.cell_px // 10)
        for target in look.highlights:
            if isinstance(target, Cell):
                rect = where.cell_rect(target)
                if not clip.colliderect(rect):
                    continue
                strong = target == look.hover_target
                surface.blit(self._glow(rect.size, 130 if strong else 80), rect)
                pygame.draw.rect(surface, GLOW, rect, width + (2 if strong else 0))
        if isinstance(look.refused_target, Cell):
            pygame.draw.rect(surface, theme.BAD, where.cell_rect(look.refused_target), width + 1)
        for i, (_seat, action) in enumerate(look.last_actions[-3:]):
            if isinstance(action, StepPiece | ReturnPiece):
                newest = i == len(look.last_actions[-3:]) - 1
                rect = where.cell_rect(action.to).inflate(-2, -2)
                pygame.draw.rect(surface, theme.ACCENT if newest else theme.ACCENT_DARK, rect, 2)
        for cell in self._marked_cells(look):
            pygame.draw.rect(surface, theme.ACCENT, where.cell_rect(cell), width + 1)

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

    # --- the tray ---------------------------------------------------------------------------------------
    def _draw_tray(self, surface: pygame.Surface, state: RainbowPassageState, look: Look) -> None:
        where = self.where
        draw.card(surface, where.tray, radius=self.theme.px(10))
        font = self.theme.font(14, "bold")
        size = where.die_px
        rolling = TRAY_DICE in look.hidden
        if state.phase is Phase.TURN and state.dice:
            m = move_allowance(state.dice)
            left = list(state.dice_left)
            moves = _("move") if m == 1 else _("moves")
            caption = (
                _("Up to {m} {moves} · {used} made · click End turn when done")
                if look.player_moves
                else _("Up to {m} {moves} · {used} made")
            ).format(m=m, moves=moves, used=state.moves_made)
            if not rolling:
                for die, centre in zip(state.dice, where.tray_slots(len(state.dice)), strict=True):
                    unused = die in left
                    if unused:
                        left.remove(die)
                    draw_colour_die(
                        surface,
                        centre,
                        size,
                        COLOURS.index(die),
                        palette=PALETTE,
                        dim=not unused,
                        glyph_of=pieces.GLYPH_OF,
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
            (where.tray.x + self.theme.px(14), where.tray.y + self.theme.px(6)),
            theme.INK,
        )
        # Captured pieces wait at the tray's right end, ready to return.
        for piece, rect in where.captured_slots(state):
            if ("piece", piece.id) in look.hidden or ("piece", piece.id) == look.dragging:
                continue
            self.draw_piece(surface, rect.center, rect.w, piece.owner, base_of(piece))
            if look.focus == ("piece", piece.id):
                pygame.draw.rect(surface, GLOW, rect, 2)

    def draw_in_hand(
        self, surface: pygame.Surface, state: Any, pick: Hashable, pos: tuple[int, int], look: Look
    ) -> pygame.Rect:
        piece = piece_of(state, pick)
        if piece is None:
            return pygame.Rect(pos, (0, 0))
        size = self.where.cell_px * 1.0
        return self.draw_piece(surface, pos, size, piece.owner, base_of(piece)).inflate(8, 8)

    # --- the seats --------------------------------------------------------------------------------------
    def score_caption(self) -> str:
        """The pieces a seat has got across (rainbow_passage.md §1.10)."""
        return _("crossed")

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
        self.draw_piece(surface, centre, size, seat, COLOURS[0])
        edge = state.seats[seat].edge
        on_board = state.on_board(seat)
        text = plural(on_board, N_("{edge} · {n} piece"), N_("{edge} · {n} pieces"), edge=_(edge.noun))
        out = state.seats[seat].eliminated  # §1.10: no pieces on the board, out at once
        if out:
            text = _("{edge} · out").format(edge=_(edge.noun))
        draw.text(
            surface,
            self.theme.font(12, "bold" if out else "regular"),
            text,
            (rect.x + size + 8, rect.centery),
            theme.BAD if out else theme.INK_SOFT,
            anchor="midleft",
        )


def board_picture(
    where: RainbowPassageLayout, board: Board, edges: tuple[Edge, ...], font: pygame.font.Font
) -> pygame.Surface:
    """The board in its frame as it stays while the layout holds, the size of `where.outer`: the wood with
    the joints between its segments, the squares with the seams between sections, each seat's star row as
    a faint frame round the star's row or column, and the files and ranks (in `font`) on the frame."""
    margin = where.rim
    outer = where.outer
    image = pygame.Surface(outer.size, pygame.SRCALPHA)
    local = pygame.Rect(0, 0, *outer.size)
    pygame.draw.rect(image, (0, 0, 0, 70), local.move(0, max(2, margin // 4)), border_radius=margin // 2)
    pygame.draw.rect(image, FRAME_RGB, local, border_radius=margin // 2)
    pygame.draw.rect(image, FRAME_DARK, local, max(2, margin // 6), border_radius=margin // 2)
    offset = (-outer.x, -outer.y)
    # Frame joints between the segments, so the frame reads as built of long and short pieces.
    for edge in (Edge.N, Edge.E, Edge.S, Edge.W):
        for span in board.frame.spans(edge)[1:]:
            _draw_joint(image, where, edge, span.start, offset, margin)
    for cell in board.cells():
        rect = where.cell_rect(cell).move(offset)
        draw_square(image, rect.inflate(-1, -1), board.colour(cell))
    # Section seams: a darker line where two sections meet.
    seam = (30, 26, 24)
    for cell in board.cells():
        rect = where.cell_rect(cell).move(offset)
        here = board.section_at(cell)
        east = Cell(cell.x + 1, cell.y)
        north = Cell(cell.x, cell.y + 1)
        if board.contains(east) and board.section_at(east) != here:
            pygame.draw.line(image, seam, rect.topright, (rect.right, rect.bottom - 1), 2)
        if board.contains(north) and board.section_at(north) != here:
            pygame.draw.line(image, seam, rect.topleft, (rect.right - 1, rect.top), 2)
    # Each player's star row: a faint frame round the star's row (S, N) or column (W, E). A line through
    # the middle crossed the squares' marks (a square with a line down it read as a pause sign).
    star = where.cell_rect(board.star).move(offset)
    overlay = pygame.Surface(local.size, pygame.SRCALPHA)
    width = max(2, where.cell_px // 12)
    grid = where.grid.move(offset)
    if any(e in (Edge.S, Edge.N) for e in edges):
        lane = pygame.Rect(grid.left, star.top, grid.w, star.h)
        pygame.draw.rect(overlay, (*STAR_LINE, 150), lane, width, border_radius=width)
    if any(e in (Edge.W, Edge.E) for e in edges):
        lane = pygame.Rect(star.left, grid.top, star.w, grid.h)
        pygame.draw.rect(overlay, (*STAR_LINE, 150), lane, width, border_radius=width)
    image.blit(overlay, (0, 0))
    points = star_polygon(star.centerx, star.centery, where.cell_px * 0.36, 5)
    pygame.draw.polygon(image, STAR_LINE, points)
    pygame.draw.polygon(image, (40, 34, 30), points, max(1, where.cell_px // 24))
    spots, _corner = where.label_spots()
    for text, (x, y) in spots:
        draw.text(image, font, text, (x + offset[0], y + offset[1]), LABEL_RGB, anchor="center")
    return image


def _draw_joint(
    image: pygame.Surface,
    where: RainbowPassageLayout,
    edge: Edge,
    start: int,
    offset: tuple[int, int],
    margin: int,
) -> None:
    grid, cell_px = where.grid, where.cell_px
    if edge in (Edge.N, Edge.S):
        x = grid.x + start * cell_px + offset[0]
        y0 = (grid.top - margin if edge is Edge.N else grid.bottom) + offset[1]
        pygame.draw.line(image, FRAME_DARK, (x, y0), (x, y0 + margin), 2)
    else:
        y = grid.bottom - start * cell_px + offset[1]
        x0 = (grid.left - margin if edge is Edge.W else grid.right) + offset[0]
        pygame.draw.line(image, FRAME_DARK, (x0, y), (x0 + margin, y), 2)


def _tray_state(state: RainbowPassageState, look: Look) -> RainbowPassageState:
    """The position the tray shows: the side panel's (`Look.landing`) while a step lands, so a die is
    spent, the moves made count up and the dice change hands when the piece arrives, not when it leaves."""
    landing = look.landing
    return landing if isinstance(landing, RainbowPassageState) and landing.board is not None else state
