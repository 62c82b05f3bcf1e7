"""Where Rainbows' things are on the table, from the board's rectangle and the UI scale alone: the row of
cards across the top (the deck, six face-up slots, the clover's place, the discard pile, the day's line
under them), the rainbow board below on the left with a space's square, one row per seat on the right with
its ten kept-card slots, and the scoring sheet over both with its deposit box. No drawing, no state.

`SheetState` beside it is what changes with input on the end-of-day sheet (the deposit slider's amount,
the scoring being played); the view owns one and hands it to the parts that read or change it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from rainbowtable.games.rainbows.model import COLUMNS, ROWS, RainbowsState, Space
from rainbowtable.ui.table.view import Animation, BoardLayout
from rainbowtable.ui.theme import Theme

DEPOSIT_KEEP = 20
"""Gold the deposit slider leaves on hand at first, and the "Keep" button keeps: a day's purchases."""


ROW_NUMBERS_W = 16
"""The board frame's left margin, where each row's number stands (10 on the other sides)."""


@dataclass(frozen=True)
class RainbowsLayout(BoardLayout):
    """The rectangles of the table; `rect` is the whole board area."""

    cards_rect: pygame.Rect
    card_size: tuple[int, int]
    deck_rect: pygame.Rect
    slots: tuple[pygame.Rect, ...]
    clover_rect: pygame.Rect
    discard_rect: pygame.Rect
    round_rect: pygame.Rect
    board_rect: pygame.Rect
    board_frame: pygame.Rect
    space_px: int
    seats_rect: pygame.Rect
    sheet_rect: pygame.Rect
    deposit_box: pygame.Rect
    deposit_button: pygame.Rect
    slider_rect: pygame.Rect

    @classmethod
    def place(cls, rect: pygame.Rect, th: Theme) -> RainbowsLayout:
        pad = th.px(6)
        gap = th.px(8)
        caption_h = th.px(20)
        # The top row: deck, six slots, the clover's place and the discard pile (9 cards, 10 gaps).
        card_w = min((rect.w - 2 * pad - 11 * gap) / 9, rect.h * 0.2 / 1.4)
        card_w = max(24, int(card_w))
        card_h = round(card_w * 1.4)
        top = rect.y + pad
        row_w = 9 * card_w + 10 * gap
        x0 = rect.x + max(pad, (rect.w - row_w) // 2)
        slots = tuple(
            pygame.Rect(x0 + card_w + 2 * gap + i * (card_w + gap), top, card_w, card_h) for i in range(6)
        )
        clover_rect = pygame.Rect(slots[-1].right + 2 * gap, top, card_w, card_h)
        cards_rect = pygame.Rect(rect.x, rect.y, rect.w, card_h + caption_h + 2 * pad + th.px(14))
        y0 = cards_rect.bottom + gap
        header = th.px(26)
        space = int(min((rect.bottom - y0 - header - 2 * pad) / ROWS, rect.w * 0.42 / COLUMNS))
        space_px = max(12, space)
        # The left margin holds the rows' numbers (the log and the lesson name a space "Ge4").
        board_rect = pygame.Rect(
            rect.x + pad + th.px(ROW_NUMBERS_W), y0 + header + pad, space_px * COLUMNS, space_px * ROWS
        )
        board_frame = pygame.Rect(
            board_rect.x - th.px(ROW_NUMBERS_W),
            y0,
            board_rect.w + th.px(ROW_NUMBERS_W + 10),
            board_rect.bottom + th.px(10) - y0,
        )
        seats_rect = pygame.Rect(
            board_frame.right + gap, y0, rect.right - board_frame.right - gap, rect.bottom - y0
        )
        sheet_rect = pygame.Rect(rect.x, y0, rect.w, rect.bottom - y0)
        # The deposit box at the foot of the sheet, under the table of scores: the slider and its button.
        deposit_box = pygame.Rect(
            seats_rect.x, sheet_rect.bottom - th.px(60), seats_rect.w - th.px(12), th.px(50)
        )
        deposit_button = pygame.Rect(
            deposit_box.right - th.px(120), deposit_box.y + th.px(20), th.px(110), th.px(24)
        )
        slider_rect = pygame.Rect(
            deposit_box.x + th.px(14),
            deposit_box.y + th.px(30),
            deposit_button.x - deposit_box.x - th.px(80),
            th.px(6),
        )
        return cls(
            rect=pygame.Rect(rect),
            scale=th.scale,
            cards_rect=cards_rect,
            card_size=(card_w, card_h),
            deck_rect=pygame.Rect(x0, top, card_w, card_h),
            slots=slots,
            clover_rect=clover_rect,
            discard_rect=pygame.Rect(clover_rect.right + gap, top, card_w, card_h),
            round_rect=pygame.Rect(
                rect.right - th.px(320), cards_rect.bottom - th.px(20), th.px(312), th.px(20)
            ),
            board_rect=board_rect,
            board_frame=board_frame,
            space_px=space_px,
            seats_rect=seats_rect,
            sheet_rect=sheet_rect,
            deposit_box=deposit_box,
            deposit_button=deposit_button,
            slider_rect=slider_rect,
        )

    def space_rect(self, space: Space) -> pygame.Rect:
        return pygame.Rect(
            self.board_rect.x + (space.col - 1) * self.space_px,
            self.board_rect.y + (space.row - 1) * self.space_px,
            self.space_px,
            self.space_px,
        )

    def seat_rect(self, seat: int, count: int) -> pygame.Rect:
        gap = self.px(6)
        h = min(self.px(104), (self.seats_rect.h - gap * (count - 1)) // max(1, count))
        return pygame.Rect(self.seats_rect.x, self.seats_rect.y + seat * (h + gap), self.seats_rect.w, h)

    def info_w(self, r: pygame.Rect) -> int:
        """The width of a seat row's words (name, gold, the day's projection), left of its kept cards."""
        return min(self.px(230), int(r.w * 0.44))

    def kept_slot(self, seat: int, count: int, number: int) -> pygame.Rect:
        r = self.seat_rect(seat, count)
        strip = pygame.Rect(
            r.x + self.info_w(r), r.y + self.px(6), r.w - self.info_w(r) - self.px(8), r.h - self.px(12)
        )
        gap = max(1, self.px(3))
        w = max(6, (strip.w - 9 * gap) // 10)
        h = min(strip.h - self.px(12), round(w * 1.45))
        top = strip.y + self.px(2)
        if strip.h - self.px(12) < self.px(18):
            # A short row (five seats under a replay's controls at 150 %): the slots take the row's height,
            # less the money runs' bar under them, rather than shrink to slivers under their numbers.
            top, h = r.y + self.px(3), min(r.h - self.px(12), round(w * 1.45))
        return pygame.Rect(strip.x + (number - 1) * (w + gap), top, w, max(8, h))

    def keep_strip(self, seat: int, count: int) -> pygame.Rect:
        """A seat's row of kept-card slots, 1 to 10: where a card is dropped to KEEP it."""
        return self.kept_slot(seat, count, 1).union(self.kept_slot(seat, count, 10))


def depositor(state: RainbowsState) -> tuple[int, int]:
    """(the seat whose bank is open, the gold it has on hand)."""
    seat = state.deposit_order[0]
    return seat, state.players[seat].gold


@dataclass
class SheetState:
    """What input changes on the end-of-day sheet: the amount on the deposit slider (set afresh for each
    seat whose bank opens), whether the slider's knob is held, and the scoring being played (a click
    skips it). The drawing shows the amount, the input slides it, the motion starts the scoring."""

    deposit_amount: int | None = None
    deposit_for: tuple[int, int] | None = None
    """(seat, gold) the amount was set for: another seat, or other gold, starts again at the default."""
    sliding: bool = False
    scoring: Animation | None = None

    def amount(self, state: RainbowsState) -> int:
        """The amount the slider stands at for the seat whose bank is open (at first all but
        `DEPOSIT_KEEP` of its gold)."""
        key = depositor(state)
        if self.deposit_for != key or self.deposit_amount is None:
            self.deposit_for = key
            self.deposit_amount = max(0, key[1] - DEPOSIT_KEEP)
        return max(0, min(key[1], self.deposit_amount))

    def slide(self, state: RainbowsState, frac: float) -> None:
        """Set the amount to `frac` (0..1, clamped) of the depositor's gold."""
        _seat, gold = depositor(state)
        self.amount(state)
        self.deposit_amount = round(max(0.0, min(1.0, frac)) * gold)
