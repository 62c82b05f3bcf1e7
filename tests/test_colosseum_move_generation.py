"""Colosseum Offcuts move generation (issue 40): the fast one-group test and destinations (`Geometry`, on
bit grids, worked out once per board) list exactly the moves of the engine they replaced.

The reference below is that engine's geometry written out again, the plain way: the exterior by a flood
fill cell by cell from outside the enlarged bounding box (§3.1 [RES-CO1]), the one-group rule by lifting
the stack and testing the rest for connectivity (§3.4 [RES-CO2]), mobile destinations as exterior empty
cells next to a position with two or more open sides (§3.5 [RES-CO7]), attack moves as climbs onto an
edge neighbour and steps that keep contact with the 3x3 block (§3.6 [RES-CO8]). Both must give the same
`legal_actions`, in the same order, on 10,000 positions of seeded random games of every seat count, and on
hand-made positions that are not one group (a stack taken away). `why_illegal` refuses exactly what the
reference does not list, whether or not `legal_actions` was just asked about the same state (it then
answers from that list), and gives the rules' own reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace

from rainbowtable.core.game import Chance, Finished
from rainbowtable.core.rng import Rng
from rainbowtable.games.colosseum_offcuts import model
from rainbowtable.games.colosseum_offcuts.model import Cell, ColosseumOptions, ColosseumState, Mode, Phase
from rainbowtable.games.colosseum_offcuts.rules import (
    RULES,
    _moved_on,
    _why_not,
    geometry,
    legal_actions,
    why_illegal,
)

POSITIONS = 10_000
N4 = ((1, 0), (-1, 0), (0, 1), (0, -1))
N8 = (*N4, (1, 1), (1, -1), (-1, 1), (-1, -1))


def _reach(first: Cell, inside: Callable[[Cell], bool]) -> set[Cell]:
    """The cells reachable from `first` in N4 steps through cells that are `inside`."""
    seen = {first}
    frontier = [first]
    while frontier:
        x, y = frontier.pop()
        for dx, dy in N4:
            n = Cell(x + dx, y + dy)
            if n not in seen and inside(n):
                seen.add(n)
                frontier.append(n)
    return seen


def _connected(cells: frozenset[Cell]) -> bool:
    return not cells or len(_reach(next(iter(cells)), cells.__contains__)) == len(cells)


def _exterior(cells: frozenset[Cell]) -> set[Cell]:
    """The empty cells of the enlarged bounding box reachable from its corner (cells outside the box are
    exterior as well; callers only ask about cells next to a position, which lie inside it)."""
    if not cells:
        return set()
    min_x, max_x = min(c.x for c in cells) - 1, max(c.x for c in cells) + 1
    min_y, max_y = min(c.y for c in cells) - 1, max(c.y for c in cells) + 1
    return _reach(
        Cell(min_x, min_y), lambda n: min_x <= n.x <= max_x and min_y <= n.y <= max_y and n not in cells
    )


def _reference_mobile(cells: frozenset[Cell], origin: Cell) -> list[Cell]:
    lifted = cells - {origin}
    if not _connected(lifted):
        return []
    exterior = _exterior(lifted)
    out: set[Cell] = set()
    for x, y in lifted:
        empty = [n for n in (Cell(x + dx, y + dy) for dx, dy in N4) if n not in lifted]
        if len(empty) >= 2:
            out.update(n for n in empty if n != origin and n in exterior)
    return sorted(out)


def _reference_attack(cells: frozenset[Cell], origin: Cell, height: int) -> list[Cell]:
    # A counter standing on another leaves its cell occupied: nothing to test (§3.4).
    lifted = cells - {origin} if height == 0 else cells
    if height == 0 and not _connected(lifted):
        return []
    out = []
    for dx, dy in N8:
        dest = Cell(origin.x + dx, origin.y + dy)
        if dest in lifted:
            if dx == 0 or dy == 0:
                out.append(dest)
        elif any(
            n in lifted and abs(n.x - origin.x) <= 1 and abs(n.y - origin.y) <= 1
            for n in (Cell(dest.x + ex, dest.y + ey) for ex, ey in N4)
        ):
            out.append(dest)
    return sorted(out)


def reference_legal_actions(state: ColosseumState) -> list[model.ColosseumAction]:
    """The play phase's `legal_actions` as the engine before issue 40 listed them."""
    cells = frozenset(stack.cell for stack in state.stacks)
    out: list[model.ColosseumAction] = []
    for cell, counters in state.stacks:
        top = len(counters) - 1
        for height, counter in enumerate(counters):
            if counter.owner != state.current:
                continue
            if top == 0:
                out.append(model.FlipCounter(counter.id))
            if counter.mode is Mode.MOBILE:
                if height == 0:
                    out.extend(model.MoveMobile(counter.id, d) for d in _reference_mobile(cells, cell))
            elif height == top:
                out.extend(model.MoveAttack(counter.id, d) for d in _reference_attack(cells, cell, height))
    if state.actions_left == 1 or not out:
        out.append(model.EndTurn())
    return out


def play_positions(count: int) -> list[ColosseumState]:
    """Positions of the play phase from seeded random games, 2 to 5 seats, every stalemate setting."""
    out: list[ColosseumState] = []
    seed = 0
    while len(out) < count:
        seats = 2 + seed % 4
        limit = (0, 3, 12, 40)[seed % 4]
        state = RULES.new_game(ColosseumOptions(no_capture_turn_limit=limit), seats)
        rng = Rng.from_seed(seed)
        for _ in range(400):
            who = RULES.to_act(state)
            if isinstance(who, Finished) or len(out) >= count:
                break
            if isinstance(who, Chance):
                action = RULES.sample_chance(state, rng)
            else:
                if state.phase is Phase.PLAY:
                    out.append(state)
                legal = RULES.legal_actions(state)
                action = legal[rng.below(len(legal))]
            state = RULES.apply(state, action)
        seed += 1
    return out


def test_legal_actions_match_the_reference_on_ten_thousand_positions() -> None:
    """colosseum_offcuts.md §3.4–§3.6: the same moves, in the same order, as the plain reference."""
    positions = play_positions(POSITIONS)
    assert len(positions) == POSITIONS
    geometry.cache_clear()  # each board worked out afresh, as well as from the cache below
    for state in positions:
        assert legal_actions(state) == reference_legal_actions(state)
    for state in positions[::7]:
        assert legal_actions(state) == reference_legal_actions(state)


def test_positions_that_are_not_one_group_match_the_reference() -> None:
    """§3.4: a board built by hand in two pieces (a stack taken away) is tested lift by lift, as before."""
    split = 0
    for state in play_positions(1500)[::3]:
        for gone in range(len(state.stacks)):
            odd = replace(state, stacks=state.stacks[:gone] + state.stacks[gone + 1 :])
            cells = frozenset(stack.cell for stack in odd.stacks)
            split += not _connected(cells)
            assert legal_actions(odd) == reference_legal_actions(odd)
    assert split > 100  # the hand-made boards do include groups in two pieces


def _candidates(state: ColosseumState, rng: Rng, count: int) -> list[model.ColosseumAction]:
    """`count` play actions drawn from every kind, every counter on the table (anyone's) and every cell
    on or next to the group: mostly illegal ones, some legal."""
    idents = [counter.id for _cell, counters in state.stacks for counter in counters]
    cells = sorted({Cell(c.x + dx, c.y + dy) for c, _counters in state.stacks for dx, dy in ((0, 0), *N8)})
    out: list[model.ColosseumAction] = [model.EndTurn()]
    while len(out) < count:
        ident = idents[rng.below(len(idents))]
        kind = rng.below(3)
        if kind == 0:
            out.append(model.FlipCounter(ident))
        else:
            to = cells[rng.below(len(cells))]
            out.append(model.MoveMobile(ident, to) if kind == 1 else model.MoveAttack(ident, to))
    return out


def test_why_illegal_refuses_exactly_what_the_reference_does_not_list() -> None:
    """colosseum_offcuts.md §3.3–§3.7: on 10,000 positions, every listed action is legal and 12 drawn
    actions each are legal exactly when the reference lists them, with the rules' reason when not; asked
    right after `legal_actions` of the same state and asked cold (another state asked about in between)."""
    positions = play_positions(POSITIONS)
    rng = Rng.from_seed(40)
    refused = 0
    for index, state in enumerate(positions):
        listed = reference_legal_actions(state)
        drawn = _candidates(state, rng, 12)
        for warm in (True, False):
            legal_actions(state if warm else positions[index - 1])
            for action in listed:
                assert why_illegal(state, action) is None, action
            for action in drawn:
                reason = why_illegal(state, action)
                assert (reason is None) == (action in listed), (action, reason)
                assert reason == _why_not(state, action)
                refused += reason is not None
    assert refused > POSITIONS * 10  # most drawn actions are refused: the reasons were compared


def test_an_actions_next_state_keeps_every_other_field() -> None:
    """The written-out copy after an action (`_moved_on`) is `replace` of the fields it moves on: a field
    added to the state and left out of it would come back at its default here, not as the marker."""
    state = play_positions(1)[0]
    moved = {
        "stacks": state.stacks[1:],
        "turn": 7,
        "turns_without_capture": 3,
        "captured_this_turn": True,
        "phase": Phase.OVER,
        "drawn": True,
        "current": 1,
        "actions_left": 0,
    }
    kept = {f.name: object() for f in fields(ColosseumState) if f.name not in moved}
    marked = replace(state, **kept)
    after = _moved_on(marked, **moved)
    for f in fields(ColosseumState):
        assert getattr(after, f.name) is getattr(replace(marked, **moved), f.name), f.name
