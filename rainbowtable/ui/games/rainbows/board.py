"""The rainbow board: the columns' colour headers and spaces (the rows out of play at this seat count
hatched), the markers on it with each player's rainbows drawn as lines through them as they stand, the
spaces bought last outlined, and the glowing spaces the card in hand may be bought onto. The scoring sheet
draws the day's final board with the same grid and lines."""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence

import pygame

from rainbowtable.games.rainbows.model import (
    ACTIVE_ROWS,
    COLOURS,
    COLUMNS,
    ROWS,
    BuyCard,
    RainbowsState,
    Space,
)
from rainbowtable.games.rainbows.rules import markers_of, shown_letter
from rainbowtable.games.rainbows.scoring import board_rainbows
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.rainbows.art import tint
from rainbowtable.ui.games.rainbows.cardfaces import draw_marker, line_rgb, rgb_of
from rainbowtable.ui.games.rainbows.layout import ROW_NUMBERS_W, RainbowsLayout
from rainbowtable.ui.games.rainbows.targets import GLOW, glow
from rainbowtable.ui.glyphs import contrast_ink, draw_glyph
from rainbowtable.ui.table.view import Look
from rainbowtable.ui.theme import Theme


class GridPicture:
    """The empty board over the static picture, drawn once and then copied: its hatched rows, headers
    and glyphs were most of the time of every redraw of the board (each card bought or shown landing),
    and they change only with the seat count. The copy is the same pixels: it is taken from the board
    as drawn, over the static picture (the play screen redraws a part from that picture)."""

    def __init__(self) -> None:
        self.picture: tuple[Hashable, pygame.Surface] | None = None

    def forget(self) -> None:
        """Drop the copy (a new static picture under the board, or a new layout)."""
        self.picture = None

    def draw(
        self, surface: pygame.Surface, where: RainbowsLayout, th: Theme, seat_count: int, glyphs: bool
    ) -> None:
        frame = where.board_frame
        whole = surface.get_clip().contains(frame) and surface.get_rect().contains(frame)
        key = (seat_count, glyphs, tuple(frame), surface.get_size(), id(surface))
        cached = self.picture
        if cached is not None and cached[0] == key:
            surface.blit(cached[1], frame)  # within the clip, as drawing would be
            return
        draw_grid(surface, where, th, seat_count, glyphs)
        if whole:
            self.picture = (key, surface.subsurface(frame).copy())


def draw_grid(
    surface: pygame.Surface, where: RainbowsLayout, th: Theme, seat_count: int, glyphs: bool
) -> None:
    """The columns' headers (colour, glyph, letter) and every space, those out of play hatched."""
    rows = ACTIVE_ROWS[seat_count]
    # The letters take a smaller size where a column's tile is narrower than them (a replay's small board
    # at 150 % ran "O" into "Y").
    letters = tuple(shown_letter(colour) for colour in COLOURS)
    header_font = th.fitting_font((12, 11, 10, 9, 8, 7, 6), letters, where.space_px - th.px(8), "bold")
    # The glyph left, the letter (the column's name in the log, "R3") right, apart: the glyph takes a
    # smaller size where the columns are narrow, and gives way where even that would touch the letter.
    header_h = where.board_rect.y - where.board_frame.y - th.px(6)

    def glyph_size(font: pygame.font.Font) -> int:
        widest = max(font.size(letter)[0] for letter in letters)
        return min(header_h - th.px(6), th.px(16), where.space_px - th.px(4 + 4 + 2) - widest)

    g = glyph_size(header_font)
    if glyphs and g < th.px(7):
        # Two-letter names (Dutch "Ge", "Gr") take a smaller size where that keeps the glyphs beside them.
        smaller = (th.font(size, "bold") for size in (11, 10, 9, 8))
        header_font = next((f for f in smaller if glyph_size(f) >= th.px(7)), header_font)
        g = glyph_size(header_font)
    numbers_font = th.fitting_font((11, 10, 9, 8, 7), str(ROWS), th.px(ROW_NUMBERS_W) - th.px(4), "bold")
    for r in range(1, ROWS + 1):  # the row's number, as the log names a space ("R3", "Ge4")
        row = where.space_rect(Space(r, 1))
        at = (where.board_rect.x - th.px(ROW_NUMBERS_W) // 2, row.centery)
        draw.text(surface, numbers_font, str(r), at, theme.INK_SOFT, anchor="center")
    for c, (colour, letter) in enumerate(zip(COLOURS, letters, strict=True), start=1):
        rgb = rgb_of(colour)
        col_rect = pygame.Rect(
            where.board_rect.x + (c - 1) * where.space_px,
            where.board_frame.y + th.px(4),
            where.space_px,
            where.board_rect.y - where.board_frame.y - th.px(6),
        )
        pygame.draw.rect(surface, rgb, col_rect.inflate(-th.px(4), 0), border_radius=th.px(6))
        with_glyph = glyphs and g >= th.px(7)
        letter_at, anchor = col_rect.center, "center"
        if with_glyph:
            # The pair centred on the column's tile.
            left = col_rect.centerx - (g + th.px(2) + header_font.size(letter)[0]) // 2
            draw_glyph(surface, c - 1, (left, col_rect.centery - g // 2, g, g), contrast_ink(rgb))
            letter_at, anchor = (left + g + th.px(2), col_rect.centery), "midleft"
        draw.text(surface, header_font, letter, letter_at, contrast_ink(rgb), anchor)
        for r in range(1, ROWS + 1):
            cell = where.space_rect(Space(r, c)).inflate(-th.px(3), -th.px(3))
            if r <= rows:
                pygame.draw.rect(surface, tint(rgb, 0.55), cell, border_radius=th.px(6))
                pygame.draw.rect(surface, tint(rgb, 0.2), cell, width=1, border_radius=th.px(6))
            else:
                _hatch(surface, cell, th)


def _hatch(surface: pygame.Surface, cell: pygame.Rect, th: Theme) -> None:
    """A space out of play: grey, hatched diagonally."""
    pygame.draw.rect(surface, (206, 202, 194), cell, border_radius=th.px(6))
    step = max(4, th.px(7))
    for k in range(-cell.h, cell.w, step):
        a = (cell.x + max(0, k), cell.y + max(0, -k))
        b = (
            cell.x + min(cell.w, k + cell.h),
            cell.y + min(cell.h, cell.h - (k + cell.h - cell.w)) if k + cell.h > cell.w else cell.bottom,
        )
        pygame.draw.line(surface, (190, 186, 178), a, b, 1)


def chain_lines(
    surface: pygame.Surface, where: RainbowsLayout, chains: Sequence[tuple[Sequence[Space], int]], width: int
) -> None:
    """Each (rainbow, seat) as a line through its spaces in the seat's colour, edged dark."""
    for chain, seat in chains:
        points = [where.space_rect(s).center for s in chain]
        rgb = line_rgb(seat)
        pygame.draw.lines(surface, (40, 36, 30), False, points, width + 4)
        pygame.draw.lines(surface, rgb, False, points, width)


def draw_board(
    surface: pygame.Surface,
    where: RainbowsLayout,
    th: Theme,
    grid: GridPicture,
    state: RainbowsState,
    look: Look,
) -> None:
    """The board as it stands: the grid, the rainbows and markers, and the look's outlines and glows."""
    grid.draw(surface, where, th, state.seat_count, look.glyphs)
    chains: list[tuple[Sequence[Space], int]] = []
    for seat in range(state.seat_count):
        mine = frozenset(s for s in markers_of(state, seat) if s not in look.hidden)
        chains.extend((chain, seat) for chain in _rainbows(mine))
    chain_lines(surface, where, chains, max(3, th.px(5)))
    radius = int(where.space_px * 0.34)
    # Drawn again within a small clip (around the targets a dragged card passes), a marker wholly outside
    # it (its disc and the shadow below) would leave no pixel: it is not drawn.
    clip = surface.get_clip()
    reach = pygame.Rect(-radius - 2, -radius - 2, 2 * radius + 4, 2 * radius + max(1, radius // 5) + 4)
    for index, owner in enumerate(state.board):
        if owner is None:
            continue
        space = Space(index // COLUMNS + 1, index % COLUMNS + 1)
        if space in look.hidden:
            continue
        centre = where.space_rect(space).center
        if clip.colliderect(reach.move(centre)):
            draw_marker(surface, owner, centre, radius, look.glyphs)
    _draw_marks(surface, where, th, state, look)


@functools.lru_cache(maxsize=64)
def _rainbows(markers: frozenset[Space]) -> tuple[tuple[Space, ...], ...]:
    """A player's rainbows through these markers (the scoring's search, §1.8), found once per set of
    markers: a board drawn again around a dragged card's targets asks for the same ones every frame."""
    return board_rainbows(markers)[1]


def _draw_marks(
    surface: pygame.Surface, where: RainbowsLayout, th: Theme, state: RainbowsState, look: Look
) -> None:
    """Over the markers: each seat's last purchase, the move pointed at in the log, the spaces the card in
    hand may go to, and a refused drop."""
    last = {a.space: seat for seat, a in look.last_actions if isinstance(a, BuyCard)}
    for space, seat in last.items():
        if state.board[(space.row - 1) * COLUMNS + space.col - 1] == seat:
            pygame.draw.rect(
                surface,
                line_rgb(seat),
                where.space_rect(space).inflate(-th.px(2), -th.px(2)),
                width=max(2, th.px(2)),
                border_radius=th.px(7),
            )
    if isinstance(look.marked, BuyCard):
        pygame.draw.rect(
            surface, GLOW, where.space_rect(look.marked.space), width=th.px(4), border_radius=th.px(7)
        )
    clip = surface.get_clip()
    for target in look.highlights:
        if isinstance(target, Space) and clip.colliderect(where.space_rect(target)):
            glow(surface, where.space_rect(target), th, strong=target == look.hover_target)
    if isinstance(look.refused_target, Space):
        pygame.draw.rect(
            surface,
            theme.BAD,
            where.space_rect(look.refused_target).inflate(-th.px(2), -th.px(2)),
            width=th.px(4),
            border_radius=th.px(7),
        )
