"""Rainbow Passage's part of the new-game screen (issue 12 "New game"): each seat's edge (§1.2, opposite
for two players) and custom start squares placed by dragging on the start squares screen, checked against
rules A1–A3 (§1.3 [RES-RP7], §1.12 `custom_starts`) with the reason when refused. Headless, through the
real table loop with synthetic clicks and drags."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbow_passage.assembly import random_board
from rainbowtable.games.rainbow_passage.components import Box, Edge
from rainbowtable.games.rainbow_passage.model import (
    DEFAULT_EDGES,
    BoardSize,
    Phase,
    RainbowPassageOptions,
    RainbowPassageState,
)
from rainbowtable.games.rainbow_passage.rules import RULES
from rainbowtable.games.rainbow_passage.start import (
    default_starts,
    fit_starts,
    home_row,
    option_problem,
    start_square_problem,
)
from rainbowtable.geometry.square import Cell
from rainbowtable.ui.games.rainbow_passage.setup import PassageSetupPanel, turned_edges
from rainbowtable.ui.games.rainbow_passage.starts import StartSquaresScene
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.new_game import NewGameScene
from rainbowtable.ui.scenes.play import PlayScene
from tests.ui_driver import click, click_button, drag, pump


def new_game(ctx: Any, table: Any, seats: int) -> NewGameScene:
    navigation.open_new_game(ctx, RULES)
    pump(table, 3)
    scene = ctx.scenes.top
    assert isinstance(scene, NewGameScene)
    scene.set_seat_count(seats)
    pump(table, 3)
    assert isinstance(scene.setup_panel, PassageSetupPanel)
    return scene


def panel_of(scene: NewGameScene) -> PassageSetupPanel:
    panel = scene.setup_panel
    assert isinstance(panel, PassageSetupPanel)
    return panel


def start_game(ctx: Any, table: Any, scene: NewGameScene) -> RainbowPassageState:
    assert scene.problem is None, scene.problem
    assert scene.start_button is not None
    click_button(table, scene.start_button)
    play = ctx.scenes.top
    assert isinstance(play, PlayScene)
    for _ in range(10):
        if play.match.state.board is not None:
            break
        pump(table, 3)
    state = play.match.state
    assert isinstance(state, RainbowPassageState) and state.phase is not Phase.BOARD
    return state


# --- the rules side: default and fitted layouts ---------------------------------------------------------


@pytest.mark.parametrize("size", list(BoardSize))
def test_default_starts_match_the_boards_layout(size: BoardSize) -> None:
    """§1.3 [RES-RP6] and the [APP] fallback: the layout worked out from the size alone (a random board is
    not known before the game) is the one the assembled board gives, for every edge and seat count."""
    board = random_board(Box.generate(5), size.size, Rng.from_seed(5))
    width, height = size.size
    for edges in DEFAULT_EDGES.values():
        for pieces in (4, 5):
            for edge in edges:
                try:
                    expected = board.start_squares(edge, edges, pieces)
                except ValueError:
                    continue
                assert default_starts(edge, edges, width, height, pieces) == expected


def test_fit_starts_keeps_legal_squares_and_fills_the_rest() -> None:
    """§1.3 rules A1–A3 [RES-RP7], §1.12 `custom_starts`: a layout placed for two players keeps its squares
    while they stay legal; seating a west player drops the square next to its home line (A3) and the
    default squares fill in; the Extra Piece adds a fifth square; every result passes A1–A3."""
    placed = {Edge.S: (Cell(1, 0), Cell(3, 0), Cell(5, 0), Cell(9, 0))}
    two = fit_starts(placed, (Edge.S, Edge.N), 11, 11, 4)
    assert two[0] == placed[Edge.S]
    assert two[1] == default_starts(Edge.N, (Edge.S, Edge.N), 11, 11, 4)
    three_edges = (Edge.S, Edge.W, Edge.N)
    three = fit_starts(placed, three_edges, 11, 11, 4)
    assert Cell(1, 0) not in three[0] and len(set(three[0])) == 4
    assert {Cell(3, 0), Cell(5, 0), Cell(9, 0)} <= set(three[0])
    five = fit_starts(placed, (Edge.S, Edge.N), 11, 11, 5)
    assert len(five[0]) == 5 and set(placed[Edge.S]) <= set(five[0])
    for layout, edges in ((two, (Edge.S, Edge.N)), (three, three_edges), (five, (Edge.S, Edge.N))):
        for edge, cells in zip(edges, layout, strict=True):
            assert all(start_square_problem(edge, c, edges, 11, 11) is None for c in cells)
            assert all(c in home_row(edge, 11, 11) for c in cells)


# --- edges -------------------------------------------------------------------------------------------------


def test_turned_edges_keep_two_players_opposite() -> None:
    """§1.2 seating: two players always face each other; with more, a seat moving onto a taken edge swaps."""
    assert turned_edges([Edge.S, Edge.N], 0) == [Edge.W, Edge.E]
    assert turned_edges([Edge.W, Edge.E], 1) == [Edge.N, Edge.S]
    assert turned_edges([Edge.S, Edge.W, Edge.N], 0) == [Edge.W, Edge.S, Edge.N]
    assert turned_edges([Edge.S, Edge.W, Edge.N], 2) == [Edge.S, Edge.W, Edge.E]
    assert turned_edges([Edge.S, Edge.W, Edge.N, Edge.E], 3) == [Edge.E, Edge.W, Edge.N, Edge.S]
    for edges in ([Edge.S, Edge.N], [Edge.S, Edge.W, Edge.N], [Edge.S, Edge.W, Edge.N, Edge.E]):
        for seat in range(len(edges)):
            turned = turned_edges(edges, seat)
            options = RainbowPassageOptions(seat_edges=tuple(turned))
            assert option_problem(options, len(edges)) is None


def test_seat_edges_chosen_in_the_panel_start_the_game_on_those_edges(ctx: Any, table: Any) -> None:
    """Issue 12 "which edge each seat takes (opposite edges for 2)": a click on seat 1's edge turns both
    seats a quarter (west and east); the game then starts with seat 1's pieces on the west edge and seat 2's
    on the east, and seat 1 moves east (§1.2 forward vector)."""
    scene = new_game(ctx, table, 2)
    panel = panel_of(scene)
    click(table, panel.seat_rects[0][1].center)
    assert panel.edges_for(2) == [Edge.W, Edge.E]
    assert scene.options().seat_edges == (Edge.W, Edge.E)
    state = start_game(ctx, table, scene)
    assert [s.edge for s in state.seats] == [Edge.W, Edge.E]
    assert state.board is not None
    width = state.board.width
    assert all(p.pos is not None and p.pos.x == 0 for p in state.pieces if p.owner == 0)
    assert all(p.pos is not None and p.pos.x == width - 1 for p in state.pieces if p.owner == 1)


def test_four_seats_swap_edges_and_the_crossings_half_is_separate(ctx: Any, table: Any) -> None:
    """§1.2: with four players a seat turned onto a taken edge swaps with its holder; the crossings half of
    the same box still sets the §1.12 handicap."""
    scene = new_game(ctx, table, 4)
    panel = panel_of(scene)
    click(table, panel.seat_rects[0][1].center)
    assert panel.edges_for(4) == [Edge.W, Edge.S, Edge.N, Edge.E]
    click(table, panel.seat_rects[2][2].center)
    options = scene.options()
    assert options.seat_edges == (Edge.W, Edge.S, Edge.N, Edge.E)
    assert options.seat_crossings == (1, 1, 2, 1)
    assert scene.problem is None


def test_the_seats_crossings_are_explained_under_them(ctx: Any, table: Any) -> None:
    """Each seat's box showed "×1" with nothing on the screen to say what it counts (§1.12 harder winning,
    a handicap per seat): a line under the boxes says so, inside the panel's height."""
    from rainbowtable.ui import layout_audit

    scene = new_game(ctx, table, 4)
    panel = panel_of(scene)
    recording = layout_audit.start()
    try:
        panel.draw(ctx.screen)
    finally:
        layout_audit.stop()
    legend = [t for t in recording.texts if t.text.startswith("×: the pieces a seat must get across")]
    assert legend and all(t.rect.bottom <= panel.rect.y + panel.height(panel.rect.w) + 2 for t in legend)
    assert all(t.rect.top >= panel.seat_rects[-1][0].bottom for t in legend)


# --- custom start squares by dragging ----------------------------------------------------------------------


def open_starts(table: Any, scene: NewGameScene) -> StartSquaresScene:
    panel = panel_of(scene)
    click(table, panel.starts_rect.center)
    top = scene.ctx.scenes.top
    assert isinstance(top, StartSquaresScene)
    return top


def centre(starts: StartSquaresScene, cell: Cell) -> tuple[int, int]:
    rect = starts.cell_rect(cell)
    return (int(rect.centerx), int(rect.centery))


def test_custom_start_squares_by_drag_legal_and_refused(ctx: Any, table: Any) -> None:
    """Issue 12, §1.3 rules A1–A3, §1.12 `custom_starts`: on the start squares screen a piece dragged to a
    legal square stays there; dropped on the outermost square (A2) or off its home row (A1) it slides back
    and the rules' reason shows. Done returns; Start plays with the dragged squares."""
    scene = new_game(ctx, table, 2)
    starts = open_starts(table, scene)
    assert starts.starts[0] == [Cell(2, 0), Cell(4, 0), Cell(6, 0), Cell(8, 0)]
    drag(table, centre(starts, Cell(2, 0)), centre(starts, Cell(1, 0)))
    assert starts.starts[0][0] == Cell(1, 0) and starts.refusal is None
    assert starts.panel.custom
    drag(table, centre(starts, Cell(1, 0)), centre(starts, Cell(0, 0)))
    assert starts.starts[0][0] == Cell(1, 0)
    assert starts.refusal is not None and "rule A2" in starts.refusal
    assert starts.snap is not None  # sliding back
    drag(table, centre(starts, Cell(4, 0)), centre(starts, Cell(4, 1)))
    assert starts.starts[0][1] == Cell(4, 0)
    assert "rule A1" in (starts.refusal or "")
    drag(table, centre(starts, Cell(4, 0)), centre(starts, Cell(6, 0)))
    assert starts.refusal == "That start square is taken."
    assert starts.done_button is not None
    click_button(table, starts.done_button)
    assert ctx.scenes.top is scene
    options = scene.options()
    assert options.custom_starts[0] == (Cell(1, 0), Cell(4, 0), Cell(6, 0), Cell(8, 0))
    assert panel_of(scene).problem(2) is None and scene.problem is None
    state = start_game(ctx, table, scene)
    assert sorted(p.home.x for p in state.pieces if p.owner == 0) == [1, 4, 6, 8]
    assert all(p.token_crossed and p.pos == p.home for p in state.pieces)


def test_next_to_a_neighbours_edge_is_refused_with_rule_a3(ctx: Any, table: Any) -> None:
    """§1.3 A3 [RES-RP7]: with a west player seated, a south piece dropped next to the west home line slides
    back with the A3 reason; Standard squares puts every piece back and switches custom squares off."""
    scene = new_game(ctx, table, 4)
    starts = open_starts(table, scene)
    first = starts.starts[0][0]
    drag(table, centre(starts, first), centre(starts, Cell(1, 0)))
    assert starts.starts[0][0] == first
    assert "rule A3" in (starts.refusal or "")
    drag(table, centre(starts, first), centre(starts, Cell(first.x + 1, 0)))
    assert starts.panel.custom and starts.starts[0][0] == Cell(first.x + 1, 0)
    assert starts.standard_button is not None
    click_button(table, starts.standard_button)
    assert not starts.panel.custom and starts.starts[0][0] == first
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    pump(table, 2)
    assert ctx.scenes.top is scene and scene.options().custom_starts == ()


def test_custom_squares_follow_a_change_of_seats(ctx: Any, table: Any) -> None:
    """§1.3 A3, §1.12: squares placed for two players that a third (west) player makes illegal are replaced
    by default ones, so the panel never offers an illegal layout; its problem stays None."""
    scene = new_game(ctx, table, 2)
    starts = open_starts(table, scene)
    drag(table, centre(starts, Cell(2, 0)), centre(starts, Cell(1, 0)))
    pump(table, 2)
    starts.done()
    pump(table, 2)
    scene.set_seat_count(3)
    pump(table, 2)
    options = scene.options()
    assert Cell(1, 0) not in options.custom_starts[0] and len(options.custom_starts) == 3
    assert option_problem(options, 3) is None and panel_of(scene).problem(3) is None


def test_the_start_squares_name_each_edge_by_its_player(ctx: Any, table: Any) -> None:
    """The start squares screen labels each seat's edge with the name on the new-game screen below it (the
    one typed, else the seat's default), not "Seat n" (issue 42: kept when the screen was split in parts)."""
    scene = new_game(ctx, table, 2)
    scene.choices.drafts[0].name, scene.choices.drafts[0].typed = "Ada", True
    starts = open_starts(table, scene)
    assert starts.names == ["Ada", "Computer 2"]
