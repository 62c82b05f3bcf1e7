"""The Dice Box computer opponent (dice_box.md §2.8): Easy, Medium and Hard.

- Easy: half the time any legal placement, otherwise the best immediate gain (my colour high, others low).
- Medium: one ply with the §2.8 terms: immediate gain, the worth of the dice kept in hand (low
  opponent-coloured and unscored dice are "safe plays" for the must-play rule; held dice never score), the
  next player's best immediate reply from their visible hand [RES-DB1], and cells killed (good when
  leading, bad when trailing).
- Hard: lookahead by sampling: the best few placements by the Medium score are each played out to the
  end many times (every hand is public [RES-DB1]; re-rolls are sampled as in the game), with the same
  dice for every candidate, and the placement with the best win rate is chosen. The playouts follow a
  quick greedy policy, so opponents are assumed to keep low opponent-coloured dice as safe plays too.

All of this works on plain value lists and candidate masks rather than on `apply`, because Hard looks at
a few thousand positions per decision. Holds no game flow: the rules decide who acts; this only picks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rainbowtable.ai.hint import register_hooks
from rainbowtable.ai.search import SearchHooks, search_action
from rainbowtable.core import i18n
from rainbowtable.core.game import Chance, IllegalAction
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.dice_box.model import (
    CELL_COUNT,
    PLAYER_COLOURS,
    Colour,
    DiceBoxAction,
    DiceBoxState,
    Die,
    DraftDie,
    Phase,
    PlaceDie,
    cell_at,
    index_of,
)
from rainbowtable.games.dice_box.rules import (
    ALL_VALUES_MASK,
    FIT_MASK,
    NEIGHBOURS,
    RULES,
    is_stuck,
    legal_actions,
    tallies,
)

Weights = dict[Colour, float]
Values = list[int]  # 25 cells, 0 = empty
Vacancies = dict[int, int]  # open vacancy index -> candidate mask
Move = tuple[Die, int]  # (die, cell index)

EASY_RANDOM_SHARE = 0.5
SAFE_PLAY_BONUS = (2.5, 1.5, 0.8, 0.4)  # worth of the 1st, 2nd, ... low opponent die kept in hand
WIN_BONUS = 50.0
KILL_WEIGHT = 0.6
REPLY_WEIGHT = 1.0
HARD_SIMULATIONS = 1500  # Hard's search: this many simulations (reproducible), unless the cap comes first
HARD_TIME_CAP_S = 0.25
PRIOR_TEMPERATURE = 1.5
MARGIN_SPAN = 40.0
PLAYOUT_RANDOM_SHARE = 0.3  # how often a playout move is random rather than greedy
MAX_PLAYOUT_TURNS = 400
MARGIN_WEIGHT = 0.1


# --- the board as values and masks --------------------------------------------------------------


def _values(state: DiceBoxState) -> Values:
    return [0 if die is None else die.value for die in state.grid]


def _mask(values: Values, index: int) -> int:
    mask = ALL_VALUES_MASK
    touching = False
    for j in NEIGHBOURS[index]:
        v = values[j]
        if v:
            touching = True
            mask &= FIT_MASK[v]
    return mask if touching else 0


def _vacancies(values: Values) -> Vacancies:
    out: Vacancies = {}
    for i in range(CELL_COUNT):
        if not values[i]:
            mask = _mask(values, i)
            if mask:
                out[i] = mask
    return out


def _place(values: Values, vacancies: Vacancies, index: int, value: int) -> tuple[Values, Vacancies, int]:
    """The board after a placement, and how many open cells it killed."""
    after = values.copy()
    after[index] = value
    open_after = dict(vacancies)
    del open_after[index]
    kills = 0
    for j in NEIGHBOURS[index]:
        if not after[j]:
            mask = _mask(after, j)
            if mask:
                open_after[j] = mask
            elif j in open_after:
                del open_after[j]
                kills += 1
    return after, open_after, kills


def _moves(hand: Sequence[Die], vacancies: Vacancies) -> list[Move]:
    """Legal (die, cell) pairs, one per distinct (colour, value, cell): twin dice are the same move."""
    seen: set[tuple[Colour, int, int]] = set()
    out: list[Move] = []
    for die in hand:
        bit = 1 << die.value
        for index, mask in vacancies.items():
            if mask & bit:
                key = (die.colour, die.value, index)
                if key not in seen:
                    seen.add(key)
                    out.append((die, index))
    return out


# --- judgement ------------------------------------------------------------------------------------


def weights(state: DiceBoxState, seat: int, tally: dict[Colour, int] | None = None) -> Weights:
    """§2.8: +1 for my colours, −1/(n−1) for each opponent's; unscored colours 0. With 3 players the
    unclaimed colour counts as a threat once it nears the leader (an inversion hurts the leader)."""
    n = state.seat_count
    out: Weights = dict.fromkeys(PLAYER_COLOURS, 0.0)
    for other, colours in enumerate(state.colours):
        for colour in colours:
            out[colour] = 1.0 if other == seat else -1.0 / (n - 1)
    if state.unclaimed is not None:
        tally = tally if tally is not None else tallies(state)
        points = [sum(tally[c] for c in cs) for cs in state.colours]
        if tally[state.unclaimed] + 6 >= max(points):
            # Inversion favours the lowest score: push the unclaimed colour up only when I am last.
            out[state.unclaimed] = 0.5 if points[seat] == min(points) else -0.5
    return out


def _hand_worth(hand: Sequence[Die], w: Weights, skip: int = -1) -> float:
    """What a hand is worth to its holder beyond the tallies: held dice never score, but low dice the
    holder does not want high are safe answers to the must-play rule (§2.4), and high own dice are
    points still to come."""
    safe = 0
    worth = 0.0
    for die in hand:
        if die.id == skip:
            continue
        weight = w[die.colour]
        if weight > 0:
            worth += 0.35 * weight * die.value
        elif weight == 0 or die.value <= 2:
            if safe < len(SAFE_PLAY_BONUS):
                worth += SAFE_PLAY_BONUS[safe] * (1.0 if weight == 0 else (3 - die.value) / 2)
            safe += 1
        else:
            worth += 0.15 * weight * die.value
    return worth


def _next_seat(state: DiceBoxState, seat: int, hand_sizes: Sequence[int]) -> int | None:
    n = state.seat_count
    for step in range(1, n + 1):
        other = (seat + step) % n
        if hand_sizes[other]:
            return other
    return None


def _best_immediate(hand: Sequence[Die], vacancies: Vacancies, w: Weights) -> Move | None:
    best: Move | None = None
    best_gain = float("-inf")
    for die in hand:
        bit = 1 << die.value
        gain = w[die.colour] * die.value
        if gain > best_gain and any(mask & bit for mask in vacancies.values()):
            best_gain = gain
            best = (die, next(i for i, mask in vacancies.items() if mask & bit))
    return best


class _Judge:
    """One decision's fixed context: the state, who decides, and every seat's weights."""

    def __init__(self, state: DiceBoxState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.tally = tallies(state)
        self.w = [weights(state, s, self.tally) for s in range(state.seat_count)]
        self.values = _values(state)
        self.vacancies = _vacancies(self.values)
        self.points = [sum(self.tally[c] for c in cs) for cs in state.colours]

    def medium_score(self, seat: int, move: Move, hands: Sequence[Sequence[Die]]) -> float:
        """One-ply §2.8 score of `move` for `seat` (used by Medium, and by Hard to predict replies)."""
        die, index = move
        w = self.w[seat]
        hand = hands[seat]
        score = w[die.colour] * die.value
        score += _hand_worth(hand, w, skip=die.id) - _hand_worth(hand, w)
        _, after, kills = _place(self.values, self.vacancies, index, die.value)
        if not after:
            return score + self._end_bonus(seat, die, index)
        if kills:
            lead = self.points[seat] - max(p for s, p in enumerate(self.points) if s != seat)
            score += KILL_WEIGHT * kills * (1 if lead > 0 else -1)
        sizes = [len(h) - (1 if s == seat else 0) for s, h in enumerate(hands)]
        nxt = _next_seat(self.state, seat, sizes)
        if nxt is not None and nxt != seat:
            reply = _best_immediate(hands[nxt], after, self.w[nxt])
            if reply is not None:
                score += REPLY_WEIGHT * w[reply[0].colour] * reply[0].value
        return score

    def _end_bonus(self, seat: int, die: Die, index: int) -> float:
        """A placement that ends the game: a large bonus or penalty for how it finishes for `seat`."""
        tally = dict(self.tally)
        tally[die.colour] += die.value
        points = [sum(tally[c] for c in cs) for cs in self.state.colours]
        best = max(points)
        inverted = self.state.unclaimed is not None and tally[self.state.unclaimed] > best
        target = min(points) if inverted else best
        if points[seat] != target:
            return -WIN_BONUS
        return WIN_BONUS / sum(1 for p in points if p == target)


# --- Hard: short random playouts ----------------------------------------------------------------


def _place_in_place(values: Values, vacancies: Vacancies, index: int, value: int) -> None:
    values[index] = value
    del vacancies[index]
    for j in NEIGHBOURS[index]:
        if not values[j]:
            mask = _mask(values, j)
            if mask:
                vacancies[j] = mask
            else:
                vacancies.pop(j, None)


def _playout(
    values: Values,
    vacancies: Vacancies,
    hands: list[list[tuple[int, int]]],
    tally: list[int],
    current: int,
    w: Sequence[Sequence[float]],
    rng: Rng,
) -> list[int]:
    """Play the game out from here with a quick, slightly random greedy policy; returns the final tally per
    colour index. Hands are (colour index, value) lists, all owned (mutated) by this call. Stuck players
    re-roll, as in the real game (§2.4); the cap is the [APP] safety net §2.5 allows for simulations."""
    n = len(hands)
    for _ in range(MAX_PLAYOUT_TURNS):
        if not vacancies:
            break
        hand = hands[current]
        if hand:
            union = 0
            for mask in vacancies.values():
                union |= mask
            fitting = [k for k, (_, v) in enumerate(hand) if union >> v & 1]
            if not fitting:
                hands[current] = [(c, rng.roll()) for c, _ in hand]
            else:
                if rng.random() < PLAYOUT_RANDOM_SHARE:
                    pick = rng.choice(fitting)
                else:
                    mine = w[current]
                    best = max(mine[hand[k][0]] * hand[k][1] for k in fitting)
                    pick = rng.choice([k for k in fitting if mine[hand[k][0]] * hand[k][1] == best])
                colour, value = hand.pop(pick)
                bit = 1 << value
                cell = rng.choice([i for i, mask in vacancies.items() if mask & bit])
                _place_in_place(values, vacancies, cell, value)
                tally[colour] += value
        elif not any(hands):
            break
        current = (current + 1) % n
    return tally


def _seat_results(state: DiceBoxState, tally: Sequence[int]) -> list[float]:
    """Each seat's result from final colour tallies: a win 1 (shared wins split), a loss 0, moved a little
    by the margin so that close games still rank (the search's scale, see ai/search.py)."""
    points = [sum(tally[PLAYER_COLOURS.index(c)] for c in cs) for cs in state.colours]
    best = max(points)
    unclaimed = state.unclaimed
    inverted = unclaimed is not None and tally[PLAYER_COLOURS.index(unclaimed)] > best
    target = min(points) if inverted else best
    winners = points.count(target)
    out: list[float] = []
    for seat, mine in enumerate(points):
        others = max(p for s, p in enumerate(points) if s != seat)
        margin = (others - mine) if inverted else (mine - others)
        win = 1.0 / winners if mine == target else 0.0
        nudge = min(1.0, max(0.0, 0.5 + margin / MARGIN_SPAN))
        out.append((1.0 - MARGIN_WEIGHT) * win + MARGIN_WEIGHT * nudge)
    return out


def _to_play(state: DiceBoxState, rng: Rng) -> DiceBoxState:
    """Through the draft and the roll (4 players' early leaves) with the rules, to the first placement."""
    while state.phase not in (Phase.PLAY, Phase.OVER):
        who = RULES.to_act(state)
        if isinstance(who, Chance):
            action: DiceBoxAction = RULES.sample_chance(state, rng)
        else:
            action = _draft(state, state.current, Level.MEDIUM, rng)
        state = RULES.apply(state, action)
    return state


def playout_values(state: DiceBoxState, rng: Rng) -> list[float]:
    """The `evaluate` hook: play the position out once with the quick greedy playout on plain value lists
    (a few times faster than `apply`) and score the end for every seat."""
    state = _to_play(state, rng)
    if state.phase is Phase.OVER:
        final_tally = tallies(state)
        return _seat_results(state, [final_tally[c] for c in PLAYER_COLOURS])
    tally = tallies(state)
    w = [weights(state, s, tally) for s in range(state.seat_count)]
    values = _values(state)
    final = _playout(
        values,
        _vacancies(values),
        [[(PLAYER_COLOURS.index(d.colour), d.value) for d in hand] for hand in state.hands],
        [tally[c] for c in PLAYER_COLOURS],
        state.current,
        [[ws[c] for c in PLAYER_COLOURS] for ws in w],
        rng,
    )
    return _seat_results(state, final)


def placement_prior(state: DiceBoxState, actions: Sequence[DiceBoxAction]) -> list[float]:
    """The `prior` hook: placements weighted by Medium's one-ply score (softmax); of twin dice (same colour
    and value) only the first counts, so the search does not try the same move twice. Draft picks: even."""
    if state.phase is not Phase.PLAY:
        return [1.0] * len(actions)
    seat = state.current
    judge = _Judge(state, seat)
    hand = {d.id: d for d in state.hands[seat]}
    seen: set[tuple[Colour, int, int]] = set()
    scores: list[float | None] = []
    for action in actions:
        die = hand.get(action.die) if isinstance(action, PlaceDie) else None
        if die is None or not isinstance(action, PlaceDie):
            scores.append(None)
            continue
        index = index_of(action.cell)
        key = (die.colour, die.value, index)
        if key in seen:
            scores.append(None)
            continue
        seen.add(key)
        scores.append(judge.medium_score(seat, (die, index), state.hands))
    top = max((x for x in scores if x is not None), default=0.0)
    return [0.0 if x is None else math.exp((x - top) / PRIOR_TEMPERATURE) for x in scores]


# --- choosing -------------------------------------------------------------------------------------


def _draft(state: DiceBoxState, seat: int, level: Level, rng: Rng) -> DraftDie:
    options = [a for a in legal_actions(state) if isinstance(a, DraftDie)]
    if level is Level.EASY:
        return rng.choice(options)
    w = weights(state, seat)
    # My own colour first (I decide how high it goes); then colours nobody scores (free safe plays);
    # an opponent's colour last.
    best = max(w[a.colour] if w[a.colour] >= 0 else w[a.colour] - 1 for a in options)
    return rng.choice([a for a in options if (w[a.colour] if w[a.colour] >= 0 else w[a.colour] - 1) == best])


def why(state: DiceBoxState, action: DiceBoxAction) -> str | None:
    """The `why` hook: one line on what a placement does for the seat making it."""
    if not isinstance(action, PlaceDie) or state.phase is not Phase.PLAY:
        return None
    seat = state.current
    die = next((d for d in state.hands[seat] if d.id == action.die), None)
    if die is None:
        return None
    w = weights(state, seat)[die.colour]
    tr = i18n._
    colour = tr(die.colour.value)
    values = _values(state)
    kills = _place(values, _vacancies(values), index_of(action.cell), die.value)[2]
    if w > 0:
        line = tr("Scores {value} for your {colour}.").format(value=die.value, colour=colour)
    elif w < 0 and die.value <= 2:
        line = tr("Spends a low {colour} {value}, worth little.").format(colour=colour, value=die.value)
    elif w < 0:
        line = tr("Gives {colour} {value}: every other move is worse.").format(colour=colour, value=die.value)
    else:
        line = tr("Plays a {colour} {value}, which scores for nobody.").format(colour=colour, value=die.value)
    if kills:
        closes = tr("It closes a cell.") if kills == 1 else tr("It closes {n} cells.").format(n=kills)
        line += " " + closes
    return line


def hard_hooks(rng: Rng) -> SearchHooks:
    """The hooks Hard searches with: the quick playout as the evaluation of every new leaf (cut off at
    once), Medium's score as the prior, and the why words."""
    return SearchHooks(
        evaluate=lambda state: playout_values(state, rng), prior=placement_prior, why=why, cutoff=0
    )


def _hard(state: DiceBoxState, seat: int, rng: Rng) -> DiceBoxAction:
    action: DiceBoxAction = search_action(
        RULES,
        state,
        seat,
        rng,
        hard_hooks(rng),
        simulations=HARD_SIMULATIONS,
        time_cap_s=HARD_TIME_CAP_S,
    )
    return action


def choose_action(state: DiceBoxState, seat: int, level: Level, rng: Rng) -> DiceBoxAction:
    """The computer's decision for `seat`, which must be the seat to act (draft pick or placement)."""
    hard_decides = state.phase is Phase.DRAFT or (state.phase is Phase.PLAY and not is_stuck(state))
    if level is Level.HARD and state.current == seat and hard_decides:
        return _hard(state, seat, rng)
    if state.phase is Phase.DRAFT and state.current == seat:
        return _draft(state, seat, level, rng)
    if state.phase is not Phase.PLAY or state.current != seat or is_stuck(state):
        raise IllegalAction("The computer has no decision to make here.")
    judge = _Judge(state, seat)
    moves = _moves(state.hands[seat], judge.vacancies)
    if level is Level.EASY:
        if rng.random() < EASY_RANDOM_SHARE:
            die, index = rng.choice(moves)
            return PlaceDie(die.id, cell_at(index))
        w = judge.w[seat]
        scored = [(w[d.colour] * d.value, (d, i)) for d, i in moves]
    else:
        scored = [(judge.medium_score(seat, m, state.hands), m) for m in moves]
    best = max(score for score, _ in scored)
    # Ties broken by the AI's own stream, so equal moves do not always favour the top-left cell.
    die, index = rng.choice([m for score, m in scored if score >= best - 1e-9])
    return PlaceDie(die.id, cell_at(index))


register_hooks(RULES.id, hard_hooks)
