"""Issue 43, the replay screen's review strip: a game's review made on the worker with progress and Cancel,
the win-chance graph (chances in [0, 1], adding up to at most 1 over the sides of a competitive game, the
same with the same seed), a click or a drag on it giving the position under the pointer, the turning points
listed and each giving its position and the move the search preferred there, a second opening read from
the review kept beside the save, a failure shown in words, and the strip fitting every window size, UI
scale and language. Driven headless through a real `Table` with a stand-in for the replay screen
(`review_strip_host.py`), a fixed dt, and waits on the worker with a timeout only."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

import pygame
import pytest

from rainbowtable.ai.review_worker import ReviewWorker
from rainbowtable.core.i18n import install_language
from rainbowtable.core.match import Match
from rainbowtable.core.replay import Replay
from rainbowtable.storage.paths import default_paths
from rainbowtable.storage.review_cache import review_path_for
from rainbowtable.storage.saves import save_match
from rainbowtable.storage.settings import Settings
from rainbowtable.ui import boot, layout_audit
from rainbowtable.ui.loop import Table
from rainbowtable.ui.scenes.replay.review import ReviewStrip
from tests.looking_back import played
from tests.review_strip_host import DEPTH, StripHost
from tests.test_layout_audit import problems
from tests.ui_driver import DT, click, click_button, drag, pump

WAIT_S = 60.0
"""The longest a test waits for a review at the tests' depth (they take well under a second)."""


def _match(game_id: str = "dice_box", seed: int = 7, **kwargs: Any) -> Match:
    return played(game_id, seed=seed, **kwargs)


def _open(ctx: Any, table: Any, match: Match, *, save: bool = True, depth: int | None = DEPTH) -> StripHost:
    path = None
    if save:
        path = ctx.paths.saves_dir / f"{match.rules.id}-{match.seed}.json"
        save_match(match, path)
    host = StripHost(ctx, Replay.from_match(match), path, depth=depth)
    ctx.scenes.replace(host)
    pump(table, 1)
    return host


def _finish(table: Any, host: StripHost) -> None:
    worker = host.strip.worker
    assert worker is not None
    assert worker.wait(WAIT_S), "the review finished"
    pump(table, 2)


def test_the_review_runs_with_progress_then_shows_its_graph(ctx: Any, table: Any) -> None:
    """Issue 43 (review): the strip starts the worker, shows "Reviewing the game… k%" with a Cancel
    button while it runs, and the graph once it is done: one line per side, every chance in [0, 1], the
    sides of a competitive game adding up to at most 1."""
    match = _match()
    host = _open(ctx, table, match, depth=400)
    strip = host.strip
    assert strip.state == "running"
    assert strip.button is not None and strip.button.text == "Cancel"
    positions = len(match.steps) + 1
    assert strip._status_text() == f"Reviewing the game… {100 * strip.progress[0] // positions}%"
    worker = strip.worker
    assert worker is not None
    before = strip.key(host.position)
    while worker.progress[0] == 0 and not worker.wait(0.05):
        pass  # the first position judged
    assert strip.update(DT) is True and strip.key(host.position) != before, "progress is news"
    _finish(table, host)
    assert strip.state == "done" and strip.button is None
    assert strip.progress == (positions, positions)
    review = strip.review
    assert review is not None and not review.cooperative
    assert len(strip.graph.lines) == len(review.sides) == 3
    for position in range(positions):
        sides = [line.values[position] for line in strip.graph.lines]
        assert all(0.0 <= chance <= 1.0 for chance in sides)
        assert sum(sides) <= 1.0 + 1e-9
    assert strip.update(DT) is False, "nothing new once the review is shown"


def test_the_same_seed_gives_the_same_graph(ctx: Any, table: Any) -> None:
    """Issue 43 (review): two strips over the same game, one reviewing it afresh and one without a save,
    draw the same lines (the review's fixed seed)."""
    match = _match("rainbows", seed=3)
    first = _open(ctx, table, match)
    _finish(table, first)
    again = _open(ctx, table, match, save=False)
    _finish(table, again)
    assert again.strip.worker is not None and not again.strip.worker.from_cache
    made = [line.values for line in first.strip.graph.lines]
    assert made == [line.values for line in again.strip.graph.lines]
    assert [p.step for p in first.strip.points] == [p.step for p in again.strip.points]


def test_a_click_or_a_drag_on_the_graph_gives_the_position_under_the_pointer(ctx: Any, table: Any) -> None:
    """Issue 43 (review): "Clicking the graph jumps the replay": a click gives the position whose x is
    under the pointer; a drag along it scrubs through the positions on the way; hovering changes what the
    strip shows (its key) without jumping."""
    host = _open(ctx, table, _match())
    _finish(table, host)
    strip, graph = host.strip, host.strip.graph
    plot = graph.geometry.plot
    target = strip.replay.length // 3
    spot = (round(graph.x_of(target)), plot.bottom - 2)
    assert graph.mark_at(spot) is None or strip.points[graph.mark_at(spot) or 0].step == target
    host.jumps.clear()
    click(table, spot)
    assert host.jumps == [target] and host.position == target
    before = strip.key(host.position)
    hover_at = (round(graph.x_of(target + 2)), plot.bottom - 2)
    pygame.mouse.set_pos(hover_at)
    table.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=hover_at, rel=(1, 0), buttons=(0, 0, 0))])
    assert strip.hover == target + 2 and host.position == target, "hovering shows, it does not jump"
    assert strip.key(host.position) != before
    end = strip.replay.length - 1
    drag(table, (round(graph.x_of(1)), plot.bottom - 2), (round(graph.x_of(end)), plot.bottom - 2))
    assert host.jumps[-1] == end and len(set(host.jumps)) > 3
    outside = (plot.centerx, graph.geometry.card.y - 30)
    host.jumps.clear()
    click(table, outside)
    assert host.jumps == []


def test_a_turning_point_gives_its_position_and_the_move_the_search_preferred(ctx: Any, table: Any) -> None:
    """Issue 43 (turning points): each is listed in words with the seat's name; a click on it gives the
    position its move was played in, and there `preferred_at` gives the move the search preferred (the
    board's ghost); a click on its dot on the graph gives the same position; elsewhere no move is given."""
    host = _open(ctx, table, _match("rainbows", seed=3))
    _finish(table, host)
    strip = host.strip
    assert strip.points, "this game has turning points"
    texts = [entry.text for entry in strip.list.entries]
    assert all(text.startswith(f"Move {p.step + 1}: ") for p, text in zip(strip.points, texts, strict=True))
    assert all("Computer" in text and "%" in text for text in texts)
    preferring = [i for i, p in enumerate(strip.points) if p.preferred_action is not None]
    assert preferring, "the search preferred another move at one of them"
    index = preferring[0]
    point = strip.points[index]
    while strip.list.first + len(strip.list._placed) <= index:
        assert strip.list.scroll(1)
    placed = next(p for p in strip.list._placed if p.index == index)
    click(table, placed.rect.center)
    assert host.position == point.step
    assert strip.preferred_at(point.step) == point.preferred_action == host.hints[-1]
    assert "The search preferred: " in texts[index]
    others = {p.step for p in strip.points}
    assert all(strip.preferred_at(k) is None for k in range(strip.replay.length + 1) if k not in others)
    mark = strip.graph.marks[0]
    dot = (
        round(strip.graph.x_of(mark.position)),
        round(strip.graph.y_of(strip.graph.lines[mark.line].values[mark.position])),
    )
    host.position = strip.replay.length
    click(table, dot)
    assert host.position == strip.points[0].step


def test_cancel_stops_the_worker_and_review_game_starts_it_again(ctx: Any, table: Any) -> None:
    """Issue 43 (review): Cancel stops the worker at once (nothing is kept beside the save) and the strip
    offers "Review game", which starts a new review."""
    host = _open(ctx, table, _match("regenboog", seed=5), depth=2000)
    strip = host.strip
    worker = strip.worker
    assert worker is not None and strip.button is not None
    click_button(table, strip.button)
    assert worker.wait(WAIT_S) and worker.cancelled and worker.review is None
    assert strip.state == "stopped"
    assert strip.button is not None and strip.button.text == "Review game"
    assert "stopped" in strip._status_text()
    assert strip.save is not None and not review_path_for(strip.save).exists()
    strip.simulations = DEPTH
    click_button(table, strip.button)
    assert strip.state == "running" and strip.worker is not worker
    _finish(table, host)
    assert strip.state == "done" and review_path_for(strip.save).exists()


def test_a_second_opening_reads_the_review_kept_beside_the_save(ctx: Any, table: Any) -> None:
    """Issue 43 (review): "cached beside the save so a second opening is instant": the second strip over
    the same save takes the review from the file (`from_cache`) and shows the same graph."""
    match = _match()
    first = _open(ctx, table, match)
    _finish(table, first)
    lines = [line.values for line in first.strip.graph.lines]
    second = _open(ctx, table, match)
    _finish(table, second)
    assert second.strip.worker is not None and second.strip.worker.from_cache
    kept = [line.values for line in second.strip.graph.lines]
    assert len(kept) == len(lines)
    for read, made in zip(kept, lines, strict=True):
        assert read == pytest.approx(made, abs=1e-4)  # kept to a hundredth of a percent


def test_a_failed_review_says_why_and_never_raises(
    ctx: Any, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 43 (review): a review that fails shows its reason on the strip with "Review game"; the
    scene goes on (the tests raise any bug in a scene, so a raise would fail here)."""

    def broken(*args: Any, **kwargs: Any) -> None:
        raise ValueError("the search ran out of memory")

    monkeypatch.setattr("rainbowtable.ai.review_worker.review_replay", broken)
    host = _open(ctx, table, _match(), save=False)
    _finish(table, host)
    strip = host.strip
    assert strip.state == "failed"
    assert strip._status_text() == "The review failed: the search ran out of memory"
    assert strip.button is not None and strip.button.text == "Review game"
    pygame.mouse.set_pos(strip.graph_rect.center)
    click(table, strip.graph_rect.center)
    assert host.jumps == [] and strip.preferred_at(0) is None
    assert strip.list.message and not strip.list.entries


def test_an_unfinished_game_is_reviewed_up_to_where_it_stands(ctx: Any, table: Any) -> None:
    """Issue 43 (review): a game still being played is reviewed position by position up to its last."""
    match = _match("dice_box", seed=11, steps=9)
    assert not match.is_finished
    host = _open(ctx, table, match)
    _finish(table, host)
    review = host.strip.review
    assert review is not None and len(review.chances) == len(match.steps) + 1
    assert all(len(line.values) == len(match.steps) + 1 for line in host.strip.graph.lines)


def test_de_regenboog_shows_one_line_for_the_team_said_to_be_the_searchs_estimate(
    ctx: Any, table: Any
) -> None:
    """Issue 43 (review), regenboog.md (cooperative): one line for the team, titled as the search's
    estimate of the team's progress (not a fitted frequency of wins: ai/review.py)."""
    host = _open(ctx, table, _match("regenboog", seed=5, steps=40))
    _finish(table, host)
    graph = host.strip.graph
    assert len(graph.lines) == 1 and graph.lines[0].label == "the team"
    assert "search" in graph.title and "progress" in graph.title
    assert all(0.0 <= v <= 1.0 for v in graph.lines[0].values)


def test_closing_cancels_the_worker_and_removes_the_button(ctx: Any, table: Any) -> None:
    """Issue 43 (review): leaving the replay stops the review and takes the strip's widget away."""
    host = _open(ctx, table, _match("regenboog", seed=5), depth=2000)
    strip = host.strip
    button, worker = strip.button, strip.worker
    assert button is not None and worker is not None
    strip.drop_widgets()  # a full-screen scene over the replay: the button goes, the review goes on
    assert not button.alive() and strip.button is None and not worker.done
    host.build()
    button = strip.button
    assert button is not None and button.alive() and button.text == "Cancel"
    host.exit()
    assert worker.wait(WAIT_S) and worker.cancelled and not button.alive() and strip.button is None


def test_the_graph_is_readable_but_not_greedy(ctx: Any) -> None:
    """Issue 43 (review): the graph's height is about 90-150 px at 100 % and never more than about 22 % of
    a 720 px window, whatever the scale."""
    strip = ReviewStrip(ctx, Replay.from_match(_match(steps=3)), None)
    height = strip.height(900)
    assert ctx.size == (1280, 720) and 90 <= height <= 150
    ctx.theme.scale = 1.5
    assert strip.height(900) <= 0.22 * 720


SIZES = ((1280, 720), (1920, 1080))
SCALES = (100, 125, 150)
LANGUAGES = ("en", "nl")
GAMES = (("dice_box", 3), ("rainbows", 3), ("regenboog", 3), ("rainbow_passage", 2))
KEPT_DEPTH = 1
"""The layout's reviews: one simulation a position keeps the long games' reviews to a few seconds."""


@pytest.fixture(scope="module")
def kept_games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Match, Path]]:
    """A finished game of each kind saved with its review kept beside it (made once for every layout)."""
    folder = tmp_path_factory.mktemp("kept")
    kept = {}
    for game_id, seats in GAMES:
        match = played(game_id, seed=7, seat_count=seats)
        path = folder / f"{game_id}.json"
        save_match(match, path)
        replay = Replay.from_match(match)
        assert ReviewWorker(replay, save=path, simulations=KEPT_DEPTH).start().wait(WAIT_S)
        kept[game_id] = (match, path)
    return kept


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("scale", SCALES)
def test_the_strip_fits_every_size_scale_and_language(
    tmp_path: Path, scale: int, language: str, kept_games: dict[str, tuple[Match, Path]]
) -> None:
    """Issue 43 (layout): the strip running, and done with the graph hovered and a turning point lit, at
    1280x720 and 1920x1080 in this scale and language: no text leaves its card or runs over another, no
    word is cut that must be read, no widget leaves the window or covers text (the layout audit's own
    checks). `RAINBOWTABLE_AUDIT_SHOTS` keeps a picture of each."""
    shots = os.environ.get("RAINBOWTABLE_AUDIT_SHOTS")
    report: list[str] = []
    try:
        for size in SIZES:
            os.environ["RAINBOWTABLE_HOME"] = str(tmp_path / f"{size[0]}")
            paths = default_paths()
            paths.ensure()
            settings = Settings(animation_speed=0.0, ui_scale=scale, language=language)
            log = logging.getLogger("test")
            ctx = boot.make_context(paths, log, settings=settings, size=size, sound=False)
            assert install_language(language) == language
            table = Table(ctx)
            for game_id, (match, path) in kept_games.items():
                replay = Replay.from_match(match)  # its log lines in this language
                for done in (False, True):
                    # Running: without the save, at a depth that keeps it running while it is looked at.
                    host = StripHost(ctx, replay, path if done else None, depth=KEPT_DEPTH if done else 5000)
                    ctx.scenes.replace(host)
                    pump(table, 1)
                    if done:
                        _finish(table, host)
                        assert host.strip.worker is not None and host.strip.worker.from_cache
                        _hover_and_light(table, host)
                    shown = "done" if done else "running"
                    label = f"{game_id}-{size[0]}x{size[1]}-{scale}-{language}-{shown}"
                    report += _looked_at(ctx, host, label, shots)
                    if not done and game_id == "dice_box":  # the stopped and the failed card too
                        host.strip.cancel()
                        report += _looked_at(ctx, host, label.replace("running", "stopped"), shots)
                        host.strip._fail(MemoryError(LONG_REASON))
                        report += _looked_at(ctx, host, label.replace("running", "failed"), shots)
                    host.exit()
    finally:
        install_language("en")
    assert not report, "\n" + "\n".join(report)


def _hover_and_light(table: Any, host: StripHost) -> None:
    strip = host.strip
    plot = strip.graph.geometry.plot
    if strip.points:
        host.position = strip.points[0].step
    spot = (plot.x + plot.w * 2 // 5, plot.centery)
    pygame.mouse.set_pos(spot)
    table.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(1, 0), buttons=(0, 0, 0))])
    host.dirty = True
    pump(table, 1)


LONG_REASON = (
    "the search could not hold the positions it was asked to judge, so it gave up before the end of the "
    "game; nothing was kept and the game itself is untouched"
)


def _looked_at(ctx: Any, host: StripHost, label: str, shots: str | None) -> list[str]:
    """The layout audit's problems with the strip as it stands (a picture of it kept in `shots`)."""
    pump(ctx.table, 1)  # a new button is drawn by the manager's next update
    found = _audit(ctx, host)
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        pygame.image.save(ctx.screen, str(Path(shots) / f"review-{label}.png"))
    return [f"{label}: {problem}" for problem in found]


def _audit(ctx: Any, host: StripHost) -> list[str]:
    recording = layout_audit.start()
    try:
        host.strip.graph._layer = None  # the cached layer's texts are recorded when it is drawn again
        host.draw(ctx.screen)
        ctx.manager.draw_ui(ctx.screen)
        return problems(ctx, recording)
    finally:
        layout_audit.stop()
