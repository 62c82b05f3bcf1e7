"""A records store filled with finished games of several kinds (issue 43's Records screen, its tests and
the layout audit): people with long names and computers at each level, each game saved in the saves folder
(so its record can open its replay) but one, and dates a day apart. Holds no assertions."""

from __future__ import annotations

import functools
import sqlite3

from rainbowtable.core.match import Match
from rainbowtable.core.seats import SEAT_COLOURS, Level, Seat, SeatKind
from rainbowtable.storage.paths import Paths
from rainbowtable.storage.records import RecordsStore
from rainbowtable.storage.saves import save_match
from tests.looking_back import played

FIRST_DAY = 1_760_000_000.0
PEOPLE = ("Priya Ramaswamy", "Bartholomew")
GAMES = (
    ("dice_box", 2, Level.EASY),
    ("dice_box", 3, Level.HARD),
    ("rainbow_passage", 2, Level.MEDIUM),
    ("dice_box", 2, Level.MEDIUM),
    ("colosseum_offcuts", 2, Level.EASY),
    ("regenboog", 3, Level.EASY),
    ("dice_box", 2, Level.HARD),
    ("rainbows", 3, Level.MEDIUM),
    ("rainbow_passage", 2, Level.EASY),
    ("dice_box", 3, Level.EASY),
)
"""(game, seats, the computers' level): a person in the first seat, the second person in some games."""


def _seats(index: int, count: int, level: Level) -> tuple[Seat, ...]:
    """The seats of game `index`: the colours turn from game to game, as players pick them."""
    colours = [SEAT_COLOURS[(index // 2 + i) % len(SEAT_COLOURS)] for i in range(count)]
    people = [Seat(PEOPLE[0], SeatKind.HUMAN, Level.EASY, colours[0])]
    if index % 3 == 1:
        people.append(Seat(PEOPLE[1], SeatKind.HUMAN, Level.EASY, colours[1]))
    computers = [
        Seat(f"Computer {i + 1}", SeatKind.COMPUTER, level, colours[i]) for i in range(len(people), count)
    ]
    return (*people, *computers)


@functools.cache
def finished_games() -> tuple[Match, ...]:
    """The games, played to their ends by the computer for every seat (made once per test run)."""
    return tuple(
        played(game, seed=4400 + i, seats=_seats(i, count, level))
        for i, (game, count, level) in enumerate(GAMES)
    )


def fill_records(paths: Paths, *, games: int = len(GAMES)) -> list[Match]:
    """Record the first `games` games, each saved (all but the second), a day apart."""
    store = RecordsStore.open(paths)
    matches = list(finished_games()[:games])
    for i, match in enumerate(matches):
        save = None
        if i != 1:
            save = paths.saves_dir / f"finished {i}.json"
            save_match(match, save)
        assert store.record(match, save=save)
    with sqlite3.connect(paths.records_path) as db:
        for i, match in enumerate(matches):
            day = FIRST_DAY + i * 86_400
            db.execute(
                "UPDATE games SET started = ?, finished = ? WHERE seed = ? AND game = ?",
                (day - 1_200 - 60 * i, day, str(match.seed), match.rules.id),
            )
    db.close()
    return matches
