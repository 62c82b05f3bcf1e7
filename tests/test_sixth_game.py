"""A new game is two folders and one line in each list (issue 8): a throwaway sixth game, Nim with a secret
(`tests/sixth_game.py`), seated at the table by adding its entry to the two lists, goes through the whole
table (title tile, new-game screen with its options, play by drag with a choice on the drop, a game button,
undo, save and load, the demo to the end, the result card) with no generic file knowing it exists. It also
hides information: the board and the computer see only what their seat may see."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

import rainbowtable.games
import rainbowtable.ui.games
from rainbowtable.core.game import Finished
from rainbowtable.core.match import Match
from rainbowtable.core.seats import Level, Seat, SeatKind
from rainbowtable.storage.paths import default_paths
from rainbowtable.storage.saves import save_match
from rainbowtable.storage.settings import Settings
from rainbowtable.ui.boot import make_context
from rainbowtable.ui.loop import Table
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.dialogs import ChoiceScene
from rainbowtable.ui.scenes.new_game import NewGameScene
from rainbowtable.ui.scenes.play import PlayScene
from rainbowtable.ui.scenes.title import TitleScene
from tests import sixth_game
from tests.sixth_game import NimState, TakeStones
from tests.ui_driver import click, click_button, drag, key, pump


@pytest.fixture
def seated(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, Table]]:
    """The table with Nim added to both lists, as its author would add one line to each."""
    monkeypatch.setattr(rainbowtable.games, "GAMES", (*rainbowtable.games.GAMES, sixth_game.ENTRY))
    monkeypatch.setitem(rainbowtable.ui.games.GAME_UIS, "nim", sixth_game.UI)
    paths = default_paths()
    paths.ensure()
    ctx = make_context(
        paths,
        logging.getLogger("test"),
        settings=Settings(animation_speed=0.0),
        size=(1280, 720),
        sound=False,
    )
    yield ctx, Table(ctx)
    pygame.event.clear()


def _play_scene(ctx: Any) -> PlayScene:
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    return scene


def _wait_for_human(table: Table, scene: PlayScene) -> None:
    for _ in range(200):
        pump(table, 1)
        scene.worker.wait(5)
        if scene.driver.human_to_act() is not None or scene.match.is_finished:
            return
    raise AssertionError("the table never came back to the human")


def test_the_title_lists_it_and_the_new_game_screen_shows_its_options(seated: Any) -> None:
    ctx, table = seated
    navigation.open_title(ctx)
    pump(table)
    title = ctx.scenes.top
    assert isinstance(title, TitleScene)
    tile = next(tile for tile in title.tiles if tile.game.id == "nim")
    click(table, tile.rect.center)
    scene = ctx.scenes.top
    assert isinstance(scene, NewGameScene) and scene.rules.id == "nim"
    assert set(scene.options_card.option_widgets) == {"heaps", "misere"}
    click_button(table, scene.options_card.option_widgets["misere"]["toggle"])
    click_button(table, scene.start_button)
    play = _play_scene(ctx)
    assert play.match.options.misere is True


def test_a_game_by_drag_with_a_choice_a_button_undo_and_a_save(seated: Any) -> None:
    ctx, table = seated
    seats = (Seat("Ana"), Seat("Cal", SeatKind.COMPUTER, Level.EASY, "teal"))
    navigation.open_play(ctx, Match(sixth_game.RULES, sixth_game.RULES.default_options(), seats, 5))
    scene = _play_scene(ctx)
    _wait_for_human(table, scene)
    # The board shows Ana's own secret and hides the computer's.
    shown = scene.shown_state()
    assert isinstance(shown, NimState)
    assert shown.secrets[0] != 0 and shown.secrets[1] == 0
    # Drag heap 3 to the bin: three legal takes share that drop, so the table asks which.
    view = scene.view
    drag(table, view.input.pick_rect(shown, 2).center, view.input.target_rect(shown, "bin").center)
    chooser = ctx.scenes.top
    assert isinstance(chooser, ChoiceScene) and len(chooser.choices) == 3
    played = len(scene.match.steps)
    click_button(table, chooser.choice_buttons[1])  # "Take 2"
    assert scene.match.steps[played].action == TakeStones(2, 2)
    _wait_for_human(table, scene)
    # The game's own button, by its key.
    before = len(scene.match.steps)
    key(table, pygame.K_t)
    assert len(scene.match.steps) > before and isinstance(scene.match.steps[before].action, TakeStones)
    _wait_for_human(table, scene)
    # Undo takes back Ana's move and the computer's reply.
    played = len(scene.match.steps)
    click_button(table, scene.buttons["undo"])
    assert len(scene.match.steps) < played
    # Save and load it back through the table.
    path = ctx.paths.saves_dir / "nim.json"
    save_match(scene.match, path)
    assert json.loads(path.read_text())["game"] == "nim"
    assert navigation.open_save(ctx, path)
    loaded = _play_scene(ctx)
    assert loaded is not scene and loaded.match.state == scene.match.state


def test_the_demo_plays_to_the_result_card(seated: Any) -> None:
    ctx, table = seated
    navigation.open_first_scene(ctx, demo="nim", seats=3, seed=9)
    scene = _play_scene(ctx)
    for _ in range(400):
        scene.pause_s = 0
        pump(table, 1)
        scene.worker.wait(5)
        if scene.result_buttons:
            break
    who = scene.match.to_act()
    assert isinstance(who, Finished) and len(who.outcome.winners) == 1
    assert set(scene.result_buttons) == {"new", "rematch", "replay", "board"}
    winner = next(iter(who.outcome.winners))
    _font, lines = scene._result_headline(scene._result_rect().w)
    assert scene.match.seats[winner].name.split(" ")[0] in " ".join(lines)
