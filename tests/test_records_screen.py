"""Issue 43, the Records screen (headless, fixed dt, synthetic events): opened from the title; the game and
player filters change what is shown; Delete asks first and deletes only after yes; Replay opens a record's
save in the replay screen; the dice page's counts are the rolls in the recorded games' saves; a damaged
records file is set aside with a message on the screen and a new store works; an empty store says what to
do."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame
import pygame_gui
import pytest

from rainbowtable.core.dice_fairness import dice_in_match, fairness
from rainbowtable.core.replay import Replay
from rainbowtable.storage.records import RecordsStore, match_identity, record_finished
from rainbowtable.storage.saves import load_match
from rainbowtable.ui import layout_audit
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.dialogs import DialogScene
from rainbowtable.ui.scenes.records import RecordsScene
from rainbowtable.ui.scenes.records.dice_page import add_dice
from rainbowtable.ui.scenes.records.page import Page
from tests.looking_back import played
from tests.records_filled import PEOPLE, fill_records
from tests.ui_driver import click_button, post, pump


def _open(ctx: Any, table: Any) -> RecordsScene:
    navigation.open_title(ctx)
    pump(table, 2)
    title = ctx.scenes.top
    click_button(table, title.buttons["records"])
    scene = ctx.scenes.top
    assert isinstance(scene, RecordsScene)
    return scene


def _choose(table: Any, menu: Any, option_id: str) -> None:
    """What pygame_gui posts when an option of a drop-down is picked."""
    event = pygame.event.Event(
        pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, selected_option_id=option_id, text=option_id
    )
    post(table, [event])


def test_the_title_opens_records_and_back_returns(ctx: Any, table: Any) -> None:
    """Issue 43 (records): a Records button on the title opens the screen; Back returns to the title."""
    scene = _open(ctx, table)
    assert scene.records == [] and scene._empty_words() is not None
    assert "play one" in scene._empty_words()  # type: ignore[operator]
    click_button(table, scene.buttons["back"])
    assert type(ctx.scenes.top).__name__ == "TitleScene"


def test_the_filters_change_what_is_shown(ctx: Any, table: Any) -> None:
    """Issue 43 (records): the game chooser shows one game's records (or all); the player filter those with
    that person at the table; the summary follows them."""
    matches = fill_records(ctx.paths)
    scene = _open(ctx, table)
    assert len(scene.records) == len(matches)
    assert [r.finished for r in scene.records] == sorted((r.finished for r in scene.records), reverse=True)
    assert scene.names == list(PEOPLE)
    assert scene.game_menu is not None
    _choose(table, scene.game_menu, "dice_box")
    scene = ctx.scenes.top
    dice_box = [m for m in matches if m.rules.id == "dice_box"]
    assert scene.game == "dice_box" and {r.game for r in scene.records} == {"dice_box"}
    assert len(scene.records) == len(dice_box)
    assert scene.player_menu is not None
    _choose(table, scene.player_menu, str(scene.names.index(PEOPLE[1])))
    assert scene.player == PEOPLE[1]
    with_bart = [m for m in dice_box if any(s.name == PEOPLE[1] for s in m.seats)]
    assert {r.identity for r in scene.records} == {match_identity(m) for m in with_bart}
    assert 0 < len(scene.records) < len(dice_box)
    _choose(table, scene.game_menu, "*all*")
    assert scene.game is None and scene.player == PEOPLE[1]
    assert all(r.seats_named(PEOPLE[1]) for r in scene.records)
    click_button(table, scene.buttons["games"])
    assert scene.tab == "games" and "replay" in scene.buttons


def test_delete_asks_first_and_deletes_only_after_yes(ctx: Any, table: Any) -> None:
    """Issue 43 (records): Delete asks; Keep them changes nothing; yes deletes the chosen game's records
    (the others stay) and the screen shows what is left."""
    matches = fill_records(ctx.paths)
    scene = _open(ctx, table)
    _choose(table, scene.game_menu, "dice_box")
    click_button(table, scene.buttons["delete"])
    dialog = ctx.scenes.top
    assert isinstance(dialog, DialogScene) and "Dice Box" in dialog.text
    assert dialog.cancel_button is not None
    assert dialog.confirm_button is not None and "@danger" in dialog.confirm_button.object_ids
    click_button(table, dialog.cancel_button)
    assert ctx.scenes.top is scene and len(RecordsStore.open(ctx.paths).games()) == len(matches)
    click_button(table, scene.buttons["delete"])
    dialog = ctx.scenes.top
    assert dialog.confirm_button is not None
    click_button(table, dialog.confirm_button)
    pump(table, 3)
    left = RecordsStore.open(ctx.paths).games()
    assert {r.game for r in left} == {m.rules.id for m in matches} - {"dice_box"}
    assert ctx.scenes.top is scene and scene.records == [] and scene._empty_words() is not None
    _choose(table, scene.game_menu, "*all*")
    assert len(scene.records) == len(left)


def test_the_replay_button_opens_the_records_save(
    ctx: Any, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 43 (records): a record whose save is kept has Replay: it opens the replay screen on that save
    (Back returning to Records); a record whose save is gone has none."""
    fill_records(ctx.paths)
    opened: list[tuple[Any, ...]] = []

    def open_replay(ctx_: Any, replay: Replay, *, source: Any = None, back: Any = None) -> None:
        opened.append((replay, source, back))

    monkeypatch.setattr(navigation, "open_replay", open_replay, raising=False)
    scene = _open(ctx, table)
    click_button(table, scene.buttons["games"])
    scene = ctx.scenes.top
    unsaved = next(i for i, r in enumerate(scene.records) if not r.save)
    scene.select(unsaved)
    assert not scene.buttons["replay"].is_enabled
    saved = next(i for i, r in enumerate(scene.records) if r.save)
    scene.select(saved)
    record = scene.records[saved]
    assert scene.buttons["replay"].is_enabled
    click_button(table, scene.buttons["replay"])
    ((replay, source, back),) = opened
    assert source == ctx.paths.saves_dir / record.save
    assert back is navigation.open_records
    assert replay.is_finished and replay.length == record.steps
    # The save removed behind the screen's back: no Replay for it any more.
    source.unlink()
    scene.select(saved)
    assert not scene.buttons["replay"].is_enabled


def test_a_records_replay_opens_the_replay_screen_and_back_returns_to_records(ctx: Any, table: Any) -> None:
    """Issue 43: from a finished game's record to its replay (the real screen, on the kept save) and back."""
    from rainbowtable.ui.scenes.replay import ReplayScene

    fill_records(ctx.paths)
    scene = _open(ctx, table)
    click_button(table, scene.buttons["games"])
    scene = ctx.scenes.top
    scene.select(next(i for i, r in enumerate(scene.records) if r.save))
    record = scene.records[scene.selected]
    click_button(table, scene.buttons["replay"])
    pump(table, 2)
    replay_scene = ctx.scenes.top
    assert isinstance(replay_scene, ReplayScene)
    assert replay_scene.replay.is_finished and replay_scene.replay.length == record.steps
    post(table, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    pump(table, 2)
    assert isinstance(ctx.scenes.top, RecordsScene), "Back returns to Records"


@pytest.mark.parametrize("game_id", ["dice_box", "rainbow_passage", "regenboog"])
def test_the_dice_page_counts_the_rolls_in_the_saves(ctx: Any, table: Any, game_id: str) -> None:
    """Issue 43 (records): the dice page's counts, per kind and face, equal the faces the recorded games'
    saves rolled (`dice_in_match` of each save, the unsaved game from the match itself), and the page
    draws each kind's number of rolls."""
    matches = fill_records(ctx.paths)
    store = RecordsStore.open(ctx.paths)
    expected: Counter[tuple[str, str]] = Counter()
    for record in store.games(game_id):
        if record.save:
            expected.update(dice_in_match(load_match(ctx.paths.saves_dir / record.save)))
        else:
            expected.update(dice_in_match(next(m for m in matches if match_identity(m) == record.identity)))
    assert sum(expected.values()) > 0
    assert store.dice_counts(game_id) == expected
    scene = _open(ctx, table)
    click_button(table, scene.buttons["dice"])
    _choose(table, scene.game_menu, game_id)
    assert scene.tab == "dice" and scene.game == game_id and scene.picture is not None
    rules = ctx.rules_for(game_id)
    recording = layout_audit.start()
    try:
        add_dice(page := Page(ctx, 900), rules, store.dice_counts(game_id))
        page.render()
    finally:
        layout_audit.stop()
    drawn = [t.text for t in recording.texts]
    for result in fairness(rules.dice_kinds, expected):
        assert result.counts == tuple(expected[result.kind.name, face] for face in result.kind.faces)
        assert any(text.startswith(f"Rolls: {result.rolls} ") for text in drawn), result.kind.name


def test_a_damaged_records_file_is_set_aside_and_said_on_the_screen(ctx: Any, table: Any) -> None:
    """Issue 43 (records): a records file that is not one, found at start, is kept aside, the screen says
    so, and the new store takes the next game."""
    ctx.paths.records_path.write_bytes(b"garbage" * 50)
    scene = _open(ctx, table)
    assert scene.store.set_aside_as is not None and scene.store.set_aside_as.read_bytes() == b"garbage" * 50
    assert scene.note_lines and "could not be read" in " ".join(scene.note_lines)
    match = played("dice_box", seed=4390, seat_count=2)
    assert record_finished(match, ctx.paths) is None
    click_button(table, scene.buttons["back"])
    scene = _open(ctx, table)
    assert scene.note_lines == [] and [r.identity for r in scene.records] == [match_identity(match)]


def test_keys_move_through_the_games_and_escape_goes_back(ctx: Any, table: Any) -> None:
    """Issue 43 (records): on the Games tab the arrow keys, Home and End choose a game; Esc leaves."""
    fill_records(ctx.paths, games=4)
    scene = _open(ctx, table)
    click_button(table, scene.buttons["games"])
    for key, index in ((pygame.K_DOWN, 1), (pygame.K_END, 3), (pygame.K_UP, 2), (pygame.K_HOME, 0)):
        post(table, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])
        assert scene.selected == index
    post(table, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert type(ctx.scenes.top).__name__ == "TitleScene"
