"""The benchmark runs and reports every figure issue 2 asks for (its numbers are for people to read: nothing
here asserts a time)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
