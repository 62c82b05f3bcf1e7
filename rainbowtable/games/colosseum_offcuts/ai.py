"""The Colosseum Offcuts computer opponent (colosseum_offcuts.md §3.11): Easy, Medium and Hard.

- Evaluation (`evaluate`): Fortifications held and captured (1000 each); threats, as §3.11 defines them:
  an enemy Fortification threatens an own top-most Fortification when it is in Attack mode on top of its
  stack and N4-adjacent (one action), or one legal attack step away from an adjacent cell (two actions), or
  in Mobile mode, alone and adjacent (flip and climb); a threat needs the attacker to be liftable (the
  one-group rule). A threat by the player about to move weighs most; own threats count too, more when it
  is this seat's turn (so judging positions where a turn has just ended stays consistent). Covering
  an own Fortification with a friendly counter pays; an own counter buried under an enemy one costs.
  Mobility is left out: it costs a full move generation per position.
- Easy: half the time any legal action, otherwise the best single action by the evaluation.
- Medium: §3.11's search: every first action of the turn, the best `PAIR_SHORTLIST` expanded with every
  second action, the pair with the best evaluation chosen (its first action is played; the second is
  decided again on the next call, which finds the same pair).
- Hard: Medium, then for the best `REPLY_SHORTLIST` pairs the next player's immediate replies (1-ply,
  §3.11): every pair of actions made with their Fortifications (flip, attack steps, climbs), and the pair
  is scored by the position after the reply that hurts most. This catches captures the static threat terms
  miss (an attacker that can first step round a corner, a cover that can be stepped off).

Hard does not use the shared Monte Carlo search (`ai/search.py`): with this module's prior and evaluation
as hooks (cut-off 2, 0.5 s a decision) it won 5 of 12 two-player games against Medium, no better than
Medium itself, at about 30 times the cost. Two-player games between the stronger levels are short (four
turns) and the start player won all 20 of the seeded Hard-against-Medium games: its first turn moves both
Fortifications beside the other player's, where the one-group rule pins the defenders. Hard's reply check
(also tried on all 15 shortlisted pairs) finds no defence there; the setup would have to prevent it.
The search hooks (prior and evaluation from this module) are registered for the table's Hint button.
Holds no game flow: the rules decide who acts; this only picks, from `RULES.observe(state, seat)`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rainbowtable.ai.hint import register_hooks
from rainbowtable.ai.search import SearchHooks
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
    Mode,
    MoveAttack,
    Phase,
)
from rainbowtable.games.colosseum_offcuts.rules import (
    RULES,
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
REPLY_SHORTLIST = 5


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


def _fortification_actions(state: ColosseumState) -> list[ColosseumAction]:
    """The replies §3.11's 1-ply check looks at: what the player to act can do with their Fortifications
    (and ending the turn)."""
    forts = {
        c.id
        for _cell, stack in state.stacks
        for c in stack
        if c.owner == state.current and c.is_fortification
    }
    return [
        a
        for a in RULES.legal_actions(state)
        if isinstance(a, EndTurn) or (isinstance(a, FlipCounter | MoveAttack) and a.counter in forts)
    ]


def _worst_reply(state: ColosseumState, seat: int) -> float:
    """The evaluation for `seat` after the next player's whole turn made with their Fortifications, the
    turn chosen as the worst for `seat` (every position judged is one where a turn has just ended)."""
    if state.phase is not Phase.PLAY or state.current == seat:
        return _score_after(state, seat)
    player = state.current
    worst = WIN * 2
    for first in _fortification_actions(state):
        after = perform(state, first)
        if after.phase is Phase.PLAY and after.current == player:
            for second in _fortification_actions(after):
                worst = min(worst, _score_after(perform(after, second), seat))
        else:
            worst = min(worst, _score_after(after, seat))
    return worst if worst < WIN * 2 else _score_after(state, seat)


def choose_action(state: ColosseumState, seat: int, level: Level, rng: Rng) -> ColosseumAction:
    observed = RULES.observe(state, seat)
    legal = RULES.legal_actions(observed)
    if len(legal) == 1:
        return legal[0]
    if level is Level.EASY:
        if rng.random() < EASY_RANDOM_SHARE:
            return legal[rng.below(len(legal))]
        return _best_single(observed, seat, legal)
    if observed.phase is Phase.SETUP:
        return _best_single(observed, seat, legal)
    pairs = _pairs(observed, seat)
    if level is Level.MEDIUM:
        return pairs[0][1]
    judged = [(_worst_reply(after, seat), action) for _score, action, after in pairs[:REPLY_SHORTLIST]]
    return max(judged, key=lambda item: item[0])[1]


# --- hooks for the shared search (the Hint button) ----------------------------------------------------


def _prior(state: ColosseumState, legal: Sequence[ColosseumAction]) -> list[float]:
    seat = state.current
    scores = [_score_after(perform(state, a), seat) for a in legal]
    top = max(scores)
    return [math.exp(max(-30.0, (s - top) / 300.0)) for s in scores]


def _values(state: ColosseumState) -> list[float]:
    return [
        1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, evaluate(state, s) / 1000.0))))
        for s in range(state.seat_count)
    ]


def _why(state: ColosseumState, action: ColosseumAction) -> str | None:
    after = perform(state, action)
    if len(after.captured) > len(state.captured):
        return _("It captures a Fortification.")
    if isinstance(action, EndTurn):
        return _("Nothing better is left this turn.")
    return None


register_hooks(RULES.id, SearchHooks(evaluate=_values, prior=_prior, why=_why, cutoff=4))
