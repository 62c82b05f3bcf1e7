"""Rainbows on the table: the face-up cards across the top (the deck on the left, showing how deep it is,
the clover and the discard pile on the right), the rainbow board below on the left, and one panel per
player on the right with gold, bank, markers left, the kept cards laid out 1–10 with money runs, and a live
projection of the day's score. The chosen rainbows are outlined on the board as they stand.

A card is taken by dragging it onto a vacant space of its colour (BUY; the cost, and any borrowing, shown in
hand) or onto your own row of kept cards (KEEP). When no card on the table is any use, a click discards one.
The end of a day plays a scoring sheet (`ScoringSheet`) that outlines each player's rainbows in turn; while
the bank is open it stays up with a deposit slider. Holds no rules: legality and reasons come from the rules.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from rainbowtable.games.rainbows.model import (
    ACTIVE_ROWS,
    COLOURS,
    COLUMNS,
    MARKERS_PER_PLAYER,
    ROWS,
    BuyCard,
    Card,
    CardRevealed,
    CloverRevealed,
    DayResult,
    Deposit,
    DiscardCard,
    KeepCard,
    Phase,
    RainbowsState,
    Space,
)
from rainbowtable.games.rainbows.rules import (
    can_buy,
    can_keep,
    markers_left,
    markers_of,
    projection,
    usable,
)
from rainbowtable.games.rainbows.scoring import board_rainbows, money_runs
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.rainbows import art, cardfaces
from rainbowtable.ui.games.rainbows.art import draw_clover, tint
from rainbowtable.ui.games.rainbows.cardfaces import (
    card_back,
    card_face,
    clover_card,
    draw_marker,
    line_rgb,
    rgb_of,
)
from rainbowtable.ui.glyphs import contrast_ink, draw_glyph
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import Animation, LegacyView, Look, SeatColour, TableButton
from rainbowtable.ui.theme import Theme

KEEP = "keep"
DISCARD = "discard"
GLOW = (255, 214, 120)
DEAL_S = 0.28
TAKE_S = 0.32
SHEET_SEAT_S = 1.3
SHEET_HOLD_S = 2.2
DEPOSIT_KEEP = 20


def seat_name(look: Look, seat: int) -> str:
    names = look.seat_names
    return names[seat] if seat < len(names) else f"P{seat + 1}"


# --- animations ----------------------------------------------------------------------------------------


class FlyCard:
    """A card moving from one rect to another (dealt from the deck: turning face up on the way)."""

    def __init__(
        self,
        card: Card | None,
        start: pygame.Rect,
        end: pygame.Rect,
        duration: float,
        hides: frozenset[Hashable],
        *,
        from_back: bool = False,
        glyphs: bool = True,
        caption: tuple[str, pygame.Rect, pygame.font.Font] | None = None,
    ) -> None:
        self.card = card
        self.start = start
        self.end = end
        self.duration = max(0.01, duration)
        self.t = 0.0
        self._hides = hides
        self.from_back = from_back
        self.glyphs = glyphs
        self.caption = caption

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def update(self, dt: float) -> None:
        self.t += dt

    def hides(self) -> frozenset[Hashable]:
        return self._hides

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        u = min(1.0, self.t / self.duration)
        e = 1 - (1 - u) ** 3
        x = self.start.x + (self.end.x - self.start.x) * e
        y = self.start.y + (self.end.y - self.start.y) * e - 40 * u * (1 - u) * (self.end.w / 60)
        w = max(4, round(self.start.w + (self.end.w - self.start.w) * e))
        h = max(4, round(self.start.h + (self.end.h - self.start.h) * e))
        # Rendered once at the starting size (cached) and scaled: a shrinking card costs one smoothscale.
        size = self.start.size
        if self.card is None:
            image = clover_card(size)
        elif self.from_back and u < 0.5:
            image = card_back(size)
        else:
            image = card_face(self.card, size, glyphs=self.glyphs)
        if (w, h) != size and not self.from_back:
            image = pygame.transform.smoothscale(image, (w, h))
        if self.from_back:
            squeeze = abs(1 - 2 * u) if u < 1 else 1.0
            sw = max(2, round(w * max(0.08, squeeze)))
            image = pygame.transform.smoothscale(image, (sw, h))
            x += (w - sw) / 2
        rect = surface.blit(image, (round(x), round(y)))
        rects = [rect]
        if self.caption is not None:
            words, where, font = self.caption
            pygame.draw.rect(surface, (250, 240, 200), where, border_radius=8)
            pygame.draw.rect(surface, art.CLOVER, where, width=2, border_radius=8)
            draw.text(
                surface, font, draw.fit_text(font, words, where.w - 16), where.center, theme.INK, "center"
            )
            rects.append(where)
        return rects


class Sequence2:
    """Two animations one after the other."""

    def __init__(self, first: Any, second: Any) -> None:
        self.first = first
        self.second = second

    @property
    def done(self) -> bool:
        return bool(self.first.done and self.second.done)

    def update(self, dt: float) -> None:
        if not self.first.done:
            self.first.update(dt)
        else:
            self.second.update(dt)

    def hides(self) -> frozenset[Hashable]:
        now = self.first if not self.first.done else self.second
        hidden: frozenset[Hashable] = now.hides()
        return hidden

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        now = self.first if not self.first.done else self.second
        rects: list[pygame.Rect] = now.draw(surface)
        return rects

    def skip(self) -> None:
        self.first.t = self.first.duration
        skip = getattr(self.second, "skip", None)
        if skip is not None:
            skip()


class ScoringSheet:
    """The end-of-day scoring: each player's rainbows outlined in turn on the day's final board, singles
    crossed (−10), money rainbows, and the bank totals. A click skips to the end."""

    def __init__(
        self, view: RainbowsView, result: DayResult, seat_count: int, look: Look, speed: float
    ) -> None:
        self.deposit = False
        self.view = view
        self.result = result
        self.seat_count = seat_count
        self.names = tuple(seat_name(look, s) for s in range(seat_count))
        self.glyphs = look.glyphs
        self.speed = max(0.05, speed)
        self.t = 0.0
        self.duration = (SHEET_SEAT_S * seat_count + SHEET_HOLD_S) / self.speed

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def update(self, dt: float) -> None:
        self.t += dt

    def skip(self) -> None:
        self.t = self.duration

    def hides(self) -> frozenset[Hashable]:
        return frozenset()

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        progress = self.t * self.speed / SHEET_SEAT_S
        rect = self.view.sheet_rect
        self.view.draw_sheet(
            surface, self.result, self.seat_count, self.names, progress, self.glyphs, self.deposit
        )
        return [rect.inflate(8, 8)]


# --- the view ---------------------------------------------------------------------------------------------


class RainbowsView(LegacyView):
    def __init__(self) -> None:
        self.theme = Theme()
        self.area = pygame.Rect(0, 0, 10, 10)
        self.cards_rect = pygame.Rect(0, 0, 10, 10)
        self.card_size = (10, 14)
        self.deck_rect = pygame.Rect(0, 0, 10, 14)
        self.slots: list[pygame.Rect] = []
        self.clover_rect = pygame.Rect(0, 0, 10, 14)
        self.discard_rect = pygame.Rect(0, 0, 10, 14)
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.board_frame = pygame.Rect(0, 0, 10, 10)
        self.space_px = 10
        self.seats_rect = pygame.Rect(0, 0, 10, 10)
        self.sheet_rect = pygame.Rect(0, 0, 10, 10)
        self.slider_rect = pygame.Rect(0, 0, 0, 0)
        self.deposit_button = pygame.Rect(0, 0, 0, 0)
        self.deposit_amount: int | None = None
        self._deposit_key: tuple[int, int] | None = None
        self._sliding = False
        self._scoring: ScoringSheet | Sequence2 | None = None
        self._grid_picture: tuple[Hashable, pygame.Surface] | None = None

    # --- layout ---------------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, th: Theme) -> None:
        super().layout(rect, th)
        self.theme = th
        self.area = rect.copy()
        pad = th.px(6)
        gap = th.px(8)
        caption_h = th.px(20)
        # The top row: deck, six slots, the clover's place and the discard pile (9 cards, 10 gaps).
        card_w = min((rect.w - 2 * pad - 11 * gap) / 9, rect.h * 0.2 / 1.4)
        card_w = max(24, int(card_w))
        card_h = round(card_w * 1.4)
        self.card_size = (card_w, card_h)
        top = rect.y + pad
        row_w = 9 * card_w + 10 * gap
        x0 = rect.x + max(pad, (rect.w - row_w) // 2)
        self.deck_rect = pygame.Rect(x0, top, card_w, card_h)
        self.slots = [
            pygame.Rect(x0 + card_w + 2 * gap + i * (card_w + gap), top, card_w, card_h) for i in range(6)
        ]
        self.clover_rect = pygame.Rect(self.slots[-1].right + 2 * gap, top, card_w, card_h)
        self.discard_rect = pygame.Rect(self.clover_rect.right + gap, top, card_w, card_h)
        self.cards_rect = pygame.Rect(rect.x, rect.y, rect.w, card_h + caption_h + 2 * pad + th.px(14))
        y0 = self.cards_rect.bottom + gap
        header = th.px(26)
        space = int(min((rect.bottom - y0 - header - 2 * pad) / ROWS, rect.w * 0.42 / COLUMNS))
        self.space_px = max(12, space)
        self.board_rect = pygame.Rect(
            rect.x + pad + th.px(10), y0 + header + pad, self.space_px * COLUMNS, self.space_px * ROWS
        )
        self.board_frame = pygame.Rect(
            self.board_rect.x - th.px(10),
            y0,
            self.board_rect.w + th.px(20),
            self.board_rect.bottom + th.px(10) - y0,
        )
        self.seats_rect = pygame.Rect(
            self.board_frame.right + gap, y0, rect.right - self.board_frame.right - gap, rect.bottom - y0
        )
        self.sheet_rect = pygame.Rect(rect.x, y0, rect.w, rect.bottom - y0)

    def space_rect(self, space: Space) -> pygame.Rect:
        return pygame.Rect(
            self.board_rect.x + (space.col - 1) * self.space_px,
            self.board_rect.y + (space.row - 1) * self.space_px,
            self.space_px,
            self.space_px,
        )

    def seat_rect(self, seat: int, count: int) -> pygame.Rect:
        gap = self.theme.px(6)
        h = min(self.theme.px(104), (self.seats_rect.h - gap * (count - 1)) // max(1, count))
        return pygame.Rect(self.seats_rect.x, self.seats_rect.y + seat * (h + gap), self.seats_rect.w, h)

    def _info_w(self, r: pygame.Rect) -> int:
        return min(self.theme.px(230), int(r.w * 0.44))

    def kept_slot(self, seat: int, count: int, number: int) -> pygame.Rect:
        r = self.seat_rect(seat, count)
        th = self.theme
        strip = pygame.Rect(
            r.x + self._info_w(r), r.y + th.px(6), r.w - self._info_w(r) - th.px(8), r.h - th.px(12)
        )
        gap = max(1, th.px(3))
        w = max(6, (strip.w - 9 * gap) // 10)
        h = min(strip.h - th.px(12), round(w * 1.45))
        return pygame.Rect(strip.x + (number - 1) * (w + gap), strip.y + th.px(2), w, max(8, h))

    # --- what a card can do, for the taker -------------------------------------------------------------
    def _taker(self, state: RainbowsState) -> int | None:
        return state.draft_order[0] if state.phase is Phase.TAKE and state.draft_order else None

    def card_note(self, state: RainbowsState, card: Card) -> tuple[str, bool]:
        """(a few words under a face-up card for the taker, whether it may be taken now)."""
        seat = self._taker(state)
        if seat is None:
            return "", True
        any_usable = any(usable(state, seat, c) for c in state.offer)
        if not any_usable:
            return _("click to discard"), True
        buy, keep = can_buy(state, seat, card), can_keep(state, seat, card)
        if buy and keep:
            return _("buy or keep"), True
        if buy:
            return _("buy only"), True
        if keep:
            return _("keep only"), True
        return _("no use now"), False

    def _why_greyed(self, state: RainbowsState, card: Card) -> str:
        seat = self._taker(state)
        if seat is None:
            return ""
        player = state.players[seat]
        parts = [_("you already keep a {n}").format(n=card.number)]
        if markers_left(state, seat) == 0:
            parts.append(_("you have no marker left"))
        elif not any(
            state.board[(r - 1) * COLUMNS + card.colour.column - 1] is None
            for r in range(1, ACTIVE_ROWS[state.seat_count] + 1)
        ):
            parts.append(_("the {colour} column is full").format(colour=_(card.colour.value)))
        else:
            parts.append(_("you cannot pay {n} (you have {gold})").format(n=card.number, gold=player.gold))
        return _("You cannot use this card: {why}. Take a card you can use.").format(
            why=_(" and ").join(parts)
        )

    # --- drawing --------------------------------------------------------------------------------------------
    def draw_static(self, surface: pygame.Surface) -> None:
        th = self.theme
        self._grid_picture = None  # a new static picture under the board
        draw.card(surface, self.board_frame, fill=(248, 244, 232), radius=th.px(12), lift=th.px(4))
        for rect in (self.deck_rect, self.clover_rect, self.discard_rect, *self.slots):
            pygame.draw.rect(surface, (34, 72, 74), rect, border_radius=th.px(8))
            pygame.draw.rect(surface, (62, 104, 104), rect, width=1, border_radius=th.px(8))
        small = th.font(12, "bold")
        for rect, label in ((self.clover_rect, _("clover")), (self.discard_rect, _("discard"))):
            draw.text(surface, small, label, rect.center, theme.ON_FELT_SOFT, "center")

    def draw(self, surface: pygame.Surface, state: Any, look: Look) -> None:
        assert isinstance(state, RainbowsState)
        clip = surface.get_clip()
        if clip.colliderect(self.cards_rect):
            self._draw_cards(surface, state, look)
        if state.phase is Phase.DEPOSIT and state.results:
            if clip.colliderect(self.sheet_rect):
                names = tuple(seat_name(look, s) for s in range(state.seat_count))
                self.draw_sheet(
                    surface, state.results[-1], state.seat_count, names, 99.0, look.glyphs, deposit=True
                )
                self._draw_deposit(surface, state, look)
            return
        if clip.colliderect(self.board_frame):
            self._draw_board(surface, state, look)
        if clip.colliderect(self.seats_rect):
            for seat in range(state.seat_count):
                r = self.seat_rect(seat, state.seat_count)
                if clip.colliderect(r):
                    self._draw_seat(surface, state, look, seat, r)

    def _caption_h(self) -> int:
        return self.theme.px(20)

    def card_row_parts(self, state: RainbowsState, look: Look) -> dict[str, tuple[pygame.Rect, Hashable]]:
        """One part per thing in the top row, so a card dealt or taken redraws only its own slot."""
        th = self.theme
        gap = th.px(8)
        cap = self._caption_h()
        up = th.px(12)

        def around(rect: pygame.Rect) -> pygame.Rect:
            return pygame.Rect(rect.x - gap // 2, rect.y - up, rect.w + gap, rect.h + up + cap)

        left = len(state.undrawn) + (0 if state.clover_drawn else 1)
        parts: dict[str, tuple[pygame.Rect, Hashable]] = {
            "deck": (around(self.deck_rect), ("deck", left)),
            "clover": (
                around(self.clover_rect),
                (state.clover_drawn, "clover" in look.hidden, state.phase in (Phase.TAKE, Phase.REVEAL)),
            ),
            "discard": (
                around(self.discard_rect),
                (
                    state.discard[-1:],
                    len(state.discard),
                    DISCARD in look.highlights,
                    look.hover_target == DISCARD,
                    look.glyphs,
                ),
            ),
            "round": (self._round_rect(), (state.day, state.options.days, state.round_no)),
        }
        notes = self._notes(state)
        for i, slot in enumerate(self.slots):
            card = state.offer[i] if i < len(state.offer) else None
            key: Hashable = ("empty", i)  # never None: the still layer reads None as never drawn
            if card is not None:
                key = (
                    card,
                    notes[i],
                    card in look.hidden,
                    card == look.dragging,
                    card == look.selected,
                    look.glyphs,
                )
            parts[f"slot{i}"] = (around(slot), key)
        return parts

    def _round_rect(self) -> pygame.Rect:
        th = self.theme
        return pygame.Rect(
            self.area.right - th.px(320), self.cards_rect.bottom - th.px(20), th.px(312), th.px(20)
        )

    def _notes(self, state: RainbowsState) -> list[tuple[str, bool]]:
        return [self.card_note(state, card) for card in state.offer[:6]]

    def _draw_cards(self, surface: pygame.Surface, state: RainbowsState, look: Look) -> None:
        th = self.theme
        clip = surface.get_clip()
        small = th.font(13, "bold")
        note_font = th.font(12)
        gap = th.px(8)
        # The deck: a stack whose height shows how many cards are left.
        if clip.colliderect(self.deck_rect.inflate(gap, th.px(24))):
            left = len(state.undrawn) + (0 if state.clover_drawn else 1)
            depth = min(8, (left + 7) // 8)
            back = card_back(self.card_size)
            for k in range(depth):
                surface.blit(back, self.deck_rect.move(depth // 2 - k // 2, -k))
            if left == 0:
                draw.text(surface, small, _("empty"), self.deck_rect.center, theme.ON_FELT_SOFT, "center")
            deck_note = _("{n} cards").format(n=left) if left != 1 else _("1 card")
            draw.text(
                surface,
                note_font,
                deck_note,
                (self.deck_rect.centerx, self.deck_rect.bottom + th.px(4)),
                theme.ON_FELT,
                "midtop",
            )
        # The face-up cards.
        notes = self._notes(state)
        for i, card in enumerate(state.offer[:6]):
            slot = self.slots[i]
            if card in look.hidden or not clip.colliderect(slot.inflate(gap, th.px(40))):
                continue
            note, ok = notes[i]
            if card == look.dragging:
                pygame.draw.rect(surface, (60, 110, 108), slot, width=2, border_radius=th.px(8))
            else:
                lift = -th.px(8) if card == look.selected else 0
                surface.blit(
                    card_face(card, self.card_size, dim=not ok, glyphs=look.glyphs), slot.move(0, lift)
                )
                if card == look.selected:
                    pygame.draw.rect(
                        surface, GLOW, slot.move(0, lift).inflate(4, 4), width=3, border_radius=th.px(9)
                    )
            if note:
                colour = theme.ON_FELT if ok else (214, 150, 140)
                draw.text(
                    surface,
                    th.fitting_font((12, 11, 10, 9), note, slot.w + gap - 2),
                    note,
                    (slot.centerx, slot.bottom + th.px(4)),
                    colour,
                    "midtop",
                )
        # The clover: it ends the day at the end of this round.
        if (
            state.clover_drawn
            and "clover" not in look.hidden
            and clip.colliderect(self.clover_rect.inflate(gap, th.px(40)))
        ):
            surface.blit(clover_card(self.card_size), self.clover_rect)
            if state.phase in (Phase.TAKE, Phase.REVEAL):
                draw.text(
                    surface,
                    note_font,
                    draw.fit_text(note_font, _("last round!"), self.clover_rect.w + gap - 2),
                    (self.clover_rect.centerx, self.clover_rect.bottom + th.px(4)),
                    (250, 220, 120),
                    "midtop",
                )
        if state.discard and clip.colliderect(self.discard_rect.inflate(gap, th.px(40))):
            face = card_face(state.discard[-1], self.card_size, glyphs=look.glyphs)
            for k in range(min(4, len(state.discard))):
                surface.blit(face, self.discard_rect.move(k, -k))
            discarded = _("{n} discarded").format(n=len(state.discard))
            draw.text(
                surface,
                th.fitting_font((12, 11, 10, 9), discarded, self.discard_rect.w + gap - 2),
                discarded,
                (self.discard_rect.centerx, self.discard_rect.bottom + th.px(4)),
                theme.ON_FELT_SOFT,
                "midtop",
            )
        if DISCARD in look.highlights:
            self._glow(surface, self.discard_rect, strong=look.hover_target == DISCARD)
        if clip.colliderect(self._round_rect()):
            line = _("Day {day} of {days} · round {round}").format(
                day=state.day, days=state.options.days, round=state.round_no
            )
            draw.text(
                surface,
                small,
                line,
                (self._round_rect().right, self._round_rect().bottom - th.px(2)),
                theme.ON_FELT_SOFT,
                "bottomright",
            )

    def _glow(self, surface: pygame.Surface, rect: pygame.Rect, *, strong: bool) -> None:
        th = self.theme
        glow = pygame.Surface(rect.size, pygame.SRCALPHA)
        inner = glow.get_rect().inflate(-th.px(2), -th.px(2))
        pygame.draw.rect(glow, (*GLOW, 150 if strong else 70), inner, border_radius=th.px(8))
        pygame.draw.rect(glow, (*GLOW, 255), inner, width=th.px(3), border_radius=th.px(8))
        surface.blit(glow, rect)

    def _draw_board_grid_once(self, surface: pygame.Surface, seat_count: int, glyphs: bool) -> None:
        """The empty board over the static picture, drawn once and then copied: its hatched rows, headers
        and glyphs were most of the time of every redraw of the board (each card bought or shown landing),
        and they change only with the seat count. The copy is the same pixels: it is taken from the board
        as drawn, over the static picture (the play screen redraws a part from that picture)."""
        frame = self.board_frame
        whole = surface.get_clip().contains(frame) and surface.get_rect().contains(frame)
        key = (seat_count, glyphs, tuple(frame), surface.get_size(), id(surface))
        cached = self._grid_picture
        if cached is not None and cached[0] == key:
            surface.blit(cached[1], frame)  # within the clip, as drawing would be
            return
        self._draw_board_grid(surface, seat_count, glyphs)
        if whole:
            self._grid_picture = (key, surface.subsurface(frame).copy())

    def _draw_board_grid(self, surface: pygame.Surface, seat_count: int, glyphs: bool) -> None:
        th = self.theme
        rows = ACTIVE_ROWS[seat_count]
        header_font = th.font(12, "bold")
        for c, colour in enumerate(COLOURS, start=1):
            rgb = rgb_of(colour)
            col_rect = pygame.Rect(
                self.board_rect.x + (c - 1) * self.space_px,
                self.board_frame.y + th.px(4),
                self.space_px,
                self.board_rect.y - self.board_frame.y - th.px(6),
            )
            pygame.draw.rect(surface, rgb, col_rect.inflate(-th.px(4), 0), border_radius=th.px(6))
            g = min(col_rect.h - th.px(6), th.px(16))
            if glyphs:
                draw_glyph(
                    surface,
                    c - 1,
                    (col_rect.x + th.px(5), col_rect.centery - g // 2, g, g),
                    contrast_ink(rgb),
                )
            draw.text(
                surface,
                header_font,
                colour.letter,
                (col_rect.right - th.px(6), col_rect.centery),
                contrast_ink(rgb),
                "midright",
            )
            for r in range(1, ROWS + 1):
                cell = self.space_rect(Space(r, c)).inflate(-th.px(3), -th.px(3))
                if r <= rows:
                    pygame.draw.rect(surface, tint(rgb, 0.55), cell, border_radius=th.px(6))
                    pygame.draw.rect(surface, tint(rgb, 0.2), cell, width=1, border_radius=th.px(6))
                else:
                    pygame.draw.rect(surface, (206, 202, 194), cell, border_radius=th.px(6))
                    step = max(4, th.px(7))
                    for k in range(-cell.h, cell.w, step):
                        a = (cell.x + max(0, k), cell.y + max(0, -k))
                        b = (
                            cell.x + min(cell.w, k + cell.h),
                            cell.y + min(cell.h, cell.h - (k + cell.h - cell.w))
                            if k + cell.h > cell.w
                            else cell.bottom,
                        )
                        pygame.draw.line(surface, (190, 186, 178), a, b, 1)

    def _chain_lines(
        self, surface: pygame.Surface, chains: Sequence[tuple[Sequence[Space], int]], width: int
    ) -> None:
        for chain, seat in chains:
            points = [self.space_rect(s).center for s in chain]
            rgb = line_rgb(seat)
            pygame.draw.lines(surface, (40, 36, 30), False, points, width + 4)
            pygame.draw.lines(surface, rgb, False, points, width)

    def _draw_board(self, surface: pygame.Surface, state: RainbowsState, look: Look) -> None:
        th = self.theme
        self._draw_board_grid_once(surface, state.seat_count, look.glyphs)
        chains: list[tuple[Sequence[Space], int]] = []
        for seat in range(state.seat_count):
            mine = [s for s in markers_of(state, seat) if s not in look.hidden]
            chains.extend((chain, seat) for chain in board_rainbows(mine)[1])
        self._chain_lines(surface, chains, max(3, th.px(5)))
        radius = int(self.space_px * 0.34)
        for index, owner in enumerate(state.board):
            if owner is None:
                continue
            space = Space(index // COLUMNS + 1, index % COLUMNS + 1)
            if space in look.hidden:
                continue
            draw_marker(surface, owner, self.space_rect(space).center, radius, look.glyphs)
        last = {a.space: seat for seat, a in look.last_actions if isinstance(a, BuyCard)}
        for space, seat in last.items():
            if state.board[(space.row - 1) * COLUMNS + space.col - 1] == seat:
                pygame.draw.rect(
                    surface,
                    line_rgb(seat),
                    self.space_rect(space).inflate(-th.px(2), -th.px(2)),
                    width=max(2, th.px(2)),
                    border_radius=th.px(7),
                )
        if isinstance(look.marked, BuyCard):
            pygame.draw.rect(
                surface, GLOW, self.space_rect(look.marked.space), width=th.px(4), border_radius=th.px(7)
            )
        clip = surface.get_clip()
        for target in look.highlights:
            if isinstance(target, Space) and clip.colliderect(self.space_rect(target)):
                self._glow(surface, self.space_rect(target), strong=target == look.hover_target)
        if isinstance(look.refused_target, Space):
            pygame.draw.rect(
                surface,
                theme.BAD,
                self.space_rect(look.refused_target).inflate(-th.px(2), -th.px(2)),
                width=th.px(4),
                border_radius=th.px(7),
            )

    def _draw_seat(
        self, surface: pygame.Surface, state: RainbowsState, look: Look, seat: int, r: pygame.Rect
    ) -> None:
        th = self.theme
        player = state.players[seat]
        acting = self._taker(state) == seat or (
            state.phase is Phase.DEPOSIT and state.deposit_order[:1] == (seat,)
        )
        draw.card(surface, r, radius=th.px(10), lift=th.px(2))
        if acting:
            pygame.draw.rect(surface, theme.ACCENT, r, width=max(2, th.px(3)), border_radius=th.px(10))
        info = pygame.Rect(r.x + th.px(8), r.y + th.px(6), self._info_w(r) - th.px(14), r.h - th.px(12))
        token_r = th.px(10)
        draw_marker(surface, seat, (info.x + token_r, info.y + token_r), token_r, look.glyphs)
        name_font = th.font(15, "bold")
        name_x = info.x + 2 * token_r + th.px(6)
        name = seat_name(look, seat)
        if state.priority == seat and state.phase in (Phase.TAKE, Phase.REVEAL):
            draw_clover(surface, (info.right - th.px(9), info.y + th.px(10)), th.px(20))
        draw.text(
            surface,
            name_font,
            draw.fit_text(name_font, name, info.right - name_x - th.px(20), may_cut=True),
            (name_x, info.y),
        )
        line_font = th.font(13)
        y = info.y + name_font.get_linesize() + th.px(1)
        gold_line = _("gold {gold} · bank {bank} · markers {left}").format(
            gold=player.gold, bank=player.bank, left=markers_left(state, seat)
        )
        board, money = projection(state, seat)
        worth = _("today: rainbows {board:+d}, money {money:+d}").format(board=board, money=money)
        # Both lines whole: a smaller size where the card is narrow (large text), never cut.
        longer = max(gold_line, worth, key=lambda text: line_font.size(text)[0])
        line_font = th.fitting_font((13, 12, 11, 10), longer, info.w)
        draw.text(surface, line_font, gold_line, (info.x, y), theme.INK)
        y += line_font.get_linesize()
        if y + line_font.get_linesize() <= r.bottom:
            draw.text(surface, line_font, worth, (info.x, y), theme.INK_SOFT)
        # Kept cards, 1..10, with money runs underlined.
        kept = {c.number: c for c in player.kept}
        number_font = th.font(max(9.0, self.kept_slot(seat, state.seat_count, 1).w / th.scale * 0.5), "bold")
        for n in range(1, 11):
            slot = self.kept_slot(seat, state.seat_count, n)
            card = kept.get(n)
            if card is not None and ("kept", seat, n) not in look.hidden:
                rgb = rgb_of(card.colour)
                pygame.draw.rect(surface, rgb, slot, border_radius=max(2, th.px(4)))
                pygame.draw.rect(
                    surface, tint(rgb, 0.4, (0, 0, 0)), slot, width=1, border_radius=max(2, th.px(4))
                )
                draw.text(surface, number_font, str(n), slot.center, contrast_ink(rgb), "center")
            else:
                pygame.draw.rect(surface, (238, 232, 218), slot, border_radius=max(2, th.px(4)))
                pygame.draw.rect(surface, (214, 204, 186), slot, width=1, border_radius=max(2, th.px(4)))
                draw.text(surface, number_font, str(n), slot.center, (200, 190, 172), "center")
        for run in money_runs(kept):
            a = self.kept_slot(seat, state.seat_count, run[0])
            b = self.kept_slot(seat, state.seat_count, run[-1])
            bar = pygame.Rect(a.x, a.bottom + th.px(3), b.right - a.x, max(3, th.px(4)))
            pygame.draw.rect(surface, art.GOLD, bar, border_radius=th.px(2))
        if KEEP in look.highlights and acting:
            strip = (
                self.kept_slot(seat, state.seat_count, 1)
                .union(self.kept_slot(seat, state.seat_count, 10))
                .inflate(th.px(8), th.px(8))
            )
            self._glow(surface, strip, strong=look.hover_target == KEEP)
        if look.refused_target == KEEP and acting:
            strip = (
                self.kept_slot(seat, state.seat_count, 1)
                .union(self.kept_slot(seat, state.seat_count, 10))
                .inflate(th.px(8), th.px(8))
            )
            pygame.draw.rect(surface, theme.BAD, strip, width=th.px(3), border_radius=th.px(6))

    # --- the scoring sheet and deposits ---------------------------------------------------------------------
    def draw_sheet(
        self,
        surface: pygame.Surface,
        result: DayResult,
        seat_count: int,
        names: Sequence[str],
        progress: float,
        glyphs: bool,
        deposit: bool = False,
    ) -> None:
        """The day's scoring over the board and panels; `progress` counts seats shown (fractions animate);
        `deposit` keeps room under the table of scores for the deposit slider."""
        th = self.theme
        sheet = self.sheet_rect
        draw.card(surface, sheet, fill=(250, 246, 234), radius=th.px(14), lift=th.px(5))
        title_font = th.font(20, "title")
        draw.text(
            surface,
            title_font,
            _("End of day {day}: scoring").format(day=result.day),
            (self.seats_rect.x, sheet.y + th.px(10)),
        )
        # The day's final board, from the results (every marker is in a rainbow or single).
        self._draw_board_grid(surface, seat_count, glyphs)
        shown = int(progress)
        chains: list[tuple[Sequence[Space], int]] = []
        for seat, s in enumerate(result.seats):
            if seat < shown or (seat == shown and progress - shown > 0.25):
                chains.extend((chain, seat) for chain in s.rainbows)
        self._chain_lines(surface, chains, max(4, th.px(6)))
        radius = int(self.space_px * 0.34)
        cross = max(2, th.px(3))
        for seat, s in enumerate(result.seats):
            for chain in s.rainbows:
                for space in chain:
                    draw_marker(surface, seat, self.space_rect(space).center, radius, glyphs)
            for space in s.singles:
                centre = self.space_rect(space).center
                draw_marker(surface, seat, centre, radius, glyphs)
                if seat < shown:
                    d = radius
                    pygame.draw.line(
                        surface,
                        theme.BAD,
                        (centre[0] - d, centre[1] - d),
                        (centre[0] + d, centre[1] + d),
                        cross,
                    )
                    pygame.draw.line(
                        surface,
                        theme.BAD,
                        (centre[0] - d, centre[1] + d),
                        (centre[0] + d, centre[1] - d),
                        cross,
                    )
        # The table of scores.
        reserve = th.px(64) if deposit else 0
        table = pygame.Rect(
            self.seats_rect.x,
            sheet.y + th.px(44),
            self.seats_rect.w - th.px(8),
            sheet.h - th.px(52) - reserve,
        )
        row_h = min(th.px(92), table.h // max(1, seat_count))
        name_font = th.font(15, "bold")
        font = th.font(13)
        big = th.font(20, "title")
        for seat, s in enumerate(result.seats):
            row = pygame.Rect(table.x, table.y + seat * row_h, table.w, row_h - th.px(4))
            if seat > shown:
                continue
            alpha_note = seat == shown and progress - shown < 0.25
            if alpha_note:
                continue
            draw_marker(surface, seat, (row.x + th.px(10), row.y + th.px(10)), th.px(9), glyphs)
            draw.text(
                surface,
                name_font,
                draw.fit_text(name_font, names[seat], row.w // 2, may_cut=True),
                (row.x + th.px(26), row.y),
            )
            total = s.board + s.money
            draw.text(
                surface,
                big,
                f"{total:+d}",
                (row.right - th.px(8), row.y - th.px(2)),
                theme.GOOD if total >= 0 else theme.BAD,
                "topright",
            )
            y = row.y + name_font.get_linesize()
            sizes = ", ".join(str(len(c)) for c in s.rainbows)
            rb = sum({2: 20, 3: 40, 4: 60, 5: 80, 6: 100}[len(c)] for c in s.rainbows)
            parts = []
            if s.rainbows:
                parts.append(_("rainbows of {sizes}: +{gold}").format(sizes=sizes, gold=rb))
            if s.singles:
                parts.append(
                    _("1 single × −10")
                    if len(s.singles) == 1
                    else _("{n} singles × −10").format(n=len(s.singles))
                )
            if not parts:
                parts.append(_("no markers"))
            draw.text(
                surface,
                font,
                draw.fit_text(font, "  ·  ".join(parts), row.w - th.px(70)),
                (row.x + th.px(26), y),
                theme.INK,
            )
            y += font.get_linesize()
            runs = "  ".join("–".join((str(r[0]), str(r[-1]))) for r in s.runs)
            money = (
                _("money rainbows {runs}: +{gold}").format(runs=runs, gold=s.money)
                if s.runs
                else _("no money rainbow")
            )
            draw.text(
                surface,
                font,
                draw.fit_text(font, money, row.w - th.px(70)),
                (row.x + th.px(26), y),
                theme.INK_SOFT,
            )
            y += font.get_linesize()
            if y + font.get_linesize() <= row.bottom + th.px(4):
                bank = _("bank {before} → {after}").format(before=s.bank_after - total, after=s.bank_after)
                draw.text(surface, th.font(13, "bold"), bank, (row.x + th.px(26), y), theme.INK)

    def _deposit_range(self, state: RainbowsState) -> tuple[int, int]:
        seat = state.deposit_order[0]
        return seat, state.players[seat].gold

    def _draw_deposit(self, surface: pygame.Surface, state: RainbowsState, look: Look) -> None:
        th = self.theme
        seat, gold = self._deposit_range(state)
        amount = self._amount(state)
        box = pygame.Rect(
            self.seats_rect.x,
            self.sheet_rect.bottom - th.px(60),
            self.seats_rect.w - th.px(12),
            th.px(50),
        )
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
        self.deposit_button = pygame.Rect(box.right - th.px(120), box.y + th.px(20), th.px(110), th.px(24))
        self.slider_rect = pygame.Rect(
            box.x + th.px(14), box.y + th.px(30), self.deposit_button.x - box.x - th.px(80), th.px(6)
        )
        pygame.draw.rect(surface, (210, 200, 180), self.slider_rect, border_radius=th.px(3))
        frac = amount / gold if gold else 0.0
        knob_x = self.slider_rect.x + round(self.slider_rect.w * frac)
        filled = pygame.Rect(
            self.slider_rect.x, self.slider_rect.y, knob_x - self.slider_rect.x, self.slider_rect.h
        )
        pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=th.px(3))
        pygame.draw.circle(surface, theme.ACCENT_DARK, (knob_x, self.slider_rect.centery), th.px(9))
        draw.text(
            surface,
            font,
            f"{amount} / {gold}",
            (self.slider_rect.right + th.px(12), self.slider_rect.centery),
            theme.INK,
            "midleft",
        )
        pygame.draw.rect(surface, theme.ACCENT, self.deposit_button, border_radius=th.px(8))
        draw.text(
            surface,
            font,
            _("Deposit {n}").format(n=amount),
            self.deposit_button.center,
            (255, 255, 255),
            "center",
        )

    def _amount(self, state: RainbowsState) -> int:
        seat, gold = self._deposit_range(state)
        key = (seat, gold)
        if self._deposit_key != key or self.deposit_amount is None:
            self._deposit_key = key
            self.deposit_amount = max(0, gold - DEPOSIT_KEEP)
        return max(0, min(gold, self.deposit_amount))

    def handle_event(self, event: Any, state: Any) -> bool:
        if self._scoring is not None and not self._scoring.done and event.type == pygame.MOUSEBUTTONDOWN:
            skip = getattr(self._scoring, "skip", None)
            if skip is not None:
                skip()
            return True
        if not isinstance(state, RainbowsState) or state.phase is not Phase.DEPOSIT:
            self._sliding = False
            return False
        grab = self.slider_rect.inflate(self.theme.px(16), self.theme.px(24))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and grab.collidepoint(event.pos):
            self._sliding = True
            self._slide(state, event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self._sliding:
            self._slide(state, event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._sliding:
            self._sliding = False
            return True
        return False

    def _slide(self, state: RainbowsState, x: int) -> None:
        _seat, gold = self._deposit_range(state)
        self._amount(state)
        frac = (x - self.slider_rect.x) / max(1, self.slider_rect.w)
        self.deposit_amount = round(max(0.0, min(1.0, frac)) * gold)

    def buttons(self, state: Any, seat: int) -> Sequence[TableButton]:
        if not isinstance(state, RainbowsState) or state.phase is not Phase.DEPOSIT:
            return ()
        gold = state.players[seat].gold
        buttons = [
            TableButton(
                _("All {n}").format(n=gold), Deposit(gold), _("Put all your gold on hand in the bank.")
            )
        ]
        if gold > DEPOSIT_KEEP:
            buttons.append(
                TableButton(
                    _("Keep {k}").format(k=DEPOSIT_KEEP),
                    Deposit(gold - DEPOSIT_KEEP),
                    _("Deposit {n} and keep {k} on hand for the next day's purchases.").format(
                        n=gold - DEPOSIT_KEEP, k=DEPOSIT_KEEP
                    ),
                )
            )
        buttons.append(TableButton(_("None"), Deposit(0), _("Keep all your gold on hand.")))
        return tuple(buttons)

    def parts(self, state: Any, look: Look) -> dict[str, tuple[pygame.Rect, Hashable]]:
        assert isinstance(state, RainbowsState)
        parts = self.card_row_parts(state, look)
        if state.phase is Phase.DEPOSIT:
            parts["sheet"] = (
                self.sheet_rect.inflate(self.theme.px(12), self.theme.px(12)),
                (
                    state.results,
                    state.players,
                    state.deposit_order,
                    self.deposit_amount,
                    look.seat_names,
                    look.glyphs,
                ),
            )
            return parts
        board_highlights = frozenset(t for t in look.highlights if isinstance(t, Space))
        hover = look.hover_target if isinstance(look.hover_target, Space) else None
        refused = look.refused_target if isinstance(look.refused_target, Space) else None
        hidden_spaces = frozenset(t for t in look.hidden if isinstance(t, Space))
        parts["board"] = (
            self.board_frame.inflate(self.theme.px(10), self.theme.px(10)),
            (
                state.board,
                state.seat_count,
                board_highlights,
                hover,
                refused,
                hidden_spaces,
                look.last_actions,
                repr(look.marked),
                look.glyphs,
            ),
        )
        parts["seats"] = (
            self.seats_rect,
            (
                state.players,
                state.board,
                state.priority,
                state.phase,
                state.draft_order,
                KEEP in look.highlights,
                look.hover_target == KEEP,
                look.refused_target == KEEP,
                frozenset(t for t in look.hidden if isinstance(t, tuple) and t[:1] == ("kept",)),
                look.seat_names,
                look.glyphs,
            ),
        )
        return parts

    # --- in hand --------------------------------------------------------------------------------------------
    def draw_in_hand(
        self, surface: pygame.Surface, state: Any, pick: Hashable, pos: tuple[int, int], look: Look
    ) -> pygame.Rect:
        if not isinstance(pick, Card) or not isinstance(state, RainbowsState):
            return pygame.Rect(pos, (0, 0))
        th = self.theme
        # Held above the pointer at three-quarter size, so the space under the pointer stays in sight.
        size = (max(12, self.card_size[0] * 3 // 4), max(16, self.card_size[1] * 3 // 4))
        image = card_face(pick, size, glyphs=look.glyphs)
        rect = image.get_rect(midbottom=(pos[0], pos[1] - th.px(12)))
        draw.shadow(surface, rect, th.px(8), blur=th.px(6), alpha=90, offset=(0, th.px(6)))
        drawn = surface.blit(image, rect)
        tag = self._hand_tag(state, pick, look.hover_target)
        if tag:
            font = th.font(13, "bold")
            w = font.size(tag)[0] + th.px(16)
            box = pygame.Rect(0, 0, w, th.px(24))
            box.midbottom = (pos[0], rect.top - th.px(4))  # above the card: the target stays clear
            box.clamp_ip(self.area)
            pygame.draw.rect(surface, (40, 40, 48), box, border_radius=th.px(8))
            draw.text(surface, font, tag, box.center, (255, 246, 220), "center")
            drawn = drawn.union(box)
        return drawn.inflate(th.px(16), th.px(16))

    def _hand_tag(self, state: RainbowsState, card: Card, target: Hashable) -> str:
        seat = self._taker(state)
        if seat is None:
            return ""
        player = state.players[seat]
        n = card.number
        if isinstance(target, Space):
            if player.gold >= n:
                return _("Buy: pay {n} gold (you have {gold})").format(n=n, gold=player.gold)
            if state.options.bank_gold:
                short = n - player.gold
                return _("Buy: pay {gold} + borrow {short} at double cost: bank −{double}").format(
                    gold=player.gold, short=short, double=2 * short
                )
            return _("Costs {n}: you have only {gold}").format(n=n, gold=player.gold)
        if target == KEEP:
            return _("Keep: take {n} gold").format(n=n)
        if target == DISCARD:
            return _("Discard")
        return _("Buy for {n} or keep for +{n}").format(n=n)

    def nowhere_reason(self, state: Any, pick: Hashable) -> str | None:
        if isinstance(pick, Card) and isinstance(state, RainbowsState):
            return self._why_greyed(state, pick)
        return None

    # --- hit-testing ----------------------------------------------------------------------------------------
    def _card_at(self, state: RainbowsState, pos: tuple[int, int]) -> Card | None:
        for i, card in enumerate(state.offer[:6]):
            if self.slots[i].collidepoint(pos):
                return card
        return None

    def pick_at(self, state: Any, pos: tuple[int, int], seat: int) -> Hashable | None:
        assert isinstance(state, RainbowsState)
        if self._taker(state) != seat:
            return None
        card = self._card_at(state, pos)
        if card is None or not any(usable(state, seat, c) for c in state.offer):
            return None  # no usable card: a click discards the card instead
        return card

    def pick_rect(self, state: Any, pick: Hashable) -> pygame.Rect | None:
        assert isinstance(state, RainbowsState)
        if isinstance(pick, Card) and pick in state.offer[:6]:
            return self.slots[state.offer.index(pick)]
        return None

    def target_rect(self, state: Any, target: Hashable) -> pygame.Rect | None:
        assert isinstance(state, RainbowsState)
        if isinstance(target, Space):
            return self.space_rect(target)
        if target == KEEP:
            seat = self._taker(state)
            if seat is not None:
                return self.kept_slot(seat, state.seat_count, 1).union(
                    self.kept_slot(seat, state.seat_count, 10)
                )
        if target == DISCARD:
            return self.discard_rect
        return None

    def target_at(self, state: Any, pos: tuple[int, int]) -> Hashable | None:
        assert isinstance(state, RainbowsState)
        if self.board_rect.collidepoint(pos):
            col = (pos[0] - self.board_rect.x) // self.space_px + 1
            row = (pos[1] - self.board_rect.y) // self.space_px + 1
            return Space(row, col)
        if self.discard_rect.collidepoint(pos):
            return DISCARD
        seat = self._taker(state)
        if seat is not None and self.seat_rect(seat, state.seat_count).collidepoint(pos):
            return KEEP
        return None

    def action_for(self, state: Any, pick: Hashable, target: Hashable) -> Any | None:
        if not isinstance(pick, Card):
            return None
        if isinstance(target, Space):
            return BuyCard(pick, target)
        if target == KEEP:
            return KeepCard(pick)
        if target == DISCARD:
            return DiscardCard(pick)
        return None

    def target_of(self, action: Any) -> tuple[Hashable, Hashable] | None:
        if isinstance(action, BuyCard):
            return action.card, action.space
        if isinstance(action, KeepCard):
            return action.card, KEEP
        if isinstance(action, DiscardCard):
            return action.card, DISCARD
        return None

    def click_action(self, state: Any, pos: tuple[int, int], seat: int) -> Any | None:
        assert isinstance(state, RainbowsState)
        if state.phase is Phase.DEPOSIT and state.deposit_order[:1] == (seat,):
            if self.deposit_button.collidepoint(pos):
                return Deposit(self._amount(state))
            return None
        if self._taker(state) != seat:
            return None
        card = self._card_at(state, pos)
        if card is not None and not any(usable(state, seat, c) for c in state.offer):
            return DiscardCard(card)
        return None

    def sound_for(self, action: Any) -> str | None:
        if isinstance(action, BuyCard | KeepCard | DiscardCard | Deposit):
            return "place"
        return None

    # --- seats ----------------------------------------------------------------------------------------------
    def seat_colours(self, state: Any, seat: int) -> Sequence[SeatColour]:
        rgb, glyph, name = cardfaces.SEAT_MARKERS[seat % len(cardfaces.SEAT_MARKERS)]
        return (SeatColour(rgb, glyph, name),)

    def setup_colours(self, options: Any, seat_count: int) -> Sequence[Sequence[SeatColour]] | None:
        """Each seat's markers have the colour and glyph of its place at the table, chosen by taking it."""
        return [self.seat_colours(None, i) for i in range(seat_count)]

    def draw_seat_extra(
        self, surface: pygame.Surface, rect: pygame.Rect, state: Any, seat: int, look: Look
    ) -> None:
        assert isinstance(state, RainbowsState)
        th = self.theme
        player = state.players[seat]
        text = _("gold {gold} · {left} of {all} markers left · {kept} kept").format(
            gold=player.gold, left=markers_left(state, seat), all=MARKERS_PER_PLAYER, kept=len(player.kept)
        )
        font = th.font(13)
        draw.text(
            surface,
            font,
            draw.fit_text(font, text, rect.w),
            (rect.x, rect.y + min(rect.h, th.px(22)) // 2),
            theme.INK_SOFT,
            "midleft",
        )

    # --- animation ------------------------------------------------------------------------------------------
    def animation_for(
        self, before: Any, action: Any, after: Any, speed: float, look: Look
    ) -> Animation | None:
        assert isinstance(before, RainbowsState) and isinstance(after, RainbowsState)
        if speed <= 0:
            return None
        fly: FlyCard | None = None
        if isinstance(action, CardRevealed) and after.offer and after.offer[-1] == action.card:
            slot = self.slots[min(5, len(after.offer) - 1)]
            fly = FlyCard(
                action.card,
                self.deck_rect,
                slot,
                DEAL_S / speed,
                frozenset({action.card}),
                from_back=True,
                glyphs=look.glyphs,
            )
        elif isinstance(action, CloverRevealed):
            th = self.theme
            where = pygame.Rect(0, 0, min(self.area.w - th.px(40), th.px(520)), th.px(40))
            where.midtop = (self.area.centerx, self.cards_rect.bottom + th.px(8))
            caption = (
                _("The Four Leaf Clover! This is the last round of the day."),
                where,
                th.font(16, "bold"),
            )
            fly = FlyCard(
                None,
                self.deck_rect,
                self.clover_rect,
                1.2 / speed,
                frozenset({"clover"}),
                from_back=True,
                caption=caption,
            )
        elif isinstance(action, BuyCard | KeepCard | DiscardCard) and action.card in before.offer:
            start = self.slots[min(5, before.offer.index(action.card))]
            seat = before.draft_order[0]
            if isinstance(action, BuyCard):
                end = self.space_rect(action.space).inflate(-self.space_px // 4, -self.space_px // 4)
                hides: frozenset[Hashable] = frozenset({action.space})
            elif isinstance(action, KeepCard):
                end = self.kept_slot(seat, before.seat_count, action.card.number)
                hides = frozenset({("kept", seat, action.card.number)})
            else:
                end = self.discard_rect
                hides = frozenset()
            fly = FlyCard(action.card, start, end, TAKE_S / speed, hides, glyphs=look.glyphs)
        if len(after.results) > len(before.results):
            sheet = ScoringSheet(self, after.results[-1], after.seat_count, look, speed)
            sheet.deposit = after.phase is Phase.DEPOSIT
            self._scoring = Sequence2(fly, sheet) if fly is not None else sheet
            return self._scoring
        return fly
