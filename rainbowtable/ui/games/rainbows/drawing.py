"""How Rainbows looks on the table: the card row across the top (`cardrow.py`), the rainbow board
(`board.py`) and the seat rows (`seats.py`) while cards are taken, the scoring sheet with its deposit box
(`sheet.py`) while the bank is open, the card in hand with what dropping it does, and the game's part of
the side panel's seat cards. Each of those redraws as a part of its own when what it shows changes.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from rainbowtable.games.rainbows.model import MARKERS_PER_PLAYER, Card, Phase, RainbowsState, Space
from rainbowtable.games.rainbows.rules import markers_left
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.rainbows import art, cardfaces
from rainbowtable.ui.games.rainbows.board import GridPicture, draw_board
from rainbowtable.ui.games.rainbows.cardfaces import card_face
from rainbowtable.ui.games.rainbows.cardrow import card_row_parts, draw_card_row
from rainbowtable.ui.games.rainbows.layout import RainbowsLayout, SheetState
from rainbowtable.ui.games.rainbows.seats import draw_seat, seat_name
from rainbowtable.ui.games.rainbows.sheet import draw_deposit, draw_sheet
from rainbowtable.ui.games.rainbows.taking import hand_tag
from rainbowtable.ui.games.rainbows.targets import KEEP
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import BoardDrawing, Look, SeatColour
from rainbowtable.ui.theme import Theme


def seats_state(state: RainbowsState, look: Look) -> RainbowsState:
    """The position the seat rows show: the side panel's (`Look.landing`: before a take whose card is
    still flying, so the taker's gold and markers change when the card arrives, not when it leaves)."""
    return look.landing if isinstance(look.landing, RainbowsState) else state


class RainbowsDrawing(BoardDrawing):
    """Draws the state in parts; keeps the empty board's picture (`GridPicture`) and reads the deposit
    slider's amount from the view's `SheetState`."""

    where: RainbowsLayout

    def __init__(self, sheet_state: SheetState) -> None:
        super().__init__()
        self.sheet_state = sheet_state
        self.grid = GridPicture()

    def relayout(self, where: Any, th: Theme) -> None:
        super().relayout(where, th)
        self.grid.forget()

    def draw_static(self, surface: pygame.Surface) -> None:
        th = self.theme
        where = self.where
        self.grid.forget()  # a new static picture under the board
        draw.card(surface, where.board_frame, fill=(248, 244, 232), radius=th.px(12), lift=th.px(4))
        for rect in (where.deck_rect, where.clover_rect, where.discard_rect, *where.slots):
            pygame.draw.rect(surface, (34, 72, 74), rect, border_radius=th.px(8))
            pygame.draw.rect(surface, (62, 104, 104), rect, width=1, border_radius=th.px(8))
        labels = (_("clover"), _("discard"))
        # Small cards (a replay's short table at 150 %) take a smaller size rather than fill their place.
        small = th.fitting_font((12, 11, 10, 9), labels, where.clover_rect.w - th.px(8), "bold")
        for rect, label in zip((where.clover_rect, where.discard_rect), labels, strict=True):
            at = rect.center
            if rect is where.clover_rect and rect.h >= small.get_linesize() * 3:
                # The clover's place shows the clover faintly, as a mat printed for it would (the bare
                # word read as a placeholder), its name under it.
                size = min(rect.w, rect.h - small.get_linesize()) * 0.6
                art.draw_clover(surface, (rect.centerx, rect.centery - size * 0.3), size, (62, 104, 104))
                at = (rect.centerx, rect.bottom - th.px(6) - small.get_linesize() // 2)
            draw.text(surface, small, label, at, theme.ON_FELT_SOFT, "center")

    def draw(self, surface: pygame.Surface, state: Any, look: Look) -> None:
        assert isinstance(state, RainbowsState)
        where = self.where
        clip = surface.get_clip()
        if clip.colliderect(where.cards_rect):
            draw_card_row(surface, where, self.theme, state, look)
        if state.phase is Phase.DEPOSIT and state.results:
            if clip.colliderect(where.sheet_rect):
                names = tuple(seat_name(look, s) for s in range(state.seat_count))
                draw_sheet(
                    surface,
                    where,
                    self.theme,
                    state.results[-1],
                    state.seat_count,
                    names,
                    99.0,
                    look.glyphs,
                    deposit=True,
                )
                amount = self.sheet_state.amount(state)
                draw_deposit(surface, where, self.theme, state, look, amount)
            return
        if clip.colliderect(where.board_frame):
            draw_board(surface, where, self.theme, self.grid, state, look)
        if clip.colliderect(where.seats_rect):
            seats = seats_state(state, look)
            for seat in range(state.seat_count):
                if clip.colliderect(where.seat_rect(seat, state.seat_count)):
                    draw_seat(surface, where, self.theme, seats, look, seat)

    def parts(self, state: Any, look: Look) -> dict[str, tuple[pygame.Rect, Hashable]]:
        assert isinstance(state, RainbowsState)
        where = self.where
        th = self.theme
        parts = card_row_parts(where, state, look)
        if state.phase is Phase.DEPOSIT:
            parts["sheet"] = (
                where.sheet_rect.inflate(th.px(12), th.px(12)),
                (
                    state.results,
                    state.players,
                    state.deposit_order,
                    self.sheet_state.deposit_amount,
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
            where.board_frame.inflate(th.px(10), th.px(10)),
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
        seats = seats_state(state, look)
        parts["seats"] = (
            where.seats_rect,
            (
                seats.players,
                seats.board,
                seats.priority,
                seats.phase,
                seats.draft_order,
                KEEP in look.highlights,
                look.hover_target == KEEP,
                look.refused_target == KEEP,
                frozenset(t for t in look.hidden if isinstance(t, tuple) and t[:1] == ("kept",)),
                look.seat_names,
                look.glyphs,
            ),
        )
        return parts

    def draw_in_hand(
        self, surface: pygame.Surface, state: Any, pick: Hashable, pos: tuple[int, int], look: Look
    ) -> pygame.Rect:
        if not isinstance(pick, Card) or not isinstance(state, RainbowsState):
            return pygame.Rect(pos, (0, 0))
        th = self.theme
        card_size = self.where.card_size
        # Held above the pointer at three-quarter size, so the space under the pointer stays in sight.
        size = (max(12, card_size[0] * 3 // 4), max(16, card_size[1] * 3 // 4))
        image = card_face(pick, size, glyphs=look.glyphs)
        rect = image.get_rect(midbottom=(pos[0], pos[1] - th.px(12)))
        shade = draw.shadow(surface, rect, th.px(8), blur=th.px(6), alpha=90, offset=(0, th.px(6)))
        drawn = surface.blit(image, rect).union(shade)  # the shadow too is put back: no trail
        tag = hand_tag(state, pick, look.hover_target)
        if tag:
            font = th.font(13, "bold")
            w = font.size(tag)[0] + th.px(16)
            box = pygame.Rect(0, 0, w, th.px(24))
            box.midbottom = (pos[0], rect.top - th.px(4))  # above the card: the target stays clear
            box.clamp_ip(self.where.rect)
            pygame.draw.rect(surface, (40, 40, 48), box, border_radius=th.px(8))
            draw.text(surface, font, tag, box.center, (255, 246, 220), "center")
            drawn = drawn.union(box)
        return drawn.inflate(th.px(16), th.px(16))

    def score_caption(self) -> str:
        """The bank account, the score (rainbows.md §1.8)."""
        return _("bank")

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
        font = th.fitting_font((13, 12, 11), text, rect.w)  # smaller before it is cut (a narrow panel)
        draw.text(
            surface,
            font,
            draw.fit_text(font, text, rect.w),
            (rect.x, rect.y + min(rect.h, th.px(22)) // 2),
            theme.INK_SOFT,
            "midleft",
        )
