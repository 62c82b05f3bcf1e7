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
from rainbowtable.ui.table.view import GameView, Look, TableButton
from rainbowtable.ui.widgets import seat_marks
from rainbowtable.ui.widgets.log_panel import LogPanel

STATUS_H = 74
STATUS_COMPACT_H = 62
BUTTON_ROW_H = 48


def side_width(ctx: Context) -> int:
    """The side panel's width in a window of the context's size."""
    w = ctx.size[0]
    return max(min(int(w * 0.27), ctx.px(460)), min(ctx.px(300), w // 3))


def status_text(who: ToAct, seats: Sequence[Seat], thinking_s: float | None) -> tuple[str, str]:
    """(headline, line) for the status card (`thinking_s`: how long the computer to act has thought, or
    None where nobody thinks: a replay says whose move it is)."""
    if isinstance(who, Finished):
        return _("Game over"), render(who.outcome.summary, [seat.name for seat in seats])
    if isinstance(who, Chance):
        return _(who.caption), who.what[:1].upper() + who.what[1:]
    seat = seats[who.seats[0]]
    if seat.is_computer and thinking_s is not None:
        dots = "." * (1 + int(thinking_s * 3) % 3)
        return _("{name} is thinking").format(name=seat.name) + dots, who.prompt
    return _("{name} to play").format(name=seat.name), who.prompt


def button_rows(
    ctx: Context, buttons: Sequence[TableButton], width: int, gap: int, main: int | None
) -> list[list[tuple[int, TableButton]]]:
    """The game's buttons in rows under the status, each (index, button): as many to a row as fit with
    their whole labels at an equal share of the row, in order; a button `apart` (Give up) on a row of its
    own, last, away from the moves. Button `main` wears the @primary look, whose type is larger."""
    th = ctx.theme

    def need(index: int, button: TableButton) -> int:
        font = th.font(19, "bold") if index == main else th.font(17)
        return font.size(button.label)[0] + ctx.px(28)

    ordered = [(i, b) for i, b in enumerate(buttons) if not b.apart] + [
        (i, b) for i, b in enumerate(buttons) if b.apart
    ]
    rows: list[list[tuple[int, TableButton]]] = []
    for index, button in ordered:
        row = rows[-1] if rows and not button.apart else None
        if row is not None:
            share = (width - gap * len(row)) // (len(row) + 1)
            if all(need(i, b) <= share for i, b in [*row, (index, button)]):
                row.append((index, button))
                continue
        rows.append([(index, button)])
        if button.apart:
            rows.append([])
    return [row for row in rows if row]


class SidePanel:
    def __init__(self, ctx: Context, seats: Sequence[Seat], view: GameView) -> None:
        self.ctx = ctx
        self.seats = seats
        self.view = view
        self.log = LogPanel()
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.button_row = pygame.Rect(0, 0, 0, 0)
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.compact = False
        self.buttons = False
        self.below = 0  # pixels kept free under the log (a replay's turning points)
        self.log_rows = 3  # the log keeps room for this many one-line entries (a replay's log wants more)
        self._prompt: tuple[tuple[str, int, int], pygame.font.Font | None, list[str]] = (("", 0, 0), None, [])

    def button_width(self, rect: pygame.Rect) -> int:
        """The width of the game's button rows in a panel at `rect`."""
        return rect.w - self.ctx.px(24)

    def layout(self, rect: pygame.Rect, *, buttons: int) -> None:
        """Place the panel; the status card keeps `buttons` rows for the game's buttons."""
        ctx = self.ctx
        self.rect = rect
        rows_h = ctx.px(BUTTON_ROW_H) * buttons
        # Full cards when they fit with three log entries under them; else everything a little tighter.
        full = ctx.px(STATUS_H) + self._line_h() + rows_h + len(self.seats) * ctx.px(80 + 10) + self.log_min()
        full += self.below
        self.compact = full > rect.h
        self.buttons = buttons > 0
        # The prompt under the headline has two lines: a long one wraps rather than end in "…".
        base = ctx.px(STATUS_COMPACT_H if self.compact else STATUS_H) + self._line_h()
        if self.compact and buttons:
            # Tight: the game's buttons take the prompt's line (their tips and the board say why).
            base = ctx.px(8) + ctx.theme.font(18, "bold").get_linesize() + ctx.px(10)
        status_h = base + rows_h
        self.status_rect = pygame.Rect(rect.x, rect.y, rect.w, status_h)
        self.button_row = (
            pygame.Rect(
                rect.x + ctx.px(12), rect.y + base - ctx.px(4), self.button_width(rect), rows_h - ctx.px(8)
            )
            if buttons
            else pygame.Rect(0, 0, 0, 0)
        )

    def room_below(self, log_rows: int) -> int:
        """The height left under a log of `log_rows` lines once the status card and the seat cards (at
        their least, as laid out) have theirs: what a replay's turning points may take."""
        ctx = self.ctx
        gap = ctx.px(6 if self.compact else 10)
        seat_h = self.compact_height() if self.compact else ctx.px(80)
        seats_h = len(self.seats) * (seat_h + gap)
        return self.rect.bottom - self.status_rect.bottom - gap - seats_h - self.log_height(log_rows) - gap

    def _line_h(self) -> int:
        return self.ctx.theme.font(15).get_linesize()

    def _prompt_lines(self, line: str, width: int, height: int) -> tuple[pygame.font.Font, list[str]]:
        """The prompt in two lines, or three small ones where the card has the room, smaller before it
        loses its end (a draw between five players and its reason), and its font (cached: the status is
        drawn every frame)."""
        font = self._prompt[1]
        if self._prompt[0] != (line, width, height) or font is None:
            sizes = (15, 14, 13, 12, 11)
            font, lines = draw.wrap_fitting(self.ctx.theme, sizes, line, width, 3, height=height)
            self._prompt = ((line, width, height), font, lines)
        return font, self._prompt[2]

    def log_min(self) -> int:
        """The log's height with room for `log_rows` one-line entries."""
        return self.log_height(self.log_rows)

    def log_height(self, rows: int) -> int:
        """The log's height with room for `rows` one-line entries (0: its heading alone)."""
        ctx = self.ctx
        return ctx.px(48) + rows * (ctx.theme.font(15).get_linesize() + ctx.px(2))

    def draw(
        self, surface: pygame.Surface, status: tuple[str, str], scores: Sequence[int], state: Any, look: Look
    ) -> None:
        ctx = self.ctx
        th = ctx.theme
        rect = self.rect
        compact = self.compact
        gap = ctx.px(6 if compact else 10)
        head, line = status
        card = self.status_rect
        draw.card(surface, card, radius=ctx.px(10), lift=ctx.px(3))
        # The headline is a name and a verb: it takes a smaller size before a name too long for it loses
        # its end ("Priya Ramaswamy is aan de beurt" at 150 %).
        sizes = (18, 17, 16, 15) if compact else (19, 18, 17, 16, 15)
        head_font = th.fitting_font(sizes, head, card.w - ctx.px(32), "bold")
        head_y = card.y + ctx.px(8 if compact else 12)
        draw.text(
            surface,
            head_font,
            draw.fit_text(head_font, head, card.w - ctx.px(32), may_cut=True),
            (card.x + ctx.px(16), head_y),
        )
        if line and not (compact and self.buttons):
            line_y = head_y + head_font.get_linesize() + ctx.px(4 if compact else 6)
            room = card.bottom - ctx.px(4) - line_y
            font, lines = self._prompt_lines(line, card.w - ctx.px(32), room)
            for text in lines:
                draw.text(surface, font, text, (card.x + ctx.px(16), line_y), theme.INK_SOFT)
                line_y += font.get_linesize()
        y = card.bottom + gap
        count = len(self.seats)
        if self.view.drawing.team_count(state) is not None:
            scores = ()  # the game shows the team's one count on its board, not on every seat's card
        # The log keeps room for at least `log_rows` entries; the seat cards share the rest, in a compact
        # two-line form when the full one does not fit (large text, many seats, a short window).
        bottom = rect.bottom - (self.below + gap if self.below else 0)
        available = bottom - y - self.log_min() - gap * count
        seat_h = min(ctx.px(88), available // max(1, count))
        if compact:
            seat_h = max(min(seat_h, ctx.px(64)), self.compact_height())
        for index, seat in enumerate(self.seats):
            seat_card = pygame.Rect(rect.x, y, rect.w, seat_h)
            if compact:
                self._draw_compact_seat(surface, seat_card, index, seat, scores, state, look)
            else:
                self._draw_seat(surface, seat_card, index, seat, scores, state, look)
            y = seat_card.bottom + gap
        self.log.rect = pygame.Rect(rect.x, y, rect.w, bottom - y)
        self.log.draw(surface, th)

    def compact_height(self) -> int:
        """The least a compact seat card needs: a name line and a line for the game's part."""
        ctx = self.ctx
        return ctx.px(6) + self.ctx.theme.font(15, "bold").get_linesize() + ctx.px(16)

    def _token(
        self,
        surface: pygame.Surface,
        index: int,
        seat: Seat,
        state: Any,
        centre: tuple[int, int],
        radius: int,
    ) -> tuple[int, int, int]:
        """The seat's token (the game's colour for the seat, else the table's palette); returns the colour
        for the card's ring."""
        if self.view.drawing.colours_to_come(state):
            font = self.ctx.theme.font(13, "bold")
            seat_marks.draw_blank_token(surface, font, centre, radius, self.ctx.px(1))
            return theme.PAPER_LINE
        own = [(c.rgb, c.glyph) for c in self.view.drawing.seat_colours(state, index)]
        if seat_marks.draw_own_token(surface, self.view, index, own, centre, radius):
            return seat_marks.ring_colour(own[0][0])
        seat_marks.draw_seat_token(surface, index, seat.colour, centre, radius)
        return theme.ACCENT

    def _stripe(self, surface: pygame.Surface, card: pygame.Rect, state: Any, index: int) -> None:
        """A bar down the card's left edge in the seat's colour(s)."""
        ctx = self.ctx
        own = [c.rgb for c in self.view.drawing.seat_colours(state, index)][:2]
        stripe = pygame.Rect(card.x + ctx.px(3), card.y + ctx.px(8), ctx.px(5), card.h - ctx.px(16))
        for i, rgb in enumerate(own):
            part = stripe.copy()
            if len(own) > 1:
                part.h = stripe.h // 2
                part.y = stripe.y + i * part.h
            pygame.draw.rect(surface, seat_marks.ring_colour(rgb), part, border_radius=ctx.px(2))

    def _draw_compact_seat(
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
        draw.card(surface, card, radius=ctx.px(10), lift=ctx.px(2))
        name_font = th.font(15, "bold")
        line_h = name_font.get_linesize()
        top = card.y + ctx.px(5)
        ring = self._token(surface, index, seat, state, (card.x + ctx.px(20), top + line_h // 2), ctx.px(9))
        if acting:
            pygame.draw.rect(surface, ring, card, width=max(2, ctx.px(3)), border_radius=ctx.px(10))
        self._stripe(surface, card, state, index)
        score_text = str(scores[index]) if index < len(scores) else ""
        score_font = th.font(20, "title")
        score_w = score_font.size(score_text)[0] + ctx.px(20)
        name = seat.name
        # "Computer 2 (computer)" said it twice: a name that says so already stays as it is (the word is
        # the same in both languages the table speaks).
        if seat.is_computer and "(" not in name and "computer" not in name.lower():
            name = _("{name} (computer)").format(name=name)
        name = draw.fit_text(name_font, name, card.w - ctx.px(38) - score_w, may_cut=True)
        draw.text(surface, name_font, name, (card.x + ctx.px(36), top))
        draw.text(
            surface, score_font, score_text, (card.right - ctx.px(12), top - ctx.px(2)), anchor="topright"
        )
        extra = pygame.Rect(
            card.x + ctx.px(36),
            top + line_h + ctx.px(1),
            card.w - ctx.px(48),
            card.bottom - ctx.px(4) - (top + line_h + ctx.px(1)),
        )
        caption = self.view.drawing.score_caption() if score_text else ""
        if caption and extra.h > ctx.px(10):
            # What the number counts, under it; the game's line keeps to the left of it.
            small = th.font(11)
            at = (card.right - ctx.px(12), extra.y + min(extra.h, ctx.px(24)) // 2)
            shown = draw.text(surface, small, caption, at, theme.INK_SOFT, anchor="midright")
            extra.w = max(0, shown.x - ctx.px(8) - extra.x)
        if extra.h > ctx.px(10):
            self.view.drawing.draw_seat_extra(surface, extra, state, index, look)

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
        draw.card(surface, card, radius=ctx.px(10), lift=ctx.px(3))
        ring = self._token(
            surface, index, seat, state, (card.x + ctx.px(22), card.y + ctx.px(22)), ctx.px(11)
        )
        if acting:
            pygame.draw.rect(surface, ring, card, width=max(2, ctx.px(3)), border_radius=ctx.px(10))
        self._stripe(surface, card, state, index)
        score_text = str(scores[index]) if index < len(scores) else ""
        score_font = th.font(26, "title")
        score_w = score_font.size(score_text)[0] + ctx.px(24)
        name_font = th.font(17, "bold")
        name = draw.fit_text(name_font, seat.name, card.w - ctx.px(42) - score_w, may_cut=True)
        draw.text(surface, name_font, name, (card.x + ctx.px(42), card.y + ctx.px(11)))
        kind = _("computer · {level}").format(level=_(seat.level.value)) if seat.is_computer else _("human")
        draw.text(surface, th.font(13), kind, (card.x + ctx.px(42), card.y + ctx.px(33)), theme.INK_SOFT)
        shown = draw.text(
            surface, score_font, score_text, (card.right - ctx.px(16), card.y + ctx.px(10)), anchor="topright"
        )
        caption = self.view.drawing.score_caption() if score_text else ""
        if caption:
            at = (card.right - ctx.px(16), shown.bottom)
            draw.text(surface, th.font(11), caption, at, theme.INK_SOFT, anchor="topright")
        extra = pygame.Rect(
            card.x + ctx.px(42), card.y + ctx.px(52), card.w - ctx.px(58), card.h - ctx.px(58)
        )
        if extra.h > ctx.px(12):
            self.view.drawing.draw_seat_extra(surface, extra, state, index, look)
