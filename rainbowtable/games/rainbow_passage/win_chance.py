"""A fitted chance of winning a two-sided Rainbow Passage position: Hard's cut-off evaluation (issue 10).

Medium's score (`ai.position_score`) is written for the moment a turn ends and weighs its terms by hand.
The search cuts its playouts off anywhere, often mid-turn, and wants a value in [0, 1]. This is a logistic
model of the position as the side `seat` sees it against the other side, each feature the difference
between the two sides, fitted by maximum likelihood to who won 1,920 seeded games between Medium players
(240,261 positions: every roll and every action; `win_fit.py`). On 480 more games, held out, it names
the winner of 60.1% of positions with a log loss of 0.638, where the best logistic of Medium's score
names 58.8% with 0.662: the dice decide most games, so no position is far from even.

What it adds to Medium's score is mostly timing: whose roll comes first (`_first`), a crossing chance or
an exposed piece counting more when its owner's enemy rolls before its owner, the piece that has already
reached the far row's neighbour with a legal step onto it left this turn (`cross_now`), and the leading
piece's distance from its far row. Only two sides are modelled (two seats, no teams), the games it was
fitted on; other tables keep Medium's score.
"""

from __future__ import annotations

import math
from collections.abc import Container
from dataclasses import dataclass

from rainbowtable.games.rainbow_passage import rules as R
from rainbowtable.games.rainbow_passage.board import Board
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.model import Phase, Piece, RainbowPassageState
from rainbowtable.geometry.square import Cell

PIECE_WORTH = 100.0
"""The unit of the progress and exposure features: a piece's worth in Medium's score when the weights were
fitted (`ai.PIECE_VALUE`). It and `_progress` stay as they were then, whatever Medium's score weighs
later: the weights belong to these features."""

FEATURES = (
    "on_board",
    "progress",
    "lead_row",
    "second_row",
    "unmoved",
    "crossing_first",
    "crossing_later",
    "exposure_first",
    "exposure_later",
    "tempo_roll",
    "tempo_turn",
    "cross_now",
    "moves_left",
    "lead_advance_first",
    "lead_advance_later",
    "second_advance",
    "beyond_star",
    "lead_row_first",
    "lead_closeness",
    "exposure_beyond_star",
)
"""The features, each `seat`'s side less the other's unless said (see `features`)."""

WEIGHTS = (
    0.41006,
    0.19721,
    -0.19491,
    -0.15778,
    -0.09184,
    1.66411,
    0.62056,
    -0.78189,
    -0.89341,
    -0.02361,
    0.02216,
    11.73213,
    0.13547,
    -0.21930,
    -0.34326,
    0.09154,
    0.05421,
    0.14635,
    2.43711,
    -0.50092,
)
"""Fitted by `win_fit.py` (ridge 0.001) to the games of seeds 20000-22399 whose seed is not a multiple of 5
(`python -m rainbowtable.games.rainbow_passage.win_fit` prints these). A piece on the board is worth 0.41
in the logit. The first fit also counted the captured pieces, which in the two-seat game are the rest of
each side's four: their -0.205, the mirror of the board's +0.205, is folded into `on_board`, and the fit
without them gives the same weights."""


@dataclass(frozen=True, slots=True)
class Side:
    """One side's part of the features (its pieces, rows counted from its own home row)."""

    on_board: int
    progress: float
    """Σ over its pieces of Medium's progress curve, in piece worths."""
    lead_row: float
    second_row: float
    """The rows of its two leading pieces, as shares of the far row."""
    unmoved: int
    crossing: float
    """The chance that its next roll shows the colour of an empty far-row square one of its pieces can step
    onto (the emergency term's chance in Medium's score, seen by the crossing side)."""
    exposure: float
    exposure_beyond_star: float
    """The worth (in piece worths) of its capturable pieces one enemy step away, times the chance that the
    enemy's next roll shows a given colour; and the part of it beyond the star row, where a piece takes
    one step a turn and cannot run far."""
    lead_advance: float
    second_advance: float
    """The chance that its next roll lets its leading (second) piece step forward."""
    beyond_star: int
    lead_closeness: float
    """1 / (rows between its leading piece and its far row)."""


def side(state: RainbowPassageState, seat: int, enemy: int, occupied: dict[Cell, Piece]) -> Side:
    """`seat`'s part of the features, with `enemy` the side it races."""
    board = state.board
    assert board is not None
    reach = R.reach_of(state, seat)
    far, star = reach.far_row, reach.star_row
    k = R.dice_count(state, seat)
    on_board = unmoved = beyond = 0
    progress = 0.0
    rows: list[int] = []
    advances: list[tuple[int, float]] = []
    crossing_colours: set[PassageColour] = set()
    for piece in state.pieces:
        if piece.owner != seat or piece.pos is None:
            continue
        r = reach.row[piece.pos]
        on_board += 1
        rows.append(r)
        progress += _progress(r)
        unmoved += piece.token_crossed
        beyond += r > star
        forward: set[PassageColour] = set()
        for to, row in reach.steps[piece.pos]:
            if row <= r:
                continue
            target = occupied.get(to)
            if target is None or (target.owner != seat and not target.token_crossed):
                forward.add(board.colours[to.y * board.width + to.x])
        if r == far - 1:
            crossing_colours |= crossing_colours_from(board, reach, piece.pos, occupied)
        advances.append((r, chance_of_any(len(forward), k)))
    rows.sort(reverse=True)
    advances.sort(reverse=True)
    exposure, exposure_beyond = _exposure(state, seat, reach, enemy, occupied)
    return Side(
        on_board=on_board,
        progress=progress,
        lead_row=rows[0] / far if rows else 0.0,
        second_row=rows[1] / far if len(rows) > 1 else 0.0,
        unmoved=unmoved,
        crossing=chance_of_any(len(crossing_colours), k),
        exposure=exposure,
        exposure_beyond_star=exposure_beyond,
        lead_advance=advances[0][1] if advances else 0.0,
        second_advance=advances[1][1] if len(advances) > 1 else 0.0,
        beyond_star=beyond,
        lead_closeness=1.0 / max(far - rows[0] if rows else far, 1),
    )


def _progress(r: int) -> float:
    """Medium's progress curve (3r + r²/2, §1.15's example) in piece worths."""
    return (3.0 * r + r * r / 2.0) / PIECE_WORTH


def chance_of_any(colours: int, dice: int) -> float:
    """The chance that `dice` dice show at least one of `colours` given colours."""
    return 1.0 - ((6.0 - colours) / 6.0) ** dice if colours else 0.0


def crossing_colours_from(
    board: Board, reach: R.Reach, pos: Cell, occupied: Container[Cell]
) -> set[PassageColour]:
    """The colours of the empty far-row squares one step from `pos` (a square on the row before the far
    row): a roll showing one of them lets the piece there cross. Medium's emergency term asks it of an
    enemy piece, this model of every side's pieces."""
    return {
        board.colours[to.y * board.width + to.x]
        for to, row in reach.steps[pos]
        if row == reach.far_row and to not in occupied
    }


def _exposure(
    state: RainbowPassageState, seat: int, reach: R.Reach, enemy: int, occupied: dict[Cell, Piece]
) -> tuple[float, float]:
    """`Side.exposure` and `Side.exposure_beyond_star` (`reach` is `seat`'s)."""
    enemy_reach = R.reach_of(state, enemy)
    hit: set[Cell] = set()
    for piece in state.pieces:
        if piece.owner != enemy or piece.pos is None:
            continue
        for to, _row in enemy_reach.steps[piece.pos]:
            target = occupied.get(to)
            if target is not None and target.owner == seat and not target.token_crossed:
                hit.add(to)
    if not hit:
        return 0.0, 0.0
    chance = 1.0 - (5.0 / 6.0) ** R.dice_count(state, enemy)
    worth = {cell: 1.0 + _progress(reach.row[cell]) for cell in hit}
    beyond = sum(w for cell, w in worth.items() if reach.row[cell] > reach.star_row)
    return sum(worth.values()) * chance, beyond * chance


def two_sided(state: RainbowPassageState) -> bool:
    """Whether the model speaks for `state`: two seats, no teams, the game under way."""
    return state.seat_count == 2 and not state.teams and state.phase in (Phase.ROLL, Phase.TURN)


def features(state: RainbowPassageState, seat: int) -> tuple[float, ...]:
    """The FEATURES of a two-sided position for `seat` (see `two_sided`). Swapping the seats negates every
    one, so the two chances add up to one."""
    enemy = 1 - seat
    occupied = {p.pos: p for p in state.pieces if p.pos is not None}
    mine, theirs = side(state, seat, enemy, occupied), side(state, enemy, seat, occupied)
    current = state.current
    sign = 1.0 if current == seat else -1.0
    # Whose roll comes first: the seat about to roll, or the one waiting while the other moves.
    first = (state.phase is Phase.ROLL) == (current == seat)
    a, b = (1.0, 0.0) if first else (0.0, 1.0)
    cross_now = moves_left = 0.0
    if state.phase is Phase.TURN:
        moves_left = sign * (R.move_allowance(state.dice) - state.moves_made)
        reach = R.reach_of(state, current)
        if any(reach.row[step.to] == reach.far_row for step in R.legal_steps(state)):
            cross_now = sign
    return (
        mine.on_board - theirs.on_board,
        mine.progress - theirs.progress,
        mine.lead_row - theirs.lead_row,
        mine.second_row - theirs.second_row,
        mine.unmoved - theirs.unmoved,
        mine.crossing * a - theirs.crossing * b,
        mine.crossing * b - theirs.crossing * a,
        mine.exposure * b - theirs.exposure * a,
        mine.exposure * a - theirs.exposure * b,
        sign if state.phase is Phase.ROLL else 0.0,
        sign if state.phase is Phase.TURN else 0.0,
        cross_now,
        moves_left,
        mine.lead_advance * a - theirs.lead_advance * b,
        mine.lead_advance * b - theirs.lead_advance * a,
        mine.second_advance - theirs.second_advance,
        mine.beyond_star - theirs.beyond_star,
        mine.lead_row * a - theirs.lead_row * b,
        mine.lead_closeness - theirs.lead_closeness,
        mine.exposure_beyond_star - theirs.exposure_beyond_star,
    )


def win_chance(state: RainbowPassageState, seat: int, weights: tuple[float, ...] = WEIGHTS) -> float:
    """The fitted chance that `seat` wins the two-sided position `state` (see `two_sided`)."""
    z = sum(w * x for w, x in zip(weights, features(state, seat), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))
