"""The Records screen's list of recorded games, newest first: a row each with the game's title and date,
its seats with their scores and who won; the selected row can open its replay (when its save is still in
the saves folder). Rows are drawn straight on the card, only those in view; the words of a row are cut to
its width once per layout, not every frame."""

from __future__ import annotations

from pathlib import Path

import pygame

from rainbowtable.storage.records import GameRecord
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.scenes.menu_base import draw_row_back
from rainbowtable.ui.scenes.records import words


def row_height(ctx: Context) -> int:
    return ctx.theme.font(17, "bold").get_linesize() + ctx.theme.font(15).get_linesize() + ctx.px(20)


def save_of(ctx: Context, record: GameRecord) -> Path | None:
    """The record's save file when it is still there (the name was checked when the record was read)."""
    if not record.save:
        return None
    path = ctx.paths.saves_dir / record.save
    try:
        return path if path.is_file() else None
    except OSError:
        return None


class RowWords:
    """A row's words fitted to its width: (title, date, seats, who won)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.cache: dict[tuple[int, int], tuple[str, str, str, str]] = {}

    def of(self, record: GameRecord, index: int, width: int) -> tuple[str, str, str, str]:
        key = (index, width)
        if key not in self.cache:
            self.cache[key] = self._fit(record, width)
        return self.cache[key]

    def _fit(self, record: GameRecord, width: int) -> tuple[str, str, str, str]:
        th = self.ctx.theme
        bold, small = th.font(17, "bold"), th.font(15)
        gap = self.ctx.px(16)
        date = words.when(record.finished)
        won = words.winner_words(record)
        won_w = min(small.size(won)[0], width // 2)
        title = draw.fit_text(bold, record.title, width - small.size(date)[0] - gap, may_cut=True)
        seats = " · ".join(words.seat_words(s) for s in record.seats)
        return (
            title,
            date,
            draw.fit_text(small, seats, width - won_w - gap, may_cut=True),
            draw.fit_text(small, won, won_w, may_cut=True),
        )


def draw_row(
    ctx: Context,
    surface: pygame.Surface,
    rect: pygame.Rect,
    shown: tuple[str, str, str, str],
    *,
    selected: bool,
    hovered: bool,
) -> None:
    px = ctx.px
    inner = draw_row_back(ctx, surface, rect, selected=selected, hovered=hovered)
    th = ctx.theme
    bold, small = th.font(17, "bold"), th.font(15)
    title, date, seats, won = shown
    text = inner.inflate(-px(24), 0)
    top = inner.centery - (bold.get_linesize() + small.get_linesize()) // 2
    draw.text(surface, bold, title, (text.x, top), theme.INK)
    draw.text(surface, small, date, (text.right, top + px(2)), theme.INK_SOFT, "topright")
    y = top + bold.get_linesize()
    draw.text(surface, small, seats, (text.x, y), theme.INK_SOFT)
    draw.text(surface, small, won, (text.right, y), theme.INK, "topright")
