"""Headless tests of the menu screens (title, new game, settings, load, rules page, dialogs) and the Markdown
widget, driven with synthetic events through `Table.step` on the SDL dummy display."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIImage

from rainbowtable.core.match import Match
from rainbowtable.core.options import option_specs
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level, Seat, SeatKind
from rainbowtable.games import GAMES, rules_by_id
from rainbowtable.games.dice_box.model import DiceBoxOptions
from rainbowtable.storage.save_listing import SaveSummary
from rainbowtable.storage.saves import autosave, save_match
from rainbowtable.storage.settings import load_settings
from rainbowtable.ui import boot
from rainbowtable.ui import draw as ui_draw
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.dialogs import DialogScene, confirm
from rainbowtable.ui.scenes.load_game import LoadGameScene, detail_text
from rainbowtable.ui.scenes.new_game import NewGameScene
from rainbowtable.ui.scenes.play import PlayScene
from rainbowtable.ui.scenes.rules_page import RulesPageScene, rules_text
from rainbowtable.ui.scenes.settings import SettingsScene
from rainbowtable.ui.scenes.title import TitleScene
from rainbowtable.ui.widgets.markdown import MarkdownView, parse_blocks, parse_inline
from rainbowtable.ui.widgets.menu_button import MenuButton
from tests.ui_driver import click, click_button, key, post, pump

DICE_BOX = rules_by_id("dice_box")
SIZES = [(1280, 720), (1920, 1080), (800, 500)]


def resize(table: Any, size: tuple[int, int]) -> None:
    boot.open_window(size, False)
    table.resized()
    pump(table, 2)


def played_match(seat_count: int = 2, moves: int = 6, seed: int = 4242) -> Match:
    seats = tuple(
        Seat(f"P{i + 1}", colour=colour)
        for i, colour in zip(range(seat_count), ("coral", "teal", "amber", "violet"), strict=False)
    )
    match = Match(DICE_BOX, DICE_BOX.default_options(), seats, seed)
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        match.advance()
        actions = list(DICE_BOX.legal_actions(match.state))
        if not actions or match.is_finished:
            break
        match.play(rng.choice(actions))
    return match


def open_screen(ctx: Any, name: str) -> Any:
    navigation.open_title(ctx)
    if name == "new_game":
        navigation.open_new_game(ctx, DICE_BOX)
    elif name == "settings":
        navigation.open_settings(ctx)
    elif name == "load":
        navigation.open_load(ctx)
    elif name == "rules":
        navigation.open_rules(ctx, DICE_BOX)
    return ctx.scenes.top


def leave_play(ctx: Any) -> None:
    """Stop a play scene (and its computer worker) before the test ends."""
    navigation.open_title(ctx)


# --- every screen at every size ---------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", ["title", "new_game", "settings", "load", "rules"])
def test_screen_lays_out_without_overlap(ctx: Any, table: Any, screen: str, size: tuple[int, int]) -> None:
    """Each menu screen builds at 1280x720, 1920x1080 and the 800x500 minimum: no exception, every widget
    inside the window and no two widgets overlapping."""
    save_match(played_match(), ctx.paths.saves_dir / "one.json")
    resize(table, size)
    scene = open_screen(ctx, screen)
    pump(table, 4)
    assert ctx.scenes.top is scene
    window = pygame.Rect((0, 0), size)
    rects = [pygame.Rect(element.get_abs_rect()) for element in scene.elements]
    # The title's menu buttons and game tiles are the table's own, not pygame_gui elements.
    rects += [b.rect for b in getattr(scene, "buttons", {}).values() if isinstance(b, MenuButton)]
    rects += [tile.rect for tile in getattr(scene, "tiles", [])]
    assert rects, "the screen has widgets"
    for rect in rects:
        assert window.contains(rect), f"{rect} leaves the {size} window"
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), f"{a} overlaps {b}"
    table.draw()


def test_screens_survive_a_live_resize(ctx: Any, table: Any) -> None:
    scene = open_screen(ctx, "new_game")
    for size in [(1920, 1080), (800, 500), (1280, 720)]:
        resize(table, size)
        assert ctx.scenes.top is scene
        assert all(pygame.Rect((0, 0), size).contains(pygame.Rect(e.get_abs_rect())) for e in scene.elements)


@pytest.mark.parametrize("screen", ["title", "new_game", "settings", "load", "rules"])
def test_drawing_a_frame_wraps_no_text(
    ctx: Any, table: Any, monkeypatch: pytest.MonkeyPatch, screen: str
) -> None:
    """Text is wrapped and cut when a screen is laid out, not on every frame (a hover or a scroll redraws
    many frames)."""
    save_match(played_match(), ctx.paths.saves_dir / "one.json")
    scene = open_screen(ctx, screen)
    pump(table, 2)

    def refuse(*args: object) -> list[str]:
        raise AssertionError("text wrapped while drawing a frame")

    monkeypatch.setattr(ui_draw, "wrap", refuse)
    scene.draw(ctx.screen)


# --- title -------------------------------------------------------------------------------------------


def test_title_has_a_tile_per_game_and_a_click_opens_the_new_game_screen(ctx: Any, table: Any) -> None:
    navigation.open_title(ctx)
    pump(table)
    title = ctx.scenes.top
    assert isinstance(title, TitleScene)
    assert [tile.game.id for tile in title.tiles] == [game.id for game in ctx.playable_games()]
    assert pygame.display.get_caption()[0] == "rainbowtable"
    click(table, title.tiles[0].rect.center)
    scene = ctx.scenes.top
    assert isinstance(scene, NewGameScene)
    assert scene.rules is GAMES[0].rules


def test_title_hover_lifts_the_tile(ctx: Any, table: Any) -> None:
    navigation.open_title(ctx)
    title = ctx.scenes.top
    pump(table)
    centre = title.tiles[0].rect.center
    pygame.mouse.set_pos(centre)
    table.step(0.1, [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))])
    pump(table, 10, dt=0.05)
    assert title.hovered is title.tiles[0]
    assert title.tiles[0].lift == 1.0


def test_escape_does_nothing_on_the_title(ctx: Any, table: Any) -> None:
    navigation.open_title(ctx)
    pump(table)
    key(table, pygame.K_ESCAPE)
    assert isinstance(ctx.scenes.top, TitleScene)
    assert not ctx.quit_requested


def test_resume_is_disabled_without_an_autosave_and_describes_one(ctx: Any, table: Any) -> None:
    navigation.open_title(ctx)
    pump(table)
    title = ctx.scenes.top
    assert not title.buttons["resume"].is_enabled
    match = played_match(moves=5)
    autosave(match, ctx.paths)
    navigation.open_title(ctx)
    pump(table)
    title = ctx.scenes.top
    resume = title.buttons["resume"]
    assert resume.is_enabled
    assert match.title in resume.text and f"turn {len(match.steps)}" in resume.text
    click_button(table, resume)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    assert scene.match.actions() == match.actions()
    leave_play(ctx)


def test_an_unreadable_autosave_disables_resume_with_the_reason(ctx: Any, table: Any) -> None:
    ctx.paths.autosave_path.write_text("{ not json", encoding="utf-8")
    navigation.open_title(ctx)
    pump(table)
    title = ctx.scenes.top
    assert not title.buttons["resume"].is_enabled
    # Issue 9: the reason is shown and the file is kept aside, so the next start is clean.
    assert "could not be resumed" in title.resume_note and "not valid JSON" in title.resume_note
    assert not ctx.paths.autosave_path.exists()
    assert len(list(ctx.paths.root.glob("autosave.json.broken-*"))) == 1


def test_quit_button_asks_the_loop_to_stop(ctx: Any, table: Any) -> None:
    navigation.open_title(ctx)
    pump(table)
    click_button(table, ctx.scenes.top.buttons["quit"])
    assert ctx.quit_requested


# --- new game ----------------------------------------------------------------------------------------


def choose_from_drop_down(table: Any, menu: Any, option_id: str) -> None:
    """Open the drop-down with a click and click the option built with `option_id` (never matched by text)."""
    click_button(table, menu)
    items = menu.current_state.options_selection_list.item_list
    item = next(entry for entry in items if str(entry["object_id"]) == option_id)
    assert item["button_element"] is not None, "the option is visible"
    click(table, pygame.Rect(item["button_element"].get_abs_rect()).center)
    pump(table, 3)


def test_new_game_seat_count_and_a_computer_hard_seat(ctx: Any, table: Any) -> None:
    scene = open_screen(ctx, "new_game")
    pump(table)
    assert scene.choices.seat_count == 2 and len(scene.seat_rows.name_entries) == 2
    click_button(table, scene.seat_rows.count_buttons[4])
    assert scene.choices.seat_count == 4
    assert len(scene.seat_rows.name_entries) == 4 and len(scene.seat_rows.kind_menus) == 4
    choose_from_drop_down(table, scene.seat_rows.kind_menus[2], "hard")
    seats = scene.seats()
    assert seats[2].kind is SeatKind.COMPUTER and seats[2].level is Level.HARD
    assert seats[2].name == "Computer 3"
    assert len({seat.colour for seat in seats}) == 4


def test_new_game_says_what_each_computer_level_at_the_table_does(ctx: Any, table: Any) -> None:
    """Issue 10: the levels are named by what they do. Under the seats, one line for each computer level
    at the table, easiest first; a table of people has none; at every size the lines fit the card."""
    scene = open_screen(ctx, "new_game")
    pump(table)
    click_button(table, scene.seat_rows.count_buttons[4])
    for index, kind in ((1, "hard"), (2, "human"), (3, "human")):
        choose_from_drop_down(table, scene.seat_rows.kind_menus[index], kind)
    assert scene.choices.level_lines() == ["Hard looks ahead before every move and plays to win."]
    choose_from_drop_down(table, scene.seat_rows.kind_menus[3], "easy")
    assert scene.choices.level_lines() == [
        "Easy plays sensible moves, with a beginner's slips.",
        "Hard looks ahead before every move and plays to win.",
    ]
    assert scene.seat_rows.level_texts == scene.choices.level_lines(), "what is drawn follows the seats"
    choose_from_drop_down(table, scene.seat_rows.kind_menus[1], "human")
    choose_from_drop_down(table, scene.seat_rows.kind_menus[3], "human")
    assert scene.choices.level_lines() == [] and scene.seat_rows.level_texts == []
    for size in ((1280, 720), (1920, 1080)):
        resize(table, size)
        assert scene.seat_rows.levels_rect is not None
        assert scene.players_rect.contains(scene.seat_rows.levels_rect)
        assert all(
            scene.seat_rows.levels_rect.bottom <= entry.rect.top
            or scene.seat_rows.levels_rect.top >= entry.rect.bottom
            for entry in scene.seat_rows.name_entries
        )


def test_clicking_a_swatch_cycles_to_a_free_colour(ctx: Any, table: Any) -> None:
    """For a game without colours of its own (no view hook), the swatch cycles the table's palette."""
    scene = open_screen(ctx, "new_game")
    scene.view = None
    pump(table)
    click_button(table, scene.seat_rows.count_buttons[3])
    before = [draft.colour for draft in scene.choices.drafts[:3]]
    for _ in range(7):
        click(table, scene.seat_rows.swatches[0].center)
        colours = [draft.colour for draft in scene.choices.drafts[:3]]
        assert len(set(colours)) == 3
        assert colours[1:] == before[1:]
    assert scene.choices.drafts[0].colour != before[0]


def test_an_option_that_cannot_apply_is_off_and_greyed_with_its_reason(ctx: Any, table: Any) -> None:
    """Issue 11: "two colours each" with 3 or 4 players is switched off and greyed with the rules' reason,
    rather than left on to block Start; with 2 players it can be switched on again."""
    scene = open_screen(ctx, "new_game")
    pump(table)
    click_button(table, scene.seat_rows.count_buttons[2])
    click_button(table, scene.options_card.option_widgets["two_colours_each"]["toggle"])
    assert scene.choices.values["two_colours_each"] is True
    click_button(table, scene.seat_rows.count_buttons[3])
    toggle = scene.options_card.option_widgets["two_colours_each"]["toggle"]
    assert scene.choices.values["two_colours_each"] is False and not toggle.is_enabled
    assert scene.choices.blocked["two_colours_each"] == DICE_BOX.option_problem(
        DiceBoxOptions(two_colours_each=True), 3
    )
    assert scene.problem is None and scene.start_button.is_enabled
    click_button(table, scene.seat_rows.count_buttons[2])
    assert (
        scene.options_card.option_widgets["two_colours_each"]["toggle"].is_enabled
        and not scene.choices.blocked
    )


def test_a_number_option_whose_zero_is_a_choice_shows_its_word(ctx: Any, table: Any) -> None:
    """De Regenboog's Ships showed "0" for "the usual number for the players", which read as no ships at
    all: 0 there shows "Usual" (drawn between - and +, no field to type a 0 into), any other count its
    number; - and + step through them."""
    from rainbowtable.games import rules_by_id
    from rainbowtable.ui import layout_audit
    from rainbowtable.ui.scenes.new_game import NewGameScene

    scene = NewGameScene(ctx, rules_by_id("regenboog"))
    ctx.scenes.push(scene)
    pump(table, 3)
    card = scene.options_card
    spec = next(spec for spec in scene.choices.specs if spec.name == "ships")
    assert spec.zero_means == "Usual" and "entry" not in card.option_widgets["ships"]

    def shown() -> list[str]:
        recording = layout_audit.start()
        try:
            scene.draw(ctx.screen)
        finally:
            layout_audit.stop()
        return [text.text for text in recording.texts]

    assert scene.choices.values["ships"] == 0 and "Usual" in shown()
    click_button(table, card.option_widgets["ships"]["plus"])
    assert scene.choices.values["ships"] == 1 and "1" in shown() and "Usual" not in shown()
    click_button(table, card.option_widgets["ships"]["minus"])
    assert scene.choices.values["ships"] == 0 and "Usual" in shown()


def test_an_empty_game_number_disables_start(ctx: Any, table: Any) -> None:
    scene = open_screen(ctx, "new_game")
    pump(table)
    click_button(table, scene.seed_entry)
    for _ in range(12):
        key(table, pygame.K_BACKSPACE)
    assert scene.seed_text == ""
    assert not scene.start_button.is_enabled
    click_button(table, scene.new_number_button)
    assert scene.seed_text.isdigit() and scene.start_button.is_enabled


def test_start_builds_the_match_and_opens_the_play_screen(ctx: Any, table: Any) -> None:
    scene = open_screen(ctx, "new_game")
    pump(table)
    choose_from_drop_down(table, scene.seat_rows.kind_menus[1], "human")
    click_button(table, scene.seat_rows.name_entries[0])
    for char in "Ada":
        table.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text=char)])
    pump(table)
    seed = int(scene.seed_text)
    click_button(table, scene.start_button)
    play = ctx.scenes.top
    assert isinstance(play, PlayScene)
    match = play.match
    assert match.seed == seed
    assert match.seats[0].name.endswith("Ada")
    assert [seat.kind for seat in match.seats] == [SeatKind.HUMAN, SeatKind.HUMAN]
    assert match.undo_mode.value == ctx.settings.undo_mode
    leave_play(ctx)


def test_rematch_prefills_seats_and_options(ctx: Any, table: Any) -> None:
    seats = (Seat("Ana", colour="violet"), Seat("Bot", SeatKind.COMPUTER, Level.HARD, "lime"))
    previous = Match(DICE_BOX, DiceBoxOptions(two_colours_each=True), seats, 77)
    navigation.open_new_game(ctx, DICE_BOX, previous)
    pump(table)
    scene = ctx.scenes.top
    assert scene.seats() == seats
    assert scene.choices.values["two_colours_each"] is True
    assert scene.options_card.option_widgets["two_colours_each"]["toggle"].text == "On"


def test_option_labels_and_help_come_from_field_metadata() -> None:
    """Only field metadata is read (a bundled build ships bytecode without source, so no docstrings)."""
    specs = {spec.name: spec for spec in option_specs(DiceBoxOptions)}
    assert set(specs) == {"two_colours_each", "random_colours", "random_first_player"}
    assert all(spec.kind == "bool" for spec in specs.values())
    assert specs["two_colours_each"].label == "Two colours each"
    assert specs["random_first_player"].help == "The first player is drawn at random."
    for spec in specs.values():
        assert spec.help and "§" not in spec.help and "[RES" not in spec.help and ".md" not in spec.help


# --- settings ----------------------------------------------------------------------------------------


def test_settings_changes_are_saved(ctx: Any, table: Any) -> None:
    scene = open_screen(ctx, "settings")
    pump(table)
    assert isinstance(scene, SettingsScene)
    click_button(table, scene.buttons["sound"])
    click_button(table, scene.buttons["strict"])
    click_button(table, scene.buttons["glyphs"])
    saved, problem = load_settings(ctx.paths)
    assert problem is None
    assert saved.sound is False and saved.glyphs is False and saved.undo_mode == "strict"
    assert ctx.settings == saved


def test_ui_scale_slider_applies_and_persists(ctx: Any, table: Any) -> None:
    scene = open_screen(ctx, "settings")
    pump(table)
    arrow = scene.scale_slider.right_button.rect.center
    # Issue 39 §3: clicks on the arrow, with pauses, keep finding the arrow under the pointer: the new size
    # waits until the pointer leaves the slider.
    for expected in (105, 110):
        click(table, arrow)
        assert scene.pending_scale == expected
        pump(table, 3, dt=0.3)
        assert ctx.settings.ui_scale == 100 and scene.scale_slider.right_button.rect.center == arrow
    click(table, arrow)
    away = (5, 5)
    pygame.mouse.set_pos(away)
    post(table, [pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0))])
    pump(table, 3, dt=0.3)
    assert ctx.settings.ui_scale == 115
    assert ctx.theme.scale == pytest.approx(1.15)
    assert load_settings(ctx.paths)[0].ui_scale == 115
    scene = ctx.scenes.top
    assert isinstance(scene, SettingsScene) and scene.elements
    assert all(element.ui_manager is ctx.manager for element in scene.elements)


def test_animation_speed_slider_steps_in_quarters(ctx: Any, table: Any) -> None:
    scene = open_screen(ctx, "settings")
    pump(table)
    click_button(table, scene.speed_slider.right_button)
    assert ctx.settings.animation_speed == 0.25
    assert load_settings(ctx.paths)[0].animation_speed == 0.25


def test_window_preset_resizes_and_persists(ctx: Any, table: Any) -> None:
    scene = open_screen(ctx, "settings")
    pump(table)
    click_button(table, scene.window_buttons[(1600, 900)])
    assert ctx.size == (1600, 900)
    assert load_settings(ctx.paths)[0].window_size == (1600, 900)
    scene = ctx.scenes.top
    assert all(pygame.Rect(0, 0, 1600, 900).contains(pygame.Rect(e.get_abs_rect())) for e in scene.elements)


def test_settings_back_returns_to_the_title(ctx: Any, table: Any) -> None:
    open_screen(ctx, "settings")
    pump(table)
    key(table, pygame.K_ESCAPE)
    assert isinstance(ctx.scenes.top, TitleScene)
    title = ctx.scenes.top
    assert title.buttons and title.tiles, "the title rebuilt its buttons and tiles"
    # Its buttons work after coming back.
    click_button(table, title.buttons["quit"])
    assert ctx.quit_requested


# --- load --------------------------------------------------------------------------------------------


def test_load_lists_saves_and_a_corrupt_open_keeps_the_screen(ctx: Any, table: Any) -> None:
    match = played_match(moves=4)
    path = ctx.paths.saves_dir / "mine.json"
    save_match(match, path)
    (ctx.paths.saves_dir / "bad.json").write_text('{"format": "rainbowtable-save", "ti', encoding="utf-8")
    scene = open_screen(ctx, "load")
    pump(table)
    assert isinstance(scene, LoadGameScene)
    by_path = {summary.path: summary for summary in scene.rows}
    assert by_path[path].title == match.title and by_path[path].problem is None
    assert not by_path[path].shipped
    assert by_path[ctx.paths.saves_dir / "bad.json"].problem
    assert any(summary.shipped for summary in scene.rows), "the shipped examples are listed"
    # A greyed row cannot be opened.
    bad_index = scene.rows.index(by_path[ctx.paths.saves_dir / "bad.json"])
    scene.reveal(bad_index)
    pump(table, 20, dt=0.1)
    click(table, scene.row_rect(bad_index).center)
    assert scene.selected == bad_index and not scene.buttons["open"].is_enabled
    # The file breaks after it was listed: Open shows the error and the screen stays.
    index = scene.rows.index(by_path[path])
    scene.reveal(index)
    pump(table, 20, dt=0.1)
    click(table, scene.row_rect(index).center)
    assert scene.selected == index and scene.buttons["open"].is_enabled
    path.write_bytes(b"\xff\xfe garbage")
    click_button(table, scene.buttons["open"])
    assert ctx.scenes.top is scene
    assert ctx.notices and ctx.notices[-1].kind == "error" and "mine.json" in ctx.notices[-1].text
    assert path.read_bytes() == b"\xff\xfe garbage", "the bad file is left untouched"


def test_load_opens_a_good_save(ctx: Any, table: Any) -> None:
    match = played_match(moves=3)
    save_match(match, ctx.paths.saves_dir / "good.json")
    scene = open_screen(ctx, "load")
    pump(table)
    scene.select(next(i for i, s in enumerate(scene.rows) if s.path.name == "good.json"))
    click_button(table, scene.buttons["open"])
    play = ctx.scenes.top
    assert isinstance(play, PlayScene)
    assert play.match.actions() == match.actions()
    leave_play(ctx)


def test_load_double_click_opens_and_keys_move_the_selection(ctx: Any, table: Any) -> None:
    """The list of `menu_base.ListScene` on the load screen: Home/End/Up/Down move the selection, two clicks
    on one row close together open it, two slow ones only select it, and Enter opens the selected row."""
    match = played_match(moves=3)
    save_match(match, ctx.paths.saves_dir / "twice.json")
    scene = open_screen(ctx, "load")
    pump(table)
    assert isinstance(scene, LoadGameScene) and len(scene.rows) > 2
    key(table, pygame.K_END)
    assert scene.selected == len(scene.rows) - 1
    key(table, pygame.K_HOME)
    assert scene.selected == 0
    key(table, pygame.K_DOWN)
    key(table, pygame.K_UP)
    key(table, pygame.K_UP)
    assert scene.selected == 0, "held to the list"
    index = next(i for i, s in enumerate(scene.rows) if s.path.name == "twice.json")
    scene.reveal(index)
    pump(table, 20, dt=0.1)
    click(table, scene.row_rect(index).center)
    pump(table, 30, dt=0.1)  # far longer than a double click
    click(table, scene.row_rect(index).center)
    assert ctx.scenes.top is scene and scene.selected == index
    click(table, scene.row_rect(index).center)
    play = ctx.scenes.top
    assert isinstance(play, PlayScene) and play.match.actions() == match.actions()
    leave_play(ctx)
    scene = open_screen(ctx, "load")
    pump(table)
    scene.select(next(i for i, s in enumerate(scene.rows) if s.path.name == "twice.json"))
    key(table, pygame.K_RETURN)
    assert isinstance(ctx.scenes.top, PlayScene)
    leave_play(ctx)


def test_delete_asks_first_and_never_touches_shipped_examples(ctx: Any, table: Any) -> None:
    path = ctx.paths.saves_dir / "old.json"
    save_match(played_match(moves=2), path)
    scene = open_screen(ctx, "load")
    pump(table)
    scene.select(next(i for i, s in enumerate(scene.rows) if s.path == path))
    pump(table)
    click_button(table, scene.buttons["delete"])
    dialog = ctx.scenes.top
    assert isinstance(dialog, DialogScene)
    # What cannot be undone is confirmed on a red button, not the inviting orange of the main one.
    assert dialog.confirm_button is not None and "@danger" in dialog.confirm_button.object_ids
    click_button(table, dialog.cancel_button)
    assert ctx.scenes.top is scene and path.exists()
    click_button(table, scene.buttons["delete"])
    dialog = ctx.scenes.top
    click_button(table, dialog.confirm_button)
    assert ctx.scenes.top is scene
    assert not path.exists()
    assert all(summary.path != path for summary in scene.rows)
    shipped = next(i for i, s in enumerate(scene.rows) if s.shipped)
    scene.select(shipped)
    pump(table)
    assert not scene.buttons["delete"].is_enabled
    key(table, pygame.K_DELETE)
    assert ctx.scenes.top is scene


# --- rules page --------------------------------------------------------------------------------------


def test_rules_page_scrolls_and_escape_goes_back(ctx: Any, table: Any) -> None:
    navigation.open_title(ctx)
    navigation.open_new_game(ctx, DICE_BOX)
    navigation.open_rules(ctx, DICE_BOX)
    pump(table)
    scene = ctx.scenes.top
    assert isinstance(scene, RulesPageScene)
    assert scene.scroll.can_scroll, "the Dice Box rules are longer than one screen"
    key(table, pygame.K_PAGEDOWN)
    pump(table, 30, dt=0.05)
    assert scene.scroll.offset > 0
    key(table, pygame.K_END)
    pump(table, 30, dt=0.05)
    assert scene.scroll.offset == scene.scroll.max_offset
    pygame.mouse.set_pos(scene.scroll.view.center)
    table.step(
        1 / 60, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0)]
    )
    pump(table, 30, dt=0.05)
    assert scene.scroll.offset < scene.scroll.max_offset
    key(table, pygame.K_ESCAPE)
    assert isinstance(ctx.scenes.top, NewGameScene)


def test_rules_page_scrollbar_drags(ctx: Any, table: Any) -> None:
    scene = open_screen(ctx, "rules")
    pump(table)
    thumb = scene.scroll.thumb_rect()
    start = thumb.center
    end = (start[0], scene.scroll.track_rect().bottom)
    pygame.mouse.set_pos(start)
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 1), buttons=(1, 0, 0))])
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])
    assert scene.scroll.offset == scene.scroll.max_offset


def test_every_game_has_a_rules_page() -> None:
    for game in GAMES:
        text = rules_text(game.rules)
        assert text.startswith("# ") and "could not be found" not in text


# --- dialogs -----------------------------------------------------------------------------------------


def test_the_shortcuts_dialog_sets_its_keys_apart(ctx: Any, table: Any) -> None:
    """The shortcuts read as one wall of text, a wrapped line like the next shortcut: the keys are in bold
    now (`**keys**` in a dialog's text); anything else in a message is shown as written."""
    from pygame_gui.elements import UITextBox

    from rainbowtable.ui.scenes import dialogs
    from rainbowtable.ui.widgets.shortcuts import shortcuts_text

    navigation.open_title(ctx)
    dialogs.message(ctx, "Keyboard shortcuts", shortcuts_text())
    pump(table)
    boxes = [e for e in ctx.manager.get_sprite_group().sprites() if isinstance(e, UITextBox)]
    assert any("<b>Tab, Shift+Tab</b>: move the focus ring" in box.html_text for box in boxes)
    key(table, pygame.K_ESCAPE)
    dialogs.message(ctx, "Odd", "a <b> and ** alone")
    pump(table)
    boxes = [e for e in ctx.manager.get_sprite_group().sprites() if isinstance(e, UITextBox)]
    assert any("a &lt;b&gt; and ** alone" in box.html_text for box in boxes)
    key(table, pygame.K_ESCAPE)


def test_confirm_dialog_blocks_and_answers(ctx: Any, table: Any) -> None:
    navigation.open_title(ctx)
    pump(table)
    title = ctx.scenes.top
    answers: list[str] = []
    dialog = confirm(
        ctx,
        "Sure?",
        "A question long enough to wrap onto a second line in the dialog window.",
        lambda: answers.append("yes"),
        on_cancel=lambda: answers.append("no"),
    )
    pump(table)
    # A veil dims the screen below, over its own buttons (a pygame_gui image under the window), and the
    # window's close button says "×" (pygame_gui's "╳" is a glyph the table's fonts lack).
    veils = [e for e in dialog.elements if isinstance(e, UIImage) and e.rect.size == ctx.size]
    assert len(veils) == 1 and veils[0].alive()
    assert dialog.window is not None and dialog.window.close_window_button.text == "×"
    # The window blocks: a click on a title button behind it does nothing.
    click_button(table, title.buttons["quit"])
    assert not ctx.quit_requested and ctx.scenes.top is dialog
    key(table, pygame.K_ESCAPE)
    assert answers == ["no"] and ctx.scenes.top is title
    assert not veils[0].alive(), "the veil goes with the dialog"
    dialog = confirm(ctx, "Sure?", "Again.", lambda: answers.append("yes"))
    pump(table)
    key(table, pygame.K_RETURN)
    assert answers == ["no", "yes"] and ctx.scenes.top is title
    # The title's buttons answer again once the dialog is gone.
    click_button(table, title.buttons["quit"])
    assert ctx.quit_requested


# --- markdown ----------------------------------------------------------------------------------------

SAMPLE = """# Title

A paragraph with **bold** words, *italic* ones and `code`,
carried on a second line.

## Section
- first item
  continues here
- second
  - nested
1. one
2. two

| a | b |
|---|---|
| 1 | 2 |

```
+-+
|1|
```
> a note
"""


def test_markdown_blocks() -> None:
    kinds = [(block.kind, block.level) for block in parse_blocks(SAMPLE)]
    assert kinds == [
        ("h1", 0), ("p", 0), ("h2", 0), ("bullet", 0), ("bullet", 0), ("bullet", 1), ("number", 0),
        ("number", 0), ("table", 0), ("code", 0), ("quote", 0),
    ]  # fmt: skip
    blocks = parse_blocks(SAMPLE)
    assert blocks[1].text.endswith("carried on a second line.")
    assert blocks[3].text == "first item continues here"
    assert blocks[8].rows == [["a", "b"], ["1", "2"]]
    assert blocks[9].lines == ["+-+", "|1|"]


def test_markdown_inline_runs() -> None:
    assert parse_inline("a **b** *c* `d` dice_box e") == [
        ("a ", "regular"), ("b", "bold"), (" ", "regular"), ("c", "italic"), (" ", "regular"), ("d", "code"),
        (" dice_box e", "regular"),
    ]  # fmt: skip


def test_markdown_renders_to_the_width(ctx: Any) -> None:
    view = MarkdownView(ctx.theme, SAMPLE + "\n" + rules_text(DICE_BOX))
    narrow, wide = view.height_for(300), view.height_for(900)
    assert narrow > wide > 0
    assert view.surface_for(300).get_width() == 300
    assert view.title == "Title"


def test_shipped_rules_markdown_parses_fully() -> None:
    for game in GAMES:
        blocks = parse_blocks(rules_text(game.rules))
        assert blocks[0].kind == "h1"
        for block in blocks:
            assert not block.text.startswith(("#", "|", "```")), block


def test_list_saves_fixture_is_valid_json(ctx: Any) -> None:
    """The helper match above saves and reads back (guards the tests' own set-up)."""
    path: Path = ctx.paths.saves_dir / "x.json"
    save_match(played_match(), path)
    assert json.loads(path.read_text(encoding="utf-8"))["title"].startswith("Dice Box")


def test_title_keyboard_reaches_the_menu_buttons(ctx: Any, table: Any) -> None:
    """Tab moves through the game tiles and then the usable menu buttons (Resume is skipped while there is
    nothing to resume); Enter on a button does what a click does."""
    navigation.open_title(ctx)
    pump(table)
    title = ctx.scenes.top
    for _ in title.tiles:
        key(table, pygame.K_TAB)
    assert title.focused == len(title.tiles) - 1
    key(table, pygame.K_TAB)
    assert title.buttons["load"].focused and not title.buttons["resume"].focused
    key(table, pygame.K_RETURN)
    assert isinstance(ctx.scenes.top, LoadGameScene)


def test_title_buttons_hover_press_and_ignore_clicks_when_disabled(ctx: Any, table: Any) -> None:
    navigation.open_title(ctx)
    pump(table)
    title = ctx.scenes.top
    resume, load = title.buttons["resume"], title.buttons["load"]
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=load.rect.center, rel=(0, 0), buttons=())])
    assert load.hovered
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=load.rect.center, button=1)])
    assert load.pressed
    # Released elsewhere: no click.
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(2, 2), button=1)])
    assert not load.pressed and ctx.scenes.top is title
    click_button(table, resume)
    assert not resume.is_enabled and ctx.scenes.top is title


def test_menu_button_shows_its_whole_text_when_cut(ctx: Any) -> None:
    """A button whose text was cut to fit shows the whole text under it while the pointer rests on it."""
    full = "Resume Dice Box · turn 12 · a description far too long for the button"
    button = MenuButton(pygame.Rect(40, 40, 200, 40), "Resume Dice Box…", look="primary", full_text=full)
    surface = pygame.Surface((640, 200))
    surface.fill((0, 0, 0))
    button.draw_tooltip(surface, ctx.theme)
    below = pygame.Rect(40, 84, 400, 30)
    assert not any(
        surface.get_at((x, y))[:3] != (0, 0, 0) for x in range(40, 440, 7) for y in range(84, 114, 5)
    )
    button.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(60, 50), rel=(0, 0), buttons=()))
    button.draw_tooltip(surface, ctx.theme)
    assert any(
        surface.get_at((x, y))[:3] != (0, 0, 0)
        for x in range(below.x, below.right, 7)
        for y in range(84, 114, 5)
    )


def test_a_saves_line_names_its_game_once() -> None:
    """The load screen's second line began with the game's name under a title that began with it too
    ("Dice Box #3" / "Dice Box · saved …"): the name is left out there, and kept under a title of the
    player's own that does not name the game."""
    common = {"path": Path("x.json"), "game_id": "dice_box", "game_title": "Dice Box", "saved": 0.0}
    named = SaveSummary(**common, title="Dice Box #3", seats=("Ada",), turn=7, shipped=False)
    own = SaveSummary(**common, title="Friday night", seats=("Ada",), turn=7, shipped=False)
    assert not detail_text(named).startswith("Dice Box")
    assert detail_text(own).startswith("Dice Box · ")
