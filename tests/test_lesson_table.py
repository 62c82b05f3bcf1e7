"""Each game's lesson played to its end on the table through the table's own input (issue 44, "Learn to
play": "a headless test plays its lesson to the end through the table's input (mouse drags and button
clicks), including one refused wrong move"): the step's move dragged from its piece to its target, a
re-roll by the game's own button, the card's Next; a wrong move put back with the rule's reason and the
hint while the step waits; Back, Skip step and Restart lesson; Esc leaves without an autosave; the finished
lesson is remembered in the settings file; "Play a real game" sets up a first game.

Headless (SDL dummy driver) with a fixed `dt`, animation off as in every table test.
"""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from rainbowtable.core.lesson import CHANCE, load_lesson
from rainbowtable.core.seats import Level, SeatKind
from rainbowtable.games import GAMES, rules_by_id
from rainbowtable.games.dice_box.model import Cell
from rainbowtable.storage.settings import load_settings, settings_from_json
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.dialogs import ChoiceScene, DialogScene
from rainbowtable.ui.scenes.lesson import LessonScene, LessonsScene
from rainbowtable.ui.scenes.new_game import NewGameScene
from rainbowtable.ui.table.view import TAKE_CHANCE
from tests.test_whole_games_by_mouse import _drag_out_and_back
from tests.ui_driver import click_button, drag, key, pump

LESSONS = [entry.id for entry in GAMES if load_lesson(rules_by_id(entry.id)) is not None]


def _open(ctx: Any, table: Any, game_id: str) -> LessonScene:
    assert navigation.open_lesson(ctx, ctx.rules_for(game_id))
    pump(table, 3)
    scene = ctx.scenes.top
    assert isinstance(scene, LessonScene)
    return scene


def _settle(table: Any, scene: LessonScene) -> None:
    """Step the table until it waits on the learner (a move or a page turn)."""
    for _ in range(5_000):
        pump(table, 1)
        if not scene.is_busy():
            pump(table, 2)  # pygame_gui draws the card's new buttons a frame late
            return
    raise AssertionError("the lesson's table never came to rest")


def _drag_action(ctx: Any, table: Any, scene: LessonScene, action: Any) -> None:
    """Make `action` the way a person does: drag its piece to its target (pick from a choice if asked)."""
    state = scene.shown_state()
    pair = scene.view.input.target_of(action)
    assert pair is not None, f"{action} is no drag"
    start = scene.view.input.pick_rect(state, pair[0])
    end = scene.view.input.target_rect(state, pair[1])
    assert start is not None and end is not None, f"{action}: its piece or target is not on the table"
    if abs(start.centerx - end.centerx) + abs(start.centery - end.centery) < 12:
        _drag_out_and_back(table, start.center)  # a drop where it was picked up (a flip, a load here)
    else:
        drag(table, start.center, end.center)
    if isinstance(ctx.scenes.top, ChoiceScene):
        dialog = ctx.scenes.top
        labels = [label for label, _callback in dialog.choices]
        wanted = scene.view.input.choice_label(state, action)
        click_button(table, dialog.choice_buttons[labels.index(wanted) if wanted in labels else 0])


def _press_game_button(table: Any, scene: LessonScene, action: Any) -> None:
    button = next(b for b, spec in scene.game_buttons if spec.action == action and spec.enabled)
    click_button(table, button)


def _do_step(ctx: Any, table: Any, scene: LessonScene) -> None:
    """The learner does what the card asks: turns the page, or makes the step's move by hand."""
    if "next" in scene.card.buttons:
        click_button(table, scene.card.buttons["next"])
        return
    assert scene.run.learners_turn, f"step {scene.shown + 1} waits on nobody"
    action = scene.run.wanted()[0]
    if action == CHANCE:
        _press_game_button(table, scene, TAKE_CHANCE)
    elif scene.view.input.target_of(action) is not None:
        _drag_action(ctx, table, scene, action)
    else:
        _press_game_button(table, scene, action)


def _wrong_move(scene: LessonScene) -> Any | None:
    """A legal move the step does not ask for, made by a drag on the table (None if there is none)."""
    state = scene.shown_state()
    for action in scene.rules.legal_actions(scene.match.state):
        pair = scene.view.input.target_of(action)
        if action in scene.run.wanted() or pair is None:
            continue
        if scene.view.input.pick_rect(state, pair[0]) and scene.view.input.target_rect(state, pair[1]):
            return action
    return None


@pytest.mark.parametrize("game_id", LESSONS)
def test_the_lesson_is_played_to_its_end_by_hand_with_a_wrong_move_refused(
    ctx: Any, table: Any, game_id: str
) -> None:
    scene = _open(ctx, table, game_id)
    refused = False
    for _ in range(400):
        _settle(table, scene)
        if scene.shown >= len(scene.lesson.steps):
            break
        waits = scene.shown == scene.run.index and scene.run.learners_turn
        if not refused and waits and (wrong := _wrong_move(scene)) is not None:
            index, steps = scene.run.index, len(scene.match.steps)
            _drag_action(ctx, table, scene, wrong)
            _settle(table, scene)
            refused = True
            assert (scene.run.index, len(scene.match.steps)) == (index, steps), "the step waits"
            shows = scene.card.shows
            assert shows.reason, "the card says why the move was refused"
            assert shows.hint == scene.run.step.hint  # type: ignore[union-attr]
        before = scene.shown
        _do_step(ctx, table, scene)
        _settle(table, scene)
        assert scene.shown > before, f"step {before + 1} of the {game_id} lesson did not go on"
        assert not scene.card.shows.reason
    assert refused, "some step let the learner try a wrong move"
    assert scene.run.finished
    assert set(scene.card.buttons) >= {"real", "lessons"}
    assert game_id in ctx.settings.lessons_done
    assert game_id in load_settings(ctx.paths)[0].lessons_done, "the finished lesson is saved"
    assert not ctx.paths.autosave_path.exists(), "a lesson never autosaves"
    click_button(table, scene.card.buttons["real"])
    new_game = ctx.scenes.top
    assert isinstance(new_game, NewGameScene) and new_game.rules.id == game_id
    seats = new_game.seats()
    assert seats[0].kind is SeatKind.HUMAN
    assert all(s.kind is SeatKind.COMPUTER and s.level is Level.EASY for s in seats[1:])


def test_a_wrong_drop_on_the_dice_box_lesson_is_put_back_with_the_rule_and_the_hint(
    ctx: Any, table: Any
) -> None:
    """dice_box.md §2.3: a die touches a placed die, one pip from each. At the step "put your red 1 left
    of the seed", a drop on a cell that touches nothing is refused with the rule's reason and the hint;
    one on a legal cell the step does not ask for, with the lesson's words and the hint; the step waits."""
    scene = _open(ctx, table, "dice_box")
    for _ in range(2):
        _settle(table, scene)
        _do_step(ctx, table, scene)
    _settle(table, scene)
    assert scene.shown == 2 and scene.run.learners_turn
    (wanted,) = scene.run.wanted()
    assert scene._look().highlights >= {scene.view.input.target_of(wanted)[1]}  # type: ignore[index]
    state = scene.shown_state()
    pick = scene.view.input.pick_rect(state, scene.view.input.target_of(wanted)[0])  # type: ignore[index]
    far = scene.view.input.target_rect(state, Cell(0, 0))
    assert pick is not None and far is not None
    drag(table, pick.center, far.center)
    _settle(table, scene)
    hint = "Drag the red 1 from your tray to the glowing cell left of the seed."
    piece = scene.view.input.target_of(wanted)[0]  # type: ignore[index]
    dropped = scene.view.input.action_for(state, piece, Cell(0, 0))
    rule = scene.rules.why_illegal(scene.match.state, dropped)
    assert rule and scene.card.shows.reason == rule, "the rule's own reason"
    assert scene.card.shows.hint == hint
    assert scene.run.index == 2 and len(scene.match.steps) == len(scene.run.match.steps)
    legal_elsewhere = scene.view.input.target_rect(state, Cell(1, 2))  # above the seed: a 1 fits there too
    assert legal_elsewhere is not None
    drag(table, pick.center, legal_elsewhere.center)
    _settle(table, scene)
    assert "another one" in scene.card.shows.reason and scene.card.shows.hint == hint
    assert scene.run.index == 2
    _do_step(ctx, table, scene)
    _settle(table, scene)
    assert scene.shown == 3 and not scene.card.shows.reason


def test_back_skip_and_restart_turn_the_lessons_pages(ctx: Any, table: Any) -> None:
    """The lesson's pages are turned from the top bar, where a game has Undo and Redo."""
    scene = _open(ctx, table, "dice_box")
    start = list(scene.match.steps)
    assert not scene.buttons["back"].is_enabled, "nothing to go back to on the first card"
    click_button(table, scene.buttons["skip"])
    click_button(table, scene.buttons["skip"])
    _settle(table, scene)
    assert scene.shown == 2
    click_button(table, scene.buttons["skip"])  # the learner's move, made for them
    _settle(table, scene)
    assert scene.run.index >= 3 and len(scene.match.steps) == len(scene.run.match.steps) > len(start)
    shown = scene.shown
    click_button(table, scene.buttons["back"])
    _settle(table, scene)
    assert scene.shown < shown and scene.match.steps == scene.run.match.steps
    click_button(table, scene.buttons["restart"])
    _settle(table, scene)
    assert scene.shown == 0 and scene.match.steps == start
    assert not ctx.paths.autosave_path.exists()


def test_esc_leaves_the_lesson_after_asking_and_saves_nothing(ctx: Any, table: Any) -> None:
    scene = _open(ctx, table, "dice_box")
    for _ in range(3):
        _settle(table, scene)
        _do_step(ctx, table, scene)
    _settle(table, scene)
    key(table, pygame.K_ESCAPE)
    dialog = ctx.scenes.top
    assert isinstance(dialog, DialogScene), "a lesson under way is left after asking"
    assert dialog.confirm_button is not None
    click_button(table, dialog.confirm_button)
    assert isinstance(ctx.scenes.top, LessonsScene) and len(ctx.scenes.scenes) == 1
    assert not ctx.paths.autosave_path.exists(), "leaving a lesson writes no autosave"
    assert ctx.settings.lessons_done == ()


def test_the_learn_to_play_list_shows_every_game_and_opens_a_lesson(ctx: Any, table: Any) -> None:
    navigation.open_lessons(ctx)
    pump(table, 3)
    listing = ctx.scenes.top
    assert isinstance(listing, LessonsScene)
    assert [row.game_id for row in listing.rows] == [entry.id for entry in GAMES]
    for row in listing.rows:
        assert (row.game_id in listing.buttons) == (row.lesson is not None)
    click_button(table, listing.buttons["dice_box"])
    assert isinstance(ctx.scenes.top, LessonScene)


def test_finished_lessons_in_the_settings_file_are_known_game_ids_only() -> None:
    settings, adjusted = settings_from_json({"lessons_done": ["rainbows", "dice_box", "nope", 7, "dice_box"]})
    assert settings.lessons_done == ("dice_box", "rainbows") and adjusted
    broken, adjusted = settings_from_json({"lessons_done": "dice_box"})
    assert broken.lessons_done == () and adjusted
    clean, adjusted = settings_from_json({"lessons_done": ["dice_box"]})
    assert clean.lessons_done == ("dice_box",) and not adjusted
    assert json.loads(json.dumps(list(clean.lessons_done))) == ["dice_box"]


def test_learn_to_play_is_reached_from_the_title_and_from_each_new_game_screen(ctx: Any, table: Any) -> None:
    from rainbowtable.ui.scenes.title import TitleScene

    navigation.open_title(ctx)
    pump(table, 2)
    title = ctx.scenes.top
    assert isinstance(title, TitleScene) and "lessons" in title.buttons
    title.activate("lessons")
    assert isinstance(ctx.scenes.top, LessonsScene)
    for entry in GAMES:
        navigation.open_new_game(ctx, entry.rules)
        pump(table, 2)
        new_game = ctx.scenes.top
        assert isinstance(new_game, NewGameScene) and new_game.learn_button is not None
        click_button(table, new_game.learn_button)
        lesson = ctx.scenes.top
        assert isinstance(lesson, LessonScene), "the new-game screen opens this game's own lesson"
        assert lesson.lesson.game_id == entry.rules.id


def test_a_lesson_the_rules_no_longer_allow_is_not_opened(
    ctx: Any, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 44: the runner checks at load time that every scripted step is legal where it meets it."""
    import rainbowtable.core.lesson as lesson_module

    monkeypatch.setattr(lesson_module, "check", lambda lesson: ["step 3: PlaceDie(...) is not legal"])
    before = ctx.scenes.top
    assert not navigation.open_lesson(ctx, ctx.rules_for("dice_box"))
    assert ctx.scenes.top is before


def test_a_lesson_never_says_the_computer_is_thinking(ctx: Any, table: Any) -> None:
    """Issue 44: the computer's moves in a lesson are scripted, so its status says whose move it is."""
    from rainbowtable.core.game import Players
    from rainbowtable.core.seats import SEAT_COLOURS, Seat
    from rainbowtable.ui.scenes.play.panel import status_text

    scene = _open(ctx, table, "dice_box")
    assert scene.driver.computers_think is False
    computer = Seat("Ada", SeatKind.COMPUTER, Level.EASY, SEAT_COLOURS[1])
    learner = Seat("Sam", SeatKind.HUMAN, Level.EASY, SEAT_COLOURS[0])
    headline, _line = status_text(Players((1,), "Place a die"), [learner, computer], None)
    assert headline == "Ada to play"
    headline, _line = status_text(Players((1,), "Place a die"), [learner, computer], 0.5)
    assert headline.startswith("Ada is thinking")


# Rainbows' lesson never reaches a deposit, its table's only buttons: every take there is a drag.
WITH_BUTTONS = [game_id for game_id in LESSONS if game_id != "rainbows"]


@pytest.mark.parametrize("game_id", WITH_BUTTONS)
def test_only_the_button_the_step_asks_for_wears_the_main_look(ctx: Any, table: Any, game_id: str) -> None:
    """The table gives its first game button the main (orange) look, the move it expects most. In a lesson
    that look invited a click the step then refused ("End turn" while the step asked for a drag): there the
    main look goes to the button whose move the step asks for, and to none while it asks for a drag."""
    scene = _open(ctx, table, game_id)
    seen = {"main": 0, "none": 0}
    for _ in range(400):
        _settle(table, scene)
        if scene.shown >= len(scene.lesson.steps):
            break
        if scene.shown == scene.run.index and scene.run.learners_turn and scene.game_buttons:
            asked = scene.run.wanted()
            main = [spec for button, spec in scene.game_buttons if "@primary" in button.object_ids]
            by_button = [
                spec
                for _button, spec in scene.game_buttons
                if (CHANCE if spec.action == TAKE_CHANCE else spec.action) in asked
            ]
            assert main == by_button[:1], (scene.shown + 1, [s.label for s in main])
            seen["main" if main else "none"] += 1
        _do_step(ctx, table, scene)
    assert scene.run.finished
    assert seen["none"] > 0 or seen["main"] > 0, f"no step of the {game_id} lesson showed a game button"
