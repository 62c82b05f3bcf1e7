"""Seeded games for the tests of issue 43 (replay, review, records, dice fairness): computer seats at a level
play a game of each kind to its end, or to a number of steps. Holds no assertions."""

from __future__ import annotations

from typing import Any

from rainbowtable.core.match import Match
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import SEAT_COLOURS, Level, Seat, SeatKind
from rainbowtable.games import entry_by_id

GAME_SEATS = {
    "dice_box": 3,
    "rainbow_passage": 2,
    "rainbows": 3,
    "colosseum_offcuts": 2,
    "regenboog": 3,
}
"""A table for each game small enough that its seeded Easy games finish in well under a second."""
DICE_GAMES = ("dice_box", "rainbow_passage", "regenboog")
"""The games that roll dice."""


def computer_seats(count: int, level: Level = Level.EASY) -> tuple[Seat, ...]:
    return tuple(Seat(f"Computer {i + 1}", SeatKind.COMPUTER, level, SEAT_COLOURS[i]) for i in range(count))


def played(
    game_id: str,
    seed: int,
    *,
    seat_count: int | None = None,
    seats: tuple[Seat, ...] | None = None,
    level: Level = Level.EASY,
    steps: int | None = None,
    options: Any = None,
) -> Match:
    """A match of `game_id` whose seats are played by the game's computer at `level` (the players' stream
    forked from the seed) until it is over, or until it has at least `steps` steps."""
    entry = entry_by_id(game_id)
    rules = entry.rules
    if seats is None:
        seats = computer_seats(seat_count or GAME_SEATS[game_id], level)
    match = Match(rules, options if options is not None else rules.default_options(), seats, seed)
    rng = Rng.from_seed(seed).fork("players")
    match.advance()
    while not match.is_finished and (steps is None or len(match.steps) < steps):
        seat = match.seats_to_act()[0]
        seen = rules.observe(match.state, seat) if rules.hides_information else match.state
        match.play(entry.player(seen, seat, level, rng), seat)
        match.advance()
    return match
