"""Saves of every registered game (ARCHITECTURE.md §9, §12): seeded playouts survive a save and a load at
every point, and a log with its first entry removed is caught as tampering. Covers each game in `GAMES`
with no per-game code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rainbowtable.core.game import AnyRules
from rainbowtable.core.match import Match
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import default_seats
from rainbowtable.games import GAMES as ENTRIES
from rainbowtable.storage.save_errors import SaveTampered
from rainbowtable.storage.save_format import match_to_json
from rainbowtable.storage.save_replay import match_from_json
from rainbowtable.storage.saves import load_match, save_match

GAMES = [entry.rules for entry in ENTRIES]


def playout(rules: AnyRules, seat_count: int, seed: int) -> Match:
    """A whole game with every decision a seeded pick among the legal actions."""
    match = Match(rules, rules.default_options(), default_seats(seat_count, computers=1), seed)
    chooser = Rng(seed + 1)
    while not match.is_finished:
        if match.resolve_chance() is None:
            match.play(chooser.choice(list(rules.legal_actions(match.state))))
    return match


CASES = [(rules, count) for rules in GAMES for count in rules.seat_counts]


@pytest.mark.parametrize(("rules", "seat_count"), CASES, ids=[f"{r.id}-{n}" for r, n in CASES])
def test_prefixes_of_a_playout_round_trip(rules: AnyRules, seat_count: int) -> None:
    """§12 save round-trip: after steps all through a seeded playout, JSON out and back gives an equal match.

    Loading replays the whole log, so checking every prefix of a long game costs the square of its length:
    the first and last dozen steps and evenly spread ones between (at most about 80 in all) are checked.
    Each game's own property test round-trips every position it reaches through the JSON codec."""
    match = playout(rules, seat_count, seed=1000 + seat_count)
    full = match.steps[:]
    total = len(full) + 1
    stride = max(1, total // 56)
    keeps = sorted({*range(min(12, total)), *range(max(0, total - 12), total), *range(0, total, stride)})
    for keep in keeps:
        match.steps[:] = full[:keep]
        loaded = match_from_json(json.loads(json.dumps(match_to_json(match))))
        assert loaded.steps == match.steps
        assert loaded.state == match.state
        assert loaded.rng_state == match.rng_state


@pytest.mark.parametrize("rules", GAMES, ids=[r.id for r in GAMES])
def test_finished_game_round_trips_through_a_file(rules: AnyRules, tmp_path: Path) -> None:
    match = playout(rules, rules.seat_counts.start, seed=7)
    path = tmp_path / "game.json"
    save_match(match, path)
    loaded = load_match(path)
    assert loaded.steps == match.steps
    assert loaded.is_finished


@pytest.mark.parametrize("rules", GAMES, ids=[r.id for r in GAMES])
def test_removing_the_first_entry_is_tampering(rules: AnyRules) -> None:
    """Every game starts at a chance event, so a log missing its first entry fails at log[0]."""
    body = match_to_json(playout(rules, rules.seat_counts.start, seed=11))
    del body["log"][0]
    body["turn"] -= 1
    with pytest.raises(SaveTampered) as caught:
        match_from_json(body)
    assert caught.value.entry == 0
