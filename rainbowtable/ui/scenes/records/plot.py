"""A player's results over time, drawn with pygame: x = their games in order (oldest left), y = their place
(1 at the top) over games of every kind, or their score when one game is chosen; each game a marker in the
colour of the player's seat in it and that colour's shape (so colour is never the only cue), filled where
they won, hollow where they did not, joined by a thin line. The
axes are labelled, with a few ticks each, and a legend says which marker is which."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from rainbowtable.core.seats import SEAT_COLOURS
from rainbowtable.storage.records import ResultPoint
from rainbowtable.ui import draw, glyphs, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _

MAX_TICKS = 6


def ticks(low: int, high: int, most: int = MAX_TICKS) -> list[int]:
    """Round values every 1, 2, 5, 10, 20, 25, 50... from a multiple at or below `low` to one at or above
    `high`, at most `most` of them (the axis spans the first to the last)."""
    if high <= low:
        return [low]
    span = high - low
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000):
        step = candidate
        if -(-high // step) - low // step + 1 <= most:
            break
    else:
        step = -(-span // (most - 2))
    return list(range(low // step * step, -(-high // step) * step + 1, step))


def plot_height(ctx: Context) -> int:
    return ctx.px(250)


def draw_results(
    ctx: Context,
    surface: pygame.Surface,
    rect: pygame.Rect,
    points: Sequence[ResultPoint],
    colour_index: int,
    *,
    by_score: bool,
) -> None:
    """The plot of `points` in `rect`: its axes, ticks, labels, markers and legend (`colour_index`: the
    colour of a game whose record has none)."""
    px = ctx.px
    small = ctx.theme.font(13)
    label = ctx.theme.font(14, "bold")
    fallback = SEAT_COLOURS[colour_index % len(SEAT_COLOURS)]
    colours = [p.colour or fallback for p in points]
    legend = max(set(colours), key=lambda c: (colours.count(c), c))
    values = [p.score if by_score else p.place for p in points]
    y_ticks = (
        ticks(min(values), max(values))
        if by_score
        else list(range(1, max(2, *(p.sides for p in points)) + 1))
    )
    low, high = y_ticks[0], y_ticks[-1]
    tick_w = max(small.size(str(v))[0] for v in y_ticks)
    legend_h = small.get_linesize() + px(8)
    # The y axis's name stands above its ticks; the x axis's name under its ticks; the legend under that.
    area = pygame.Rect(
        rect.x + label.get_linesize() // 2 + tick_w + px(10),
        rect.y + label.get_linesize() + px(8),
        0,
        0,
    )
    area.w = rect.right - px(14) - area.x
    area.h = rect.bottom - legend_h - label.get_linesize() - small.get_linesize() - px(12) - area.y
    y_name = _("Score") if by_score else _("Place (1 = won)")
    draw.text(surface, label, y_name, (rect.x, rect.y), theme.INK_SOFT)
    pygame.draw.rect(surface, (255, 252, 244), area)
    axis = theme.INK_SOFT

    def y_of(value: int) -> int:
        if high == low:
            return area.centery
        share = (value - low) / (high - low)
        return round(area.bottom - share * area.h) if by_score else round(area.y + share * area.h)

    n = len(points)

    def x_of(index: int) -> int:
        return area.centerx if n <= 1 else round(area.x + px(10) + index * (area.w - px(20)) / (n - 1))

    for value in y_ticks:
        y = y_of(value)
        pygame.draw.line(surface, theme.PAPER_SHADE, (area.x, y), (area.right, y), 1)
        draw.text(surface, small, str(value), (area.x - px(6), y), axis, "midright")
    for number in sorted({1, *(t for t in ticks(1, max(1, n)) if 1 <= t <= n)}):
        x = x_of(number - 1)
        pygame.draw.line(surface, axis, (x, area.bottom), (x, area.bottom + px(4)), 1)
        draw.text(surface, small, str(number), (x, area.bottom + px(5)), axis, "midtop")
    pygame.draw.line(surface, axis, area.bottomleft, area.bottomright, max(1, px(1)))
    pygame.draw.line(surface, axis, area.topleft, area.bottomleft, max(1, px(1)))
    x_label_y = area.bottom + px(6) + small.get_linesize()
    draw.text(surface, label, _("Games, oldest first"), (area.centerx, x_label_y), theme.INK_SOFT, "midtop")
    spots = [(x_of(i), y_of(v)) for i, v in enumerate(values)]
    if len(spots) > 1:
        pygame.draw.aalines(surface, theme.INK_SOFT, False, spots)
    size = max(px(8), min(px(16), (area.w // max(1, n)) - px(2)))
    for point, spot, colour in zip(points, spots, colours, strict=True):
        _marker(surface, spot, size, colour, won=point.won)
    legend_y = rect.bottom - legend_h + px(4)
    x = area.x
    for won, words in ((True, _("won")), (False, _("not won"))):
        _marker(surface, (x + px(7), legend_y + small.get_linesize() // 2), px(12), legend, won=won)
        x = draw.text(surface, small, words, (x + px(18), legend_y), theme.INK).right + px(24)
    # The markers change shape and colour from game to game: say why, where the line has room.
    seat = _("shape and colour: the seat played")
    if x + small.size(seat)[0] <= rect.right - px(14):
        draw.text(surface, small, seat, (x, legend_y), theme.INK_SOFT)


def _marker(surface: pygame.Surface, centre: tuple[int, int], size: int, colour: str, *, won: bool) -> None:
    """The seat colour's glyph, filled (won) or as a hollow ring of its colour on paper (not won)."""
    index = SEAT_COLOURS.index(colour)
    rgb = theme.SEAT_RGB[colour]
    box = pygame.Rect(0, 0, size, size)
    box.center = centre
    if won:
        glyphs.draw_glyph(surface, index, box, rgb, outline=theme.INK)
    else:
        glyphs.draw_glyph(surface, index, box, rgb)
        glyphs.draw_glyph(surface, index, box.inflate(-max(4, size // 2), -max(4, size // 2)), theme.PAPER)
