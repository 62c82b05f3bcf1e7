"""The play screen's side panel: a status card (whose turn, what is asked, the game's own buttons under
it), a card per seat (token, name, kind, score and the game's part of the card), and the move log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from rainbowtable.core.game import Chance, Finished, ToAct, render
from rainbowtable.core.seats import Seat
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import GameView, Look
from rainbowtable.ui.widgets import seat_marks
from rainbowtable.ui.widgets.log_panel import LogPanel

STATUS_H = 74
BUTTON_ROW_H = 48


def status_text(who: ToAct, seats: Sequence[Seat], thinking_s: float) -> tuple[str, str]:
    """(headline, line) for the status card."""
    if isinstance(who, Finished):
        return _("Game over"), render(who.outcome.summary, [seat.name for seat in seats])
    if isinstance(who, Chance):
        return _(who.caption), who.what[:1].upper() + who.what[1:]
    seat = seats[who.seats[0]]
    if seat.is_computer:
        dots = "." * (1 + int(thinking_s * 3) % 3)
        return _("{name} is thinking").format(name=seat.name) + dots, who.prompt
    return _("{name} to play").format(name=seat.name), who.prompt


class SidePanel:
    def __init__(self, ctx: Context, seats: Sequence[Seat], view: GameView) -> None:
        self.ctx = ctx
        self.seats = seats
        self.view = view
        self.log = LogPanel()
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.button_row = pygame.Rect(0, 0, 0, 0)

    def layout(self, rect: pygame.Rect, *, buttons: bool) -> None:
        """Place the panel; with `buttons`, the status card keeps a row for the game's buttons."""
        ctx = self.ctx
        self.rect = rect
        status_h = ctx.px(STATUS_H) + (ctx.px(BUTTON_ROW_H) if buttons else 0)
        self.status_rect = pygame.Rect(rect.x, rect.y, rect.w, status_h)
        self.button_row = (
            pygame.Rect(
                rect.x + ctx.px(12), rect.y + ctx.px(STATUS_H) - ctx.px(4), rect.w - ctx.px(24), ctx.px(40)
            )
            if buttons
            else pygame.Rect(0, 0, 0, 0)
        )

    def draw(
        self, surface: pygame.Surface, status: tuple[str, str], scores: Sequence[int], state: Any, look: Look
    ) -> None:
        ctx = self.ctx
        th = ctx.theme
        rect = self.rect
        gap = ctx.px(10)
        head, line = status
        card = self.status_rect
        draw.card(surface, card, radius=ctx.px(10), lift=ctx.px(3))
        draw.text(surface, th.font(19, "bold"), head, (card.x + ctx.px(16), card.y + ctx.px(12)))
        if line:
            font = th.font(15)
            text = draw.fit_text(font, line, card.w - ctx.px(32))
            draw.text(surface, font, text, (card.x + ctx.px(16), card.y + ctx.px(42)), theme.INK_SOFT)
        y = card.bottom + gap
        count = len(self.seats)
        available = rect.bottom - y - ctx.px(120)
        seat_h = max(ctx.px(56), min(ctx.px(88), (available - gap * count) // max(1, count)))
        for index, seat in enumerate(self.seats):
            seat_card = pygame.Rect(rect.x, y, rect.w, seat_h)
            self._draw_seat(surface, seat_card, index, seat, scores, state, look)
            y = seat_card.bottom + gap
        self.log.rect = pygame.Rect(rect.x, y, rect.w, rect.bottom - y)
        self.log.draw(surface, th)

    def _draw_seat(
        self,
        surface: pygame.Surface,
        card: pygame.Rect,
        index: int,
        seat: Seat,
        scores: Sequence[int],
        state: Any,
        look: Look,
    ) -> None:
        ctx = self.ctx
        th = ctx.theme
        acting = look.acting_seat == index
        # The game says what "my colour" is (Dice Box: the colour scored); else the table's seat palette.
        own = [(c.rgb, c.glyph) for c in self.view.seat_colours(state, index)]
        ring = seat_marks.ring_colour(own[0][0]) if own else theme.ACCENT
        draw.card(surface, card, radius=ctx.px(10), lift=ctx.px(3), highlight=ring if acting else None)
        if own:
            stripe = pygame.Rect(card.x + ctx.px(3), card.y + ctx.px(10), ctx.px(5), card.h - ctx.px(20))
            for i, (rgb, _glyph) in enumerate(own[:2]):
                part = stripe.copy()
                if len(own) > 1:
                    part.h = stripe.h // 2
                    part.y = stripe.y + i * part.h
                pygame.draw.rect(surface, seat_marks.ring_colour(rgb), part, border_radius=ctx.px(2))
            seat_marks.draw_colour_token(surface, own, (card.x + ctx.px(22), card.y + ctx.px(22)), ctx.px(11))
        else:
            seat_marks.draw_seat_token(
                surface, index, seat.colour, (card.x + ctx.px(22), card.y + ctx.px(22)), ctx.px(11)
            )
        score_text = str(scores[index]) if index < len(scores) else ""
        score_font = th.font(26, "title")
        score_w = score_font.size(score_text)[0] + ctx.px(24)
        name_font = th.font(17, "bold")
        name = draw.fit_text(name_font, seat.name, card.w - ctx.px(42) - score_w)
        draw.text(surface, name_font, name, (card.x + ctx.px(42), card.y + ctx.px(11)))
        kind = _("computer · {level}").format(level=_(seat.level.value)) if seat.is_computer else _("human")
        draw.text(surface, th.font(13), kind, (card.x + ctx.px(42), card.y + ctx.px(33)), theme.INK_SOFT)
        draw.text(
            surface, score_font, score_text, (card.right - ctx.px(16), card.y + ctx.px(10)), anchor="topright"
        )
        extra = pygame.Rect(
            card.x + ctx.px(42), card.y + ctx.px(52), card.w - ctx.px(58), card.h - ctx.px(58)
        )
        if extra.h > ctx.px(12):
            self.view.draw_seat_extra(surface, extra, state, index, look)
