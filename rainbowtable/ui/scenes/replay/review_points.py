"""The review's turning points as a list on a paper card (issue 43), in the replay screen's side panel.

Each entry is a turning point in words (wrapped to the card's width) with its side's mark; the one the
replay stands on is lit, the one under the pointer shaded, and a click on one gives its position. When the
entries do not all fit, the list scrolls by whole entries (the mouse wheel) and says how many are above and
below. The entries take a smaller type where one would not fit the card alone; one taller than the card
even so shows the lines that fit and ends with an ellipsis. Before the
review is done the card holds a line saying what it will show. Holds no review logic (`review.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from rainbowtable.ui import draw, theme
from rainbowtable.ui.i18n import N_, _, plural
from rainbowtable.ui.theme import Theme

SIZES = (14, 13, 12)
"""The entries' type sizes (design px), largest first: a smaller one where an entry would not fit."""
MarkDrawer = Callable[[pygame.Surface, pygame.Rect], None]


@dataclass(frozen=True)
class Entry:
    position: int
    text: str
    mark: MarkDrawer


@dataclass(frozen=True)
class Placed:
    """An entry as laid out: its box on the card and the lines shown."""

    index: int
    rect: pygame.Rect
    lines: tuple[str, ...]


class TurningList:
    def __init__(self, th: Theme) -> None:
        self.th = th
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.entries: tuple[Entry, ...] = ()
        self.message = ""
        self.first = 0
        """The first entry shown (the list scrolls by whole entries)."""
        self.hover: int | None = None
        self._placed: tuple[Placed, ...] = ()
        self._more = (0, 0)
        self._wrapped: dict[tuple[int, int, int], tuple[str, ...]] = {}
        self._size = SIZES[0]

    def set_entries(self, entries: tuple[Entry, ...], message: str) -> None:
        """The entries, or (none) the `message` in their place."""
        self.entries, self.message = entries, message
        self.first = min(self.first, max(0, len(entries) - 1))
        self.hover = None
        self._wrapped.clear()
        self._choose_size()
        self._arrange()

    def layout(self, rect: pygame.Rect, th: Theme) -> None:
        self.rect, self.th = pygame.Rect(rect), th
        self._wrapped.clear()
        self._choose_size()
        self._arrange()

    # --- metrics -------------------------------------------------------------------------------------------
    @property
    def _font(self) -> pygame.font.Font:
        return self.th.font(self._size)

    @property
    def _pad(self) -> int:
        return self.th.px(10)

    @staticmethod
    def least_height(th: Theme) -> int:
        """The least height worth showing the card at: its heading and two lines of the smallest type
        (as `_pad` and `_heading_h` measure)."""
        heading = th.font(15, "bold").get_linesize() + th.px(6)
        return 2 * th.px(10) + heading + 2 * th.font(SIZES[-1]).get_linesize()

    def _heading_h(self) -> int:
        return self.th.font(15, "bold").get_linesize() + self.th.px(6)

    def _text_x(self) -> int:
        return self.rect.x + self._pad + self.th.px(20)

    def _lines_of(self, index: int) -> tuple[str, ...]:
        width = self.rect.right - self._pad - self._text_x()
        key = (index, width, self._size)
        if key not in self._wrapped:
            self._wrapped[key] = tuple(draw.wrap(self._font, self.entries[index].text, max(1, width)))
        return self._wrapped[key]

    def _choose_size(self) -> None:
        """The largest of `SIZES` at which every entry fits the card on its own (so scrolling shows each
        whole), else the smallest."""
        room = self.rect.h - 2 * self._pad - self._heading_h() - self.th.font(12).get_linesize()
        for size in SIZES:
            self._size = size
            line_h = self._font.get_linesize()
            if all(len(self._lines_of(i)) * line_h <= room for i in range(len(self.entries))):
                return

    def _arrange(self) -> None:
        """Which entries fit from `first` on, and where (whole entries only; the more-note's line kept free
        when some do not fit)."""
        th, font = self.th, self._font
        line_h = font.get_linesize()
        gap = th.px(6)
        top = self.rect.y + self._pad + self._heading_h()
        bottom = self.rect.bottom - self._pad
        placed: list[Placed] = []
        for attempt in (0, 1):  # again with a line kept for the note, when not all fit
            placed.clear()
            end = bottom - (th.font(12).get_linesize() if attempt else 0)
            y = top
            for index in range(self.first, len(self.entries)):
                lines = self._lines_of(index)
                room = (end - y) // line_h  # the gap goes after an entry, so the last one needs none
                if room < len(lines):
                    if placed or room <= 0:
                        break
                    # One entry taller than the card: the lines that fit, the last ending with "…".
                    width = self.rect.right - self._pad - self._text_x()
                    tail = draw.fit_text(font, " ".join(lines[room - 1 :]), width, may_cut=True)
                    lines = (*lines[: room - 1], tail)
                height = len(lines) * line_h + gap
                box = pygame.Rect(self.rect.x + th.px(4), y, self.rect.w - th.px(8), height)
                placed.append(Placed(index, box, lines))
                y += height
            if self.first == 0 and len(placed) == len(self.entries):
                break
        self._placed = tuple(placed)
        below = len(self.entries) - self.first - len(placed)
        self._more = (self.first, max(0, below))

    # --- input ---------------------------------------------------------------------------------------------
    def entry_at(self, pos: tuple[int, int]) -> int | None:
        for placed in self._placed:
            if placed.rect.collidepoint(pos):
                return placed.index
        return None

    def scroll(self, by: int) -> bool:
        """Move the first entry shown by `by`; True when it moved."""
        first = min(max(0, self.first + by), max(0, len(self.entries) - 1))
        if first == self.first or (by > 0 and self._more[1] == 0):
            return False
        self.first = first
        self._arrange()
        return True

    def key(self) -> tuple[object, ...]:
        return (self.first, self.hover, self.message, len(self.entries), tuple(self.rect))

    # --- drawing -------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, position: int) -> None:
        th = self.th
        if self.rect.w <= 0 or self.rect.h <= 0:
            return
        draw.card(surface, self.rect, radius=th.px(10), lift=th.px(2))
        heading = th.font(15, "bold")
        x, y = self.rect.x + self._pad, self.rect.y + self._pad
        inner = self.rect.inflate(-2 * self._pad, -2 * self._pad)
        title = draw.fit_text(heading, _("Turning points"), inner.w)
        draw.text(surface, heading, title, (x, y), theme.INK, box=inner)
        if not self.entries:
            body = pygame.Rect(x, y + self._heading_h(), inner.w, inner.bottom - y - self._heading_h())
            # The message takes a smaller size where the card is short (large text, a tight panel).
            font = self._font
            for size in SIZES:
                font = th.font(size)
                if len(draw.wrap(font, self.message, body.w)) * font.get_linesize() <= body.h + 2:
                    break
            draw.text_block(surface, font, self.message, body, theme.INK_SOFT, line_gap=1.0)
            return
        line_h = self._font.get_linesize()
        for placed in self._placed:
            entry = self.entries[placed.index]
            box = placed.rect
            if entry.position == position:
                pygame.draw.rect(surface, (250, 226, 186), box, border_radius=th.px(6))
            elif placed.index == self.hover:
                pygame.draw.rect(surface, theme.PAPER_SHADE, box, border_radius=th.px(6))
            mark = pygame.Rect(x, box.y + (line_h - th.px(14)) // 2 + th.px(1), th.px(14), th.px(14))
            entry.mark(surface, mark)
            for row, line in enumerate(placed.lines):
                draw.text(
                    surface, self._font, line, (self._text_x(), box.y + row * line_h), theme.INK, box=box
                )
        self._draw_more(surface)

    def _draw_more(self, surface: pygame.Surface) -> None:
        above, below = self._more
        if not above and not below:
            return
        th = self.th
        small = th.font(12)
        parts = []
        if above:
            parts.append(plural(above, N_("{n} more above"), N_("{n} more above")))
        if below:
            parts.append(plural(below, N_("{n} more below"), N_("{n} more below")))
        note = _("{parts} (scroll)").format(parts=", ".join(parts))
        inner = self.rect.inflate(-2 * self._pad, -2 * self._pad)
        shown = draw.fit_text(small, note, inner.w, may_cut=True)
        draw.text(surface, small, shown, (inner.x, inner.bottom), theme.INK_SOFT, "bottomleft", box=inner)
