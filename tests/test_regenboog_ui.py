"""Headless play-screen tests for De Regenboog: a travel by drag with its costs glowing, a ride-along and a
blockade clearing chosen on the drop, an exchange by dragging cubes between holds, and the buttons."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pygame

from rainbowtable.core.match import Match
from rainbowtable.core.seats import Seat
from rainbowtable.games import rules_by_id
from rainbowtable.games.regenboog.diagram import parse
from rainbowtable.games.regenboog.model import (
    Colour,
    DiscFlipped,
    DiscsPlaced,
    Exchange,
    Pass,
    Phase,
    RegenboogOptions,
    RegenboogState,
    Share,
    Travel,
    WhiteRolled,
)
from rainbowtable.games.regenboog.start import begin_deal
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.dialogs import ChoiceScene
from rainbowtable.ui.scenes.play import PlayScene
from tests.ui_driver import click_button, drag, pump

RULES = rules_by_id("regenboog")
SEATS = (Seat("Ana"), Seat("Ben", colour="teal"), Seat("Cas", colour="amber"), Seat("Dee", colour="violet"))


def start(ctx: Any, table: Any, position: str | RegenboogState, seats: int = 4) -> PlayScene:
    """The play screen on a position (a diagram, or a state), with `seats` human players."""
    match = Match(RULES, RegenboogOptions(), SEATS[:seats], 3)
    match.initial_state = (
        parse(position, RegenboogOptions(), seats) if isinstance(position, str) else position
    )
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
    rect = scene.view.input.pick_rect(scene.match.state, ("ship", ship))
    assert rect is not None
    return rect.center


def cell(scene: PlayScene, cell_id: str) -> tuple[int, int]:
    rect = scene.view.input.target_rect(scene.match.state, ("cell", cell_id))
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
    legal = RULES.legal_actions(scene.match.state)
    expected = {("cell", a.to) for a in legal if isinstance(a, Travel) and a.ship == 0}
    look = scene._look()
    assert set(look.highlights) == expected and ("cell", "0.0") in expected
    surface = pygame.Surface(ctx.size)
    scene.view.drawing.draw(
        surface, scene.match.state, look
    )  # draws the cost bubbles over the glowing fields
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
    assert state_of(scene).black[scene.view.input._remember(state_of(scene)).index("2.2")] == 0  # type: ignore[attr-defined]


def test_exchange_by_dragging_a_cube(ctx: Any, table: Any) -> None:
    """§2.8: a cube dragged onto another ship's hold moves there (amounts offered on the drop)."""
    scene = start(ctx, table, "ship 5.0 red=6\nship 5.0 red=0\nship 1.0 red=12\nship 3.0 red=12")
    cube = scene.view.input.pick_rect(scene.match.state, ("cube", 0, int(Colour.RED)))
    hold = scene.view.input.target_rect(scene.match.state, ("hold", 1))
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


def test_a_second_player_sails_first(ctx: Any, table: Any) -> None:
    """regenboog.md §2.6: no fixed ship order; with two players the second player's ship may sail before
    the first player's, dragged by its owner (the move is logged as that player's)."""
    scene = start(ctx, table, "ship 1.0 red=12\nship 3.0 red=12\nship 4.0 red=12\nship 6.0 red=12", seats=2)
    drag(table, pawn(scene, 1), cell(scene, "3.1"))
    step = scene.match.steps[-1]
    assert step.action == Travel(1, "3.1") and step.actor == 1
    drag(table, pawn(scene, 0), cell(scene, "1.1"))
    assert scene.match.steps[-1].action == Travel(0, "1.1") and scene.match.steps[-1].actor == 0


def _sharing(text: str, colour: int) -> RegenboogState:
    """A new round's disc under the ships on 1.0 has just turned up `colour` (0: blank, die shows red)."""
    state = replace(parse(text, None, 4), phase=Phase.NEW_ROUND, place_queue=(1,), pool=(2, 0, 0, 0, 0, 0, 1))
    state = RULES.apply(begin_deal(replace(state, deals=())), DiscsPlaced(1, (0, 2, 4)))
    state = RULES.apply(state, DiscFlipped("1.0", colour))
    return RULES.apply(state, WhiteRolled(1)) if colour == 0 else state


def test_share_out_of_a_coloured_disc(ctx: Any, table: Any) -> None:
    """regenboog.md §2.10 step 6 [RES-RG15]: the first button loads the most (one click, as before); a drag
    of the next ship onto its field offers fewer."""
    text = "ship 1.0 red=12\nship 1.0 red=12\nship 4.0 red=12\nship 6.0 red=12"
    scene = start(ctx, table, _sharing(text, 6))
    labels = [spec.label for _button, spec in scene.game_buttons]
    assert labels[:2] == ["Load 6", "Load none"]
    click_button(table, scene.game_buttons[0][0])
    assert scene.match.steps[-1].action == Share(0, 6) and scene.match.steps[-1].actor == 0
    pump(table, 3)
    drag(table, pawn(scene, 1), cell(scene, "1.0"))
    choose(table, ctx, "Load 2 violet")
    assert scene.match.steps[-1].action == Share(1, 2) and scene.match.steps[-1].actor == 1
    assert state_of(scene).ships[1].cubes[Colour.VIOLET] == 2


def test_share_out_of_a_blank_cube(ctx: Any, table: Any) -> None:
    """regenboog.md §2.10 step 6: a blank's cube goes to one ship of the team's choice on that field."""
    text = "ship 1.0 red=12\nship 1.0 red=12\nship 4.0 red=12\nship 6.0 red=12"
    scene = start(ctx, table, _sharing(text, 0))
    labels = [spec.label for _button, spec in scene.game_buttons]
    assert labels[:2] == ["Red", "Yellow"]
    tips = [spec.tip for _button, spec in scene.game_buttons]
    assert tips[:2] == ["Give the red cube to the red ship.", "Give the red cube to the yellow ship."]
    click_button(table, scene.game_buttons[1][0])
    assert scene.match.steps[-1].action == Share(1, 1)
    assert state_of(scene).ships[1].cubes[Colour.RED] == 13


def _example_sea(ctx: Any, table: Any) -> tuple[PlayScene, Any, Any]:
    """The shipped example with three crews under way on the play screen: the scene, its view and its sea
    chart as fitted to the window."""
    from rainbowtable.ui.games.regenboog.view import RegenboogView
    from tests.ui_driver import open_shipped_example

    scene = open_shipped_example(ctx, table, "regenboog_three_crews_underway.json")
    view = scene.view
    assert isinstance(view, RegenboogView)
    chart = view.camera.fitted
    assert chart is not None
    return scene, view, chart


def test_positions_can_be_found(ctx: Any, table: Any) -> None:
    """Issue 39 §3: each segment's number is on a badge at the foot of its centre field (never under a disc
    or a ship), the field under the pointer is named at the sea's corner, and hovering a log line lights
    every field it names: a voyage's both ends, the fields black discs dropped on."""
    import pygame

    from rainbowtable.games.regenboog.model import BlockadesRolled, Travel
    from rainbowtable.ui import theme
    from rainbowtable.ui.games.regenboog.drawing import SEGMENT_BADGE
    from tests.ui_driver import pump

    scene, view, chart = _example_sea(ctx, table)
    board = chart.board
    badges = view.drawing.segment_badges(board)
    assert sorted(text for text, _rect in badges) == [str(s) for s in range(7)]
    for text, rect in badges:
        _cx, cy = chart.centre(board.by_id[f"{text}.0"])
        assert rect.top > cy + chart.size * 0.4  # below a disc or a ship in the field's middle
        assert ctx.screen.get_at((rect.x + 2, rect.centery))[:3] == SEGMENT_BADGE, text
    # The pointer over field 3.1 names it.
    spot = tuple(round(v) for v in chart.centre(board.by_id["3.1"]))
    pygame.mouse.set_pos(spot)
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(1, 1), buttons=(0, 0, 0))])
    pump(table, 1)
    assert view.camera.pointer == "3.1"
    corner = (view.where.sea.x + ctx.px(14), view.where.sea.bottom - ctx.px(14))
    assert ctx.screen.get_at(corner)[:3] == theme.PAPER
    # Hover log lines: a voyage lights where the ship was and where it went; a chance step its fields.
    steps = scene.match.steps
    voyage = max(i for i, step in enumerate(steps) if isinstance(step.action, Travel)) + 1
    action = steps[voyage - 1].action
    scene.log_panel.hovered = voyage
    look = scene._look()
    came = steps[voyage - 2].state.ships[action.ship].cell
    assert set(view.drawing._named_cells(board, look)) == {came, board.by_id[action.to]}
    drop = max(i for i, step in enumerate(steps) if isinstance(step.action, BlockadesRolled)) + 1
    line = scene.rules.describe(steps[drop - 2].state, steps[drop - 1].action)  # "black discs drop on …"
    scene.log_panel.hovered = drop
    named = {board.cells[i].id for i in view.drawing._named_cells(board, scene._look())}
    text = "".join(part for part in line if isinstance(part, str))
    assert named and named == set(re.findall(r"\d+\.\d+", text))


def test_squeezed_hold_cards_keep_their_compartments_readable() -> None:
    """Six ships' hold cards under a replay's controls at 150 % (a column 354 pixels high) were each 49
    pixels: a 45-pixel heading band left the compartments slivers with cubes two pixels high. The gaps and
    the heading bands now give up height first; a column with room keeps the full heading band."""
    from rainbowtable.games.regenboog.model import RegenboogOptions
    from rainbowtable.games.regenboog.start import new_game
    from rainbowtable.ui.games.regenboog.layout import RegenboogLayout
    from rainbowtable.ui.theme import Theme

    state = new_game(RegenboogOptions(), 6)
    theme = Theme(scale=1.5)
    short = RegenboogLayout.place(pygame.Rect(24, 96, 782, 354), theme).hold_plan(state)
    assert short.header < theme.px(30)
    for boxes in short.compartments.values():
        for box, cubes in boxes:
            assert box.h >= theme.px(12)
            assert all(cube.h >= 6 for _colour, cube in cubes)
    tall = RegenboogLayout.place(pygame.Rect(24, 96, 782, 600), theme).hold_plan(state)
    assert tall.header == theme.px(30)


def test_ships_sharing_a_field_stand_clear_of_its_badge(ctx: Any, table: Any) -> None:
    """Ships on one field stand round a point above its middle: two side by side, and none straight below,
    where a segment's centre field carries its number's badge over the ships (two ships one above the other
    had the lower pawn half under the badge). Every pawn stays on its field."""
    _scene, view, chart = _example_sea(ctx, table)
    board = chart.board
    badge = dict(view.drawing.segment_badges(board))["0"]
    centre = board.by_id["0.0"]
    cx, cy = chart.centre(centre)
    r = chart.pawn_radius()
    six = RULES.new_game(RegenboogOptions(), 6)
    for n in range(1, len(six.ships) + 1):
        ships = tuple(replace(s, cell=centre) for s in six.ships[:n])
        spots = list(chart.pawn_spots(replace(six, ships=ships)).values())
        assert len(spots) == n
        for x, y in spots:
            assert (x - cx) ** 2 + (y - cy) ** 2 < (chart.size * 0.87) ** 2  # on the field
            if n <= 3:
                # The nearest point of the badge is farther than the pawn's reach (its shadow included).
                near_x = min(max(x, badge.left), badge.right)
                near_y = min(max(y, badge.top), badge.bottom)
                assert (x - near_x) ** 2 + (y - near_y) ** 2 > (r + 2) ** 2, (n, (x, y), badge)
        if n == 2:
            assert spots[0][1] == spots[1][1]  # side by side
        assert len(set(spots)) == n
