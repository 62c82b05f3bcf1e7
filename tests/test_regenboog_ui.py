"""Headless play-screen tests for De Regenboog: a travel by drag with its costs glowing, a ride-along and a
blockade clearing chosen on the drop, an exchange by dragging cubes between holds, and the buttons."""

from __future__ import annotations

from typing import Any

import pygame

from rainbowtable.core.match import Match
from rainbowtable.core.seats import Seat
from rainbowtable.games import rules_by_id
from rainbowtable.games.regenboog.diagram import parse
from rainbowtable.games.regenboog.model import (
    Colour,
    Exchange,
    Pass,
    RegenboogOptions,
    RegenboogState,
    Travel,
)
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.dialogs import ChoiceScene
from rainbowtable.ui.scenes.play import PlayScene
from tests.ui_driver import click_button, drag, pump

RULES = rules_by_id("regenboog")
SEATS = (Seat("Ana"), Seat("Ben", colour="teal"), Seat("Cas", colour="amber"), Seat("Dee", colour="violet"))


def start(ctx: Any, table: Any, diagram: str) -> PlayScene:
    match = Match(RULES, RegenboogOptions(), SEATS, 3)
    match.initial_state = parse(diagram, RegenboogOptions(), 4)
    navigation.open_play(ctx, match)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    pump(table, 4)
    return scene


def state_of(scene: PlayScene) -> RegenboogState:
    state = scene.match.state
    assert isinstance(state, RegenboogState)
    return state


def pawn(scene: PlayScene, ship: int) -> tuple[int, int]:
    rect = scene.view.pick_rect(scene.match.state, ("ship", ship))
    assert rect is not None
    return rect.center


def cell(scene: PlayScene, cell_id: str) -> tuple[int, int]:
    rect = scene.view.target_rect(scene.match.state, ("cell", cell_id))
    assert rect is not None
    return rect.center


def choose(table: Any, ctx: Any, label_part: str) -> None:
    dialog = ctx.scenes.top
    assert isinstance(dialog, ChoiceScene), "several moves on one drop are offered as a choice"
    labels = [label for label, _callback in dialog.choices]
    index = next(i for i, label in enumerate(labels) if label_part in label)
    click_button(table, dialog.choice_buttons[index])
    pump(table, 3)


FOUR = """
ship 1.0 red=12
ship 3.0 red=12
ship 4.0 red=12
ship 6.0 red=12
disc 2.2 down
"""


def test_travel_by_drag_with_costs_glowing(ctx: Any, table: Any) -> None:
    """§2.7.1: picking a ship up makes every reachable field glow (with its cost); a drop travels."""
    scene = start(ctx, table, FOUR)
    pos = pawn(scene, 0)
    pygame.mouse.set_pos(pos)
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    table.step(
        1 / 60,
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] + 30, pos[1]), rel=(30, 0), buttons=(1, 0, 0))],
    )
    expected = {("cell", a.to) for a in RULES.legal_actions(scene.match.state) if isinstance(a, Travel)}
    look = scene._look()
    assert set(look.highlights) == expected and ("cell", "0.0") in expected
    surface = pygame.Surface(ctx.size)
    scene.view.draw(surface, scene.match.state, look)  # draws the cost bubbles over the glowing fields
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(3, 3), button=1)])
    pump(table, 2)
    drag(table, pawn(scene, 0), cell(scene, "0.0"))
    assert scene.match.steps[-1].action == Travel(0, "0.0")
    assert state_of(scene).ships[0].cubes[Colour.RED] == 6


def test_ride_along_is_offered_on_the_drop(ctx: Any, table: Any) -> None:
    """§2.7.4 [RES-RG8]: a ship on the same field may ride; the drop offers alone or carrying."""
    scene = start(ctx, table, "ship 5.0 red=6\nship 5.0 red=0\nship 1.0 red=12\nship 3.0 red=12")
    drag(table, pawn(scene, 0), cell(scene, "5.2"))
    choose(table, ctx, "Carry")
    assert scene.match.steps[-1].action == Travel(0, "5.2", (1,))
    assert state_of(scene).ships[1].cell == state_of(scene).ships[0].cell


def test_blockade_clearing_is_chosen_on_the_drop(ctx: Any, table: Any) -> None:
    """§2.7.3 [RES-RG10]: entering a blockade clears one disc or more, as chosen."""
    scene = start(
        ctx, table, "ship 2.0 red=5 orange=4\nship 1.0 red=12\nship 3.0 red=12\nship 4.0\nblack 2.2 2"
    )
    drag(table, pawn(scene, 0), cell(scene, "2.2"))
    choose(table, ctx, "clear 2")
    assert scene.match.steps[-1].action == Travel(0, "2.2", (), 2)
    assert state_of(scene).black[scene.view._remember(state_of(scene)).index("2.2")] == 0  # type: ignore[attr-defined]


def test_exchange_by_dragging_a_cube(ctx: Any, table: Any) -> None:
    """§2.8: a cube dragged onto another ship's hold moves there (amounts offered on the drop)."""
    scene = start(ctx, table, "ship 5.0 red=6\nship 5.0 red=0\nship 1.0 red=12\nship 3.0 red=12")
    cube = scene.view.pick_rect(scene.match.state, ("cube", 0, int(Colour.RED)))
    hold = scene.view.target_rect(scene.match.state, ("hold", 1))
    assert cube is not None and hold is not None
    drag(table, cube.center, hold.center)
    choose(table, ctx, "Move 3")
    assert scene.match.steps[-1].action == Exchange(0, 1, Colour.RED, 3)
    assert state_of(scene).ships[1].cubes[Colour.RED] == 3


def test_pass_button_ends_a_ships_turn(ctx: Any, table: Any) -> None:
    scene = start(ctx, table, FOUR)
    buttons = {spec.label: button for button, spec in scene.game_buttons}
    label = next(text for text in buttons if text.startswith("Pass"))
    click_button(table, buttons[label])
    assert scene.match.steps[-1].action == Pass(0)


def test_positions_can_be_found(ctx: Any, table: Any) -> None:
    """Issue 39 §3: each segment's number is on a badge at the foot of its centre field (never under a disc
    or a ship), the field under the pointer is named at the sea's corner, and hovering a log line lights
    every field it names: a voyage's both ends, the fields black discs dropped on."""
    import pygame

    from rainbowtable.games.regenboog.model import Travel
    from rainbowtable.ui import theme
    from rainbowtable.ui.games.regenboog.view import SEGMENT_BADGE, RegenboogView
    from tests.ui_driver import open_shipped_example, pump

    scene = open_shipped_example(ctx, table, "regenboog_three_crews_underway.json")
    view = scene.view
    assert isinstance(view, RegenboogView)
    board = view._board
    assert board is not None
    badges = view.segment_badges(board)
    assert sorted(text for text, _rect in badges) == [str(s) for s in range(7)]
    for text, rect in badges:
        _cx, cy = view._centre(board, board.by_id[f"{text}.0"])
        assert rect.top > cy + view.size * 0.4  # below a disc or a ship in the field's middle
        assert ctx.screen.get_at((rect.x + 2, rect.centery))[:3] == SEGMENT_BADGE, text
    # The pointer over field 3.1 names it.
    spot = tuple(round(v) for v in view._centre(board, board.by_id["3.1"]))
    pygame.mouse.set_pos(spot)
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(1, 1), buttons=(0, 0, 0))])
    pump(table, 1)
    assert view.pointer == "3.1"
    corner = (view.sea.x + ctx.px(14), view.sea.bottom - ctx.px(14))
    assert ctx.screen.get_at(corner)[:3] == theme.PAPER
    # Hover log lines: a voyage lights where the ship was and where it went; a chance step its fields.
    steps = scene.match.steps
    voyage = max(i for i, step in enumerate(steps) if isinstance(step.action, Travel)) + 1
    action = steps[voyage - 1].action
    scene.log_panel.hovered = voyage
    look = scene._look()
    came = steps[voyage - 2].state.ships[action.ship].cell
    assert set(view._named_cells(board, look)) == {came, board.by_id[action.to]}
    scene.log_panel.hovered = len(steps)  # "black discs drop on 4.5 and 5.2"
    assert {board.cells[i].id for i in view._named_cells(board, scene._look())} == {"4.5", "5.2"}
