"""A fitted chance of winning a Rainbows position: Hard's cut-off evaluation (issue 41).

Hard's search plays to win (a shared win counts its share), so where it cuts a playout off it needs every
seat's chance of ending the game with the most gold in the bank, not its standing. This is a conditional
logit over the seats: seat i's weight is exp(u_i), its chance u_i's share, and u_i is linear in what the
seat has and may still gain (`FEATURES`): the score as it stands (bank, board rainbows and singles, money
rainbows), the expected worth of the money runs still open, the chance-weighted link potential of its
lone markers and of its rainbows' ends, gold on hand (on the last day at most what it can still spend,
`ai.spendable_gold`) and markers left. Each feature enters twice, once as it is and once times the share of
the day still to come (`_day_left`), so the fit can say how much a lead is worth early and late. The
weights were fitted by maximum likelihood to who won 1,500 seeded games between Medium players at 3, 4
and 5 seats (seeds 10000..11499, every second take: `win_fit.py`). On the games held out (seeds that are
multiples of 5, 7,705 positions) the log loss is 1.154, where an even guess scores about 1.39 and the
same features with hand-set weights 1.212; the model's favourite won 47.9% of those positions (an even
guess names the winner a quarter of the time). Rainbows is a game of many small chances: few positions
are far from even until the last rounds.

Only the last day is modelled: before it, gold carries over (a deposit or the next day's purchases), so
it is counted at 0.9 in the score and the rest of the game is treated as far off.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rainbowtable.games.rainbows.model import Phase, RainbowsState
from rainbowtable.games.rainbows.rules import markers_left

FEATURES = ("score", "money_open", "lone_potential", "end_potential", "gold", "markers_left")
"""Per seat; the model's inputs are these and the same times `_day_left`."""

DAY_ROUNDS = 12.0
"""About how many rounds a day has (a 3-seat day with the clover halfway through its third): the scale of
`_day_left`."""

WEIGHTS: tuple[float, ...] = (
    0.06091,
    0.26341,
    0.07714,
    0.07094,
    0.02029,
    -0.51638,
    -0.07659,
    -0.46124,
    -0.08843,
    -0.06935,
    0.08112,
    0.22491,
)
"""The fitted weights: FEATURES, then FEATURES times `_day_left` (see `win_fit.py`). They were fitted to
gold on hand as it is; the cap on it (`ai.spendable_gold`) was set by hand afterwards and measured in play
(ai.py, issue 41's fifth pass), not refitted.

Issue 41's last passes measured these weights against others (Hard against two Medium players, 3 seats, Hard
in seat seed % 3, processor-time budgets, each seed played by both, seeds from 7000). Early in the day the
weights prefer gold on hand to score (at a day left of 1 a gold is +0.10 of utility, a point −0.016), which
is why Hard keeps a 10 in the opening where Medium and a yardstick of 3,000 simulations buy a marker; yet
the gold-times-day-left weight at 0 won 73.5 of seeds 7000..7137 where these won 85.3 (better in 27 games,
worse in 38), at 0.04 68.0 of 120 against 71.8, at 0.12 111.8 of 203 against 119.2 (35 / 45). Refitted to
Hard's own games (496 games of three Hard players at 300 simulations, seeds 20000..20495, every second take,
12,004 positions), the model named those games' winners better (held-out log loss 0.887 against 0.920)
but played no better: 117.5 of seeds 7000..7199 against 119.2 (43 / 45), and against two yardsticks of 200
simulations 49.8 of seeds 1000..1106 against 57.3 (26 / 35). The weights stay."""


def _day_left(state: RainbowsState, rounds_left: float) -> float:
    later_days = state.options.days - state.day
    return min(1.0, rounds_left / DAY_ROUNDS) + max(0, later_days)


def features(state: RainbowsState) -> list[tuple[float, ...]]:
    """Every seat's model inputs (`FEATURES`, then the same times the share of the day left)."""
    from rainbowtable.games.rainbows import ai

    outlook = ai._outlook(state)  # the same for every seat: worked out once
    left = _day_left(state, outlook[0])
    last_day = state.day >= state.options.days
    out: list[tuple[float, ...]] = []
    if state.phase is Phase.DEPOSIT:
        # The day is scored (the bank holds it) and the board not yet cleared: only bank and gold count.
        for seat, player in enumerate(state.players):
            raw = (player.bank + 0.9 * player.gold, 0.0, 0.0, 0.0, 0.0, float(markers_left(state, seat)))
            out.append(raw + tuple(v * left for v in raw))
        return out
    for seat, player in enumerate(state.players):
        judge = ai._Judge.of(state, seat, outlook)
        singles = ai._board(judge.markers)[1]
        lone = sum(judge.potential(space) for space in singles)
        ends = sum(judge.potential(space) for space in judge.markers if space not in singles)
        money = ai._money(judge.kept)
        score = float(player.bank + judge.board_now + money)
        gold = float(player.gold)
        left_markers = markers_left(state, seat)
        if not last_day:
            score += 0.9 * gold
            gold = 0.0
        else:
            # This round and each one expected after it (`ai.spendable_gold`).
            gold = min(gold, ai.spendable_gold(left_markers, outlook[0] + 0.5))
        raw = (
            score,
            judge.money_now - money,
            lone,
            ends,
            gold,
            float(left_markers),
        )
        out.append(raw + tuple(v * left for v in raw))
    return out


def softmax(utilities: Sequence[float]) -> list[float]:
    top = max(utilities)
    weights = [math.exp(max(-60.0, u - top)) for u in utilities]
    total = sum(weights)
    return [w / total for w in weights]


def utilities(rows: Sequence[Sequence[float]], weights: Sequence[float] = WEIGHTS) -> list[float]:
    return [sum(w * v for w, v in zip(weights, row, strict=True)) for row in rows]


def win_chances(state: RainbowsState) -> list[float]:
    """Every seat's chance of winning from `state` (sums to 1); a finished game gives its shares."""
    if state.phase is Phase.OVER:
        banks = [p.bank for p in state.players]
        best = max(banks)
        winners = [b == best for b in banks]
        return [1.0 / sum(winners) if w else 0.0 for w in winners]
    return softmax(utilities(features(state)))
