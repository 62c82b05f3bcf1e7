"""`python -m rainbowtable.bench [--json] [--quick]`: the table's measured figures, each with its goal.

The default run measures everything but the computer players' match-ups, in a few minutes (`bench_s`: its
own wall time; under 3 minutes on a 2-core machine). `--ai` runs the computer-player figures with the
match-ups (hours). Nothing here is asserted: the figures are for people to read. Times of the table and the
engine are the measuring thread's processor time, so that time a busy machine gives to other processes is
not counted as the table's. After the start-up figures, this process runs the collector as the app does
once its table has settled (`collect_as_the_app_does`): what exists is frozen, and each search or save
freezes what it made (`core/collector.py`), so frames and decisions are timed as a player gets them.

Default run (goal in brackets)
startup_s        process start to the first drawn title frame (median of 15 starts, SDL dummy driver)
startup_floor_s  the same for a bare pygame + pygame_gui window with a few widgets, measured in this run
startup_ratio    the table's first frame over the floor's, start by start (each table start paired with a
                 floor start beside it, the floor first in every other pair; the median of the 15 pairs'
                 ratios) [<= 1.0]
startup_settled_s  process start to the end of what the table does right after its first frame (sound on,
                 pygame_gui loaded for the other screens): the title draws without pygame_gui, so the
                 window shows first and the rest follows before anyone can react
startup_settled_ratio  the same for startup_settled_s [<= 1.2]. These starts follow one that kept what every
                 start draws alike (the games' drawings, the first screen's words: `ui/picture_cache.py`),
                 as every start after a player's first does
startup_first_settled_ratio  the same for a player's first start (an empty data folder, nothing kept yet;
                 median of 3, each paired with a floor start)
frame_ms         per game, at 1920x1080 with the most seats, mid-game (played halfway through by a fixed
                 rule, so the last moves are marked, hints and the log show): p50/p99 of a frame while the
                 last step's animation plays over and over with the mouse moving [p99 <= 2 ms], and
                 drag_p50/drag_p99 while a piece is dragged over the board [drag_p99 <= 2 ms] (a game with
                 nothing to drag at that point has no drag figures); `FRAMES` frames each
idle_frames_in_2s  frames drawn over 2 s of an idle table, every game [0]
actions_per_s    per game: applied actions per second in seeded random playouts [>= 5,000]
ai_move_ms       per game and level: median and p95 decision time, wall clock and the thinking thread's
                 processor time (cpu_median, cpu_p95), over 24 positions from 2-seat Medium games (80 with
                 --ai) [Hard median <= 250 ms, p95 <= 600 ms; Medium median <= 30 ms]
builder_frame_ms the Rainbow Passage Board Builder: p50/p99 while a section is dragged over a full 13x13
                 board [p99 <= 2 ms]
assembly_ms      per legal size, the median time to assemble a random board [well under 1 s]
save_ms, load_ms the longest known Dice Box game saved and loaded (load includes replay verification)
                 [save <= 10 ms, load <= 150 ms], and load_ms_per_action: Dice Box games stay far below 300
                 actions. The save is the first of a match no save has checked, so its read-back check
                 replays the whole game
autosave_ms      per game, the longest game we know of (`LONGEST_GAMES`): the save after its last step when
                 the step before was saved, as the table's autosave after every step (its check replays the
                 new step only, `storage/save_replay.py`): median of 9, with the steps [<= 10 ms in Dice Box,
                 <= 0.05 ms a step in every game]
replay_jump_ms   per game, the longest game we know of (`LONGEST_GAMES`): the worst (`max`) and median time
                 to show any position of its replay (`core/replay.py`), each jump made from the set-up so the
                 position shown last never helps, with the steps, the snapshots kept and the time to build the
                 replay from the match (`build`) [max <= 20 ms]
review_s         with --review only (it takes minutes): per game, the same game's whole review at the game's
                 default depth (`ai/review.py`, `GameEntry.review_simulations`): the reviewing thread's
                 processor time (`cpu_s`), the wall time (`wall_s`), positions judged and simulations a
                 position; --quick reviews the first 20 positions only [Dice Box <= 60 s]
rss_mb           peak resident memory of this process
package_mb, package_startup_s, package_startup_ratio  the PyInstaller folder in dist/ (`python -m
                 rainbowtable.build`) when one has been built: its size, process start to the first title
                 frame of the executable (median of 9), and that over the app's own from source, each start
                 of the executable paired with one of the app (median of the pairs' ratios)
                 [package_startup_ratio <= 1.5]
resize_ms        the worst frame while the window is dragged to new sizes with a dialog open (`max`, and
                 per screen in `drag`) [<= 100 ms], and the one frame that lays the screens out for the
                 final size once it rests (`settle`); processor time (bench_resize.py)
bench_s          the default run's wall time [< 180 s; --review adds about as much again]

Computer players (`--ai`; `--game ID` and `--figure NAME` pick some, `--games N` sets the match-ups'
size, `--jobs N` plays their games in N worker processes; budgets count processor time, so the figures do
not depend on --jobs)
ai_move_ms       as above, over 80 positions
ai_vs_yardstick  per game and table (`N_seats`: the fewest seats; Rainbows at 3, 4 and 5): Hard's share of
                 the results against the game-agnostic reference player of issue 10 (`yardstick_action`:
                 UCT c = 1.4, random rollouts, 1,000 simulations a move) in the other seats, seats
                 rotated, 100 seeded games (`--games`), with its 95% interval (Wilson), game count and
                 the equal share; a cooperative game reports the win rate of a two-seat table of Hard and
                 one of the yardstick [Hard >= 60%; Rainbows >= 45% at 3 seats, >= 1.35 x the equal
                 share at 4 and 5]
regenboog_hard_table_wins  De Regenboog's all-Hard table win rate at 2, 4 and 6 players on the standard
                 board and 4 and 6 on the large one (it needs four): `hard_table`, with its 95% interval
                 (Wilson, `hard_table_ci95`) and game count (`hard_table_games`; seeds 0..games-1)
ai_ladder        per game: Medium's share against Easy and Hard's against Medium over 200 seeded games,
                 each with its 95% interval and game count; a cooperative game: the win rate of a
                 two-seat table at each level. A game for three or
                 more seats (Rainbows) also gives *_ahead_of_*: the share of its rivals the first player
                 finished ahead of, the head-to-head reading (a win share's parity there is 1/3)
                 [Medium >= 65% against Easy, Hard >= 65% against Medium]
ai_games         how many seeded games each match-up played
"""

from __future__ import annotations

import argparse
import compileall
import functools
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

from rainbowtable.bench_resize import measure_resize

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


STARTUP_PAIRS = 15
"""Starts of the table and of the floor, one of each in turn (`measure_startup`). A pair's ratio ranges
over about a third from pair to pair here (0.85 to 1.23 for the settled ratio in 16 pairs); with 9 pairs
the median still moved by 0.1 from run to run, so more pairs (about 0.6 s each)."""
FIRST_STARTS = 3
"""First starts (an empty data folder each) for `startup_first_settled_ratio`."""

FRAMES = 1000
"""Frames timed for each of `frame_ms`'s figures. With 300, a p99 was the third-slowest frame, and one
late frame of the machine's moved it by a fifth from run to run (Dice Box's read 1.76 to 2.05 ms in four
runs of the same code); with 1,000 it is the tenth (1.82 and 1.91 in two runs). About 8 s in all."""


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
    return times_to_markers(command, env, (marker,), cwd)[0]


def times_to_markers(
    command: list[str], env: dict[str, str], markers: tuple[str, ...], cwd: Path | None = None
) -> list[float]:
    """Seconds from spawning `command` to each of its 'rainbowtable: <marker>' lines, in one run (so a
    later marker's time is never below an earlier one's)."""
    start = time.perf_counter()
    found: dict[str, float] = {}
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=cwd, text=True
    ) as process:
        assert process.stdout is not None
        for line in process.stdout:
            for marker in markers:
                if marker not in found and line.startswith(f"rainbowtable: {marker}"):
                    found[marker] = time.perf_counter() - start
            if len(found) == len(markers):
                process.kill()
                return [found[m] for m in markers]
        process.wait()
    missing = [m for m in markers if m not in found]
    raise RuntimeError(f"{command[0]} never reported {', '.join(missing)}")


def measure_startup(runs: int, home: Path) -> dict[str, float]:
    """The table's start against the floor's, in `runs` pairs: one start of each in turn, so that a machine
    whose speed drifts during the measurement (other processes, another guest on the host) slows both
    alike, and each ratio is the median of the pairs' own ratios rather than of medians taken at different
    moments (measured here: batches of starts taken a minute apart differ by up to a fifth)."""
    root = Path(__file__).resolve().parent.parent
    # An installed app has its bytecode compiled (pip does it); do the same here so that a machine with
    # PYTHONDONTWRITEBYTECODE set measures start-up, not the compiler.
    compileall.compile_dir(str(root / "rainbowtable"), quiet=1)
    app = [sys.executable, str(root / "main.py"), "--quit-after", "30"]
    floor = [sys.executable, "-c", FLOOR_SCRIPT]
    env = headless_env(home)
    times_to_markers(app, env, ("settled",))  # warm the file cache once for both, and keep the drawings
    time_to_ready(floor, env)
    # A player's first start on a machine draws what later starts read back (`ui/picture_cache.py`):
    # measured apart, each in an empty folder.
    first = []
    for n in range(FIRST_STARTS):
        fresh = headless_env(home / f"first-{n}")
        first.append(times_to_markers(app, fresh, ("settled",))[0] / time_to_ready(floor, fresh))
    pairs = []
    for n in range(runs):
        # Ready and settled come from the same start: medians of separate starts could cross. Every other
        # pair starts the floor first: whichever process starts second finds more of the first one's files
        # and libraries warm, which made the table's ratio about 0.05 higher when it always went first.
        if n % 2:
            floor_s = time_to_ready(floor, env)
            ready, settled = times_to_markers(app, env, ("ready", "settled"))
        else:
            ready, settled = times_to_markers(app, env, ("ready", "settled"))
            floor_s = time_to_ready(floor, env)
        pairs.append((ready, settled, floor_s))
    return {
        "startup_s": round(statistics.median(ready for ready, _, _ in pairs), 4),
        "startup_floor_s": round(statistics.median(floor for _, _, floor in pairs), 4),
        "startup_settled_s": round(statistics.median(settled for _, settled, _ in pairs), 4),
        "startup_ratio": round(statistics.median(ready / floor for ready, _, floor in pairs), 2),
        "startup_settled_ratio": round(statistics.median(settled / floor for _, settled, floor in pairs), 2),
        "startup_first_settled_ratio": round(statistics.median(first), 2),
    }


def collect_as_the_app_does() -> None:
    """Run Python's cyclic collector from here on as the app does once its table has settled (`main.py`
    starts without it; `ui/loop.settle_collector` freezes what exists and has each search's and save's
    pause freeze what it made). Before, the tables here ran with the collector as Python starts it, and
    a decision's time took in a collection the app no longer makes (Dice Box's Hard: about 13 ms)."""
    import gc

    from rainbowtable.ui.loop import settle_collector

    gc.disable()
    settle_collector()


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


def _mid_game(rules: Any, seed: int) -> Any:
    """A match halfway through its game: played to the end once by a fixed rule (the middle legal action
    each time), then again to half that many actions, so the table shows a board that is half full, last
    moves marked, hints and a log, as a player sees them mid-game."""
    from rainbowtable.core.match import Match
    from rainbowtable.core.seats import default_seats

    def played(limit: int | None) -> Any:
        match = Match(rules, rules.default_options(), default_seats(rules.seat_counts[-1]), seed)
        match.advance()
        count = 0
        while not match.is_finished and (limit is None or count < limit) and count < 400:
            legal = rules.legal_actions(match.state)
            if not legal:
                break
            match.play(legal[len(legal) // 2])
            match.advance()
            count += 1
        return match, count

    _whole, length = played(None)
    return played(max(1, length // 2))[0]


def _drag_times(table: Any, scene: Any, frames: int) -> list[float]:
    """Frame times while a piece the player may move is held and dragged over the board (none when the game
    has nothing to drag at this point); the piece is put back where it was picked up, as a player does."""
    import pygame

    state = scene.match.state
    view = scene.view
    start = None
    for action in scene.rules.legal_actions(state):
        pair = view.input.target_of(action)
        rect = view.input.pick_rect(state, pair[0]) if pair is not None else None
        if rect is not None:
            start = rect.center
            break
    if start is None:
        return []
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    area = scene.board_rect
    times: list[float] = []
    for i in range(frames):
        # Sweep the board a few pixels a frame, over legal and illegal targets alike.
        x = area.x + (i * 9) % max(1, area.w)
        y = area.y + (i * 9 // max(1, area.w) * 37 + i * 3) % max(1, area.h)
        motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(9, 3), buttons=(1, 0, 0))
        started = time.thread_time()
        table.force_draw = True
        table.step(1 / 60, [motion])
        times.append((time.thread_time() - started) * 1000)
    # A right click puts the piece back (a drop where it came from would be refused, with a notice on
    # the screen for seconds: every frame drawn whole, in the next game's figures).
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=3)])
    return times


def measure_frames(frames: int) -> tuple[dict[str, dict[str, float]], int]:
    """Per game: a 1920x1080 play scene with the most seats, mid-game (`_mid_game`), the last step's
    animation replayed over and over with the mouse moving (p50, p99), then a piece dragged over the board
    (drag_p50, drag_p99); and the frames an idle table draws."""
    import pygame

    from rainbowtable.games import GAMES
    from rainbowtable.ui.scenes import navigation
    from rainbowtable.ui.scenes.play import PlayScene

    table = _full_hd_table()
    ctx = table.ctx
    out: dict[str, dict[str, float]] = {}
    idle_drawn = 0
    for rules in (entry.rules for entry in GAMES):
        match = _mid_game(rules, 1234)
        ctx.notices.clear()
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
                scene.animation = scene.view.motion.animation_for(
                    before, last.action, last.state, 1.0, scene._look()
                )
            if i % 2 == 0:
                pygame.mouse.set_pos((200 + i % 600, 300 + i % 300))
            started = time.thread_time()
            table.force_draw = True
            table.step(1 / 60, [])
            times.append((time.thread_time() - started) * 1000)
        figures = {"p50": round(_percentile(times, 0.5), 3), "p99": round(_percentile(times, 0.99), 3)}
        # Idle: no events, no animation; count frames drawn over two simulated seconds.
        scene.animation = None
        scene.pause_s = 0
        table.since_event_s = 10.0
        scene.dirty = False
        if not scene.is_busy():
            for _ in range(120):
                if table.step(1 / 60, []):
                    idle_drawn += 1
        dragged = _drag_times(table, scene, frames)
        for _ in range(12):
            # Nothing to drag here (a roll or a choice is due): the next position where there is.
            if dragged or match.is_finished:
                break
            legal = rules.legal_actions(match.state)
            match.play(legal[len(legal) // 2])
            match.advance()
            navigation.open_play(ctx, match)
            scene = ctx.scenes.top
            assert isinstance(scene, PlayScene)
            for _ in range(120):  # the step's animation lands
                table.step(1 / 60, [])
            dragged = _drag_times(table, scene, frames)
        if dragged:
            figures["drag_p50"] = round(_percentile(dragged, 0.5), 3)
            figures["drag_p99"] = round(_percentile(dragged, 0.99), 3)
        out[rules.id] = figures
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
            started = time.thread_time()
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
            elapsed += time.thread_time() - started
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
                seat = who.seats[0]
                positions.append((match.state, seat))
                seen = rules.observe(match.state, seat) if rules.hides_information else match.state
                match.play(choose_action(rules, seen, seat, Level.MEDIUM, rng))
                match.advance()
        per_level: dict[str, dict[str, float]] = {}
        for level in Level:
            rng = Rng.from_seed(99)
            times, cpu = [], []
            for state, seat in positions:
                seen = rules.observe(state, seat) if rules.hides_information else state
                started, started_cpu = time.perf_counter(), time.thread_time()
                choose_action(rules, seen, seat, level, rng)
                times.append((time.perf_counter() - started) * 1000)
                cpu.append((time.thread_time() - started_cpu) * 1000)
            per_level[level.value] = {
                "median": round(statistics.median(times), 3),
                "p95": round(_percentile(times, 0.95), 3),
                "cpu_median": round(statistics.median(cpu), 3),
                "cpu_p95": round(_percentile(cpu, 0.95), 3),
            }
        out[rules.id] = per_level
    return out


# --- computer players: the yardstick, the ladder -------------------------------------------------------

YARDSTICK_SIMULATIONS = 1000
YARDSTICK_C = 1.4


class _YNode:
    """A node of the yardstick's tree: children by action, visits, and each seat's summed results."""

    __slots__ = ("children", "mover", "totals", "untried", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, _YNode] = {}
        self.untried: list[Any] | None = None
        self.visits = 0
        self.totals: list[float] = []
        self.mover = -1


def _result_values(outcome: Any) -> list[float]:
    """Win 1, loss 0, a shared win split between the winning sides (teams are one side); cooperative:
    everyone gets the table's result. The same scale the AI search uses, written out again here so the
    yardstick depends on nothing but the contract."""
    n = len(outcome.scores)
    if outcome.cooperative:
        return [1.0 if outcome.winners else 0.0] * n
    if not outcome.winners:
        return [0.0] * n
    sides = {outcome.team_of(s) for s in outcome.winners}
    return [1.0 / len(sides) if s in outcome.winners else 0.0 for s in range(n)]


def yardstick_action(
    rules: Any, state: Any, seat: int, rng: Any, simulations: int = YARDSTICK_SIMULATIONS
) -> Any:
    """The game-agnostic reference player of issue 10: textbook UCT (c = 1.4), uniformly random rollouts to
    the end, `simulations` simulations a move, no game knowledge, only the contract. Chance is sampled with
    `sample_chance`; with hidden information each simulation starts from `determinise` of what the seat
    observes (the yardstick does not peek either). Returns the most visited move. Its moves and chance
    outcomes come from the rules, so it applies them with `apply_legal` (the contract's `apply` without
    the check: the same states, in about half the time where the check is dear)."""
    import math

    from rainbowtable.core.game import Chance, Finished

    observed = rules.observe(state, seat)
    hidden = rules.hides_information
    root = _YNode()
    first = rules.determinise(observed, seat, rng) if hidden else observed
    legal = list(rules.legal_actions(first))
    if len(legal) == 1:
        return legal[0]
    for _ in range(simulations):
        current = rules.determinise(observed, seat, rng) if hidden else observed
        node = root
        path = [node]
        expanded = False
        values: list[float] | None = None
        while not expanded:
            who = rules.to_act(current)
            if isinstance(who, Finished):
                values = _result_values(who.outcome)
                break
            if isinstance(who, Chance):
                action = rules.sample_chance(current, rng)
            else:
                node.mover = who.seats[0]
                actions = rules.legal_actions(current)
                if node.untried is None:
                    node.untried = list(actions)
                # With hidden information the moves differ between samples: only legal ones count.
                untried = [a for a in node.untried if a not in node.children and a in actions]
                if untried:
                    action = untried[rng.below(len(untried))]
                    expanded = True
                else:
                    log_n = math.log(max(1, node.visits))
                    best, best_score = actions[0], -math.inf
                    for a in actions:
                        child = node.children.get(a)
                        if child is None or child.visits == 0:
                            score = math.inf
                        else:
                            mean = child.totals[node.mover] / child.visits
                            score = mean + YARDSTICK_C * math.sqrt(log_n / child.visits)
                        if score > best_score:
                            best, best_score = a, score
                    action = best
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = _YNode()
                expanded = True
            node = child
            path.append(node)
            current = rules.apply_legal(current, action)
        if values is None:
            while not isinstance(who := rules.to_act(current), Finished):
                if isinstance(who, Chance):
                    action = rules.sample_chance(current, rng)
                else:
                    options = rules.legal_actions(current)
                    action = options[rng.below(len(options))]
                current = rules.apply_legal(current, action)
            values = _result_values(who.outcome)
        for visited in path:
            visited.visits += 1
            if not visited.totals:
                visited.totals = [0.0] * len(values)
            for i, v in enumerate(values):
                visited.totals[i] += v
    counted = [(root.children[a].visits, i) for i, a in enumerate(legal) if a in root.children]
    return legal[max(counted)[1]] if counted else legal[0]


def play_seeded_game(
    rules: Any,
    players: Any,
    seed: int,
    seat_count: int,
    times: dict[int, list[float]] | None = None,
    options: Any = None,
) -> list[float]:
    """One seeded game between `players` (per seat: `(state seen, seat, rng) -> action`); each seat's
    result (win 1, loss 0, shared wins split). The match's and the players' streams come from the seed;
    `options` are the game's defaults for a table of computers (`self_play_options`) unless given."""
    return _result_values(play_seeded_outcome(rules, players, seed, seat_count, times, options))


def play_seeded_outcome(
    rules: Any,
    players: Any,
    seed: int,
    seat_count: int,
    times: dict[int, list[float]] | None = None,
    options: Any = None,
) -> Any:
    """`play_seeded_game`'s game, returning its `Outcome`."""
    from rainbowtable.core.game import Chance, Finished
    from rainbowtable.core.rng import Rng

    if options is None:
        options = rules.self_play_options(rules.default_options())
    state = rules.new_game(options, seat_count)
    match_rng = Rng.from_seed(seed)
    ai_rngs = [match_rng.fork(f"ai-{seat}") for seat in range(seat_count)]
    while not isinstance(who := rules.to_act(state), Finished):
        if isinstance(who, Chance):
            action = rules.sample_chance(state, match_rng)
        else:
            seat = who.seats[0]
            seen = rules.observe(state, seat) if rules.hides_information else state
            started = time.perf_counter()
            action = players[seat](seen, seat, ai_rngs[seat])
            if times is not None:
                times.setdefault(seat, []).append(time.perf_counter() - started)
        state = rules.apply(state, action)
    return who.outcome


PLAYER_NAMES = ("easy", "medium", "hard", "yardstick")
"""The players of the match-ups, by name: the three levels and the yardstick (names, not functions, so that a
game can be played in a worker process)."""

Job = tuple[str, tuple[str, ...], int, bool | None]
"""One seeded game of a match-up: (game id, each seat's player name, seed, large board or None for the
game's default options)."""


def _named_player(entry: Any, name: str) -> Any:
    from rainbowtable.core.seats import Level

    if name == "yardstick":
        return lambda state, seat, rng: yardstick_action(entry.rules, state, seat, rng)
    level = Level(name)
    return lambda state, seat, rng: entry.player(state, seat, level, rng)


def play_job(job: Job) -> tuple[list[float], list[float]]:
    """Plays one seeded game of a match-up (in this process or a worker): each seat's result and the share
    of its rivals it finished ahead of (`standings`)."""
    from dataclasses import replace

    from rainbowtable.ai.search import standings
    from rainbowtable.games import entry_by_id

    game_id, names, seed, large = job
    entry = entry_by_id(game_id)
    options = entry.rules.default_options()
    if large is not None:
        options = replace(options, large_board=large)
    options = entry.rules.self_play_options(options)
    players = [_named_player(entry, name) for name in names]
    outcome = play_seeded_outcome(entry.rules, players, seed, len(names), options=options)
    return _result_values(outcome), standings(outcome)


def _count_processor_time() -> None:
    """A worker's start: budgets on processor time, and Hard's second-core search in the worker itself
    (`second_core.IN_PROCESS`: the same player, and no processes started by a worker)."""
    from rainbowtable.ai import second_core
    from rainbowtable.ai.budget import set_clock

    set_clock(time.thread_time)
    second_core.IN_PROCESS = True


def _progress(job: Job, done: int, total: int) -> None:
    """A line on stderr per finished game (stdout keeps the report): the match-ups run for hours."""
    game_id, names, seed, _large = job
    print(f"bench: {game_id} {' v '.join(names)} seed {seed}: {done}/{total}", file=sys.stderr, flush=True)


def play_jobs(jobs: list[Job], workers: int = 1) -> list[tuple[list[float], list[float]]]:
    """Every job's results, in order. With `workers` > 1 the games run side by side in worker processes
    (each counting its search budgets in processor time, as this process does for the match-ups), so the
    figures are the same whatever the number of workers: only the wall time changes."""
    if workers <= 1 or len(jobs) <= 1:
        results: list[tuple[list[float], list[float]]] = []
        for done, job in enumerate(jobs, 1):
            results.append(play_job(job))
            _progress(job, done, len(jobs))
        return results
    import concurrent.futures
    import multiprocessing

    with concurrent.futures.ProcessPoolExecutor(
        min(workers, len(jobs)),
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_count_processor_time,
    ) as pool:
        futures = {pool.submit(play_job, job): i for i, job in enumerate(jobs)}
        by_index: dict[int, tuple[list[float], list[float]]] = {}
        for future in concurrent.futures.as_completed(futures):
            index = futures[future]
            by_index[index] = future.result()
            _progress(jobs[index], len(by_index), len(jobs))
    return [by_index[i] for i in range(len(jobs))]


def head_to_head(
    entry: Any, first: str, second: str, games: int, seat_count: int | None = None, workers: int = 1
) -> float:
    """`first`'s share of the results over seeds 0..games-1: one seat `first`, the others `second`, the
    first player's seat rotated with the seed (a shared win counts as a share). Players by name
    (PLAYER_NAMES)."""
    return match_up(entry, first, second, games, seat_count, workers)[0]


def match_up(
    entry: Any, first: str, second: str, games: int, seat_count: int | None = None, workers: int = 1
) -> tuple[float, float]:
    """`head_to_head`'s share, and the share of the `second` seats `first` finished ahead of."""
    n = seat_count or entry.rules.seat_counts[0]
    jobs: list[Job] = []
    for seed in range(games):
        names = [second] * n
        names[seed % n] = first
        jobs.append((entry.id, tuple(names), seed, None))
    played = play_jobs(jobs, workers)
    share = sum(results[seed % n] for seed, (results, _) in enumerate(played)) / games
    ahead = sum(aheads[seed % n] for seed, (_, aheads) in enumerate(played)) / games
    return share, ahead


def _match_up_figures(
    entry: Any, first: str, second: str, games: int, workers: int, seat_count: int | None = None
) -> dict[str, Any]:
    """`{first}_vs_{second}`: the share of results, with its 95% interval (`_ci95`) and the game count
    (`{first}_vs_{second}_games`); with three or more seats also `{first}_ahead_of_{second}`, the
    head-to-head reading (`ai.search.standings`)."""
    n = seat_count or entry.rules.seat_counts[0]
    share, ahead = match_up(entry, first, second, games, n, workers)
    figures = _rate_figures(f"{first}_vs_{second}", share, games)
    if n > 2:
        figures[f"{first}_ahead_of_{second}"] = round(ahead, 3)
    return figures


def _rate_figures(name: str, rate: float, games: int) -> dict[str, Any]:
    """`name`: a share of results or a win rate over `games` seeded games, with its 95% interval
    (`{name}_ci95`, Wilson) and the game count (`{name}_games`): issue 41 reads every figure with both."""
    return {
        name: round(rate, 3),
        f"{name}_ci95": wilson_interval(rate * games, games),
        f"{name}_games": games,
    }


def _table_seats(entry: Any) -> int:
    """A cooperative game's table for the figures: two seats where it allows them (the usual table)."""
    counts = entry.rules.seat_counts
    return 2 if 2 in counts else counts[0]


def _table_win_rate(
    entry: Any, name: str, seats: int, games: int, workers: int = 1, large: bool | None = None
) -> float:
    """How often a table of `seats` copies of player `name` wins a cooperative game, over seeds 0..games-1."""
    jobs: list[Job] = [(entry.id, (name,) * seats, seed, large) for seed in range(games)]
    return sum(results[0] for results, _ in play_jobs(jobs, workers)) / games


def _table_figures(
    entry: Any, names: tuple[str, ...], seats: int, games: int, workers: int
) -> dict[str, Any]:
    """`{name}_table` for each player name: a cooperative table's win rate, its interval and game count."""
    figures: dict[str, Any] = {}
    for name in names:
        rate = _table_win_rate(entry, name, seats, games, workers)
        figures.update(_rate_figures(f"{name}_table", rate, games))
    return figures


def _entries(only: set[str] | None) -> list[Any]:
    from rainbowtable.games import GAMES

    return [entry for entry in GAMES if only is None or entry.id in only]


YARDSTICK_TABLES: dict[str, tuple[int, ...]] = {"rainbows": (3, 4, 5)}
"""Issue 41: the tables at which Hard meets the yardstick where it is more than the fewest seats (one Hard,
the other seats yardsticks): Rainbows at 3, 4 and 5 seats, whose goals are 45% at 3 and 1.35 times the
equal share at 4 and 5."""


def measure_yardstick(games: int, workers: int = 1, only: set[str] | None = None) -> dict[str, Any]:
    """Per game and table (`YARDSTICK_TABLES`, else the fewest seats): Hard's share against the yardstick in
    every other seat (seats rotated) and the equal share; in a cooperative game, where nobody plays against
    anybody, the win rate of a table with Hard in every seat beside that of a table with the yardstick in
    every seat. Each with its interval and game count (`_rate_figures`)."""
    out: dict[str, Any] = {}
    for entry in _entries(only):
        if entry.cooperative:
            n = _table_seats(entry)
            out[entry.id] = {f"{n}_seats": _table_figures(entry, ("hard", "yardstick"), n, games, workers)}
        else:
            out[entry.id] = {
                f"{n}_seats": {
                    **_match_up_figures(entry, "hard", "yardstick", games, workers, n),
                    "equal_share": round(1 / n, 3),
                }
                for n in YARDSTICK_TABLES.get(entry.id, (entry.rules.seat_counts[0],))
            }
    return out


REGENBOOG_TABLES = ((2, False), (4, False), (6, False), (4, True), (6, True))
"""Issues 15 and 41: the De Regenboog tables measured, (players, large board): the large board needs four."""


def wilson_interval(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (sound near 0 and 1, where a table's rate often is)."""
    if games <= 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * (p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5 / (1 + z * z / games)
    return round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)


def measure_regenboog_boards(games: int, workers: int = 1) -> dict[str, dict[str, Any]]:
    """Issues 15 and 41: the win rate of an all-Hard table of De Regenboog per table of REGENBOOG_TABLES,
    with its 95% interval and game count."""
    from rainbowtable.games import entry_by_id

    entry = entry_by_id("regenboog")
    out: dict[str, dict[str, Any]] = {}
    for seats, large in REGENBOOG_TABLES:
        rate = _table_win_rate(entry, "hard", seats, games, workers, large)
        name = f"{'large' if large else 'standard'}_{seats}_players"
        out[name] = _rate_figures("hard_table", rate, games)
    return out


def measure_ladder(games: int, workers: int = 1, only: set[str] | None = None) -> dict[str, dict[str, Any]]:
    """Per game: Medium's share against Easy and Hard's against Medium (fewest seats, seats rotated), each
    with its interval and game count (`_rate_figures`)."""
    out: dict[str, dict[str, Any]] = {}
    for entry in _entries(only):
        if entry.cooperative:
            # Everyone wins or loses together: the ladder is the table's win rate at each level.
            n = _table_seats(entry)
            out[entry.id] = _table_figures(entry, ("easy", "medium", "hard"), n, games, workers)
            continue
        out[entry.id] = {
            **_match_up_figures(entry, "medium", "easy", games, workers),
            **_match_up_figures(entry, "hard", "medium", games, workers),
        }
    return out


# The longest Dice Box game found in 4,500 seeded games of uniformly random play (2, 3 and 4 seats, seeds
# 1..1500 each): 4 seats, seed 1008, 102 actions. Dice Box games do not reach 300 actions, so the report
# also gives the load time per action, from which longer logs scale (replay is linear in the log).
LONGEST_SEATS, LONGEST_SEED = 4, 1008


LONGEST_GAMES: dict[str, tuple[int, int, str, dict[str, Any]]] = {
    "dice_box": (LONGEST_SEATS, LONGEST_SEED, "random", {}),
    "rainbow_passage": (4, 2, "easy", {}),
    "rainbows": (5, 0, "medium", {"days": 3}),
    "colosseum_offcuts": (5, 2, "easy", {}),
    "regenboog": (2, 9, "medium", {}),
}
"""The longest game of each game we know of (issue 43's replay and review figures): game -> (seats, seed,
how the seats play: a computer level or "random" (uniformly random legal moves), options changed from the
defaults). The longest of seeded games between computer seats at Easy and at Medium, seeds 0-11 at every
seat count, default options: Rainbow Passage 555 steps (Easy), Colosseum Offcuts 477 (Easy), De Regenboog
3,007 (Medium, 2 seats, the one game of those that runs to the cycle limit of a table of computers,
`self_play_options`; issue 41's helper, whose games end sooner or at that limit, replaced the one whose
longest was 1,919, and its third pass the 4-seat seed 8 of 3,261 steps, which now ends at 1,032);
Rainbows at three days, its longest option, 321 (Medium, seeds 0-2; one day is 122 at most); Dice Box the
longest of the random games above, 102 steps (Easy's longest was 63)."""


@functools.cache
def longest_game(game_id: str) -> Any:
    """The match `LONGEST_GAMES` describes, played to its end (its seats' streams forked from the seed).
    Made once per run (De Regenboog's takes seconds): callers give it back as they found it."""
    from dataclasses import replace

    from rainbowtable.core.match import Match
    from rainbowtable.core.rng import Rng
    from rainbowtable.core.seats import Level, default_seats
    from rainbowtable.games import entry_by_id

    seat_count, seed, how, changed = LONGEST_GAMES[game_id]
    entry = entry_by_id(game_id)
    rules = entry.rules
    # A table of computers, with the options the rules give one (De Regenboog's cycle limit).
    options = rules.self_play_options(replace(rules.default_options(), **changed))
    match = Match(rules, options, default_seats(seat_count), seed)
    chooser = Rng.from_seed(seed)
    streams = [chooser.fork(f"ai-{seat}") for seat in range(seat_count)]
    match.advance()
    while not match.is_finished:
        seat = match.seats_to_act()[0]
        if how == "random":
            legal = rules.legal_actions(match.state)
            action = legal[chooser.below(len(legal))]
        else:
            seen = rules.observe(match.state, seat) if rules.hides_information else match.state
            action = entry.player(seen, seat, Level(how), streams[seat])
        match.play(action, seat)
        match.advance()
    return match


REVIEW_QUICK_POSITIONS = 20


def measure_looking_back(quick: bool, review: bool) -> dict[str, dict[str, dict[str, float]]]:
    """`replay_jump_ms` and, when asked, `review_s` (issue 43) over each game's longest game."""
    from rainbowtable.ai.review import review_replay
    from rainbowtable.core.replay import Replay

    jumps: dict[str, dict[str, float]] = {}
    reviews: dict[str, dict[str, float]] = {}
    for game_id in LONGEST_GAMES:
        match = longest_game(game_id)
        started = time.thread_time()
        replay = Replay.from_match(match)
        build_ms = (time.thread_time() - started) * 1000
        times = []
        for position in range(replay.length + 1):
            replay.state_at(0)
            started = time.thread_time()
            replay.view_at(position, 0)
            times.append((time.thread_time() - started) * 1000)
        jumps[game_id] = {
            "max": round(max(times), 3),
            "p50": round(statistics.median(times), 3),
            "steps": replay.length,
            "snapshots": replay.snapshots,
            "build": round(build_ms, 1),
        }
        if not review:
            continue
        if quick:
            log = [(s.actor, s.action, s.rng_state) for s in replay.steps[: REVIEW_QUICK_POSITIONS - 1]]
            replay = Replay(match.rules, match.options, match.seats, match.seed, log)
        started, wall = time.thread_time(), time.perf_counter()
        result = review_replay(replay)
        assert result is not None
        reviews[game_id] = {
            "cpu_s": round(time.thread_time() - started, 1),
            "wall_s": round(time.perf_counter() - wall, 1),
            "positions": len(result.chances),
            "simulations": result.simulations,
        }
    return {"replay_jump_ms": jumps, "review_s": reviews} if review else {"replay_jump_ms": jumps}


def measure_saves(home: Path) -> dict[str, Any]:
    """Save and load (with replay verification) of the longest Dice Box game we know of, and the save after
    the last step of each game's longest one."""
    import copy

    from rainbowtable.storage.saves import load_match, save_match

    longest = longest_game("dice_box")
    path = home / "bench-save.json"
    save_times, load_times = [], []
    for _ in range(20):
        # A match no save has checked yet (as one just built, not opened), so the check replays all of it.
        fresh = copy.copy(longest)
        fresh.steps = list(longest.steps)
        started = time.perf_counter()
        save_match(fresh, path)
        save_times.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        load_match(path)
        load_times.append((time.perf_counter() - started) * 1000)
    saved_bytes = path.stat().st_size
    autosaves = {}
    for game_id in LONGEST_GAMES:
        match = longest_game(game_id)
        times = []
        for _ in range(AUTOSAVE_REPEATS):
            last = match.steps.pop()
            save_match(match, path)  # the autosave before the last step (replays from the last mark)
            match.steps.append(last)
            started = time.perf_counter()
            save_match(match, path)
            times.append((time.perf_counter() - started) * 1000)
        autosaves[game_id] = {"median": round(statistics.median(times), 2), "steps": len(match.steps)}
    return {
        "save_ms": round(statistics.median(save_times), 3),
        "load_ms": round(statistics.median(load_times), 3),
        "load_ms_per_action": round(statistics.median(load_times) / len(longest.steps), 4),
        "save_actions": len(longest.steps),
        "save_bytes": saved_bytes,
        "autosave_ms": autosaves,
    }


AUTOSAVE_REPEATS = 9
"""Saves timed per game for `autosave_ms`."""


def measure_package(home: Path, runs: int) -> dict[str, float]:
    """The built executable's size and start-up, each start paired with one of the app from source (as
    `measure_startup` pairs the app with the floor): starts minutes apart differ by more than the figure."""
    root = Path(__file__).resolve().parent.parent
    folder = root / "dist" / "rainbowtable"
    exe = folder / ("rainbowtable.exe" if sys.platform == "win32" else "rainbowtable")
    if not exe.exists():
        return {}
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    env = headless_env(home)
    packaged = [str(exe), "--quit-after", "30"]
    source = [sys.executable, str(root / "main.py"), "--quit-after", "30"]
    time_to_ready(packaged, env)
    pairs = [(time_to_ready(packaged, env), time_to_ready(source, env)) for _ in range(runs)]
    return {
        "package_mb": round(size / 1e6, 1),
        "package_startup_s": round(statistics.median(built for built, _ in pairs), 4),
        "package_startup_ratio": round(statistics.median(built / app for built, app in pairs), 2),
    }


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
    from rainbowtable.ui.games.rainbow_passage import screens
    from rainbowtable.ui.games.rainbow_passage.builder import BoardBuilderScene

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
    screens.open_builder(ctx, random_board(box, (13, 13), Rng.from_seed(7)).to_draft(box))
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
    parser.add_argument(
        "--ai",
        action="store_true",
        help="only the computer-player figures, with the match-ups (ai_move_ms over 80 positions, "
        "ai_vs_yardstick, ai_ladder, regenboog_hard_table_wins): hours",
    )
    parser.add_argument(
        "--review",
        action="store_true",
        help="also review each game's longest game (review_s): a few minutes more",
    )
    parser.add_argument(
        "--games", type=int, default=0, help="games for ai_vs_yardstick and the ladder (default 100 and 200)"
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="play the match-ups' games in this many worker processes"
    )
    parser.add_argument(
        "--game",
        action="append",
        choices=[entry.id for entry in _games()],
        help="only this game's match-ups (repeatable; default every game)",
    )
    parser.add_argument(
        "--figure",
        action="append",
        choices=AI_FIGURES,
        help="only this computer-player figure (repeatable; default all four)",
    )
    args = parser.parse_args(argv)
    only = set(args.game) if args.game else None
    figures = set(args.figure or AI_FIGURES)
    if args.ai:
        _print(measure_ai_section(args.quick, args.games, args.jobs, only, figures), args.json)
        return 0
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="rainbowtable-bench-") as tmp:
        home = Path(tmp)
        os.environ["RAINBOWTABLE_HOME"] = str(home)
        report: dict[str, Any] = {}
        report.update(measure_startup(2 if args.quick else STARTUP_PAIRS, home))
        collect_as_the_app_does()
        frames, idle = measure_frames(30 if args.quick else FRAMES)
        report["frame_ms"] = frames
        report["idle_frames_in_2s"] = idle
        report["actions_per_s"] = measure_engine(5 if args.quick else 60)
        # The computer players' decision times only: the match-ups take hours (`--ai`).
        report["ai_move_ms"] = measure_ai(10 if args.quick else DEFAULT_DECISIONS)
        report.update(measure_builder(60 if args.quick else 600))  # builder_frame_ms, assembly_ms
        report["resize_ms"] = measure_resize()  # issue 37: the window resized with a dialog open
        report.update(measure_saves(home))
        report.update(measure_looking_back(args.quick, args.review))  # issue 43: replay_jump_ms, review_s
        report.update(measure_package(home, 2 if args.quick else STARTUP_PAIRS))
        report["rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    report["bench_s"] = round(time.perf_counter() - started, 1)
    _print(report, args.json)
    return 0


def _games() -> Any:
    from rainbowtable.games import GAMES

    return GAMES


DEFAULT_DECISIONS = 24
"""Positions per game for `ai_move_ms` in the default run (80 with `--ai`): enough for a median and a p95
that move little between runs, in a run of a few minutes."""

AI_FIGURES = ("times", "yardstick", "ladder", "boards")
"""The computer-player figures `--figure` picks from: ai_move_ms, ai_vs_yardstick, ai_ladder,
regenboog_hard_table_wins."""


def measure_ai_section(
    quick: bool,
    games: int,
    workers: int = 1,
    only: set[str] | None = None,
    figures: set[str] | None = None,
) -> dict[str, Any]:
    """The computer-player figures of issue 10. Quick: decision times only (the match-ups take hours).
    The match-ups count search budgets in the thinking thread's processor time, so that other work on the
    machine (or the other workers) does not weaken the time-capped players (see `ai/budget.py`)."""
    from rainbowtable.ai.budget import set_clock

    chosen = set(AI_FIGURES) if figures is None else figures
    report: dict[str, Any] = {}
    if "times" in chosen:
        collect_as_the_app_does()
        report["ai_move_ms"] = measure_ai(10 if quick else 80)
    if not quick and chosen - {"times"}:
        yardstick_games, ladder_games = games or 100, games * 2 if games else 200
        report["ai_games"] = {
            figure: count
            for figure, count in (
                ("yardstick", yardstick_games),
                ("ladder", ladder_games),
                ("boards", yardstick_games),
            )
            if figure in chosen
        }
        previous = set_clock(time.thread_time)
        try:
            if "yardstick" in chosen:
                report["ai_vs_yardstick"] = measure_yardstick(yardstick_games, workers, only)
            if "ladder" in chosen:
                report["ai_ladder"] = measure_ladder(ladder_games, workers, only)
            if "boards" in chosen and (only is None or "regenboog" in only):
                report["regenboog_hard_table_wins"] = measure_regenboog_boards(yardstick_games, workers)
        finally:
            set_clock(previous)
    return report


def _print(report: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(report, sort_keys=True))
    else:
        for key, value in report.items():
            print(f"{key:>18}: {value}")


if __name__ == "__main__":
    raise SystemExit(main())
