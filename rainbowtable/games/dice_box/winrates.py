"""Measure the Dice Box computer levels against each other, and the speed of random playouts.

Run `python -m rainbowtable.games.dice_box.winrates --games 300`. Every pairing plays the same seeded
2-player games (game i uses seed i; the levels swap seats every game) and reports the first level's win
rate (a shared win counts half), plus the median and slowest decision time per level. Holds the measuring
only; the players are in `ai.py`. Nothing here is used by the app; the benchmark (`python -m
rainbowtable.bench --ai`) has the same figures for every game, and Hard against the yardstick.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from rainbowtable.ai.budget import set_clock
from rainbowtable.core.game import Chance, Finished
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.dice_box.ai import choose_action
from rainbowtable.games.dice_box.model import DiceBoxOptions, DiceBoxState
from rainbowtable.games.dice_box.rules import RULES

PAIRINGS: tuple[tuple[Level, Level], ...] = (
    (Level.HARD, Level.EASY),
    (Level.MEDIUM, Level.EASY),
    (Level.HARD, Level.MEDIUM),
)


@dataclass
class Tally:
    games: int = 0
    points: float = 0.0  # wins of the first level; a shared win counts half
    seconds: dict[Level, list[float]] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        return self.points / self.games if self.games else 0.0


def play_game(
    levels: Sequence[Level], seed: int, options: DiceBoxOptions, tally: Tally | None = None
) -> frozenset[int]:
    """One computer-only game; returns the winning seats."""
    state = RULES.new_game(options, len(levels))
    match_rng = Rng.from_seed(seed)
    ai_rngs = [match_rng.fork(f"ai-{seat}") for seat in range(len(levels))]
    while True:
        who = RULES.to_act(state)
        if isinstance(who, Finished):
            return who.outcome.winners
        if isinstance(who, Chance):
            action = RULES.sample_chance(state, match_rng)
        else:
            seat = who.seats[0]
            started = time.perf_counter()
            action = choose_action(state, seat, levels[seat], ai_rngs[seat])
            if tally is not None:
                tally.seconds.setdefault(levels[seat], []).append(time.perf_counter() - started)
        state = RULES.apply(state, action)


def head_to_head(first: Level, second: Level, games: int, options: DiceBoxOptions) -> Tally:
    """`first` against `second` over seeds 0..games-1, `first` in seat 1 on even seeds, seat 2 on odd."""
    tally = Tally()
    for seed in range(games):
        first_seat = seed % 2
        levels = [second, second]
        levels[first_seat] = first
        winners = play_game(levels, seed, options, tally)
        tally.games += 1
        if first_seat in winners:
            tally.points += 1.0 / len(winners)
    return tally


def random_playout(seed: int, seat_count: int | None = None) -> tuple[DiceBoxState, int]:
    """A seeded game of uniformly random legal moves to the end, through the rules contract: the final
    state and how many actions it took. Seats cycle 2, 3, 4 with the seed unless given."""
    state = RULES.new_game(RULES.default_options(), seat_count or 2 + seed % 3)
    rng = Rng.from_seed(seed)
    actions = 0
    while not isinstance(who := RULES.to_act(state), Finished):
        action = (
            RULES.sample_chance(state, rng)
            if isinstance(who, Chance)
            else rng.choice(RULES.legal_actions(state))
        )
        state = RULES.apply(state, action)
        actions += 1
    return state, actions


def random_playout_rate(games: int) -> tuple[int, float]:
    """Actions per second of seeded random playouts over 2, 3 and 4 players (rules speed only)."""
    actions = 0
    started = time.perf_counter()
    for seed in range(games):
        actions += random_playout(seed)[1]
    return actions, actions / (time.perf_counter() - started)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per pairing (default 300)")
    parser.add_argument("--two-colours-each", action="store_true", help="play the 2-colour option")
    parser.add_argument("--playouts", type=int, default=1000, help="random playouts for the speed figure")
    args = parser.parse_args(argv)
    # Budgets count this thread's processor time, so other work on the machine does not weaken Hard.
    set_clock(time.thread_time)
    options = DiceBoxOptions(two_colours_each=args.two_colours_each)
    for first, second in PAIRINGS:
        tally = head_to_head(first, second, args.games, options)
        timing = "; ".join(
            f"{level.value} median {statistics.median(s) * 1000:.1f} ms, max {max(s) * 1000:.0f} ms"
            for level, s in tally.seconds.items()
        )
        print(
            f"{first.value:>6} vs {second.value:<6}: {first.value} wins {tally.rate:6.1%} "
            f"of {tally.games} games ({timing})"
        )
    if args.playouts:
        actions, rate = random_playout_rate(args.playouts)
        print(f"random playouts: {args.playouts} games, {actions} actions, {rate:,.0f} actions/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
