"""Rainbow Passage rules: one test per spec case (RP-Tnn) and per rule section and [RES-RP*] reading of
rainbow_passage.md §1.2–§1.12. Positions are built with `diagram.position` on an 11x11 board whose squares
are MAGENTA unless a case names them (§1.14)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rainbowtable.core.game import Chance, Finished, IllegalAction, Players, render
from rainbowtable.core.match import Match
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import default_seats
from rainbowtable.games.rainbow_passage import rules as R
from rainbowtable.games.rainbow_passage.board import board_problem
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.components import Edge
from rainbowtable.games.rainbow_passage.diagram import painted_board, position, state_text
from rainbowtable.games.rainbow_passage.model import (
    BoardBuilt,
    BoardSize,
    DiceRolled,
    EndTurn,
    Pass,
    Phase,
    RainbowPassageOptions,
    ReturnPiece,
    RollOffRolled,
    Status,
    StepPiece,
    TeamPlay,
    facing,
)
from rainbowtable.games.rainbow_passage.rules import RULES
from rainbowtable.games.rainbow_passage.start import new_game, option_problem, start_square_problem
from rainbowtable.geometry.square import Cell

RED, GREEN, BLUE, YELLOW, CYAN, MAGENTA = (
    PassageColour.RED,
    PassageColour.GREEN,
    PassageColour.BLUE,
    PassageColour.YELLOW,
    PassageColour.CYAN,
    PassageColour.MAGENTA,
)
ALL_RED = painted_board(fill=RED)
N_FAR = (0, Cell(9, 10), False)  # an unmoved N piece far from the action, so N is still in the game


def _c(x: int, y: int) -> Cell:
    return Cell(x, y)


def _id(state: R.RainbowPassageState, cell: Cell) -> int:
    piece = state.piece_at(cell)
    assert piece is not None
    return piece.id


def _step(state: R.RainbowPassageState, a: Cell, b: Cell) -> R.RainbowPassageState:
    return RULES.apply(state, StepPiece(_id(state, a), b))


def _why(state: R.RainbowPassageState, a: Cell, b: Cell) -> str | None:
    return RULES.why_illegal(state, StepPiece(_id(state, a), b))


def _roll(state: R.RainbowPassageState, colour: PassageColour = RED) -> R.RainbowPassageState:
    assert state.phase is Phase.ROLL
    return RULES.apply(state, DiceRolled((colour,) * R.dice_count(state, state.current)))


def _n(seat_cell: tuple[int, Cell, bool]) -> tuple[int, Cell, bool]:
    return (1, seat_cell[1], seat_cell[2])


N_PIECE = _n(N_FAR)


# --- §1.14 spec cases -----------------------------------------------------------------------------------


def test_rp_t01_directions() -> None:
    """RP-T01, rainbow_passage.md §1.6 conditions 2-3 [RES-RP3]."""
    board = painted_board(colours={_c(3, 4): RED, _c(3, 3): RED})
    state = position(board, [(0, _c(4, 3), True), N_PIECE], (RED, GREEN, BLUE, YELLOW, CYAN))
    assert R.move_allowance(state.dice) == 1
    assert _why(state, _c(4, 3), _c(3, 4)) is None
    assert _why(state, _c(4, 3), _c(3, 3)) == "Pieces never step straight sideways."
    assert _why(state, _c(4, 3), _c(4, 4)) == "No magenta die left."
    after = _step(state, _c(4, 3), _c(3, 4))
    assert after.dice_left == (GREEN, BLUE, YELLOW, CYAN)


def test_rp_t02_move_budget_and_colour_use() -> None:
    """RP-T02, §1.5 step 1 (M) and §1.6 conditions 1 and 3."""
    board = painted_board(fill=RED, colours={_c(4, 2): GREEN, _c(6, 2): GREEN})
    state = position(board, [(0, _c(4, 1), True), (0, _c(6, 1), True), N_PIECE], (RED, RED, RED, GREEN, BLUE))
    assert R.move_allowance(state.dice) == 3
    state = _step(state, _c(4, 1), _c(4, 2))
    assert GREEN not in state.dice_left
    assert _why(state, _c(6, 1), _c(6, 2)) == "No green die left."
    state = _step(state, _c(6, 1), _c(5, 2))
    state = _step(state, _c(5, 2), _c(5, 3))
    assert state.moves_made == 3
    assert _why(state, _c(4, 2), _c(4, 3)) == "No moves left this turn: the dice allow 3."
    assert RULES.legal_actions(state) == [EndTurn()]


def test_rp_t03_bbyyr() -> None:
    """RP-T03, §1.6 condition 3 [RES-RP13]: BBYYR allows two moves, on any two of the dice."""
    board = painted_board(colours={_c(4, 2): BLUE, _c(4, 3): RED})
    state = position(board, [(0, _c(4, 1), True), N_PIECE], (BLUE, BLUE, YELLOW, YELLOW, RED))
    assert R.move_allowance(state.dice) == 2
    state = _step(state, _c(4, 1), _c(4, 2))
    state = _step(state, _c(4, 2), _c(4, 3))
    assert not R.legal_steps(state)
    assert _why(state, _c(4, 3), _c(4, 4)) is not None


def test_rp_t04_beyond_the_star() -> None:
    """RP-T04, §1.6 condition 5a [RES-RP9]: a piece that began beyond the star row steps once."""
    state = position(ALL_RED, [(0, _c(5, 6), True), (0, _c(2, 2), True), N_PIECE], (RED,) * 5)
    state = _step(state, _c(5, 6), _c(5, 7))
    assert _why(state, _c(5, 7), _c(5, 8)) == (
        "A piece that began its turn beyond the star row may step only once."
    )
    assert _why(state, _c(5, 7), _c(5, 6)) is not None
    state = _step(state, _c(2, 2), _c(2, 3))
    state = _step(state, _c(2, 3), _c(2, 4))
    assert state.moves_made == 3


def test_rp_t06_moved_several_times_stops_at_the_star_row() -> None:
    """RP-T06, §1.6 condition 5b [RES-RP9]."""
    state = position(ALL_RED, [(0, _c(4, 3), True), (0, _c(6, 5), True), N_PIECE], (RED,) * 5)
    state = _step(state, _c(4, 3), _c(4, 4))
    state = _step(state, _c(4, 4), _c(4, 5))
    reason = "A piece that moves more than once in a turn may not go beyond the star row."
    assert _why(state, _c(4, 5), _c(4, 6)) == reason
    assert _why(state, _c(4, 5), _c(5, 6)) == reason
    assert _why(state, _c(6, 5), _c(6, 6)) is None


def test_rp_t07_immunity_and_win() -> None:
    """RP-T07, §1.6 condition 4 and §1.10: an unmoved piece is immune; a moved one is captured and the
    crossing wins at once."""
    board = painted_board(colours={_c(4, 10): RED})
    pieces = [(0, _c(4, 9), True), (1, _c(4, 10), False)]
    state = position(board, pieces, (RED, GREEN))
    assert _why(state, _c(4, 9), _c(4, 10)) == "An unmoved piece cannot be captured."
    state = position(board, [(0, _c(4, 9), True), (1, _c(4, 10), True)], (RED, GREEN))
    after = _step(state, _c(4, 9), _c(4, 10))
    assert after.phase is Phase.OVER and after.winners == (0,)
    # The winning crossing is counted: the result's "Crossed" and the seats' figures read 0 for the winner.
    assert [seat.crossings for seat in after.seats] == [1, 0]
    assert R.scores(after) == (1, 0)
    outcome = R.outcome(after)
    assert outcome.scores == (1, 0)  # the result card's "crossed" column
    assert render(outcome.summary, ["Ada", "Bo"]) == "Ada wins by crossing the board."
    assert after.pieces[1].status is Status.CAPTURED
    who = RULES.to_act(after)
    assert isinstance(who, Finished) and who.outcome.winners == frozenset({0})


def test_rp_t08_token_not_recrossed() -> None:
    """RP-T08, §1.6 effects and [RES-RP15]: the token flips once and stays uncrossed on the way home."""
    state = position(ALL_RED, [(0, _c(2, 0), False), (0, _c(8, 0), False), (1, _c(3, 1), True)], (RED,) * 3)
    assert state.piece_at(_c(2, 0)).token_crossed  # type: ignore[union-attr]
    state = _step(state, _c(2, 0), _c(2, 1))
    assert not state.piece_at(_c(2, 1)).token_crossed  # type: ignore[union-attr]
    state = RULES.apply(state, EndTurn())
    state = RULES.apply(_roll(state), Pass())
    state = _step(_roll(state), _c(2, 1), _c(2, 0))
    a = state.piece_at(_c(2, 0))
    assert a is not None and a.home == _c(2, 0) and not a.token_crossed
    state = RULES.apply(state, EndTurn())
    state = _step(_roll(state), _c(3, 1), _c(2, 0))
    assert state.pieces[0].status is Status.CAPTURED


def test_rp_t09_dice_count() -> None:
    """RP-T09, §1.5 step 1 and §1.12 extra piece: k = min(5, n + 1)."""

    def k(count: int, extra: bool = False) -> int:
        cells = [_c(x, 0) for x in (2, 4, 5, 6, 8)][:count]
        options = RainbowPassageOptions(extra_piece=extra)
        state = position(ALL_RED, [(0, c, True) for c in cells] + [N_PIECE], (), options=options)
        return R.dice_count(state, 0)

    assert (k(4), k(2), k(1)) == (5, 3, 2)
    assert (k(5, extra=True), k(4, extra=True)) == (5, 5)


def test_rp_t11_elimination() -> None:
    """RP-T11, §1.10: N is out at once, even with captured pieces; turns go S → W → S; with two players the
    same capture wins."""
    pieces = [(0, _c(5, 7), True), (1, _c(0, 3), False), (2, _c(5, 8), True)]
    state = position(ALL_RED, pieces, (RED,) * 2, seat_count=3, captured={2: 1})
    state = _step(state, _c(5, 7), _c(5, 8))
    assert state.seats[2].eliminated and state.phase is Phase.TURN
    state = RULES.apply(state, EndTurn())
    assert state.current == 1
    state = RULES.apply(_roll(state), Pass())
    assert state.current == 0
    two = position(ALL_RED, [(0, _c(5, 7), True), (1, _c(5, 8), True)], (RED,) * 2, captured={1: 1})
    two = _step(two, _c(5, 7), _c(5, 8))
    assert two.phase is Phase.OVER and two.winners == (0,)


def test_rp_t14_teams() -> None:
    """RP-T14, §1.12 team play [RES-RP8], [RES-RP12]: partners never capture each other; a crossing piece
    leaves and counts; the team wins when both partners have crossed."""
    options = RainbowPassageOptions(team_play=TeamPlay.OPPOSITE)
    pieces = [
        (0, _c(4, 8), True),
        (0, _c(6, 9), True),
        (1, _c(0, 5), False),
        (2, _c(4, 9), True),
        (2, _c(2, 1), True),
        (3, _c(10, 5), False),
    ]
    state = position(ALL_RED, pieces, (RED,) * 3, seat_count=4, options=options)
    assert state.teams == ((0, 2), (1, 3))
    assert _why(state, _c(4, 8), _c(4, 9)) == (
        "That square holds your partner's piece; partners never capture each other."
    )
    state = _step(state, _c(6, 9), _c(6, 10))
    crossed = state.piece(1)
    assert crossed.status is Status.CROSSED and crossed.pos is None
    assert state.seats[0].crossings == 1 and state.phase is Phase.TURN
    state = RULES.apply(state, EndTurn())
    assert state.current == 1  # W
    state = RULES.apply(_roll(state), Pass())
    state = _step(_roll(state), _c(2, 1), _c(2, 0))  # N crosses to its far row
    assert state.phase is Phase.OVER and state.winners == (0, 2)
    who = RULES.to_act(state)
    assert isinstance(who, Finished) and who.outcome.teams == (frozenset({0, 2}), frozenset({1, 3}))


def test_rp_t15_starting_roll_off() -> None:
    """RP-T15, §1.4 step 5: only tied players roll again; play goes clockwise from the winner."""
    state = new_game(RainbowPassageOptions(board=ALL_RED), 3)
    assert state.phase is Phase.ROLL_OFF and state.rolling == (0, 1, 2)
    two, one, none = (RED, RED, BLUE, BLUE, BLUE), (RED, BLUE, BLUE, BLUE, BLUE), (BLUE,) * 5
    state = RULES.apply(state, RollOffRolled((two, two, one)))
    assert state.rolling == (0, 1) and state.phase is Phase.ROLL_OFF
    state = RULES.apply(state, RollOffRolled((none, one)))
    assert state.phase is Phase.ROLL and state.current == 1
    order = []
    for _ in range(4):
        order.append(state.current)
        state = RULES.apply(_roll(state, BLUE), Pass())
    assert [state.seats[s].edge for s in order] == [Edge.W, Edge.N, Edge.S, Edge.W]


# --- rule sections and readings ----------------------------------------------------------------------


@pytest.mark.parametrize("edge", list(Edge))
def test_rp_1_2_six_directions_for_every_edge(edge: Edge) -> None:
    """§1.2 [RES-RP3]: forward, the two forward diagonals, back and the two back diagonals; never sideways;
    every step changes the row index by exactly one."""
    face = facing(edge, 11, 13)
    steps = face.steps()
    assert len(set(steps)) == 6
    assert face.side not in steps and (-face.side[0], -face.side[1]) not in steps
    centre = Cell(5, 6)
    for dx, dy in steps:
        assert abs(face.row(Cell(centre.x + dx, centre.y + dy)) - face.row(centre)) == 1


def test_rp_1_2_seating_res_rp4() -> None:
    """§1.2 seating [RES-RP4]: 2 players S and N, 3 players S, W, N, 4 players every edge."""
    assert [s.edge for s in new_game(RainbowPassageOptions(), 2).seats] == [Edge.S, Edge.N]
    assert [s.edge for s in new_game(RainbowPassageOptions(), 3).seats] == [Edge.S, Edge.W, Edge.N]
    assert [s.edge for s in new_game(RainbowPassageOptions(), 4).seats] == [Edge.S, Edge.W, Edge.N, Edge.E]


def test_rp_1_2_turn_order_clockwise_res_rp5() -> None:
    """§1.2 turn order [RES-RP5]: S → W → N → E → S, skipping eliminated seats."""
    pieces = [(s, c, False) for s, c in ((0, _c(2, 0)), (1, _c(0, 2)), (2, _c(2, 10)), (3, _c(10, 2)))]
    state = position(ALL_RED, pieces, (), seat_count=4, current=0)
    order = []
    for _ in range(5):
        order.append(state.seats[state.current].edge)
        state = RULES.apply(_roll(state, BLUE), Pass())
    assert order == [Edge.S, Edge.W, Edge.N, Edge.E, Edge.S]
    edges = (Edge.S, Edge.E, Edge.N, Edge.W)  # chosen edges: the order follows the edges, not the seats
    chosen = new_game(RainbowPassageOptions(board=ALL_RED, seat_edges=edges), 4)
    assert [R.next_seat(chosen, s) for s in range(4)] == [3, 0, 1, 2]


def test_rp_1_3_start_layout_res_rp6() -> None:
    """§1.3 [RES-RP6]: the centred layout m±1, m±3 (3rd, 5th, 7th, 9th on 11), the fifth on m."""
    state = new_game(RainbowPassageOptions(board=ALL_RED), 2)
    south = sorted(p.pos.x for p in state.pieces if p.owner == 0 and p.pos is not None)
    assert south == [2, 4, 6, 8]
    extra = new_game(RainbowPassageOptions(board=ALL_RED, extra_piece=True), 2)
    assert sorted(p.pos.x for p in extra.pieces if p.owner == 0 and p.pos is not None) == [2, 4, 5, 6, 8]
    assert all(p.token_crossed and p.home == p.pos for p in extra.pieces)
    nine = new_game(RainbowPassageOptions(board_size=BoardSize.S9X9), 4)
    nine = RULES.apply(nine, RULES.sample_chance(nine, Rng.from_seed(3)))
    assert sorted(p.pos.x + 1 for p in nine.pieces if p.owner == 0 and p.pos is not None) == [3, 4, 6, 7]


def test_rp_1_3_custom_starts_res_rp7() -> None:
    """§1.3 rules A1–A3 [RES-RP7] for custom start squares: the reason when refused."""
    seated = (Edge.S, Edge.W, Edge.N, Edge.E)
    assert start_square_problem(Edge.S, _c(3, 1), seated, 11, 11) is not None  # A1
    assert "rule A2" in (start_square_problem(Edge.S, _c(0, 0), seated, 11, 11) or "")
    assert "rule A3" in (start_square_problem(Edge.S, _c(1, 0), seated, 11, 11) or "")
    assert start_square_problem(Edge.S, _c(1, 0), (Edge.S, Edge.N), 11, 11) is None  # opposite only
    starts = ((_c(1, 0), _c(2, 0), _c(3, 0), _c(4, 0)), (_c(1, 10), _c(2, 10), _c(3, 10), _c(4, 10)))
    options = RainbowPassageOptions(board=ALL_RED, custom_starts=starts)
    assert option_problem(options, 2) is None
    state = new_game(options, 2)
    assert sorted(p.pos for p in state.pieces if p.owner == 0) == list(starts[0])  # type: ignore[type-var]
    bad = RainbowPassageOptions(board=ALL_RED, custom_starts=((_c(0, 0), *starts[0][1:]), starts[1]))
    assert "rule A2" in (option_problem(bad, 2) or "")


def test_rp_1_5_pass_always_allowed() -> None:
    """§1.5 (c), §1.8: passing is always legal before a step; after a step the turn is ended instead."""
    state = position(ALL_RED, [(0, _c(4, 3), True), N_PIECE], (BLUE,) * 5)
    assert RULES.legal_actions(state) == [Pass()]
    moving = position(ALL_RED, [(0, _c(4, 3), True), N_PIECE], (RED,) * 5)
    moved = _step(moving, _c(4, 3), _c(4, 4))
    assert RULES.why_illegal(moved, Pass()) is not None and RULES.why_illegal(moved, EndTurn()) is None
    assert RULES.why_illegal(moving, EndTurn()) is not None


def test_rp_1_6_star_row_start_res_rp9() -> None:
    """§1.6 condition 5c [RES-RP9]: a piece starting on the star row steps forward once, or wanders back."""
    state = position(ALL_RED, [(0, _c(4, 5), True), N_PIECE], (RED,) * 5)
    back = _step(state, _c(4, 5), _c(4, 4))
    back = _step(back, _c(4, 4), _c(4, 5))  # the one forward step
    assert _why(back, _c(4, 5), _c(4, 6)) is not None
    assert _why(back, _c(4, 5), _c(4, 4)) is None
    twice = _step(back, _c(4, 5), _c(4, 4))
    assert (
        _why(twice, _c(4, 4), _c(4, 5))
        == "A piece that began its turn on the star row may step forward only once."
    )
    across = _step(state, _c(4, 5), _c(4, 6))
    assert _why(across, _c(4, 6), _c(4, 7)) is not None


def test_rp_1_6_own_piece_blocks() -> None:
    """§1.6 condition 4: a piece never moves onto its own side's piece."""
    state = position(ALL_RED, [(0, _c(4, 3), True), (0, _c(4, 4), True), N_PIECE], (RED,) * 5)
    assert _why(state, _c(4, 3), _c(4, 4)) == "That square holds one of your own pieces."


def test_rp_1_7_return_with_two_res_rp14() -> None:
    """§1.7 M = 2: back to its own start square only if empty; the return takes the whole turn [RES-RP14]
    and the token is crossed again [RES-RP15]."""
    state = position(ALL_RED, [(0, _c(4, 3), True), N_PIECE], (RED, RED, BLUE), captured={0: 1})
    captured = next(p for p in state.pieces if p.status is Status.CAPTURED)
    assert R.return_squares(state, captured.id) == [captured.home]
    other = next(h for h in R.start_squares_of(state, 0) if h != captured.home)
    assert "own start square" in (RULES.why_illegal(state, ReturnPiece(captured.id, other)) or "")
    after = RULES.apply(state, ReturnPiece(captured.id, captured.home))
    back = after.piece(captured.id)
    assert back.pos == captured.home and back.token_crossed and back.status is Status.ON_BOARD
    assert after.phase is Phase.ROLL and after.current == 1
    stepped = _step(state, _c(4, 3), _c(4, 4))
    assert "whole turn" in (RULES.why_illegal(stepped, ReturnPiece(captured.id, captured.home)) or "")


def test_rp_1_7_return_with_three_swaps_tokens_res_rp10() -> None:
    """§1.7 M ≥ 3 [RES-RP10]: any empty start square of the same player; the two tokens swap; never an
    opponent's start square."""
    state = position(ALL_RED, [(0, _c(4, 3), True), N_PIECE], (RED,) * 3 + (BLUE,), captured={0: 1})
    captured = next(p for p in state.pieces if p.status is Status.CAPTURED)
    mover = state.piece_at(_c(4, 3))
    assert mover is not None
    target = mover.home
    assert target in R.return_squares(state, captured.id)
    after = RULES.apply(state, ReturnPiece(captured.id, target))
    assert after.piece(captured.id).home == target and after.piece(captured.id).token_crossed
    assert after.piece(mover.id).home == captured.home and not after.piece(mover.id).token_crossed
    n_square = state.pieces[-1].home
    assert RULES.why_illegal(state, ReturnPiece(captured.id, n_square)) is not None


def test_rp_1_7_return_needs_two_of_a_colour_and_returns_on() -> None:
    """§1.7: no return with M = 1, none with No Returns, and an occupied home refuses it."""
    mixed = position(ALL_RED, [(0, _c(4, 3), True), N_PIECE], (RED, GREEN, BLUE), captured={0: 1})
    piece = next(p for p in mixed.pieces if p.status is Status.CAPTURED)
    assert "two or more" in (RULES.why_illegal(mixed, ReturnPiece(piece.id, piece.home)) or "")
    options = RainbowPassageOptions(no_returns=True)
    off = position(ALL_RED, [(0, _c(4, 3), True), N_PIECE], (RED,) * 3, captured={0: 1}, options=options)
    assert not any(isinstance(a, ReturnPiece) for a in RULES.legal_actions(off))
    state = position(ALL_RED, [(0, _c(4, 3), True), N_PIECE], (RED, RED, BLUE), captured={0: 1})
    home = next(p for p in state.pieces if p.status is Status.CAPTURED).home
    sitting = replace(
        state,
        pieces=tuple(replace(p, pos=home) if p.owner == 0 and p.pos == _c(4, 3) else p for p in state.pieces),
    )
    assert RULES.why_illegal(sitting, ReturnPiece(piece.id, home)) == "That start square is taken."


def test_rp_1_9_wrong_number_of_dice_cannot_arise_res_rp11() -> None:
    """§1.9 [RES-RP11]: the table always rolls k dice; a roll of any other size is refused."""
    state = position(ALL_RED, [(0, _c(4, 3), True), N_PIECE], ())
    assert state.phase is Phase.ROLL
    assert RULES.why_illegal(state, DiceRolled((RED,) * 5)) == "The table rolls exactly 2 dice here."
    rolled = RULES.sample_chance(state, Rng.from_seed(1))
    assert isinstance(rolled, DiceRolled) and len(rolled.dice) == 2
    outcomes = RULES.chance_outcomes(state)
    assert outcomes is not None and sum(p for _a, p in outcomes) == 1 and len(outcomes) == 21


def test_rp_1_10_crossing_wins_at_once() -> None:
    """§1.10: under the standard rules the first crossing wins at once."""
    state = position(ALL_RED, [(0, _c(4, 9), True), N_PIECE], (RED, RED))
    after = _step(state, _c(4, 9), _c(4, 10))
    assert after.phase is Phase.OVER and after.winners == (0,)
    # The winning crossing is counted: the result's "Crossed" and the seats' figures read 0 for the winner.
    assert [seat.crossings for seat in after.seats] == [1, 0]
    assert R.scores(after) == (1, 0)
    outcome = R.outcome(after)
    assert outcome.scores == (1, 0)  # the result card's "crossed" column
    assert render(outcome.summary, ["Ada", "Bo"]) == "Ada wins by crossing the board."


def test_rp_1_12_harder_winning_one_removal_per_turn() -> None:
    """§1.12 harder winning and §1.6 condition 6: crossing removes the piece, at most one per turn, and the
    player wins on reaching the requirement; a handicap may differ per seat."""
    options = RainbowPassageOptions(seat_crossings=(2, 1))
    pieces = [(0, _c(4, 9), True), (0, _c(6, 9), True), (0, _c(2, 2), True), N_PIECE]
    state = position(ALL_RED, pieces, (RED,) * 4, options=options)
    state = _step(state, _c(4, 9), _c(4, 10))
    assert state.phase is Phase.TURN and state.seats[0].crossings == 1
    assert _why(state, _c(6, 9), _c(6, 10)) == "Only one piece may cross and leave the board each turn."
    assert R.dice_count(state, 0) == 3
    state = RULES.apply(state, EndTurn())
    state = RULES.apply(_roll(state, BLUE), Pass())
    state = _step(_roll(state), _c(6, 9), _c(6, 10))
    assert state.phase is Phase.OVER and state.winners == (0,)


def test_rp_1_12_harder_winning_last_piece_crossing_eliminates() -> None:
    """§1.12: a player left with no pieces on the board without winning is out."""
    options = RainbowPassageOptions(crossings_required=2)
    state = position(
        ALL_RED,
        [(0, _c(4, 9), True), (1, _c(4, 1), True), (2, _c(0, 4), False)],
        (RED,) * 2,
        seat_count=3,
        options=options,
    )
    state = _step(state, _c(4, 9), _c(4, 10))
    assert state.seats[0].eliminated and state.phase is Phase.ROLL and state.current == 1


def test_rp_1_12_extra_piece_and_turn_limit() -> None:
    """§1.12 extra piece (five pieces, the fifth in the middle) and §1.10 [APP] turn limit: a draw."""
    options = RainbowPassageOptions(board=ALL_RED, turn_limit=2)
    state = new_game(options, 2)
    state = RULES.apply(state, RollOffRolled(((RED,) * 5, (BLUE,) * 5)))
    for _ in range(2):
        state = RULES.apply(_roll(state, BLUE), Pass())
    assert state.phase is Phase.OVER and state.winners == ()
    who = RULES.to_act(state)
    assert isinstance(who, Finished) and who.outcome.winners == frozenset()


def test_rp_1_12_options_checked() -> None:
    """§1.12: team play needs 4 players; crossings stay within the pieces; two seats sit opposite."""
    assert (
        option_problem(RainbowPassageOptions(team_play=TeamPlay.ADJACENT), 3) == "Team play needs 4 players."
    )
    adjacent = new_game(RainbowPassageOptions(team_play=TeamPlay.ADJACENT), 4)
    assert adjacent.teams == ((0, 1), (2, 3))
    assert option_problem(RainbowPassageOptions(crossings_required=5), 2) is not None
    assert option_problem(RainbowPassageOptions(seat_edges=(Edge.S, Edge.W)), 2) is not None
    assert option_problem(RainbowPassageOptions(seat_edges=(Edge.W, Edge.E)), 2) is None


def test_rp_1_1_illegal_board_refused() -> None:
    """§1.1 legal assembled board: a board in the options or a chance step is checked, with the reason."""
    broken = replace(ALL_RED, placements=ALL_RED.placements[1:])
    assert board_problem(broken) is not None
    reason = option_problem(RainbowPassageOptions(board=broken), 2)
    assert reason is not None and reason.startswith("This board is not a legal board")
    with pytest.raises(ValueError, match="not a legal board"):
        Match(RULES, RainbowPassageOptions(board=broken), default_seats(2), 1)
    waiting = new_game(RainbowPassageOptions(), 2)
    assert isinstance(RULES.to_act(waiting), Chance)
    assert "legal board" in (RULES.why_illegal(waiting, BoardBuilt(broken)) or "")


def test_rp_save_with_illegal_step_refused() -> None:
    """Issue 12 "Bad input": a log with an illegal step is refused with the reason."""
    options = RainbowPassageOptions(board=ALL_RED)
    log = [(None, RollOffRolled(((RED,) * 5, (BLUE,) * 5)), 1), (None, DiceRolled((RED,) * 5), 2)]
    Match.restore(RULES, options, default_seats(2), 1, log)
    bad = [*log, (0, StepPiece(0, _c(2, 5)), 3)]
    with pytest.raises(IllegalAction) as raised:
        Match.restore(RULES, options, default_seats(2), 1, bad)
    assert "touching square" in raised.value.reason


def test_rp_1_11_everything_public_and_words() -> None:
    """§1.11: nothing is hidden; log lines name seats by reference, never as "P1"."""
    state = position(ALL_RED, [(0, _c(4, 3), True), (1, _c(4, 4), True)], (RED, RED))
    assert not RULES.hides_information and RULES.observe(state, 1) == state
    words = RULES.describe(state, StepPiece(0, _c(4, 4)))
    assert any(isinstance(w, R.SeatRef) for w in words)
    assert "capturing" in "".join(w for w in words if isinstance(w, str))
    assert isinstance(RULES.to_act(state), Players)
    assert "P1 S" in state_text(state)


def test_rp_1_10_the_result_names_how_the_game_was_won_and_who_is_out() -> None:
    """§1.10: a player with no pieces on the board is out; the last side standing wins. The result says it
    was won that way (not by a crossing), scores each seat's crossings (a loser may have crossed more
    than the winner under harder winning, §1.12) and writes "out" for the eliminated seat."""
    options = RainbowPassageOptions(seat_crossings=(2, 2))
    state = position(ALL_RED, [(0, _c(4, 5), True), (1, _c(4, 6), True)], (RED, RED), options=options)
    state = replace(state, seats=(state.seats[0], replace(state.seats[1], crossings=1)))
    after = _step(state, _c(4, 5), _c(4, 6))
    assert after.phase is Phase.OVER and after.winners == (0,)
    outcome = R.outcome(after)
    assert outcome.scores == (0, 1)
    assert render(outcome.summary, ["Ada", "Bo"]) == "Ada wins as the last side on the board."
    standing = dict(outcome.details)["On the board"]
    assert render(standing, ["Ada", "Bo"]) == "Ada 1, Bo out"
