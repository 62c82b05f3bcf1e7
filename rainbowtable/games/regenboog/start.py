"""De Regenboog's setup (regenboog.md §2.4, §2.5): ship counts, owners and starts, and the grey-disc
placement procedure `place(segment, n)` shared with new rounds (§2.10).

`new_game` is deterministic: ships on their start centres with 12 fuel and the board empty; the grey discs
arrive as chance events (`DiscsPlaced`, one per segment). Holds no turn rules (see `rules.py`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from itertools import product

from rainbowtable.core.i18n import N_, _, plural
from rainbowtable.core.rng import Rng
from rainbowtable.games.regenboog.board import LARGE_CENTRES, STANDARD_CENTRES, Board, board_for
from rainbowtable.games.regenboog.model import (
    ALL_DISCS,
    DISC_NONE,
    SHIP_KINDS,
    START_FUEL,
    Colour,
    Phase,
    RegenboogOptions,
    RegenboogState,
    Ship,
    Stage,
)

ALLOWED_SHIPS: dict[int, tuple[int, ...]] = {1: (3, 4, 5, 6), 2: (4, 6), 3: (3, 6), 4: (4,), 5: (5,), 6: (6,)}
"""§2.4: ships per player count (1 player: solo mode [APP])."""
USUAL_SHIPS: dict[int, int] = {1: 4, 2: 4, 3: 3, 4: 4, 5: 5, 6: 6}

START_SEGMENTS: dict[int, tuple[int, ...]] = {
    3: (1, 3, 5),
    4: (1, 2, 4, 5),
    5: (1, 2, 3, 4, 5),
    6: (1, 2, 3, 4, 5, 6),
}
"""§2.5 step 4 [APP]: the default spread of start segments (large board: add 6, the rim [RES-RG20, RG21])."""

GREY_SEGMENTS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
"""§2.5 step 3 [RES-RG20]: grey discs go on segments 1..6 (the inner ring on the large board)."""


def ship_count(options: RegenboogOptions, seat_count: int) -> int:
    return options.ships or USUAL_SHIPS.get(seat_count, seat_count)


def option_problem(options: RegenboogOptions, seat_count: int) -> str | None:
    if seat_count not in ALLOWED_SHIPS:
        return _("De Regenboog is for 1 to 6 players.")
    ships = ship_count(options, seat_count)
    if ships not in ALLOWED_SHIPS[seat_count]:
        allowed = _(" or ").join(str(n) for n in ALLOWED_SHIPS[seat_count])
        return plural(
            seat_count,
            N_("With {n} player the team sails {allowed} ships."),
            N_("With {n} players the team sails {allowed} ships."),
            allowed=allowed,
        )
    if options.large_board and (seat_count < 4 or ships != seat_count):
        return _("The large board is for 4 or more players with one ship each.")
    return layout_problem(options)


MAX_EXTRA_SEGMENTS = 33
"""§2.3.7 [APP]: segments beyond the large layout a game may have (a layout file holds at most 40)."""
MAX_EXTRA_COORDINATE = 60


def layout_problem(options: RegenboogOptions) -> str | None:
    """Why the options' extra segments (from a custom layout, or a save) make no board: too many, far off,
    off the segment lattice, or not joined to the rest (§2.3.7). None for a good layout."""
    extra = options.extra_segments
    if not extra:
        return None
    if len(extra) > MAX_EXTRA_SEGMENTS:
        return _("The layout has more segments than any board.")
    for q, r in extra:
        if abs(q) > MAX_EXTRA_COORDINATE or abs(r) > MAX_EXTRA_COORDINATE:
            return _("A segment of the layout lies far off the board.")
        if q % 3 or r % 3:
            return _("An extra segment is off the segment lattice.")
    centres = {(h.q, h.r) for h in (LARGE_CENTRES if options.large_board else STANDARD_CENTRES)}
    centres |= set(extra)
    # Segments on the lattice touch when their centres are three cells apart (one of six lattice steps).
    steps = ((3, 0), (-3, 0), (0, 3), (0, -3), (3, -3), (-3, 3))
    seen = {(0, 0)}
    todo = [(0, 0)]
    while todo:
        q, r = todo.pop()
        for dq, dr in steps:
            n = (q + dq, r + dr)
            if n in centres and n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) != len(centres):
        return _("Some segments do not touch the rest.")
    return None


def board_of(options: RegenboogOptions) -> Board:
    return board_for(options.large_board, options.extra_segments)


def new_game(options: RegenboogOptions, seat_count: int) -> RegenboogState:
    problem = option_problem(options, seat_count)
    if problem is not None:
        raise ValueError(problem)
    board = board_of(options)
    count = ship_count(options, seat_count)
    fuel = Colour.WHITE if options.white_fuel else Colour.RED
    cubes = tuple(START_FUEL if c == fuel else 0 for c in range(7))
    offset = 6 if options.large_board else 0
    ships = tuple(
        Ship(
            id=i,
            owner=i % seat_count,
            kind=SHIP_KINDS[i],
            cell=board.cell_at(segment + offset, 0),
            cubes=cubes,
            acted=False,
        )
        for i, segment in enumerate(START_SEGMENTS[count])
    )
    n = len(board.cells)
    state = RegenboogState(
        options=options,
        seat_count=seat_count,
        ships=ships,
        black=(0,) * n,
        discs=(DISC_NONE,) * n,
        phase=Phase.SETUP,
        cycle_no=0,
        round_no=1,
        rainbows=0,
        strand_count=0,
        active=-1,
        stage=Stage.NONE,
        load_colour=0,
        place_queue=GREY_SEGMENTS,
        flip_queue=(),
        flip_cell=-1,
        white_cell=-1,
        flip_ship=-1,
        stranded=False,
        last_drops=(),
        conceded=False,
        pool=ALL_DISCS,
        deals=(),
    )
    # §2.5 step 2: the 18 grey discs go face down in the pool, shuffled, and are dealt out (step 3).
    return begin_deal(state)


def begin_deal(state: RegenboogState) -> RegenboogState:
    """§2.5 step 3, §2.10 steps 3-4: the pool, face down and shuffled, is dealt onto the segments. It holds
    exactly the discs the segments need (18 in all, 3 per grey-disc segment), so the whole pool becomes a
    new deal: the `DiscsPlaced` events that follow lay its discs face down, and each disc's kind is drawn
    from the deal's discs when it is flipped."""
    return replace(state, deals=(*state.deals, state.pool), pool=(0,) * len(state.pool))


# --- place(segment, n) ------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def positions_from_roll(roll: tuple[int, ...]) -> tuple[int, ...] | None:
    """§2.5 step 3: the positions a throw of n dice gives, sorted; None when it must be rerolled (all
    three equal). A value thrown twice puts one of its discs on the centre (position 0)."""
    if len(roll) == 3 and roll[0] == roll[1] == roll[2]:
        return None
    counts = Counter(roll)
    out: list[int] = []
    for value, times in counts.items():
        out.append(value)
        if times == 2:
            out.append(0)
    return tuple(sorted(out))


def needed(state: RegenboogState, segment: int) -> int:
    """How many new discs the segment takes: 3 minus the discs already on it (§2.10 step 4)."""
    board = board_of(state.options)
    have = sum(1 for p in range(7) if state.discs[board.cell_at(segment, p)] != DISC_NONE)
    return max(0, 3 - have)


def _fits(state: RegenboogState, segment: int, positions: tuple[int, ...]) -> bool:
    board = board_of(state.options)
    return all(state.discs[board.cell_at(segment, p)] == DISC_NONE for p in positions)


def _roll_counts(n: int) -> Counter[tuple[int, ...]]:
    """How many throws of n dice give each placement (rerolled throws left out)."""
    counts: Counter[tuple[int, ...]] = Counter()
    for roll in product(range(1, 7), repeat=n):
        positions = positions_from_roll(roll)
        if positions is not None:
            counts[positions] += 1
    return counts


ROLL_COUNTS: tuple[Counter[tuple[int, ...]], ...] = tuple(_roll_counts(n) for n in range(4))
"""ROLL_COUNTS[n]: placements of n new discs with the number of throws giving each (computed once)."""


def placement_outcomes(state: RegenboogState, segment: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every placement with its probability: throws that need a reroll (three equal; a cell already holding
    a disc [RES-RG14]) are left out and the rest renormalised."""
    counts = {p: c for p, c in ROLL_COUNTS[needed(state, segment)].items() if _fits(state, segment, p)}
    total = sum(counts.values())
    return [(p, Fraction(c, total)) for p, c in sorted(counts.items())]


def is_possible_placement(state: RegenboogState, segment: int, positions: tuple[int, ...]) -> bool:
    return positions in ROLL_COUNTS[needed(state, segment)] and _fits(state, segment, positions)


def sample_placement(state: RegenboogState, segment: int, rng: Rng) -> tuple[int, ...]:
    n = needed(state, segment)
    while True:
        roll = tuple(rng.roll() for _ in range(n))
        positions = positions_from_roll(roll)
        if positions is not None and _fits(state, segment, positions):
            return positions
