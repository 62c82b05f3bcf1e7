"""Are the dice fair? The Records screen's dice page for one game: for each kind of die the game rolls (its
rules' `dice_kinds`), a small bar chart of how often each face came up over the recorded games, a dashed
line at the count fair dice would give on average, the number of rolls and the verdict in words
(`core/dice_fairness.py`: the chi-square test's p-value said for a player). The charts stand in a grid as
wide as the page allows."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from rainbowtable.core.dice_fairness import DieFairness, Verdict, fairness, fairness_words
from rainbowtable.core.game import AnyRules
from rainbowtable.ui import draw, theme
from rainbowtable.ui.i18n import _, decimal
from rainbowtable.ui.scenes.records.page import Page
from rainbowtable.ui.widgets.die import DIE_BODIES, OTHER_BODIES

CELL_MIN_W = 330
"""A chart's least width (design pixels): six bars with their faces' names under them."""
CHART_H = 120
COLOUR_RGB: dict[str, theme.RGB] = {
    **DIE_BODIES,  # Dice Box's and De Regenboog's dice as the table draws them
    **OTHER_BODIES,
    # Rainbow Passage's colour-die faces that no die body shares
    "green": (82, 168, 88),
    "cyan": (70, 186, 196),
    "magenta": (186, 74, 160),
}
"""The colour a bar is drawn in: the face's colour, else its die's (the first word of its name)."""
VERDICT_RGB = {Verdict.FAIR: theme.GOOD, Verdict.UNUSUAL: (178, 62, 50), Verdict.TOO_FEW: theme.INK_SOFT}


def capitalised(words: str) -> str:
    return words[:1].upper() + words[1:]


def bar_colour(kind_name: str, face: str) -> theme.RGB:
    return COLOUR_RGB.get(face) or COLOUR_RGB.get(kind_name.split(" ")[0], theme.ACCENT)


def add_dice(page: Page, rules: AnyRules, counts: Mapping[tuple[str, str], int]) -> None:
    """`rules`' dice, counted over the recorded games (`counts`), as a grid of charts on `page`."""
    ctx = page.ctx
    px = ctx.px
    results = fairness(rules.dice_kinds, counts)
    columns = max(1, min(len(results), (page.width + px(20)) // (px(CELL_MIN_W) + px(20))))
    cell_w = (page.width - px(20) * (columns - 1)) // columns
    name_font = ctx.theme.font(17, "bold")
    small = ctx.theme.font(15)
    for start in range(0, len(results), columns):
        row = results[start : start + columns]
        verdicts = [_words(small, result, cell_w) for result in row]
        height = (
            name_font.get_linesize()
            + px(CHART_H)
            + small.get_linesize() * (1 + max(len(a) + len(b) for a, b in verdicts))
            + px(14)
        )

        def drawer(
            surface: pygame.Surface,
            rect: pygame.Rect,
            row: list[DieFairness] = row,
            verdicts: list[tuple[list[str], list[str]]] = verdicts,
        ) -> None:
            for i, (result, lines) in enumerate(zip(row, verdicts, strict=True)):
                cell = pygame.Rect(rect.x + i * (cell_w + px(20)), rect.y, cell_w, rect.h)
                _draw_die(page, surface, cell, result, lines)

        page.add(height, drawer)
        page.gap(14)


def _draw_die(
    page: Page,
    surface: pygame.Surface,
    cell: pygame.Rect,
    result: DieFairness,
    verdict: tuple[list[str], list[str]],
) -> None:
    ctx = page.ctx
    px = ctx.px
    name_font = ctx.theme.font(17, "bold")
    small = ctx.theme.font(15)
    face_font = ctx.theme.font(13)
    kind = result.kind
    draw.text(surface, name_font, capitalised(_(kind.name)), cell.topleft, theme.INK, box=cell)
    count_w = max(small.size(str(n))[0] for n in (*result.counts, round(result.expected)))
    chart = pygame.Rect(cell.x + count_w + px(8), cell.y + name_font.get_linesize() + px(4), 0, px(CHART_H))
    chart.w = cell.right - chart.x
    labels_h = face_font.get_linesize() + px(2)
    # The bars start half a line down, so that the highest count's label can stand level with its value.
    half = small.get_linesize() // 2
    bars = pygame.Rect(chart.x, chart.y + half, chart.w, chart.h - labels_h - half)
    top = max([*result.counts, result.expected, 1.0])
    slot = bars.w / max(1, len(kind.faces))
    axis = theme.INK_SOFT
    pygame.draw.line(surface, axis, bars.bottomleft, bars.bottomright, max(1, px(1)))
    # Each label level with the height it names (the top one stood under its line and read as less).
    most = max(result.counts, default=0)
    most_y = round(bars.bottom - bars.h * most / top)
    draw.text(surface, small, str(most), (chart.x - px(6), most_y), axis, "midright")
    draw.text(surface, small, "0", (chart.x - px(6), bars.bottom), axis, "midright")
    for i, (face, count) in enumerate(zip(kind.faces, result.counts, strict=True)):
        left = round(bars.x + i * slot + slot * 0.18)
        width = max(1, round(slot * 0.64))
        h = round(bars.h * count / top)
        bar = pygame.Rect(left, bars.bottom - h, width, h)
        if h:
            pygame.draw.rect(surface, bar_colour(kind.name, face), bar)
            pygame.draw.rect(surface, theme.INK, bar, max(1, px(1)))
        label = draw.fit_text(face_font, _(face), round(slot) - px(2), may_cut=True)
        centre = round(bars.x + (i + 0.5) * slot)
        draw.text(surface, face_font, label, (centre, bars.bottom + px(2)), theme.INK, "midtop")
    if result.rolls:
        # Fair dice: each face this often on average (dashed, over the bars).
        y = round(bars.bottom - bars.h * result.expected / top)
        for x in range(bars.x, bars.right, px(10)):
            pygame.draw.line(
                surface, theme.ACCENT_DARK, (x, y), (min(bars.right, x + px(6)), y), max(2, px(2))
            )
    y = chart.bottom + px(4)
    rolls, words = verdict
    for i, line in enumerate(rolls + words):
        colour = theme.INK_SOFT if i < len(rolls) else _verdict_colour(result)
        draw.text(surface, small, line, (cell.x, y + i * small.get_linesize()), colour, box=cell)


def _words(font: pygame.font.Font, result: DieFairness, width: int) -> tuple[list[str], list[str]]:
    """The lines under a chart: how many rolls and what fair dice would give, then the verdict."""
    rolls = _("Rolls: {n} · fair dice: {expected} per face").format(
        n=result.rolls, expected=decimal(result.expected)
    )
    return draw.wrap(font, rolls, width), draw.wrap(font, fairness_words(result), width)


def _verdict_colour(result: DieFairness) -> theme.RGB:
    """The verdict's colour: a fair die that is a little uneven is told in amber, not in the green that read
    as "all is well" beside a low percentage."""
    if result.uneven:
        return theme.ACCENT_DARK
    return VERDICT_RGB[result.verdict]
