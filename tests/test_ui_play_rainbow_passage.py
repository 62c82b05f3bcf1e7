"""Headless play-screen tests for Rainbow Passage (issue 12): synthetic drags and clicks through the real
table loop, on an all-red board so the dice the table rolls never matter; the position before the human's
turn comes from a log replayed with `Match.restore`."""

from __future__ import annotations

from typing import Any

import pygame

from rainbowtable.core.match import Match
from rainbowtable.core.seats import Seat
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.diagram import painted_board
from rainbowtable.games.rainbow_passage.model import (
    DiceRolled,
    EndTurn,
    Pass,
    Phase,
    RainbowPassageOptions,
    RainbowPassageState,
    ReturnPiece,
    RollOffRolled,
    Status,
    StepPiece,
)
from rainbowtable.games.rainbow_passage.rules import RULES
from rainbowtable.geometry.square import Cell
from rainbowtable.ui import theme
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.play import PlayScene
from tests.ui_driver import click_button, drag, pump

RED, BLUE = PassageColour.RED, PassageColour.BLUE
OPTIONS = RainbowPassageOptions(board=painted_board(fill=RED))
N_FIRST = RollOffRolled(((BLUE,) * 5, (RED,) * 5))


def _log(
    *turns: tuple[tuple[PassageColour, ...], list[tuple[tuple[int, int], tuple[int, int]]], bool],
) -> list[Any]:
    """(dice, [(from, to)...], end) per turn; replays as it goes so piece ids come from the position."""
    state = RULES.new_game(OPTIONS, 2)
    actions: list[Any] = [N_FIRST]
    state = RULES.apply(state, N_FIRST)
    for dice, moves, end in turns:
        for action in [DiceRolled(dice)]:
            actions.append(action)
            state = RULES.apply(state, action)
        for a, b in moves:
            piece = state.piece_at(Cell(*a))
            assert piece is not None, a
            action = StepPiece(piece.id, Cell(*b))
            actions.append(action)
            state = RULES.apply(state, action)
        if end:
            action = EndTurn() if state.moves_made else Pass()
            actions.append(action)
            state = RULES.apply(state, action)
    return actions


def start(ctx: Any, table: Any, actions: list[Any]) -> PlayScene:
    log = [(None, action, i + 1) for i, action in enumerate(actions)]
    match = Match.restore(RULES, OPTIONS, (Seat("Ana"), Seat("Ben", colour="teal")), 3, log)
    navigation.open_play(ctx, match)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    pump(table, 4)
    return scene


def state_of(scene: PlayScene) -> RainbowPassageState:
    state = scene.match.state
    assert isinstance(state, RainbowPassageState)
    return state


def centre(scene: PlayScene, cell: tuple[int, int]) -> tuple[int, int]:
    rect = scene.view.where.cell_rect(Cell(*cell))  # type: ignore[attr-defined]
    return (int(rect.centerx), int(rect.centery))


def game_button(scene: PlayScene, label: str) -> Any:
    for button, spec in scene.game_buttons:
        if spec.label == label:
            return button
    raise AssertionError(f"no {label!r} button: {[s.label for _b, s in scene.game_buttons]}")


N_RUNS_TO_THE_STAR = (
    (RED,) * 5,
    [((4, 10), (4, 9)), ((4, 9), (4, 8)), ((4, 8), (4, 7)), ((4, 7), (4, 6)), ((4, 6), (4, 5))],
    True,
)
S_ADVANCES = ((RED,) * 5, [((4, 0), (4, 1)), ((4, 1), (4, 2)), ((4, 2), (4, 3))], True)
N_PASSES = ((BLUE,) * 5, [], True)


def test_a_turn_of_several_drags_with_a_capture_then_end_turn(ctx: Any, table: Any) -> None:
    """Issue 12: a multi-step turn by synthetic drags including a capture, then End turn."""
    actions = _log(N_RUNS_TO_THE_STAR, S_ADVANCES, N_PASSES)
    actions.append(DiceRolled((RED,) * 5))
    scene = start(ctx, table, actions)
    assert state_of(scene).phase is Phase.TURN and state_of(scene).current == 0
    drag(table, centre(scene, (4, 3)), centre(scene, (4, 4)))
    drag(table, centre(scene, (4, 4)), centre(scene, (4, 5)))
    state = state_of(scene)
    assert state.moves_made == 2 and state.piece_at(Cell(4, 5)) is not None
    assert state.piece_at(Cell(4, 5)).owner == 0  # type: ignore[union-attr]
    assert sum(1 for p in state.pieces if p.status is Status.CAPTURED) == 1
    click_button(table, game_button(scene, "End turn"))
    assert any(isinstance(step.action, EndTurn) for step in scene.match.steps[len(actions) :])


def test_an_illegal_drop_snaps_back_with_the_reason(ctx: Any, table: Any) -> None:
    """Issue 12: an illegal drop (straight sideways) snaps back and says why."""
    actions = _log(N_RUNS_TO_THE_STAR, S_ADVANCES, N_PASSES)
    actions.append(DiceRolled((RED,) * 5))
    scene = start(ctx, table, actions)
    before = scene.match.state
    drag(table, centre(scene, (4, 3)), centre(scene, (5, 3)))
    assert scene.match.state == before
    assert ctx.notices and ctx.notices[-1].text == "Pieces never step straight sideways."


def test_pass_button(ctx: Any, table: Any) -> None:
    """Issue 12: Pass ends the turn without moving; End turn is greyed before a step."""
    actions = _log(N_RUNS_TO_THE_STAR)
    actions.append(DiceRolled((RED,) * 5))
    scene = start(ctx, table, actions)
    assert state_of(scene).current == 0
    steps = len(scene.match.steps)
    click_button(table, game_button(scene, "Pass"))
    assert isinstance(scene.match.steps[steps].action, Pass)


def test_return_to_another_start_square_swaps_the_tokens(ctx: Any, table: Any) -> None:
    """Issue 12 and §1.7 [RES-RP10]: a captured piece dragged from the tray to another empty start square
    returns there; the two tokens swap."""
    s_moves = (
        (RED,) * 5,
        [((2, 0), (2, 1)), ((4, 0), (4, 1)), ((4, 1), (4, 2)), ((4, 2), (4, 3)), ((4, 3), (4, 4))],
        True,
    )
    n_captures = ((RED,) * 5, [((4, 5), (4, 4))], True)
    actions = _log(N_RUNS_TO_THE_STAR, s_moves, n_captures)
    actions.append(DiceRolled((RED, RED, RED, BLUE)))
    scene = start(ctx, table, actions)
    state = state_of(scene)
    captured = next(p for p in state.pieces if p.status is Status.CAPTURED)
    mover = next(p for p in state.pieces if p.pos == Cell(2, 1))
    assert captured.home == Cell(4, 0) and mover.home == Cell(2, 0)
    pick = scene.view.input.pick_rect(state, ("piece", captured.id))
    assert pick is not None
    drag(table, pick.center, centre(scene, (2, 0)))
    assert any(
        isinstance(step.action, ReturnPiece) and step.action.to == Cell(2, 0) for step in scene.match.steps
    )
    after = scene.match.steps[
        next(i for i, s in enumerate(scene.match.steps) if isinstance(s.action, ReturnPiece))
    ].state
    assert after.piece(captured.id).home == Cell(2, 0) and after.piece(captured.id).token_crossed
    assert after.piece(mover.id).home == Cell(4, 0)


def test_while_holding_a_piece_its_squares_glow(ctx: Any, table: Any) -> None:
    """Issue 12: picking up a piece lights every square it may step to."""
    actions = _log(N_RUNS_TO_THE_STAR)
    actions.append(DiceRolled((RED,) * 5))
    scene = start(ctx, table, actions)
    pos = centre(scene, (4, 0))
    pygame.mouse.set_pos(pos)
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    table.step(
        1 / 60,
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0], pos[1] - 30), rel=(0, -30), buttons=(1, 0, 0))],
    )
    piece = state_of(scene).piece_at(Cell(4, 0))
    assert piece is not None
    expected = {
        a.to
        for a in RULES.legal_actions(scene.match.state)
        if isinstance(a, StepPiece) and a.piece == piece.id
    }
    assert set(scene._look().highlights) == expected == {Cell(3, 1), Cell(4, 1), Cell(5, 1)}
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)])


def test_setup_panel_picks_a_library_board_and_a_handicap(ctx: Any, table: Any) -> None:
    """Issue 12 "New game": the board picker puts a library board itself into the options (so a save holds
    it), a random board leaves it to the game number, and the crossings row sets a per-seat handicap."""
    from rainbowtable.core.rng import Rng
    from rainbowtable.games.rainbow_passage.assembly import random_board
    from rainbowtable.games.rainbow_passage.board_file import save_board
    from rainbowtable.games.rainbow_passage.components import Box
    from rainbowtable.ui.games.rainbow_passage.setup import PassageSetupPanel

    board = random_board(Box.generate(4), (9, 13), Rng.from_seed(4))
    save_board(ctx.paths.boards_dir, "Tall one", board.to_draft(Box.generate(4)))
    panel = PassageSetupPanel(ctx, RULES, RULES.default_options())
    panel.layout(pygame.Rect(0, 0, 420, panel.height(420)))
    assert panel.apply(RULES.default_options(), 2).board is None
    names = [c.name for c in panel.choices]
    panel.choose(names.index("Tall one"))
    options = panel.apply(RULES.default_options(), 2)
    assert options.board == board and RULES.option_problem(options, 2) is None
    box = panel.seat_rects[1][2]  # seat 2's crossings half
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1)
    assert panel.handle_event(event)
    assert panel.apply(RULES.default_options(), 2).seat_crossings == (1, 2)
    for _ in range(3):  # 3, 4, then back to what "Crossings to win" says
        assert panel.handle_event(event)
    assert panel.apply(RULES.default_options(), 2).seat_crossings == ()
    surface = pygame.Surface((420, 200))
    panel.draw(surface)


def _pixel(ctx: Any, pos: tuple[int, int]) -> tuple[int, int, int]:
    colour = ctx.screen.get_at(pos)
    return (colour.r, colour.g, colour.b)


def test_return_to_another_start_square_animates_the_token_swap(ctx: Any, table: Any) -> None:
    """Issue 12 "start tokens … swapping when a returned piece takes another start square", §1.7
    [RES-RP10]: with animation on, the return shows the two tokens trading places on the frame (the returned
    piece's token turning to its crossed side) while the piece flies in from the tray; afterwards the frame
    shows the returned piece's token crossed behind its new square and the other token, plain, behind the
    old one."""
    from dataclasses import replace

    from rainbowtable.ui.games.rainbow_passage.motion import _Fly, _Together, _TokenMove
    from rainbowtable.ui.games.rainbow_passage.pieces import INK

    s_moves = (
        (RED,) * 5,
        [((2, 0), (2, 1)), ((4, 0), (4, 1)), ((4, 1), (4, 2)), ((4, 2), (4, 3)), ((4, 3), (4, 4))],
        True,
    )
    n_captures = ((RED,) * 5, [((4, 5), (4, 4))], True)
    actions = _log(N_RUNS_TO_THE_STAR, s_moves, n_captures)
    actions.append(DiceRolled((RED, RED, RED, BLUE)))
    scene = start(ctx, table, actions)
    ctx.update_settings(replace(ctx.settings, animation_speed=1.0))
    state = state_of(scene)
    captured = next(p for p in state.pieces if p.status is Status.CAPTURED)
    mover = next(p for p in state.pieces if p.pos == Cell(2, 1))
    view: Any = scene.view
    old_token = view.where.token_rect(state.seats[0].edge, Cell(4, 0))
    new_token = view.where.token_rect(state.seats[0].edge, Cell(2, 0))
    pick = view.input.pick_rect(state, ("piece", captured.id))
    drag(table, pick.center, centre(scene, (2, 0)))
    animation = scene.animation
    assert isinstance(animation, _Together)
    moves = [part for part in animation.parts if isinstance(part, _TokenMove)]
    assert any(isinstance(part, _Fly) for part in animation.parts)
    assert {m.piece_id for m in moves} == {captured.id, mover.id}
    assert {("token", captured.id), ("token", mover.id), ("piece", captured.id)} <= animation.hides()
    mine = next(m for m in moves if m.piece_id == captured.id)
    assert (mine.start.center, mine.end.center) == (old_token.center, new_token.center)
    assert mine.crossed == (False, True)
    pump(table, 12)  # partway: the returned piece's token is between the two squares
    assert scene.animation is animation
    assert new_token.centerx < mine.rect_now().centerx < old_token.centerx
    for _ in range(60):
        if scene.animation is None:
            break
        pump(table, 2)
    assert scene.animation is None
    scene.still.forget()
    table.force_draw = True
    pump(table, 2)
    # Crossed: ink through the middle; plain: the base colour there. Above the cross: the base colour.
    assert _pixel(ctx, new_token.center) == INK
    returned_rgb = _pixel(ctx, (new_token.centerx, new_token.top + 2))
    assert _pixel(ctx, old_token.center) == _pixel(ctx, (old_token.centerx, old_token.top + 2))
    assert _pixel(ctx, old_token.center) != returned_rgb


def test_first_step_turns_the_token_over(ctx: Any, table: Any) -> None:
    """Issue 12, §1.6: a piece's first step turns its token from the crossed side to the plain side, shown
    by a flip on the frame behind its start square while the piece slides."""
    from dataclasses import replace

    from rainbowtable.ui.games.rainbow_passage.motion import _Together, _TokenFlip

    actions = _log(N_RUNS_TO_THE_STAR)
    actions.append(DiceRolled((RED,) * 5))
    scene = start(ctx, table, actions)
    ctx.update_settings(replace(ctx.settings, animation_speed=1.0))
    piece = state_of(scene).piece_at(Cell(4, 0))
    assert piece is not None and piece.token_crossed
    drag(table, centre(scene, (4, 0)), centre(scene, (4, 1)))
    animation = scene.animation
    assert isinstance(animation, _Together)
    flip = next(part for part in animation.parts if isinstance(part, _TokenFlip))
    assert flip.piece_id == piece.id and flip.crossed_after is False
    assert ("token", piece.id) in animation.hides()
    for _ in range(60):
        if scene.animation is None:
            break
        pump(table, 2)
    assert not state_of(scene).piece(piece.id).token_crossed


def test_picking_up_a_piece_redraws_only_its_rows(ctx: Any, table: Any) -> None:
    """Issue 12 benchmark (frame p99 ≤ 2 ms): the board is drawn in bands, one per row of squares plus the
    frame above and below, each keyed on what lies in it; picking up a piece changes only the band it
    leaves and the band whose squares glow, not the whole board nor the tray."""
    actions = _log(N_RUNS_TO_THE_STAR)
    actions.append(DiceRolled((RED,) * 5))
    scene = start(ctx, table, actions)
    view: Any = scene.view
    state = state_of(scene)
    before = view.drawing.parts(state, scene._look())
    assert {"board:north", "board:south", "tray"} <= set(before)
    assert sum(1 for name in before if name.startswith("board:")) == 11 + 2
    pos = centre(scene, (4, 0))
    pygame.mouse.set_pos(pos)
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    table.step(
        1 / 60,
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0], pos[1] - 30), rel=(0, -30), buttons=(1, 0, 0))],
    )
    after = view.drawing.parts(state, scene._look())
    changed = {name for name in before if before[name][1] != after[name][1]}
    # Besides: the frame's corner that names the square under the pointer (issue 39), a label's size.
    assert changed - {"pointer"} == {"board:0", "board:1"}
    assert after["pointer"][0].w <= view.where.cell_px * 2
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)])


def test_positions_can_be_found(ctx: Any, table: Any) -> None:
    """Issue 39 §3: the frame carries the files (a, b, …) and ranks (1, 2, …) the log names squares by, the
    square under the pointer is named in the frame's corner, and hovering a log line "f9 → e8" lights both
    squares it names."""
    from rainbowtable.ui.games.rainbow_passage.view import RainbowPassageView
    from tests.ui_driver import open_shipped_example

    scene = open_shipped_example(ctx, table, "rainbow_passage_three_players_crossing.json")
    view = scene.view
    assert isinstance(view, RainbowPassageView)
    spots, corner = view.where.label_spots()
    names = {text for text, _pos in spots}
    assert {"a", "k", "1", "11"} <= names
    outer = view.where.outer
    for _text, pos in spots:
        assert outer.collidepoint(pos) and not view.where.grid.collidepoint(pos)  # on the frame, not a square
    # The pointer over e4 names it in the corner.
    e4 = view.where.cell_rect(Cell(4, 3)).center
    pygame.mouse.set_pos(e4)
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=e4, rel=(1, 1), buttons=(0, 0, 0))])
    pump(table, 1)
    assert view.sight.pointer == Cell(4, 3)
    assert ctx.screen.get_at((corner.x + 4, corner.centery))[:3] == theme.PAPER  # the name's label
    # Hover the log line of a step: where the piece came from and where it went are both marked.
    number = next(
        i + 1
        for i, step in reversed(list(enumerate(scene.match.steps)))
        if isinstance(step.action, StepPiece)
    )
    step = scene.match.steps[number - 1].action
    before = scene.match.steps[number - 2].state
    came = next(p.pos for p in before.pieces if p.id == step.piece)
    scene.log_panel.hovered = number
    assert set(view.drawing._marked_cells(scene._look())) == {came, step.to}


def test_the_trays_how_to_words_are_for_the_player_at_the_pointer(ctx: Any, table: Any) -> None:
    """The tray says "click End turn when done" on a turn played at this table's pointer, not while a
    computer (or a demo's seat) moves: the words would tell the watcher to click for it."""
    from dataclasses import replace

    from rainbowtable.ui import layout_audit

    actions = _log(N_RUNS_TO_THE_STAR, S_ADVANCES, N_PASSES)
    actions.append(DiceRolled((RED,) * 5))
    scene = start(ctx, table, actions)
    look = scene._look()
    assert look.player_moves
    seen = {}
    for who, shown in (("player", look), ("computer", replace(look, player_moves=False))):
        recording = layout_audit.start()
        try:
            scene.view.drawing.draw(ctx.screen, state_of(scene), shown)
            seen[who] = [text.text for text in recording.texts if text.text.startswith("Up to")]
        finally:
            layout_audit.stop()
    assert seen["player"] == ["Up to 5 moves · 0 made · click End turn when done"]
    assert seen["computer"] == ["Up to 5 moves · 0 made"]
