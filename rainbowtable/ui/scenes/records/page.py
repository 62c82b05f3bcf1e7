"""A page of the Records screen drawn as one picture: blocks stacked top to bottom (a heading, a line of
figures, a table, a plot, a chart), each knowing its height before it draws, so the picture is made once at
its height and scrolled as a whole. Also the tables' drawing: a header row that wraps to two lines, a name
column that takes the room left (names cut with an ellipsis), figures right-aligned."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context

Draw = Callable[[pygame.Surface, pygame.Rect], None]
MAX_PAGE_H = 16_000
"""No page is taller than this (pixels): a picture far beyond any screen's scrolling."""


@dataclass
class Page:
    ctx: Context
    width: int
    blocks: list[tuple[int, Draw]] = field(default_factory=list)

    def add(self, height: int, drawer: Draw) -> None:
        self.blocks.append((height, drawer))

    def gap(self, design_px: float) -> None:
        self.blocks.append((self.ctx.px(design_px), lambda _surface, _rect: None))

    def heading(self, words: str) -> None:
        font = self.ctx.theme.font(19, "bold")
        lines = draw.wrap(font, words, self.width)
        step = font.get_linesize()

        def drawer(surface: pygame.Surface, rect: pygame.Rect) -> None:
            for i, line in enumerate(lines):
                draw.text(surface, font, line, (rect.x, rect.y + i * step), theme.INK, box=rect)

        self.add(step * len(lines) + self.ctx.px(6), drawer)

    def words(self, words: str, *, size: float = 16, colour: theme.RGB = theme.INK_SOFT) -> None:
        font = self.ctx.theme.font(size)
        lines = draw.wrap(font, words, self.width)
        step = font.get_linesize()

        def drawer(surface: pygame.Surface, rect: pygame.Rect) -> None:
            for i, line in enumerate(lines):
                draw.text(surface, font, line, (rect.x, rect.y + i * step), colour, box=rect)

        self.add(step * len(lines), drawer)

    def table(self, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        """The first column is the name (cut to fit); the others are figures, as wide as their header or
        their widest figure."""
        ctx = self.ctx
        px = ctx.px
        head = ctx.theme.font(14, "bold")
        body = ctx.theme.font(16)
        pad = px(12)
        figure_w = [max([body.size(row[i])[0] for row in rows] + [px(36)]) for i in range(1, len(headers))]
        natural = [max(figure_w[i], head.size(title)[0]) for i, title in enumerate(headers[1:])]
        head_lines = [draw.wrap(head, headers[0], max(px(60), self.width // 3))]
        if sum(w + pad for w in natural) <= self.width * 2 // 3:
            figure_w = natural
            head_lines += [[title] for title in headers[1:]]
        else:
            # A header wraps to two lines rather than widen its column past its share of the row.
            share = max(px(60), (self.width * 2 // 3) // max(1, len(headers) - 1) - pad)
            for i, title in enumerate(headers[1:]):
                widest = max((head.size(word)[0] for word in title.split()), default=0)
                figure_w[i] = max(figure_w[i], min(share, head.size(title)[0]), widest)
                head_lines.append(draw.wrap(head, title, figure_w[i]))
        name_w = self.width - sum(w + pad for w in figure_w)
        head_h = max(len(lines) for lines in head_lines) * head.get_linesize() + px(4)
        row_h = body.get_linesize() + px(6)

        def drawer(surface: pygame.Surface, rect: pygame.Rect) -> None:
            lefts = [rect.x]
            x = rect.x + name_w
            for w in figure_w:
                x += pad
                lefts.append(x)
                x += w
            widths = [name_w, *figure_w]
            for col, lines in enumerate(head_lines):
                for i, line in enumerate(lines):
                    y = rect.y + head_h - px(4) - (len(lines) - i) * head.get_linesize()
                    if col == 0:
                        draw.text(surface, head, line, (lefts[0], y), theme.INK_SOFT)
                    else:
                        draw.text(
                            surface, head, line, (lefts[col] + widths[col], y), theme.INK_SOFT, "topright"
                        )
            y = rect.y + head_h
            pygame.draw.line(surface, theme.PAPER_LINE, (rect.x, y - 1), (rect.right, y - 1), max(1, px(1)))
            for index, row in enumerate(rows):
                top = y + index * row_h
                if index % 2:
                    pygame.draw.rect(surface, theme.PAPER_SHADE, (rect.x, top, rect.w, row_h))
                text_y = top + px(3)
                name = draw.fit_text(body, row[0], name_w - px(6), may_cut=True)
                draw.text(surface, body, name, (lefts[0] + px(4), text_y), theme.INK)
                for col in range(1, len(row)):
                    right = (lefts[col] + widths[col], text_y)
                    draw.text(surface, body, row[col], right, theme.INK, "topright")

        self.add(head_h + row_h * len(rows), drawer)

    def height(self) -> int:
        return min(MAX_PAGE_H, sum(h for h, _drawer in self.blocks))

    def render(self) -> pygame.Surface:
        surface = pygame.Surface((max(1, self.width), max(1, self.height())))
        surface.fill(theme.PAPER)
        y = 0
        for h, drawer in self.blocks:
            if y + h > surface.get_height():
                break
            drawer(surface, pygame.Rect(0, y, self.width, h))
            y += h
        return surface
