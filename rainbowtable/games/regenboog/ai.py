"""The cooperative helper for De Regenboog (regenboog.md §2.15): it sails computer-controlled ships and gives
the table's "Suggest" a good move with a one-line reason.

A planner in the spirit of §2.15, kept cheap enough to decide in a few milliseconds:
- one ship (the first, the red ship with six compartments) is the **depot**: it sails to the centre and
  stays, loading fuel every turn, taking the couriers' cargo and topping up their fuel, so rainbows are
  delivered as soon as the pooled cubes make a set;
- every other ship is a **courier**. Each candidate move is scored by what the arrival gives now (a flipped
  disc's expected cubes, a coloured disc's load, fuel at the centre), by a potential over the board (the
  best target within reach, discounted by distance: hidden discs, needed coloured discs, the centre when it
  carries cargo or runs low), minus the fuel it burns and a penalty when the fuel left would not bring the
  ship back to the centre by one-step turns;
- targets behind blockades keep a value (each black disc on the way counts as two steps more, §2.15
  *Clear*), and a courier at the centre takes from the depot the cubes that clear the first blockade on its
  way, so the team does not wait at the centre while the board fills with black discs;
- free actions: deliver whenever possible, hand cargo to the depot, give fuel to a ship that has none.
The helper decides from `RULES.observe(state, seat)` only (the game hides nothing: a face-down disc's kind
is drawn at the flip from the discs of its deal still face down, and those counts are what the helper's
expectations read, §2.15). It also chooses which of its ships sails next (§2.6: no fixed order), the best
scored move over all of them, and shares out a disc flipped under ships at a new round (`Share`).
Levels, strictly ordered: EASY plays a random move a third of the time; MEDIUM follows the planner;
HARD is §2.15's look-ahead on the shared search (`ai/search.py`, `hard_action`): where a seat chooses which
ship sails where, the search tells apart the planner's best few moves (`hard_moves`), plays the futures out
with the planner and scores them with `team_value` (rainbows, sets held, useful cubes, fuel deficits) against
the position now, with a fixed number of simulations (reproducible); mid-turn choices and free actions stay
the planner's. The Hint button runs the shared search with this planner as its prior, rollout and reason.
The helper gives up for the team only when the team can never win (`cannot_win`: no new round can bring a
grey disc and no ship can get at one, §2.7.3, §2.9, §2.10); the rules end every other game (a win, or
§2.11's stranding). A table of computers plays to the rules' cycle limit for self-play (§2.11 [APP], 400
cycles, `RULES.self_play_options`), which a game the planner cannot finish reaches as a loss.

Issue 41, second pass (seeds from 0, default options, processor time a game; "cap": games that reached
400 cycles). Before it, the helper gave up at cycle 150 (or 100 with fewer than 6 rainbows):
- Before (the earlier pass's figures, seeds 0-99): Medium's table won 39 at 2 players on the standard
  board (Wilson 95% 30.0-48.8%; re-measured here: 39, 0.7 s a game), 32 at 4 (23.7-41.7%), 57 at 6
  (47.2-66.3%), 31 at 4 on the large board (22.8-40.6%), 54 at 6 large (44.3-63.4%); Easy 0 (0-3.7%);
  Hard 22 of seeds 0-42 at 2 players (51%, 36.8-65.4%, 30-45 s a game), where Medium won 21.
- After: Medium 2 players standard 56 of 100 (46.2-65.3%, 1.3 s a game; paired with the old planner
  on the same seeds, 27 won only by the new, 10 only by the old; 26 of seeds 0-42); every win by
  cycle 64, 35 losses conceded by `cannot_win`, 9 reached the cap. Seeds 0-29 (one commit earlier, the
  choked bonus then on every covered disc): 4 players standard 17 of 30 (39.2-72.6%, 1.3 s, 3 at the
  cap), 6 players 20 (48.8-80.8%, 2.8 s, none at the cap), 4 players large 21 (52.1-83.3%, 1.0 s, 2 at
  the cap), 6 players large 21 (52.1-83.3%, 3.0 s, 2 at the cap). Easy 2 players 0 of 100 (0-3.7%,
  every game stranded by cycle 68). Hard 2 players standard, seeds 0-22 (the run stopped at the
  deadline): 17 of 23 (73.9%, 53.5-87.5%; first recorded here as 16, a miscount of the run's own lines),
  where the new Medium won 15 and the old 14; 67 s a game (22 s
  a won game, 110-340 s a lost one, which now runs on past cycle 100); no game at the cap. Its decisions
  (9,890, processor time on a loaded machine): median 2.5 ms, 95th percentile 585 ms, at HARD_TIME_CAP_S:
  late, choked positions cost the look-ahead more than before and the longer games reach more of them
  (on 66 early searched decisions, old and new measured side by side: 95th percentile 185-208 ms old,
  218-276 ms new). Hard above Medium is still not shown on so few games.
  What moved it: couriers heading home no longer keep 3 fuel for a blockade exit, a rescuer is drawn onto
  a ship that ran dry (not only next to it), a ship walled in measures its way home through the walls,
  spare fuel of a teammate at the destination counts towards the safety margin. Wins come early (none
  after cycle 64 in these runs): the games that run long are choked boards with stacks of 15 and more,
  which a whole fleet's fuel could in principle clear (so `cannot_win` does not give them up) but the
  planner does not.

Issue 41, third pass (the same measure: seeds from 0, the rules' self-play options, processor time a game,
"cap" as above). Today's figures, the second pass's planner (ad36527), seeds 0-99: Medium 4 players
standard 48 (38.5-57.7%, 8 at the cap, 1.2 s a game), 6 players standard 72 (62.5-79.9%, 2, 2.0 s),
4 players large 67 (57.3-75.4%, 4, 1.1 s), 6 players large 80 (71.1-86.7%, 2, 2.1 s); 2 players standard
56 (above) and on seeds 100-299 88 of 200 (37.3-50.9%, 27 at the cap, 1.6 s). Easy 0 of 100 at 4 and 6
players on both boards (0-3.7%; every team stranded or gave up by cycle 113, none at the cap). Hard at 2
players standard, seeds 23 and 24 (the continuation stopped there for the new planner's Hard): won 23, lost
24 (Medium lost both), so 18 of seeds 0-24 (52.4-85.7%) where Medium won 15: 6 seeds won only by Hard, 3
only by Medium (sign test p = 0.51), 65 s a game (23 s won, 174 s lost).
The capped games, looked at near cycle 100: every disc but one under stacks of 5-25 black discs, the team
short of one colour and of the cubes for the stacks in its way. Seed 71: no yellow held, the fuel-coloured
stacks over discs lay behind stacks of colours the team lacked, and a courier with 25-30 fuel went back and
forth between the centre and its neighbour, drawn by a ship stranded on a violet stack it had no violet to
sail onto and by a refuel counted in full with 30 fuel aboard. Seeds 9 and 52: a face-down disc on segment
6's centre (never covered, §2.9) held back the next round for 300 cycles with discs in the pool (§2.10),
every position around it under a stack the team held too few cubes for; in seed 52 an uncovered orange disc
gave the cubes for the orange stack, but orange was not needed for rainbows, so nobody fetched it.
What changed (`walls`, `_entry`, the rescue test, `uncover_bonus`, the refuel up to `fuel_goal`); Medium,
same seeds, paired with the planner before:
- 2 players standard: seeds 0-99 54 (44.3-63.4%, 4 at the cap, 1.0 s; 10 seeds won only by the new, 12 only
  by the old), seeds 100-299 104 of 200 (45.1-58.8%, 17 at the cap, 1.25 s; 31 against 15, sign test
  p = 0.026); together 158 of 300 against 144 (p = 0.11), 21 at the cap against 36.
- 4 players standard 49 (39.4-58.7%, 5 at the cap, 1.0 s; 11 against 10); 6 players standard 80
  (71.1-86.7%, 2, 1.6 s; 16 against 8); 4 players large 70 (60.4-78.1%, 2, 1.0 s; 13 against 10); 6 players
  large 92 (85.0-95.9%, 1, 1.3 s; 14 against 2, p = 0.004). Decisions: median 0.8-1.0 ms, 95th percentile
  4-13 ms of processor time.
- Easy 0 of 100 at every table (2, 4, 6 players standard, 4 and 6 large; 0-3.7%, none at the cap).
- Hard, 2 players standard, this planner, seeds 0-35 (stopped at the deadline): 21 of 36 (42.2-72.9%),
  none at the cap, 55 s a game (17 s won, 107 s lost); Medium (this planner) won 21 of the same seeds, 3 at
  the cap: 5 seeds won only by Hard, 5 only by Medium. Hard above Medium is not shown on these games.
No table is nearly unwinnable by the rules: the hardest, 2 players standard, wins about half its games; the
losses are boards choked faster than two players' four ships clear them (about two black discs a cycle).
Doubling today's rate is out of reach where Medium already wins 49-92%.

Issue 41, fourth pass: Hard reproducible (the planner, Medium, unchanged). Hard's search had a time cap of
0.6 s besides its 24 simulations, and late, blockaded positions reached it (a searched decision there costs
0.3-1.0 s of processor time), so a seeded game played differently with the machine's load. Hard now has no
time cap: its 24 simulations of 8 planner actions bound the work, and the table's cancel flag still stops
it. Seeded all-Hard 2-seat games on the table's (wall) clock played the same, action for action, with the
machine left to itself and with two busy processes loading both cores: seed 0 (won at cycle 16, 182
actions; 14 s and 20 s) and seed 24 (lost at cycle 174, 1,398 actions; 136 s and 282 s), where 18 and 131
decisions took longer than the old cap. Decision times (the machine never idle today, load average 3-4 from
other work): `bench --figure times` (80 positions of Medium games) median 0.66 ms, 95th percentile 346 ms
of processor time (wall 0.79 and 703 ms); the 1,128 decisions of seed 24's whole lost game, wall, median
1.3 ms, 95th percentile 480 ms, the costliest 1.0 s. Hard, 2 players standard, seeds 0-43 (stopped at
the deadline): 28 of 44 (48.9-76.2%), 2 at the cap, 80 s of processor time a game (17 s
won, 191 s lost); none of its 10,527 searches stopped short of 24 simulations (the run still had a 2 s
cap on processor time, never reached), the costliest 1.18 s.
Medium on the same seeds 26 (44.4-72.3%, 3 at the cap, 1.0 s a game): 8 seeds won only by Hard,
6 only by Medium (sign test p = 0.79). On seeds 0-35 Hard won 21 of 36 (42.2-72.9%), as the capped Hard
did, Medium 21 (3 at the cap): 5 won only by each. Hard above Medium is still not shown."""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rainbowtable.ai.hint import register_hooks
from rainbowtable.ai.review import register_review_hooks
from rainbowtable.ai.search import SearchHooks, search_action
from rainbowtable.core.i18n import N_, _, plural
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.regenboog.board import Board
from rainbowtable.games.regenboog.model import (
    RAINBOW,
    RAINBOWS_TO_WIN,
    ClearHere,
    Colour,
    Concede,
    Deliver,
    EndPhase,
    Exchange,
    Jettison,
    Load,
    Pass,
    Phase,
    RegenboogAction,
    RegenboogState,
    Share,
    Ship,
    Travel,
    deal_of,
    is_face_down,
)
from rainbowtable.games.regenboog.rules import (
    RULES,
    board,
    centre_cell,
    compartments,
    current_seat,
    deliverable,
    fuel_colour,
    legal_actions,
    max_load,
    position_colour,
    reach,
    room,
    ship_actions,
)

DISCOUNT = 0.72
"""How much a target one step further away is worth, relative (the potential's decay)."""
FUEL_WEIGHT = 0.3
"""Cube-equivalents lost per fuel burnt."""
SAFETY_PENALTY = 12.0
BOLD_SAFETY = 0.25
"""The share of the safety penalty left when every ship of the seat would otherwise pass."""
RANDOM_SHARE_EASY = 0.35
SPARE_FOR_CLEARING = 4
CROSS_STEPS = 2
"""A black disc on the way counts as this many steps more (clearing it costs two cubes, §2.7.3)."""
FUEL_GOAL = 14
"""Fuel a ship at the centre loads up to (more only on a choked board, to clear a fuel-coloured stack)."""
MAX_FUEL_GOAL = 30
"""The most fuel a ship loads for clearing (a red or yellow ship's hold takes 36 with no cargo)."""
CHOKED_BONUS = 6.0
"""On a choked board, what uncovering a disc is worth beyond the disc: the discs move again (§2.10)."""
CHOKED_FUEL_COST = 0.1
"""What a fuel cube spent on clearing costs on a choked board, in cube-equivalents (normally 0.25 to 0.5)."""
ENTRY_VALUE = 9.0
"""What clearing the way to a face-down disc that holds back the next round is worth (a new round's discs)."""
DEPOT_PER_COLOUR = 5
RESCUE_VALUE = 5.0
RESCUER_FUEL = 9
DEPOT = 0
USE_DEPOT = True


CROSSING_CACHE_SIZE = 4096
_CROSSING_CACHE: dict[tuple[object, tuple[int, ...], tuple[int, ...], tuple[bool, ...]], list[int]] = {}
"""`_Plan._crossing`'s maps by (options, black discs, starts, walls); read only once made."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    action: RegenboogAction
    reason: str


def choose_action(state: RegenboogState, seat: int, level: Level, rng: Rng) -> RegenboogAction:
    """The helper's move for `seat` (the table asks the seat whose ships are acting)."""
    observed = RULES.observe(state, seat)
    if level is Level.EASY and rng.random() < RANDOM_SHARE_EASY:
        options = [a for a in legal_actions(observed) if not isinstance(a, (Concede, Jettison, Exchange))]
        if options:
            return rng.choice(options)
    if level is Level.HARD:
        return hard_action(observed, seat, rng)
    return suggest(observed).action


def hard_action(state: RegenboogState, seat: int, rng: Rng) -> RegenboogAction:
    """HARD: the shared search (§2.15 look-ahead) over the planner's few best ship moves, with the planner
    as the playout policy and `team_value` scoring the futures; forced moves and free actions (delivering,
    storing cargo, sharing fuel) are the planner's without a search."""
    candidates = hard_moves(state)
    if len(candidates) < 2:
        return candidates[0] if candidates else suggest(state).action
    # The futures are scored against the position now, spread out so that a cube or a rainbow more shows
    # in the search's means (the team's absolute progress moves by hundredths in a few actions).
    base = team_value(state)

    def evaluate(future: RegenboogState) -> list[float]:
        value = 0.5 + HARD_SPREAD * (team_value(future) - base)
        return [max(0.0, min(1.0, value))] * future.seat_count

    hooks = replace(HARD_HOOKS, evaluate=evaluate)
    # No time cap: the work is bounded by counts alone (HARD_SIMULATIONS playouts of HARD_CUTOFF planner
    # actions), so a seeded game replays the same on any machine and under any load (issue 41). A cap of
    # 0.6 s cut late searches on blockaded boards short on a loaded machine, and the game went otherwise.
    # The table's cancel flag (undo, leaving the table) still stops the search at once.
    chosen: RegenboogAction = search_action(RULES, state, seat, rng, hooks, simulations=HARD_SIMULATIONS)
    return chosen


def suggest(state: RegenboogState) -> Suggestion:
    """A good move for the team now, with a reason in the player's words."""
    if cannot_win(state) and Concede() in legal_actions(state):
        # A ship parked at the centre never strands (§2.11 (c)), so without this an all-computer game on a
        # board the team can no longer win would go on for ever.
        return Suggestion(Concede(), _("The board is choked with blockades: the team gives up."))
    plan = _Plan(state)
    if state.choosing >= 0:
        return suggest_share(plan)
    free = plan.free_action()
    if free is not None:
        return free
    if state.active >= 0:
        return plan.best_for(state.ships[state.active])
    if all(s.acted for s in state.ships):
        return Suggestion(EndPhase(), _("Every ship has acted."))
    seat = current_seat(state)
    # §2.6: any of the seat's ships may go next; the best-scored move decides which (a ship that clears a
    # blockade or carries others scores its gain, so it goes before the ships it helps).
    mine = [s for s in state.ships if s.owner == seat and not s.acted]
    best = [plan.best_for(s) for s in mine]
    chosen = max(best, key=lambda s: plan.scores.get(s.action, 0.0))
    if isinstance(chosen.action, Pass) and not plan.scores.get(chosen.action, 0.0) > 0.5:
        # Every ship of the seat would sit still: the safety margins (§2.15) have locked the team in (a
        # courier that would reach the last hidden disc with its last fuel, a rescue). A teammate can bring
        # fuel, so the seat takes the risk rather than wait for ever.
        plan = _Plan(state, bold=True)
        best = [plan.best_for(s) for s in mine]
        chosen = max(best, key=lambda s: plan.scores.get(s.action, 0.0))
    return chosen


def cannot_win(state: RegenboogState) -> bool:
    """Whether the team can never deliver its twelve rainbows, whatever anyone does: the helper concedes
    only then (the rules end a game otherwise only at a win or at §2.11's stranding).

    Cubes come from the centre and uncovered fuel-coloured discs (fuel only, §2.7.6, §2.11 (c)) and from
    grey discs (a coloured disc's load, a blank's cube, §2.7.6), nowhere else. While the team holds the
    cubes of the rainbows it still lacks, or while the pool holds a disc (the next round deals it, §2.10,
    and a disc dealt on a segment centre is never covered, §2.9), it may still win. Otherwise every grey
    disc is on the board and no new round will bring any: the team can win only if some ship can still get
    at a disc, sailing over open cells and into a stack of black discs only where its group can clear it
    (two cubes of the position colour per black disc, §2.7.3). For fuel, the group is the ships that can
    meet it, with as much as their holds take where they can reach a fuel source; for any other colour it
    is what the whole team holds. Black discs only pile up (§2.9), and without discs the cargo only
    shrinks, so when no ship can get at a disc now, none ever will. (Every count is generous, travel costs
    are left out: the test never gives up a game the team could still win.)"""
    if state.phase is not Phase.PLAYERS:
        return False
    fc = fuel_colour(state.options)
    left = RAINBOWS_TO_WIN - state.rainbows
    held = [sum(s.cubes[c] for s in state.ships) for c in range(7)]
    if all(held[c] >= left for c in RAINBOW if c != fc):
        return False
    b = board(state)
    # A disc in the pool comes back only at a new round, and that waits until no face-down disc lies
    # uncovered (§2.10): one that black discs never land on (a segment centre, §2.9) holds the new round back
    # for ever. While a new round can still come the team may win: asked first, as it is the cheap answer
    # (this runs before every move the helper suggests).
    if sum(state.pool) and not any(
        is_face_down(d) and not state.black[cell] and not position_colour(b, cell)
        for cell, d in enumerate(state.discs)
    ):
        return False
    centre = centre_cell(b)
    holds = [compartments(s.kind, state.options) for s in state.ships]
    tank = 10**9 if None in holds else 6 * sum(h or 0 for h in holds)
    for ship in state.ships:
        fuel = ship.cubes[fc]
        while True:
            seen = _team_reach(state, b, ship.cell, held, fuel)
            if any(state.discs[cell] and _clearable(state, b, cell, held, fuel) for cell in seen):
                return False
            fuelled = any(
                cell == centre or (state.discs[cell] == fc and not state.black[cell]) for cell in seen
            )
            more = tank if fuelled else sum(s.cubes[fc] for s in state.ships if s.cell in seen)
            if more <= fuel:
                break
            fuel = more
    return True  # no ship can get at a disc, and no new round will bring one


def _clearable(state: RegenboogState, b: Board, cell: int, held: list[int], fuel: int) -> bool:
    """`cannot_win`: whether a group with `held` cubes and `fuel` could clear `cell`'s stack (§2.7.3)."""
    colour = position_colour(b, cell)
    return 2 * state.black[cell] <= (fuel if colour == fuel_colour(state.options) else held[colour])


def _team_reach(state: RegenboogState, b: Board, start: int, held: list[int], fuel: int) -> set[int]:
    """`cannot_win`'s cells a group from `start` could get to: open cells and stacks it could clear."""
    adjacent = b.adjacent(state.options.openings_passable)
    seen = {start}
    queue = deque(seen)
    while queue:
        cell = queue.popleft()
        for n in adjacent[cell]:
            if n not in seen and _clearable(state, b, n, held, fuel):
                seen.add(n)
                queue.append(n)
    return seen


def _steps(adjacent: Sequence[Sequence[int]], black: tuple[int, ...], starts: list[int]) -> list[int]:
    """BFS steps over cells free of black discs (a blocked cell is reachable but not crossed)."""
    dist = [99] * len(black)
    queue = deque(starts)
    for s in starts:
        dist[s] = 0
    while queue:
        cell = queue.popleft()
        if black[cell] > 0 and dist[cell] > 0:
            continue
        for n in adjacent[cell]:
            if dist[n] > dist[cell] + 1:
                dist[n] = dist[cell] + 1
                queue.append(n)
    return dist


class _Plan:
    """What the helper knows about the position: needs, targets and distances, computed once per decision."""

    def __init__(self, state: RegenboogState, bold: bool = False) -> None:
        self.state = state
        self.safety = SAFETY_PENALTY * (BOLD_SAFETY if bold else 1.0)
        self.board = board(state)
        self.fc = fuel_colour(state.options)
        self.centre = centre_cell(self.board)
        self.adjacent = self.board.adjacent(state.options.openings_passable)
        held = [sum(s.cubes[c] for s in state.ships) for c in range(7)]
        self.need = team_needs(state, held, self.fc)
        self.top_need = max(1, max(self.need))
        self.scores: dict[RegenboogAction, float] = {}
        self._reach: dict[int, dict[int, int]] = {}
        # A decision scores every travel of every ship, and many travels share a destination and the fuel
        # left there (riders and clearings differ): the potential is worked out once for each.
        self._potentials: dict[tuple[int, int, int], tuple[float, str]] = {}
        self._cargo: dict[int, float] = {}
        # A blockade the whole team lacks the cubes to clear (two of its position colour per black disc, not
        # fuel, §2.7.3) is a wall: a target behind it only is out of reach until the cubes come.
        self.walls = tuple(
            bool(n) and (paid := position_colour(self.board, cell)) != self.fc and held[paid] < 2 * n
            for cell, n in enumerate(state.black)
        )
        # A ship in a pocket walled in by blockades measures its way home through the walls (each black disc
        # counting CROSS_STEPS more, §2.7.3): with no way home at all every move looked equally unsafe, so
        # the ship passed for ever instead of making for the wall it can clear.
        way_out = self._crossing([self.centre], ())
        self.to_centre = [
            steps if steps < 99 else way_out[cell]
            for cell, steps in enumerate(_steps(self.adjacent, state.black, [self.centre]))
        ]
        hidden = [i for i, d in enumerate(state.discs) if is_face_down(d) and state.black[i] == 0]
        self.clear_demand = [0] * 7
        """Cubes of a colour the team keeps (not jettisoned) to clear the way to `entry`."""
        self.entry = self._entry(hidden, held)
        # §2.15: a flip draws from the discs of its deal still face down (P(coloured) = coloured left / discs
        # left): a needed colour is worth two harvests. The last hidden discs also bring on the next round,
        # with fresh coloured discs, when a needed colour is not showing anywhere.
        showing = {d for i, d in enumerate(state.discs) if d > 0 and state.black[i] == 0}
        missing = any(self.need[c] > 0 and c not in showing for c in RAINBOW if c != self.fc)
        self._bonus = 4.0 / len(hidden) if missing and 0 < len(hidden) <= 2 else 0.0
        # A choked board (§2.10): every grey disc on the board and none uncovered but useless ones, so no new
        # round brings fresh discs. Fuel is the one colour the centre gives without end, so the team clears
        # the fuel-coloured stacks over discs (two fuel a black disc, §2.7.3) to get the discs moving again.
        self.choked = not hidden and not sum(state.pool) and not any(self.need[d] > 0 for d in showing)
        self.fuel_goal = FUEL_GOAL
        self._explore: dict[int, float] = {}
        self.targets: list[tuple[int, float, list[int]]] = []
        for cell in hidden:
            self.targets.append((cell, self.explore_value(state.discs[cell]), self._crossing([cell])))
        for cell, d in enumerate(state.discs):
            if d > 0 and state.black[cell] == 0 and self.need[d] > 0:
                value = min(6, self.need[d]) * self.usefulness(d) + 1.0
                self.targets.append((cell, value, self._crossing([cell])))
        self.stranded_ships = self._stranded()
        # The depot leaves the centre only to fetch a stranded ship's cargo of a colour it has none of (the
        # team's rainbows wait for it); it comes back as any courier does, with the cargo.
        depot = state.ships[DEPOT]
        self.depot_rescues = any(
            other_id != DEPOT
            and any(state.ships[other_id].cubes[c] and not depot.cubes[c] for c in RAINBOW if c != self.fc)
            for other_id, _cell, _steps_from in self.stranded_ships
        )
        self.covered: list[tuple[int, float, list[int]]] = []
        if self.entry >= 0:
            self.covered.append((self.entry, ENTRY_VALUE, self._crossing([self.entry])))
        for cell, d in enumerate(state.discs):
            if state.black[cell] > 0 and (is_face_down(d) or (d > 0 and self.need[d] > 0)):
                value = self.explore_value(d) if is_face_down(d) else 6.0 * self.usefulness(d)
                colour = position_colour(self.board, cell)
                value -= state.black[cell] * self.clear_cost(colour) - 1.0
                if self.choked and colour == self.fc:
                    value += CHOKED_BONUS
                    trip = 2 * state.black[cell] + 2 * self.to_centre[cell] + 2
                    self.fuel_goal = max(self.fuel_goal, min(MAX_FUEL_GOAL, trip))
                if value > 0:
                    self.covered.append((cell, value, self._crossing([cell])))

    # --- facts ---------------------------------------------------------------------------------------------

    def _entry(self, hidden: list[int], held: list[int]) -> int:
        """The blockade to clear to get at a face-down disc on a segment centre that every ship is walled off
        from, while the pool waits for the next round (§2.9: black discs never land there, so that disc holds
        the round back for ever, §2.10), or -1. Its colour becomes a need: the team gathers the cubes
        (from a coloured disc, §2.7.6) to clear it."""
        state = self.state
        if not sum(state.pool):
            return -1
        # Walls of a colour some uncovered disc gives (§2.7.6) can be cleared once its cubes are fetched.
        showing = {d for i, d in enumerate(state.discs) if d > 0 and state.black[i] == 0}
        lacking = tuple(w and position_colour(self.board, i) not in showing for i, w in enumerate(self.walls))
        for cell in hidden:
            if position_colour(self.board, cell):
                continue
            dist = self._crossing([cell])
            if any(dist[s.cell] < 99 for s in state.ships):
                continue
            # The first wall on the cheapest way from the nearest ship, were every wall crossable.
            open_dist = self._crossing([cell], lacking)
            here = min((s.cell for s in state.ships), key=lambda c: (open_dist[c], c))
            entry = -1
            while here != cell and open_dist[here] < 99:
                here = min(self.adjacent[here], key=lambda n: (open_dist[n], n))
                if self.walls[here]:
                    entry = here
                    break
            if entry < 0:
                continue
            colour = position_colour(self.board, entry)
            if colour != self.fc:
                self.clear_demand[colour] = 2 * state.black[entry]
                self.need[colour] = max(self.need[colour], 2 * state.black[entry] - held[colour])
                self.top_need = max(self.top_need, self.need[colour])
            return entry
        return -1

    def _stranded(self) -> list[tuple[int, int, list[int]]]:
        """(ship id, cell, steps from it) of every ship without the fuel to come home (from a blockade, 3
        more to step out of it)."""
        state = self.state
        stranded = []
        for other in state.ships:
            fuel_left = other.cubes[self.fc]
            home = self.to_centre[other.cell]
            if fuel_left < home or (state.black[other.cell] and fuel_left < 3 + home):
                stranded.append((other.id, other.cell, _steps(self.adjacent, state.black, [other.cell])))
        return stranded

    def explore_value(self, disc: int) -> float:
        """What flipping a face-down disc (its `discs` value) is worth: 1 for a blank's cube, plus about 12
        cubes of a needed colour times the chance it is that colour, from its deal's discs still face down."""
        deal = deal_of(disc)
        value = self._explore.get(deal)
        if value is None:
            left = self.state.deals[deal]
            total = sum(left) or 1
            value = 1.0 + sum(
                left[c] / total * 12.0 * self.usefulness(c) for c in RAINBOW if left[c] and self.need[c] > 0
            )
            self._explore[deal] = value
        return value + self._bonus

    def clearing_kit(self, ship: Ship) -> tuple[int, int]:
        """(colour, cubes) a courier at the depot should carry to clear the best blockade over a hidden or
        needed disc (§2.15 *Clear*): the couriers bring the depot their cargo, so without a kit nobody could
        clear once every useful disc lies under black discs. (-1, 0) when no such blockade is worth it."""
        best, kit = 0.0, (-1, 0)
        for target, value, dist in self.targets + self.covered:
            if dist[ship.cell] >= 99:
                continue
            v = value * DISCOUNT ** dist[ship.cell]
            if v > best:
                best, kit = v, (-1, 0)
                blocked = self.first_blockade(ship.cell, target, dist)
                if blocked < 0 and self.state.black[target] > 0:
                    blocked = target
                if blocked >= 0:
                    colour = position_colour(self.board, blocked)
                    if colour != self.fc:
                        kit = (colour, 2 * self.state.black[blocked])
        return kit

    def uncover_bonus(self, cell: int) -> float:
        """CHOKED_BONUS for uncovering a face-down disc under a fuel-coloured stack on a choked board: the
        arrival is worth what the potential promised (`covered`), or a ship next to the stack valued the
        approach above the clearing and never cleared it."""
        return CHOKED_BONUS if self.choked and position_colour(self.board, cell) == self.fc else 0.0

    def reach_of(self, ship: Ship) -> dict[int, int]:
        """`rules.reach` for a ship, worked out once per decision (every travel it scores asks)."""
        found = self._reach.get(ship.id)
        if found is None:
            found = self._reach[ship.id] = reach(self.state, ship)
        return found

    def clear_cost(self, colour: int) -> float:
        """What removing one black disc of a position of `colour` costs the team (two cubes, §2.7.3); on a
        choked board fuel is nearly free, the centre gives it every turn."""
        if self.choked and colour == self.fc:
            return 2 * CHOKED_FUEL_COST
        return 2 * self.usefulness(colour)

    def usefulness(self, colour: int) -> float:
        if colour == self.fc:
            return 0.5 if self.need[colour] > 0 else 0.25
        if self.need[colour] <= 0:
            return 0.05
        return 0.4 + 0.6 * self.need[colour] / self.top_need

    def _crossing(self, starts: list[int], walls: tuple[bool, ...] | None = None) -> list[int]:
        """Steps to `starts` where a blockade on the way is crossed by clearing it (§2.7.3), each black disc
        counting CROSS_STEPS steps more: a target behind blockades keeps a value, so the team clears its way
        to it instead of waiting at the centre while the board fills with black discs. The maps depend
        only on the board and its black discs, which change rarely within a players' phase, so they are
        remembered across decisions (the look-ahead asks for the same maps hundreds of times)."""
        if walls is None:
            walls = self.walls
        key = (self.state.options, self.state.black, tuple(starts), walls)
        known = _CROSSING_CACHE.get(key)
        if known is not None:
            return known
        if len(_CROSSING_CACHE) >= CROSSING_CACHE_SIZE:
            _CROSSING_CACHE.clear()
        dist = [99] * len(self.board.cells)
        heap = [(0, s) for s in starts]
        for s in starts:
            dist[s] = 0
        black = self.state.black
        while heap:
            d, cell = heapq.heappop(heap)
            if d > dist[cell]:
                continue
            if black[cell] > 0 and d > 0:
                if walls and walls[cell]:
                    continue
                d += CROSS_STEPS * black[cell]
            for n in self.adjacent[cell]:
                if d + 1 < dist[n]:
                    dist[n] = d + 1
                    heapq.heappush(heap, (d + 1, n))
        _CROSSING_CACHE[key] = dist  # only once complete: a search thread may read it meanwhile
        return dist

    def first_blockade(self, cell: int, target: int, dist: list[int]) -> int:
        """The first blockaded cell on the shortest way from `cell` to `target` (`dist`: `_crossing` from the
        target), or -1 when the way is open."""
        black = self.state.black
        while cell != target and dist[cell] < 99:
            cell = min(self.adjacent[cell], key=lambda n: (dist[n], n))
            if black[cell] > 0:
                return cell
        return -1

    def useful_cargo(self, ship: Ship) -> float:
        """Cargo worth bringing home: a colour the team still needs, or one the depot at the centre lacks
        for its next rainbows (the fleet may hold enough of it, but far from the centre it makes no set)."""
        known = self._cargo.get(ship.id)
        if known is None:
            known = self._cargo[ship.id] = self._useful_cargo(ship)
        return known

    def _useful_cargo(self, ship: Ship) -> float:
        depot = self.state.ships[DEPOT]
        left = min(RAINBOWS_TO_WIN - self.state.rainbows, DEPOT_PER_COLOUR)
        return sum(
            min(ship.cubes[c], 6) * (1.0 if self.need[c] > 0 or depot.cubes[c] < left else 0.2)
            for c in RAINBOW
            if c != self.fc and ship.id != DEPOT
        )

    def potential(self, ship: Ship, cell: int, fuel: int) -> tuple[float, str]:
        """The best target in reach of `cell`, discounted by distance (the arrival itself excluded)."""
        key = (ship.id, cell, fuel)
        known = self._potentials.get(key)
        if known is None:
            known = self._potentials[key] = self._potential(ship, cell, fuel)
        return known

    def _potential(self, ship: Ship, cell: int, fuel: int) -> tuple[float, str]:
        best, why = 0.0, ""
        for target, value, dist in self.targets:
            if target == cell or dist[cell] >= 99:
                continue
            v = value * DISCOUNT ** dist[cell]
            if v > best:
                best, why = v, self.board.cells[target].id
        for target, value, dist in self.covered:
            colour = position_colour(self.board, target)
            if target == cell or dist[cell] >= 99 or ship.cubes[colour] < 2 * self.state.black[target]:
                continue
            v = value * DISCOUNT ** dist[cell]
            if v > best:
                best, why = v, self.board.cells[target].id
        if self.stranded_ships:
            # §2.15 rescue: a ship that cannot come home on its own fuel waits for a teammate with fuel:
            # enough to reach it by one-step turns and carry it home (a ship next to the centre needs little).
            for other_id, other_cell, steps_from in self.stranded_ships:
                if other_id == ship.id or other_cell == cell or steps_from[cell] >= 99:
                    continue
                if self.state.black[other_cell] and ship.cubes[position_colour(self.board, other_cell)] < 2:
                    continue  # it cannot sail onto the blockade the ship sits on (§2.7.3)
                if fuel < min(RESCUER_FUEL, steps_from[cell] + self.to_centre[other_cell] + 2):
                    continue
                v = RESCUE_VALUE * DISCOUNT ** steps_from[cell]
                if v > best:
                    best, why = v, self.board.cells[other_cell].id
        cargo = self.useful_cargo(ship)
        home = 0.45 * cargo + max(0, 10 - fuel) * 0.6
        if cell != self.centre and self.to_centre[cell] < 99:
            v = home * DISCOUNT ** self.to_centre[cell]
            if v > best:
                best, why = v, "0.0"
        return best, why

    # --- free actions --------------------------------------------------------------------------------------

    def free_action(self) -> Suggestion | None:
        state = self.state
        sets = deliverable(state)
        if sets:
            return Suggestion(Deliver(sets), _("Deliver {n} rainbows now.").format(n=sets))
        legal = set(legal_actions(state))
        if not legal:
            return None
        depot = state.ships[DEPOT]
        for ship in state.ships:
            if not USE_DEPOT or ship.id == DEPOT or ship.cell != depot.cell or depot.cell != self.centre:
                continue
            kit_colour, kit = self.clearing_kit(ship)
            for c in RAINBOW:
                keep = kit if c == kit_colour else 0
                if c == self.fc or ship.cubes[c] <= keep:
                    continue
                # The depot keeps at most one compartment per cargo colour, so it always has room for fuel.
                lacking = min(RAINBOWS_TO_WIN - state.rainbows, DEPOT_PER_COLOUR) - depot.cubes[c]
                n = min(ship.cubes[c] - keep, room(depot, c, state.options), max(0, lacking))
                if n and Exchange(ship.id, DEPOT, Colour(c), n) in legal:
                    return Suggestion(
                        Exchange(ship.id, DEPOT, Colour(c), n), _("Store the cargo in the depot ship.")
                    )
            if kit_colour >= 0:
                have = ship.cubes[kit_colour]
                short = min(kit - have, depot.cubes[kit_colour], room(ship, kit_colour, state.options))
                take = Exchange(DEPOT, ship.id, Colour(kit_colour), short)
                if short > 0 and have + short >= kit and take in legal:
                    return Suggestion(take, _("Take cubes from the depot ship to clear a blockade."))
            want = 12 - ship.cubes[self.fc]
            spare = depot.cubes[self.fc] - 6
            n = min(want, spare, room(ship, self.fc, state.options))
            if n > 0 and Exchange(DEPOT, ship.id, Colour(self.fc), n) in legal:
                return Suggestion(
                    Exchange(DEPOT, ship.id, Colour(self.fc), n), _("Top up the courier's fuel.")
                )
        # Cargo beyond what the remaining rainbows need (plus a few for clearing) only takes up room.
        left = RAINBOWS_TO_WIN - state.rainbows
        for c in RAINBOW:
            if c == self.fc:
                continue
            excess = sum(s.cubes[c] for s in state.ships) - max(
                left + SPARE_FOR_CLEARING, self.clear_demand[c]
            )
            if excess > 0:
                fullest = max(state.ships, key=lambda s: (s.cubes[c], -s.id))
                dump = Jettison(fullest.id, Colour(c), min(excess, fullest.cubes[c]))
                if dump in legal:
                    return Suggestion(dump, _("Make room: the team has more of this colour than it needs."))
        for ship in state.ships:
            if ship.cubes[self.fc] >= 3:
                continue
            for other in state.ships:
                if other.id != ship.id and other.cell == ship.cell and other.cubes[self.fc] >= 8:
                    n = min(
                        (other.cubes[self.fc] - ship.cubes[self.fc]) // 2, room(ship, self.fc, state.options)
                    )
                    action = Exchange(other.id, ship.id, Colour(self.fc), n)
                    if n > 0 and action in legal:
                        return Suggestion(action, _("Share fuel with a ship that has almost none."))
        return None

    # --- ship turns ----------------------------------------------------------------------------------------

    def best_for(self, ship: Ship) -> Suggestion:
        actions = ship_actions(self.state, ship)
        best: Suggestion | None = None
        best_score = -1e9
        for action in actions:
            score, reason = score_action(self, ship, action)
            if score > best_score:
                best_score, best = score, Suggestion(action, reason)
        assert best is not None
        self.scores[best.action] = best_score
        return best


# --- scoring a ship's actions against the plan ----------------------------------------------------------


def team_needs(state: RegenboogState, held: list[int], fc: int) -> list[int]:
    """Cubes of each colour the team still needs, from `held` (the cubes its ships hold, by colour): for the
    rainbows still to deliver, and a few of each for clearing blockades."""
    left = RAINBOWS_TO_WIN - state.rainbows
    reserve = 6 * len(state.ships) if fc == Colour.RED else 0
    need = [0] * 7
    for c in RAINBOW:
        have = held[c] - (reserve if c == fc else 0)
        need[c] = max(0, left - max(0, have))
        if c != fc:
            # §2.15: cubes to clear blockades count as demand too; late in the game, when the last
            # rainbows' cubes are in, a few of each colour are what opens the way to the last discs.
            need[c] = max(need[c], SPARE_FOR_CLEARING - held[c])
    return need


def suggest_share(plan: _Plan) -> Suggestion:
    """§2.10 step 6: a blank's cube to the ship there that needs it most (the one with most room); a
    coloured disc's load as much as is useful to the team (fuel: as much as fits)."""
    state = plan.state
    actions = [a for a in legal_actions(state) if isinstance(a, Share)]
    colour = state.load_colour
    if state.discs[state.choosing] <= 0:
        best = max(actions, key=lambda a: (room(state.ships[a.ship], colour, state.options), -a.ship))
        return Suggestion(best, _("Give the cube to the ship with the most room."))
    most = max(a.count for a in actions)
    if colour == plan.fc:
        return Suggestion(Share(actions[0].ship, most), _("Take all the fuel that fits."))
    useful = min(most, max(0, plan.need[colour]) + SPARE_FOR_CLEARING)
    return Suggestion(
        Share(actions[0].ship, useful),
        load_here(useful, colour),
    )


def load_here(count: int, colour: int) -> str:
    """The hint's words for loading `count` cubes of `colour`."""
    return plural(
        count,
        N_("Load {n} {colour} cube here."),
        N_("Load {n} {colour} cubes here."),
        colour=_(Colour(colour).label),
    )


def score_action(plan: _Plan, ship: Ship, action: RegenboogAction) -> tuple[float, str]:
    """How good `action` of `ship` is for the team, with the reason shown by the hint."""
    state = plan.state
    fuel = ship.cubes[plan.fc]
    is_depot = USE_DEPOT and ship.id == DEPOT and len(state.ships) >= 3 and not plan.depot_rescues
    if isinstance(action, Load):
        colour = _load_colour(plan, ship)
        useful_part = min(action.count, max(0, plan.need[colour])) if colour != plan.fc else action.count
        gain = useful_part * plan.usefulness(colour) - (action.count - useful_part) * 0.05
        if colour == plan.fc:
            gain = min(action.count, max(0, plan.fuel_goal - fuel)) * 0.5 + action.count * 0.05
            if is_depot:
                gain += action.count * 0.5
        pot, _why = plan.potential(ship, ship.cell, fuel + (action.count if colour == plan.fc else 0))
        return gain + 0.5 * pot - (0.3 if action.count < max_load(state, ship) else 0.0), load_here(
            action.count, colour
        )
    if isinstance(action, Pass):
        pot, _why = plan.potential(ship, ship.cell, fuel)
        if is_depot and ship.cell == plan.centre:
            return 1.0, _("The depot ship waits at the centre.")
        home = plan.to_centre[ship.cell]
        stuck = plan.safety * max(0, home - fuel) / 3 if ship.cell != plan.centre else 0.0
        return 0.5 * pot - 0.5 - stuck, _("Nothing better to do: pass.")
    if isinstance(action, ClearHere):
        colour = position_colour(plan.board, ship.cell)
        left = state.black[ship.cell] - action.count
        pot, _why = plan.potential(ship, ship.cell, fuel)
        freed = 3.0 if left == 0 else 0.0
        here = state.discs[ship.cell]
        under = (
            plan.explore_value(here) + plan.uncover_bonus(ship.cell)
            if left == 0 and is_face_down(here)
            else 0.0
        )
        cost = action.count * plan.clear_cost(colour)
        return freed + under + 0.5 * pot - cost, _("Clear the blockade under the ship.")
    if isinstance(action, Travel):
        return _score_travel(plan, ship, action, is_depot)
    return -100.0, ""


def _load_colour(plan: _Plan, ship: Ship) -> int:
    state = plan.state
    if state.active == ship.id:
        return state.load_colour
    d = state.discs[ship.cell]
    return d if d > 0 else plan.fc


def _score_travel(plan: _Plan, ship: Ship, action: Travel, is_depot: bool) -> tuple[float, str]:
    state = plan.state
    to = plan.board.by_id[action.to]
    cost = plan.reach_of(ship).get(to, 99)
    fuel = ship.cubes[plan.fc] - cost
    gain = 0.0
    reason = _("Sail towards {cell}.")
    if action.clear:
        colour = position_colour(plan.board, to)
        gain -= action.clear * plan.clear_cost(colour)
        if action.clear < state.black[to]:
            gain -= 4.0
        else:
            gain += 1.5
    covered = state.black[to] - action.clear > 0
    disc = state.discs[to]
    if not covered and is_face_down(disc):
        gain += plan.explore_value(disc) + (plan.uncover_bonus(to) if action.clear else 0.0)
        reason = _("Discover the disc on {cell}.")
    elif not covered and disc > 0:
        n = min(6, room(ship, disc, state.options), max(0, plan.need[disc]))
        gain += n * plan.usefulness(disc)
        if plan.need[disc] > 0:
            reason = _("Load {colour} cargo on {cell}.").format(colour=_(Colour(disc).label), cell="{cell}")
    elif to == plan.centre:
        refill = min(6, room(ship, plan.fc, state.options))
        # Fuel counts up to the plan's goal: a ship already carrying it for a clearing sailed back to refuel
        # every other turn instead of going to the stack.
        gain += (
            min(refill, max(0, plan.fuel_goal - fuel)) * 0.5 + refill * 0.05 + 0.45 * plan.useful_cargo(ship)
        )
        fuel += refill
        reason = _("Bring the cargo home and refuel at the centre.")
    if fuel > plan.to_centre[to] and any(
        cell == to and other != ship.id for other, cell, _from in plan.stranded_ships
    ):
        # §2.15 rescue: arriving with fuel to share where a ship has run dry (the potential draws
        # rescuers near it; the arrival is what counts).
        gain += RESCUE_VALUE
    if is_depot:
        if ship.cell == plan.centre:
            return -100.0, _("The depot ship stays at the centre.")
        closer = plan.to_centre[ship.cell] - plan.to_centre[to]
        gain = 4.0 * closer + (30.0 if to == plan.centre else 0.0)
        reason = _("Take the depot ship to the centre.")
    pot, toward = plan.potential(ship, to, fuel)
    score = gain + 0.8 * pot - FUEL_WEIGHT * cost
    home = plan.to_centre[to]
    # §2.15 safety: fuel for the way home by one-step turns, plus 3 for a blockade exit on a field where
    # black discs may land; a ship heading home needs only the way home (one step nearer, one fuel less),
    # or a courier with little fuel would sit on an outer centre with the team's cargo for ever.
    exposed = 3 if plan.board.cells[to].position and plan.board.cells[to].segment else 0
    if home < plan.to_centre[ship.cell]:
        exposed = 0
    margin = home + exposed
    # "Unless a teammate is committed to refuelling it" (§2.15): fuel waiting at the destination, beyond
    # what its ship needs to come home, counts too (a ship on a blockade steps out to its rescuer).
    fuel += sum(
        max(0, other.cubes[plan.fc] - home - 2)
        for other in state.ships
        if other.cell == to and other.id != ship.id and other.id not in action.riders
    )
    if to != plan.centre and fuel < margin:
        score -= plan.safety * (margin - fuel) / 3
    if covered:
        score -= 2.0
    if USE_DEPOT and DEPOT in action.riders and ship.cell == plan.centre:
        score -= 50.0  # the depot stays at the centre
    if action.riders:
        score += 0.3 * len(action.riders) if to == plan.centre else -0.2 * len(action.riders)
    return score, reason.format(cell=action.to if "{cell}" in reason else toward)


# --- the shared search (the Hint button, and HARD) ----------------------------------------------------------


def progress(state: RegenboogState) -> float:
    """The team's progress in [0, 1]: rainbows delivered, plus a little for sets the fleet already holds."""
    if state.phase is Phase.WON:
        return 1.0
    if state.phase is Phase.LOST:
        return 0.0
    held = min(sum(s.cubes[c] for s in state.ships) for c in RAINBOW)
    return min(0.99, (state.rainbows + 0.3 * min(held, RAINBOWS_TO_WIN - state.rainbows)) / RAINBOWS_TO_WIN)


def _evaluate(state: RegenboogState) -> list[float]:
    return [progress(state)] * state.seat_count


def _rollout(state: RegenboogState, seat: int, rng: Rng) -> RegenboogAction:
    return suggest(state).action


def _prior(state: RegenboogState, actions: Sequence[RegenboogAction]) -> list[float]:
    best = suggest(state).action
    return [PRIOR_WEIGHT if a == best else 1.0 for a in actions]


def _why(state: RegenboogState, action: RegenboogAction) -> str | None:
    advice = suggest(state)
    return advice.reason if advice.action == action else None


PRIOR_WEIGHT = 40.0
HOOKS = SearchHooks(rollout=_rollout, evaluate=_evaluate, prior=_prior, why=_why, cutoff=6)
register_hooks(RULES.id, HOOKS)


# --- HARD: the look-ahead of §2.15 on the shared search ---------------------------------------------------

HARD_SIMULATIONS = 24
"""Simulations per searched decision: a fixed count and no time cap, so a seeded game replays the same on any
machine (2-10 ms each early in a game, up to 40 ms on a late, blockaded board).

Issue 41: with 12 simulations over three candidates each move was judged on about four sampled futures,
and that noise overruled the planner about as often as it improved on it. An all-Hard two-seat table on the
standard board (processor-time clock, seeds 0..76) won 33 of 77 (43%, Wilson 95% 32..54%), Medium's table
(the planner alone) 34 of the same seeds. With 24 simulations over two candidates (about twelve futures
each) the table won 22 of seeds 0..42 (51%, 37..65%), where the old Hard won 17 and Medium 21 of the same
seeds; paired with the old Hard, 11 seeds were won only by the new and 6 only by the old. A Hard game is
30-45 s of processor time, most of it in the games the team loses, so this is few games: the gain is
suggestive, not established."""
HARD_CANDIDATES = 2
"""The planner's best ship moves the search tells apart (the rest are never better in its own measure; see
HARD_SIMULATIONS for why two)."""
HARD_CUTOFF = 8
"""Playout actions before `team_value` scores the future: about the rest of the players' phase."""
HARD_CLEAR_GAP = 2.0
"""A planner's favourite this far ahead of the next move (in its own score) is played without a search."""


def team_value(state: RegenboogState) -> float:
    """§2.15's progress, in [0, 1]: rainbows delivered, plus 0.2 per complete set the fleet holds, 0.02 per
    useful cube, less a penalty for each ship whose fuel would not bring it back to the centre."""
    if state.phase is Phase.WON:
        return 1.0
    if state.phase is Phase.LOST:
        return 0.0
    left = RAINBOWS_TO_WIN - state.rainbows
    fc = fuel_colour(state.options)
    held = [sum(s.cubes[c] for s in state.ships) for c in range(7)]
    sets = min(min(held[c] for c in RAINBOW), left)
    useful = sum(min(held[c], left) for c in RAINBOW if c != fc)
    b = board(state)
    centre = centre_cell(b)
    home = b.distances(centre, state.options.openings_passable)
    deficit = sum(max(0, home[s.cell] - s.cubes[fc]) for s in state.ships if home[s.cell] >= 0)
    blocked = sum(1 for n in state.black if n)
    value = state.rainbows + 0.2 * sets + 0.02 * useful - 0.05 * deficit - 0.01 * blocked
    return max(0.0, min(0.99, (value + 1.0) / (RAINBOWS_TO_WIN + 2.0)))


def _hard_evaluate(state: RegenboogState) -> list[float]:
    return [team_value(state)] * state.seat_count


def hard_moves(state: RegenboogState) -> list[RegenboogAction]:
    """The moves worth searching: the planner's free action or forced move alone, else its best few ship
    moves (by its own score, over every ship the seat may move now)."""
    legal = legal_actions(state)
    if state.choosing >= 0 and legal:
        return [suggest(state).action]  # a new round's share-out: the planner's answer stands
    if len(legal) < 2 or state.phase is not Phase.PLAYERS:
        return legal
    advice = suggest(state)
    if state.active >= 0 or not isinstance(advice.action, Travel | Load | Pass | ClearHere):
        # Mid-turn (what to load, whether to sail on) the planner's answer stands: the choice that shapes
        # the cycle is which ship goes where.
        return [advice.action]
    plan = _Plan(state)
    seat = current_seat(state)
    ships = [s for s in state.ships if s.owner == seat and not s.acted]
    scored: list[tuple[float, int, RegenboogAction]] = []  # (score, order, action)
    for ship in ships:
        for action in ship_actions(state, ship):
            score, _reason = score_action(plan, ship, action)
            scored.append((score, len(scored), action))
    scored.sort(key=lambda item: (-item[0], item[1]))
    if len(scored) < 2 or scored[0][0] - scored[1][0] > HARD_CLEAR_GAP:
        return [advice.action]
    chosen: list[RegenboogAction] = [advice.action]
    for _score, _i, action in scored:
        if len(chosen) >= HARD_CANDIDATES:
            break
        if action not in chosen:
            chosen.append(action)
    return chosen


def _hard_prior(state: RegenboogState, actions: Sequence[RegenboogAction]) -> list[float]:
    best = suggest(state).action
    return [HARD_PRIOR_WEIGHT if a == best else 1.0 for a in actions]


HARD_PRIOR_WEIGHT = 3.0
HARD_SPREAD = 8.0
"""How far a future's progress over the position now moves its value from 0.5 (one rainbow: about +0.5)."""
HARD_EXPLORATION = 0.4
HARD_HOOKS = SearchHooks(
    rollout=_rollout,
    evaluate=_hard_evaluate,
    prior=_hard_prior,
    why=_why,
    cutoff=HARD_CUTOFF,
    exploration=HARD_EXPLORATION,
    moves=hard_moves,
)
register_review_hooks(RULES.id, HARD_HOOKS)
"""The review of a game (issue 43) judges positions as Hard does, by the team's progress (`team_value`): the
Hint's `progress` stays 0 until a rainbow or a whole set is held, which would draw a flat line."""
