"""The lesson's card, in a column beside the board (never over it): which step of how many, what the step
says, why a move was refused and the lesson's hint, and the lesson's buttons (Next, Back, Skip step,
Restart lesson; at the end "Play a real game" and "Back to lessons"). The text takes a smaller size before
it would run out of the card."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import pygame
import pygame_gui

from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context

Keep = Callable[[pygame_gui.elements.UIButton], pygame_gui.elements.UIButton]
TEXT_SIZES = (18.0, 17.0, 16.0, 15.0, 14.0, 13.0, 12.0, 11.0, 10.0)
"""The step's text, largest first: the first size at which it fits the card is used."""
BUTTON_H = 40
MAIN = frozenset({"next", "real"})
"""The buttons that go on with the lesson, in the main look (Back or Restart are never the obvious one)."""
SMALL_BUTTON_H = 34
BUTTON_GAP = 6


@dataclass(frozen=True)
class CardShows:
    """What the card says now: the counter, the text, a refusal (reason, hint), and its buttons as
    (command, label), the first the main one."""

    counter: str
    text: str
    reason: str = ""
    hint: str = ""
    buttons: tuple[tuple[str, str], ...] = ()

    def key(self) -> Hashable:
        return (self.counter, self.text, self.reason, self.hint, self.buttons)


def button_rows(ctx: Context, buttons: Sequence[tuple[str, str]], width: int) -> list[list[int]]:
    """The buttons' indexes in rows: a main one on a row of its own, the others as many to a row as fit
    their whole labels at an equal share."""
    gap = ctx.px(BUTTON_GAP)

    def need(index: int) -> int:
        command, label = buttons[index]
        font = ctx.theme.font(19, "bold") if command in MAIN else ctx.theme.font(17)  # the theme's looks
        return font.size(label)[0] + ctx.px(28)

    rows: list[list[int]] = []
    for i, (command, _label) in enumerate(buttons):
        if rows and command not in MAIN and not any(buttons[j][0] in MAIN for j in rows[-1]):
            row = [*rows[-1], i]
            share = (width - gap * (len(row) - 1)) // len(row)
            if all(need(j) <= share for j in row):
                rows[-1] = row
                continue
        rows.append([i])
    return rows


class LessonCard:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.shows = CardShows("", "")
        self._built: Hashable = None
        self._rows_h = 0

    def place(self, rect: pygame.Rect) -> None:
        """Where the card goes; its buttons are made again at the next `show`."""
        self.rect = pygame.Rect(rect)
        for button in self.buttons.values():
            button.kill()  # (a new layout has killed them already; a taller status card has not)
        self.buttons = {}
        self._built = None
        self._rows_h = 0

    def show(self, shows: CardShows, keep: Keep) -> bool:
        """Say `shows`; the buttons are made again when they change. True when anything changed."""
        changed = shows != self.shows
        self.shows = shows
        if self._built == shows.buttons and self.buttons:
            return changed
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}
        self._built = shows.buttons
        ctx = self.ctx
        pad, gap = ctx.px(14), ctx.px(BUTTON_GAP)
        width = self.rect.w - 2 * pad
        rows = button_rows(ctx, shows.buttons, width)

        def height(row: list[int]) -> int:
            # The buttons that go on are full height; the page's others (Back, Skip) a little lower.
            main = any(shows.buttons[i][0] in MAIN for i in row)
            return ctx.px(BUTTON_H if main else SMALL_BUTTON_H)

        self._rows_h = sum(height(row) + gap for row in rows)
        y = self.rect.bottom - pad - self._rows_h + gap
        for row in rows:
            bw, bh = (width - gap * (len(row) - 1)) // len(row), height(row)
            for c, i in enumerate(row):
                command, label = shows.buttons[i]
                rect = pygame.Rect(self.rect.x + pad + c * (bw + gap), y, bw, bh)
                self.buttons[command] = keep(
                    pygame_gui.elements.UIButton(
                        rect, label, ctx.manager, object_id="@primary" if command in MAIN else None
                    )
                )
            y += bh + gap
        return True

    def key(self) -> Hashable:
        """What the card shows where: it is drawn again when this changes."""
        return (tuple(self.rect), self._rows_h, self.shows.key())

    def pressed(self, element: object) -> str | None:
        return next((command for command, button in self.buttons.items() if element is button), None)

    def text_box(self) -> pygame.Rect:
        """Where the words go: under the counter, over the buttons."""
        ctx = self.ctx
        pad = ctx.px(14)
        top = self.rect.y + pad + ctx.theme.font(14, "bold").get_linesize() + ctx.px(8)
        bottom = self.rect.bottom - pad - self._rows_h - ctx.px(4)
        return pygame.Rect(self.rect.x + pad, top, self.rect.w - 2 * pad, max(0, bottom - top))

    def _blocks(self, size: float, width: int) -> list[tuple[pygame.font.Font, list[str], theme.RGB]]:
        th = self.ctx.theme
        shows = self.shows
        blocks = [(th.font(size), draw.wrap(th.font(size), shows.text, width), theme.INK)]
        if shows.reason:
            font = th.font(size, "bold")
            blocks.append((font, draw.wrap(font, shows.reason, width), theme.BAD))
        if shows.hint:
            font = th.font(size)
            blocks.append((font, draw.wrap(font, shows.hint, width), theme.ACCENT_DARK))
        return blocks

    def _height(self, blocks: list[tuple[pygame.font.Font, list[str], theme.RGB]]) -> int:
        """The blocks' height as drawn: each line a line apart, the last one as tall as its letters."""
        gap = self.ctx.px(10)
        lines = sum(font.get_linesize() * len(lines) for font, lines, _c in blocks) + gap * (len(blocks) - 1)
        font, last, _colour = blocks[-1]
        return lines - font.get_linesize() + max(font.get_linesize(), font.size(last[-1] if last else "")[1])

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        draw.card(surface, self.rect, radius=ctx.px(12), lift=ctx.px(3))
        pygame.draw.rect(
            surface,
            theme.ACCENT,
            pygame.Rect(self.rect.x, self.rect.y, self.rect.w, ctx.px(5)),
            border_top_left_radius=ctx.px(12),
            border_top_right_radius=ctx.px(12),
        )
        pad = ctx.px(14)
        counter_font = ctx.theme.font(14, "bold")
        draw.text(
            surface,
            counter_font,
            draw.fit_text(counter_font, self.shows.counter, self.rect.w - 2 * pad),
            (self.rect.x + pad, self.rect.y + pad),
            theme.INK_SOFT,
            box=self.rect,
        )
        box = self.text_box()
        blocks = self._blocks(TEXT_SIZES[-1], box.w)
        for size in TEXT_SIZES:
            blocks = self._blocks(size, box.w)
            if self._height(blocks) <= box.h:
                break
        y = box.y
        for font, lines, colour in blocks:
            for line in lines:
                draw.text(surface, font, line, (box.x, y), colour, box=box)
                y += font.get_linesize()
            y += ctx.px(10)
