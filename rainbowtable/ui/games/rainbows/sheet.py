"""The end-of-day scoring sheet, over the board and the seat rows: the day's final board with each
player's rainbows drawn in turn and singles crossed (−10), a row of scores per player (rainbows, money
rainbows, the bank before and after), and, while the bank is open, the deposit box with its slider.
The motion part plays it seat by seat (`progress`); the drawing part shows it whole while deposits are made.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from rainbowtable.games.rainbows.model import DayResult, RainbowsState, SeatDayScore, Space
from rainbowtable.games.rainbows.scoring import RAINBOW_GOLD
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.rainbows.board import chain_lines, draw_grid
from rainbowtable.ui.games.rainbows.cardfaces import draw_marker
from rainbowtable.ui.games.rainbows.layout import RainbowsLayout, depositor
from rainbowtable.ui.games.rainbows.seats import seat_name
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import Look
from rainbowtable.ui.theme import Theme


def draw_sheet(
    surface: pygame.Surface,
    where: RainbowsLayout,
    th: Theme,
    result: DayResult,
    seat_count: int,
    names: Sequence[str],
    progress: float,
    glyphs: bool,
    deposit: bool = False,
) -> None:
    """The day's scoring over the board and panels; `progress` counts seats shown (fractions animate);
    `deposit` keeps room under the table of scores for the deposit slider."""
    sheet = where.sheet_rect
    draw.card(surface, sheet, fill=(250, 246, 234), radius=th.px(14), lift=th.px(5))
    draw.text(
        surface,
        th.font(20, "title"),
        _("End of day {day}: scoring").format(day=result.day),
        (where.seats_rect.x, sheet.y + th.px(10)),
    )
    _draw_final_board(surface, where, th, result, seat_count, progress, glyphs)
    reserve = th.px(64) if deposit else 0
    table = pygame.Rect(
        where.seats_rect.x,
        sheet.y + th.px(44),
        where.seats_rect.w - th.px(8),
        sheet.h - th.px(52) - reserve,
    )
    row_h = min(th.px(92), table.h // max(1, seat_count))
    shown = int(progress)
    for seat, score in enumerate(result.seats):
        row = pygame.Rect(table.x, table.y + seat * row_h, table.w, row_h - th.px(4))
        # A seat's row appears a quarter of its turn after its rainbows are drawn.
        if seat < shown or (seat == shown and progress - shown >= 0.25):
            _draw_score_row(surface, th, row, seat, score, names[seat], glyphs)


def _draw_final_board(
    surface: pygame.Surface,
    where: RainbowsLayout,
    th: Theme,
    result: DayResult,
    seat_count: int,
    progress: float,
    glyphs: bool,
) -> None:
    """The day's final board, from the results (every marker is in a rainbow or single): the rainbows of
    the seats shown so far drawn, their singles crossed."""
    draw_grid(surface, where, th, seat_count, glyphs)
    shown = int(progress)
    chains: list[tuple[Sequence[Space], int]] = []
    for seat, s in enumerate(result.seats):
        if seat < shown or (seat == shown and progress - shown > 0.25):
            chains.extend((chain, seat) for chain in s.rainbows)
    chain_lines(surface, where, chains, max(4, th.px(6)))
    radius = int(where.space_px * 0.34)
    cross = max(2, th.px(3))
    for seat, s in enumerate(result.seats):
        for chain in s.rainbows:
            for space in chain:
                draw_marker(surface, seat, where.space_rect(space).center, radius, glyphs)
        for space in s.singles:
            centre = where.space_rect(space).center
            draw_marker(surface, seat, centre, radius, glyphs)
            if seat < shown:
                d = radius
                x, y = centre
                pygame.draw.line(surface, theme.BAD, (x - d, y - d), (x + d, y + d), cross)
                pygame.draw.line(surface, theme.BAD, (x - d, y + d), (x + d, y - d), cross)


def _draw_score_row(
    surface: pygame.Surface,
    th: Theme,
    row: pygame.Rect,
    seat: int,
    s: SeatDayScore,
    name: str,
    glyphs: bool,
) -> None:
    """One player's scores: name and day's total, rainbows and singles, money rainbows, the bank."""
    name_font = th.font(15, "bold")
    font = th.font(13)
    draw_marker(surface, seat, (row.x + th.px(10), row.y + th.px(10)), th.px(9), glyphs)
    draw.text(
        surface,
        name_font,
        draw.fit_text(name_font, name, row.w // 2, may_cut=True),
        (row.x + th.px(26), row.y),
    )
    total = s.board + s.money
    draw.text(
        surface,
        th.font(20, "title"),
        f"{total:+d}",
        (row.right - th.px(8), row.y - th.px(2)),
        theme.GOOD if total >= 0 else theme.BAD,
        "topright",
    )
    y = row.y + name_font.get_linesize()
    sizes = ", ".join(str(len(c)) for c in s.rainbows)
    rb = sum(RAINBOW_GOLD[len(c)] for c in s.rainbows)
    parts = []
    if s.rainbows:
        parts.append(_("rainbows of {sizes}: +{gold}").format(sizes=sizes, gold=rb))
    if s.singles:
        parts.append(
            _("1 single × −10") if len(s.singles) == 1 else _("{n} singles × −10").format(n=len(s.singles))
        )
    if not parts:
        parts.append(_("no markers"))
    words = draw.fit_text(font, "  ·  ".join(parts), row.w - th.px(70))
    draw.text(surface, font, words, (row.x + th.px(26), y), theme.INK)
    y += font.get_linesize()
    runs = "  ".join("–".join((str(r[0]), str(r[-1]))) for r in s.runs)
    money = (
        _("money rainbows {runs}: +{gold}").format(runs=runs, gold=s.money)
        if s.runs
        else _("no money rainbow")
    )
    draw.text(
        surface, font, draw.fit_text(font, money, row.w - th.px(70)), (row.x + th.px(26), y), theme.INK_SOFT
    )
    y += font.get_linesize()
    if y + font.get_linesize() <= row.bottom + th.px(4):
        bank = _("bank {before} → {after}").format(before=s.bank_after - total, after=s.bank_after)
        draw.text(surface, th.font(13, "bold"), bank, (row.x + th.px(26), y), theme.INK)


def draw_deposit(
    surface: pygame.Surface, where: RainbowsLayout, th: Theme, state: RainbowsState, look: Look, amount: int
) -> None:
    """The deposit box at the sheet's foot: whose bank is open, the slider at `amount`, and its button."""
    seat, gold = depositor(state)
    box = where.deposit_box
    slider = where.slider_rect
    pygame.draw.rect(surface, (255, 250, 236), box, border_radius=th.px(10))
    pygame.draw.rect(surface, theme.ACCENT, box, width=2, border_radius=th.px(10))
    font = th.font(13, "bold")
    label = _("{name}: the bank is open. Deposit:").format(name=seat_name(look, seat))
    draw.text(
        surface,
        font,
        draw.fit_text(font, label, box.w - th.px(16)),
        (box.x + th.px(10), box.y + th.px(4)),
    )
    pygame.draw.rect(surface, (210, 200, 180), slider, border_radius=th.px(3))
    frac = amount / gold if gold else 0.0
    knob_x = slider.x + round(slider.w * frac)
    filled = pygame.Rect(slider.x, slider.y, knob_x - slider.x, slider.h)
    pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=th.px(3))
    pygame.draw.circle(surface, theme.ACCENT_DARK, (knob_x, slider.centery), th.px(9))
    draw.text(
        surface,
        font,
        f"{amount} / {gold}",
        (slider.right + th.px(12), slider.centery),
        theme.INK,
        "midleft",
    )
    pygame.draw.rect(surface, theme.ACCENT, where.deposit_button, border_radius=th.px(8))
    draw.text(
        surface,
        font,
        _("Deposit {n}").format(n=amount),
        where.deposit_button.center,
        (255, 255, 255),
        "center",
    )
