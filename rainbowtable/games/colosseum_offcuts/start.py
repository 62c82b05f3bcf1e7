"""Colosseum Offcuts setup (colosseum_offcuts.md §3.2): the new game, the start-player chance event and the
placement order.

`new_game` is deterministic: nothing is on the table and every counter waits in its owner's supply, Mobile
side up. The start player arrives as a chance action (`StartPlayerDrawn`). The placement order is a pure
function of the start player: first Board Pieces, second Board Pieces, first Fortifications, second
Fortifications, each round in seat order from the start player. Which cells are legal is `rules.py`'s job.
"""

from __future__ import annotations

from fractions import Fraction

from rainbowtable.core.rng import Rng
from rainbowtable.games.colosseum_offcuts.model import (
    COUNTERS_PER_SEAT,
    ColosseumOptions,
    ColosseumState,
    Phase,
    StartPlayerDrawn,
    counter_id,
)

SEAT_COUNTS = range(2, 6)


def option_problem(options: ColosseumOptions, seat_count: int) -> str | None:
    if seat_count not in SEAT_COUNTS:
        return "Colosseum Offcuts is for 2–5 players."
    if options.no_capture_turn_limit < 0:
        return "The turn limit for a draw cannot be negative."
    return None


def new_game(options: ColosseumOptions, seat_count: int) -> ColosseumState:
    problem = option_problem(options, seat_count)
    if problem is not None:
        raise ValueError(problem)
    return ColosseumState(
        seat_count=seat_count,
        options=options,
        phase=Phase.START,
        stacks=(),
        start_player=0,
        current=0,
        setup_step=0,
        actions_left=2,
        eliminated=(False,) * seat_count,
        captured=(),
        captures_by=(0,) * seat_count,
        turn=0,
        turns_without_capture=0,
        captured_this_turn=False,
        drawn=False,
    )


def placements(seat_count: int) -> int:
    return COUNTERS_PER_SEAT * seat_count


def setup_slot(start_player: int, seat_count: int, step: int) -> tuple[int, int]:
    """(seat, counter index k) placed at setup step `step` (§3.2 steps 1–5): round k = step // seats is the
    counter (0, 1 Board Pieces; 2, 3 Fortifications), seats in order from the start player."""
    k, offset = divmod(step, seat_count)
    return (start_player + offset) % seat_count, k


def due_counter(state: ColosseumState) -> tuple[int, int]:
    """(seat, counter id) of the placement due now in SETUP."""
    seat, k = setup_slot(state.start_player, state.seat_count, state.setup_step)
    return seat, counter_id(seat, k)


def start_outcomes(state: ColosseumState) -> list[tuple[StartPlayerDrawn, Fraction]]:
    n = state.seat_count
    return [(StartPlayerDrawn(seat), Fraction(1, n)) for seat in range(n)]


def sample_start(state: ColosseumState, rng: Rng) -> StartPlayerDrawn:
    return StartPlayerDrawn(rng.below(state.seat_count))
