"""Dice Box setup (dice_box.md §2.2): the deal at `new_game`, the setup chance event and the draft order.

`new_game` is deterministic: it gives every die its fixed id and deals the per-seat dice (2 players: 3 of
each colour, 3 players: 2, 4 players: 1 plus an 8-die draft pool), unrolled. Everything random (colours,
first player, draft starter, the rolls) arrives later as chance actions; this module lists and samples the
setup one. Holds no placement rules (see `rules.py`).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

from rainbowtable.core.i18n import _
from rainbowtable.core.rng import Rng
from rainbowtable.games.dice_box.model import (
    CELL_COUNT,
    DICE_PER_COLOUR,
    PLAYER_COLOURS,
    UNROLLED,
    Colour,
    DiceBoxOptions,
    DiceBoxState,
    Die,
    Phase,
    SetupDealt,
)

DICE_PER_SEAT_PER_COLOUR = {2: 3, 3: 2, 4: 1}
"""dice_box.md §2.2 table: how many dice of each colour every seat starts with."""


def option_problem(options: DiceBoxOptions, seat_count: int) -> str | None:
    if seat_count not in DICE_PER_SEAT_PER_COLOUR:
        return _("Dice Box is for 2–4 players.")
    if options.two_colours_each and seat_count != 2:
        return _("Two colours each is only for 2 players.")
    return None


def die_id(colour: Colour, k: int) -> int:
    """The fixed id of the k-th (0..5) die of a scoring colour."""
    return PLAYER_COLOURS.index(colour) * DICE_PER_COLOUR + k


def new_game(options: DiceBoxOptions, seat_count: int) -> DiceBoxState:
    problem = option_problem(options, seat_count)
    if problem is not None:
        raise ValueError(problem)
    each = DICE_PER_SEAT_PER_COLOUR[seat_count]
    hands = tuple(
        tuple(
            Die(die_id(colour, seat * each + k), colour, UNROLLED)
            for colour in PLAYER_COLOURS
            for k in range(each)
        )
        for seat in range(seat_count)
    )
    # 4 players: dice 4 and 5 of every colour form the draft pool (§2.2 step 1).
    pool = (
        tuple(Die(die_id(colour, k), colour, UNROLLED) for colour in PLAYER_COLOURS for k in (4, 5))
        if seat_count == 4
        else ()
    )
    return DiceBoxState(
        seat_count=seat_count,
        options=options,
        phase=Phase.SETUP,
        grid=(None,) * CELL_COUNT,
        hands=hands,
        colours=((),) * seat_count,
        unclaimed=None,
        pool=pool,
        draft_order=(),
        draft_starter=None,
        first_player=0,
        current=0,
        turn=0,
    )


def snake_order(starter: int, seat_count: int) -> tuple[int, ...]:
    """dice_box.md §2.2 step 3: one pick each from the starter in seat order, then back in reverse."""
    forward = tuple((starter + i) % seat_count for i in range(seat_count))
    return forward + tuple(reversed(forward))


def colours_from_order(
    order: tuple[Colour, ...], seat_count: int, two_each: bool
) -> tuple[tuple[Colour, ...], ...]:
    """Deal colours in `order` to the seats: one each, or (2 players, option) two each."""
    if two_each:
        return ((order[0], order[1]), (order[2], order[3]))
    return tuple((order[seat],) for seat in range(seat_count))


def setup_outcomes(state: DiceBoxState) -> list[tuple[SetupDealt, Fraction]]:
    """Every possible SetupDealt with its probability, following the options (§2.2, [RES-DB3])."""
    options, n = state.options, state.seat_count
    orders = list(permutations(PLAYER_COLOURS)) if options.random_colours else [PLAYER_COLOURS]
    colourings = Counter(colours_from_order(order, n, options.two_colours_each) for order in orders)
    firsts = range(n) if options.random_first_player else range(1)
    starters: tuple[int | None, ...] = tuple(range(4)) if n == 4 else (None,)
    total = len(orders) * len(firsts) * len(starters)
    return [
        (SetupDealt(colours, first, starter), Fraction(count, total))
        for colours, count in sorted(
            colourings.items(), key=lambda item: [[c.value for c in s] for s in item[0]]
        )
        for first in firsts
        for starter in starters
    ]


def sample_setup(state: DiceBoxState, rng: Rng) -> SetupDealt:
    options, n = state.options, state.seat_count
    order = tuple(rng.shuffled(PLAYER_COLOURS)) if options.random_colours else PLAYER_COLOURS
    colours = colours_from_order(order, n, options.two_colours_each)
    first = rng.below(n) if options.random_first_player else 0
    # [RES-DB3]: the draft starter is drawn separately from the first player.
    starter = rng.below(n) if n == 4 else None
    return SetupDealt(colours, first, starter)


def is_possible_setup(state: DiceBoxState, action: SetupDealt) -> str | None:
    """Why this SetupDealt could not come out of the setup draw for these options, or None."""
    options, n = state.options, state.seat_count
    per_seat = 2 if options.two_colours_each else 1
    if len(action.colours) != n or any(len(colours) != per_seat for colours in action.colours):
        if per_seat == 1:
            return _("Each of the {n} seats scores 1 colour.").format(n=n)
        return _("Each of the {n} seats scores {count} colours.").format(n=n, count=per_seat)
    dealt = [c for colours in action.colours for c in colours]
    if len(set(dealt)) != len(dealt) or Colour.SEED in dealt:
        return _("No two players may score the same colour, and nobody scores the seed.")
    if not options.random_colours and action.colours != colours_from_order(
        PLAYER_COLOURS, n, options.two_colours_each
    ):
        return _("Colours are dealt in order: red, yellow, blue, white.")
    if not 0 <= action.first_player < n or (not options.random_first_player and action.first_player != 0):
        return _("That seat cannot go first.")
    if (action.draft_starter is None) != (n != 4):
        return _("Only a 4-player game has a draft starter.")
    if action.draft_starter is not None and not 0 <= action.draft_starter < n:
        return _("That seat cannot start the draft.")
    return None
