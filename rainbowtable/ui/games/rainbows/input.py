"""What the pointer means in Rainbows: a face-up card is picked up by the seat taking a card, and dropped
on a vacant space of the board (BUY), on the seat's own row of kept cards (KEEP) or on the discard pile;
when no card on the table is any use, a click discards one. While the bank is open the deposit slider is
dragged and its button clicked, or one of the table's buttons (all, keep some, none) chosen; a click on
the scoring sheet being played skips it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from rainbowtable.games.rainbows.model import (
    BuyCard,
    Card,
    Deposit,
    DiscardCard,
    KeepCard,
    Phase,
    RainbowsState,
    Space,
)
from rainbowtable.games.rainbows.rules import usable
from rainbowtable.ui.games.rainbows.layout import DEPOSIT_KEEP, RainbowsLayout, SheetState
from rainbowtable.ui.games.rainbows.taking import taker, why_greyed
from rainbowtable.ui.games.rainbows.targets import DISCARD, KEEP
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import BoardInput, TableButton


class RainbowsInput(BoardInput):
    """Maps the pointer to cards, targets and actions; slides the deposit amount held in the view's
    `SheetState` and skips the scoring being played."""

    where: RainbowsLayout

    def __init__(self, sheet_state: SheetState) -> None:
        super().__init__()
        self.sheet_state = sheet_state

    def handle_event(self, event: Any, state: Any) -> bool:
        sheet = self.sheet_state
        if sheet.scoring is not None and not sheet.scoring.done and event.type == pygame.MOUSEBUTTONDOWN:
            skip = getattr(sheet.scoring, "skip", None)
            if skip is not None:
                skip()
            return True
        if not isinstance(state, RainbowsState) or state.phase is not Phase.DEPOSIT:
            sheet.sliding = False
            return False
        grab = self.where.slider_rect.inflate(self.theme.px(16), self.theme.px(24))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and grab.collidepoint(event.pos):
            sheet.sliding = True
            self._slide(state, event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and sheet.sliding:
            self._slide(state, event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and sheet.sliding:
            sheet.sliding = False
            return True
        return False

    def _slide(self, state: RainbowsState, x: int) -> None:
        slider = self.where.slider_rect
        self.sheet_state.slide(state, (x - slider.x) / max(1, slider.w))

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

    def nowhere_reason(self, state: Any, pick: Hashable) -> str | None:
        if isinstance(pick, Card) and isinstance(state, RainbowsState):
            return why_greyed(state, pick)
        return None

    def _card_at(self, state: RainbowsState, pos: tuple[int, int]) -> Card | None:
        for i, card in enumerate(state.offer[:6]):
            if self.where.slots[i].collidepoint(pos):
                return card
        return None

    def pick_at(self, state: Any, pos: tuple[int, int], seat: int) -> Hashable | None:
        assert isinstance(state, RainbowsState)
        if taker(state) != seat:
            return None
        card = self._card_at(state, pos)
        if card is None or not any(usable(state, seat, c) for c in state.offer):
            return None  # no usable card: a click discards the card instead
        return card

    def pick_rect(self, state: Any, pick: Hashable) -> pygame.Rect | None:
        assert isinstance(state, RainbowsState)
        if isinstance(pick, Card) and pick in state.offer[:6]:
            return self.where.slots[state.offer.index(pick)]
        return None

    def target_rect(self, state: Any, target: Hashable) -> pygame.Rect | None:
        assert isinstance(state, RainbowsState)
        if isinstance(target, Space):
            return self.where.space_rect(target)
        if target == KEEP:
            seat = taker(state)
            if seat is not None:
                return self.where.keep_strip(seat, state.seat_count)
        if target == DISCARD:
            return self.where.discard_rect
        return None

    def target_at(self, state: Any, pos: tuple[int, int]) -> Hashable | None:
        assert isinstance(state, RainbowsState)
        where = self.where
        if where.board_rect.collidepoint(pos):
            col = (pos[0] - where.board_rect.x) // where.space_px + 1
            row = (pos[1] - where.board_rect.y) // where.space_px + 1
            return Space(row, col)
        if where.discard_rect.collidepoint(pos):
            return DISCARD
        seat = taker(state)
        if seat is not None and where.seat_rect(seat, state.seat_count).collidepoint(pos):
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
            if self.where.deposit_button.collidepoint(pos):
                return Deposit(self.sheet_state.amount(state))
            return None
        if taker(state) != seat:
            return None
        card = self._card_at(state, pos)
        if card is not None and not any(usable(state, seat, c) for c in state.offer):
            return DiscardCard(card)
        return None
