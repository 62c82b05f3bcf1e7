"""De Regenboog's custom hex layouts in the board library (regenboog.md §2.3.7): the layout file's round trip,
foreign and hostile files refused with a reason, a custom layout chosen in the new-game screen and played,
its layout kept inside the save so a deleted library file does not matter, and the builder's Save."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rainbowtable.core.match import Match
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import default_seats
from rainbowtable.games.rainbow_passage.board_file import load_board
from rainbowtable.games.regenboog.board import (
    LARGE_CENTRES,
    LARGE_DRAFT,
    STANDARD_CENTRES,
    STANDARD_DRAFT,
    HexDraft,
    board_for,
)
from rainbowtable.games.regenboog.board_file import (
    MAX_SEGMENTS,
    SavedLayout,
    decode_layout,
    encode_layout,
    layout_folder,
    layout_options,
    list_layouts,
    load_layout,
    save_layout,
)
from rainbowtable.games.regenboog.model import Travel
from rainbowtable.games.regenboog.rules import RULES
from rainbowtable.games.regenboog.start import option_problem
from rainbowtable.geometry.hexgrid import Hex
from rainbowtable.storage.boards import BoardFileError, save_document, shipped_boards_dir
from rainbowtable.storage.saves import load_match, save_match
from rainbowtable.ui.games.regenboog.builder import HexBuilderScene
from rainbowtable.ui.games.regenboog.setup import RegenboogSetupPanel
from tests.ui_driver import click_button, pump

# The standard layout with two more segments, east of segment 3 and beyond it: plain terrain (§2.3.7).
CUSTOM = HexDraft.of((*STANDARD_CENTRES, Hex(6, -3), Hex(9, -3)))
SHIFTED = HexDraft.of(
    tuple(Hex(s.centre.q + 3, s.centre.r - 3) for s in CUSTOM.segments), indicator=Hex(3, -3)
)


def test_layout_round_trip(tmp_path: Path) -> None:
    """§2.3.7: a layout, finished or half-built, saves under a name and reopens identically."""
    path = save_layout(tmp_path, "Lange arm", CUSTOM)
    saved = load_layout(path)
    assert saved.name == "Lange arm" and saved.draft == CUSTOM and saved.problem is None
    half = HexDraft.of((Hex(3, 0),), indicator=None)
    again = load_layout(save_layout(tmp_path, "Half", half))
    assert again.draft == half and again.problem is not None
    assert decode_layout(encode_layout(saved)) == saved
    body = json.loads(path.read_text("utf-8"))
    assert body["game"] == "regenboog" and body["board"]["segments"][0] == {"centre": [0, 0], "arrows": True}
    assert sorted(e.saved.name for e in list_layouts(tmp_path) if e.saved) == ["Half", "Lange arm"]


def test_layout_options_relative_to_the_middle() -> None:
    """§2.3.7: the extra segments go into the options relative to the middle, wherever it was built."""
    options = layout_options(RULES.default_options(), SHIFTED)
    assert options.extra_segments == ((6, -3), (9, -3))
    assert board_for(False, options.extra_segments).segment_count == 9
    assert layout_options(RULES.default_options(), STANDARD_DRAFT).extra_segments == ()
    large = replace(RULES.default_options(), large_board=True)
    assert layout_options(large, LARGE_DRAFT).extra_segments == ()
    with pytest.raises(ValueError, match="large board"):
        layout_options(large, CUSTOM)
    no_ring = HexDraft.of((Hex(0, 0), Hex(3, 0)))
    with pytest.raises(ValueError, match="six segments around"):
        layout_options(RULES.default_options(), no_ring)


def test_another_games_board_is_refused(tmp_path: Path) -> None:
    """A Rainbow Passage board is not a De Regenboog layout, and the other way round, each said in words."""
    rp_file = tmp_path / "rp.json"
    rp_file.write_bytes((shipped_boards_dir() / "small-pinwheel-9x9.json").read_bytes())
    with pytest.raises(BoardFileError, match="Rainbow Passage"):
        load_layout(rp_file)
    ours = save_layout(tmp_path, "Ours", CUSTOM)
    with pytest.raises(BoardFileError, match="De Regenboog"):
        load_board(ours)
    unknown = save_document(tmp_path, "Other", {"segments": []}, game="chess")
    with pytest.raises(BoardFileError, match="does not know"):
        load_layout(unknown)


@pytest.mark.parametrize(
    ("board", "words"),
    [
        ({"segments": "none"}, "damaged"),
        ({"segments": [{"centre": [0, 0]}]}, "arrows"),
        ({"segments": [{"centre": [0, 0, 0], "arrows": True}]}, "damaged"),
        ({"segments": [{"centre": [10**9, 0], "arrows": True}]}, "far off"),
        ({"segments": [{"centre": [0, 0], "arrows": False}] * (MAX_SEGMENTS + 1)}, "at most"),
        ({"segments": [{"centre": [0, 0], "arrows": 1}]}, "damaged"),
        ([], "damaged"),
    ],
)
def test_a_bad_layout_file_is_refused(tmp_path: Path, board: Any, words: str) -> None:
    """A hostile or damaged layout file is refused with the path of what is wrong, never half-read."""
    path = tmp_path / "bad.json"
    document = {
        "format": "rainbowtable-board",
        "version": 1,
        "game": "regenboog",
        "name": "Bad",
        "created": "2024-01-01T00:00:00+00:00",
        "modified": "2024-01-01T00:00:00+00:00",
        "board": board,
    }
    path.write_text(json.dumps(document), "utf-8")
    with pytest.raises(BoardFileError, match=words):
        load_layout(path)
    listed = list_layouts(tmp_path)
    assert listed[0].saved is None and listed[0].error


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (((1, 0),), "lattice"),
        (((12, 0),), "do not touch"),
        (((600, 0),), "far off"),
        (tuple((3 * q, 30) for q in range(40)), "more segments"),
    ],
)
def test_hostile_extra_segments_in_options_are_refused(extra: Any, words: str) -> None:
    """§2.3.7 [APP]: a save's extra segments that make no board are refused before any board is built."""
    options = replace(RULES.default_options(), extra_segments=extra)
    problem = option_problem(options, 2)
    assert problem is not None and words in problem


def test_a_custom_layout_is_played_and_saved_with_its_layout(tmp_path: Path) -> None:
    """§2.3.7: a game on a custom layout plays to its end, sails onto the extra segments, and its save
    holds the layout, so it loads after the library file is gone."""
    library = tmp_path / "boards"
    path = save_layout(layout_folder(library), "Custom", CUSTOM)
    options = replace(layout_options(RULES.default_options(), load_layout(path).draft), max_cycles=12)
    match = Match(RULES, options, default_seats(2), 7)
    rng = Rng.from_seed(7)
    board = board_for(False, options.extra_segments)
    assert board.segment_count == 9
    extra_cells = {i for i, c in enumerate(board.cells) if c.segment is not None and c.segment >= 7}
    visited = False
    steps = 0
    match.advance()
    while not match.is_finished and steps < 3000:
        legal = RULES.legal_actions(match.state)
        travel = [a for a in legal if isinstance(a, Travel) and board.index(a.to) in extra_cells]
        action = travel[0] if travel and not visited else rng.choice(legal)
        visited = visited or bool(travel)
        match.play(action)
        match.advance()
        steps += 1
    assert visited and match.is_finished
    save = tmp_path / "game.json"
    save_match(match, save)
    path.unlink()
    loaded = load_match(save)
    assert loaded.state == match.state
    assert loaded.state.options.extra_segments == ((6, -3), (9, -3))


def test_builder_saves_and_the_picker_offers_the_layout(ctx: Any, table: Any) -> None:
    """§2.3.7: Save in the hex builder writes the layout to the library under the typed name; the new-game
    screen's picker offers it and puts it into the options; an unplayable layout is refused with why."""
    scene = HexBuilderScene(ctx, CUSTOM)
    ctx.scenes.push(scene)
    pump(table, 3)
    assert scene.name_entry is not None
    scene.name_entry.set_text("Twee extra")
    click_button(table, scene.buttons["save"])
    folder = layout_folder(ctx.paths.boards_dir)
    saved = [e.saved for e in list_layouts(folder)]
    assert saved and isinstance(saved[0], SavedLayout) and saved[0].name == "Twee extra"
    assert not scene.unsaved
    save_layout(folder, "Alleen het midden", HexDraft.of((Hex(0, 0),)))
    panel = RegenboogSetupPanel(ctx, RULES, RULES.default_options())
    names = [c.name for c in panel.choices]
    # Beside the shipped example layout (saves/boards/regenboog), the two in the player's library.
    assert {"Alleen het midden", "Twee extra"} <= set(names[1:])
    panel.choose(names.index("Twee extra"))
    options = panel.apply(RULES.default_options(), 2)
    assert options.extra_segments == ((6, -3), (9, -3)) and panel.problem(2) is None
    panel.choose(names.index("Alleen het midden"))
    panel.apply(RULES.default_options(), 2)
    problem = panel.problem(2)
    assert problem is not None and "six segments around" in problem
    panel.choose(0)
    assert panel.apply(RULES.default_options(), 2).extra_segments == ()
    # A game set up on a layout that has since left the library still offers that layout.
    gone = replace(RULES.default_options(), extra_segments=((-3, 6),))
    again = RegenboogSetupPanel(ctx, RULES, gone)
    assert again.apply(RULES.default_options(), 2).extra_segments == ((-3, 6),)


def test_large_board_needs_the_rim_in_a_custom_layout() -> None:
    """§2.3.5, §2.3.7: with Large board on, the layout must hold the thirteen segments of Regenboog 02."""
    bigger = HexDraft.of((*LARGE_CENTRES, Hex(3, -9)))
    options = layout_options(replace(RULES.default_options(), large_board=True), bigger)
    assert options.extra_segments == ((3, -9),)
    assert option_problem(options, 4) is None


def test_new_game_screen_picks_a_saved_layout_by_clicking(ctx: Any, table: Any) -> None:
    """§2.3.7: on the new-game screen the picker's arrow steps to a saved layout; the game starts on it."""
    from rainbowtable.ui.scenes import navigation
    from rainbowtable.ui.scenes.new_game import NewGameScene
    from tests.ui_driver import click

    save_layout(layout_folder(ctx.paths.boards_dir), "Twee extra", CUSTOM)
    navigation.open_new_game(ctx, RULES)
    pump(table, 3)
    scene = ctx.scenes.top
    assert isinstance(scene, NewGameScene)
    panel = scene.setup_panel
    assert isinstance(panel, RegenboogSetupPanel)
    assert scene.options().extra_segments == ()
    click(table, panel.next_rect.center)
    assert panel.choices[panel.index].name == "Twee extra"
    assert scene.options().extra_segments == ((6, -3), (9, -3))
    assert scene.current_problem() is None


def test_builder_open_lists_good_layouts_and_names_a_bad_file(ctx: Any, table: Any) -> None:
    """A foreign or damaged file in the layout folder is never opened; Open says which and why, and offers
    the good layouts, one of which opens in the builder."""
    from rainbowtable.ui.scenes.dialogs import ChoiceScene

    folder = layout_folder(ctx.paths.boards_dir)
    save_layout(folder, "Goed", CUSTOM)
    (folder / "vreemd.json").write_bytes((shipped_boards_dir() / "small-pinwheel-9x9.json").read_bytes())
    scene = HexBuilderScene(ctx)
    ctx.scenes.push(scene)
    pump(table, 3)
    click_button(table, scene.buttons["open"])
    assert any("vreemd.json was not opened" in n.text and "Rainbow Passage" in n.text for n in ctx.notices)
    dialog = ctx.scenes.top
    assert isinstance(dialog, ChoiceScene)
    dialog.close(True)
    pump(table, 3)
    assert scene.draft == CUSTOM and scene.name == "Goed" and not scene.unsaved
