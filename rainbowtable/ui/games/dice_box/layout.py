"""Where Dice Box's things are: the wooden box of 5x5 wells at the top of the board area and the tray of
dice under it, from the board's rectangle and the UI scale alone.

The tray's geometry is here too: the size of its dice and their slots for a hand of any length, and the
hit box of each slot, since the drawing, the pointer and the animations must all agree on them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from rainbowtable.games.dice_box.model import SIZE, Cell
from rainbowtable.ui.table.view import BoardLayout
from rainbowtable.ui.theme import Theme

TRAY_LABEL_DP = 30  # the caption line at the top of the tray, in design pixels
TRAY_STEP = 1.15  # centre-to-centre distance of tray dice, in die edges
MAX_TRAY_DICE = 12  # 2 players hold 3 dice of each of the four colours (§2.2): the longest hand


@dataclass(frozen=True)
class DiceBoxLayout(BoardLayout):
    """The box (`board`, its felt `inner` of 5x5 cells of `cell_px`), the tray under it, and the sizes of
    the dice: `die_px` in a cell, `tray_die_px` in the tray, `tray_small_px` (in `tray_small_rows` rows)
    for a hand too long for one row of full-size dice."""

    board: pygame.Rect
    inner: pygame.Rect
    tray: pygame.Rect
    cell_px: int
    die_px: int
    tray_die_px: int
    tray_small_px: int
    tray_small_rows: int

    @classmethod
    def place(cls, rect: pygame.Rect, th: Theme) -> DiceBoxLayout:
        gap = th.px(14)
        tray_h = max(th.px(96), min(th.px(150), rect.h // 5))
        side = max(60, min(rect.w, rect.h - tray_h - gap))
        board = pygame.Rect(0, 0, side, side)
        board.midtop = (rect.centerx, rect.y)
        frame = max(8, side * 7 // 100)
        inner = board.inflate(-2 * frame, -2 * frame)
        cell_px = inner.w // SIZE
        inner.size = (cell_px * SIZE, cell_px * SIZE)
        inner.center = board.center
        die_px = int(cell_px * 0.74)
        tray_die_px = max(16, min(die_px, int(tray_h * 0.52)))
        # As wide as a full hand of full-size dice needs, where the window allows: a long rack under the
        # board rather than a crowded one.
        full_hand = round(MAX_TRAY_DICE * tray_die_px * TRAY_STEP) + th.px(40)
        tray_w = min(rect.w, max(side, th.px(560), full_hand))
        tray = pygame.Rect(0, 0, tray_w, tray_h)
        tray.midtop = (rect.centerx, board.bottom + gap)
        # A hand too long for one row of full-size dice is shown at one smaller size: in one row if that
        # fits, else in two (2 players hold up to 12 dice). Dice never overlap, so each can be picked.
        room_w = tray.w - th.px(40)
        room_h = tray.h - TRAY_LABEL_DP * th.scale - th.px(8)
        one_row = int(room_w / (MAX_TRAY_DICE * TRAY_STEP))
        two_rows = int(min(room_h / 2 / 1.1, room_w / (-(-MAX_TRAY_DICE // 2) * TRAY_STEP)))
        return cls(
            pygame.Rect(rect),
            th.scale,
            board=board,
            inner=inner,
            tray=tray,
            cell_px=cell_px,
            die_px=die_px,
            tray_die_px=tray_die_px,
            tray_small_px=max(12, min(tray_die_px, max(one_row, two_rows))),
            tray_small_rows=1 if one_row >= two_rows else 2,
        )

    # --- the box --------------------------------------------------------------------------------------
    def cell_rect(self, cell: Cell) -> pygame.Rect:
        return pygame.Rect(
            self.inner.x + cell.col * self.cell_px,
            self.inner.y + cell.row * self.cell_px,
            self.cell_px,
            self.cell_px,
        )

    def cell_under(self, pos: tuple[int, int]) -> Cell | None:
        """The cell under pos, or None outside the felt."""
        if not self.inner.collidepoint(pos):
            return None
        col = (pos[0] - self.inner.x) // self.cell_px
        row = (pos[1] - self.inner.y) // self.cell_px
        if 0 <= row < SIZE and 0 <= col < SIZE:
            return Cell(row, col)
        return None

    # --- the tray -------------------------------------------------------------------------------------
    def tray_size(self, count: int) -> int:
        """The edge of the dice in a tray of `count`: full size while one row of them fits."""
        fits = count * self.tray_die_px * TRAY_STEP <= self.tray.w - self.px(40)
        return self.tray_die_px if fits else self.tray_small_px

    def tray_slots(self, count: int) -> list[tuple[int, int]]:
        """Centres of `count` dice in the tray, in hand order: one centred row, or two when the hand is
        long and the small size is laid out in two."""
        if count <= 0:
            return []
        size = self.tray_size(count)
        rows = 2 if size != self.tray_die_px and self.tray_small_rows == 2 and count > 1 else 1
        step = round(size * TRAY_STEP)
        top = self.tray.y + round(TRAY_LABEL_DP * self.scale)
        band = (self.tray.bottom - self.px(4) - top) / rows
        per_row = -(-count // rows)
        slots = []
        for i in range(count):
            row, col = divmod(i, per_row)
            in_row = min(per_row, count - row * per_row)
            x = self.tray.centerx - step * (in_row - 1) // 2 + col * step
            slots.append((x, round(top + band * (row + 0.5))))
        return slots

    def tray_rects(self, count: int) -> list[pygame.Rect]:
        """Where each of `count` tray dice is drawn, in hand order."""
        size = self.tray_size(count)
        rects = []
        for centre in self.tray_slots(count):
            rect = pygame.Rect(0, 0, size, size)
            rect.center = centre
            rects.append(rect)
        return rects

    def tray_slot_at(self, count: int, pos: tuple[int, int]) -> int | None:
        """Which of `count` tray dice a press at pos takes: a square around each slot as wide as the step
        between slots, so a press between two dice still takes one."""
        radius = self.tray_size(count) * TRAY_STEP / 2
        for i, (x, y) in enumerate(self.tray_slots(count)):
            if abs(pos[0] - x) <= radius and abs(pos[1] - y) <= radius:
                return i
        return None

    def caption_rect(self) -> pygame.Rect:
        """The tray's caption line (whose dice, the draft order, what a roll is)."""
        return pygame.Rect(
            self.tray.x + self.px(12), self.tray.y + self.px(6), self.tray.w - self.px(24), self.px(24)
        )
