"""The Dice Box computer opponent (dice_box.md §2.8, issue 10): Dice Box's hooks for the generic search
(`rainbowtable/ai/search.py`) and the three levels.

- Easy: half the time any legal placement, otherwise the best immediate gain (my colour high, others low):
  a beginner who sees only the die in hand.
- Medium: a short search (MEDIUM_SIMULATIONS simulations, a few milliseconds) with the hooks below.
- Hard: the same search for just under a quarter of a second (HARD_BUDGET_S; 0.55 s for the first six
  dice of the game) with RAVE on its placements (`move_keys`: a die placed on a cell is worth much the
  same a few turns earlier or later), reusing its tree between decisions, on two cores where the machine
  has them (ai/second_core.py).

Hooks: `evaluate` plays the position out once on plain value lists and candidate masks (several times
faster than `apply`, every hand being public [RES-DB1], re-rolls sampled as in the game), each placement
drawn by odds fitted to a search's own choices (PLAYOUT_WEIGHTS), and scores the end for every seat; `why`
says what a placement does. Draft picks (4 players) follow a rule of thumb at every level (my colour
first, then unscored ones). Holds no game flow: the rules decide who acts; this only picks.
"""

from __future__ import annotations

import functools
import random
import threading
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from rainbowtable.ai import second_core
from rainbowtable.ai.hint import register_hooks
from rainbowtable.ai.search import UCT_EXPLORATION, SearchHooks, SearchTree, search_action
from rainbowtable.core import i18n
from rainbowtable.core.game import Chance, IllegalAction
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.dice_box.model import (
    CELL_COUNT,
    PLAYER_COLOURS,
    SIZE,
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
    CELLS,
    FIT_MASK,
    NEIGHBOURS,
    RULES,
    fitting_cells,
    is_stuck,
    legal_actions,
    tallies,
)

try:  # the compiled twin of `_playout` (fast_playout.pyx, built by setup.py where there is a C compiler)
    from rainbowtable.games.dice_box import fast_playout
except ImportError:
    fast_playout = None  # type: ignore[assignment]

COLOUR_INDEX = {c: i for i, c in enumerate(PLAYER_COLOURS)}
UNCLAIMED_CLASS = 8
NOBODY_CLASS = 9
MASK_VALUES: tuple[tuple[int, ...], ...] = tuple(
    tuple(v for v in range(1, 7) if mask >> v & 1) for mask in range(ALL_VALUES_MASK + 1)
)
"""MASK_VALUES[mask]: the values a candidate mask allows (at most two: |v - n| = 1 for every neighbour)."""
Weights = dict[Colour, float]
Values = list[int]  # 25 cells, 0 = empty
Vacancies = dict[int, int]  # open vacancy index -> candidate mask
OddsTable = tuple[tuple[float, ...], ...]  # colour class to the holder -> value -> odds
Odds = list[list[tuple[float, ...]]]  # seat -> colour index -> value -> a playout's odds of placing it
Move = tuple[Die, int]  # (die, cell index)

EASY_RANDOM_SHARE = 0.5
HARD_BUDGET_S = 0.24
"""Hard's search thinks up to this long (anytime: the more the machine gives it, the more it simulates; it
stops sooner once its answer cannot change). A decision that uses all of it takes a few milliseconds more
of wall time (the helper's answer, the merge, the why words). It was 0.235 s for a while: the first
collection after each search walked its whole tree, 5 to 45 ms more, and put the median at 246-254 ms.
Since the searches' pauses freeze what they made (`core/collector.py`), the median over the benchmark's
positions is 233-238 ms at 0.24 s in three runs (231-236 at 0.235), so Hard thinks again as long as when
the match-ups in this docstring were played..."""
HARD_OPENING_BUDGET_S = 0.55
HARD_OPENING_DICE = 6
"""...except in the opening (fewer than HARD_OPENING_DICE dice placed beside the seed), where the tree is
widest and the most is still open: there it thinks HARD_OPENING_BUDGET_S, and p95 is that budget, under
issue 10's 0.6 s. Cells die as the board fills, so a two-seat game has about 20 placements, not 24: a
seat's opening is 3 of its about 10 decisions. With the first 8 dice (issue 41 found) it was 4 of 10, and
half of the benchmark's default 24 positions (a whole game and the next one's first four), which put that
median at 351 ms; with 6 it is 10 of the 24 and 24 of the 80 positions of `--ai`, and the median falls
among the quarter-second decisions. Measured (`bench.measure_ai`'s positions, Hard alone) on a busy
machine, load 5 on two cores: median 247 ms and p95 553 ms over the 24 positions, 232 and 547 ms over
the 80 (with 0.25 s after the opening: 254 and 244 ms medians)."""
HARD_SIMULATIONS: int | None = None
"""A fixed simulation count instead of the time budget (tests, for results that do not hang on the clock)."""
HARD_TIME_CAP_S: float | None = 0.5
HARD_SECOND_CORE = True
"""Hard thinks on two cores where the machine has them (`ai/second_core.py`): a helper process searches the
same position for the same time and its visits are added to the thread's own."""
HARD_REUSE = True
"""Hard keeps its tree between its decisions (per seat and thread) and starts from the part still in play."""
MEDIUM_SIMULATIONS = 30
MEDIUM_TIME_CAP_S: float | None = None
"""No cap: Medium's few simulations take milliseconds, and being reproducible matters more (the shipped
example game replays Medium's moves)."""
EXPLORATION: float | None = None
"""The search's UCT constant (None: the search's own, 1.0; 0.7 won 53% of 281 seeded games against it at 300
simulations a move, which is no difference)."""
HARD_RAVE = 300.0
HARD_EXPLORATION = 0.4
"""Hard's RAVE constant (the visits at which a move's own mean and its all-moves-as-first mean weigh about
the same) and UCT constant: with RAVE filling in for the untried, less exploration. Against the plain search
(no RAVE, c 1.0) at 1,000 simulations a move each, over 200 seeded games: K 300 c 0.4 won 55.2%, K 100
c 0.6 56.0%, K 3000 c 0.1 56.0%, K 1000 c 0.2 54.2%, K 300 c 1.0 50.5%."""
MAX_PLAYOUT_TURNS = 400
PLAYOUT_WEIGHTS: tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]] = (
    # values:  1      2      3      4      5      6
    (0.0, 0.213, 0.282, 0.314, 0.430, 0.447, 1.000),  # the holder's own colour
    (0.0, 0.566, 0.361, 0.291, 0.228, 0.205, 0.128),  # an opponent's colour, or the unclaimed one
    (0.0, 0.270, 0.272, 0.275, 0.278, 0.276, 0.292),  # a colour nobody scores
)
"""How likely a playout is to place a die, by what its colour is to its holder and the value it shows
(relative odds; which fitting cell it goes on is left to chance). Fitted to the choices of Hard's search
with uniformly random playouts: the shares of its root visits by (colour class, value) over 5,825
decisions of 300 seeded two-seat games at 3,000 simulations a move (`playout_fit.py`, a log-linear choice
model; log likelihood per decision -0.987, against -1.013 for uniform odds). It says what a good player
does: places their own 6 readily, an opponent's colour low and seldom, and nobody's colours as fillers.
(Hand-set greedy playouts had been tried before, each against uniform ones over 300 seeded games at 300
simulations a move: the die best for its holder 30% of the time won 45-53%, a redraw of a placement that
scores for an opponent 50%, the better of two or three random placements 53% and 49%.)"""
PLAYOUT_SHARPNESS = 2.0
"""The fitted odds raised to this power: a playout a little more decided than Hard's visit shares. At
1,000 simulations a move, against the same search with uniformly random playouts (400 seeded games
each): power 1 won 52.9%, 2 54.0%, 3 53.7%. With power 2, Hard against the yardstick (`python -m
rainbowtable.bench --ai --figure yardstick`, 200 games) won 60.3% on the benchmark's seeds 0-199,
59.5% on seeds 200-399, and 58.5% on seeds 0-199 again once the search froze the heap for the collector
(more simulations a budget, so other games): 59.4% of 600 games, against 57.5% with uniform playouts.
Against Hard with uniform playouts, at Hard's own schedule, it won 55.0% of 200 games. It beat Medium
(which plays the same playouts) 75.5% of 200 games, and Medium beat Easy 68.5%. A simulation costs about
10% more. On a machine a third as fast, with the budget clock slowed to a third of the thread's processor
time (so the search of the machine above), the same Hard won 64.6% of 587 games on seeds 400-986; with
only the thread's clock slowed (its helper on wall time, about half that search) 54.1% of 134. The
benchmark itself on that slow machine (a third of the search) gave 59.1% of 165 and, once sampled
re-rolls gave about a sixth more simulations, 57.8% of 300 (seeds 0-299) and 59.8% of 200 more (seeds
300-499), 58.6% of 500. The same decisions with a seventh to a fifth more simulations (5041ac5) gave
51.7% and 55.7% of 300 on seeds 0-299 and 58.1% of 191 and 58.8% of 200 on seeds 300-499 there, 55.6% of
991: on the slowest machines Hard sat between 55% and 59%, under 60%. With the compiled playout
(fast_playout.pyx: the same decisions, about twice the simulations in the same time) the benchmark on a
machine of that slow kind gave 60.2% of 300 (seeds 0-299) and 61.5% of 100 more (seeds 300-399), 60.5% of
400, though that machine's own speed varied during the runs. With the opening cut to 6 dice and 0.24 s
after (issue 41, for the decision times: about a tenth less thinking a game), the benchmark's games
(processor-time budgets, the helper's search in the same process, seats rotated) won 151 of 254 on seeds
0-253, 59.4%, Wilson 95% 53.3-65.3%: 4,043 s of processor time, 15.9 s a game, 104 minutes on a busy
two-core machine; stopped there for time. The same player on seeds 254-403 (a resumable run of the same
games, one process) won 97 of 150 (64.7%; 2,356 s of processor time, 15.7 s a game), so 248 of 404 on
seeds 0-403: 61.4%, Wilson 95% 56.6-66.0%, issue 41's figure (at least 60%, the interval above 55%). The
ladder at these budgets (200 games each, seats rotated): Hard 76.0% against Medium, Medium 72.3% against
Easy."""
PLAYOUT_ODDS: OddsTable = tuple(tuple(w**PLAYOUT_SHARPNESS for w in row) for row in PLAYOUT_WEIGHTS)
MARGIN_WEIGHT = 0.02
"""A playout's result is 98% win/loss and 2% margin: enough to rank moves once the game is decided, too
little to trade a chance of winning for points (0 and 0.2 won 48% of 263 and 43% of 83 games against
0.02 at 300 simulations a move)."""
MARGIN_SPAN = 40.0
_WIN_WEIGHT = 1.0 - MARGIN_WEIGHT


# --- the board as values and masks --------------------------------------------------------------


def _values(state: DiceBoxState) -> Values:
    return [0 if die is None else die.value for die in state.grid]


UNTOUCHED = -1
"""`_mask` of an empty cell with no filled neighbour: nothing goes there yet, but it is not dead."""


def _mask(values: Values, index: int) -> int:
    """The values that fit the empty cell `index`, as a mask: 0 when it is dead, UNTOUCHED when no
    neighbour is filled."""
    mask = ALL_VALUES_MASK
    touching = False
    for j in NEIGHBOURS[index]:
        v = values[j]
        if v:
            touching = True
            mask &= FIT_MASK[v]
    return mask if touching else UNTOUCHED


def _vacancies(values: Values) -> Vacancies:
    out: Vacancies = {}
    for i in range(CELL_COUNT):
        if not values[i]:
            mask = _mask(values, i)
            if mask > 0:
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
            if mask > 0:
                open_after[j] = mask
            elif j in open_after:
                del open_after[j]
                kills += 1
    return after, open_after, kills


def _moves(state: DiceBoxState) -> list[Move]:
    """Legal (die, cell) pairs, one per distinct (colour, value, cell): twin dice are the same move."""
    seen: set[tuple[Colour, int, int]] = set()
    out: list[Move] = []
    for die, cells in fitting_cells(state):
        for index in cells:
            key = (die.colour, die.value, index)
            if key not in seen:
                seen.add(key)
                out.append((die, index))
    return out


# --- what each colour is worth to a seat -----------------------------------------------------------


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


# --- Medium and Hard: the search, with quick playouts as its evaluation ----------------------------


def _playout(
    values: Values,
    hands: Sequence[Sequence[Die]],
    tally: list[int],
    current: int,
    rnd: random.Random,
    odds: Odds,
    played: list[tuple[int, Hashable]] | None = None,
    classes: Sequence[int] = (),
) -> list[int]:
    """Play the game out from here; returns the final tally per colour index. `values` and `tally` are
    owned (mutated) by this call; `hands` are only read. Each turn is a placement drawn from every legal
    (die, cell) pair in proportion to the die's odds (`odds[seat][colour][value]`, from PLAYOUT_WEIGHTS:
    what the die is to its holder and the value it shows; every cell a die fits is equally likely).
    Stuck players re-roll, as in the real game (§2.4); the cap is the [APP] safety net §2.5 allows for
    simulations. `rnd` is a `random.Random` seeded from the AI's stream: its C generator is several times
    quicker than drawing every number through `Rng`, and it is just as reproducible. With `played` (RAVE)
    each placement is added to it as (seat, `move_key`), `classes` giving each colour index's class.

    This is most of Hard's time, so it keeps its counts up to date instead of working them out again:
    `masks` holds each empty cell's candidate mask (`_mask`: UNTOUCHED while no neighbour is filled, 0
    once dead), `taking[v]` the open cells that take the value v, and each hand is kept by value
    (`held[seat][v]`: the colours of the dice showing v, `weight[seat][v]` the sum of their odds), so a
    turn's total weight is six products, the pair drawn is found by walking at most six values and the
    dice showing one, and a placement changes only its own cell and its four neighbours.

    `fast_playout.pyx` is this function compiled, line for line: a change here is a change there
    (tests/test_dice_box_fast_playout.py compares the two). This one is the reference, and the playout
    wherever the compiled one was not built."""
    n = len(hands)
    rand = rnd.random
    neighbours, fit_mask, mask_values, index = NEIGHBOURS, FIT_MASK, MASK_VALUES, COLOUR_INDEX
    masks = [UNTOUCHED] * CELL_COUNT
    taking: list[list[int]] = [[] for _ in range(7)]
    open_cells = 0
    for i in range(CELL_COUNT):  # `_vacancies`, keeping dead and untouched cells apart
        if not values[i]:
            mask = masks[i] = _mask(values, i)
            if mask > 0:
                open_cells += 1
                for v in mask_values[mask]:
                    taking[v].append(i)
    t1, t2, t3, t4, t5, t6 = taking[1:]
    held: list[list[list[int]]] = []
    weight: list[list[float]] = []
    for seat, hand in enumerate(hands):
        by_value: list[list[int]] = [[] for _ in range(7)]
        sums = [0.0] * 7
        mine_odds = odds[seat]
        for d in hand:
            colour, value = index[d.colour], d.value
            by_value[value].append(colour)
            sums[value] += mine_odds[colour][value]
        held.append(by_value)
        weight.append(sums)
    left = [len(hand) for hand in hands]
    dice_left = sum(left)
    for _ in range(MAX_PLAYOUT_TURNS):
        if not open_cells or not dice_left:
            break
        if left[current]:
            mine = held[current]
            w = weight[current]
            pairs = (
                0.0,
                w[1] * len(t1),
                w[2] * len(t2),
                w[3] * len(t3),
                w[4] * len(t4),
                w[5] * len(t5),
                w[6] * len(t6),
            )
            total = pairs[1] + pairs[2] + pairs[3] + pairs[4] + pairs[5] + pairs[6]
            mine_odds = odds[current]
            if total <= 0.0:
                colours = mine[1] + mine[2] + mine[3] + mine[4] + mine[5] + mine[6]
                mine = held[current] = [[], [], [], [], [], [], []]
                w = weight[current] = [0.0] * 7
                for c in colours:
                    value = int(rand() * 6) + 1
                    mine[value].append(c)
                    w[value] += mine_odds[c][value]
            else:
                spot = rand() * total
                value = 1
                while value < 6 and spot >= pairs[value]:
                    spot -= pairs[value]
                    value += 1
                # Rounding can carry the walk past the last value with a pair: step back to it.
                while not taking[value] or not mine[value]:
                    value -= 1
                cells = taking[value]
                dice = mine[value]
                spot = rand() * w[value]
                die, last = 0, len(dice) - 1
                while die < last and spot >= (odd := mine_odds[dice[die]][value]):
                    spot -= odd
                    die += 1
                colour = dice.pop(die)
                w[value] = w[value] - mine_odds[colour][value] if dice else 0.0
                cell = cells[int(rand() * len(cells))]
                left[current] -= 1
                dice_left -= 1
                values[cell] = value
                for v in mask_values[masks[cell]]:
                    taking[v].remove(cell)
                open_cells -= 1
                fit = fit_mask[value]
                for j in neighbours[cell]:
                    if values[j]:
                        continue
                    old = masks[j]
                    if old > 0:
                        mask = old & fit
                        if mask == old:
                            continue
                        for v in mask_values[old ^ mask]:
                            taking[v].remove(j)
                        if not mask:
                            open_cells -= 1
                    elif old < 0:
                        mask = fit
                        for v in mask_values[mask]:
                            taking[v].append(j)
                        open_cells += 1
                    else:
                        continue  # already dead
                    masks[j] = mask
                tally[colour] += value
                if played is not None:
                    played.append((current, classes[colour] << 8 | value << 5 | cell))
        current = (current + 1) % n
    return tally


COMPILED_PLAYOUT = fast_playout is not None
"""Play out with the compiled twin of `_playout` where it was built: the same results, about ten times
sooner, so that Hard searches about twice as many positions in its time (the rest is the tree's own work).
False: the Python playout (tests compare the two)."""
if fast_playout is not None:
    fast_playout.configure(NEIGHBOURS, FIT_MASK)


def holder_classes(classes: Sequence[int], seat: int) -> list[int]:
    """Per colour index, what the colour is to `seat` (the rows of PLAYOUT_WEIGHTS), from `colour_classes`:
    0 its own, 1 an opponent's or the 3-player unclaimed colour, 2 nobody's."""
    return [0 if k == seat else 2 if k == NOBODY_CLASS else 1 for k in classes]


def playout_odds(state: DiceBoxState, odds: OddsTable = PLAYOUT_ODDS) -> Odds:
    """Per seat, per colour index, the odds of each value: `odds`' row for what the colour is to that seat."""
    return _deal(state, odds).odds


@dataclass(frozen=True, slots=True, eq=False)
class _Deal:
    """What a game's deal of colours fixes for the AI. Every simulation asks for it, so it is worked out once
    per game (`_deal`). Compared by identity: hashing it is free."""

    classes: tuple[int, ...]
    """`colour_classes`."""
    class_of: Mapping[Colour, int]
    """The same by colour."""
    scored: tuple[tuple[int, ...], ...]
    """Per seat, the colour indices it scores."""
    unclaimed: int | None
    """The 3-player unclaimed colour's index."""
    odds: Odds
    """`playout_odds` for the odds table the deal was made with."""


_last_deal: tuple[object, object, object, _Deal] | None = None


def _deal(state: DiceBoxState, odds: OddsTable = PLAYOUT_ODDS) -> _Deal:
    """`state`'s `_Deal`. The last one is kept by the identity of what it hangs on, because every state of a
    game shares its colour tuple: a cached call's key would hash the tuples (and the odds table's 21
    floats) at every simulation. Other games and tables go through the cache below."""
    global _last_deal
    last = _last_deal  # one read: another thread may replace it meanwhile
    if last is not None and last[0] is state.colours and last[1] is state.unclaimed and last[2] is odds:
        return last[3]
    deal = _deal_for(state.colours, state.unclaimed, odds)
    _last_deal = (state.colours, state.unclaimed, odds, deal)
    return deal


@functools.lru_cache(maxsize=64)
def _deal_for(colours: tuple[tuple[Colour, ...], ...], unclaimed: Colour | None, odds: OddsTable) -> _Deal:
    classes = _classes(colours, unclaimed)
    return _Deal(
        classes=tuple(classes),
        class_of=dict(zip(PLAYER_COLOURS, classes, strict=True)),
        scored=tuple(tuple(COLOUR_INDEX[c] for c in cs) for cs in colours),
        unclaimed=None if unclaimed is None else COLOUR_INDEX[unclaimed],
        odds=[[odds[k] for k in holder_classes(classes, seat)] for seat in range(len(colours))],
    )


def _seat_results(deal: _Deal, tally: Sequence[int]) -> list[float]:
    """Each seat's result from final colour tallies: a win 1 (shared wins split), a loss 0, moved a little
    by the margin so that close games still rank (the search's scale, see ai/search.py)."""
    points = [sum([tally[i] for i in scored]) for scored in deal.scored]
    best, runner_up = sorted(points, reverse=True)[:2]
    inverted = deal.unclaimed is not None and tally[deal.unclaimed] > best
    target = min(points) if inverted else best
    win = 1.0 / points.count(target)
    out: list[float] = []
    for mine in points:
        others = runner_up if mine == best else best  # the best score among the other seats
        margin = (others - mine) if inverted else (mine - others)
        nudge = min(1.0, max(0.0, 0.5 + margin / MARGIN_SPAN))
        out.append(_WIN_WEIGHT * win + MARGIN_WEIGHT * nudge if mine == target else MARGIN_WEIGHT * nudge)
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


def _values_and_tally(state: DiceBoxState) -> tuple[Values, list[int]]:
    """`_values` and `tallies` (by colour index) in one pass over the grid: read once per simulation."""
    index = COLOUR_INDEX
    values = [0] * CELL_COUNT
    tally = [0] * len(PLAYER_COLOURS)
    for cell, die in enumerate(state.grid):
        if die is not None:
            values[cell] = die.value
            if die.colour is not Colour.SEED:
                tally[index[die.colour]] += die.value
    return values, tally


def playout_values(
    state: DiceBoxState,
    rng: Rng,
    rnd: random.Random,
    played: list[tuple[int, Hashable]] | None = None,
    odds: OddsTable = PLAYOUT_ODDS,
) -> list[float]:
    """The `evaluate` hook: play the position out once with the quick playout on plain value lists (a few
    times faster than `apply`, placing dice by `odds`) and score the end for every seat. `rng` plays any
    draft or roll still to come; `rnd` the playout itself. With `played` (RAVE) the playout's placements
    are added to it as (seat, `move_key`); without, nothing is recorded (Medium's playouts)."""
    state = _to_play(state, rng)
    deal = _deal(state, odds)
    values, tally = _values_and_tally(state)
    if state.phase is Phase.OVER:
        return _seat_results(deal, tally)
    if COMPILED_PLAYOUT:
        final = fast_playout.playout(
            values,
            state.hands,
            tally,
            state.current,
            rnd,
            deal.odds,
            played,
            deal.classes,
            COLOUR_INDEX,
            MAX_PLAYOUT_TURNS,
        )
    else:
        final = _playout(values, state.hands, tally, state.current, rnd, deal.odds, played, deal.classes)
    return _seat_results(deal, final)


def playout_played(
    state: DiceBoxState, rng: Rng, rnd: random.Random, odds: OddsTable = PLAYOUT_ODDS
) -> tuple[list[float], list[tuple[int, Hashable]]]:
    """The `evaluate_played` hook (RAVE): `playout_values` and the playout's placements."""
    played: list[tuple[int, Hashable]] = []
    return playout_values(state, rng, rnd, played, odds), played


def colour_classes(state: DiceBoxState) -> tuple[int, ...]:
    """Per colour (PLAYER_COLOURS order), what it is to the scoring: the seat scoring it, UNCLAIMED_CLASS
    (3 players' fourth colour) or NOBODY_CLASS. Dice of one class placed alike are the same move."""
    return _deal(state).classes


def _classes(colours: Sequence[Sequence[Colour]], unclaimed: Colour | None) -> list[int]:
    out = [NOBODY_CLASS] * len(PLAYER_COLOURS)
    for seat, scored in enumerate(colours):
        for colour in scored:
            out[COLOUR_INDEX[colour]] = seat
    if unclaimed is not None:
        out[COLOUR_INDEX[unclaimed]] = UNCLAIMED_CLASS
    return out


def move_keys(state: DiceBoxState, actions: Sequence[DiceBoxAction]) -> list[Hashable]:
    """The `keys` hook (RAVE): a placement as a move "played anywhere", (colour class, value, cell) in one
    int, the key the playout gives its own placements; draft picks are their own key."""
    class_of = _deal(state).class_of
    dice = {d.id: d for hand in state.hands for d in hand}
    out: list[Hashable] = []
    for action in actions:
        if isinstance(action, PlaceDie):
            die = dice[action.die]
            row, col = action.cell
            out.append(class_of[die.colour] << 8 | die.value << 5 | row * SIZE + col)
        else:
            out.append(action)
    return out


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


def distinct_moves(state: DiceBoxState) -> list[DiceBoxAction]:
    """The `moves` hook: one placement per (colour class, value, cell), in `legal_actions`' order. Twin dice
    are the same move, and so are dice of colours that score for the same seat, or for nobody (2 players:
    two of the four colours), which roughly halves what the search has to tell apart. Draft picks are all
    kept. (Asked at every node the search expands: it builds only the placements it keeps.)"""
    if state.phase is not Phase.PLAY:
        return legal_actions(state)
    class_of = _deal(state).class_of
    seen: set[int] = set()
    out: list[DiceBoxAction] = []
    for die, cells in fitting_cells(state):
        head = class_of[die.colour] << 8 | die.value << 5
        for index in cells:
            key = head | index
            if key not in seen:
                seen.add(key)
                out.append(PlaceDie(die.id, CELLS[index]))
    return out


def hard_hooks(
    rng: Rng, rave: float | None = None, exploration: float | None = None, odds: OddsTable = PLAYOUT_ODDS
) -> SearchHooks:
    """The hooks Hard searches with: the quick playout as the evaluation of every new leaf (cut off at once),
    RAVE on its placements (HARD_RAVE) and the why words. (Medium's one-ply score as a PUCT prior was tried:
    it cost more time than it saved, and lost 17-23 of 40 games to plain UCT at the same budget. Also
    tried against these hooks, 300 seeded games each at 1,000 simulations a move: half of each leaf's value
    from a smooth estimate instead of the playout, each seat's expected final points from the tallies and
    the dice held, fitted by least squares to 4,000 games between Medium players (R² 0.73), won 43.5%;
    exploring the root's moves by N^(1/4) instead of sqrt(log N), for the best move rather than the best
    average, won 47.8%. Over 400 games at 1,000 simulations: a result 30% margin and 70% win/loss won
    49.6%, a logistic of the margin (3 points a unit) 45.0%. At Hard's own schedule of processor time
    (one core, tree kept): three playouts per new leaf, sharing their set-up, won 47.6% of 271 games, and
    twice the time 52.2% of 184: more time buys Hard little against itself. Against the yardstick, 20,000
    simulations a move won 63% of 100 games, standard error 5 points. A stuck hand's re-roll has hundreds of
    outcomes, so each chance node of the tree is in effect a leaf; widening it slowly instead, to search
    below re-rolls (at most sqrt(n + 1) outcomes, the least visited one taken again), won 47.7% of 288
    seeded games against these hooks at 1,000 simulations a move.)"""
    rnd = random.Random(rng.next_u64())
    return SearchHooks(
        evaluate=lambda state: playout_values(state, rng, rnd, None, odds),
        evaluate_played=lambda state: playout_played(state, rng, rnd, odds),
        why=why,
        cutoff=0,
        moves=distinct_moves,
        keys=move_keys,
        rave=HARD_RAVE if rave is None else rave,
        exploration=HARD_EXPLORATION if exploration is None else exploration,
    )


def medium_hooks(rng: Rng) -> SearchHooks:
    """Medium's: Hard's without RAVE, for its few simulations."""
    return hard_hooks(rng, rave=0.0, exploration=EXPLORATION or UCT_EXPLORATION)


_trees: dict[int, SearchTree] = {}
_trees_lock = threading.Lock()


def _hard_budget(state: DiceBoxState) -> float:
    placed = sum(die is not None for die in state.grid) - 1
    return HARD_OPENING_BUDGET_S if placed < HARD_OPENING_DICE else HARD_BUDGET_S


def _search(state: DiceBoxState, seat: int, rng: Rng, level: Level) -> DiceBoxAction:
    """Medium's or Hard's search. Hard takes its seat's tree from its last decision (the search checks the
    position, so a stale tree is simply not used) and puts it back after; a search that starts while
    another one holds the tree (a forgotten thought still stopping) starts afresh."""
    hard = level is Level.HARD
    tree: SearchTree | None = None
    if hard and HARD_REUSE:
        with _trees_lock:
            tree = _trees.pop(seat, None) or SearchTree()
    hooks = hard_hooks(rng) if hard else medium_hooks(rng)
    action: DiceBoxAction
    if hard and HARD_SIMULATIONS is None and HARD_SECOND_CORE:
        action = second_core.search_with_why_on_two_cores(
            RULES, state, seat, rng, hooks, budget_s=_hard_budget(state), tree=tree, why_again=False
        ).action
    else:
        action = search_action(
            RULES,
            state,
            seat,
            rng,
            hooks,
            budget_s=_hard_budget(state),
            simulations=HARD_SIMULATIONS if hard else MEDIUM_SIMULATIONS,
            time_cap_s=HARD_TIME_CAP_S if hard else MEDIUM_TIME_CAP_S,
            tree=tree,
        )
    if tree is not None:
        with _trees_lock:
            _trees[seat] = tree
    return action


def choose_action(state: DiceBoxState, seat: int, level: Level, rng: Rng) -> DiceBoxAction:
    """The computer's decision for `seat`, which must be the seat to act (draft pick or placement)."""
    if state.phase is Phase.DRAFT and state.current == seat:
        return _draft(state, seat, level, rng)
    if state.phase is not Phase.PLAY or state.current != seat or is_stuck(state):
        raise IllegalAction("The computer has no decision to make here.")
    if level is not Level.EASY:
        return _search(state, seat, rng, level)
    moves = _moves(state)
    if rng.random() < EASY_RANDOM_SHARE:
        die, index = rng.choice(moves)
        return PlaceDie(die.id, cell_at(index))
    w = weights(state, seat)
    scored = [(w[d.colour] * d.value, (d, i)) for d, i in moves]
    best = max(score for score, _ in scored)
    # Ties broken by the AI's own stream, so equal moves do not always favour the top-left cell.
    die, index = rng.choice([m for score, m in scored if score >= best - 1e-9])
    return PlaceDie(die.id, cell_at(index))


register_hooks(RULES.id, hard_hooks)
