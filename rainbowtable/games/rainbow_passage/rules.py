"""Rainbow Passage rules (rainbow_passage.md §1.4–§1.10, §1.12): the roll-off, turns, step and return
legality, capture, crossing, elimination and victory, and the log words.

Holds the pure functions behind the game contract and the helpers the table and the computer player call
(`facing_of`, `move_allowance`, `step_problem`, `return_problem`, `legal_steps`, `return_squares`), plus
`RainbowPassageRules`, the contract object. Does not hold setup (`start.py`), the computer opponent
(`ai.py`) or any drawing. Everything is public (§1.11), so nothing is hidden from any seat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

from rainbowtable.core.action_shape import action_shape_problem
from rainbowtable.core.game import (
    Chance,
    DieKind,
    DieRoll,
    Finished,
    IllegalAction,
    Outcome,
    Players,
    RulesBase,
    SeatRef,
    ToAct,
    Words,
    say,
)
from rainbowtable.core.i18n import N_, _
from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbow_passage import start
from rainbowtable.games.rainbow_passage.assembly import random_board
from rainbowtable.games.rainbow_passage.board import board_problem
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.components import Box
from rainbowtable.games.rainbow_passage.model import (
    ACTION_TYPES,
    CLOCKWISE,
    COLOURS,
    DICE_COUNT,
    BoardBuilt,
    DiceRolled,
    EndTurn,
    Facing,
    Moved,
    Pass,
    Phase,
    Piece,
    RainbowPassageAction,
    RainbowPassageOptions,
    RainbowPassageState,
    ReturnPiece,
    RollOffRolled,
    SeatState,
    Status,
    StepPiece,
    cell_name,
    evolve,
    facing,
)
from rainbowtable.geometry.square import Cell

# --- reading the state -----------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _facing(edge_value: str, width: int, height: int) -> Facing:
    from rainbowtable.games.rainbow_passage.components import Edge

    return facing(Edge(edge_value), width, height)


def facing_of(state: RainbowPassageState, seat: int) -> Facing:
    """How `seat` sees the board (§1.2): forward, depth, star row."""
    board = state.board
    assert board is not None
    return _facing(state.seats[seat].edge.value, board.width, board.height)


@dataclass(frozen=True, slots=True)
class Reach:
    """One edge's view of a board as tables (§1.2, [RES-RP3]), built once per edge and board size: every
    legal-move query and every position a computer scores asks them for each piece."""

    row: dict[Cell, int]
    """r(x, y) of every square."""
    steps: dict[Cell, tuple[tuple[Cell, int], ...]]
    """From each square, the squares one step reaches on the board (in `Facing.steps` order), with rows."""
    star_row: int
    far_row: int


@lru_cache(maxsize=256)
def _reach(edge_value: str, width: int, height: int) -> Reach:
    face = _facing(edge_value, width, height)
    row = {Cell(x, y): face.row(Cell(x, y)) for y in range(height) for x in range(width)}
    steps = {
        cell: tuple((to, row[to]) for dx, dy in face.steps() if (to := Cell(cell.x + dx, cell.y + dy)) in row)
        for cell in row
    }
    return Reach(row, steps, face.star_row, face.far_row)


def reach_of(state: RainbowPassageState, seat: int) -> Reach:
    """`seat`'s rows and step targets as tables (see `Reach`)."""
    board = state.board
    assert board is not None
    return _reach(state.seats[seat].edge.value, board.width, board.height)


def dice_count(state: RainbowPassageState, seat: int) -> int:
    """k = min(5, n + 1), n the seat's pieces on the board (§1.5 step 1; RP-T09)."""
    return min(DICE_COUNT, state.on_board(seat) + 1)


@lru_cache(maxsize=1024)
def move_allowance(dice: tuple[PassageColour, ...]) -> int:
    """M: the largest number of dice showing one colour (§1.5 step 1); 0 for no dice."""
    return max(Counter(dice).values(), default=0)


def removes_on_crossing(state: RainbowPassageState, seat: int) -> bool:
    """A crossing piece leaves the board (status CROSSED) in team play [RES-RP12] and under harder
    winning (§1.12); otherwise the first crossing simply wins."""
    return bool(state.teams) or state.required[seat] > 1


def _record(state: RainbowPassageState, piece_id: int) -> Moved | None:
    for pid, record in state.moved:
        if pid == piece_id:
            return record
    return None


def _is_partner(state: RainbowPassageState, seat: int, other: int) -> bool:
    return seat != other and other in state.team_of(seat)


def start_squares_of(state: RainbowPassageState, seat: int) -> tuple[Cell, ...]:
    """The seat's start squares: where its tokens lie (§1.1)."""
    return tuple(p.home for p in state.pieces if p.owner == seat)


# --- legality ----------------------------------------------------------------------------------------


def step_problem(state: RainbowPassageState, piece_id: int, to: Cell) -> str | None:
    """Why stepping this piece to `to` is illegal now (§1.6 conditions 1–6), in the player's words."""
    if state.phase is not Phase.TURN:
        return _("Pieces move only after the dice are rolled.")
    seat = state.current
    piece = next((p for p in state.pieces if p.id == piece_id), None)
    if piece is None or piece.owner != seat:
        return _("That is not one of your pieces.")
    if piece.status is not Status.ON_BOARD or piece.pos is None:
        return _("That piece is not on the board.")
    board = state.board
    assert board is not None
    if state.moves_made >= move_allowance(state.dice):
        return _("No moves left this turn: the dice allow {m}.").format(m=move_allowance(state.dice))
    if not board.contains(to):
        return _("That square is off the board.")
    face = facing_of(state, seat)
    a = piece.pos
    vector = (to.x - a.x, to.y - a.y)
    if vector not in face.steps():
        if vector in (face.side, (-face.side[0], -face.side[1])):
            return _("Pieces never step straight sideways.")
        return _("A piece steps to a touching square, forwards or backwards.")
    colour = board.colour(to)
    if colour not in state.dice_left:
        return _("No {colour} die left.").format(colour=_(colour.value))
    occupant = state.piece_at(to)
    if occupant is not None:
        if occupant.owner == seat:
            return _("That square holds one of your own pieces.")
        if _is_partner(state, seat, occupant.owner):
            return _("That square holds your partner's piece; partners never capture each other.")
        if occupant.token_crossed:
            return _("An unmoved piece cannot be captured.")
    record = _record(state, piece_id)
    r0, steps, forward = record if record is not None else (face.row(a), 0, 0)
    s = face.star_row
    ra, rb = face.row(a), face.row(to)
    if r0 > s and steps >= 1:
        return _("A piece that began its turn beyond the star row may step only once.")
    if steps >= 1 and (rb > s or ra > s):
        return _("A piece that moves more than once in a turn may not go beyond the star row.")
    if r0 == s and rb > ra and forward >= 1:
        return _("A piece that began its turn on the star row may step forward only once.")
    if rb == face.far_row and state.crossed_this_turn and removes_on_crossing(state, seat):
        return _("Only one piece may cross and leave the board each turn.")
    return None


def return_problem(state: RainbowPassageState, piece_id: int, to: Cell) -> str | None:
    """Why returning this captured piece to `to` is illegal now (§1.7), in the player's words."""
    if state.phase is not Phase.TURN:
        return _("Pieces return only after the dice are rolled.")
    if state.options.no_returns:
        return _("Captured pieces never return in this game (no returns).")
    if state.moves_made:
        return _("A return takes the whole turn: you have already moved.")
    seat = state.current
    piece = next((p for p in state.pieces if p.id == piece_id), None)
    if piece is None or piece.owner != seat:
        return _("That is not one of your pieces.")
    if piece.status is not Status.CAPTURED:
        return _("Only a captured piece can return.")
    m = move_allowance(state.dice)
    if m < 2:
        return _("A return needs two or more dice of one colour.")
    if m == 2:
        if to != piece.home:
            return _("With two of a colour, a piece returns only to its own start square.")
    elif to not in start_squares_of(state, seat):
        return _("A piece returns to one of your own start squares.")
    if state.piece_at(to) is not None:
        return _("That start square is taken.")
    return None


def legal_steps(state: RainbowPassageState) -> list[StepPiece]:
    """Every legal single step for the current player."""
    if state.phase is not Phase.TURN or state.moves_made >= move_allowance(state.dice):
        return []
    board = state.board
    assert board is not None
    seat = state.current
    reach = reach_of(state, seat)
    s = reach.star_row
    far = reach.far_row
    occupied = {p.pos: p for p in state.pieces if p.pos is not None}
    left = set(state.dice_left)
    removing = removes_on_crossing(state, seat)
    width = board.width
    colours = board.colours
    friends = set(state.team_of(seat))
    records = dict(state.moved)
    out: list[StepPiece] = []
    for piece in state.pieces:
        if piece.owner != seat or piece.pos is None:
            continue
        a = piece.pos
        ra = reach.row[a]
        record = records.get(piece.id)
        r0, steps, forward = record if record is not None else (ra, 0, 0)
        if r0 > s and steps >= 1:
            continue
        if steps >= 1 and ra > s:
            continue
        for to, rb in reach.steps[a]:
            if colours[to.y * width + to.x] not in left:
                continue
            occupant = occupied.get(to)
            if occupant is not None and (occupant.owner in friends or occupant.token_crossed):
                continue
            if steps >= 1 and rb > s:
                continue
            if r0 == s and rb > ra and forward >= 1:
                continue
            if rb == far and removing and state.crossed_this_turn:
                continue
            out.append(StepPiece(piece.id, to))
    return out


def return_squares(state: RainbowPassageState, piece_id: int) -> list[Cell]:
    """Where this captured piece may return now (empty when it may not)."""
    piece = state.piece(piece_id)
    candidates = (
        [piece.home] if move_allowance(state.dice) == 2 else list(start_squares_of(state, piece.owner))
    )
    return [c for c in candidates if return_problem(state, piece_id, c) is None]


def legal_actions(state: RainbowPassageState) -> list[RainbowPassageAction]:
    if state.phase is not Phase.TURN:
        return []
    actions: list[RainbowPassageAction] = list(legal_steps(state))
    if state.moves_made == 0:
        if not state.options.no_returns and move_allowance(state.dice) >= 2:
            for piece in state.pieces:
                if piece.owner == state.current and piece.status is Status.CAPTURED:
                    actions += [ReturnPiece(piece.id, c) for c in return_squares(state, piece.id)]
        actions.append(Pass())
    else:
        actions.append(EndTurn())
    return actions


def _dice_problem(dice: Sequence[PassageColour], count: int) -> str | None:
    if len(dice) != count:
        return _("The table rolls exactly {k} dice here.").format(k=count)
    if any(not isinstance(d, PassageColour) for d in dice):
        return _("Dice show one of the six colours.")
    return None


def why_illegal(state: RainbowPassageState, action: RainbowPassageAction) -> str | None:
    shape = action_shape_problem(action, ACTION_TYPES)  # any value, of any type (issue 37)
    if shape is not None:
        return shape
    if isinstance(action, StepPiece):
        return step_problem(state, action.piece, action.to)
    if isinstance(action, ReturnPiece):
        return return_problem(state, action.piece, action.to)
    if isinstance(action, EndTurn):
        if state.phase is not Phase.TURN:
            return _("There is no turn to end now.")
        if state.moves_made == 0:
            return _("You have not moved yet: pass instead.")
        return None
    if isinstance(action, Pass):
        if state.phase is not Phase.TURN:
            return _("There is nothing to pass now.")
        if state.moves_made:
            return _("You have already moved: end the turn instead.")
        return None
    if isinstance(action, DiceRolled):
        if state.phase is not Phase.ROLL:
            return _("The dice are rolled at the start of a turn.")
        return _dice_problem(action.dice, dice_count(state, state.current))
    if isinstance(action, RollOffRolled):
        if state.phase is not Phase.ROLL_OFF:
            return _("The first player has already been chosen.")
        if len(action.rolls) != len(state.rolling):
            return _("Every player still in the roll-off rolls once.")
        for roll in action.rolls:
            problem = _dice_problem(roll, DICE_COUNT)
            if problem is not None:
                return problem
        return None
    if isinstance(action, BoardBuilt):
        if state.phase is not Phase.BOARD:
            return _("The board is already built.")
        problem = board_problem(action.board)
        if problem is not None:
            return _("That is not a legal board: {problem}").format(problem=problem)
        options = replace(state.options, board=action.board)
        return start.option_problem(options, state.seat_count)
    return _("That is not a Rainbow Passage action.")


# --- turns -----------------------------------------------------------------------------------------------


def _sides(state: RainbowPassageState, counts: Sequence[int]) -> list[tuple[int, ...]]:
    """The sides still in the game: seats (or teams) with a piece on the board (§1.10, [RES-RP12])."""
    groups = list(state.teams) if state.teams else [(s,) for s in range(state.seat_count)]
    return [g for g in groups if any(counts[s] for s in g)]


def _on_board_counts(state: RainbowPassageState) -> list[int]:
    counts = [0] * state.seat_count
    for piece in state.pieces:
        if piece.pos is not None:
            counts[piece.owner] += 1
    return counts


def _finish(state: RainbowPassageState, winners: Sequence[int]) -> RainbowPassageState:
    return evolve(state, phase=Phase.OVER, winners=tuple(sorted(winners)), dice_left=(), moved=())


def _settle(state: RainbowPassageState) -> RainbowPassageState:
    """After every step and return: crossings won, elimination, last side standing (§1.10, §1.12)."""
    # Harder winning and team play: enough crossings win at once.
    if state.crossed_this_turn:
        for team in state.teams or tuple((s,) for s in range(state.seat_count)):
            met = all(state.seats[s].crossings >= state.required[s] for s in team)
            if met and all(removes_on_crossing(state, s) for s in team):
                return _finish(state, team)
    counts = _on_board_counts(state)
    if any(not seat.eliminated and counts[i] == 0 for i, seat in enumerate(state.seats)):
        seats = tuple(
            SeatState(seat.edge, True, seat.crossings) if not seat.eliminated and counts[i] == 0 else seat
            for i, seat in enumerate(state.seats)
        )
        state = evolve(state, seats=seats)
    sides = _sides(state, counts)
    if len(sides) == 1:
        return _finish(state, sides[0])
    if not sides:
        return _finish(state, ())
    return state


def _next_turn(state: RainbowPassageState) -> RainbowPassageState:
    """Hand the turn clockwise to the next seat still in the game (§1.2 [RES-RP5], §1.10)."""
    turn = state.turn + 1
    limit = state.options.turn_limit
    if limit and turn >= limit:
        state = replace(
            state, turn=turn, dice=(), dice_left=(), moves_made=0, moved=(), crossed_this_turn=False
        )
        return _finish(state, ())
    return evolve(
        state,
        turn=turn,
        dice=(),
        dice_left=(),
        moves_made=0,
        moved=(),
        crossed_this_turn=False,
        phase=Phase.ROLL,
        current=next_seat(state, state.current),
    )


def next_seat(state: RainbowPassageState, seat: int) -> int:
    """The next seat clockwise (S → W → N → E) that is not out."""
    by_edge = {s.edge: i for i, s in enumerate(state.seats)}
    at = CLOCKWISE.index(state.seats[seat].edge)
    for step in range(1, 5):
        other = by_edge.get(CLOCKWISE[(at + step) % 4])
        if other is not None and not state.seats[other].eliminated:
            return other
    return seat


def _with_piece(pieces: tuple[Piece, ...], new: Piece) -> tuple[Piece, ...]:
    return tuple(new if p.id == new.id else p for p in pieces)


def _apply_step(state: RainbowPassageState, action: StepPiece) -> RainbowPassageState:
    # The hot path of every search (each turn a computer weighs is built step by step here): pieces are
    # rebuilt in one pass with their constructor rather than `replace`, which inspects the fields each call.
    board = state.board
    assert board is not None
    seat = state.current
    face = facing_of(state, seat)
    to = action.to
    piece = state.piece(action.piece)
    assert piece.pos is not None
    left = list(state.dice_left)
    left.remove(board.colour(to))
    ra, rb = face.row(piece.pos), face.row(to)
    record = _record(state, piece.id) or Moved(ra, 0, 0)
    record = Moved(record.r0, record.steps + 1, record.forward + (1 if rb > ra else 0))
    moved = tuple((pid, record if pid == piece.id else r) for pid, r in state.moved)
    if all(pid != piece.id for pid, _r in state.moved):
        moved += ((piece.id, record),)
    seats = state.seats
    crossed = state.crossed_this_turn
    crossing = rb == face.far_row
    removing = removes_on_crossing(state, seat)
    if crossing:
        # Counted also where the first crossing wins at once (§1.10): the result's "Crossed" and the seats'
        # figures read 0 for the winner.
        seat_state = seats[seat]
        seats = (*seats[:seat], replace(seat_state, crossings=seat_state.crossings + 1), *seats[seat + 1 :])
    if crossing and removing:
        moved_piece = Piece(piece.id, piece.owner, None, Status.CROSSED, piece.home, False)
        crossed = True
    else:
        moved_piece = Piece(piece.id, piece.owner, to, piece.status, piece.home, False)
    pieces = tuple(
        moved_piece
        if p.id == piece.id
        else (Piece(p.id, p.owner, None, Status.CAPTURED, p.home, p.token_crossed) if p.pos == to else p)
        for p in state.pieces
    )
    state = evolve(
        state,
        pieces=pieces,
        seats=seats,
        dice_left=tuple(left),
        moves_made=state.moves_made + 1,
        moved=moved,
        crossed_this_turn=crossed,
    )
    if crossing and not removing:
        return _finish(state, state.team_of(seat))  # §1.10: the first crossing wins at once
    state = _settle(state)
    if state.phase is Phase.TURN and state.seats[seat].eliminated:
        return _next_turn(state)
    return state


def _apply_return(state: RainbowPassageState, action: ReturnPiece) -> RainbowPassageState:
    piece = state.piece(action.piece)
    pieces = state.pieces
    if action.to != piece.home:
        # [RES-RP10]: swap the tokens; the other token keeps its side.
        other = next(p for p in pieces if p.owner == piece.owner and p.home == action.to)
        pieces = _with_piece(pieces, replace(other, home=piece.home))
    pieces = _with_piece(
        pieces, replace(piece, pos=action.to, home=action.to, status=Status.ON_BOARD, token_crossed=True)
    )
    return _next_turn(evolve(state, pieces=pieces))


def _apply_roll_off(state: RainbowPassageState, action: RollOffRolled) -> RainbowPassageState:
    reds = [roll.count(PassageColour.RED) for roll in action.rolls]
    best = max(reds)
    tied = tuple(seat for seat, n in zip(state.rolling, reds, strict=True) if n == best)
    if len(tied) > 1:
        return evolve(state, rolling=tied)
    return evolve(state, phase=Phase.ROLL, rolling=(), current=tied[0])


def apply(state: RainbowPassageState, action: RainbowPassageAction) -> RainbowPassageState:
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    return apply_legal(state, action)


def apply_legal(state: RainbowPassageState, action: RainbowPassageAction) -> RainbowPassageState:
    """`apply` for an action the rules gave for `state` (core/game.py): the check found each step's path
    again, about a third of a random playout's time."""
    if isinstance(action, StepPiece):
        return _apply_step(state, action)
    if isinstance(action, EndTurn | Pass):
        return _next_turn(state)
    if isinstance(action, ReturnPiece):
        return _apply_return(state, action)
    if isinstance(action, DiceRolled):
        dice = tuple(sorted(action.dice, key=COLOURS.index))
        moved = tuple(
            (p.id, Moved(facing_of(state, state.current).row(p.pos), 0, 0))
            for p in state.pieces
            if p.owner == state.current and p.pos is not None
        )
        return evolve(
            state,
            phase=Phase.TURN,
            dice=dice,
            dice_left=dice,
            moves_made=0,
            moved=moved,
            crossed_this_turn=False,
        )
    if isinstance(action, RollOffRolled):
        return _apply_roll_off(state, action)
    assert isinstance(action, BoardBuilt)
    board = action.board
    return evolve(
        state,
        phase=Phase.ROLL_OFF,
        board=board,
        pieces=start.placed_pieces(state.options, board, state.seat_count),
    )


# --- chance ------------------------------------------------------------------------------------------


def _roll(rng: Rng, count: int) -> tuple[PassageColour, ...]:
    return tuple(sorted((COLOURS[rng.below(6)] for _ in range(count)), key=COLOURS.index))


def sample_chance(state: RainbowPassageState, rng: Rng) -> RainbowPassageAction:
    if state.phase is Phase.BOARD:
        box = Box.generate(rng.next_u64())
        return BoardBuilt(random_board(box, state.options.board_size.size, rng))
    if state.phase is Phase.ROLL_OFF:
        return RollOffRolled(tuple(_roll(rng, DICE_COUNT) for _ in state.rolling))
    if state.phase is Phase.ROLL:
        return DiceRolled(_roll(rng, dice_count(state, state.current)))
    raise IllegalAction(_("Nothing is left to chance now."))


@lru_cache(maxsize=8)
def _roll_outcomes(count: int) -> tuple[tuple[tuple[PassageColour, ...], Fraction], ...]:
    out = []
    total = 6**count
    for combo in combinations_with_replacement(COLOURS, count):
        ways = factorial(count)
        for n in Counter(combo).values():
            ways //= factorial(n)
        out.append((combo, Fraction(ways, total)))
    return tuple(out)


def chance_outcomes(state: RainbowPassageState) -> list[tuple[RainbowPassageAction, Fraction]] | None:
    """Every roll with its probability (at most 252 for five dice); None for the board and the roll-off."""
    if state.phase is not Phase.ROLL:
        return None
    return [(DiceRolled(dice), p) for dice, p in _roll_outcomes(dice_count(state, state.current))]


# --- words -----------------------------------------------------------------------------------------------


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + _(" and ") + items[-1]


def dice_words(dice: Sequence[PassageColour]) -> str:
    counts = Counter(dice)
    return ", ".join(
        f"{n}× {_(c.value)}" if n > 1 else _(c.value)
        for c, n in sorted(counts.items(), key=lambda i: COLOURS.index(i[0]))
    )


def describe(state: RainbowPassageState, action: RainbowPassageAction) -> Words:
    seat = state.current
    if isinstance(action, StepPiece):
        piece = state.piece(action.piece)
        board = state.board
        assert board is not None and piece.pos is not None
        words: list[str | SeatRef] = [
            SeatRef(seat),
            _(" steps {a} → {b} ({colour})").format(
                a=cell_name(piece.pos), b=cell_name(action.to), colour=_(board.colour(action.to).value)
            ),
        ]
        victim = state.piece_at(action.to)
        if victim is not None:
            words += [_(", capturing a piece of "), SeatRef(victim.owner)]
        if facing_of(state, seat).row(action.to) == facing_of(state, seat).far_row:
            words.append(_(" and crosses the board"))
        words.append(".")
        return tuple(words)
    if isinstance(action, ReturnPiece):
        return say(seat, _(" returns a captured piece to {cell}.").format(cell=cell_name(action.to)))
    if isinstance(action, EndTurn):
        return say(seat, _(" ends the turn."))
    if isinstance(action, Pass):
        return say(seat, _(" passes."))
    if isinstance(action, DiceRolled):
        m = move_allowance(action.dice)
        return say(
            seat,
            _(" rolls {dice}: up to {m} {moves}.").format(
                dice=dice_words(action.dice), m=m, moves=_("move") if m == 1 else _("moves")
            ),
        )
    if isinstance(action, RollOffRolled):
        words = [_("Roll for first player (most reds): ")]
        reds = [roll.count(PassageColour.RED) for roll in action.rolls]
        for i, (s, n) in enumerate(zip(state.rolling, reds, strict=True)):
            words += [", " if i else "", SeatRef(s), f" {n}"]
        best = max(reds)
        tied = [s for s, n in zip(state.rolling, reds, strict=True) if n == best]
        if len(tied) > 1:
            words.append(_(". Tied players roll again."))
        else:
            words += [". ", SeatRef(tied[0]), _(" begins.")]
        return tuple(words)
    assert isinstance(action, BoardBuilt)
    return say(
        _("A random {w} × {h} board is assembled.").format(w=action.board.width, h=action.board.height)
    )


def outcome(state: RainbowPassageState) -> Outcome:
    """Each seat's crossings as its score (the result card's "crossed" column: a winner by the last side
    standing may have fewer than a loser), the winners, how they won, and who was left on the board."""
    winners = frozenset(state.winners)
    teams = tuple(frozenset(t) for t in state.teams)
    scores = tuple(seat.crossings for seat in state.seats)
    standing: list[str | SeatRef] = []
    for s, seat in enumerate(state.seats):
        left = _("out") if seat.eliminated else str(state.on_board(s))
        standing += [", " if s else "", SeatRef(s), f" {left}"]
    details = ((_("On the board"), tuple(standing)),)
    if not winners:
        return Outcome(
            scores, winners, say(_("The game is a draw: the turn limit was reached.")), details, teams
        )
    ordered = sorted(winners)
    summary: list[str | SeatRef] = []
    for i, s in enumerate(ordered):
        summary += [_(" and ") if i else "", SeatRef(s)]
    crossed = all(state.seats[s].crossings >= max(1, state.required[s]) for s in ordered)
    if crossed:
        summary.append(
            _(" win by crossing the board.") if len(ordered) > 1 else _(" wins by crossing the board.")
        )
    else:
        summary.append(
            _(" win as the last side on the board.")
            if len(ordered) > 1
            else _(" wins as the last side on the board.")
        )
    return Outcome(scores, winners, tuple(summary), details, teams)


def to_act(state: RainbowPassageState) -> ToAct:
    if state.phase is Phase.TURN:
        return Players((state.current,), _("Move, return a piece or pass"))
    if state.phase is Phase.ROLL:
        return Chance(_("the colour dice"), _("Rolling"))
    if state.phase is Phase.ROLL_OFF:
        return Chance(_("the roll for first player"), _("Rolling for first player"))
    if state.phase is Phase.BOARD:
        return Chance(_("the board"), _("Assembling the board"))
    return Finished(outcome(state))


def scores(state: RainbowPassageState) -> tuple[int, ...]:
    """Shown during play: each seat's crossings."""
    return tuple(seat.crossings for seat in state.seats)


def seat_summary(state: RainbowPassageState, seat: int) -> str:
    s: SeatState = state.seats[seat]
    if s.eliminated:
        return _("Out of the game")
    captured = sum(1 for p in state.pieces if p.owner == seat and p.status is Status.CAPTURED)
    text = _("{edge} edge: {n} on the board").format(edge=_(s.edge.noun).capitalize(), n=state.on_board(seat))
    if captured:
        text += _(", {c} captured").format(c=captured)
    if state.required[seat] > 1 or state.teams:
        text += _(", crossed {c} of {r}").format(c=s.crossings, r=state.required[seat])
    return text


# --- the dice thrown (issue 43's fairness page) ----------------------------------------------------------

COLOUR_DIE = DieKind(
    N_("colour die"), (N_("red"), N_("green"), N_("blue"), N_("yellow"), N_("cyan"), N_("magenta"))
)
"""The five colour dice are alike: six faces, one per colour, in the spec's order (rainbow_passage.md
§1.1)."""


def dice_rolled(state: RainbowPassageState, action: RainbowPassageAction) -> tuple[DieRoll, ...]:
    """The faces of a turn's roll (§1.5) or of the roll-off for the first player (§1.4 step 5)."""
    if isinstance(action, DiceRolled):
        return tuple(DieRoll(COLOUR_DIE.name, c.value) for c in action.dice)
    if isinstance(action, RollOffRolled):
        return tuple(DieRoll(COLOUR_DIE.name, c.value) for roll in action.rolls for c in roll)
    return ()


class RainbowPassageRules(RulesBase[RainbowPassageState, RainbowPassageAction, RainbowPassageOptions]):
    """The game contract for Rainbow Passage (core/game.py): the functions above are its methods, as they
    are (static, so a call costs no forwarding frame on the search's hot path)."""

    id = "rainbow_passage"
    title = "Rainbow Passage"
    seat_counts = range(2, 5)
    rules_version = 1
    options_type = RainbowPassageOptions
    state_type = RainbowPassageState
    action_types = ACTION_TYPES

    def default_options(self) -> RainbowPassageOptions:
        return RainbowPassageOptions()

    option_problem = staticmethod(start.option_problem)
    new_game = staticmethod(start.new_game)
    to_act = staticmethod(to_act)
    legal_actions = staticmethod(legal_actions)
    why_illegal = staticmethod(why_illegal)
    apply = staticmethod(apply)
    apply_legal = staticmethod(apply_legal)
    sample_chance = staticmethod(sample_chance)
    chance_outcomes = staticmethod(chance_outcomes)
    describe = staticmethod(describe)
    seat_summary = staticmethod(seat_summary)
    scores = staticmethod(scores)
    dice_kinds: tuple[DieKind, ...] = (COLOUR_DIE,)
    dice_rolled = staticmethod(dice_rolled)


RULES = RainbowPassageRules()
