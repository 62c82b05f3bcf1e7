"""Issue 37 (the table survives its own bugs): an unexpected exception in a scene's event handling,
update or drawing is caught at the loop. The game in progress stays autosaved, an unsaved builder draft
is written, a crash report (traceback, version, screens, last actions) goes to the logs folder, and the
player lands on the title with an apology naming the report. Each kind of scene gets an injected bug in
each of the three places."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from rainbowtable import __version__
from rainbowtable.core.match import Match
from rainbowtable.core.seats import default_seats
from rainbowtable.games import rules_by_id
from rainbowtable.games.rainbow_passage.components import SectionKind
from rainbowtable.storage.saves import load_match
from rainbowtable.ui import crash
from rainbowtable.ui.scenes import dialogs, navigation
from rainbowtable.ui.scenes.title import TitleScene
from tests.ui_driver import DT, drag, pump


class InjectedBug(RuntimeError):
    """The bug the tests plant in a scene."""


@pytest.fixture(autouse=True)
def guarded(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests exercise the guard itself, so bugs are recovered from here, not raised."""
    monkeypatch.delenv(crash.RAISE_BUGS_ENV, raising=False)


def _played_match() -> Match:
    rules = rules_by_id("dice_box")
    match = Match(rules, rules.default_options(), default_seats(2), 42)
    while len(match.steps) < 6:
        if match.resolve_chance() is None:
            match.play(rules.legal_actions(match.state)[0])
    return match


def _open_play(ctx: Any) -> None:
    navigation.open_title(ctx)
    navigation.open_play(ctx, _played_match())


def _open_rainbow_passage_builder(ctx: Any) -> None:
    from rainbowtable.ui.games.rainbow_passage.screens import open_builder

    navigation.open_title(ctx)
    open_builder(ctx)


def _open_hex_builder(ctx: Any) -> None:
    from rainbowtable.ui.games.regenboog.builder import open_builder

    navigation.open_title(ctx)
    open_builder(ctx)


def _open_dialog(ctx: Any) -> None:
    navigation.open_title(ctx)
    navigation.open_settings(ctx)
    dialogs.message(ctx, "A dialog", "Over the settings.")


SCENES: dict[str, Callable[[Any], None]] = {
    "title": navigation.open_title,
    "new_game": lambda ctx: navigation.open_new_game(ctx, rules_by_id("rainbows")),
    "play": _open_play,
    "load": lambda ctx: (navigation.open_title(ctx), navigation.open_load(ctx)),
    "settings": lambda ctx: (navigation.open_title(ctx), navigation.open_settings(ctx)),
    "rules": lambda ctx: (navigation.open_title(ctx), navigation.open_rules(ctx, rules_by_id("dice_box"))),
    "rainbow_passage_builder": _open_rainbow_passage_builder,
    "hex_builder": _open_hex_builder,
    "dialog": _open_dialog,
}
PLACES = ("handle_event", "update", "draw")


def _plant(scene: Any, place: str) -> None:
    def broken(*args: object) -> bool:
        raise InjectedBug(f"planted in {type(scene).__name__}.{place}")

    setattr(scene, place, broken)


def _frame_that_reaches(table: Any, place: str) -> None:
    events = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F13, mod=0, unicode="", scancode=0)]
    table.force_draw = True
    table.step(DT, events if place == "handle_event" else [])


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("kind", list(SCENES))
def test_a_bug_in_any_scene_lands_on_the_title_with_a_report(
    ctx: Any, table: Any, kind: str, place: str
) -> None:
    """issue 37: the bug is caught, the report holds the traceback, the version and the screens, the
    player is on the title with an apology naming the report, and the table goes on drawing."""
    SCENES[kind](ctx)
    pump(table)
    scene = ctx.scenes.top
    name = type(scene).__name__
    _plant(scene, place)
    _frame_that_reaches(table, place)
    assert isinstance(ctx.scenes.top, TitleScene)
    assert len(ctx.scenes.scenes) == 1
    reports = crash.crash_reports(ctx.paths.logs_dir)
    assert len(reports) == 1
    text = reports[0].read_text(encoding="utf-8")
    assert "InjectedBug" in text and f"planted in {name}.{place}" in text
    assert f"version: {__version__}" in text and name in text
    apology = [n.text for n in ctx.notices if n.text.startswith("Sorry")]
    assert apology and str(reports[0]) in apology[0]
    pump(table, 40)  # the title keeps working
    assert isinstance(ctx.scenes.top, TitleScene)


def test_a_bug_during_a_game_keeps_it_autosaved_and_reports_the_last_actions(ctx: Any, table: Any) -> None:
    """issue 37: after a bug in the play screen the autosave holds the game as it was, and the report
    lists its last actions."""
    _open_play(ctx)
    pump(table)
    match = ctx.scenes.top.match
    ctx.paths.autosave_path.unlink(missing_ok=True)
    _plant(ctx.scenes.top, "update")
    _frame_that_reaches(table, "update")
    assert isinstance(ctx.scenes.top, TitleScene)
    assert load_match(ctx.paths.autosave_path).steps == match.steps
    text = crash.crash_reports(ctx.paths.logs_dir)[0].read_text(encoding="utf-8")
    assert f"game: dice_box #{match.seed}, {len(match.steps)} steps" in text
    assert f"step {len(match.steps) - 1}: seat" in text


def test_a_bug_in_the_board_builder_keeps_the_unsaved_draft(ctx: Any, table: Any) -> None:
    """issue 37: a bug in the Rainbow Passage builder with a section placed and not saved: the draft
    file holds it, and the builder reopens with it."""
    from rainbowtable.games.rainbow_passage.board_file import draft_from_json
    from rainbowtable.ui.games.rainbow_passage.builder import BoardBuilderScene
    from rainbowtable.ui.games.rainbow_passage.builder_draft_file import DRAFT_FILE

    _open_rainbow_passage_builder(ctx)
    pump(table)
    scene = ctx.scenes.top
    assert isinstance(scene, BoardBuilderScene)
    drag(
        table,
        scene.tray.rows[SectionKind.CROSS].center,
        scene.board_view.cell_rect(scene.draft.centre).center,
    )
    draft = scene.draft
    assert draft.placements
    (ctx.paths.root / DRAFT_FILE).unlink()
    _plant(scene, "draw")
    _frame_that_reaches(table, "draw")
    assert isinstance(ctx.scenes.top, TitleScene)
    kept = json.loads((ctx.paths.root / DRAFT_FILE).read_text(encoding="utf-8"))
    assert draft_from_json(kept["draft"]) == draft


def test_a_bug_in_the_hex_builder_writes_the_unsaved_layout_to_the_library(ctx: Any, table: Any) -> None:
    """issue 37: the hex builder keeps no draft file, so an unsaved layout goes to the library under a
    name saying it was rescued."""
    from rainbowtable.games.regenboog.board import STANDARD_DRAFT
    from rainbowtable.games.regenboog.board_file import layout_folder, list_layouts

    _open_hex_builder(ctx)
    pump(table)
    scene = ctx.scenes.top
    scene.set_draft(STANDARD_DRAFT)
    _plant(scene, "update")
    _frame_that_reaches(table, "update")
    assert isinstance(ctx.scenes.top, TitleScene)
    saved = [e.saved for e in list_layouts(layout_folder(ctx.paths.boards_dir)) if e.saved is not None]
    assert [s.draft for s in saved] == [STANDARD_DRAFT]
    assert "(rescued)" in saved[0].name


def test_with_bugs_raised_the_guard_steps_aside(
    ctx: Any, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 37: tests that must see every traceback set RAINBOWTABLE_RAISE_BUGS; the bug is raised."""
    monkeypatch.setenv(crash.RAISE_BUGS_ENV, "1")
    navigation.open_title(ctx)
    pump(table)
    _plant(ctx.scenes.top, "update")
    with pytest.raises(InjectedBug):
        _frame_that_reaches(table, "update")
    assert crash.crash_reports(ctx.paths.logs_dir) == []


def test_a_bug_again_right_after_a_recovery_is_not_caught_twice(ctx: Any, table: Any) -> None:
    """issue 37: a title screen that fails at once after a recovery ends the app as before (with the
    story in the log), instead of recovering in a loop."""
    _open_play(ctx)
    pump(table)
    _plant(ctx.scenes.top, "update")
    _frame_that_reaches(table, "update")
    _plant(ctx.scenes.top, "update")
    with pytest.raises(InjectedBug):
        _frame_that_reaches(table, "update")
