"""Rainbows setup (rainbows.md §1.3, §1.9): `new_game`, the first Priority Player, and the start of a day.

`new_game` is deterministic: 15 gold each, banks at 0 (50 with Gold in Bank Accounts), an empty board and
the full multiset of 60 Luckychauns as the undrawn deck. The one random setup step, the first Priority
Player [APP], is the `PriorityChosen` chance event. Every day starts the same way (`fresh_day`): markers
back, kept cards reshuffled into the deck, the clover back among the bottom 21 cards [RES-RB12].
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from rainbowtable.core.i18n import _
from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbows.cards import FULL_DECK
from rainbowtable.games.rainbows.model import (
    ACTIVE_ROWS,
    BANK_OPTION_START,
    COLUMNS,
    ROWS,
    START_GOLD,
    Phase,
    PlayerState,
    PriorityChosen,
    RainbowsOptions,
    RainbowsState,
)

EMPTY_BOARD: tuple[int | None, ...] = (None,) * (ROWS * COLUMNS)


def option_problem(options: RainbowsOptions, seat_count: int) -> str | None:
    if seat_count not in ACTIVE_ROWS:
        return _("Rainbows is for 3 to 5 players.")
    if options.days not in (1, 2, 3):
        return _("A game lasts 1, 2 or 3 days.")
    return None


def new_game(options: RainbowsOptions, seat_count: int) -> RainbowsState:
    problem = option_problem(options, seat_count)
    if problem is not None:
        raise ValueError(problem)
    bank = BANK_OPTION_START if options.bank_gold else 0
    return RainbowsState(
        seat_count=seat_count,
        options=options,
        phase=Phase.SETUP,
        day=1,
        round_no=0,
        priority=0,
        players=tuple(PlayerState(START_GOLD, bank, ()) for _seat in range(seat_count)),
        board=EMPTY_BOARD,
        undrawn=FULL_DECK,
        drawn=0,
        clover_drawn=False,
        clover_in_reveal=None,
        offer=(),
        discard=(),
        draft_order=(),
        deposit_order=(),
        results=(),
    )


def fresh_day(state: RainbowsState, day: int) -> RainbowsState:
    """The state at the start of `day` before its first reveal: every marker back with its owner, kept
    lists emptied and all 60 Luckychauns back in the deck [RES-RB12]; gold and banks carry over; the
    Priority Player is already the one to the left of the last round's (the usual hand-over)."""
    return replace(
        state,
        day=day,
        round_no=0,
        players=tuple(replace(p, kept=()) for p in state.players),
        board=EMPTY_BOARD,
        undrawn=FULL_DECK,
        drawn=0,
        clover_drawn=False,
        clover_in_reveal=None,
        offer=(),
        discard=(),
        draft_order=(),
        deposit_order=(),
    )


def setup_outcomes(state: RainbowsState) -> list[tuple[PriorityChosen, Fraction]]:
    p = Fraction(1, state.seat_count)
    return [(PriorityChosen(seat), p) for seat in range(state.seat_count)]


def sample_setup(state: RainbowsState, rng: Rng) -> PriorityChosen:
    return PriorityChosen(rng.below(state.seat_count))
