"""`python -m rainbowtable.bench [--json] [--quick]`: the table's measured figures.

startup_s        process start to the first drawn title frame (median of 5, SDL dummy driver)
startup_floor_s  the same for a bare pygame + pygame_gui window with a few widgets, measured in this run
startup_settled_s  process start to the end of what the table does right after its first frame (sound on,
                 pygame_gui loaded for the other screens): the title draws without pygame_gui, so the
                 window shows first and the rest follows before anyone can react
frame_ms         per game: p50/p99 compute time per frame at 1920x1080 in a busy play scene, animating: the
                 CPU time of the drawing thread (time.thread_time), so that time the machine gives to other
                 processes mid-frame is not counted as the table's
idle_frames      frames drawn over 2 s of an idle table (it should draw almost none)
actions_per_s    per game: applied actions per second in seeded random playouts
ai_move_ms       per game and level: median and p95 decision time
save_ms, load_ms the longest known Dice Box game saved and loaded (load includes replay verification), and
                 load_ms_per_action: Dice Box games stay far below 300 actions
rss_mb           peak resident memory of this process
package_mb, package_startup_s  the PyInstaller folder in dist/, when one has been built
Targets (issue 2): startup <= 1.5x floor; frame p99 <= 2 ms; >= 5,000 actions/s; AI median <= 250 ms at
Medium; save <= 10 ms; load <= 150 ms. Nothing here is asserted: the figures are for people to read.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

FLOOR_SCRIPT = r"""
import os, time, sys
import pygame, pygame_gui
pygame.init()
screen = pygame.display.set_mode((1280, 720))
manager = pygame_gui.UIManager((1280, 720))
for i in range(15):
    pygame_gui.elements.UIButton(pygame.Rect(20, 20 + i * 40, 200, 36), f"Button {i}", manager)
manager.update(0.016)
screen.fill((30, 60, 60))
manager.draw_ui(screen)
pygame.display.flip()
print("rainbowtable: ready", flush=True)
"""


def headless_env(home: Path) -> dict[str, str]:
    """The environment for running the app as a subprocess with no screen, no sound and its own data
    folder, announcing its first frame; shared with the tests that start the app."""
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        RAINBOWTABLE_HOME=str(home),
        RAINBOWTABLE_REPORT_READY="1",
    )
    return env


def time_to_ready(
    command: list[str], env: dict[str, str], cwd: Path | None = None, marker: str = "ready"
) -> float:
    """Seconds from spawning `command` to its 'rainbowtable: ready' line (or another `marker`)."""
    start = time.perf_counter()
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=cwd, text=True
    ) as process:
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith(f"rainbowtable: {marker}"):
                elapsed = time.perf_counter() - start
                process.kill()
                return elapsed
        process.wait()
    raise RuntimeError(f"{command[0]} never reported {marker}")


def measure_startup(runs: int, home: Path) -> dict[str, float]:
    root = Path(__file__).resolve().parent.parent
    # An installed app has its bytecode compiled (pip does it); do the same here so that a machine with
    # PYTHONDONTWRITEBYTECODE set measures start-up, not the compiler.
    compileall.compile_dir(str(root / "rainbowtable"), quiet=1)
    app = [sys.executable, str(root / "main.py"), "--quit-after", "30"]
    floor = [sys.executable, "-c", FLOOR_SCRIPT]
    env = headless_env(home)
    time_to_ready(app, env)  # warm the file cache once for both
    time_to_ready(floor, env)
    app_times = [time_to_ready(app, env) for _ in range(runs)]
    floor_times = [time_to_ready(floor, env) for _ in range(runs)]
    settled_times = [time_to_ready(app, env, marker="settled") for _ in range(runs)]
    return {
        "startup_s": round(statistics.median(app_times), 4),
        "startup_floor_s": round(statistics.median(floor_times), 4),
        "startup_settled_s": round(statistics.median(settled_times), 4),
    }


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def _full_hd_table() -> Any:
    """A headless table at 1920x1080 with animation at normal speed and no sound: where frames are timed."""
    import logging

    from rainbowtable.storage.paths import default_paths
    from rainbowtable.storage.settings import Settings
    from rainbowtable.ui.boot import make_context
    from rainbowtable.ui.loop import Table

    paths = default_paths()
    paths.ensure()
    ctx = make_context(
        paths,
        logging.getLogger("rainbowtable.bench"),
        settings=Settings(animation_speed=1.0),
        size=(1920, 1080),
        sound=False,
    )
    return Table(ctx)


def measure_frames(frames: int) -> tuple[dict[str, dict[str, float]], int]:
    """Per game: a 1920x1080 play scene, mid-game, with dice tumbling and a die in hand, drawn every frame."""
    import pygame

    from rainbowtable.core.match import Match
    from rainbowtable.core.seats import default_seats
    from rainbowtable.games import GAMES
    from rainbowtable.ui.scenes import navigation
    from rainbowtable.ui.scenes.play import PlayScene

    table = _full_hd_table()
    ctx = table.ctx
    out: dict[str, dict[str, float]] = {}
    idle_drawn = 0
    for rules in (entry.rules for entry in GAMES):
        match = Match(rules, rules.default_options(), default_seats(rules.seat_counts[-1]), 1234)
        match.advance()
        for _ in range(8):  # into the middle of the game
            legal = rules.legal_actions(match.state)
            if not legal:
                break
            match.play(legal[len(legal) // 2])
            match.advance()
        navigation.open_play(ctx, match)
        scene = ctx.scenes.top
        assert isinstance(scene, PlayScene)
        for _ in range(3):
            table.step(1 / 60, [])
        times: list[float] = []
        for i in range(frames):
            if scene.animation is None or scene.animation.done:
                # Keep something moving: replay the animation of the last step.
                last = match.steps[-1]
                before = match.steps[-2].state if len(match.steps) > 1 else match.initial_state
                scene.animation = scene.view.animation_for(
                    before, last.action, last.state, 1.0, scene._look()
                )
            if i % 2 == 0:
                pygame.mouse.set_pos((200 + i % 600, 300 + i % 300))
            started = time.thread_time()
            table.force_draw = True
            table.step(1 / 60, [])
            times.append((time.thread_time() - started) * 1000)
        out[rules.id] = {"p50": round(_percentile(times, 0.5), 3), "p99": round(_percentile(times, 0.99), 3)}
        # Idle: no events, no animation; count frames drawn over two simulated seconds.
        scene.animation = None
        scene.pause_s = 0
        table.since_event_s = 10.0
        scene.dirty = False
        if not scene.is_busy():
            for _ in range(120):
                if table.step(1 / 60, []):
                    idle_drawn += 1
    pygame.quit()
    return out, idle_drawn


def measure_engine(games: int) -> dict[str, float]:
    from rainbowtable.core.match import Match
    from rainbowtable.core.rng import Rng
    from rainbowtable.core.seats import default_seats
    from rainbowtable.games import GAMES

    out: dict[str, float] = {}
    for rules in (entry.rules for entry in GAMES):
        applied = 0
        elapsed = 0.0
        for seed in range(games):
            rng = Rng.from_seed(seed)
            match = Match(rules, rules.default_options(), default_seats(rules.seat_counts[-1]), seed)
            state = match.initial_state
            started = time.perf_counter()
            while True:
                who = rules.to_act(state)
                kind = type(who).__name__
                if kind == "Finished":
                    break
                if kind == "Chance":
                    action = rules.sample_chance(state, rng)
                else:
                    legal = rules.legal_actions(state)
                    action = legal[rng.below(len(legal))]
                state = rules.apply(state, action)
                applied += 1
            elapsed += time.perf_counter() - started
        out[rules.id] = round(applied / elapsed)
    return out


def measure_ai(decisions: int) -> dict[str, dict[str, dict[str, float]]]:
    from rainbowtable.ai.players import choose_action
    from rainbowtable.core.game import Players
    from rainbowtable.core.match import Match
    from rainbowtable.core.rng import Rng
    from rainbowtable.core.seats import Level, default_seats
    from rainbowtable.games import GAMES

    out: dict[str, dict[str, dict[str, float]]] = {}
    for rules in (entry.rules for entry in GAMES):
        # Positions from seeded games between Medium players, two seats (the most common table).
        positions: list[tuple[Any, int]] = []
        seed = 0
        while len(positions) < decisions:
            seed += 1
            match = Match(rules, rules.default_options(), default_seats(rules.seat_counts[0]), seed)
            rng = Rng.from_seed(seed)
            match.advance()
            while not match.is_finished and len(positions) < decisions:
                who = match.to_act()
                assert isinstance(who, Players)
                positions.append((match.state, who.seats[0]))
                match.play(choose_action(rules, match.state, who.seats[0], Level.MEDIUM, rng))
                match.advance()
        per_level: dict[str, dict[str, float]] = {}
        for level in Level:
            rng = Rng.from_seed(99)
            times = []
            for state, seat in positions:
                started = time.perf_counter()
                choose_action(rules, state, seat, level, rng)
                times.append((time.perf_counter() - started) * 1000)
            per_level[level.value] = {
                "median": round(statistics.median(times), 3),
                "p95": round(_percentile(times, 0.95), 3),
            }
        out[rules.id] = per_level
    return out


# The longest Dice Box game found in 4,500 seeded games of uniformly random play (2, 3 and 4 seats, seeds
# 1..1500 each): 4 seats, seed 1008, 102 actions. Dice Box games do not reach 300 actions, so the report
# also gives the load time per action, from which longer logs scale (replay is linear in the log).
LONGEST_SEATS, LONGEST_SEED = 4, 1008


def measure_saves(home: Path) -> dict[str, float]:
    """Save and load (with replay verification) of the longest Dice Box game we know of."""
    from rainbowtable.core.match import Match
    from rainbowtable.core.rng import Rng
    from rainbowtable.core.seats import default_seats
    from rainbowtable.games import rules_by_id
    from rainbowtable.storage.saves import load_match, save_match

    rules = rules_by_id("dice_box")
    longest = Match(rules, rules.default_options(), default_seats(LONGEST_SEATS), LONGEST_SEED)
    rng = Rng.from_seed(LONGEST_SEED)
    longest.advance()
    while not longest.is_finished:
        legal = rules.legal_actions(longest.state)
        longest.play(legal[rng.below(len(legal))])
        longest.advance()
    path = home / "bench-save.json"
    save_times, load_times = [], []
    for _ in range(20):
        started = time.perf_counter()
        save_match(longest, path)
        save_times.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        load_match(path)
        load_times.append((time.perf_counter() - started) * 1000)
    return {
        "save_ms": round(statistics.median(save_times), 3),
        "load_ms": round(statistics.median(load_times), 3),
        "load_ms_per_action": round(statistics.median(load_times) / len(longest.steps), 4),
        "save_actions": len(longest.steps),
        "save_bytes": path.stat().st_size,
    }


def measure_package(home: Path, runs: int) -> dict[str, float]:
    root = Path(__file__).resolve().parent.parent
    folder = root / "dist" / "rainbowtable"
    exe = folder / ("rainbowtable.exe" if sys.platform == "win32" else "rainbowtable")
    if not exe.exists():
        return {}
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    env = headless_env(home)
    time_to_ready([str(exe), "--quit-after", "30"], env)
    times = [time_to_ready([str(exe), "--quit-after", "30"], env) for _ in range(runs)]
    return {"package_mb": round(size / 1e6, 1), "package_startup_s": round(statistics.median(times), 4)}


def measure_builder(frames: int) -> dict[str, Any]:
    """The Rainbow Passage Board Builder (issue 3): `builder_frame_ms`, p50/p99 compute time per frame at
    1920x1080 while a section lifted off a full 13x13 board is dragged over it (target p99 <= 2 ms); and
    `assembly_ms`, per legal size, the median time of a whole random board over 20 seeds (well under a
    second is the target)."""

    import pygame

    from rainbowtable.core.rng import Rng
    from rainbowtable.games.rainbow_passage.assembly import random_board
    from rainbowtable.games.rainbow_passage.components import Box
    from rainbowtable.games.rainbow_passage.frame import LEGAL_SIZES
    from rainbowtable.ui.scenes import navigation
    from rainbowtable.ui.scenes.board_builder import BoardBuilderScene

    box = Box.generate(1)
    assembly: dict[str, float] = {}
    for width, height in LEGAL_SIZES:
        times: list[float] = []
        for seed in range(20):
            started = time.perf_counter()
            random_board(box, (width, height), Rng.from_seed(seed))
            times.append((time.perf_counter() - started) * 1000)
        assembly[f"{width}x{height}"] = round(statistics.median(times), 2)

    table = _full_hd_table()
    ctx = table.ctx
    navigation.open_builder(ctx, random_board(box, (13, 13), Rng.from_seed(7)).to_draft(box))
    scene = ctx.scenes.top
    assert isinstance(scene, BoardBuilderScene)
    for _ in range(3):
        table.step(1 / 60, [])
    # Press on a placed section (a long one, away from the cross): it is lifted and follows the mouse.
    lifted = next(p for p in scene.draft.placements if p.section_id.startswith("long-"))
    start = scene.board_view.cell_rect(lifted.cells[0]).center
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    assert scene.held is not None
    grid = scene.board_view.grid
    times = []
    for i in range(frames):
        # Sweep the board row by row, a few pixels a frame, so the ghost crosses legal and illegal spots.
        x = grid.x + (i * 7) % grid.w
        y = grid.y + (i * 7 // grid.w * 23) % grid.h
        motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(7, 0), buttons=(1, 0, 0))
        started = time.thread_time()
        table.force_draw = True
        table.step(1 / 60, [motion])
        times.append((time.thread_time() - started) * 1000)
    pygame.quit()
    return {
        "builder_frame_ms": {
            "p50": round(_percentile(times, 0.5), 3),
            "p99": round(_percentile(times, 0.99), 3),
        },
        "assembly_ms": assembly,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rainbowtable.bench")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="fewer samples (for a smoke test)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with tempfile.TemporaryDirectory(prefix="rainbowtable-bench-") as tmp:
        home = Path(tmp)
        os.environ["RAINBOWTABLE_HOME"] = str(home)
        report: dict[str, Any] = {}
        report.update(measure_startup(2 if args.quick else 5, home))
        report["startup_ratio"] = round(report["startup_s"] / report["startup_floor_s"], 2)
        frames, idle = measure_frames(30 if args.quick else 300)
        report["frame_ms"] = frames
        report["idle_frames_in_2s"] = idle
        report["actions_per_s"] = measure_engine(5 if args.quick else 60)
        report["ai_move_ms"] = measure_ai(10 if args.quick else 80)
        report.update(measure_builder(60 if args.quick else 600))  # builder_frame_ms, assembly_ms
        report.update(measure_saves(home))
        report.update(measure_package(home, 2 if args.quick else 5))
        report["rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        for key, value in report.items():
            print(f"{key:>18}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
