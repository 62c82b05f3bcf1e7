"""The benchmark runs and reports every figure issue 2 asks for (its numbers are for people to read: nothing
here asserts a time)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rainbowtable.bench import headless_env
from rainbowtable.core.seats import Level
from rainbowtable.games import GAMES


def test_quick_benchmark_reports_every_figure(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rainbowtable.bench", "--json", "--quick", "--review"],
        env=headless_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    for key in ("startup_s", "startup_floor_s", "startup_settled_s", "save_ms", "load_ms", "rss_mb"):
        assert report[key] > 0, key
    assert report["startup_settled_s"] >= report["startup_s"]
    assert report["idle_frames_in_2s"] >= 0
    assert report["save_actions"] > 0 and report["load_ms_per_action"] > 0
    assert report["resize_ms"]["max"] > 0 and report["resize_ms"]["settle"]["play"] > 0
    for game in GAMES:
        assert 0 < report["frame_ms"][game.id]["p50"] <= report["frame_ms"][game.id]["p99"]
        assert report["actions_per_s"][game.id] > 0
        # Issue 40: the save after a step, as the autosave makes it, in the game's longest known game.
        assert report["autosave_ms"][game.id]["median"] > 0 and report["autosave_ms"][game.id]["steps"] > 0
        assert set(report["ai_move_ms"][game.id]) == {level.value for level in Level}
        # Issue 40: every game has something to drag mid-game, and the drag is timed too.
        assert 0 < report["frame_ms"][game.id]["drag_p50"] <= report["frame_ms"][game.id]["drag_p99"]
        # Issue 43: jumping in the replay of the game's longest game, and reviewing (the first positions of)
        # it at the game's default depth.
        jumps = report["replay_jump_ms"][game.id]
        assert 0 < jumps["p50"] <= jumps["max"] and jumps["steps"] > 0 and jumps["snapshots"] > 0
        assert report["review_s"][game.id]["positions"] == 20 and report["review_s"][game.id]["cpu_s"] >= 0
    # Issue 40: the default run leaves the match-ups to --ai, and says how long it took.
    assert "ai_vs_yardstick" not in report and "ai_ladder" not in report
    assert report["bench_s"] > 0 and report["startup_settled_ratio"] >= report["startup_ratio"] > 0


def _first_seat_wins_even_seeds(
    jobs: list[tuple[str, tuple[str, ...], int, bool | None]], workers: int = 1
) -> list[tuple[list[float], list[float]]]:
    """Stands in for `bench.play_jobs`: the seat of the seed's first player (seed % seats) wins every
    even seed and is last on odd ones; a cooperative table wins its even seeds."""
    played = []
    for _game, names, seed, _large in jobs:
        n = len(names)
        won = seed % 2 == 0
        results = [0.0] * n
        results[seed % n if won else (seed + 1) % n] = 1.0
        if n == 1 or names.count(names[0]) == n:
            results = [1.0 if won else 0.0] * n
        aheads = [1.0 if r else 0.0 for r in results]
        played.append((results, aheads))
    return played


def test_the_yardstick_figures_give_each_table_with_its_interval_and_game_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 41: `--ai` reads Hard against the yardstick per table (Rainbows at 3, 4 and 5 seats) and the
    ladder, each share with its 95% interval, game count and (against the yardstick) the equal share; a
    cooperative table's win rates, De Regenboog's boards among them, the same way."""
    from rainbowtable import bench

    monkeypatch.setattr(bench, "play_jobs", _first_seat_wins_even_seeds)
    report = bench.measure_yardstick(10, only={"rainbows", "dice_box", "regenboog"})
    assert set(report["rainbows"]) == {"3_seats", "4_seats", "5_seats"}
    five = report["rainbows"]["5_seats"]
    assert five["hard_vs_yardstick"] == 0.5 and five["hard_vs_yardstick_games"] == 10
    assert five["hard_vs_yardstick_ci95"] == bench.wilson_interval(5, 10)
    assert five["equal_share"] == 0.2 and five["hard_ahead_of_yardstick"] == 0.5
    assert (
        set(report["dice_box"]) == {"2_seats"}
        and "hard_ahead_of_yardstick" not in report["dice_box"]["2_seats"]
    )
    table = report["regenboog"]["2_seats"]
    assert table["hard_table"] == table["yardstick_table"] == 0.5
    assert table["hard_table_games"] == 10 and table["hard_table_ci95"] == bench.wilson_interval(5, 10)
    ladder = bench.measure_ladder(10, only={"rainbows"})["rainbows"]
    assert ladder["hard_vs_medium"] == 0.5 and ladder["hard_vs_medium_ci95"] == bench.wilson_interval(5, 10)
    assert ladder["medium_vs_easy_games"] == 10
    boards = bench.measure_regenboog_boards(10)
    assert set(boards) == {
        f"{'large' if large else 'standard'}_{seats}_players" for seats, large in bench.REGENBOOG_TABLES
    }
    assert boards["large_6_players"] == {
        "hard_table": 0.5,
        "hard_table_ci95": bench.wilson_interval(5, 10),
        "hard_table_games": 10,
    }
