"""One row per seat right of the board: the seat's marker and name (the clover beside the one with
priority), gold, bank and markers left, a live projection of the day's score, and its kept cards laid out
1–10 with money runs underlined; the acting seat outlined, its row glowing as a target for the card in
hand."""

from __future__ import annotations

import re

import pygame

from rainbowtable.games.rainbows.model import Phase, RainbowsState
from rainbowtable.games.rainbows.rules import markers_left, projection
from rainbowtable.games.rainbows.scoring import money_runs
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.rainbows import art
from rainbowtable.ui.games.rainbows.art import draw_clover, tint
from rainbowtable.ui.games.rainbows.cardfaces import draw_marker, rgb_of
from rainbowtable.ui.games.rainbows.layout import RainbowsLayout
from rainbowtable.ui.games.rainbows.taking import taker
from rainbowtable.ui.games.rainbows.targets import KEEP, glow
from rainbowtable.ui.glyphs import contrast_ink
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import Look
from rainbowtable.ui.theme import Theme


def seat_name(look: Look, seat: int) -> str:
    names = look.seat_names
    return names[seat] if seat < len(names) else f"P{seat + 1}"


def draw_seat(
    surface: pygame.Surface,
    where: RainbowsLayout,
    th: Theme,
    state: RainbowsState,
    look: Look,
    seat: int,
) -> None:
    """The row of `seat`, outlined while it takes a card or deposits."""
    r = where.seat_rect(seat, state.seat_count)
    acting = taker(state) == seat or (state.phase is Phase.DEPOSIT and state.deposit_order[:1] == (seat,))
    draw.card(surface, r, radius=th.px(10), lift=th.px(2))
    if acting:
        pygame.draw.rect(surface, theme.ACCENT, r, width=max(2, th.px(3)), border_radius=th.px(10))
    _draw_words(surface, where, th, state, look, seat, r)
    _draw_kept(surface, where, th, state, look, seat)
    if acting and (KEEP in look.highlights or look.refused_target == KEEP):
        strip = where.keep_strip(seat, state.seat_count).inflate(th.px(8), th.px(8))
        if KEEP in look.highlights:
            glow(surface, strip, th, strong=look.hover_target == KEEP)
        if look.refused_target == KEEP:
            pygame.draw.rect(surface, theme.BAD, strip, width=th.px(3), border_radius=th.px(6))


def _draw_words(
    surface: pygame.Surface,
    where: RainbowsLayout,
    th: Theme,
    state: RainbowsState,
    look: Look,
    seat: int,
    r: pygame.Rect,
) -> None:
    """The left of the row: marker, name, gold, bank and markers left, and the day's projected score."""
    player = state.players[seat]
    # A short row (five seats in the replay's smaller board) takes a smaller name and less margin, and a
    # narrow one (large text) a smaller name before it is cut: "Ada (com…" beside empty room reads badly.
    name = seat_name(look, seat)
    left, right = r.x + th.px(8), r.x + where.info_w(r) - th.px(6)
    clover = state.priority == seat and state.phase in (Phase.TAKE, Phase.REVEAL)
    clover_w = th.px(20) if clover else 0
    # One size for every row, the widest name's, with room for the clover whether or not the seat has it
    # now: a name keeps its size as priority passes and the rows read alike.
    widest = max(
        (seat_name(look, other) for other in range(state.seat_count)),
        key=lambda other: th.font(15, "bold").size(other)[0],
    )
    name_font = th.font(15, "bold")
    for size in (15, 14, 13, 12, 11):
        name_font = th.font(size, "bold")
        token_r = min(th.px(10), name_font.get_linesize() // 2)
        fits = name_font.size(widest)[0] <= right - (left + 2 * token_r + th.px(6)) - th.px(20)
        if name_font.get_linesize() <= r.h - th.px(6) and fits:
            break
    margin = min(th.px(6), (r.h - name_font.get_linesize()) // 2)
    info = pygame.Rect(left, r.y + margin, right - left, r.h - 2 * margin)
    token_r = min(th.px(10), name_font.get_linesize() // 2)
    draw_marker(surface, seat, (info.x + token_r, info.y + token_r), token_r, look.glyphs)
    name_x = info.x + 2 * token_r + th.px(6)
    if clover:  # on the name's line, no taller than it: the lines under the name keep their place
        size = min(th.px(20), name_font.get_linesize())
        draw_clover(surface, (info.right - th.px(9), info.y + size / 2), size)
    draw.text(
        surface,
        name_font,
        draw.fit_text(name_font, name, info.right - name_x - clover_w, may_cut=True),
        (name_x, info.y),
    )
    # Under the name, and clear of the marker's circle.
    y = max(info.y + name_font.get_linesize() + th.px(1), info.y + 2 * token_r + th.px(3))
    gold_line = _("gold {gold} · bank {bank} · markers {left}").format(
        gold=player.gold, bank=player.bank, left=markers_left(state, seat)
    )
    board, money = projection(state, seat)
    worth = _("today: rainbows {board:+d}, money {money:+d}").format(board=board, money=money)
    # Both lines whole, never cut, as large as the row allows: a row with room below (large text in a
    # narrow window) wraps a line at 13 or 12 rather than shrink it to 10. The size is chosen for wide
    # figures, so every row of the table takes the same one.
    text_size, wrapped = _line_choice(th, info.w, r.bottom - th.px(4) - y)
    line_font = th.font(text_size)
    rows = [
        (part, colour)
        for line, colour in ((gold_line, theme.INK), (worth, theme.INK_SOFT))
        for part in (_wrap_between_parts(line_font, line, info.w) if wrapped else [line])
    ]
    for part, colour in rows:
        if y + line_font.get_linesize() > r.bottom:
            break
        draw.text(surface, line_font, part, (info.x, y), colour)
        y += line_font.get_linesize()


def _draw_kept(
    surface: pygame.Surface, where: RainbowsLayout, th: Theme, state: RainbowsState, look: Look, seat: int
) -> None:
    """The kept cards in slots 1..10 (empty slots pale), with money runs underlined in gold."""
    count = state.seat_count
    kept = {c.number: c for c in state.players[seat].kept}
    first = where.kept_slot(seat, count, 1)
    # As the slot is wide, and no taller than a short row's slot (the number stays inside its card).
    number_font = th.font(min(max(9.0, first.w / th.scale * 0.5), max(7.0, first.h / th.scale * 0.8)), "bold")
    radius = max(2, th.px(4))
    for n in range(1, 11):
        slot = where.kept_slot(seat, count, n)
        card = kept.get(n)
        if card is not None and ("kept", seat, n) not in look.hidden:
            rgb = rgb_of(card.colour)
            pygame.draw.rect(surface, rgb, slot, border_radius=radius)
            pygame.draw.rect(surface, tint(rgb, 0.4, (0, 0, 0)), slot, width=1, border_radius=radius)
            draw.text(surface, number_font, str(n), slot.center, contrast_ink(rgb), "center")
        else:
            pygame.draw.rect(surface, (238, 232, 218), slot, border_radius=radius)
            pygame.draw.rect(surface, (214, 204, 186), slot, width=1, border_radius=radius)
            draw.text(surface, number_font, str(n), slot.center, (200, 190, 172), "center")
    for run in money_runs(kept):
        a = where.kept_slot(seat, count, run[0])
        b = where.kept_slot(seat, count, run[-1])
        bar = pygame.Rect(a.x, a.bottom + th.px(3), b.right - a.x, max(3, th.px(4)))
        pygame.draw.rect(surface, art.GOLD, bar, border_radius=th.px(2))


def _wrap_between_parts(font: pygame.font.Font, line: str, width: int) -> list[str]:
    """`line` wrapped only after its separators ("gold 0 · bank 0 ·" / "markers 6", "today: rainbows +40,"
    / "money +0"), never inside a part, which would leave a number alone on a row."""
    rows: list[str] = []
    for part in re.split(r"(?<=[·,]) ", line):
        joined = f"{rows[-1]} {part}" if rows else part
        if rows and font.size(joined)[0] <= width:
            rows[-1] = joined
        else:
            rows.append(part)
    return rows


_LINE_CHOICES = ((13, False), (12, False), (13, True), (12, True), (11, False), (11, True), (10, False))
"""The seat row's two lines, best first: (text size, whether a line may wrap)."""


def _line_choice(th: Theme, width: int, room: int) -> tuple[float, bool]:
    """The first of `_LINE_CHOICES` at which both lines, with wide figures, fit `width` and `room` pixels;
    when none does (a short row, five seats), the largest size at which they fit `width` unwrapped: the row
    draws the gold line first (the seat cards in the panel say it too) and the day's projection where there
    is room."""
    widest = (
        _("gold {gold} · bank {bank} · markers {left}").format(gold=88, bank=888, left=10),
        _("today: rainbows {board:+d}, money {money:+d}").format(board=-88, money=88),
    )
    key = (th.scale, width, room, widest)
    if key in _chosen:
        return _chosen[key]
    if len(_chosen) >= 256:  # a window dragged through many sizes
        _chosen.clear()
    unwrapped = (
        size for size in (13, 12, 11, 10) if all(th.font(size).size(line)[0] <= width for line in widest)
    )
    choice: tuple[float, bool] = (next(unwrapped, 10), False)
    for size, wrapped in _LINE_CHOICES:
        font = th.font(size)
        rows = [
            part
            for line in widest
            for part in (_wrap_between_parts(font, line, width) if wrapped else [line])
        ]
        if all(font.size(part)[0] <= width for part in rows) and len(rows) * font.get_linesize() <= room:
            choice = (size, wrapped)
            break
    _chosen[key] = choice
    return choice


_chosen: dict[tuple[float, int, int, tuple[str, str]], tuple[float, bool]] = {}
"""`_line_choice`'s answers (a row is drawn often, its size and language seldom change)."""
