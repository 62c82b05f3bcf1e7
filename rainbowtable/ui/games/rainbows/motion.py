"""How Rainbows moves and sounds: a card dealt flies from the deck to its slot turning face up, the
clover flies out with a caption saying the day ends with this round, a card taken flies to its space, the
taker's row or the discard pile; the end of a day plays the scoring sheet (`ScoringSheet`, drawn by the
drawing part) seat by seat, and while the bank is open it stays up with the deposit slider.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from rainbowtable.games.rainbows.model import (
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
)
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.rainbows import art
from rainbowtable.ui.games.rainbows.cardfaces import card_back, card_face, clover_card
from rainbowtable.ui.games.rainbows.drawing import RainbowsDrawing
from rainbowtable.ui.games.rainbows.layout import RainbowsLayout, SheetState
from rainbowtable.ui.games.rainbows.seats import seat_name
from rainbowtable.ui.games.rainbows.sheet import draw_sheet
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import Animation, BoardMotion, Look

DEAL_S = 0.28
TAKE_S = 0.32
SHEET_SEAT_S = 1.3
SHEET_HOLD_S = 2.2


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
            image = clover_card(size, _("CLOVER"))
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
        self, drawing: RainbowsDrawing, result: DayResult, seat_count: int, look: Look, speed: float
    ) -> None:
        self.deposit = False
        self.drawing = drawing
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
        # At the drawing part's layout and scale, which a resize during the sheet changes.
        where, th = self.drawing.where, self.drawing.theme
        draw_sheet(
            surface, where, th, self.result, self.seat_count, self.names, progress, self.glyphs, self.deposit
        )
        return [where.sheet_rect.inflate(8, 8)]


class RainbowsMotion(BoardMotion):
    """Chooses the animation and sound of an action; the scoring sheet it starts is drawn by the drawing
    part and kept in the view's `SheetState`, so a click can skip it."""

    where: RainbowsLayout

    def __init__(self, drawing: RainbowsDrawing, sheet_state: SheetState) -> None:
        super().__init__()
        self.drawing = drawing
        self.sheet_state = sheet_state

    def sound_for(self, action: Any) -> str | None:
        if isinstance(action, BuyCard | KeepCard | DiscardCard | Deposit):
            return "place"
        return None

    def animation_for(
        self, before: Any, action: Any, after: Any, speed: float, look: Look
    ) -> Animation | None:
        assert isinstance(before, RainbowsState) and isinstance(after, RainbowsState)
        if speed <= 0:
            return None
        fly = self._fly(before, action, after, speed, look)
        if len(after.results) > len(before.results):
            sheet = ScoringSheet(self.drawing, after.results[-1], after.seat_count, look, speed)
            sheet.deposit = after.phase is Phase.DEPOSIT
            scoring = Sequence2(fly, sheet) if fly is not None else sheet
            self.sheet_state.scoring = scoring
            return scoring
        return fly

    def _fly(
        self, before: RainbowsState, action: Any, after: RainbowsState, speed: float, look: Look
    ) -> FlyCard | None:
        """The card an action moves: dealt to its slot, the clover to its place, taken to where it goes."""
        where = self.where
        if isinstance(action, CardRevealed) and after.offer and after.offer[-1] == action.card:
            slot = where.slots[min(5, len(after.offer) - 1)]
            return FlyCard(
                action.card,
                where.deck_rect,
                slot,
                DEAL_S / speed,
                frozenset({action.card}),
                from_back=True,
                glyphs=look.glyphs,
            )
        if isinstance(action, CloverRevealed):
            return self._clover(speed)
        if isinstance(action, BuyCard | KeepCard | DiscardCard) and action.card in before.offer:
            start = where.slots[min(5, before.offer.index(action.card))]
            seat = before.draft_order[0]
            if isinstance(action, BuyCard):
                end = where.space_rect(action.space).inflate(-where.space_px // 4, -where.space_px // 4)
                hides: frozenset[Hashable] = frozenset({action.space})
            elif isinstance(action, KeepCard):
                end = where.kept_slot(seat, before.seat_count, action.card.number)
                hides = frozenset({("kept", seat, action.card.number)})
            else:
                end = where.discard_rect
                hides = frozenset()
            return FlyCard(action.card, start, end, TAKE_S / speed, hides, glyphs=look.glyphs)
        return None

    def _clover(self, speed: float) -> FlyCard:
        """The clover flying out of the deck under a caption: the day ends with this round."""
        th = self.theme
        where = self.where
        box = pygame.Rect(0, 0, min(where.rect.w - th.px(40), th.px(520)), th.px(40))
        box.midtop = (where.rect.centerx, where.cards_rect.bottom + th.px(8))
        caption = (
            _("The Four Leaf Clover! This is the last round of the day."),
            box,
            th.font(16, "bold"),
        )
        return FlyCard(
            None,
            where.deck_rect,
            where.clover_rect,
            1.2 / speed,
            frozenset({"clover"}),
            from_back=True,
            caption=caption,
        )
