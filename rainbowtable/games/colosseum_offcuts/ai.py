"""The Colosseum Offcuts computer opponent (colosseum_offcuts.md §3.11): Easy, Medium and Hard.

- Medium's evaluation (`evaluate`): Fortifications held and captured (1000 each); threats, as §3.11
  defines them: an enemy Fortification threatens an own top-most Fortification when it is in Attack mode on
  top of its stack and N4-adjacent (one action), or one legal attack step away from an adjacent cell (two
  actions), or in Mobile mode, alone and adjacent (flip and climb); a threat needs the attacker to be
  liftable (the one-group rule). A threat by the player about to move weighs most; own threats count too.
  Covering an own Fortification with a friendly counter pays; an own counter buried under an enemy one
  costs.
- Easy: half the time any legal action, otherwise the best single action by the evaluation.
- Medium: §3.11's search: every first action of the turn, the best `PAIR_SHORTLIST` expanded with every
  second action, the pair with the best evaluation chosen (its first action is played; the second is
  decided again on the next call, which finds the same pair).
- Hard: the shared search (`ai/search.py`, PUCT) with this module's hooks, `HARD_SIMULATIONS` simulations a
  decision (a fixed count: a seed gives the same game; `HARD_TIME_CAP_S` is the safety net on a loaded
  machine). Its judgement (`raw_scores`) knows what decides two-player games between good players: the
  one-group rule pins. A Fortification alone in a cell whose lifting would split the group can neither
  flee nor climb, so a threat on it is worth far more (`PINNED`) than on a loose one (`LOOSE`), less when
  its owner has a free Mobile counter to pin the attacker or close a ring round it (`PINNED_HELPED`); a
  threat the player to move can carry out with the actions left this turn is nearly a capture
  (`IMMINENT`). The hooks: that judgement as the value of each new leaf (cut off at once: playouts added
  nothing the judgement does not see), the judgement of each move as the PUCT prior, the setup placements
  that give the same position turned or mirrored searched once (`distinct_moves`), and the hint's words
  (`why`). The search plays the rules through `TRUSTED`, which skips re-checking the actions it lists.

Measured on seeded two-player games, seats rotated (see the report of issue 10): Medium beat Easy 182 of 200;
Hard beat Medium 59 of 60 (the one loss: a search the 0.55 s safety net cut short on a machine loaded four
times over; uncapped it wins that game too). The benchmark's ladder (`python -m rainbowtable.bench --ai
--figure ladder --game colosseum_offcuts --games 200`, which plays 400 games a match-up, budgets in processor
time) later gave Hard all 400 games against Medium, and Medium 88.2% against Easy (a draw by the stalemate
limit counts half). The start player wins every game between Medium players, in four turns, by pinning both of
the other player's Fortifications; Hard survives that as the second player by closing rings round its pinned
Fortifications, which takes about 250 simulations (at 200 it loses those games). Against the benchmark's
yardstick Hard won every game measured (few: the yardstick takes about a minute a move here). Against a Medium
that shortlists 5 first actions instead of 15, Hard scored 8.5 of 12, 7 of them drawn by the stalemate limit:
Hard finds no plan against a careful defender beyond the pins it can see. Cut-off playouts (2 actions,
capture-first) scored 4.5 of 12 against this Hard and were slower, so leaves are judged at once.
Holds no game flow: the rules decide who acts; this only picks, from `RULES.observe(state, seat)`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import cast

from rainbowtable.ai.hint import register_hooks
from rainbowtable.ai.search import SearchHooks, search_action
from rainbowtable.core.i18n import _
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.colosseum_offcuts.model import (
    Cell,
    ColosseumAction,
    ColosseumState,
    Counter,
    EndTurn,
    FlipCounter,
    Kind,
    Mode,
    MoveAttack,
    MoveMobile,
    Phase,
)
from rainbowtable.games.colosseum_offcuts.rules import (
    RULES,
    ColosseumRules,
    _attack_from,
    board_of,
    can_lift,
    cut_cells,
    neighbours4,
    perform,
    players_in,
)

WIN = 1_000_000.0
FORTIFICATION = 1000.0
THREATENED = 700.0
"""An own Fortification the player about to move can capture (§3.11's −1000, softened: the threat may
be parried by the one-group rule after other moves)."""
THREATENED_LATER = 300.0
"""...by a player who moves later, so there is time to answer."""
THREATENING_NOW = 500.0
"""An enemy Fortification this seat can capture on the turn it is taking."""
THREATENING = 200.0
COVERED = 150.0
BURIED = 40.0
MOVABLE_FORTIFICATION = 120.0
"""An own Fortification whose cell is not an articulation point of the group: it can still be moved
away or turned on an attacker (§3.11: keep own counters away from being articulation points)."""
EASY_RANDOM_SHARE = 0.5
PAIR_SHORTLIST = 15


# --- evaluation --------------------------------------------------------------------------------------


def _attacks(
    board: dict[Cell, tuple[Counter, ...]], cells: frozenset[Cell], f: Counter, at: Cell
) -> set[Cell]:
    """Cells whose top counter Fortification `f` (top of its stack at `at`) could climb onto within two of
    its owner's actions (§3.11's threat definition)."""
    stack = board[at]
    height = len(stack) - 1
    if not can_lift(board, at, height):
        return set()
    out: set[Cell] = set()
    if f.mode is Mode.ATTACK:
        for n in neighbours4(at):
            if n in cells:
                out.add(n)
        for dest in _attack_from(board, at, height):
            if dest not in cells:
                for n in neighbours4(dest):
                    if n in cells and n != at:
                        out.add(n)
    elif height == 0:
        out.update(n for n in neighbours4(at) if n in cells)
    return out


def evaluate(state: ColosseumState, seat: int) -> float:
    """How good `state` is for `seat` (see the module docstring); finished games are ±WIN."""
    if state.phase is Phase.OVER:
        left = players_in(state)
        if seat not in left:
            return -WIN
        return WIN / len(left) if state.drawn else WIN
    if state.eliminated[seat]:
        return -WIN
    board = board_of(state)
    cells = frozenset(board)
    alive = players_in(state)
    held = [0] * state.seat_count
    score = 0.0
    tops: dict[Cell, Counter] = {}
    for cell, stack in board.items():
        tops[cell] = stack[-1]
        for height, counter in enumerate(stack):
            if counter.is_fortification:
                held[counter.owner] += 1
            if counter.owner == seat and height < len(stack) - 1:
                above = stack[height + 1]
                if above.owner == seat and counter.is_fortification:
                    score += COVERED
                elif above.owner != seat:
                    score -= BURIED
    enemies = [s for s in alive if s != seat]
    score += FORTIFICATION * held[seat]
    if enemies:
        score -= FORTIFICATION * sum(held[s] for s in enemies) / len(enemies)
    score += FORTIFICATION * 0.5 * state.captures_by[seat]
    cuts = cut_cells(cells) or frozenset()
    for cell, stack in board.items():
        top = stack[-1]
        if top.owner == seat and top.is_fortification and (len(stack) > 1 or cell not in cuts):
            score += MOVABLE_FORTIFICATION
    mover = state.current
    threatened: dict[Cell, float] = {}
    threatening: set[Cell] = set()
    for cell, top in tops.items():
        if not top.is_fortification or state.eliminated[top.owner]:
            continue
        for target in _attacks(board, cells, top, cell):
            victim = tops[target]
            if not victim.is_fortification or victim.owner == top.owner:
                continue
            if victim.owner == seat:
                weight = THREATENED if top.owner == mover else THREATENED_LATER
                threatened[target] = max(threatened.get(target, 0.0), weight)
            elif top.owner == seat:
                threatening.add(target)
    score -= sum(threatened.values())
    score += (THREATENING_NOW if mover == seat else THREATENING) * len(threatening)
    return score


def _score_after(state: ColosseumState, seat: int) -> float:
    return evaluate(state, seat)


# --- levels -------------------------------------------------------------------------------------------


def _best_single(state: ColosseumState, seat: int, legal: Sequence[ColosseumAction]) -> ColosseumAction:
    return max(legal, key=lambda a: _score_after(perform(state, a), seat))


def _pairs(state: ColosseumState, seat: int) -> list[tuple[float, ColosseumAction, ColosseumState]]:
    """(score, first action, position after the best second action) for the shortlisted first actions,
    best first (§3.11: every first action, the best PAIR_SHORTLIST expanded)."""
    firsts = [(a, perform(state, a)) for a in RULES.legal_actions(state)]
    scored = sorted(((_score_after(s, seat), i) for i, (_a, s) in enumerate(firsts)), reverse=True)
    out: list[tuple[float, ColosseumAction, ColosseumState]] = []
    for score, i in scored[:PAIR_SHORTLIST]:
        action, after = firsts[i]
        if after.phase is Phase.PLAY and after.current == seat and not isinstance(action, EndTurn):
            seconds = [perform(after, b) for b in RULES.legal_actions(after)]
            best = max(seconds, key=lambda s: _score_after(s, seat))
            out.append((_score_after(best, seat), action, best))
        else:
            out.append((score, action, after))
    out.sort(key=lambda item: item[0], reverse=True)
    return out


def choose_action(state: ColosseumState, seat: int, level: Level, rng: Rng) -> ColosseumAction:
    observed = RULES.observe(state, seat)
    legal = RULES.legal_actions(observed)
    if len(legal) == 1:
        return legal[0]
    if level is Level.EASY:
        if rng.random() < EASY_RANDOM_SHARE:
            return legal[rng.below(len(legal))]
        return _best_single(observed, seat, legal)
    if level is Level.HARD:
        return _hard(observed, seat, rng)
    if observed.phase is Phase.SETUP:
        return _best_single(observed, seat, legal)
    return _pairs(observed, seat)[0][1]
    return _hard(observed, seat, rng)


# --- Hard: the shared search with this game's hooks --------------------------------------------------

HARD_SIMULATIONS = 400
"""Hard's simulations a decision (a fixed count, so a seed gives the same game)."""
HARD_TIME_CAP_S: float | None = 0.55
"""A safety net on a loaded machine: the search stops here even with simulations left."""
HARD_CUTOFF = 0
"""Playout actions before the judgement is asked (0: judge each new leaf at once)."""
PRIOR_SCALE = 300.0
"""The prior of a move is exp((its judgement - the best move's) / PRIOR_SCALE)."""
VALUE_SCALE = 1000.0
"""A seat's value is the logistic of (its judgement - the others' mean) / VALUE_SCALE."""


class _Trusted(ColosseumRules):
    """The rules for the search: `apply` skips the legality check (the search only plays listed actions)."""

    def apply(self, state: ColosseumState, action: ColosseumAction) -> ColosseumState:
        return perform(state, action)


TRUSTED = _Trusted()
FORT = Kind.FORTIFICATION

IMMINENT = 900.0
"""A threat the player to move can carry out with the actions left in this turn."""
PINNED = 550.0
"""A threat on a Fortification alone in a cell the one-group rule holds (it can neither flee nor climb)."""
PINNED_HELPED = 300.0
"""...when its owner has a free Mobile counter for each of its pinned Fortifications (to pin the attacker
in turn, or close a ring round the pinned one)."""
FLIP_REASON = 40.0
"""What a flip must gain in Hard's judgement over leaving the counter as it is (`flip_has_reason`)."""
ROOT_FLIP_PRIOR = 0.05
"""The share of its prior a flip without a reason keeps at the root of Hard's (and the Hint's) search."""
LOOSE = 120.0
"""A threat on a Fortification that can move: it may flee, or strike first."""
ATTACKER_SHARE = 0.5
"""The attacker gains this share of what its threat costs the victim."""
H_COVERED = 150.0
H_BURIED = 40.0
H_MOVABLE = 120.0
"""An own Fortification on top of its stack that the one-group rule lets move."""


XY = tuple[int, int]
_N4: tuple[XY, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
_N8: tuple[XY, ...] = (*_N4, (1, 1), (1, -1), (-1, 1), (-1, -1))


def _reach(board: dict[XY, tuple[Counter, ...]], f: Counter, at: XY) -> dict[XY, int]:
    """Cells whose top Fortification `f` (liftable, top of its stack at `at`) could climb onto, with the
    actions its owner needs (1: a climb; 2: an attack step and a climb, or a flip and a climb). The steps
    are §3.6's [RES-CO8], on the board with `f` lifted."""
    out: dict[XY, int] = {}
    ax, ay = at
    stack = board[at]
    if f.mode is Mode.ATTACK:
        alone = len(stack) == 1
        for dx, dy in _N8:
            x, y = ax + dx, ay + dy
            if (x, y) in board:
                continue
            contact = False
            for ex, ey in _N4:
                nx, ny = x + ex, y + ey
                near = abs(nx - ax) <= 1 and abs(ny - ay) <= 1
                if near and (nx, ny) in board and not (alone and nx == ax and ny == ay):
                    contact = True
                    break
            if contact:
                for ex, ey in _N4:
                    n = (x + ex, y + ey)
                    if n != at and n in board:
                        out.setdefault(n, 2)
        for dx, dy in _N4:
            n = (ax + dx, ay + dy)
            if n in board:
                out[n] = 1
    elif len(stack) == 1:
        for dx, dy in _N4:
            n = (ax + dx, ay + dy)
            if n in board:
                out[n] = 2
    return out


def raw_scores(state: ColosseumState) -> list[float]:
    """Hard's static judgement of a position, one score per seat (higher is better): see the module
    docstring. Written for speed (the search asks it for every move of every node it opens)."""
    board: dict[XY, tuple[Counter, ...]] = {stack.cell: stack.counters for stack in state.stacks}
    mover, left = state.current, state.actions_left
    if state.phase is Phase.SETUP:  # judged as the first turn will find it
        mover, left = state.start_player, 2
    return _judge(board, state.eliminated, mover, left)


def _judge(
    board: dict[XY, tuple[Counter, ...]], eliminated: tuple[bool, ...], mover: int, left: int
) -> list[float]:
    """`raw_scores` of the position with these stacks, `mover` to act with `left` actions."""
    n = len(eliminated)
    cuts: frozenset[XY] = cut_cells(cast("frozenset[Cell]", frozenset(board))) or frozenset()
    raw = [0.0] * n
    free = [0] * n
    forts: list[tuple[XY, Counter]] = []
    for cell, stack in board.items():
        top = len(stack) - 1
        for height, counter in enumerate(stack):
            owner = counter.owner
            if counter.kind is FORT:
                raw[owner] += FORTIFICATION
            if height < top:
                above = stack[height + 1]
                if above.owner == owner:
                    if counter.kind is FORT:
                        raw[owner] += H_COVERED
                else:
                    raw[owner] -= H_BURIED
        bottom = stack[0]
        loose = top > 0 or cell not in cuts
        if bottom.mode is Mode.MOBILE and cell not in cuts:
            free[bottom.owner] += 1
        crown = stack[top]
        if crown.kind is FORT and loose:
            raw[crown.owner] += H_MOVABLE
            if not eliminated[crown.owner]:
                forts.append((cell, crown))
    worst: dict[XY, tuple[float, int]] = {}
    forts.sort(key=lambda item: item[0])  # ties go to the same attacker however the stacks are listed
    pinned: dict[XY, int] = {}
    for cell, f in forts:
        for target, need in _reach(board, f, cell).items():
            victim_stack = board[target]
            victim = victim_stack[-1]
            if victim.kind is not FORT or victim.owner == f.owner:
                continue
            if f.owner == mover and need <= left:
                weight = IMMINENT
            elif len(victim_stack) > 1 or target not in cuts:
                weight = LOOSE
            else:
                weight = PINNED
                pinned.setdefault(target, f.owner)
            if weight > worst.get(target, (0.0, 0))[0]:
                worst[target] = (weight, f.owner)
    # A pinned Fortification can be saved by a free Mobile counter (one action each): enough of them for
    # every pinned one, and each threat is only PINNED_HELPED.
    held_pins = [0] * n
    for target in pinned:
        if worst[target][0] == PINNED:
            held_pins[board[target][-1].owner] += 1
    for target in pinned:
        weight, attacker = worst[target]
        owner = board[target][-1].owner
        if weight == PINNED and free[owner] >= held_pins[owner]:
            worst[target] = (PINNED_HELPED, attacker)
    for target, (weight, attacker) in worst.items():
        raw[board[target][-1].owner] -= weight
        raw[attacker] += ATTACKER_SHARE * weight
    return raw


def _relative(state: ColosseumState, raw: Sequence[float], seat: int) -> float:
    others = [raw[s] for s in range(state.seat_count) if s != seat and not state.eliminated[s]]
    return raw[seat] - (sum(others) / len(others) if others else 0.0)


def _next_in(state: ColosseumState) -> int:
    n = state.seat_count
    for step in range(1, n + 1):
        seat = (state.current + step) % n
        if not state.eliminated[seat]:
            return seat
    return state.current


def _judge_after(state: ColosseumState, action: ColosseumAction) -> list[float] | None:
    """`raw_scores` after `action` in PLAY, worked out on the stacks alone (without building the next
    state, which was half of the search's time); None for a capture, which changes more than the stacks."""
    board: dict[XY, tuple[Counter, ...]] = {stack.cell: stack.counters for stack in state.stacks}
    if state.actions_left > 1:
        mover, left = state.current, state.actions_left - 1
    else:
        mover, left = _next_in(state), 2
    if isinstance(action, EndTurn):
        return _judge(board, state.eliminated, _next_in(state), 2)
    if not isinstance(action, FlipCounter | MoveMobile | MoveAttack):
        return None
    found = None
    for cell, stack in board.items():
        for height, counter in enumerate(stack):
            if counter.id == action.counter:
                found = cell, height, stack
    if found is None:
        return None
    origin, height, stack = found
    if isinstance(action, FlipCounter):
        board[origin] = (
            replace(stack[0], mode=Mode.ATTACK if stack[0].mode is Mode.MOBILE else Mode.MOBILE),
        )
    elif isinstance(action, MoveMobile):
        del board[origin]
        board[action.to] = stack
    else:
        below = board.get(action.to, ())
        mover_counter = stack[height]
        if (
            below
            and below[-1].kind is FORT
            and mover_counter.kind is FORT
            and below[-1].owner != mover_counter.owner
        ):
            return None
        if height == 0:
            del board[origin]
        else:
            board[origin] = stack[:height]
        board[action.to] = (*below, mover_counter)
    return _judge(board, state.eliminated, mover, left)


def _prior(state: ColosseumState, legal: Sequence[ColosseumAction]) -> list[float]:
    seat = state.current
    scores = []
    for action in legal:
        raw = _judge_after(state, action) if state.phase is Phase.PLAY else None
        if raw is not None:
            others = [raw[s] for s in range(state.seat_count) if s != seat and not state.eliminated[s]]
            scores.append(raw[seat] - (sum(others) / len(others) if others else 0.0))
            continue
        after = perform(state, action)
        if after.phase is Phase.OVER:
            scores.append(WIN if seat in players_in(after) else -WIN)
        else:
            scores.append(_relative(after, raw_scores(after), seat))
    top = max(scores)
    return [math.exp(max(-30.0, (s - top) / PRIOR_SCALE)) for s in scores]


def _values(state: ColosseumState) -> list[float]:
    raw = raw_scores(state)
    scores = [_relative(state, raw, s) for s in range(state.seat_count)]
    return [
        0.0 if state.eliminated[s] else 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, v / VALUE_SCALE))))
        for s, v in enumerate(scores)
    ]


def _is_capture(
    board: dict[Cell, tuple[Counter, ...]], state: ColosseumState, action: ColosseumAction
) -> bool:
    if not isinstance(action, MoveAttack):
        return False
    below = board.get(action.to)
    if not below or not below[-1].is_fortification or below[-1].owner == state.current:
        return False
    return action.counter % 4 >= 2  # ids owner * 4 + k: k = 2, 3 are the Fortifications


def rollout(state: ColosseumState, seat: int, rng: Rng) -> ColosseumAction:
    """The playout policy: a capture when there is one, otherwise any legal action."""
    legal = RULES.legal_actions(state)
    if state.phase is Phase.PLAY:
        board = board_of(state)
        captures = [a for a in legal if _is_capture(board, state, a)]
        if captures:
            return captures[rng.below(len(captures))]
    return legal[rng.below(len(legal))]


_SYMMETRIES: tuple[tuple[int, int, int, int], ...] = (
    (1, 0, 0, 1),
    (0, -1, 1, 0),
    (-1, 0, 0, -1),
    (0, 1, -1, 0),
    (-1, 0, 0, 1),
    (1, 0, 0, -1),
    (0, 1, 1, 0),
    (0, -1, -1, 0),
)
"""The eight rotations and reflections of the square grid, as (a, b, c, d): (x, y) -> (ax + by, cx + dy)."""


def _shape(state: ColosseumState) -> tuple[object, ...]:
    """The position up to moving, turning and mirroring the whole group: the table has no board, so two
    placements that differ only so are the same placement."""
    keys = []
    for a, b, c, d in _SYMMETRIES:
        cells = [
            (a * cell.x + b * cell.y, c * cell.x + d * cell.y, tuple((k.id, k.mode.value) for k in stack))
            for cell, stack in state.stacks
        ]
        min_x = min(x for x, _y, _s in cells)
        min_y = min(y for _x, y, _s in cells)
        keys.append(tuple(sorted((x - min_x, y - min_y, s) for x, y, s in cells)))
    return min(keys)


def _standing_still(state: ColosseumState) -> float:
    """The mover's judgement of the position with the action spent on nothing."""
    board: dict[XY, tuple[Counter, ...]] = {stack.cell: stack.counters for stack in state.stacks}
    if state.actions_left > 1:
        still = _judge(board, state.eliminated, state.current, state.actions_left - 1)
    else:
        still = _judge(board, state.eliminated, _next_in(state), 2)
    return _relative(state, still, state.current)


def _gain(state: ColosseumState, action: ColosseumAction, still: float) -> float:
    """What an action gains in the mover's judgement over standing still (a capture: everything)."""
    after = _judge_after(state, action)
    return WIN if after is None else _relative(state, after, state.current) - still


def flip_has_reason(state: ColosseumState, action: FlipCounter) -> bool:
    """Whether a flip is worth its action: Hard's judgement of the position after it beats the same position
    with the action spent on nothing by `FLIP_REASON`. A flip back in an unchanged position never has a
    reason (it would have to beat the position the first flip beat), so Hard and the Hint, which start
    such flips with a small prior (`_root_prior`), do not undo their own flip on a near tie (issue 39)."""
    return _gain(state, action, _standing_still(state)) > FLIP_REASON


def distinct_moves(state: ColosseumState) -> list[ColosseumAction]:
    """The `moves` hook: during setup one placement of each set that gives the same position turned or
    mirrored (the second Board Piece of the game has four such cells round the first); in play every
    action (two actions never lead to the same position)."""
    legal = RULES.legal_actions(state)
    if state.phase is not Phase.SETUP or len(legal) < 2:
        return legal
    seen: set[tuple[object, ...]] = set()
    out: list[ColosseumAction] = []
    for action in legal:
        key = _shape(perform(state, action))
        if key not in seen:
            seen.add(key)
            out.append(action)
    return out


def _threats_against(state: ColosseumState, seat: int) -> int:
    """How many (attacker, own Fortification) threats there are on `seat` (for the hint's words)."""
    board: dict[XY, tuple[Counter, ...]] = {stack.cell: stack.counters for stack in state.stacks}
    total = 0
    for cell, stack in board.items():
        f = stack[-1]
        if not f.is_fortification or f.owner == seat or state.eliminated[f.owner]:
            continue
        if not can_lift(board_of(state), Cell(*cell), len(stack) - 1):
            continue
        for target in _reach(board, f, cell):
            victim = board[target][-1]
            if victim.is_fortification and victim.owner == seat:
                total += 1
    return total


def _pinned_enemies(state: ColosseumState, seat: int) -> int:
    """Enemy Fortifications alone in a cell that an own counter touches and whose lifting splits the group."""
    board = board_of(state)
    cuts = cut_cells(frozenset(board)) or frozenset()
    count = 0
    for cell, stack in board.items():
        f = stack[-1]
        if (
            len(stack) == 1
            and f.is_fortification
            and f.owner != seat
            and cell in cuts
            and any(n in board and board[n][-1].owner == seat for n in neighbours4(cell))
        ):
            count += 1
    return count


def why(state: ColosseumState, action: ColosseumAction) -> str | None:
    """One line for the hint: what the suggested action does that matters."""
    if state.phase is not Phase.PLAY:
        return None
    seat = state.current
    after = perform(state, action)
    if len(after.captured) > len(state.captured):
        return _("It captures a Fortification.")
    if isinstance(action, EndTurn):
        return _("Nothing better is left this turn.")
    if _pinned_enemies(after, seat) > _pinned_enemies(state, seat):
        return _("It pins an enemy Fortification: it cannot move away or climb.")
    if _threats_against(after, seat) < _threats_against(state, seat):
        return _("It takes your Fortification out of reach.")
    if isinstance(action, MoveAttack):
        below = board_of(state).get(action.to, ())
        if below and below[-1].owner == seat and below[-1].is_fortification:
            return _("It covers your Fortification, so it cannot be captured.")
    if raw_scores(after)[seat] > raw_scores(state)[seat] and _pinned_enemies(after, seat):
        return _("It keeps up the pressure on a pinned Fortification.")
    return None


def _root_prior() -> Callable[[ColosseumState, Sequence[ColosseumAction]], list[float]]:
    """The `prior` hook of one search: `_prior`, but at the search's root (the position being decided, the
    first it opens) a flip without a reason (`flip_has_reason`) starts with `ROOT_FLIP_PRIOR` of its weight.
    The search still plays such a flip when it finds it clearly best (a waiting move, a defence it sees
    deeper), but a near tie no longer goes to a flip, so neither Hard nor the Hint flips a counter one turn
    and back the next on noise. Leaving such flips out altogether made Hard weaker: they are real moves
    (waiting, and defences the judgement only sees deeper)."""
    root: list[ColosseumState] = []

    def prior(state: ColosseumState, legal: Sequence[ColosseumAction]) -> list[float]:
        weights = _prior(state, legal)
        if not root:
            root.append(state)
        if state is not root[0] or state.phase is not Phase.PLAY:
            return weights
        still = _standing_still(state)
        return [
            w * ROOT_FLIP_PRIOR if isinstance(a, FlipCounter) and _gain(state, a, still) <= FLIP_REASON else w
            for a, w in zip(legal, weights, strict=True)
        ]

    return prior


def hard_hooks() -> SearchHooks:
    """The hooks Hard searches with (and the Hint button, see `hint_hooks`): the static judgement as the
    value of every new leaf (cut off at once), the judgement of each move as the prior, the
    symmetric-placement filter and the why words; the capture-first playout for a cut-off above zero."""
    return SearchHooks(
        evaluate=_values,
        prior=_prior,
        why=why,
        cutoff=HARD_CUTOFF,
        rollout=rollout if HARD_CUTOFF else None,
        moves=distinct_moves,
    )


def hint_hooks() -> SearchHooks:
    """The Hint's hooks, made fresh for each hint: Hard's, with a flip without a reason damped at the root
    (`_root_prior`). A hint searches for a quarter of a second, far fewer simulations than Hard's 400, and
    on so few a near tie between a flip and another move went either way from one turn to the next: the
    Hint advised "flip to Attack", then "flip back to Mobile". Hard itself keeps the plain prior: damping
    there cost it both of two seeded games against Medium it wins undamped (the flips are real moves, whose
    worth the static judgement does not see), and at 400 simulations it was not seen to flip back."""
    return replace(hard_hooks(), prior=_root_prior())


def _hard(state: ColosseumState, seat: int, rng: Rng) -> ColosseumAction:
    action: ColosseumAction = search_action(
        TRUSTED, state, seat, rng, hard_hooks(), simulations=HARD_SIMULATIONS, time_cap_s=HARD_TIME_CAP_S
    )
    return action


register_hooks(RULES.id, lambda _rng: hint_hooks())
