"""The Rainbow Passage computer opponent (rainbow_passage.md §1.15): Easy, Medium and Hard.

- Turn generation: depth-first over single steps with the dice left as a multiset, at most M steps,
  deduplicated on (pieces, dice left) and capped in nodes; plus every return and stopping (pass or end).
- Evaluation of the position after a turn (`evaluate`): a win or loss outright, material (a capture is worth
  about 100: the victim also loses a die), progress w(r) = 3r + r²/2 with a bonus on the star row, crossings
  already made, danger (each of my moved pieces one legal step from an enemy piece, weighted by the chance
  1 − (5/6)^k that the enemy rolls that square's colour), a little for unmoved pieces while enemies are near
  my home row, and an emergency term for enemy pieces one step from their far row.
- Easy: a random legal turn, biased towards forward steps. Medium: the best turn by the evaluation.
  Hard: the shared search (`ai/search.py`, Monte Carlo tree search over single steps and the dice) with
  this module's hooks: it compares the first steps of Medium's best two turns (HARD_CANDIDATES), each
  played on by Medium's turns (the rest of this one, the next player's roll and reply) and scored, with
  two sides, by a chance of winning fitted to the outcomes of Medium's games (`win_chance.py`), otherwise
  by a logistic of Medium's score; the prior weighs the candidates evenly (FAVOURITE_WEIGHT). §1.15's own Hard
  (the best few Medium turns scored by the opponent's best reply over sampled rolls) is kept behind
  `HARD_LOOKAHEAD`.

The computer decides from `RULES.observe(state, seat)` (everything is public in this game, §1.11) and
returns one action: the first of its planned turn; it plans again at each step. The search hooks
(`moves`, `rollout`, `evaluate_for_search`, `prior`, `why`) are registered for the shared search
(`rainbowtable/ai/search.py`), which the table's Hint button uses.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rainbowtable.ai import second_core
from rainbowtable.ai.hint import register_hooks
from rainbowtable.ai.search import SearchHooks
from rainbowtable.core.i18n import _
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.rainbow_passage import rules as R
from rainbowtable.games.rainbow_passage import win_chance
from rainbowtable.games.rainbow_passage.model import (
    COLOURS,
    DiceRolled,
    EndTurn,
    Pass,
    Phase,
    RainbowPassageAction,
    RainbowPassageState,
    ReturnPiece,
    Status,
    StepPiece,
)
from rainbowtable.games.rainbow_passage.rules import RULES
from rainbowtable.geometry.square import Cell

WIN = 1_000_000.0
PIECE_VALUE = 100.0
CROSSING_VALUE = 400.0
STAR_ROW_BONUS = 0.0
UNMOVED_BONUS = 2.0
"""A bonus for a piece on the star row, and for each piece still unmoved (its start token crossed: it cannot
be captured). Measured in seeded two-player games of Medium with these values against Medium with the
previous 6 and 4, seats rotated: star row 0 and unmoved 2 won 67.0% of seeds 1000-1399 and 65.3% of
1400-1799 (unmoved 1: 64.8%, 3: 64.0%, 8: 52.8%; star row -6: 57.3%; star row 20: 1.5%). Without the
unmoved bonus (and star row 6) Medium won 35.8%: it is what keeps pieces home until they can go."""
EMERGENCY = 250.0
"""What an enemy piece's chance of crossing on its next roll costs (`win_chance.crossing_colours_from`: a
piece on the row before its far row, an empty far-row square a step away, its colour among the enemy's k
dice). Its mirror, the same chance counted for a side's own pieces (§1.15's "pieces ready to step across"),
was measured and left out: it narrows the levels rather than strengthening Hard. Worth 150 in Medium's score,
Medium with it against Medium without (seats rotated, 1,000 seeded two-seat games each) won 54.6% of seeds
1000-1999 (Medium against itself: 51.4% of the same seeds, the seats' luck) and 52.4% of seeds 3000-3999
(itself: 47.0%); 100 won 54.4% and 250 54.2% of the first set, 50 51.4%. But Hard, whose search plays and
scores with Medium's score, did not gain: Hard with it against Medium without won 55.4% of the ladder's first
130 seeds (Hard without it: 58.5% and 62.3% of those in two runs), and with it on both sides Hard won 56.0% of
the ladder's 200 (59.0% without). Other terms tried against Medium the same way changed nothing: my threats on
enemy pieces (51.5%), a steeper or flatter progress curve (52.0%, 50.7%), a value per die (51.4%), counting an
enemy's capture onto the far row as a crossing (51.1%), counting my crossing chances only for pieces no enemy
can capture (53.1% at 250), a bonus per row of my leading piece (52.2% at 10 a row, 51.9% at 30) or for its
chance of stepping forward on my next roll (39.6% at 40)."""
CAPTURE_RISK = 0.7
"""The share of a piece's worth counted as lost when an enemy piece is one step from it. (1.0 and 0.4, and
PIECE_VALUE 150 or EMERGENCY 500, each won 48-49% of 400 seeded games against these values: no
difference.)"""
NODE_CAP = 3_000
EASY_FORWARD_WEIGHT = 3.0
EASY_STOP_CHANCE = 0.15
HARD_BUDGET_S = 0.24
"""Hard thinks with the shared search (`ai/search.py`) and the hooks below for this long per decision, on two
cores where the machine has them (`ai/second_core.py`). With the even prior the search seldom settles early,
so it spends the whole budget: at 0.25 s the benchmark's median decision was 250.6 ms, past issue 10's 250 ms,
hence 0.24. Since the evaluation reads its rows, steps and worths from per-edge tables (`rules.Reach`,
`_worths`) and a step rebuilds the pieces in one pass, a simulation costs about half what it did, every score
unchanged: at this budget, over 40 decisions of seeded Medium games, a median of 22.5 simulations a core
against 12.5 before (on the slow machine SEARCH_SCALE tells of). Twice the simulations did not make Hard
stronger there: 59.0% of the ladder's 200 games against Medium, against 61.0% before."""
HARD_CANDIDATES = 2
"""The turns the search compares at each decision: the first steps of Medium's best two turns. With about 40
simulations a decision, each extra candidate thins the samples of the others: over the ladder's 200
seeds against Medium (at 0.24 s, SEARCH_SCALE 150) two won 63.0% where three won 58.0% (FAVOURITE_WEIGHT's
figure), and five 42.2% of the first 45 seeds (three: 66.7% of those). Both levels play the score tuned
above, which makes Medium about 65% against the old Medium; the old hooks with that score won 42.5% of 40
games against it (their playouts were Easy's random steps and their evaluation only said who was
ahead). The search is what makes the choice: taking either of the two at random won 14.0% of the ladder's
200 games (the search: 59.0% of the same, on the slow machine), so Medium's second turn is usually much
worse, and the search tells the rare better one apart."""
SEARCH_NODES = 150
ROLLOUT_NODES = 60
"""Positions Medium's turn generator may visit when the search ranks a node's turns, and when a playout
plans a turn. Scoring the turns found is most of a simulation's cost. Few turns are wider than 150 (23
of 651 turn starts in 20 seeded Medium games), and in 645 of those 651 the best turn within 150 scored as
well as the best within 600: the caps trim only the rare wide turns, the dearest to score. Playouts that
plan with 150 nodes (about 13 simulations a core instead of 22 at the budget) won 54.5% of the ladder's
200 games against Medium where 60 won 59.0% (on the slow machine, the same day); ranking the
candidates within 600 nodes instead of 150 also won 59.0%."""
FAVOURITE_WEIGHT = 1.0
"""The prior's weight on the first step of Medium's best turn, against 1 for the other candidates. At 8
(with 600 and 200 nodes above) the search spent nearly all of its few simulations confirming Medium's
move and stopped once it could not change (`_settled`), even where the others averaged better: Hard won
51.5% of the ladder's 200 games against Medium. Even weights with 150 and 60 nodes (about 40 simulations
a decision, spread over three candidates) won 58.0% of them (`python -m rainbowtable.bench --ai --figure
ladder --game rainbow_passage --games 100`, at 0.25 s; a screen of seeds 0-78 gave 65.8%).
Even weights leave the search choosing between two near-equal candidates much as a coin would (in 68 of
101 positions of Medium games, four searches of the same position did not all agree). Two ways of
steadying it were each measured against the shipped search on the ladder's seeds, played at the same
time (on the slow day SEARCH_SCALE tells of), and neither was kept: playing Medium's favourite unless
the other candidate's mean beat it by more than 0.03 won 50.5% of 107 seeds (the shipped search: 61.7%
of the same), and comparing the candidates on common dice (the k-th playout of each meeting the same
rolls) 53.1% of the first 128 (the shipped search: 61.7%)."""
SEARCH_CUTOFF = 10
SEARCH_SCALE = 300.0
"""Playout actions before the evaluation (about the rest of this turn and the next player's reply), and the
score difference that moves the evaluation's logistic by one unit (about three pieces). With a few dozen
playouts a candidate, a logistic that saturates late keeps the margins apart rather than calling most
positions won or lost: over the ladder's 200 seeds against Medium, 300 won 69.5% where 150 (a piece and a
half) won 63.0%, with two candidates at 0.24 s (screens); the benchmark's ladder on this code then gave
64.5% (`--figure ladder --game rainbow_passage --games 100`: the search stops on the clock, so runs
differ by a few points). A third run of the same 200 games gave 61.0% on a day the machine ran about
three times slower (the benchmark's bare-pygame start-up 0.20 s against 0.08 s, Dice Box's actions a
second 17,657 against 57,322): processor-time budgets keep the figures apart from the load, not from the
processor's speed, and that Hard searched about a third as much. Wider still adds nothing: 600 won
64.6% of the first 144 seeds, where 300 won 66.7% of them. A cut-off of 20 actions (about Hard's next turn
as well) won 60.5% of the 200, where 10 won 59.0% (both with the quicker evaluation `HARD_BUDGET_S`
tells of, on the slow machine, the same day): no better, for a playout twice as long. Nor was scoring
the cut-off where Medium's score is written (the turn under way finished as the playout planned it, then
scored for the side that had just moved, the other side taking the complement): 52.0% of the ladder's
first 102 seeds, where the shipped search won 53.9% and 62.7% of the same seeds in two runs.
With two sides this logistic is no longer the evaluation: a chance of winning fitted to the outcomes of
Medium's games (`win_chance.py`) is. A first fit, of 14 features, won 62.5% of the ladder's 200 (the
logistic: 59.0% and 61.0% of the same seeds); the one kept, of 20, won 70.3% of seeds 200-344, and 70.5%
of the 95 of them the logistic played at the same time, which won 60.0% (the slow machine, processor-time
budgets); the benchmark's ladder then gave 66.7% of 400 (`--figure ladder --game rainbow_passage --games
200`, seeds 0-399). Three and four seats, and teams, keep the logistic.
Ranking Medium's own turns by the fitted chance instead of its score won 17.5% of 372 games against
Medium: the fit describes the positions Medium's play leads to, not the turns Medium would not play."""
HARD_LOOKAHEAD = False
"""True: Hard is Medium plus the sampled-reply lookahead of §1.15 instead (two seats), kept for comparison.
Over seeds 0-199 against Medium (3 turns, 80-node replies, the same sampled rolls for every turn): 51.5%
with 6 rolls while the position after the reply was scored from Hard's side; scored from the opponent's
side (`_reply_value`), 55.5% with 6 rolls and 57.5% with 24 (a decision under 0.22 s at p95). 12 rolls
with 200-node replies, and 6 candidate turns, were no different over the 37 seeds played. The search is
what the issue asks for (one engine, and the Hint shows its move), so it stays Hard; the search itself
with this reply-aligned scoring (its cut-off evaluation finishing the turn under way and the next
player's reply) won 48% of 100 games: it manages only about 25 simulations a decision."""
HARD_SHORTLIST = 3
HARD_ROLLS = 24
HARD_REPLY_NODES = 80


@dataclass(frozen=True, slots=True)
class Plan:
    """A whole turn: its actions (possibly none: pass or stop) and the position it leaves."""

    actions: tuple[RainbowPassageAction, ...]
    state: RainbowPassageState


def _key(state: RainbowPassageState) -> tuple[object, ...]:
    # A piece's square and whether it has crossed say its status (on the board, captured or crossed)
    # without hashing the enum, which Python does slowly: the key of every step a turn search tries.
    return (
        tuple((p.pos, p.status is Status.CROSSED, p.home, p.token_crossed) for p in state.pieces),
        state.dice_left,
    )


def turn_plans(state: RainbowPassageState, node_cap: int = NODE_CAP) -> list[Plan]:
    """Every distinct turn from a TURN position (§1.15 turn generation): step sequences up to M, the
    returns, and stopping at once. Stops expanding after `node_cap` positions."""
    plans: list[Plan] = [Plan((), state)]
    if state.moves_made == 0 and not state.options.no_returns and R.move_allowance(state.dice) >= 2:
        for piece in state.pieces:
            if piece.owner == state.current and piece.status is Status.CAPTURED:
                for cell in R.return_squares(state, piece.id):
                    action = ReturnPiece(piece.id, cell)
                    plans.append(Plan((action,), R.apply(state, action)))
    seen = {_key(state)}
    nodes = 0
    stack: list[tuple[tuple[RainbowPassageAction, ...], RainbowPassageState]] = [((), state)]
    while stack and nodes < node_cap:
        actions, here = stack.pop()
        if here.phase is not Phase.TURN or here.current != state.current:
            continue
        for step in R.legal_steps(here):
            after = R._apply_step(here, step)
            key = _key(after)
            if key in seen:
                continue
            seen.add(key)
            nodes += 1
            plan_actions = (*actions, step)
            plans.append(Plan(plan_actions, after))
            stack.append((plan_actions, after))
    return plans


def _progress(r: int, star_row: int) -> float:
    return 3.0 * r + r * r / 2.0 + (STAR_ROW_BONUS if r == star_row else 0.0)


def _side_of(state: RainbowPassageState, seat: int) -> tuple[int, ...]:
    return state.team_of(seat)


def evaluate(state: RainbowPassageState, seat: int) -> float:
    """How good `state` is for `seat` (and its partner), against the best-placed opposing seat."""
    if state.phase is Phase.OVER:
        if seat in state.winners:
            return WIN
        return -WIN if state.winners else 0.0
    assert state.board is not None
    mine = set(_side_of(state, seat))
    worths = _worths_by_seat(state)
    values = [_seat_value(state, s, worths[s]) for s in range(state.seat_count)]
    own = sum(values[s] for s in mine)
    others = [values[s] for s in range(state.seat_count) if s not in mine and not state.seats[s].eliminated]
    return own - (max(others) if others else 0.0) - _danger(state, mine, worths)


def _seat_value(state: RainbowPassageState, seat: int, worth: dict[Cell, float]) -> float:
    if state.seats[seat].eliminated:
        return -PIECE_VALUE * 2
    total = CROSSING_VALUE * state.seats[seat].crossings
    for piece in state.pieces:
        if piece.owner != seat or piece.pos is None:
            continue
        total += worth[piece.pos]
    return total


@lru_cache(maxsize=64)
def _worths(edge_value: str, width: int, height: int) -> dict[Cell, float]:
    """A piece's worth on each square to an owner at this edge, PIECE_VALUE + _progress(row), built on first
    use from the rules' tables (PIECE_VALUE and STAR_ROW_BONUS are read then: a measurement that tries other
    values sets them before any game is scored)."""
    reach = R._reach(edge_value, width, height)
    return {cell: PIECE_VALUE + _progress(r, reach.star_row) for cell, r in reach.row.items()}


def _worths_by_seat(state: RainbowPassageState) -> list[dict[Cell, float]]:
    board = state.board
    assert board is not None
    return [_worths(seat.edge.value, board.width, board.height) for seat in state.seats]


def _danger(state: RainbowPassageState, mine: set[int], worths: list[dict[Cell, float]]) -> float:
    """Expected loss from enemy captures next turn and the emergency of enemies about to cross.

    One-step threats only. §1.15 suggests extending the estimate to 2-3 step paths of enemy pieces below
    their star row; done exactly (each path's chance over all 6^k rolls, the best path per piece, added
    to these terms), Medium with it won 45.5% and 42.0% of 200 seeded games each against Medium without
    it, and 47.0% at 0.3 of the weight: the longer reach makes it too timid, so it is left out."""
    board = state.board
    assert board is not None
    occupied = {p.pos: p for p in state.pieces if p.pos is not None}
    danger = 0.0
    for enemy in range(state.seat_count):
        if enemy in mine or state.seats[enemy].eliminated:
            continue
        k = R.dice_count(state, enemy)
        chance = 1.0 - (5.0 / 6.0) ** k
        reach = R.reach_of(state, enemy)
        far_row = reach.far_row
        for piece in state.pieces:
            if piece.owner != enemy or piece.pos is None:
                continue
            for to, _row in reach.steps[piece.pos]:
                target = occupied.get(to)
                if target is not None and target.owner in mine and not target.token_crossed:
                    danger += worths[target.owner][to] * chance * CAPTURE_RISK
            # Only a piece on the row before the far one can cross next turn.
            if reach.row[piece.pos] == far_row - 1:
                colours = win_chance.crossing_colours_from(board, reach, piece.pos, occupied)
                danger += EMERGENCY * win_chance.chance_of_any(len(colours), k)
    return danger


def _unmoved_bonus(state: RainbowPassageState, seat: int) -> float:
    return UNMOVED_BONUS * sum(
        1 for p in state.pieces if p.owner == seat and p.token_crossed and p.pos is not None
    )


def position_score(state: RainbowPassageState, seat: int) -> float:
    """Medium's score of a position for `seat`: the evaluation and the unmoved pieces kept safe."""
    return evaluate(state, seat) + _unmoved_bonus(state, seat)


def _score(plan: Plan, seat: int) -> float:
    return position_score(plan.state, seat)


def _first_action(plan: Plan, state: RainbowPassageState) -> RainbowPassageAction:
    if plan.actions:
        return plan.actions[0]
    return EndTurn() if state.moves_made else Pass()


def _easy(state: RainbowPassageState, seat: int, rng: Rng) -> RainbowPassageAction:
    steps = R.legal_steps(state)
    actions = R.legal_actions(state)
    returns = [a for a in actions if isinstance(a, ReturnPiece)]
    if returns and rng.random() < 0.5:
        return rng.choice(returns)
    if not steps or (state.moves_made and rng.random() < EASY_STOP_CHANCE):
        return EndTurn() if state.moves_made else Pass()
    face = R.facing_of(state, seat)
    weights = []
    for step in steps:
        pos = state.piece(step.piece).pos
        forward = pos is not None and face.row(step.to) > face.row(pos)
        weights.append(EASY_FORWARD_WEIGHT if forward else 1.0)
    pick = rng.random() * sum(weights)
    for step, weight in zip(steps, weights, strict=True):
        pick -= weight
        if pick < 0:
            return step
    return steps[-1]


def _ranked(state: RainbowPassageState, seat: int, node_cap: int = NODE_CAP) -> list[tuple[float, Plan]]:
    plans = turn_plans(state, node_cap)
    return sorted(((_score(p, seat), p) for p in plans), key=lambda item: -item[0])


def _reply_value(state: RainbowPassageState, seat: int, rng: Rng) -> float:
    """The expected value for `seat` after the next opponent's best reply, over sampled rolls."""
    if state.phase is Phase.OVER:
        return evaluate(state, seat)
    if state.phase is Phase.TURN:  # our turn is not over yet: end it
        state = R.apply(state, EndTurn() if state.moves_made else Pass())
        if state.phase is Phase.OVER:
            return evaluate(state, seat)
    total = 0.0
    opponent = state.current
    for _sample in range(HARD_ROLLS):
        count = R.dice_count(state, opponent)
        dice = tuple(sorted((COLOURS[rng.below(6)] for _die in range(count)), key=COLOURS.index))
        rolled = R.apply(state, DiceRolled(dice))
        plans = turn_plans(rolled, HARD_REPLY_NODES)
        if opponent in _side_of(state, seat):
            best = max(_score(p, seat) for p in plans)
        else:
            # The reply the opponent would choose, judged from its side: its turn has just ended, the
            # moment Medium's score is written for (the danger term counts what the next player, here
            # `seat`, may capture). Judged from `seat`'s side it counted threats to the side about to
            # move and missed its own.
            best = -max(position_score(p.state, opponent) for p in plans)
        total += best
    return total / HARD_ROLLS


_planned: dict[tuple[int, Level], tuple[RainbowPassageState, tuple[RainbowPassageAction, ...]]] = {}
"""Per (seat, level): the position the rest of the chosen turn starts from, and that rest. A turn is planned
once; its later steps are played from here while the position is the one expected."""


def choose_action(state: RainbowPassageState, seat: int, level: Level, rng: Rng) -> RainbowPassageAction:
    """The action `seat` plays now at `level`."""
    seen = RULES.observe(state, seat)
    if seen.phase is not Phase.TURN or seen.current != seat:
        raise ValueError("it is not this seat's turn to decide")
    if level is Level.EASY:
        return _easy(seen, seat, rng)
    if level is Level.HARD and not HARD_LOOKAHEAD:
        action: RainbowPassageAction = second_core.search_with_why_on_two_cores(
            RULES, seen, seat, rng, HOOKS, budget_s=HARD_BUDGET_S, why_again=False
        ).action
        return action
    planned = _planned.pop((seat, level), None)
    if planned is not None and planned[0] == seen:
        return _follow(seen, seat, level, planned[1])
    return _follow(seen, seat, level, _plan(seen, seat, level, rng).actions)


def _follow(
    state: RainbowPassageState, seat: int, level: Level, actions: tuple[RainbowPassageAction, ...]
) -> RainbowPassageAction:
    """The first of `actions` (stopping when there are none), remembering the rest for the next call."""
    if not actions:
        return EndTurn() if state.moves_made else Pass()
    first = actions[0]
    if isinstance(first, StepPiece):
        after = R.apply(state, first)
        if after.phase is Phase.TURN and after.current == seat:
            _planned[(seat, level)] = (after, actions[1:])
    return first


def _plan(state: RainbowPassageState, seat: int, level: Level, rng: Rng) -> Plan:
    """The whole turn Medium or Hard chooses."""
    seen = state
    ranked = _ranked(seen, seat)
    if level is Level.MEDIUM or len(ranked) == 1 or ranked[0][0] >= WIN:
        return ranked[0][1]
    best_plan = ranked[0][1]
    best_value = float("-inf")
    for _score_value, plan in ranked[:HARD_SHORTLIST]:
        value = _reply_value(plan.state, seat, rng.fork("reply"))
        if value > best_value:
            best_value, best_plan = value, plan
    return best_plan


# --- hooks for the shared search ------------------------------------------------------------------------


class _Memo(threading.local):
    """Per thread (the table's thinking thread and a hint may search at once): the last position ranked by
    `moves` (its `prior` asks again for the same one) and the rest of the turn `rollout` is playing."""

    ranked: tuple[RainbowPassageState, list[tuple[float, Plan]]] | None = None
    turn: tuple[RainbowPassageState, tuple[RainbowPassageAction, ...]] | None = None


_memo = _Memo()


def _ranked_once(state: RainbowPassageState) -> list[tuple[float, Plan]]:
    got = _memo.ranked
    if got is not None and got[0] is state:
        return got[1]
    ranked = _ranked(state, state.current, node_cap=SEARCH_NODES)
    _memo.ranked = (state, ranked)
    return ranked


def moves(state: RainbowPassageState) -> list[RainbowPassageAction]:
    """The moves the search tells apart: the first actions of the HARD_CANDIDATES best turns by Medium's
    score (whole turns are what a step is worth; the rest of each turn is the playout's)."""
    if state.phase is not Phase.TURN:
        return []
    out: list[RainbowPassageAction] = []
    for _value, plan in _ranked_once(state):
        action = _first_action(plan, state)
        if action not in out:
            out.append(action)
            if len(out) >= HARD_CANDIDATES:
                break
    return out


def rollout(state: RainbowPassageState, seat: int, rng: Rng) -> RainbowPassageAction:
    """The playout policy: Medium's best turn (planned once, then followed step by step), so a playout is
    the rest of this turn, the next player's roll and their best reply before the cut-off evaluation."""
    got = _memo.turn
    if got is not None and got[0] == state:
        rest = got[1]
    else:
        rest = _ranked(state, seat, node_cap=ROLLOUT_NODES)[0][1].actions
    _memo.turn = None
    if not rest:
        return EndTurn() if state.moves_made else Pass()
    first = rest[0]
    if isinstance(first, StepPiece) and len(rest) > 1:
        _memo.turn = (R.apply(state, first), rest[1:])
    return first


def evaluate_for_search(state: RainbowPassageState) -> Sequence[float]:
    """Per-seat values in [0, 1] for cut-off playouts: with two sides, each side's fitted chance of winning
    (`win_chance`); otherwise a logistic of Medium's score of the position for each seat
    (`position_score`), so the margin counts and not only who is ahead."""
    if win_chance.two_sided(state):
        first = win_chance.win_chance(state, 0)
        return [first, 1.0 - first]
    out: list[float] = []
    for seat in range(state.seat_count):
        x = max(-50.0, min(50.0, position_score(state, seat) / SEARCH_SCALE))
        out.append(1.0 / (1.0 + math.exp(-x)))
    return out


def prior(state: RainbowPassageState, actions: Sequence[RainbowPassageAction]) -> list[float]:
    """Move weights for the shared search: the first action of Medium's best turn weighs most."""
    if state.phase is not Phase.TURN:
        return [1.0] * len(actions)
    ranked = _ranked_once(state)
    best = _first_action(ranked[0][1], state) if ranked else None
    return [FAVOURITE_WEIGHT if action == best else 1.0 for action in actions]


def why(state: RainbowPassageState, action: RainbowPassageAction) -> str | None:
    """Words for a hint."""
    if isinstance(action, StepPiece):
        target = state.piece_at(action.to)
        if target is not None:
            return _("It captures a piece: its owner also loses a die.")
        face = R.facing_of(state, state.current)
        piece = state.piece(action.piece)
        if piece.pos is not None and face.row(action.to) > face.row(piece.pos):
            return _("It brings a piece closer to the far side.")
        return _("It steps a piece out of reach.")
    if isinstance(action, ReturnPiece):
        return _("It brings a captured piece back, safe on its start square.")
    if isinstance(action, Pass):
        return _("Nothing better: every step would leave a piece open.")
    return None


HOOKS = SearchHooks(
    rollout=rollout, evaluate=evaluate_for_search, prior=prior, why=why, cutoff=SEARCH_CUTOFF, moves=moves
)
register_hooks(RULES.id, HOOKS)
