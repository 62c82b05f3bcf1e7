"""De Regenboog's rules (regenboog.md §2.6-§2.11): ship turns, travel, blockades, loading, free actions,
the game's turn, new rounds and the end, plus `RegenboogRules`, the contract object.

Pure functions over the frozen state of `model.py`. One source of legality: `apply` checks through the same
functions `legal_actions` enumerates from, and `why_illegal` says why in the player's words. Randomness only
enters through `sample_chance`. Holds no setup (see `start.py`), no computer player (`ai.py`), no drawing.

There is no fixed ship order (§2.6 [RES-RG7]): any ship that has not acted may take its turn next, and
every seat owning one may act (the first seat named is the owner of the lowest such ship). Free actions
(exchange, deliver, jettison) may move any ship's cubes at any moment of the players' phase. The grey discs
are drawn from the pool kept in the state (see `model.py`); a disc flipped under ships at a new round or
at setup is shared out by the team's choice (`Share`, §2.10 step 6).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import fields, replace
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product, repeat
from math import isqrt
from operator import attrgetter, is_
from typing import Any

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
from rainbowtable.core.i18n import N_, _, plural
from rainbowtable.core.rng import Rng
from rainbowtable.games.regenboog import start
from rainbowtable.games.regenboog.board import Board, CellKind
from rainbowtable.games.regenboog.model import (
    ACTION_TYPES,
    BLANK,
    DISC_NONE,
    RAINBOW,
    RAINBOWS_TO_WIN,
    SHIP_NAMES,
    BlockadesRolled,
    Capacity,
    ClearHere,
    Colour,
    Concede,
    Deliver,
    DiscFlipped,
    DiscsPlaced,
    EndPhase,
    Exchange,
    Jettison,
    Load,
    Pass,
    Phase,
    RegenboogAction,
    RegenboogOptions,
    RegenboogState,
    Share,
    Ship,
    ShipKind,
    Stage,
    Travel,
    WhiteRolled,
    colour_name,
    deal_of,
    face_down,
    is_face_down,
)

UNLIMITED_ROOM = 10**6
LOAD_LIMIT = 6
"""§2.7.6: at most 6 cubes per ship per turn."""
EXIT_COST = 3
SELF_PLAY_CYCLES = 400
"""§2.11 [APP]: the cycle limit of a table of computers ("for AI self-play use e.g. 400")."""
"""§2.7.2 [RES-RG9]: leaving a blockade costs 3 fuel for exactly one step."""

SECTOR_TABLE: tuple[tuple[int, ...], ...] = (
    (1, 7, 2, 0, 6, 12),
    (7, 2, 8, 3, 0, 1),
    (2, 8, 3, 9, 4, 0),
    (0, 3, 9, 4, 10, 5),
    (6, 0, 4, 10, 5, 11),
    (12, 1, 0, 5, 11, 6),
)
"""§2.3.5: SECTOR_TABLE[s - 1][w - 1] is the segment for black (sector) s and white w [RES-RG5]."""


# --- small facts --------------------------------------------------------------------------------------


def board(state: RegenboogState) -> Board:
    options = state.options
    for seen, known in _board_memo:  # at most one pair: a match keeps one options object in every state
        if seen is options:
            return known
    found = start.board_of(options)
    _board_memo[:] = [(options, found)]
    return found


_board_memo: list[tuple[RegenboogOptions, Board]] = []
"""The options `board` was last asked about and their board (the pair holds the options, so `is` never
meets other options at the same address)."""


def fuel_colour(options: RegenboogOptions) -> int:
    """§2.12: red is fuel, or white in the white-fuel variant [RES-RG19]."""
    return Colour.WHITE if options.white_fuel else Colour.RED


def travel_cost(steps: int) -> int:
    """§2.7.1: T(n) = n(n+1)/2."""
    return steps * (steps + 1) // 2


def max_steps(fuel: int) -> int:
    """The most steps `fuel` pays for: the largest n with T(n) ≤ fuel."""
    return (isqrt(8 * fuel + 1) - 1) // 2 if fuel > 0 else 0


def position_colour(b: Board, cell: int) -> int:
    """§2.3.2: position k has colour k; centres and openings have none (0)."""
    return b.cells[cell].position or 0


def centre_cell(b: Board) -> int:
    return b.cell_at(0, 0)


def compartments(kind: ShipKind, options: RegenboogOptions) -> int | None:
    """§2.2 [RES-RG6]: red and yellow ships 6, white ships 3; None when unlimited."""
    if options.capacity is Capacity.UNLIMITED:
        return None
    if options.capacity is Capacity.UNIFORM:
        return 6
    return 3 if kind is ShipKind.WHITE else 6


def _split(cubes: Sequence[int], fuel: int) -> tuple[int, int]:
    held = sum(cubes)
    return cubes[fuel], held - cubes[fuel]


def fits(kind: ShipKind, cubes: Sequence[int], options: RegenboogOptions) -> bool:
    """§2.2: ceil(fuel/6) + ceil(cargo/6) ≤ compartments."""
    limit = compartments(kind, options)
    if limit is None:
        return True
    fuel, cargo = _split(cubes, fuel_colour(options))
    return -(-fuel // 6) - (-cargo // 6) <= limit


def room(ship: Ship, colour: int, options: RegenboogOptions) -> int:
    """How many more cubes of `colour` the ship can take."""
    limit = compartments(ship.kind, options)
    if limit is None:
        return UNLIMITED_ROOM
    fc = fuel_colour(options)
    fuel, cargo = _split(ship.cubes, fc)
    if colour == fc:
        return max(0, 6 * (limit + (-cargo // 6)) - fuel)
    return max(0, 6 * (limit + (-fuel // 6)) - cargo)


_STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(RegenboogState))
_FIELD_INDEX: dict[str, int] = {name: i for i, name in enumerate(_STATE_FIELDS)}
_state_values = attrgetter(*_STATE_FIELDS)


def _evolve(state: RegenboogState, **changes: Any) -> RegenboogState:
    """`dataclasses.replace` for the state, in about half its time: the fields read in one go and the new
    state made positionally (a random playout makes a few states an action; issue 40)."""
    values = list(_state_values(state))
    for name, value in changes.items():
        values[_FIELD_INDEX[name]] = value
    return RegenboogState(*values)


def _with_cubes(ship: Ship, cubes: tuple[int, ...]) -> Ship:
    return Ship(ship.id, ship.owner, ship.kind, ship.cell, cubes, ship.acted)


def _moved(ship: Ship, cell: int) -> Ship:
    return Ship(ship.id, ship.owner, ship.kind, cell, ship.cubes, ship.acted)


def _marked(ship: Ship, acted: bool) -> Ship:
    return Ship(ship.id, ship.owner, ship.kind, ship.cell, ship.cubes, acted)


def _add(cubes: tuple[int, ...], colour: int, count: int) -> tuple[int, ...]:
    return (*cubes[:colour], cubes[colour] + count, *cubes[colour + 1 :])


def _with_ship(state: RegenboogState, ship: Ship) -> tuple[Ship, ...]:
    return (*state.ships[: ship.id], ship, *state.ships[ship.id + 1 :])


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])


def ships_at(state: RegenboogState, cell: int) -> list[Ship]:
    return [s for s in state.ships if s.cell == cell]


def ship_words(ship: Ship) -> str:
    return _(SHIP_NAMES[ship.id])


def cell_words(b: Board, cell: int) -> str:
    return b.cells[cell].id


def current_seat(state: RegenboogState) -> int:
    """The first seat deciding now: the active ship's owner (or the owner of the ship whose share of a
    flipped disc is asked), else the owner of the lowest ship still to act, else (every ship has acted) the
    owner of the last ship."""
    if state.active >= 0:
        return state.ships[state.active].owner
    if state.choosing >= 0:
        return state.ships[sharers(state)[0]].owner
    for ship in state.ships:
        if not ship.acted:
            return ship.owner
    return state.ships[-1].owner


def acting_seats(state: RegenboogState) -> tuple[int, ...]:
    """Every seat that may decide now (§2.6: any ship that has not acted may go next, so every seat owning
    one), `current_seat` first."""
    first = current_seat(state)
    if state.active >= 0 or state.choosing >= 0:
        return (first,)
    others = sorted({s.owner for s in state.ships if not s.acted} - {first})
    return (first, *others)


def _may_start(state: RegenboogState, ship: Ship) -> str | None:
    """Why this ship cannot begin its turn now (None: it can)."""
    if state.phase is not Phase.PLAYERS or _pending_chance(state):
        return _("Ships act only in the players' phase.")
    if state.active >= 0:
        if state.active == ship.id:
            return None
        return _("Finish the turn of {ship} first.").format(ship=ship_words(state.ships[state.active]))
    if ship.acted:
        return _("{ship} has already acted this cycle.").format(ship=ship_words(ship).capitalize())
    return None


def _deciding(state: RegenboogState) -> bool:
    """Whether the team is deciding now: in the players' phase, or sharing out a flipped disc."""
    if state.flip_cell >= 0 or state.white_cell >= 0:
        return False
    return state.choosing >= 0 or state.phase is Phase.PLAYERS


def _pending_chance(state: RegenboogState) -> bool:
    return state.flip_cell >= 0 or state.white_cell >= 0 or state.choosing >= 0


# --- travel (§2.7.1-§2.7.4) ------------------------------------------------------------------------------


def reach(state: RegenboogState, ship: Ship) -> dict[int, int]:
    """Every destination the ship could sail to with its own fuel, with the fuel it costs (a shared
    answer: read it, never change it).

    Shortest legal paths [RES-RG23]: cells with black discs are never entered on the way, only as the
    final cell (clearing is checked separately). A ship on a blockade may take exactly one step for 3 fuel
    [RES-RG9]."""
    return _reach_of(
        board(state), state.options.openings_passable, state.black, ship.cell, _reach_limit(state, ship)
    )


EXIT_STEP = -1
"""`_reach_limit` of a ship on a blockade with the fuel to leave it: one step, for `EXIT_COST`."""


def _reach_limit(state: RegenboogState, ship: Ship) -> int:
    """How far the ship's own fuel takes it: a number of steps, or `EXIT_STEP` off a blockade (0: nowhere)."""
    fuel = ship.cubes[fuel_colour(state.options)]
    if state.black[ship.cell] > 0:
        return EXIT_STEP if fuel >= EXIT_COST else 0
    return max_steps(fuel)


def _reach_of(b: Board, passable: bool, black: tuple[int, ...], cell: int, limit: int) -> dict[int, int]:
    if limit == EXIT_STEP:
        return dict.fromkeys(b.adjacent(passable)[cell], EXIT_COST)
    if limit == 0:
        return {}
    return _reach_from(b, passable, black, cell, limit)


@lru_cache(maxsize=2048)
def _reach_from(
    b: Board, passable: bool, black: tuple[int, ...], start_cell: int, limit: int
) -> dict[int, int]:
    """`reach` from a cell free of black discs within `limit` steps, remembered: every ship that has not
    acted is listed at every decision (§2.6), and most of them have not moved since the last one."""
    # Breadth first, one ring at a time: a cell with black discs is reached but not crossed.
    adjacent = b.adjacent(passable)
    out: dict[int, int] = {}
    seen = {start_cell}
    ring = [start_cell]
    for d in range(1, limit + 1):
        cost = travel_cost(d)
        following: list[int] = []
        for cell in ring:
            if d > 1 and black[cell]:
                continue
            for n in adjacent[cell]:
                if n not in seen:
                    seen.add(n)
                    out[n] = cost
                    following.append(n)
        ring = following
    return out


def clearing_stock(state: RegenboogState, group: Iterable[Ship], colour: int, mover_pays: int = 0) -> int:
    """Cubes of `colour` the group can spend on clearing, after the mover paid `mover_pays` fuel."""
    total = sum(s.cubes[colour] for s in group)
    if colour == fuel_colour(state.options):
        total -= mover_pays
    return total


def _riders_problem(state: RegenboogState, ship: Ship, riders: tuple[int, ...]) -> str | None:
    if list(riders) != sorted(set(riders)):
        return _("List each riding ship once, in order.")
    for r in riders:
        if not 0 <= r < len(state.ships) or r == ship.id:
            return _("That ship cannot ride along.")
        if state.ships[r].cell != ship.cell:
            return _("Only ships on the same field can ride along.")
    return None


def _travel_problem(state: RegenboogState, action: Travel) -> str | None:
    if not 0 <= action.ship < len(state.ships):
        return _("There is no such ship.")
    ship = state.ships[action.ship]
    problem = _may_start(state, ship)
    if problem is not None:
        return problem
    if state.active == ship.id and state.stage not in (Stage.MAY_TRAVEL, Stage.MAY_EXIT):
        return _("This ship has finished travelling this turn.")
    b = board(state)
    to = b.by_id.get(action.to)
    if to is None:
        return _("There is no such field.")
    if to == ship.cell:
        return _("A ship must move to another field.")
    problem = _riders_problem(state, ship, action.riders)
    if problem is not None:
        return problem
    fuel = ship.cubes[fuel_colour(state.options)]
    if fuel == 0:
        return _("This ship has no fuel; it can ride along with another ship or be given fuel.")
    if b.cells[to].kind is CellKind.OPENING and not state.options.openings_passable:
        return _("The openings are closed in this game.")
    costs = reach(state, ship)
    cost = costs.get(to)
    if cost is None:
        if state.black[ship.cell] > 0:
            if fuel < EXIT_COST:
                return _("Leaving a blockade costs 3 fuel.")
            return _("From a blockade a ship can move only one step.")
        return _("Not reachable: the fuel does not stretch that far, or blockades are in the way.")
    blocks = state.black[to]
    if blocks == 0:
        if action.clear != 0:
            return _("There is nothing to clear there.")
        return None
    group = [ship, *(state.ships[r] for r in action.riders)]
    colour = position_colour(b, to)
    stock = clearing_stock(state, group, colour, cost)
    if stock < 2:
        return _("Entering a blockade needs 2 {colour} cubes to clear it.").format(colour=colour_name(colour))
    if not 1 <= action.clear <= blocks:
        return _("Clear between 1 and {n} black discs there.").format(n=blocks)
    if 2 * action.clear > stock:
        return _("Clearing {n} black discs needs {cubes} {colour} cubes.").format(
            n=action.clear, cubes=2 * action.clear, colour=colour_name(colour)
        )
    return None


def _pay(
    state: RegenboogState, ships: tuple[Ship, ...], payers: Sequence[int], colour: int, amount: int
) -> tuple[Ship, ...]:
    """Take `amount` cubes of `colour` from the payers in order (the mover first)."""
    out = list(ships)
    for sid in payers:
        if amount <= 0:
            break
        s = out[sid]
        take = min(amount, s.cubes[colour])
        if take:
            out[sid] = _with_cubes(s, _add(s.cubes, colour, -take))
            amount -= take
    return tuple(out)


def _apply_travel(state: RegenboogState, action: Travel) -> RegenboogState:
    b = board(state)
    ship = state.ships[action.ship]
    to = b.by_id[action.to]
    cost = reach(state, ship)[to]
    fc = fuel_colour(state.options)
    ships = _pay(state, state.ships, (ship.id,), fc, cost)
    black = state.black
    if action.clear:
        ships = _pay(state, ships, (ship.id, *action.riders), position_colour(b, to), 2 * action.clear)
        black = _set(black, to, black[to] - action.clear)
    moved = list(ships)
    for sid in (ship.id, *action.riders):
        moved[sid] = _moved(moved[sid], to)
    return _part_two(state, ship.id, to, tuple(moved), black)


def _part_two(
    state: RegenboogState, sid: int, cell: int, ships: tuple[Ship, ...], black: tuple[int, ...]
) -> RegenboogState:
    """§2.7.6: what the ship may do where it now stands, or the end of its turn; `ships` and `black` are
    the state's after the ship arrived (one new state made, not one per step)."""
    if black[cell] > 0:
        return _end_turn(state, sid, ships, black=black)
    disc = state.discs[cell]
    if is_face_down(disc):
        return _evolve(
            state, ships=ships, black=black, active=sid, stage=Stage.FLIP, flip_cell=cell, flip_ship=sid
        )
    if disc > 0:
        return _evolve(state, ships=ships, black=black, active=sid, stage=Stage.LOAD, load_colour=disc)
    if cell == centre_cell(board(state)):
        colour = fuel_colour(state.options)
        return _evolve(state, ships=ships, black=black, active=sid, stage=Stage.LOAD, load_colour=colour)
    return _end_turn(state, sid, ships, black=black)


def _end_turn(
    state: RegenboogState, sid: int, ships: tuple[Ship, ...] | None = None, **changes: Any
) -> RegenboogState:
    """The ship's turn is over; `ships` (the state's if None) and `changes` are what else the action
    changed (one new state made)."""
    if ships is None:
        ships = state.ships
    ships = (*ships[:sid], _marked(ships[sid], True), *ships[sid + 1 :])
    return _evolve(state, ships=ships, active=-1, stage=Stage.NONE, load_colour=0, **changes)


# --- clearing the own cell, loading, passing (§2.7.5, §2.7.6) --------------------------------------------


def _clear_here_problem(state: RegenboogState, action: ClearHere) -> str | None:
    if not 0 <= action.ship < len(state.ships):
        return _("There is no such ship.")
    ship = state.ships[action.ship]
    problem = _may_start(state, ship)
    if problem is not None:
        return problem
    if state.active == ship.id:
        return _("A ship clears its own field only at the start of its turn.")
    blocks = state.black[ship.cell]
    if blocks == 0:
        return _("There is no blockade here.")
    colour = position_colour(board(state), ship.cell)
    stock = clearing_stock(state, ships_at(state, ship.cell), colour)
    if not 1 <= action.count <= blocks:
        return _("Clear between 1 and {n} black discs here.").format(n=blocks)
    if 2 * action.count > stock:
        return _("Clearing {n} black discs needs {cubes} {colour} cubes.").format(
            n=action.count, cubes=2 * action.count, colour=colour_name(colour)
        )
    return None


def _apply_clear_here(state: RegenboogState, action: ClearHere) -> RegenboogState:
    ship = state.ships[action.ship]
    cell = ship.cell
    payers = (ship.id, *(s.id for s in ships_at(state, cell) if s.id != ship.id))
    ships = _pay(state, state.ships, payers, position_colour(board(state), cell), 2 * action.count)
    left = state.black[cell] - action.count
    state = _evolve(state, ships=ships, black=_set(state.black, cell, left), active=ship.id)
    if left > 0:
        return _evolve(state, stage=Stage.MAY_EXIT)
    disc = state.discs[cell]
    if is_face_down(disc):
        return _evolve(state, stage=Stage.FLIP, flip_cell=cell, flip_ship=ship.id)
    if disc > 0:
        return _evolve(state, stage=Stage.LOAD, load_colour=disc)
    return _evolve(state, stage=Stage.MAY_TRAVEL)


def load_colour_for(state: RegenboogState, ship: Ship) -> int:
    """The colour this ship could load now (-1: none; 0 is white fuel): in its Part 2, or staying on a
    coloured disc or the centre at the start of its turn (§2.7.6)."""
    if state.active == ship.id:
        return state.load_colour if state.stage is Stage.LOAD else -1
    cell = ship.cell
    if state.black[cell] > 0:
        return -1
    disc = state.discs[cell]
    if disc > 0:
        return disc
    if cell == centre_cell(board(state)):
        return fuel_colour(state.options)
    return -1


def max_load(state: RegenboogState, ship: Ship) -> int:
    colour = load_colour_for(state, ship)
    if colour < 0:
        return 0
    return min(LOAD_LIMIT, room(ship, colour, state.options))


def _load_problem(state: RegenboogState, action: Load) -> str | None:
    if not 0 <= action.ship < len(state.ships):
        return _("There is no such ship.")
    ship = state.ships[action.ship]
    problem = _may_start(state, ship)
    if problem is not None:
        return problem
    if state.active == ship.id and state.stage is not Stage.LOAD:
        return _("There is nothing to load here.")
    colour = load_colour_for(state, ship)
    if colour < 0:
        return _("Cubes are loaded only on a face-up coloured disc or at the centre.")
    limit = max_load(state, ship)
    if not 1 <= action.count <= limit:
        if limit == 0:
            return _("The ship's hold is full.")
        return _("Load between 1 and {n} cubes.").format(n=limit)
    return None


def _pass_problem(state: RegenboogState, action: Pass) -> str | None:
    if not 0 <= action.ship < len(state.ships):
        return _("There is no such ship.")
    ship = state.ships[action.ship]
    problem = _may_start(state, ship)
    if problem is not None:
        return problem
    if state.active == ship.id and state.stage is Stage.FLIP:
        return _("The disc is being turned over.")
    return None


# --- free actions (§2.8) --------------------------------------------------------------------------------


def _free_problem(state: RegenboogState) -> str | None:
    if state.phase is not Phase.PLAYERS or _pending_chance(state):
        return _("Free actions happen in the players' phase.")
    return None


def _exchange_problem(state: RegenboogState, action: Exchange) -> str | None:
    problem = _free_problem(state)
    if problem is not None:
        return problem
    n = len(state.ships)
    if not (0 <= action.giver < n and 0 <= action.receiver < n) or action.giver == action.receiver:
        return _("Choose two different ships.")
    giver, receiver = state.ships[action.giver], state.ships[action.receiver]
    if giver.cell != receiver.cell:
        return _("Only ships on the same field can exchange cubes.")
    if not 1 <= action.count <= giver.cubes[action.colour]:
        return _("That ship does not hold that many {colour} cubes.").format(
            colour=colour_name(action.colour)
        )
    if action.count > room(receiver, action.colour, state.options):
        return _("That does not fit in the other ship's hold.")
    return None


def markers(rainbows: int) -> tuple[int, ...]:
    """§2.3.4 [APP]: the rainbow markers in the holes H1..H6, two places each, filled with the first marker of
    each hole in turn, then the second."""
    return tuple((rainbows >= k) + (rainbows >= k + 6) for k in range(1, 7))


def deliverable(state: RegenboogState) -> int:
    """How many rainbows the ships on the centre could hand in together now (§2.8 [RES-RG22])."""
    at = ships_at(state, centre_cell(board(state)))
    if not at:
        return 0
    return min(sum(s.cubes[c] for s in at) for c in RAINBOW)


def _deliver_problem(state: RegenboogState, action: Deliver) -> str | None:
    problem = _free_problem(state)
    if problem is not None:
        return problem
    sets = deliverable(state)
    if sets == 0:
        return _("Rainbows are delivered by ships on the centre holding all six colours between them.")
    if not 1 <= action.count <= sets:
        return _("The ships on the centre can deliver up to {n} rainbows.").format(n=sets)
    return None


def _apply_deliver(state: RegenboogState, action: Deliver) -> RegenboogState:
    centre = centre_cell(board(state))
    ships = state.ships
    for colour in RAINBOW:
        # Take each colour from the ships holding most of it first (keeps fuel where it is plentiful).
        payers = sorted((s.id for s in ships if s.cell == centre), key=lambda i: (-ships[i].cubes[colour], i))
        ships = _pay(state, ships, payers, colour, action.count)
    rainbows = min(RAINBOWS_TO_WIN, state.rainbows + action.count)
    state = _evolve(state, ships=ships, rainbows=rainbows)
    if rainbows >= RAINBOWS_TO_WIN:
        return _evolve(state, phase=Phase.WON, active=-1, stage=Stage.NONE)
    return state


def _jettison_problem(state: RegenboogState, action: Jettison) -> str | None:
    problem = _free_problem(state)
    if problem is not None:
        return problem
    if not 0 <= action.ship < len(state.ships):
        return _("There is no such ship.")
    if not 1 <= action.count <= state.ships[action.ship].cubes[action.colour]:
        return _("That ship does not hold that many {colour} cubes.").format(
            colour=colour_name(action.colour)
        )
    return None


# --- the game's turn, new rounds, phase starts (§2.9-§2.11) ------------------------------------------------


def blockade_cell(state: RegenboogState, throw: tuple[int, ...]) -> int:
    """The cell a throw puts a black disc on: (grey, black) = segment, position on the standard board;
    (black, white, grey) = sector, segment in the sector, position on the large board [RES-RG5]."""
    b = board(state)
    if state.options.large_board:
        sector, white, grey = throw
        return b.cell_at(SECTOR_TABLE[sector - 1][white - 1], grey)
    grey, black_die = throw
    return b.cell_at(grey, black_die)


def _dice_per_throw(state: RegenboogState) -> int:
    return 3 if state.options.large_board else 2


def _apply_blockades(state: RegenboogState, action: BlockadesRolled) -> RegenboogState:
    black = list(state.black)
    drops: list[int] = []
    for throw in action.throws:
        cell = blockade_cell(state, throw)
        black[cell] += 1
        drops.append(cell)
    state = _evolve(state, black=tuple(black), last_drops=tuple(drops))
    # §2.10 [RES-RG13]: a new round when no uncovered face-down disc is left.
    if any(d < 0 and k == 0 for d, k in zip(state.discs, state.black, strict=True)):
        return _start_players_phase(state)
    # Step 1: every uncovered face-up coloured disc goes back to the pool.
    pool = list(state.pool)
    discs = list(state.discs)
    for cell, (d, k) in enumerate(zip(state.discs, state.black, strict=True)):
        if d > 0 and k == 0:
            pool[d] += 1
            discs[cell] = DISC_NONE
    state = _evolve(state, discs=tuple(discs), pool=tuple(pool), phase=Phase.NEW_ROUND)
    queue = tuple(s for s in start.GREY_SEGMENTS if start.needed(state, s) > 0)
    # Steps 3-4: the pool, shuffled face down, is dealt out.
    return _continue_dealing(start.begin_deal(_evolve(state, place_queue=queue)))


def _continue_dealing(state: RegenboogState) -> RegenboogState:
    """After a placement or a flip in setup or a new round: the next chance event, or the players' phase."""
    if state.place_queue or _pending_chance(state):
        return state
    if state.flip_queue:
        cell = state.flip_queue[0]
        rest = state.flip_queue[1:]
        if not is_face_down(state.discs[cell]) or state.black[cell] > 0:
            return _continue_dealing(_evolve(state, flip_queue=rest, flip_ship=-1))
        return _evolve(state, flip_queue=rest, flip_ship=-1, flip_cell=cell)
    if state.phase is Phase.NEW_ROUND:
        return _start_players_phase(state, round_no=state.round_no + 1)
    return _start_players_phase(state)


def _flips_under_ships(state: RegenboogState) -> tuple[int, ...]:
    cells = sorted({s.cell for s in state.ships})
    return tuple(c for c in cells if is_face_down(state.discs[c]) and state.black[c] == 0)


def _start_players_phase(state: RegenboogState, **changes: Any) -> RegenboogState:
    """§2.6 and §2.11: a new cycle; the stranding check; the cycle cap. `changes` are what else the action
    changed (none that the stranding check reads); one new state is made."""
    ships = tuple(s if not s.acted else _marked(s, False) for s in state.ships)
    cycle_no = state.cycle_no + 1
    fresh = {"ships": ships, "cycle_no": cycle_no, "active": -1, "stage": Stage.NONE, "place_queue": ()}
    limit = state.options.max_cycles
    if limit and cycle_no > limit:
        return _evolve(state, phase=Phase.LOST, **fresh, **changes)
    # The check reads the ships' fields and cubes, the discs and the blockades: the same before the reset.
    if is_stranded(state):
        count = state.strand_count + 1
        phase = Phase.LOST if count >= state.options.strand_limit else Phase.GAME_TURN
        return _evolve(state, phase=phase, strand_count=count, stranded=True, **fresh, **changes)
    return _evolve(state, phase=Phase.PLAYERS, strand_count=0, stranded=False, **fresh, **changes)


def is_stranded(state: RegenboogState) -> bool:
    """§2.11 [RES-RG18]: no group of ships on one field has an option, and no rainbow can be delivered."""
    if deliverable(state) > 0:
        return False
    b = board(state)
    adjacent = b.adjacent(state.options.openings_passable)
    fc = fuel_colour(state.options)
    centre = centre_cell(b)
    groups: dict[int, list[Ship]] = {}
    for ship in state.ships:
        groups.setdefault(ship.cell, []).append(ship)
    for cell, group in groups.items():
        pooled = [sum(s.cubes[c] for s in group) for c in range(7)]
        if cell == centre:
            return False  # (c)
        if not state.options.white_fuel and state.discs[cell] == Colour.RED and state.black[cell] == 0:
            return False  # (c)
        here = state.black[cell]
        if _can_step(state, adjacent[cell], pooled, 3 if here else 1, fc, b):
            return False  # (a)
        if here:
            colour = position_colour(b, cell)
            if pooled[colour] >= 2 * here:
                after = list(pooled)
                after[colour] -= 2 * here
                if _can_step(state, adjacent[cell], after, 1, fc, b):
                    return False  # (b)
    return True


def _can_step(
    state: RegenboogState, around: Sequence[int], pooled: Sequence[int], exit_cost: int, fc: int, b: Board
) -> bool:
    fuel = pooled[fc]
    for n in around:
        if state.black[n] == 0:
            if fuel >= exit_cost:
                return True
        else:
            colour = position_colour(b, n)
            extra = 2 if colour == fc else 0
            if pooled[colour] >= 2 and fuel >= exit_cost + extra:
                return True
    return False


# --- flips (§2.7.6, §2.10 step 6) ------------------------------------------------------------------------


def flip_odds(state: RegenboogState, cell: int) -> list[tuple[int, Fraction]]:
    """What the face-down disc on `cell` turns up, with its chances (§2.7.6, §2.10): blank (0) or a colour
    (1..6), drawn from the discs of its own deal still face down. Empty when no disc lies face down there."""
    disc = state.discs[cell]
    if not is_face_down(disc):
        return []
    left = state.deals[deal_of(disc)]
    total = sum(left)
    return [(kind, Fraction(n, total)) for kind, n in enumerate(left) if n]


def flip_outcomes(state: RegenboogState) -> list[tuple[DiscFlipped, Fraction]]:
    cell_id = board(state).cells[state.flip_cell].id
    return [(DiscFlipped(cell_id, kind), p) for kind, p in flip_odds(state, state.flip_cell)]


def _sample_flip(state: RegenboogState, rng: Rng) -> DiscFlipped:
    left = state.deals[deal_of(state.discs[state.flip_cell])]
    pick = rng.below(sum(left))
    kind = 0
    while pick >= left[kind]:
        pick -= left[kind]
        kind += 1
    return DiscFlipped(board(state).cells[state.flip_cell].id, kind)


def _apply_flip(state: RegenboogState, action: DiscFlipped) -> RegenboogState:
    cell = state.flip_cell
    deal = deal_of(state.discs[cell])
    left = state.deals[deal]
    deals = _set_tuple(state.deals, deal, _add(left, action.colour, -1))
    if action.colour == BLANK:
        # §2.7.6: a blank goes back to the pool (off the board) once the white die has given its cube.
        pool = _add(state.pool, BLANK, 1)
        discs = _set(state.discs, cell, DISC_NONE)
        return _evolve(state, deals=deals, flip_cell=-1, discs=discs, pool=pool, white_cell=cell)
    discs = _set(state.discs, cell, action.colour)
    if state.flip_ship >= 0:
        return _evolve(
            state,
            deals=deals,
            flip_cell=-1,
            discs=discs,
            stage=Stage.LOAD,
            load_colour=action.colour,
            flip_ship=-1,
        )
    # §2.10 step 6 [RES-RG15]: each ship there may load up to 6 of the colour, as the team chooses.
    return _next_share(
        _evolve(
            state, deals=deals, flip_cell=-1, discs=discs, choosing=cell, load_colour=action.colour, loaded=()
        )
    )


def _set_tuple(
    values: tuple[tuple[int, ...], ...], index: int, value: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return (*values[:index], value, *values[index + 1 :])


def _apply_white(state: RegenboogState, action: WhiteRolled) -> RegenboogState:
    cell = state.white_cell
    colour = action.value
    if state.flip_ship >= 0:
        # The mover's Part 2: the cube is its own; a cube that does not fit is forfeited [RES-RG17].
        sid = state.flip_ship
        ship = state.ships[sid]
        ships = state.ships
        if room(ship, colour, state.options) > 0:
            ships = _with_ship(state, _with_cubes(ship, _add(ship.cubes, colour, 1)))
        return _end_turn(state, sid, ships, white_cell=-1, flip_ship=-1)
    # §2.10 step 6: the cube goes to one ship of the team's choice on that cell.
    return _next_share(_evolve(state, white_cell=-1, choosing=cell, load_colour=colour, loaded=()))


def sharers(state: RegenboogState) -> tuple[int, ...]:
    """The ships on the cell being shared out that the team may still choose (§2.10 step 6): for a coloured
    disc each ship there with room, in turn, that has not taken its share; for a blank every ship there
    with room for the cube."""
    colour = state.load_colour
    return tuple(
        s.id
        for s in ships_at(state, state.choosing)
        if s.id not in state.loaded and room(s, colour, state.options) > 0
    )


def _sharing_blank(state: RegenboogState) -> bool:
    """Whether the share-out is of a blank's cube (the cell's disc has gone back to the pool)."""
    return state.discs[state.choosing] <= 0


def _next_share(state: RegenboogState) -> RegenboogState:
    """Ask the team for the next share of the flipped disc, or go on dealing when nothing is left to ask:
    no ship has room, or a blank's cube has only one ship to go to."""
    left = sharers(state)
    if left and _sharing_blank(state) and len(left) == 1:
        return _apply_share(state, Share(left[0], 1))
    if not left:
        return _continue_dealing(_evolve(state, choosing=-1, loaded=(), load_colour=0))
    return state


def share_limit(state: RegenboogState, ship: Ship) -> int:
    """The most this ship may take in the share-out: 6 of a coloured disc within its room, or the blank's
    one cube."""
    if _sharing_blank(state):
        return 1
    return min(LOAD_LIMIT, room(ship, state.load_colour, state.options))


def share_actions(state: RegenboogState) -> list[RegenboogAction]:
    """The team's choices in a share-out: a blank's cube to any ship there with room; a coloured disc's
    load of 0 to 6 for the first ship still to take its share (the most first, the default)."""
    left = sharers(state)
    if _sharing_blank(state):
        return [Share(sid, 1) for sid in left]
    ship = state.ships[left[0]]
    return [Share(ship.id, n) for n in range(share_limit(state, ship), -1, -1)]


def _share_problem(state: RegenboogState, action: Share) -> str | None:
    if state.choosing < 0:
        return _("Nothing is being shared out.")
    if not all(type(v) is int for v in (action.ship, action.count)):  # a crafted file's "1" or true
        return _("That ship cannot take a share of this disc.")
    left = sharers(state)
    if action.ship not in left:
        return _("That ship cannot take a share of this disc.")
    if _sharing_blank(state):
        if action.count != 1:
            return _("A blank disc gives one cube.")
        return None
    if action.ship != left[0]:
        return _("{ship} takes its share first.").format(ship=ship_words(state.ships[left[0]]).capitalize())
    limit = share_limit(state, state.ships[action.ship])
    if not 0 <= action.count <= limit:
        return _("Load between 0 and {n} cubes.").format(n=limit)
    return None


def _apply_share(state: RegenboogState, action: Share) -> RegenboogState:
    ship = state.ships[action.ship]
    colour = state.load_colour
    if action.count:
        state = _evolve(
            state, ships=_with_ship(state, _with_cubes(ship, _add(ship.cubes, colour, action.count)))
        )
    if _sharing_blank(state):
        return _continue_dealing(_evolve(state, choosing=-1, loaded=(), load_colour=0))
    return _next_share(_evolve(state, loaded=(*state.loaded, ship.id)))


# --- the contract ------------------------------------------------------------------------------------------


def why_illegal(state: RegenboogState, action: RegenboogAction) -> str | None:
    # `apply` nearly always follows `legal_actions` or `sample_chance` of the same state (the table, a
    # replay, a playout): an action the engine just gave for it is well formed and legal without asking
    # again (the same object: a scan by identity, since comparing dataclasses field by field would cost
    # more than the check it saves).
    seen, given = _last_given
    if seen is state and any(map(is_, given, repeat(action))):
        return None
    shape = action_shape_problem(action, ACTION_TYPES)  # any value, of any type (issue 37)
    if shape is not None:
        return shape
    return _why_not(state, action)


def _why_not(state: RegenboogState, action: RegenboogAction) -> str | None:
    """`why_illegal` for a well-shaped action, worked out from the rules (the reason it is refused)."""
    if state.phase in (Phase.WON, Phase.LOST):
        return _("The game is over.")
    if isinstance(action, Travel):
        return _travel_problem(state, action)
    if isinstance(action, Load):
        return _load_problem(state, action)
    if isinstance(action, Pass):
        return _pass_problem(state, action)
    if isinstance(action, ClearHere):
        return _clear_here_problem(state, action)
    if isinstance(action, Exchange):
        return _exchange_problem(state, action)
    if isinstance(action, Jettison):
        return _jettison_problem(state, action)
    if isinstance(action, Deliver):
        return _deliver_problem(state, action)
    if isinstance(action, EndPhase):
        if state.phase is not Phase.PLAYERS or _pending_chance(state):
            return _("It is not the players' phase.")
        if state.active >= 0 or not all(s.acted for s in state.ships):
            return _("Every ship takes its turn (or passes) before the phase ends.")
        return None
    if isinstance(action, Concede):
        if _deciding(state):
            return None
        return _("The team can give up only in the players' phase.")
    if isinstance(action, Share):
        return _share_problem(state, action)
    return _chance_problem(state, action)


def _chance_problem(state: RegenboogState, action: RegenboogAction) -> str | None:
    if isinstance(action, DiscsPlaced):
        if state.phase not in (Phase.SETUP, Phase.NEW_ROUND) or not state.place_queue:
            return _("Grey discs are placed at the start and at new rounds.")
        if action.segment != state.place_queue[0]:
            return _("The discs go on segment {n} next.").format(n=state.place_queue[0])
        if not start.is_possible_placement(state, action.segment, action.positions):
            return _("No throw of the dice puts discs there.")
        return None
    if isinstance(action, DiscFlipped):
        if state.flip_cell < 0:
            return _("No disc is being flipped.")
        if action.cell != board(state).cells[state.flip_cell].id:
            return _("A different disc is being flipped.")
        if action.colour not in dict(flip_odds(state, state.flip_cell)):
            if action.colour == BLANK:
                return _("No blank disc is left face down in that deal.")
            return _("That coloured disc is not among the face-down discs of that deal.")
        return None
    if isinstance(action, WhiteRolled):
        if state.white_cell < 0:
            return _("The white die is rolled only for a blank disc.")
        if not 1 <= action.value <= 6:
            return _("Dice show 1 to 6.")
        return None
    if isinstance(action, BlockadesRolled):
        if state.phase is not Phase.GAME_TURN:
            return _("Black discs drop in the game's turn.")
        size = _dice_per_throw(state)
        if len(action.throws) != 2 or any(
            len(t) != size or any(not 1 <= v <= 6 for v in t) for t in action.throws
        ):
            return _("The game throws its dice twice.")
        return None
    return _("That is not a De Regenboog action.")


def apply(state: RegenboogState, action: RegenboogAction) -> RegenboogState:
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    if isinstance(action, Travel):
        return _apply_travel(state, action)
    if isinstance(action, Load):
        ship = state.ships[action.ship]
        colour = load_colour_for(state, ship)
        loaded = _with_cubes(ship, _add(ship.cubes, colour, action.count))
        return _end_turn(state, ship.id, _with_ship(state, loaded))
    if isinstance(action, Pass):
        return _end_turn(state, action.ship)
    if isinstance(action, ClearHere):
        return _apply_clear_here(state, action)
    if isinstance(action, Exchange):
        giver, receiver = state.ships[action.giver], state.ships[action.receiver]
        ships = _with_ship(state, _with_cubes(giver, _add(giver.cubes, action.colour, -action.count)))
        receiver = _with_cubes(receiver, _add(receiver.cubes, action.colour, action.count))
        return _evolve(state, ships=_with_ship(_evolve(state, ships=ships), receiver))
    if isinstance(action, Jettison):
        ship = state.ships[action.ship]
        return _evolve(
            state,
            ships=_with_ship(state, _with_cubes(ship, _add(ship.cubes, action.colour, -action.count))),
        )
    if isinstance(action, Deliver):
        return _apply_deliver(state, action)
    if isinstance(action, EndPhase):
        return _evolve(state, phase=Phase.GAME_TURN, stranded=False)
    if isinstance(action, Concede):
        return _evolve(state, phase=Phase.LOST, conceded=True)
    if isinstance(action, Share):
        return _apply_share(state, action)
    if isinstance(action, DiscsPlaced):
        b = board(state)
        discs = state.discs
        disc = face_down(len(state.deals) - 1)
        for p in action.positions:
            discs = _set(discs, b.cell_at(action.segment, p), disc)
        state = _evolve(state, discs=discs, place_queue=state.place_queue[1:])
        if not state.place_queue:
            state = _evolve(state, flip_queue=_flips_under_ships(state))
        return _continue_dealing(state)
    if isinstance(action, DiscFlipped):
        return _apply_flip(state, action)
    if isinstance(action, WhiteRolled):
        return _apply_white(state, action)
    if isinstance(action, BlockadesRolled):
        return _apply_blockades(state, action)
    raise IllegalAction(_("That is not a De Regenboog action."))


def travel_actions(state: RegenboogState, ship: Ship) -> list[Travel]:
    """Every legal Travel of this ship (destinations × riders × clearing counts)."""
    if _may_start(state, ship) is not None:
        return []
    if state.active == ship.id and state.stage not in (Stage.MAY_TRAVEL, Stage.MAY_EXIT):
        return []
    return _travels(state, ship)


def _travels(state: RegenboogState, ship: Ship) -> list[Travel]:
    """`travel_actions` of a ship that may travel now."""
    b = board(state)
    sid = ship.id
    others = tuple(s.id for s in state.ships if s.cell == ship.cell and s.id != sid)
    black = state.black
    runs, blocked = _travel_runs(
        b, state.options.openings_passable, black, ship.cell, _reach_limit(state, ship), sid, others
    )
    out = list(runs[0])
    for k, (to, cost) in enumerate(blocked, 1):
        blocks = black[to]
        cell_id = b.cells[to].id
        for riders in _rider_sets(others):
            group = [ship, *(state.ships[r] for r in riders)]
            stock = clearing_stock(state, group, position_colour(b, to), cost)
            out.extend(Travel(sid, cell_id, riders, clear) for clear in range(1, min(blocks, stock // 2) + 1))
        out.extend(runs[k])
    return out


@lru_cache(maxsize=4096)
def _travel_runs(
    b: Board, passable: bool, black: tuple[int, ...], cell: int, limit: int, sid: int, others: tuple[int, ...]
) -> tuple[tuple[tuple[Travel, ...], ...], tuple[tuple[int, int], ...]]:
    """A ship's travels that clear nothing, in the order of `reach`, as runs between the destinations
    holding black discs (given apart, with their cost: what clearing there allows depends on the cubes
    aboard). Remembered: most ships have not moved, and no disc has dropped, since the last decision."""
    plain = _plain_travels(b, sid, others)
    runs: list[list[Travel]] = [[]]
    blocked: list[tuple[int, int]] = []
    for to, cost in _reach_of(b, passable, black, cell, limit).items():
        if black[to]:
            blocked.append((to, cost))
            runs.append([])
        else:
            runs[-1].extend(plain[to])
    return tuple(tuple(run) for run in runs), tuple(blocked)


@lru_cache(maxsize=256)
def _rider_sets(others: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(c) for k in range(len(others) + 1) for c in combinations(others, k))


@lru_cache(maxsize=1024)
def _plain_travels(b: Board, sid: int, others: tuple[int, ...]) -> tuple[tuple[Travel, ...], ...]:
    """Per destination cell, the travels of ship `sid` there with each set of riders, clearing nothing:
    made once per board, ship and company (actions are immutable), since listing the legal actions of
    every ship that has not acted is the hot path of a search or a playout (§2.6: any ship may go next)."""
    sets = _rider_sets(others)
    return tuple(tuple(Travel(sid, cell.id, riders, 0) for riders in sets) for cell in b.cells)


def ship_actions(state: RegenboogState, ship: Ship) -> list[RegenboogAction]:
    """The turn actions of one ship (not the free actions)."""
    if _may_start(state, ship) is not None:
        return []
    sid = ship.id
    mid_turn = state.active == sid
    if mid_turn and state.stage is Stage.FLIP:
        return []
    out: list[RegenboogAction] = []
    if not mid_turn or state.stage in (Stage.MAY_TRAVEL, Stage.MAY_EXIT):
        out.extend(_travels(state, ship))
    blocks = state.black[ship.cell]
    if not mid_turn and blocks > 0:
        colour = position_colour(board(state), ship.cell)
        stock = clearing_stock(state, ships_at(state, ship.cell), colour)
        out.extend(_counted(ClearHere, sid, min(blocks, stock // 2)))
    out.extend(_counted(Load, sid, max_load(state, ship)))
    out.append(_pass_of(sid))
    return out


@lru_cache(maxsize=256)
def _counted(kind: type[ClearHere | Load], sid: int, most: int) -> tuple[ClearHere | Load, ...]:
    """`kind(sid, 1)` .. `kind(sid, most)`, made once (a ship's loads and clearings are listed at every
    decision)."""
    return tuple(kind(sid, n) for n in range(1, most + 1))


@lru_cache(maxsize=64)
def _pass_of(sid: int) -> Pass:
    return Pass(sid)


_COLOURS: tuple[Colour, ...] = tuple(Colour)


@lru_cache(maxsize=4096)
def _jettisons(sid: int, colour: int, most: int) -> tuple[Jettison, ...]:
    """Jettison 1..most of a colour from a ship, made once (the free actions are listed at every step)."""
    return tuple(Jettison(sid, _COLOURS[colour], n) for n in range(1, most + 1))


@lru_cache(maxsize=4096)
def _exchanges(giver: int, receiver: int, colour: int, most: int) -> tuple[Exchange, ...]:
    return tuple(Exchange(giver, receiver, _COLOURS[colour], n) for n in range(1, most + 1))


@lru_cache(maxsize=4096)
def _all_jettisons(sid: int, cubes: tuple[int, ...]) -> tuple[Jettison, ...]:
    """Every jettison of a ship holding `cubes`, colour by colour (a ship alone on its field has no other
    free action of its own)."""
    return tuple(j for colour, held in enumerate(cubes) if held for j in _jettisons(sid, colour, held))


def free_actions(state: RegenboogState) -> list[RegenboogAction]:
    out: list[RegenboogAction] = []
    ships = state.ships
    cells = [s.cell for s in ships]
    alone = len(set(cells)) == len(cells)  # every ship alone on its field: the common case
    for giver in ships:
        if alone or cells.count(giver.cell) == 1:
            out.extend(_all_jettisons(giver.id, giver.cubes))
            continue
        mates = [r for r in ships if r.id != giver.id and r.cell == giver.cell]
        for colour, held in enumerate(giver.cubes):
            if not held:
                continue
            sid = giver.id
            out.extend(_jettisons(sid, colour, held))
            for receiver in mates:
                fit = min(held, room(receiver, colour, state.options))
                out.extend(_exchanges(sid, receiver.id, colour, fit))
    out.extend(Deliver(n) for n in range(1, deliverable(state) + 1))
    return out


def legal_actions(state: RegenboogState) -> list[RegenboogAction]:
    global _last_given
    out = _legal_actions(state)
    # One pair, replaced whole: a thread reading it meanwhile sees an old pair or the new one, never half.
    _last_given = (state, tuple(out))
    return out


_last_given: tuple[RegenboogState | None, tuple[RegenboogAction, ...]] = (None, ())
"""The state the engine was last asked about and what it gave (`legal_actions`' list, or the chance event
`sample_chance` drew), for `why_illegal` (states are frozen, and the pair holds the state, so `is` never
meets another state at the same address)."""


def _legal_actions(state: RegenboogState) -> list[RegenboogAction]:
    if state.choosing >= 0 and state.flip_cell < 0 and state.white_cell < 0:
        return [*share_actions(state), Concede()]
    if state.phase is not Phase.PLAYERS or _pending_chance(state):
        return []
    out: list[RegenboogAction] = []
    if state.active >= 0:
        out.extend(ship_actions(state, state.ships[state.active]))
    elif all(s.acted for s in state.ships):
        out.append(EndPhase())
    else:
        # §2.6: no fixed order; any ship that has not acted may go next.
        for ship in state.ships:
            if not ship.acted:
                out.extend(ship_actions(state, ship))
    out.extend(free_actions(state))
    out.append(Concede())
    return out


GAME_TURN_WHAT = N_("the dice say where black discs drop")
"""The status card's line under "The game's turn" (§2.9), which it would otherwise say twice."""


def to_act(state: RegenboogState) -> ToAct:
    phase = state.phase
    if phase in (Phase.WON, Phase.LOST):
        return Finished(outcome(state))
    if state.flip_cell >= 0:
        return Chance(_("flip"), _("Flipping a disc"))
    if state.white_cell >= 0:
        return Chance(_("white die"), _("Rolling the white die"))
    if state.choosing >= 0:
        return Players((current_seat(state),), share_prompt(state))
    if phase in (Phase.SETUP, Phase.NEW_ROUND):
        return Chance(_("placing discs"), _("Placing grey discs"))
    if phase is Phase.GAME_TURN:
        if state.stranded:
            # §2.11: say it when the loss approaches.
            caption = _("No ship can act ({n} of {limit}): the game's turn").format(
                n=state.strand_count, limit=state.options.strand_limit
            )
            return Chance(_(GAME_TURN_WHAT), caption)
        return Chance(_(GAME_TURN_WHAT), _("The game's turn"))
    return Players(acting_seats(state), prompt(state))


def share_prompt(state: RegenboogState) -> str:
    """Short: the panel gives the prompt one line; the log has just said which disc turned up where."""
    if _sharing_blank(state):
        return _("Which ship takes the {colour} cube?").format(colour=colour_name(state.load_colour))
    ship = state.ships[sharers(state)[0]]
    return _("{ship}: load how many {colour}?").format(
        colour=colour_name(state.load_colour), ship=ship_words(ship).capitalize()
    )


def prompt(state: RegenboogState) -> str:
    if state.active >= 0:
        ship = state.ships[state.active]
        if state.stage is Stage.LOAD:
            return _("Load {colour} cubes onto {ship}, or end its turn").format(
                colour=colour_name(state.load_colour), ship=ship_words(ship)
            )
        if state.stage is Stage.MAY_EXIT:
            return _("Leave the blockade for 3 fuel, or end the turn")
        return _("Sail {ship} on, or end its turn").format(ship=ship_words(ship))
    if all(s.acted for s in state.ships):
        return _("Every ship has acted: end the players' phase")
    return _("Choose a ship and sail, load or pass")


def sample_chance(state: RegenboogState, rng: Rng) -> RegenboogAction:
    global _last_given
    action = _sample_chance(state, rng)
    _last_given = (state, (action,))  # drawn among the possible outcomes only: see `why_illegal`
    return action


def _sample_chance(state: RegenboogState, rng: Rng) -> RegenboogAction:
    if state.flip_cell >= 0:
        return _sample_flip(state, rng)
    if state.white_cell >= 0:
        return WhiteRolled(rng.roll())
    if state.phase in (Phase.SETUP, Phase.NEW_ROUND) and state.place_queue:
        segment = state.place_queue[0]
        return DiscsPlaced(segment, start.sample_placement(state, segment, rng))
    if state.phase is Phase.GAME_TURN:
        size = _dice_per_throw(state)
        return BlockadesRolled(tuple(tuple(rng.roll() for _i in range(size)) for _t in range(2)))
    raise ValueError("no chance event is pending")


def chance_outcomes(state: RegenboogState) -> list[tuple[RegenboogAction, Fraction]] | None:
    if state.flip_cell >= 0:
        return list(flip_outcomes(state))
    if state.choosing >= 0 and state.white_cell < 0:
        return []
    if state.white_cell >= 0:
        return [(WhiteRolled(v), Fraction(1, 6)) for v in range(1, 7)]
    if state.phase in (Phase.SETUP, Phase.NEW_ROUND) and state.place_queue:
        segment = state.place_queue[0]
        return [(DiscsPlaced(segment, p), chance) for p, chance in start.placement_outcomes(state, segment)]
    if state.phase is Phase.GAME_TURN:
        if state.options.large_board:
            return None
        throws = list(product(range(1, 7), repeat=2))
        p = Fraction(1, len(throws) ** 2)
        return [(BlockadesRolled((a, b)), p) for a in throws for b in throws]
    return []


# --- the end and the words ------------------------------------------------------------------------------


def outcome(state: RegenboogState) -> Outcome:
    everyone = frozenset(range(state.seat_count))
    scores = (state.rainbows,) * state.seat_count
    details: tuple[tuple[str, Words | str], ...] = (
        (_("Rainbows delivered"), f"{state.rainbows} / {RAINBOWS_TO_WIN}"),
        (_("Cycles"), str(state.cycle_no)),
        (_("Rounds"), str(state.round_no)),
    )
    if state.phase is Phase.WON:
        summary = _("The team delivered twelve rainbows in {n} cycles!").format(n=state.cycle_no)
        return Outcome(scores, everyone, summary, details, cooperative=True)
    if state.conceded:
        summary = _("The team gave up with {n} rainbows delivered.").format(n=state.rainbows)
    elif state.options.max_cycles and state.cycle_no > state.options.max_cycles:
        summary = _("The cycle limit ran out with {n} rainbows delivered.").format(n=state.rainbows)
    else:
        summary = _("The ships are stuck: no ship could act for {n} phases in a row.").format(
            n=state.strand_count
        )
    return Outcome(scores, frozenset(), summary, details, cooperative=True)


LOADS_ONE = N_(" loads {n} {colour} cube onto {ship}.")
LOADS_MANY = N_(" loads {n} {colour} cubes onto {ship}.")


def describe(state: RegenboogState, action: RegenboogAction) -> Words:
    b = board(state)
    if isinstance(action, Travel):
        ship = state.ships[action.ship]
        to = b.by_id[action.to]
        cost = reach(state, ship).get(to, 0)
        words: list[str | SeatRef] = [
            SeatRef(ship.owner),
            _(" sails {ship} to {cell} for {fuel} fuel").format(
                ship=ship_words(ship), cell=action.to, fuel=cost
            ),
        ]
        if action.riders:
            names = ", ".join(ship_words(state.ships[r]) for r in action.riders)
            words.append(_(", carrying {ships}").format(ships=names))
        if action.clear:
            words.append(_(" and clears {n} black discs").format(n=action.clear))
        words.append(".")
        return tuple(words)
    if isinstance(action, Load):
        ship = state.ships[action.ship]
        colour = colour_name(max(0, load_colour_for(state, ship)))
        return say(
            ship.owner,
            plural(action.count, LOADS_ONE, LOADS_MANY, colour=colour, ship=ship_words(ship)),
        )
    if isinstance(action, Pass):
        ship = state.ships[action.ship]
        if state.active == ship.id:
            return say(ship.owner, _(" ends the turn of {ship}.").format(ship=ship_words(ship)))
        return say(ship.owner, _(" lets {ship} pass.").format(ship=ship_words(ship)))
    if isinstance(action, ClearHere):
        ship = state.ships[action.ship]
        return say(
            ship.owner,
            _(" clears {n} black discs under {ship}.").format(n=action.count, ship=ship_words(ship)),
        )
    if isinstance(action, Share) and 0 <= action.ship < len(state.ships):
        ship = state.ships[action.ship]
        colour = colour_name(state.load_colour)
        if state.choosing >= 0 and _sharing_blank(state):
            return say(
                ship.owner,
                _(" gives the {colour} cube to {ship}.").format(colour=colour, ship=ship_words(ship)),
            )
        return say(
            ship.owner,
            plural(action.count, LOADS_ONE, LOADS_MANY, colour=colour, ship=ship_words(ship)),
        )
    seat = current_seat(state)
    if isinstance(action, Exchange):
        return say(
            seat,
            plural(
                action.count,
                N_(" moves {n} {colour} cube from {giver} to {receiver}."),
                N_(" moves {n} {colour} cubes from {giver} to {receiver}."),
                colour=colour_name(action.colour),
                giver=ship_words(state.ships[action.giver]),
                receiver=ship_words(state.ships[action.receiver]),
            ),
        )
    if isinstance(action, Jettison):
        return say(
            seat,
            plural(
                action.count,
                N_(" throws {n} {colour} cube overboard from {ship}."),
                N_(" throws {n} {colour} cubes overboard from {ship}."),
                colour=colour_name(action.colour),
                ship=ship_words(state.ships[action.ship]),
            ),
        )
    if isinstance(action, Deliver):
        return say(seat, _(" delivers {n} rainbows at the centre.").format(n=action.count))
    if isinstance(action, EndPhase):
        return say(seat, _(" ends the players' phase."))
    if isinstance(action, Concede):
        return say(seat, _(" gives up for the team."))
    if isinstance(action, DiscsPlaced):
        cells = ", ".join(f"{action.segment}.{p}" for p in action.positions)
        return (_("Grey discs are placed face down on {cells}.").format(cells=cells),)
    if isinstance(action, DiscFlipped):
        if action.colour == 0:
            return (_("The disc on {cell} is blank.").format(cell=action.cell),)
        return (
            _("The disc on {cell} is {colour}.").format(cell=action.cell, colour=colour_name(action.colour)),
        )
    if isinstance(action, WhiteRolled):
        return (
            _("The white die shows {v}: one {colour} cube.").format(
                v=action.value, colour=colour_name(action.value)
            ),
        )
    if isinstance(action, BlockadesRolled):
        # Each field with the dice that named it: "5-4" beside a field "5.4" read as two notations.
        drops = _(" and ").join(
            _("{cell} (thrown {dice})").format(
                cell=b.cells[blockade_cell(state, t)].id,
                dice=", ".join(str(v) for v in t[:-1]) + _(" and ") + str(t[-1]),
            )
            for t in action.throws
        )
        return (_("Black discs drop on {drops}.").format(drops=drops),)
    return ("",)


def seat_summary(state: RegenboogState, seat: int) -> str:
    fc = fuel_colour(state.options)
    parts = []
    for ship in state.ships:
        if ship.owner == seat:
            cargo = sum(ship.cubes) - ship.cubes[fc]
            parts.append(
                _("{ship} at {cell}: {fuel} fuel, {cargo} cargo").format(
                    ship=ship_words(ship).capitalize(),
                    cell=board(state).cells[ship.cell].id,
                    fuel=ship.cubes[fc],
                    cargo=cargo,
                )
            )
    return "; ".join(parts)


# --- the dice thrown (issue 43's fairness page) ----------------------------------------------------------

FACES = ("1", "2", "3", "4", "5", "6")
BLACK_DIE = DieKind(N_("black die"), FACES)
GREY_DIE = DieKind(N_("grey die"), FACES)
WHITE_DIE = DieKind(N_("white die"), FACES)
"""The three d6 of §2.1. The throws that lay grey discs (§2.5, §2.10) are not counted: a throw is thrown
again until its discs fit and doubles move a disc to the centre, so the log keeps where the discs went, not
the faces thrown."""


def dice_rolled(state: RegenboogState, action: RegenboogAction) -> tuple[DieRoll, ...]:
    """The white die for a blank disc (§2.1), and the game's turn: (grey, black) per throw on the standard
    board, (black, white, grey) on the large one (§2.9 [RES-RG5])."""
    if isinstance(action, WhiteRolled):
        return (DieRoll(WHITE_DIE.name, str(action.value)),)
    if isinstance(action, BlockadesRolled):
        kinds = (BLACK_DIE, WHITE_DIE, GREY_DIE) if state.options.large_board else (GREY_DIE, BLACK_DIE)
        return tuple(
            DieRoll(kind.name, str(v))
            for throw in action.throws
            for kind, v in zip(kinds, throw, strict=False)
        )
    return ()


class RegenboogRules(RulesBase[RegenboogState, RegenboogAction, RegenboogOptions]):
    """The game contract for De Regenboog (core/game.py): the functions above are its methods, as they
    are (static, so a call costs no forwarding frame on the search's hot path)."""

    id = "regenboog"
    title = "De Regenboog"
    seat_counts = range(1, 7)
    rules_version = 2
    """2: the grey discs are drawn from the pool kept in the state, and the team shares out a disc flipped
    under ships; a version-1 save's flips were drawn otherwise, so it is refused with the version named."""
    options_type = RegenboogOptions
    state_type = RegenboogState
    action_types = ACTION_TYPES

    def default_options(self) -> RegenboogOptions:
        return RegenboogOptions()

    def self_play_options(self, options: RegenboogOptions) -> RegenboogOptions:
        """§2.11 [APP]: a table of computers plays to a cycle limit ("for AI self-play use e.g. 400";
        reaching it is a loss), unless one was chosen: the helper gives up only when the team can never
        win (ai.cannot_win), so a game its planner cannot finish would otherwise go on for ever."""
        return options if options.max_cycles else replace(options, max_cycles=SELF_PLAY_CYCLES)

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

    dice_kinds: tuple[DieKind, ...] = (BLACK_DIE, GREY_DIE, WHITE_DIE)
    dice_rolled = staticmethod(dice_rolled)

    def scores(self, state: RegenboogState) -> tuple[int, ...]:
        return (state.rainbows,) * state.seat_count


RULES = RegenboogRules()
