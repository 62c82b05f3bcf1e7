"""The move log: one plain line per action, newest at the bottom, drawn with pygame.font (a pygame_gui
text box slows down as it grows) and scrolled with the wheel. Long lines wrap, however short the log (a
line cut with "…" hides the end of the move); wrapped lines are cached per width."""

from __future__ import annotations

import pygame

from rainbowtable.ui import draw, theme
from rainbowtable.ui.i18n import _
from rainbowtable.ui.theme import Theme


class LogPanel:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.scroll = 0  # rows scrolled up from the bottom
        self._wrapped: list[tuple[int, str]] = []  # (line number or 0 for a continuation, text)
        self._wrapped_count = 0  # how many of `lines` are in `_wrapped`
        self._wrapped_for = (-1, -1, -1)  # (font height, width, text indent) the wrapping was done for
        self.hovered: int | None = None  # the entry (1-based) under the mouse, drawn tinted
        self._rows: list[tuple[pygame.Rect, int]] = []  # where the last draw put each row, with its entry
        self.current: int | None = None  # the entry (1-based) marked as where a replay stands
        self._follow = False  # scroll `current` into view at the next draw (its rows are known then)
        self._rows_shown = 1  # how many rows the last draw had room for (the wheel's reach depends on it)

    def set_lines(self, lines: list[str]) -> None:
        """Replace the whole log (after an undo or redo)."""
        if lines != self.lines:
            self.lines = list(lines)
            self.scroll = 0
            self._wrapped_count = 0
            self._wrapped = []

    def append(self, line: str) -> None:
        """Add the newest line; only it is wrapped at the next draw."""
        self.lines.append(line)
        self.scroll = 0

    def follow(self, number: int | None) -> None:
        """Mark entry `number` as the current one and scroll it into view at the next draw (None: no entry
        is current, and the log shows its beginning)."""
        self.current = number
        self._follow = True

    def _overflow(self, rows: int) -> int:
        """How many rows the newest entry has beyond `rows` (0 when it fits). The bottom of the log shows that
        entry from its number; the wheel scrolls below it (a negative `scroll`, down to minus this) to read
        the rest, since its opening words name who moved."""
        last = len(self._wrapped)
        while last > 0 and self._wrapped[last - 1][0] == 0:
            last -= 1
        return max(0, len(self._wrapped) - (last - 1) - rows) if last else 0

    def _bring_into_view(self, rows: int) -> None:
        """Scroll so that the current entry shows: all its wrapped rows, or its beginning when it is taller
        than the log."""
        self._follow = False
        below = self._overflow(rows)  # `scroll` counts from the bottom of the newest entry's first screen
        if self.current is None:
            self.scroll = max(0, len(self._wrapped) - below - rows)
            return
        spans = [i for i, (number, _text) in enumerate(self._wrapped) if number == self.current]
        if not spans:
            return
        first = spans[0]
        last = first + 1
        while last < len(self._wrapped) and self._wrapped[last][0] == 0:
            last += 1
        end = self._window(rows)[1]
        if last > end:
            end = last
        if first < end - rows:
            end = first + rows
        self.scroll = len(self._wrapped) - below - end

    def entry_at(self, pos: tuple[int, int]) -> int | None:
        """The entry (1-based line number) drawn at pos, or None."""
        for rect, number in self._rows:
            if rect.collidepoint(pos):
                return number
        return None

    def hover(self, pos: tuple[int, int]) -> bool:
        """Follow the mouse; True when the hovered entry changed (the log and what it marks redraw)."""
        number = self.entry_at(pos) if self.rect.collidepoint(pos) else None
        if number == self.hovered:
            return False
        self.hovered = number
        return True

    def handle_wheel(self, pos: tuple[int, int], dy: int) -> bool:
        if not self.rect.collidepoint(pos):
            return False
        below = self._overflow(self._rows_shown)
        self.scroll = max(-below, min(self.scroll + dy * 2, max(0, len(self._wrapped) - below - 3)))
        return True

    def _window(self, rows: int) -> tuple[int, int]:
        """The wrapped rows (start, end) that fit in `rows` at the scroll position, beginning on a whole entry
        where one fits: the tail end of a wrapped line, without its number, reads as noise."""
        end = max(0, min(len(self._wrapped), len(self._wrapped) - self._overflow(rows) - self.scroll))
        start = max(0, end - rows)
        first = start
        while 0 < first < end and self._wrapped[first][0] == 0:
            first += 1
        return (first if first < end else start), end

    def visible(self, rows: int) -> list[tuple[int, str]]:
        """The rows shown, as (entry number or 0 on a continuation, text)."""
        start, end = self._window(rows)
        return self._wrapped[start:end]

    def _wrap(self, body: pygame.font.Font, width: int, text_x: int) -> None:
        """`lines` wrapped to rows (`_wrapped`), each line once, again only when the font, the width or the
        numbers' column change."""
        key = (body.get_height(), width, text_x)
        if key != self._wrapped_for:
            if self._wrapped_for != (-1, -1, -1):
                # The rows scrolled were counted at the old width or size: a replay's current entry is brought
                # back into view, a live log shows its newest lines.
                self._follow = self.current is not None
                self.scroll = 0
            self._wrapped, self._wrapped_count, self._wrapped_for = [], 0, key
        for number in range(self._wrapped_count + 1, len(self.lines) + 1):
            for index, part in enumerate(draw.wrap(body, self.lines[number - 1], width - text_x)):
                self._wrapped.append((number if index == 0 else 0, part))
        self._wrapped_count = len(self.lines)

    @staticmethod
    def _draw_band(
        surface: pygame.Surface, th: Theme, row: pygame.Rect, hovered: bool, *, first: bool, last: bool
    ) -> None:
        """One row of the hovered or the current entry's band: the rows of an entry make one band, rounded
        only at the entry's own ends; the current entry's has the bar at its left."""
        radius = th.px(4)
        corners = {
            "border_top_left_radius": radius if first else 0,
            "border_top_right_radius": radius if first else 0,
            "border_bottom_left_radius": radius if last else 0,
            "border_bottom_right_radius": radius if last else 0,
        }
        pygame.draw.rect(surface, (255, 236, 190) if hovered else (236, 226, 208), row, **corners)
        if not hovered:
            pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(row.x, row.y, _bar_w(th), row.h))

    def draw(self, surface: pygame.Surface, th: Theme) -> None:
        rect = self.rect
        if rect.h < th.px(60):
            return
        draw.card(surface, rect, radius=th.px(10), lift=th.px(3))
        head = th.font(15, "bold")
        draw.text(surface, head, _("Moves"), (rect.x + th.px(14), rect.y + th.px(10)), theme.INK_SOFT)
        body = th.font(15)
        # A narrow foot (4): a crowded panel's log showed one row cut with "…" where a second one fitted.
        inner = pygame.Rect(rect.x + th.px(14), rect.y + th.px(34), rect.w - th.px(28), rect.h - th.px(38))
        # The numbers' column is as wide as the longest number (a long game reaches 4 digits), clear of the
        # current entry's bar at its left.
        number_font = th.font(13)
        digits = "8" * max(2, len(str(len(self.lines))))
        number_right = max(th.px(24), _bar_w(th) + th.px(4) + number_font.size(digits)[0])
        text_x = number_right + th.px(10)
        self._wrap(body, inner.w, text_x)
        step = body.get_linesize() + th.px(2)
        rows = max(1, inner.h // step)
        self._rows_shown = rows
        if self._follow:
            self._bring_into_view(rows)
        y = inner.y
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        self._rows = []
        entry = 0
        start, end = self._window(rows)
        shown = self._wrapped[start:end]
        for index, (number, part) in enumerate(shown):
            entry = number or entry
            row = pygame.Rect(inner.x, y, inner.w, step)
            if entry:
                self._rows.append((row, entry))
            if entry and entry in (self.hovered, self.current):
                last = index + 1 >= len(shown) or shown[index + 1][0] != 0
                self._draw_band(surface, th, row, entry == self.hovered, first=number != 0, last=last)
            if number:
                draw.text(
                    surface,
                    number_font,
                    str(number),
                    (inner.x + number_right, y + th.px(2)),
                    theme.INK_SOFT,
                    anchor="topright",
                )
            if index == len(shown) - 1 and end < len(self._wrapped) and self._wrapped[end][0] == 0:
                # The entry goes on below: its last row shown says so at its end ("…"), so that a sentence
                # cut at the panel's foot does not read as the whole move.
                part = draw.fit_text(body, f"{part} …", inner.w - text_x, may_cut=True)
            draw.text(surface, body, part, (inner.x + text_x, y), theme.INK)
            y += step
        surface.set_clip(clip)
        if not self.lines:
            draw.text(surface, body, _("No moves yet."), (inner.x, inner.y), theme.INK_SOFT)
        if end < len(self._wrapped):
            # Moves, not rows: a long entry's own rows below say only that it goes on.
            newer = sum(1 for number, _part in self._wrapped[end:] if number)
            draw.text(
                surface,
                th.font(13, "italic"),
                _("{count} newer below").format(count=newer) if newer else _("continues below"),
                (rect.right - th.px(14), rect.y + th.px(12)),
                theme.INK_SOFT,
                anchor="topright",
            )


def _bar_w(th: Theme) -> int:
    """The width of the bar marking a replay's current entry."""
    return max(2, th.px(3))
