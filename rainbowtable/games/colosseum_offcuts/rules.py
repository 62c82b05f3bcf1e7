"""Colosseum Offcuts rules (colosseum_offcuts.md §3.2–§3.8): placement, the three actions, the one-group
rule, stacking and carrying, captures, elimination, the end and the log words.

Holds the pure functions behind the game contract, the geometry they share (`Table`: the occupied cells
and which empty cells are exterior, on the board or on a lifted board [RES-CO2]), the helpers the table and
the computer player call (`setup_cells`, `mobile_destinations`, `attack_destinations`, `locate`), and
`ColosseumRules`. Does not hold setup order or the start draw (see `start.py`), the computer opponent
(`ai.py`) or any drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, TypeVar

from rainbowtable.core.action_shape import action_shape_problem
from rainbowtable.core.game import (
    Chance,
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
from rainbowtable.games.colosseum_offcuts import start
from rainbowtable.games.colosseum_offcuts.model import (
    ACTION_TYPES,
    ORIGIN,
    Cell,
    ColosseumAction,
    ColosseumOptions,
    ColosseumState,
    Counter,
    EndTurn,
    FlipCounter,
    Kind,
    Mode,
    MoveAttack,
    MoveMobile,
    Phase,
    PlaceCounter,
    Stack,
    StartPlayerDrawn,
    counter_id,
    fresh_counter,
)

N4: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
N8: tuple[tuple[int, int], ...] = (*N4, (1, 1), (1, -1), (-1, 1), (-1, -1))

Board = dict[Cell, tuple[Counter, ...]]


def board_of(state: ColosseumState) -> Board:
    """The stacks by cell (bottom to top)."""
    return {stack.cell: stack.counters for stack in state.stacks}


def stacks_from(board: Mapping[Cell, tuple[Counter, ...]]) -> tuple[Stack, ...]:
    return tuple(Stack(cell, board[cell]) for cell in sorted(board))


def _restacked(stacks: tuple[Stack, ...], board: Board, cells: tuple[Cell, ...]) -> tuple[Stack, ...]:
    """`stacks_from(board)` where `board` differs from `stacks` only at `cells`: the other stacks are
    kept as they are instead of built again."""
    kept = [stack for stack in stacks if stack.cell not in cells]
    kept.extend(Stack(cell, board[cell]) for cell in cells if cell in board)
    kept.sort()  # by cell: no two stacks share one
    return tuple(kept)


def neighbours4(cell: Cell) -> tuple[Cell, ...]:
    x, y = cell
    return (Cell(x + 1, y), Cell(x - 1, y), Cell(x, y + 1), Cell(x, y - 1))


def neighbours8(cell: Cell) -> tuple[Cell, ...]:
    x, y = cell
    return tuple(Cell(x + dx, y + dy) for dx, dy in N8)


def locate(state: ColosseumState, ident: int) -> tuple[Cell, int, tuple[Counter, ...]] | None:
    """(cell, height from the bottom, its stack) of the counter with this id, or None when it is not on the
    table (in a supply during setup, or captured)."""
    for cell, counters in state.stacks:
        for height, counter in enumerate(counters):
            if counter.id == ident:
                return cell, height, counters
    return None


# --- geometry: the group, exposed edges and the exterior (§3.1 [RES-CO1], §3.4) ----------------------


def is_connected(cells: Iterable[Cell]) -> bool:
    """One N4-connected group (true for no cells or one)."""
    pending = set(cells)
    if not pending:
        return True
    frontier = [pending.pop()]
    while frontier:
        x, y = frontier.pop()
        for dx, dy in N4:
            nxt = Cell(x + dx, y + dy)
            if nxt in pending:
                pending.remove(nxt)
                frontier.append(nxt)
    return not pending


def _flood(seed: int, within: int, stride: int) -> int:
    """The cells of `within` reachable from `seed` through `within` in N4 steps, on a grid held as the bits
    of an int, `stride` bits a line (`Table`: a column). A step off a line's end lands on the next line's
    other end: callers keep those border cells outside `within` or already reached."""
    grown = seed & within
    while True:
        spread = (grown | grown << 1 | grown >> 1 | grown << stride | grown >> stride) & within
        if spread == grown:
            return grown
        grown = spread


@lru_cache(maxsize=256)
def _border(stride: int, lines: int) -> int:
    """The bits of a grid's outermost ring of cells (`lines` lines of `stride` cells)."""
    line = (1 << stride) - 1
    ring = line | line << (stride * (lines - 1))
    for n in range(1, lines - 1):
        ring |= (1 | 1 << (stride - 1)) << (n * stride)
    return ring


class Table:
    """The positions of a (possibly lifted) board and its exterior: the empty cells reachable from outside
    the bounding box, enlarged by one cell on every side, through empty cells (§3.1 [RES-CO1]). Every
    empty cell outside the box is exterior; holes are the other empty cells. The enlarged box is a grid
    whose cells are the bits of two ints (`_occupied`, `_exterior`), so the exterior is a few whole-grid
    shifts, not a walk cell by cell. The grid is held column by column (bit column * `_stride` + row), so
    its bits run in the cells' sorted order (by x, then y) and come out sorted."""

    __slots__ = ("_columns", "_exterior", "_min_x", "_min_y", "_occupied", "_stride", "cells")

    def __init__(self, cells: Iterable[Cell]) -> None:
        self.cells = frozenset(cells)
        if not self.cells:
            self._min_x = self._min_y = 0
            self._stride = self._columns = 0
            self._occupied = self._exterior = 0
            return
        xs = [c[0] for c in self.cells]
        ys = [c[1] for c in self.cells]
        min_x, min_y = min(xs) - 1, min(ys) - 1
        columns, stride = max(xs) - min_x + 2, max(ys) - min_y + 2
        occupied = 0
        for x, y in self.cells:
            occupied |= 1 << ((x - min_x) * stride + (y - min_y))
        empty = ((1 << (columns * stride)) - 1) ^ occupied
        self._min_x, self._min_y, self._stride, self._columns = min_x, min_y, stride, columns
        self._occupied = occupied
        # The ring around the box is empty; the exterior is what it reaches.
        self._exterior = _flood(_border(stride, columns), empty, stride)

    def _empty(self) -> int:
        return ((1 << (self._columns * self._stride)) - 1) ^ self._occupied

    def is_exterior(self, cell: Cell) -> bool:
        """An empty cell outside the group, reachable from far away through empty cells."""
        col, row = cell[0] - self._min_x, cell[1] - self._min_y
        if not (0 <= col < self._columns and 0 <= row < self._stride):
            return cell not in self.cells
        return bool(self._exterior >> (col * self._stride + row) & 1)

    def is_hole(self, cell: Cell) -> bool:
        return cell not in self.cells and not self.is_exterior(cell)

    def exposed_edges(self, cell: Cell) -> int:
        """How many N4 neighbours of the position at `cell` are empty (0–4)."""
        return sum(1 for n in neighbours4(cell) if n not in self.cells)

    def is_fully_enclosed(self, cell: Cell) -> bool:
        """None of the empty neighbours is exterior (including having none)."""
        return not any(self.is_exterior(n) for n in neighbours4(cell) if n not in self.cells)

    def is_target(self, cell: Cell) -> bool:
        """§3.5 step 3: a position a mobile counter may be moved to touch [RES-CO7]."""
        return cell in self.cells and self.exposed_edges(cell) >= 2 and not self.is_fully_enclosed(cell)

    def mobile_destinations(self, origin: Cell | None) -> set[Cell]:
        """§3.5 step 4: exterior empty cells next to a target, other than the origin."""
        out: set[Cell] = set()
        cells = self.cells
        for x, y in cells:
            empty = [
                n for n in (Cell(x + 1, y), Cell(x - 1, y), Cell(x, y + 1), Cell(x, y - 1)) if n not in cells
            ]
            if len(empty) < 2:
                continue
            for n in empty:
                if n != origin and self.is_exterior(n):
                    out.add(n)
        return out


def lifted_cells(board: Mapping[Cell, tuple[Counter, ...]], origin: Cell, height: int) -> frozenset[Cell]:
    """The positions once the counter at `height` in `origin` and everything on it are lifted [RES-CO2]."""
    if height == 0:
        return frozenset(c for c in board if c != origin)
    return frozenset(board)


def group_table(cells: frozenset[Cell]) -> Table | None:
    """The `Table` of these positions, or None when they are not one group (§3.4). Cached with the rest of
    their `Geometry`: the same lifted boards are asked about by `legal_actions`, then by `apply`, and over
    and over by the computer player."""
    shape = geometry(cells)
    return shape.table if shape.connected else None


def cut_cells(cells: frozenset[Cell]) -> frozenset[Cell] | None:
    """The positions whose lifting splits the group (its articulation points); None when the positions are
    not one group to begin with. A whole stack lifted from one of these cells breaks §3.4 [RES-CO2]."""
    return geometry(cells).cuts


def can_lift(board: Mapping[Cell, tuple[Counter, ...]], origin: Cell, height: int) -> bool:
    """§3.4 [RES-CO2]: lifting the counter at `height` in `origin` (with what is on it) keeps one group."""
    if height > 0:
        return True
    cuts = cut_cells(frozenset(board))
    if cuts is None:  # an odd position built by hand: test the lifted board itself
        return group_table(lifted_cells(board, origin, 0)) is not None
    return origin not in cuts


# --- movement (§3.5, §3.6) ------------------------------------------------------------------------


def mobile_destinations(state: ColosseumState, ident: int) -> frozenset[Cell]:
    """Where counter `ident` may make a mobile move now, as far as the geometry goes (whose turn it is and
    the counter's mode are not checked here; see `why_illegal`)."""
    found = locate(state, ident)
    if found is None:
        return frozenset()
    cell, height, _counters = found
    if height != 0:
        return frozenset()
    return frozenset(_mobile_from(board_of(state), cell))


def _mobile_from(board: Board, origin: Cell) -> tuple[Cell, ...]:
    """Where the stack at `origin` may make a mobile move (sorted): the geometry only."""
    return geometry(frozenset(board)).mobile(origin)


def attack_destinations(state: ColosseumState, ident: int) -> frozenset[Cell]:
    """Where counter `ident` may make an attack move (steps and climbs), geometry only."""
    found = locate(state, ident)
    if found is None:
        return frozenset()
    cell, height, counters = found
    if height != len(counters) - 1:
        return frozenset()
    return frozenset(_attack_from(board_of(state), cell, height))


def _attack_from(board: Board, origin: Cell, height: int) -> tuple[Cell, ...]:
    """Where the counter at `height` in `origin` may make an attack move (sorted): the geometry only."""
    return geometry(frozenset(board)).attack(origin, height)


class Geometry:
    """One set of occupied positions, worked out once for every question asked about it (§3.4–§3.6): its
    `Table`, whether it is one group, the cells whose whole stack may not be lifted (`cuts`) and each
    origin's destinations, as they are first asked for. The moves depend on nothing else (not on owners,
    modes or what stands above the bottom), so a flip, a second look at the same board or the computer
    player's search come back to work already done.

    A mobile move lifts one position, so the lifted board has one more empty cell than the whole one: its
    exterior is the whole board's, joined by that cell and the holes it touches when it touches the
    exterior itself [RES-CO1] [RES-CO2], and the positions with two open sides are a few shifts of the
    table's bit grid. That replaces a connectivity test and a flood fill per candidate counter."""

    __slots__ = ("_attack", "_cuts", "_mobile", "_moves", "cells", "connected", "table")

    def __init__(self, cells: frozenset[Cell]) -> None:
        self.cells = cells
        self.table = Table(cells)
        occupied = self.table._occupied
        self.connected = _flood(occupied & -occupied, occupied, self.table._stride) == occupied
        self._cuts: frozenset[Cell] | None = None
        self._mobile: dict[Cell, int] = {}
        self._attack: dict[tuple[Cell, bool], int] = {}
        self._moves: dict[tuple[int, Cell, bool, type], tuple[ColosseumAction, ...]] = {}

    @property
    def cuts(self) -> frozenset[Cell] | None:
        """The positions whose lifting splits the group (its articulation points); None when the
        positions are not one group."""
        if not self.connected:
            return None
        if self._cuts is None:
            self._cuts = self._find_cuts()
        return self._cuts

    def _index(self, cell: Cell) -> int:
        table = self.table
        return (cell[0] - table._min_x) * table._stride + (cell[1] - table._min_y)

    def _cells_of(self, bits: int) -> tuple[Cell, ...]:
        """The cells of these grid bits, sorted."""
        table = self.table
        return _decoded(bits, table._stride, table._min_x, table._min_y)

    def _find_cuts(self) -> frozenset[Cell]:
        """One depth-first pass (Hopcroft and Tarjan) over the cell indices. Every position lies inside
        the grid's empty border, so no neighbour index leaves the grid."""
        if not self.cells:
            return frozenset()
        stride = self.table._stride
        occupied = {self._index(cell) for cell in self.cells}
        steps = (1, -1, stride, -stride)
        root = self._index(min(self.cells))
        order = {root: 0}
        low = {root: 0}
        cuts = 0
        root_children = 0
        stack = [(root, root, iter(steps))]
        while stack:
            at, parent, pending = stack[-1]
            for step in pending:
                n = at + step
                if n not in occupied or n == parent:
                    continue
                if n in order:
                    if order[n] < low[at]:
                        low[at] = order[n]
                    continue
                order[n] = low[n] = len(order)
                if at == root:
                    root_children += 1
                stack.append((n, at, iter(steps)))
                break
            else:
                stack.pop()
                if stack:
                    up = stack[-1][0]
                    if low[at] < low[up]:
                        low[up] = low[at]
                    if up != root and low[at] >= order[up]:
                        cuts |= 1 << up
        if root_children > 1:
            cuts |= 1 << root
        return frozenset(self._cells_of(cuts))

    def mobile(self, origin: Cell) -> tuple[Cell, ...]:
        """§3.5 steps 3–4 for the stack at `origin` lifted whole (sorted): exterior empty cells next to a
        position with two or more open sides, other than the origin; none when the lift splits the group
        (§3.4)."""
        return self._cells_of(self._mobile_bits(origin))

    def _mobile_bits(self, origin: Cell) -> int:
        hit = self._mobile.get(origin)
        if hit is None:
            hit = self._mobile[origin] = self._find_mobile(origin)
        return hit

    def _lifted(self, origin: Cell) -> int | None:
        """The occupied bits once the whole stack at `origin` is lifted, or None when that splits the
        group (§3.4 [RES-CO2])."""
        index = self._index(origin)
        whole = self.table._occupied
        occupied = whole ^ 1 << index
        if self._cuts is not None:
            return None if origin in self._cuts else occupied
        if self.connected:
            # Most positions' neighbours hold together around them: then no path needs the position.
            stride = self.table._stride
            block = (
                whole >> (index - stride - 1) & 7
                | (whole >> (index - 1) & 7) << 3
                | (whole >> (index + stride - 1) & 7) << 6
            )
            if _LOCALLY_SAFE[block]:
                return occupied
        # Testing the lifted board itself costs less than finding every cut for a board seen once.
        return occupied if _flood(occupied & -occupied, occupied, self.table._stride) == occupied else None

    def _find_mobile(self, origin: Cell) -> int:
        if origin not in self.cells:
            return 0
        occupied = self._lifted(origin)
        if occupied is None:
            return 0
        table = self.table
        stride = table._stride
        lifted = table._occupied ^ occupied
        empty = table._empty() | lifted
        exterior = table._exterior
        around = lifted << 1 | lifted >> 1 | lifted << stride | lifted >> stride
        if around & exterior:
            # The lifted cell touches the outside: it joins the exterior, and so do the holes it touches
            # (a walk through them only when there are any: most boards have none).
            if around & empty & ~exterior:
                exterior = _flood(exterior | lifted, empty, stride)
            else:
                exterior |= lifted
        # Positions with two or more open sides: two of the four neighbour bits set.
        down, up, right, left = empty >> 1, empty << 1, empty >> stride, empty << stride
        two = (right & (left | down | up)) | (left & (down | up)) | (down & up)
        targets = occupied & two
        reach = targets << 1 | targets >> 1 | targets << stride | targets >> stride
        return reach & exterior & ~lifted

    def moves(
        self, ident: int, origin: Cell, height: int, kind: type[MoveMobile] | type[MoveAttack]
    ) -> tuple[ColosseumAction, ...]:
        """Counter `ident`'s moves of this kind from `height` in `origin`, kept with the geometry: the
        second action of a turn and the search ask for the same ones again."""
        key = (ident, origin, height == 0, kind)
        hit = self._moves.get(key)
        if hit is None:
            bits = self._mobile_bits(origin) if kind is MoveMobile else self._attack_bits(origin, height)
            table = self.table
            hit = self._moves[key] = _moves_of(kind, ident, bits, table._stride, table._min_x, table._min_y)
        return hit

    def attack(self, origin: Cell, height: int) -> tuple[Cell, ...]:
        """§3.6 for the counter at `height` (the top) of the stack at `origin` (sorted): a step to an empty
        cell that keeps contact with the 3x3 block around the origin [RES-CO8], or a climb onto a position
        it touches edge to edge; none when lifting it splits the group."""
        return self._cells_of(self._attack_bits(origin, height))

    def _attack_bits(self, origin: Cell, height: int) -> int:
        key = (origin, height == 0)
        hit = self._attack.get(key)
        if hit is None:
            hit = self._attack[key] = self._find_attack(origin, height)
        return hit

    def _find_attack(self, origin: Cell, height: int) -> int:
        if origin not in self.cells:
            return 0
        cells = self.table._occupied if height else self._lifted(origin)
        if cells is None:
            return 0
        stride = self.table._stride
        at = 1 << self._index(origin)
        side = at << 1 | at >> 1 | at << stride | at >> stride
        line = at | at << 1 | at >> 1
        block = line | line << stride | line >> stride
        contact = cells & block
        keeps = contact << 1 | contact >> 1 | contact << stride | contact >> stride
        # Climbs onto a position it touches edge to edge; steps to an empty cell of the 3x3 block that
        # touch a position of the block.
        return side & cells | (block ^ at) & ~cells & keeps


def _locally_safe(block: int) -> bool:
    """Whether the occupied edge neighbours of the centre of a 3x3 block (bit 3 * a + b for the cell at
    (a, b) of the block, the centre's own bit ignored; `Geometry` reads its blocks column by column, which
    gives the same answer, as the block turned over its diagonal does) all hold together through the
    block's other occupied cells. Then lifting the centre keeps a group that was one group whole: every
    path through the centre has a way round it. (When they do not, a path further off may still join
    them: that is worked out on the whole board.)"""
    ring = [(b, a) for a in range(3) for b in range(3) if (b, a) != (1, 1) and block >> (3 * a + b) & 1]
    sides = [cell for cell in ring if abs(cell[0] - 1) + abs(cell[1] - 1) == 1]
    if len(sides) <= 1:
        return True
    reached = {sides[0]}
    frontier = [sides[0]]
    while frontier:
        c, r = frontier.pop()
        for n in ring:
            if n not in reached and abs(n[0] - c) + abs(n[1] - r) == 1:
                reached.add(n)
                frontier.append(n)
    return all(side in reached for side in sides)


_LOCALLY_SAFE: tuple[bool, ...] = tuple(_locally_safe(block) for block in range(512))
"""`_locally_safe` of every 3x3 block, by its nine bits."""


@lru_cache(maxsize=16384)
def _decoded(bits: int, stride: int, min_x: int, min_y: int) -> tuple[Cell, ...]:
    """The cells of grid bits (a `Table`'s, column by column: so in sorted order), kept: a counter's
    destinations often come out the same from one position to the next (another counter moved far off,
    or flipped)."""
    out: list[Cell] = []
    while bits:
        low = bits & -bits
        column, row = divmod(low.bit_length() - 1, stride)
        out.append(_cell(min_x + column, min_y + row))
        bits ^= low
    return tuple(out)


def _moves_of(
    kind: Callable[[int, Cell], ColosseumAction], ident: int, bits: int, stride: int, min_x: int, min_y: int
) -> tuple[ColosseumAction, ...]:
    """`kind(ident, cell)` for the cells of grid bits, in the cells' order (as `_decoded`), one instance
    per move: the move lists are made of the same moves over and over, and finding one costs a fraction
    of building it (or of decoding the cells first)."""
    out: list[ColosseumAction] = []
    find = _interned.get
    while bits:
        low = bits & -bits
        column, row = divmod(low.bit_length() - 1, stride)
        x, y = min_x + column, min_y + row
        move: ColosseumAction | None = find((kind, ident, x, y))
        if move is None:
            move = _intern((kind, ident, x, y), kind, ident, _cell(x, y))
        out.append(move)
        bits ^= low
    return tuple(out)


T = TypeVar("T")
_INTERNED_MAX = 100_000
_interned: dict[Hashable, Any] = {}


def _cell(x: int, y: int) -> Cell:
    """`Cell(x, y)`, one instance per cell (as `_moves_of`'s moves)."""
    return _intern((x, y), Cell, x, y)


def _intern(key: Hashable, make: Callable[..., T], *args: Any) -> T:
    hit: T | None = _interned.get(key)
    if hit is None:
        if len(_interned) >= _INTERNED_MAX:
            _interned.clear()
        hit = _interned[key] = make(*args)
    return hit


@lru_cache(maxsize=8192)
def geometry(cells: frozenset[Cell]) -> Geometry:
    """The `Geometry` of these positions, cached: a turn's two actions, the flips between moves and the
    computer player's search come back to the same boards over and over."""
    return Geometry(cells)


def _keeps_contact(cells: frozenset[Cell], origin: Cell, dest: Cell) -> bool:
    """§3.6 [RES-CO8]: `dest` touches a position from the 3x3 block centred on the origin."""
    ox, oy = origin
    return any(n in cells and abs(n.x - ox) <= 1 and abs(n.y - oy) <= 1 for n in neighbours4(dest))


# --- setup (§3.2) ---------------------------------------------------------------------------------

FALLBACK_NONE, FALLBACK_OWN, FALLBACK_ANY = 0, 1, 2


def _frontier(board: Mapping[Cell, object]) -> set[Cell]:
    return {n for cell in board for n in neighbours4(cell) if n not in board}


def _meets_step(board: Board, cell: Cell, seat: int, k: int) -> bool:
    """The step's own constraint for placing `seat`'s counter k on the empty `cell` (§3.2 steps 2–5)."""
    touching = [board[n][-1] for n in neighbours4(cell) if n in board]
    other_bp = any(c.owner != seat and c.kind is Kind.BOARD_PIECE for c in touching)
    if k == 0:  # step 2: exactly one counter touched, another player's Board Piece
        return len(touching) == 1 and other_bp
    if other_bp:
        return False
    if k == 1:  # step 3: touches own BP #1
        return any(c.id == counter_id(seat, 0) for c in touching)
    if k == 2:  # step 4: touches an own BP; another player's F is fine [RES-CO3]
        return any(c.owner == seat and c.kind is Kind.BOARD_PIECE for c in touching)
    # step 5: touches an own BP or own F #1, no other player's BP or F
    if any(c.owner != seat for c in touching):
        return False
    return any(c.kind is Kind.BOARD_PIECE or c.id == counter_id(seat, 2) for c in touching)


def setup_cells(state: ColosseumState) -> tuple[frozenset[Cell], int]:
    """The legal cells for the placement due now and the fallback level used [RES-CO4]: 0 the step's own
    rule, 1 any empty cell touching an own counter, 2 any empty cell touching any counter."""
    if state.phase is not Phase.SETUP:
        return frozenset(), FALLBACK_NONE
    if state.setup_step == 0:
        return frozenset({ORIGIN}), FALLBACK_NONE
    seat, k = start.setup_slot(state.start_player, state.seat_count, state.setup_step)
    board = board_of(state)
    frontier = _frontier(board)
    strict = frozenset(c for c in frontier if _meets_step(board, c, seat, k))
    if strict:
        return strict, FALLBACK_NONE
    own = frozenset(
        c for c in frontier if any(n in board and board[n][-1].owner == seat for n in neighbours4(c))
    )
    if own:
        return own, FALLBACK_OWN
    return frozenset(frontier), FALLBACK_ANY


STEP_RULE = (
    "Must touch exactly one counter, and it must be another player's Board Piece.",
    "Must touch your first Board Piece and no other player's Board Piece.",
    "Must touch one of your Board Pieces and no other player's.",
    "Must touch one of your Board Pieces or your first Fortification, and no other player's counter.",
)


def _why_place(state: ColosseumState, action: PlaceCounter) -> str | None:
    _seat, due = start.due_counter(state)
    if action.counter != due:
        return _("Place your {what} now.").format(what=counter_words(fresh_counter(due), ordinal=True))
    board = board_of(state)
    if action.cell in board:
        return _("That cell is taken: counters are placed on empty cells.")
    if state.setup_step == 0:
        return None if action.cell == ORIGIN else _("The first Board Piece goes in the middle of the table.")
    if not any(n in board for n in neighbours4(action.cell)):
        return _("Must touch a counter edge to edge.")
    cells, level = setup_cells(state)
    if action.cell in cells:
        return None
    k = due % 4
    if level == FALLBACK_NONE:
        return _(STEP_RULE[k])
    return _("No cell meets the placement rule, so this counter must touch one of your own counters.")


# --- legality of play actions ------------------------------------------------------------------------


def _whose(state: ColosseumState, ident: int) -> tuple[Cell, int, tuple[Counter, ...]] | str:
    """The counter's place if the player to act may act with it, or why not."""
    found = locate(state, ident)
    if found is None:
        return _("That counter is not on the table.")
    counter = found[2][found[1]]
    if counter.owner != state.current:
        return _("You may only act with your own counters.")
    return found


def _why_mobile(state: ColosseumState, action: MoveMobile) -> str | None:
    found = _whose(state, action.counter)
    if isinstance(found, str):
        return found
    origin, height, counters = found
    if counters[height].mode is not Mode.MOBILE:
        return _("That counter is in Attack mode: it makes attack moves (flip it to move it in Mobile mode).")
    if height != 0:
        return _("Only the bottom counter of a stack can make a mobile move.")
    if action.to == origin:
        return _("A move must end somewhere else.")
    board = board_of(state)
    if action.to in board:
        return _("A mobile counter cannot climb: it never lands on another counter.")
    cells = lifted_cells(board, origin, 0)
    table = group_table(cells)
    if table is None:
        return _("Moving this would split the group.")
    if not any(n in cells for n in neighbours4(action.to)):
        return _("A mobile move must end touching another counter edge to edge.")
    if not table.is_exterior(action.to):
        return _("That cell is a hole inside the group: a mobile counter cannot be dropped there.")
    if not any(table.exposed_edges(n) >= 2 for n in neighbours4(action.to) if n in cells):
        return _("The counter it would touch has fewer than two open sides.")
    return None


def _why_attack(state: ColosseumState, action: MoveAttack) -> str | None:
    found = _whose(state, action.counter)
    if isinstance(found, str):
        return found
    origin, height, counters = found
    if counters[height].mode is not Mode.ATTACK:
        return _("That counter is in Mobile mode: flip it to Attack mode to attack.")
    if height != len(counters) - 1:
        return _("A counter with another counter on top of it cannot attack.")
    dx, dy = action.to.x - origin.x, action.to.y - origin.y
    if (dx, dy) == (0, 0):
        return _("A move must end somewhere else.")
    if max(abs(dx), abs(dy)) > 1:
        return _("An attack move goes only one space.")
    board = board_of(state)
    if not can_lift(board, origin, height):
        return _("Moving this would split the group.")
    cells = lifted_cells(board, origin, height)
    if action.to in cells:
        if dx != 0 and dy != 0:
            return _("A counter climbs only onto a counter it touches edge to edge, not corner to corner.")
        return None
    if not _keeps_contact(cells, origin, action.to):
        return _("An attack step must end touching a counter that was next to it.")
    return None


def _why_flip(state: ColosseumState, action: FlipCounter) -> str | None:
    found = _whose(state, action.counter)
    if isinstance(found, str):
        return found
    _cell, height, counters = found
    if height != len(counters) - 1:
        return _("A counter with another counter on top of it cannot flip.")
    if height != 0:
        return _("A counter standing on another counter cannot flip.")
    return None


def _play_actions(state: ColosseumState) -> list[ColosseumAction]:
    """Every move and flip open to the player to act (without EndTurn)."""
    shape = geometry(frozenset([stack[0] for stack in state.stacks]))
    seat = state.current
    out: list[ColosseumAction] = []
    for stack in state.stacks:
        cell, counters = stack
        top = len(counters) - 1
        for height, counter in enumerate(counters):
            if counter.owner != seat:
                continue
            if top == 0:
                out.append(_flip(counter.id))
            if counter.mode is Mode.MOBILE:
                if height == 0:
                    out.extend(shape.moves(counter.id, cell, height, MoveMobile))
            elif height == top:
                out.extend(shape.moves(counter.id, cell, height, MoveAttack))
    return out


@lru_cache(maxsize=64)
def _flip(ident: int) -> FlipCounter:
    """`FlipCounter(ident)`, one instance per counter (as `_moves_of`'s moves)."""
    return FlipCounter(ident)


def _has_play_action(state: ColosseumState) -> bool:
    """Cheaper than listing: flips first, then moves, stopping at the first one found."""
    seat = state.current
    board: Board | None = None
    for _cell, counters in state.stacks:
        if len(counters) == 1 and counters[0].owner == seat:
            return True
    for cell, counters in state.stacks:
        top = len(counters) - 1
        for height, counter in enumerate(counters):
            if counter.owner != seat:
                continue
            board = board if board is not None else board_of(state)
            if counter.mode is Mode.MOBILE and height == 0 and _mobile_from(board, cell):
                return True
            if counter.mode is Mode.ATTACK and height == top and _attack_from(board, cell, height):
                return True
    return False


def why_illegal(state: ColosseumState, action: ColosseumAction) -> str | None:
    shape = action_shape_problem(action, ACTION_TYPES)  # any value, of any type (issue 37)
    if shape is not None:
        return shape
    # `apply` nearly always follows `legal_actions` of the same state (the table, a replay, a playout):
    # an action on that list is legal without working its geometry out again.
    seen, legal = _last_legal
    if seen is state and action in legal:
        return None
    return _why_not(state, action)


def _why_not(state: ColosseumState, action: ColosseumAction) -> str | None:
    """`why_illegal` for a well-shaped action, worked out from the rules (the reason it is refused)."""
    if isinstance(action, StartPlayerDrawn):
        if state.phase is not Phase.START:
            return _("The start player has already been drawn.")
        if not 0 <= action.seat < state.seat_count:
            return _("That seat is not at the table.")
        return None
    if state.phase is Phase.OVER:
        return _("The game is over.")
    if isinstance(action, PlaceCounter):
        if state.phase is not Phase.SETUP:
            return _("Counters are placed only during setup.")
        return _why_place(state, action)
    if state.phase is not Phase.PLAY:
        return _("That comes after setup, once every counter is placed.")
    if isinstance(action, MoveMobile):
        return _why_mobile(state, action)
    if isinstance(action, MoveAttack):
        return _why_attack(state, action)
    if isinstance(action, FlipCounter):
        return _why_flip(state, action)
    if isinstance(action, EndTurn):
        if state.actions_left == 1 or not _has_play_action(state):
            return None
        return _("Take your first action: only the second may be declined.")
    return _("That is not a Colosseum Offcuts action.")


# --- applying --------------------------------------------------------------------------------------


def _next_seat(state: ColosseumState, after: int) -> int:
    n = state.seat_count
    for step in range(1, n + 1):
        seat = (after + step) % n
        if not state.eliminated[seat]:
            return seat
    return after


def _end_turn(state: ColosseumState, stacks: tuple[Stack, ...] | None = None) -> ColosseumState:
    """§3.3: the turn is over; §3.8 [APP]: the stalemate limit. `stacks`: the board after the turn's last
    action, when it changed (one `replace` for both: copying the state is most of an action's cost)."""
    quiet = 0 if state.captured_this_turn else state.turns_without_capture + 1
    limit = state.options.no_capture_turn_limit
    over = limit > 0 and quiet >= limit
    return _moved_on(
        state,
        stacks=state.stacks if stacks is None else stacks,
        turn=state.turn + 1,
        turns_without_capture=quiet,
        captured_this_turn=False,
        phase=Phase.OVER if over else state.phase,
        drawn=over or state.drawn,
        current=state.current if over else _next_seat(state, state.current),
        actions_left=0 if over else 2,
    )


def _after_action(state: ColosseumState, stacks: tuple[Stack, ...] | None = None) -> ColosseumState:
    """The action is done (`stacks`: the board it left, when it changed): the next action or turn."""
    if state.phase is Phase.OVER:
        return state if stacks is None else replace(state, stacks=stacks)
    left = state.actions_left - 1
    if left <= 0:
        return _end_turn(state, stacks)
    return _moved_on(
        state,
        stacks=state.stacks if stacks is None else stacks,
        turn=state.turn,
        turns_without_capture=state.turns_without_capture,
        captured_this_turn=state.captured_this_turn,
        phase=state.phase,
        drawn=state.drawn,
        current=state.current,
        actions_left=left,
    )


def _moved_on(
    state: ColosseumState,
    *,
    stacks: tuple[Stack, ...],
    turn: int,
    turns_without_capture: int,
    captured_this_turn: bool,
    phase: Phase,
    drawn: bool,
    current: int,
    actions_left: int,
) -> ColosseumState:
    """`replace(state, ...)` of the fields an action or a turn's end moves on, written out: `replace`
    looks every field up by name, and did so about a third of a million times in the benchmark's random
    playouts, a sixth of their time. Every other field is copied here by name (the test of the move
    generation checks that none is left out)."""
    return ColosseumState(
        seat_count=state.seat_count,
        options=state.options,
        phase=phase,
        stacks=stacks,
        start_player=state.start_player,
        current=current,
        setup_step=state.setup_step,
        actions_left=actions_left,
        eliminated=state.eliminated,
        captured=state.captured,
        captures_by=state.captures_by,
        turn=turn,
        turns_without_capture=turns_without_capture,
        captured_this_turn=captured_this_turn,
        drawn=drawn,
        fallback_placements=state.fallback_placements,
    )


def _flipped(counter: Counter) -> Counter:
    return replace(counter, mode=Mode.ATTACK if counter.mode is Mode.MOBILE else Mode.MOBILE)


def _capture(state: ColosseumState, board: Board, victim: Counter, by: int) -> ColosseumState:
    """§3.6 capture and §3.8 elimination and end; the board already has the victim removed."""
    has_fortification = {c.owner for counters in board.values() for c in counters if c.is_fortification}
    eliminated = tuple(e or seat not in has_fortification for seat, e in enumerate(state.eliminated))
    captures_by = tuple(n + (seat == by) for seat, n in enumerate(state.captures_by))
    state = replace(
        state,
        captured=(*state.captured, victim),
        captures_by=captures_by,
        eliminated=eliminated,
        captured_this_turn=True,
    )
    if sum(not e for e in eliminated) <= 1:
        return replace(state, phase=Phase.OVER, actions_left=0)
    return state


def apply(state: ColosseumState, action: ColosseumAction) -> ColosseumState:
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    return perform(state, action)


def perform(state: ColosseumState, action: ColosseumAction) -> ColosseumState:
    """`apply` without the legality check, for an action already known to be legal (the computer player
    tries every action `legal_actions` lists; checking each again would double its work)."""
    if isinstance(action, StartPlayerDrawn):
        return replace(state, phase=Phase.SETUP, start_player=action.seat, current=action.seat, setup_step=0)
    if isinstance(action, PlaceCounter):
        level = setup_cells(state)[1] if state.setup_step else FALLBACK_NONE
        board = board_of(state)
        board[action.cell] = (fresh_counter(action.counter),)
        step = state.setup_step + 1
        state = replace(
            state,
            stacks=stacks_from(board),
            setup_step=step,
            fallback_placements=state.fallback_placements + (level != FALLBACK_NONE),
        )
        if step >= start.placements(state.seat_count):
            return replace(state, phase=Phase.PLAY, current=state.start_player, actions_left=2)
        seat, _k = start.setup_slot(state.start_player, state.seat_count, step)
        return replace(state, current=seat)
    if isinstance(action, EndTurn):
        return _end_turn(state)
    found = locate(state, action.counter)
    assert found is not None  # checked by why_illegal
    origin, height, counters = found
    board = board_of(state)
    if isinstance(action, FlipCounter):
        board[origin] = (_flipped(counters[0]),)
        return _after_action(state, _restacked(state.stacks, board, (origin,)))
    if isinstance(action, MoveMobile):
        del board[origin]
        board[action.to] = counters
        return _after_action(state, _restacked(state.stacks, board, (origin, action.to)))
    # MoveAttack: step or climb, capturing an enemy Fortification on top [RES-CO9].
    mover = counters[height]
    if height == 0:
        del board[origin]
    else:
        board[origin] = counters[:height]
    below = board.get(action.to, ())
    victim = below[-1] if below else None
    if (
        victim is not None
        and mover.is_fortification
        and victim.is_fortification
        and victim.owner != mover.owner
    ):
        below = below[:-1]
        board[action.to] = (*below, mover)
        state = _capture(replace(state, stacks=stacks_from(board)), board, victim, mover.owner)
        return _after_action(state)
    board[action.to] = (*below, mover)
    return _after_action(state, _restacked(state.stacks, board, (origin, action.to)))


def legal_actions(state: ColosseumState) -> list[ColosseumAction]:
    global _last_legal
    if state.phase is Phase.SETUP:
        _seat, due = start.due_counter(state)
        cells, _level = setup_cells(state)
        out: list[ColosseumAction] = [PlaceCounter(due, cell) for cell in sorted(cells)]
    elif state.phase is not Phase.PLAY:
        return []
    else:
        out = _play_actions(state)
        if state.actions_left == 1 or not out:
            out.append(EndTurn())
    # One pair, replaced whole: a thread reading it meanwhile sees an old pair or the new one, never half.
    _last_legal = (state, tuple(out))
    return out


_last_legal: tuple[ColosseumState | None, tuple[ColosseumAction, ...]] = (None, ())
"""The state `legal_actions` was last asked about and its answer, for `why_illegal` (states are frozen, and
the pair holds the state, so `is` never meets another state at the same address)."""


def to_act(state: ColosseumState) -> ToAct:
    if state.phase is Phase.PLAY:
        # Impersonal, as every game's prompt: the status card shows it on a computer's turn too.
        first = state.actions_left == 2
        prompt = _("First of the turn's two actions") if first else _("Second action, or end the turn")
        return Players((state.current,), prompt)
    if state.phase is Phase.SETUP:
        _seat, due = start.due_counter(state)
        counter = fresh_counter(due)
        return Players((state.current,), _(_PLACE[counter.kind, counter.id % 2]))
    if state.phase is Phase.START:
        return Chance(_("the start player"), _("Drawing the start player"))
    return Finished(outcome(state))


def sample_chance(state: ColosseumState, rng: Rng) -> ColosseumAction:
    if state.phase is Phase.START:
        return start.sample_start(state, rng)
    raise ValueError("no chance event is pending")


def chance_outcomes(state: ColosseumState) -> list[tuple[ColosseumAction, Fraction]] | None:
    if state.phase is Phase.START:
        return list(start.start_outcomes(state))
    return []


# --- the end and the words ---------------------------------------------------------------------------


def fortifications_left(state: ColosseumState, seat: int) -> int:
    return sum(
        1 for _cell, counters in state.stacks for c in counters if c.owner == seat and c.is_fortification
    )


def scores(state: ColosseumState) -> tuple[int, ...]:
    """Fortifications captured by each seat."""
    return state.captures_by


def players_in(state: ColosseumState) -> tuple[int, ...]:
    return tuple(seat for seat in range(state.seat_count) if not state.eliminated[seat])


def outcome(state: ColosseumState) -> Outcome:
    """§3.8: the last player with Fortifications wins; the stalemate limit is a draw among those still in."""
    left = players_in(state)
    # Each seat's captures are its score (the result card's column): the details add who is out.
    details: list[tuple[str, Words | str]] = []
    if state.eliminated and any(state.eliminated):
        details.append((_("Eliminated"), _and_words([say(s) for s, e in enumerate(state.eliminated) if e])))
    if state.drawn:
        limit = state.options.no_capture_turn_limit
        summary: Words = (
            *_and_words([say(s) for s in left]),
            _(" draw: {n} turns passed without a capture.").format(n=limit),
        )
    else:
        summary = (*say(left[0]), _(" wins: the only player with Fortifications left."))
    return Outcome(
        scores=state.captures_by,
        winners=frozenset(left),
        summary=summary,
        details=tuple(details),
        drawn=state.drawn,
    )


def _and_words(parts: Sequence[Words]) -> Words:
    out: list[str | SeatRef] = []
    for i, part in enumerate(parts):
        if i:
            out.append(_(" and ") if i == len(parts) - 1 else ", ")
        out.extend(part)
    return tuple(out)


ORDINALS = (N_("first"), N_("second"))


def counter_words(counter: Counter, *, ordinal: bool = False) -> str:
    """ "Board Piece", "Fortification" (or "first Fortification")."""
    name = _("Board Piece") if counter.kind is Kind.BOARD_PIECE else _("Fortification")
    if ordinal:
        return _("{nth} {name}").format(nth=_(ORDINALS[counter.id % 2]), name=name)
    return name


_THEIR: dict[tuple[Kind, int | None, bool], str] = {
    (Kind.BOARD_PIECE, None, False): N_("their Board Piece"),
    (Kind.FORTIFICATION, None, False): N_("their Fortification"),
    (Kind.BOARD_PIECE, None, True): N_("their own Board Piece"),
    (Kind.FORTIFICATION, None, True): N_("their own Fortification"),
    (Kind.BOARD_PIECE, 0, False): N_("their first Board Piece"),
    (Kind.BOARD_PIECE, 1, False): N_("their second Board Piece"),
    (Kind.FORTIFICATION, 0, False): N_("their first Fortification"),
    (Kind.FORTIFICATION, 1, False): N_("their second Fortification"),
}
"""A counter as the move log names the mover's own, each phrase translated whole: a language's article or
possessive goes with the noun (Dutch "het Bordstuk" but "de Vesting"), which "their " + a name could not
say."""


_PLACE: dict[tuple[Kind, int], str] = {
    (Kind.BOARD_PIECE, 0): N_("Place the first Board Piece"),
    (Kind.BOARD_PIECE, 1): N_("Place the second Board Piece"),
    (Kind.FORTIFICATION, 0): N_("Place the first Fortification"),
    (Kind.FORTIFICATION, 1): N_("Place the second Fortification"),
}
"""The set-up's prompt, whole phrases for the article's sake as `_THEIR` (Dutch "het tweede Bordstuk", "de
tweede Vesting"); impersonal, as the status card shows it while a computer places too."""


def their_counter(counter: Counter, *, ordinal: bool = False, own: bool = False) -> str:
    """ "their Fortification", "their second Board Piece", "their own Fortification" (a counter climbed onto
    by its owner's other counter)."""
    return _(_THEIR[counter.kind, counter.id % 2 if ordinal else None, own])


def cell_words(cell: Cell) -> str:
    return f"({cell.x}, {cell.y})"


def _owned(counter: Counter, mover: int) -> Words:
    if counter.owner == mover:
        return (their_counter(counter, own=True),)
    return (SeatRef(counter.owner), _("'s {what}").format(what=counter_words(counter)))


def describe(state: ColosseumState, action: ColosseumAction) -> Words:
    if isinstance(action, StartPlayerDrawn):
        return say(action.seat, _(" is drawn to start."))
    if isinstance(action, PlaceCounter):
        seat = action.counter // 4
        what = their_counter(fresh_counter(action.counter), ordinal=True)
        placed = say(seat, _(" places {what} at {cell}.").format(what=what, cell=cell_words(action.cell)))
        if state.phase is Phase.SETUP and state.setup_step and setup_cells(state)[1] != FALLBACK_NONE:
            placed = (*placed, _(" (No cell met the placement rule, so the fallback applied.)"))
        return placed
    if isinstance(action, EndTurn):
        if state.actions_left == 1:
            return say(state.current, _(" ends the turn."))
        return say(state.current, _(" has no legal action and passes."))
    found = locate(state, action.counter)
    if found is None:
        return say(state.current, _(" does something impossible."))
    origin, height, counters = found
    counter = counters[height]
    seat = state.current
    name = their_counter(counter)
    if isinstance(action, FlipCounter):
        mode = _("Attack") if counter.mode is Mode.MOBILE else _("Mobile")
        return say(
            seat,
            _(" flips {name} at {cell} to {mode} mode.").format(
                name=name, cell=cell_words(origin), mode=mode
            ),
        )
    if isinstance(action, MoveMobile):
        carried = len(counters) - 1
        extra = ""
        if carried == 1:
            extra = _(", carrying the counter on it")
        elif carried > 1:
            extra = _(", carrying the {n} counters on it").format(n=carried)
        return say(
            seat,
            _(" moves {name} from {a} to {b}{extra}.").format(
                name=name, a=cell_words(origin), b=cell_words(action.to), extra=extra
            ),
        )
    below = board_of(state).get(action.to, ())
    if not below:
        return say(
            seat,
            _(" steps {name} from {a} to {b}.").format(
                name=name, a=cell_words(origin), b=cell_words(action.to)
            ),
        )
    top = below[-1]
    if counter.is_fortification and top.is_fortification and top.owner != counter.owner:
        captured: Words = (
            *say(seat, _(" climbs {name} onto ").format(name=name)),
            *_owned(top, seat),
            _(" at {cell} and captures it.").format(cell=cell_words(action.to)),
        )
        if fortifications_left(state, top.owner) == 1:
            captured = (*captured, " ", SeatRef(top.owner), _(" has no Fortification left and is out."))
        return captured
    return (
        *say(seat, _(" climbs {name} onto ").format(name=name)),
        *_owned(top, seat),
        _(" at {cell}.").format(cell=cell_words(action.to)),
    )


def seat_summary(state: ColosseumState, seat: int) -> str:
    if state.eliminated[seat]:
        return _("Out: no Fortification left")
    left = fortifications_left(state, seat)
    taken = state.captures_by[seat]
    return _("{left} Fortification(s) left; captured {taken}").format(left=left, taken=taken)


class ColosseumRules(RulesBase[ColosseumState, ColosseumAction, ColosseumOptions]):
    """The game contract for Colosseum Offcuts (core/game.py): the functions above are its methods, as they
    are (static, so a call costs no forwarding frame on the search's hot path)."""

    id = "colosseum_offcuts"
    title = "Colosseum Offcuts"
    seat_counts = start.SEAT_COUNTS
    rules_version = 1
    options_type = ColosseumOptions
    state_type = ColosseumState
    action_types = ACTION_TYPES

    def default_options(self) -> ColosseumOptions:
        return ColosseumOptions()

    option_problem = staticmethod(start.option_problem)
    new_game = staticmethod(start.new_game)
    to_act = staticmethod(to_act)
    legal_actions = staticmethod(legal_actions)
    why_illegal = staticmethod(why_illegal)
    apply = staticmethod(apply)
    sample_chance = staticmethod(sample_chance)
    chance_outcomes = staticmethod(chance_outcomes)
    describe = staticmethod(describe)
    seat_summary = staticmethod(seat_summary)
    scores = staticmethod(scores)


RULES = ColosseumRules()
