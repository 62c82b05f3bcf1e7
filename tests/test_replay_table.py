"""Issue 43, the replay screen: a finished seeded game of each of the five games, opened in the replay
screen, shows the live game's state at every move, reached through the screen's own controls (the arrow
keys, Home and End, the buttons under the scrubber, a click on the scrubber, a click on a log line); play
and pause step on at the animation pace; "Play on from here" starts a new game saved as a new file and
leaves the source file's bytes as they were; "Reveal all" only where the game hid something and is over;
the entries (the result card, the load screen, `--replay`) and Back.

Headless (SDL dummy driver) with a fixed `dt`, animation off as in every table test.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from rainbowtable.core.match import Match
from rainbowtable.core.replay import Replay
from rainbowtable.core.seats import Level, Seat, SeatKind
from rainbowtable.storage.saves import load_match, save_match
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.dialogs import DialogScene
from rainbowtable.ui.scenes.load_game import LoadGameScene
from rainbowtable.ui.scenes.play import PlayScene
from rainbowtable.ui.scenes.replay import ReplayScene
from rainbowtable.ui.scenes.replay.play_on import PlayOnDialog
from rainbowtable.ui.scenes.replay.top_bar import PLAY_ON, REVEAL
from tests import sixth_game
from tests.looking_back import GAME_SEATS, played
from tests.ui_driver import DT, click, key, pump

ROOT = Path(__file__).resolve().parent.parent


def _live_states(match: Match) -> list[Any]:
    return [match.initial_state, *(step.state for step in match.steps)]


def _open(ctx: Any, table: Any, match: Match, **kwargs: Any) -> ReplayScene:
    navigation.open_replay(ctx, Replay.from_match(match), **kwargs)
    pump(table, 3)
    scene = ctx.scenes.top
    assert isinstance(scene, ReplayScene)
    return scene


def _press(table: Any, key_code: int) -> None:
    """One key, one frame: the position changes at once."""
    event = pygame.event.Event(pygame.KEYDOWN, key=key_code, mod=0, unicode="", scancode=0)
    table.step(DT, [*pygame.event.get(), event])


def _shows(scene: ReplayScene, states: list[Any], position: int) -> None:
    assert scene.position == position
    assert scene.shown_state() == states[position], position  # the five games hide nothing
    assert scene.panel.log.current == (position or None)


@pytest.mark.parametrize("game_id", sorted(GAME_SEATS))
def test_a_finished_game_replays_to_the_live_state_at_every_move(ctx: Any, table: Any, game_id: str) -> None:
    """Issue 43: "a replay of a saved game of each of the five games reaches the same state at every move as
    the live game did", through the screen's controls."""
    live = played(game_id, seed=4302)
    assert live.is_finished
    states = _live_states(live)
    scene = _open(ctx, table, live)
    length = len(live.steps)
    _shows(scene, states, length)  # it opens where the game stands
    _press(table, pygame.K_HOME)
    _shows(scene, states, 0)
    for position in range(1, length + 1):  # Right, move by move, to the end
        _press(table, pygame.K_RIGHT)
        _shows(scene, states, position)
    _press(table, pygame.K_RIGHT)  # nothing after the last move
    _shows(scene, states, length)
    for position in range(length - 1, length - 6, -1):
        _press(table, pygame.K_LEFT)
        _shows(scene, states, position)
    _press(table, pygame.K_END)
    _shows(scene, states, length)
    # The buttons under the scrubber.
    buttons = scene.controls.buttons
    click(table, buttons["first"].rect.center)
    _shows(scene, states, 0)
    click(table, buttons["next"].rect.center)
    _shows(scene, states, 1)
    click(table, buttons["last"].rect.center)
    _shows(scene, states, length)
    click(table, buttons["previous"].rect.center)
    _shows(scene, states, length - 1)
    # A click on the scrubber, at a third of the game.
    third = length // 3
    click(table, (scene.scrubber.x_of(third), scene.scrubber.track.y))
    _shows(scene, states, third)
    # A click on a line of the log (the current move's line is in view and marked).
    rows = scene.panel.log._rows
    assert any(number == third for _rect, number in rows), "the current move's line is in view"
    rect, number = next((r, n) for r, n in rows if n != third)
    click(table, rect.center)
    _shows(scene, states, number)


def test_dragging_the_scrubber_follows_the_pointer(ctx: Any, table: Any) -> None:
    live = played("dice_box", seed=4303)
    states = _live_states(live)
    scene = _open(ctx, table, live)
    scrubber = scene.scrubber
    start = (scrubber.x_of(0), scrubber.track.y)
    table.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    _shows(scene, states, 0)
    seen = []
    for target in (5, 12, 20, 9):
        pos = (scrubber.x_of(target), scrubber.track.y + 40)  # the pointer may stray off the track
        table.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(1, 0, 0))])
        seen.append(scene.position)
        assert scene.shown_state() == states[target]
    table.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    assert seen == [5, 12, 20, 9] and not scrubber.dragging


def test_play_steps_on_at_the_pace_and_pauses(ctx: Any, table: Any) -> None:
    live = played("colosseum_offcuts", seed=4304)
    scene = _open(ctx, table, live)
    _press(table, pygame.K_HOME)
    _press(table, pygame.K_SPACE)
    assert scene.playback.playing
    pump(table, 2)
    assert scene.position == 1  # the first step comes at once
    pump(table, round(scene.playback.pause() / DT) + 2)
    assert scene.position == 2  # the next after the pause
    click(table, scene.controls.buttons["play"].rect.center)  # the same button pauses
    assert not scene.playback.playing
    pump(table, 200)
    assert scene.position == 2
    _press(table, pygame.K_END)
    _press(table, pygame.K_SPACE)  # play at the end starts again from the set-up
    pump(table, 2)
    assert scene.position == 1


def test_hovering_a_log_line_marks_its_move_on_the_board(ctx: Any, table: Any) -> None:
    live = played("dice_box", seed=4305)
    scene = _open(ctx, table, live)
    rect, number = scene.panel.log._rows[0]
    pygame.mouse.set_pos(rect.center)
    table.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 0), buttons=(0, 0, 0))])
    look = scene._look()
    assert look.marked == live.steps[number - 1].action
    before = live.steps[number - 2].state if number >= 2 else live.initial_state
    assert look.marked_before == before
    assert look.last_actions and look.last_actions[-1][1] in {s.action for s in live.steps}


def _seats(game_id: str) -> tuple[Seat, ...]:
    return tuple(
        Seat(f"P{i + 1}", SeatKind.HUMAN if i == 0 else SeatKind.COMPUTER, Level.EASY, colour)
        for i, colour in enumerate(("coral", "teal", "violet", "gold", "lime", "sky")[: GAME_SEATS[game_id]])
    )


def test_play_on_makes_a_new_save_and_leaves_the_source_as_it_was(ctx: Any, table: Any) -> None:
    """Issue 43: "play-on-from-here produces an independent save"; the original is untouched (its bytes)."""
    live = played("dice_box", seed=4306, seats=_seats("dice_box"))
    source = ctx.paths.saves_dir / "finished.json"
    save_match(live, source)
    before = source.read_bytes()
    assert navigation.open_replay_file(ctx, source) is None
    pump(table, 3)
    scene = ctx.scenes.top
    assert isinstance(scene, ReplayScene)
    assert not scene.toolbar.buttons[PLAY_ON].is_enabled  # the game is over at its last move
    problem = scene.play_on_problem()
    assert problem is not None and "over" in problem
    # pygame_gui shows no tooltip on a greyed button: the replay's own says why.
    anchor = scene.toolbar.buttons[PLAY_ON].rect.center
    table.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=anchor, rel=(1, 0), buttons=(0, 0, 0))])
    assert scene.why_not_shown and scene._tip is not None
    position = 10
    click(table, (scene.scrubber.x_of(position), scene.scrubber.track.y))
    assert scene.toolbar.buttons[PLAY_ON].is_enabled
    click(table, scene.toolbar.buttons[PLAY_ON].rect.center)
    dialog = ctx.scenes.top
    assert isinstance(dialog, PlayOnDialog)
    dialog.kinds[1] = "hard"  # the second seat: a computer at Hard now
    dialog.names[0] = "Ada"
    key(table, pygame.K_RETURN)
    play = ctx.scenes.top
    assert isinstance(play, PlayScene)
    assert source.read_bytes() == before
    saves = sorted(p for p in ctx.paths.saves_dir.glob("*.json") if p != source)
    assert len(saves) == 1
    new = load_match(saves[0])
    assert [s.action for s in new.steps] == [s.action for s in live.steps[:position]]
    assert new.seats[0].name == "Ada" and new.seats[1].level is Level.HARD
    assert new.seats[1].kind is SeatKind.COMPUTER and new.created != live.created
    assert play.keeper.save_path == saves[0]
    # The new game goes its own way; the source still replays as it was.
    assert load_match(source).steps[-1].action == live.steps[-1].action


def test_play_on_cancelled_changes_nothing(ctx: Any, table: Any) -> None:
    live = played("rainbows", seed=4307)
    scene = _open(ctx, table, live)
    _press(table, pygame.K_HOME)
    click(table, scene.toolbar.buttons[PLAY_ON].rect.center)
    assert isinstance(ctx.scenes.top, PlayOnDialog)
    key(table, pygame.K_ESCAPE)
    assert ctx.scenes.top is scene
    assert not list(ctx.paths.saves_dir.glob("*.json"))


@pytest.fixture
def nim(monkeypatch: pytest.MonkeyPatch, ctx: Any) -> Any:
    """The throwaway sixth game (it hides each seat's lucky number) on the table."""
    import rainbowtable.games
    import rainbowtable.ui.games

    monkeypatch.setattr(rainbowtable.games, "GAMES", (*rainbowtable.games.GAMES, sixth_game.ENTRY))
    monkeypatch.setitem(rainbowtable.ui.games.GAME_UIS, "nim", sixth_game.UI)
    monkeypatch.setitem(ctx.game_uis, "nim", sixth_game.UI)
    return sixth_game.finished_match()


def test_reveal_all_only_once_a_game_that_hides_something_is_over(ctx: Any, table: Any, nim: Match) -> None:
    """Issue 43: hidden information as the viewing seat (the one person at the table) saw it; "Reveal all"
    once the game is over, and not for an unfinished one or a game that hides nothing."""
    full = nim.steps[0].state
    scene = _open(ctx, table, nim)
    _press(table, pygame.K_HOME)
    _press(table, pygame.K_RIGHT)
    seen = scene.shown_state()
    assert seen.secrets[0] == full.secrets[0] and seen.secrets[1] == sixth_game.HIDDEN
    click(table, scene.toolbar.buttons[REVEAL].rect.center)
    assert scene.revealed and scene.position == 1
    assert scene.shown_state() == full
    click(table, scene.toolbar.buttons[REVEAL].rect.center)  # and hidden again
    assert scene.shown_state() == seen
    unfinished = Match.restore(
        nim.rules, nim.options, nim.seats, nim.seed, [(s.actor, s.action, s.rng_state) for s in nim.steps[:2]]
    )
    scene = _open(ctx, table, unfinished)
    assert REVEAL not in scene.toolbar.buttons
    scene = _open(ctx, table, played("dice_box", seed=4308))
    assert REVEAL not in scene.toolbar.buttons


def test_the_result_card_opens_the_replay_and_back_returns_to_the_table(
    ctx: Any, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The way back shows the result card again, without the end's chime: the end was announced once."""
    sounds: list[str] = []
    monkeypatch.setattr(ctx, "play_sound", sounds.append)
    live = played("regenboog", seed=4309)
    navigation.open_play(ctx, live)
    pump(table, 4)
    play = ctx.scenes.top
    assert isinstance(play, PlayScene)
    click(table, play.result_buttons["replay"].rect.center)
    scene = ctx.scenes.top
    assert isinstance(scene, ReplayScene)
    assert scene.replay.length == len(live.steps) and scene.position == len(live.steps)
    key(table, pygame.K_ESCAPE)
    pump(table, 4)
    back = ctx.scenes.top
    assert isinstance(back, PlayScene) and back.match is live
    assert back.result.shown and back.result_buttons, "the card is back"
    assert "chime" not in sounds


def test_the_load_screen_opens_any_save_in_the_replay(ctx: Any, table: Any) -> None:
    unfinished = played("rainbow_passage", seed=4310, steps=12)
    save_match(unfinished, ctx.paths.saves_dir / "midgame.json")
    navigation.open_title(ctx)
    navigation.open_load(ctx)
    pump(table, 3)
    load = ctx.scenes.top
    assert isinstance(load, LoadGameScene)
    load.selected = next(i for i, row in enumerate(load.rows) if row.path.name == "midgame.json")
    load.refresh_buttons()
    click(table, load.buttons["replay"].rect.center)
    scene = ctx.scenes.top
    assert isinstance(scene, ReplayScene)
    assert scene.replay.length == len(unfinished.steps) and not scene.replay.is_finished
    assert scene.toolbar.buttons[PLAY_ON].is_enabled  # not over: play on from where it stands
    click(table, scene.toolbar.buttons["menu"].rect.center)  # Back
    assert isinstance(ctx.scenes.top, LoadGameScene)
    assert not any(isinstance(s, DialogScene) for s in ctx.scenes.scenes)


def test_a_save_that_cannot_be_read_is_refused_with_the_usual_message(ctx: Any, table: Any) -> None:
    bad = ctx.paths.saves_dir / "broken.json"
    bad.write_text('{"format": "rainbowtable-save", "version": 1, "game": ', encoding="utf-8")
    navigation.open_title(ctx)
    problem = navigation.open_replay_file(ctx, bad)
    assert problem is not None and problem.startswith("Could not open broken.json:")
    assert not isinstance(ctx.scenes.top, ReplayScene)
    assert any("Could not open broken.json" in n.text for n in ctx.notices)


def _main(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        RAINBOWTABLE_HOME=str(tmp_path / "home"),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], env=env, capture_output=True, text=True, timeout=120
    )


def test_the_replay_option_opens_a_good_file_and_refuses_a_bad_one(tmp_path: Path) -> None:
    """`python main.py --replay SAVE.json`: the replay screen (with --quit-after, --screenshot and --size);
    a corrupt file: the message opening it gives, a non-zero exit and no traceback."""
    good = tmp_path / "good.json"
    save_match(played("dice_box", seed=4311), good)
    shot = tmp_path / "shot.png"
    result = _main(
        tmp_path,
        "--replay",
        str(good),
        "--quit-after",
        "0.3",
        "--screenshot",
        str(shot),
        "--size",
        "1024x640",
    )
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(shot)).get_size() == (1024, 640)
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\x00not json at all")
    result = _main(tmp_path, "--replay", str(bad), "--quit-after", "0.3")
    assert result.returncode != 0
    assert "Could not open bad.json" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("game_id", sorted(GAME_SEATS))
def test_a_step_forward_animates_with_the_games_motion_and_lands_on_the_next_move(
    ctx: Any, table: Any, game_id: str
) -> None:
    """With animation on, Right animates the step where the game's view has an animation for it (a jump
    does not), and the board lands on the live state after it."""
    from dataclasses import replace

    ctx.settings = replace(ctx.settings, animation_speed=2.0)
    live = played(game_id, seed=4313)
    states = _live_states(live)
    scene = _open(ctx, table, live)
    _press(table, pygame.K_HOME)
    animated = 0
    for position in range(1, min(len(live.steps), 25) + 1):
        _press(table, pygame.K_RIGHT)
        animated += scene.playback.animation is not None
        for _ in range(600):
            if scene.playback.animation is None:
                break
            pump(table, 1)
        assert scene.playback.animation is None, "every animation lands"
        _shows(scene, states, position)
    assert animated > 0, "the game's motion animates some of its steps"
    click(table, (scene.scrubber.x_of(3), scene.scrubber.track.y))
    assert scene.playback.animation is None  # a jump shows the position at once


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_layout_gives_the_review_strip_any_height_it_asks_for(
    ctx: Any, table: Any, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The review strip (its own part) asks for its graph's height: the foot grows under the scrubber, up
    to a quarter of the window, and the turning points get the foot of the side panel under the log."""
    from rainbowtable.ui.scenes.replay.review import ReviewStrip

    placed: list[tuple[pygame.Rect, pygame.Rect]] = []
    monkeypatch.setattr(ReviewStrip, "height", lambda self, width: 10_000)
    monkeypatch.setattr(ReviewStrip, "place", lambda self, graph, points: placed.append((graph, points)))
    ctx.screen = pygame.Surface(size)  # the table laid out for this window (the dummy display is 1280x720)
    ctx.manager.set_window_resolution(size)
    scene = _open(ctx, table, played("regenboog", seed=4314))
    _w, h = ctx.size
    graph, points = placed[-1]
    assert graph.h == h // 4 and graph.w == scene.board_rect.w
    assert graph.top > scene.scrubber.rect.bottom and graph.bottom <= h
    assert scene.board_rect.bottom < scene.scrubber.rect.top and scene.board_rect.h > h // 3
    assert scene.controls.rect.bottom <= graph.top
    assert points.h > 0 and points.bottom == scene.panel_rect.bottom and points.w == scene.panel_rect.w
    assert scene.panel.log.rect.bottom < points.top  # the log ends above the turning points
    assert not graph.colliderect(scene.panel_rect)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("scale", [100, 125, 150])
def test_the_side_panel_always_shows_the_log_beside_the_turning_points(
    rainbowtable_home: Path, size: tuple[int, int], scale: int
) -> None:
    """Issue 43 (the lead's screenshot: De Regenboog at 1280x720, 150 %, Dutch, no log at all): the log
    keeps room for lines of its own, its entries are drawn in it, and the turning points take what is
    left under it; the top bar still says where the replay stands."""
    import logging

    from rainbowtable.core.i18n import install_language
    from rainbowtable.storage.paths import default_paths
    from rainbowtable.storage.settings import Settings
    from rainbowtable.ui import layout_audit
    from rainbowtable.ui.boot import make_context
    from rainbowtable.ui.loop import Table

    paths = default_paths()
    paths.ensure()
    settings = Settings(animation_speed=0.0, ui_scale=scale, language="nl")
    context = make_context(
        paths, logging.getLogger("rainbowtable.test"), settings=settings, size=size, sound=False
    )
    try:
        install_language("nl")
        table = Table(context)
        scene = _open(context, table, played("regenboog", 7))
        log = scene.panel.log
        recording = layout_audit.start()
        try:
            scene.picture.still.forget()
            scene.draw(context.screen)
        finally:
            layout_audit.stop()
        assert log.rect.h >= scene.panel.log_height(2), (log.rect, scene.points_rect)
        assert scene.points_rect.h > 0 and log.rect.bottom < scene.points_rect.top
        inside = [t.text for t in recording.texts if log.rect.contains(t.rect)]
        assert any(text.strip().isdigit() for text in inside), inside  # an entry's move number
        assert len(inside) >= 3, inside  # the heading, a number and its words
        assert scene.toolbar.show_number  # "Terugkijken · Zet 243 van 243" stays in the top bar
    finally:
        install_language("en")
        navigation.open_title(context)


def test_a_replay_board_says_nothing_of_how_to_move(ctx: Any, table: Any) -> None:
    """Issue 43: a replay plays nothing through the board, so a view's how-to-move words (Colosseum's "Drag a
    counter to move it…" under its table) are not drawn there; the play screen still draws them where a
    person plays (not at a table of computers, where they were drawn for nobody)."""
    from rainbowtable.ui import layout_audit

    live = played("colosseum_offcuts", seed=7)

    def words_drawn(open_screen: Any) -> str:
        recording = layout_audit.start()
        try:
            open_screen()
            pump(table, 3)
            return " ".join(text.text for text in recording.texts)
        finally:
            layout_audit.stop()

    def replay_at_move_10() -> None:
        _open(ctx, table, live).jump(10)

    assert "Drag a counter" not in words_drawn(replay_at_move_10)
    # Played on with a person at the table: the words are back. With computers only (a demo) there is
    # nobody for them.
    replay = Replay.from_match(live)
    computers = replay.play_on(10)
    assert "Drag a counter" not in words_drawn(lambda: navigation.open_play(ctx, computers))
    seats = (replace(live.seats[0], kind=SeatKind.HUMAN), *live.seats[1:])
    with_a_person = replay.play_on(10, seats)
    assert "Drag a counter" in words_drawn(lambda: navigation.open_play(ctx, with_a_person))


def test_a_game_that_ends_on_the_table_chimes_once(
    ctx: Any, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The end's chime sounds when the last move is played on this table (and only then)."""
    sounds: list[str] = []
    monkeypatch.setattr(ctx, "play_sound", sounds.append)
    live = played("dice_box", seed=4309)
    navigation.open_play(ctx, Replay.from_match(live).play_on(len(live.steps) - 1))
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    for _ in range(2000):
        if scene.result.shown:
            break
        pump(table, 1)
    assert scene.match.is_finished and scene.result.shown
    pump(table, 5)
    assert sounds.count("chime") == 1


def test_the_log_counts_newer_moves_not_rows_below(ctx: Any) -> None:
    """A replay at its last move whose entry is taller than the log: nothing newer is below, only the rest of
    that entry ("continues below", not "7 newer below"); scrolled up, the count is of moves."""
    from rainbowtable.ui import layout_audit
    from rainbowtable.ui.widgets.log_panel import LogPanel

    panel = LogPanel()
    panel.set_lines(["A short move.", "Another move.", "A move that goes on " + "and on " * 40])
    panel.rect = pygame.Rect(0, 0, 260, 110)
    panel.follow(3)

    def notes() -> str:
        recording = layout_audit.start()
        try:
            panel.draw(pygame.Surface((400, 400)), ctx.theme)
            return " ".join(text.text for text in recording.texts)
        finally:
            layout_audit.stop()

    drawn = notes()
    assert "continues below" in drawn and "newer below" not in drawn
    panel.set_lines(["A move that goes on " + "and on " * 40, "A short move.", "Another move."])
    panel.follow(1)
    assert "2 newer below" in notes(), "the two moves after the long one, not the rows below"
