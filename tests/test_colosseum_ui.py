"""Headless play-screen tests for Colosseum Offcuts: synthetic drags, clicks and keys through the real table
loop (a setup placement, a mobile move carrying a stack, an attack climb with a capture, an illegal move
with its reason, flipping, pan and zoom), and the view's drawings at two window sizes."""

from __future__ import annotations

from typing import Any

import pygame

from rainbowtable.core.match import Match
from rainbowtable.core.seats import Seat
from rainbowtable.games import rules_by_id
from rainbowtable.games.colosseum_offcuts.model import (
    Cell,
    ColosseumState,
    EndTurn,
    FlipCounter,
    Kind,
    Mode,
    MoveAttack,
    MoveMobile,
    Phase,
    PlaceCounter,
    counter_id,
)
from rainbowtable.games.colosseum_offcuts.rules import board_of
from rainbowtable.ui.games.colosseum_offcuts.view import ColosseumView
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.play import PlayScene
from tests.ui_driver import click, drag, key, post, pump

RULES = rules_by_id("colosseum_offcuts")

# The placements, in order, of a two-player setup (start player s, other o):
#   y=-1:  sF1  .    oF1  oF2
#   y= 0:  sBP2 sBP1 oBP1 oBP2
#   y= 1:  .    sF2
SETUP = [(0, 0), (1, 0), (-1, 0), (2, 0), (-1, -1), (1, -1), (0, 1), (2, -1)]


def new_match(seed: int = 5) -> Match:
    match = Match(RULES, RULES.default_options(), (Seat("Ana"), Seat("Ben", colour="teal")), seed)
    match.advance()
    return match


def state_of(scene: PlayScene) -> ColosseumState:
    state = scene.match.state
    assert isinstance(state, ColosseumState)
    return state


def play_setup(match: Match) -> int:
    """Places every counter as in SETUP; returns the start player."""
    for xy in SETUP:
        due = RULES.legal_actions(match.state)[0]
        assert isinstance(due, PlaceCounter)
        match.play(PlaceCounter(due.counter, Cell(*xy)))
    state = match.state
    assert isinstance(state, ColosseumState)
    return state.start_player


def open_scene(ctx: Any, table: Any, match: Match) -> PlayScene:
    navigation.open_play(ctx, match)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    pump(table, 4)
    return scene


def view_of(scene: PlayScene) -> ColosseumView:
    assert isinstance(scene.view, ColosseumView)
    return scene.view


def centre(scene: PlayScene, cell: Cell) -> tuple[int, int]:
    rect = view_of(scene).where.cell_rect(cell, view_of(scene).camera)
    return rect.center


def test_setup_placement_by_drag(ctx: Any, table: Any) -> None:
    """Issue 14 setup: the due counter is dragged from the supply onto a glowing cell (§3.2 step 1)."""
    scene = open_scene(ctx, table, new_match())
    state = state_of(scene)
    assert state.phase is Phase.SETUP
    due = counter_id(state.start_player, 0)
    start = view_of(scene).input.pick_rect(state, due)
    assert start is not None
    drag(table, start.center, centre(scene, Cell(0, 0)))
    assert scene.match.steps[-1].action == PlaceCounter(due, Cell(0, 0))


def test_illegal_setup_drop_snaps_back_with_the_reason(ctx: Any, table: Any) -> None:
    """§3.2 step 2 [RES-CO1]: a first Board Piece touching nothing is refused with the rules' words."""
    match = new_match()
    match.play(PlaceCounter(counter_id(match.state.start_player, 0), Cell(0, 0)))
    scene = open_scene(ctx, table, match)
    state = state_of(scene)
    before = len(scene.match.steps)
    _seat, due = state.current, counter_id(state.current, 0)
    start = view_of(scene).input.pick_rect(state, due)
    assert start is not None
    drag(table, start.center, centre(scene, Cell(2, 2)))
    assert len(scene.match.steps) == before
    assert ctx.notices and ctx.notices[-1].text == "Must touch a counter edge to edge."


def test_illegal_move_says_it_would_split_the_group(ctx: Any, table: Any) -> None:
    """§3.4 [RES-CO2]: dragging the start player's first Board Piece, which joins the two halves, is
    refused with "Moving this would split the group"."""
    match = new_match()
    play_setup(match)
    scene = open_scene(ctx, table, match)
    before = scene.match.state
    drag(table, centre(scene, Cell(0, 0)), centre(scene, Cell(0, 2)))
    assert scene.match.state == before
    assert ctx.notices and ctx.notices[-1].text == "Moving this would split the group."


def test_flip_then_climb_then_carry_the_stack(ctx: Any, table: Any) -> None:
    """§3.7 flip by a second click, §3.6 climb by drag, §3.5 a mobile move carrying the stack (offered as
    a choice on the drop, since the top counter could step there too)."""
    match = new_match()
    s = play_setup(match)
    scene = open_scene(ctx, table, match)
    f1 = counter_id(s, 2)
    click(table, centre(scene, Cell(-1, -1)))  # select
    click(table, centre(scene, Cell(-1, -1)))  # a second click flips
    assert scene.match.steps[-1].action == FlipCounter(f1)
    drag(table, centre(scene, Cell(-1, -1)), centre(scene, Cell(-1, 0)))
    assert scene.match.steps[-1].action == MoveAttack(f1, Cell(-1, 0))
    # The other player flips a lone Board Piece with F over it, then ends the turn with E.
    pygame.mouse.set_pos(centre(scene, Cell(2, 0)))
    post(
        table,
        [
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=centre(scene, Cell(2, 0)), rel=(0, 0), buttons=(0, 0, 0)
            )
        ],
    )
    key(table, pygame.K_f)
    assert scene.match.steps[-1].action == FlipCounter(counter_id(1 - s, 1))
    key(table, pygame.K_e)
    assert scene.match.steps[-1].action == EndTurn()
    # Now the start player carries the stack [sBP2, sF1] from (-1, 0) past sF2 to (-1, 1).
    bp2 = counter_id(s, 1)
    state = state_of(scene)
    assert MoveMobile(bp2, Cell(-1, 1)) in RULES.legal_actions(state)
    steps = len(scene.match.steps)
    drag(table, centre(scene, Cell(-1, 0)), centre(scene, Cell(-1, 1)))
    # The top Fortification could step to (-1, 1) too: the table asks which move is meant.
    assert len(scene.match.steps) == steps and ctx.scenes.top is not scene
    scene.play(MoveMobile(bp2, Cell(-1, 1)))
    pump(table)
    board = board_of(state_of(scene))
    assert [c.id for c in board[Cell(-1, 1)]] == [bp2, f1]
    assert Cell(-1, 0) not in board


def test_attack_climb_with_capture(ctx: Any, table: Any) -> None:
    """§3.6 capture [RES-CO9]: an Attack Fortification climbs onto an enemy Fortification and takes it."""
    match = new_match(seed=8)
    s = play_setup(match)
    o = 1 - s
    # s: flip sF1 (-1,-1), end. o: flip oF1 (1,-1), step it to (0,-1)... beside sF1? It touches (0,0).
    match.play(FlipCounter(counter_id(s, 2)))
    match.play(EndTurn())
    match.play(FlipCounter(counter_id(o, 2)))
    match.play(MoveAttack(counter_id(o, 2), Cell(0, -1)))
    scene = open_scene(ctx, table, match)
    assert state_of(scene).current == s
    drag(table, centre(scene, Cell(-1, -1)), centre(scene, Cell(0, -1)))
    assert scene.match.steps[-1].action == MoveAttack(counter_id(s, 2), Cell(0, -1))
    after = state_of(scene)
    assert [c.id for c in after.captured] == [counter_id(o, 2)]
    top = board_of(after)[Cell(0, -1)][-1]
    assert (top.owner, top.kind, top.mode) == (s, Kind.FORTIFICATION, Mode.ATTACK)


def test_pan_and_zoom(ctx: Any, table: Any) -> None:
    """Issue 14: drag on empty table pans, the wheel and +/- zoom, arrow keys pan, C centres again."""
    match = new_match()
    play_setup(match)
    scene = open_scene(ctx, table, match)
    view = view_of(scene)
    empty = centre(scene, Cell(-4, 3))
    before = view.where.cell_rect(Cell(0, 0), view.camera).topleft
    drag(table, empty, (empty[0] + 60, empty[1] + 30))
    moved = view.where.cell_rect(Cell(0, 0), view.camera).topleft
    assert abs(moved[0] - before[0] - 60) <= 2 and abs(moved[1] - before[1] - 30) <= 2
    size = view.camera.cell_px
    pygame.mouse.set_pos(view.where.area.center)
    post(
        table, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)]
    )
    assert view.camera.cell_px > size
    key(table, pygame.K_MINUS)
    key(table, pygame.K_MINUS)
    assert view.camera.cell_px < size
    x = view.where.cell_rect(Cell(0, 0), view.camera).x
    key(table, pygame.K_LEFT)
    assert view.where.cell_rect(Cell(0, 0), view.camera).x > x
    key(table, pygame.K_c)
    assert view.camera.follow


def test_screens_draw_at_both_sizes(ctx: Any, table: Any) -> None:
    """The play screen draws a setup and a played position at 1280x720 and 1920x1080 without error, every
    counter inside the board."""
    match = new_match()
    play_setup(match)
    scene = open_scene(ctx, table, match)
    view = view_of(scene)
    for stack in state_of(scene).stacks:
        assert view.where.area.contains(view.where.cell_rect(stack.cell, view.camera))


def test_click_twice_on_the_hinted_counter_flips_it(ctx: Any, table: Any) -> None:
    """Issue 39 §3: with a hint showing, the hinted counter is drawn selected; the help line's gesture
    ("click it twice, to flip") still works on it: the first click picks it up, the second flips it."""
    match = new_match()
    s = play_setup(match)
    scene = open_scene(ctx, table, match)
    f1 = counter_id(s, 2)
    scene.hints.shown = (len(scene.match.steps), FlipCounter(f1), None)
    pump(table, 2)
    assert view_of(scene).camera.selected == Cell(-1, -1)  # shown picked for the hint
    click(table, centre(scene, Cell(-1, -1)))
    assert scene.drag.pick == Cell(-1, -1)
    click(table, centre(scene, Cell(-1, -1)))
    assert scene.match.steps[-1].action == FlipCounter(f1)


def test_the_supplys_how_to_words_are_for_the_player_at_the_pointer(ctx: Any, table: Any) -> None:
    """§3.2 setup: the supply tray says "drag the glowing counter onto the table" to the player
    whose counter it is, not while a computer (or a demo's seat) places: it names whose supply it is."""
    from dataclasses import replace

    from rainbowtable.ui import layout_audit

    scene = open_scene(ctx, table, new_match())
    look = scene._look()
    assert look.player_moves and look.acting_seat is not None
    seen = {}
    for who, shown in (("player", look), ("computer", replace(look, player_moves=False))):
        recording = layout_audit.start()
        try:
            view_of(scene).drawing.draw(ctx.screen, state_of(scene), shown)
            seen[who] = [text.text for text in recording.texts if "supply" in text.text]
        finally:
            layout_audit.stop()
    name = ("Ana", "Ben")[look.acting_seat]
    assert seen["player"] == [f"{name}'s supply: drag the glowing counter onto the table"]
    assert seen["computer"] == [f"{name}'s supply"]


def test_the_cell_under_the_pointer_is_named_as_the_log_names_it(ctx: Any, table: Any) -> None:
    """The move log names cells "(2, 1)" and the table drew no coordinates to read them by: the cell under
    the pointer is named at the board's corner, and the label goes when the pointer leaves the board."""
    from rainbowtable.ui import layout_audit

    match = new_match()
    play_setup(match)
    scene = open_scene(ctx, table, match)

    def drawn_after_moving_to(pos: tuple[int, int]) -> list[str]:
        pygame.mouse.set_pos(pos)
        post(table, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))])
        recording = layout_audit.start()
        try:
            view_of(scene).drawing.draw(ctx.screen, state_of(scene), scene._look())
        finally:
            layout_audit.stop()
        return [t.text for t in recording.texts]

    assert "(2, -1)" in drawn_after_moving_to(centre(scene, Cell(2, -1)))
    assert view_of(scene).camera.pointer == Cell(2, -1)
    assert "(2, -1)" not in drawn_after_moving_to((2, 2))
    assert view_of(scene).camera.pointer is None
