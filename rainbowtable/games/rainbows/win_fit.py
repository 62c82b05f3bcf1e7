"""Fit the Rainbows win-chance model (`win_chance.WEIGHTS`) to the outcomes of seeded games.

Run `python -m rainbowtable.games.rainbows.win_fit --games 300`. It plays seeded games between Medium
players at 3, 4 and 5 seats (the seed picks the table), records every seat's `win_chance.features` at
every take, with each seat's share of the win, and fits a conditional logit (each seat's chance the
softmax of its utility) by Newton's method with a little ridge. Games whose seed is a multiple of 5 are
held out and scored: the log loss and how often the model's favourite won, beside the same for the
model's starting weights. Holds the measuring only; the app reads the weights from `win_chance.py`.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

from rainbowtable.ai.search import outcome_values
from rainbowtable.core.game import Chance, Finished
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.rainbow_passage.win_fit import _solve as solve
from rainbowtable.games.rainbows import ai, win_chance
from rainbowtable.games.rainbows.model import Phase, RainbowsState
from rainbowtable.games.rainbows.rules import RULES

Row = tuple[int, tuple[float, ...], tuple[tuple[float, ...], ...]]
"""(seed, each seat's share of the win, each seat's features) at one position."""

SEAT_COUNTS = (3, 4, 5)


def collect(games: int, first_seed: int = 0, every: int = 2) -> list[Row]:
    """Every `every`-th take of `games` seeded Medium games, the table's seats cycling through 3, 4, 5."""
    out: list[Row] = []
    for seed in range(first_seed, first_seed + games):
        n = SEAT_COUNTS[seed % len(SEAT_COUNTS)]
        state: RainbowsState = RULES.new_game(RULES.default_options(), n)
        match_rng = Rng.from_seed(seed)
        rngs = [match_rng.fork(f"ai-{seat}") for seat in range(n)]
        seen: list[tuple[tuple[float, ...], ...]] = []
        takes = 0
        while not isinstance(who := RULES.to_act(state), Finished):
            if isinstance(who, Chance):
                action = RULES.sample_chance(state, match_rng)
            else:
                if state.phase is Phase.TAKE:
                    takes += 1
                    if takes % every == 0:
                        seen.append(tuple(win_chance.features(state)))
                seat = who.seats[0]
                action = ai.choose_action(state, seat, Level.MEDIUM, rngs[seat])
            state = RULES.apply(state, action)
        result = tuple(outcome_values(who.outcome))
        out.extend((seed, result, x) for x in seen)
    return out


def _log_loss(rows: Sequence[Row], weights: Sequence[float]) -> tuple[float, float]:
    """Mean -log(chance of the result) and the share of positions whose favourite won (a share)."""
    loss = 0.0
    named = 0.0
    for _seed, y, xs in rows:
        p = win_chance.softmax(win_chance.utilities(xs, weights))
        loss -= sum(yi * math.log(max(1e-12, pi)) for yi, pi in zip(y, p, strict=True))
        named += y[max(range(len(p)), key=p.__getitem__)]
    return loss / len(rows), named / len(rows)


def fit(rows: Sequence[Row], ridge: float = 1e-2, iterations: int = 25) -> tuple[float, ...]:
    """The weights that maximise the likelihood of the results, less `ridge`/2 · |w|² (Newton steps)."""
    k = len(rows[0][2][0])
    w = [0.0] * k
    for _ in range(iterations):
        grad = [ridge * v for v in w]
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for _seed, y, xs in rows:
            p = win_chance.softmax(win_chance.utilities(xs, w))
            mean = [sum(pi * x[j] for pi, x in zip(p, xs, strict=True)) for j in range(k)]
            for yi, pi, x in zip(y, p, xs, strict=True):
                d = [x[j] - mean[j] for j in range(k)]
                for j in range(k):
                    grad[j] += (pi - yi) * x[j]
                    row = hess[j]
                    pd = pi * d[j]
                    for m in range(j + 1):
                        row[m] += pd * d[m]
        for j in range(k):
            for m in range(j):
                hess[m][j] = hess[j][m]
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return tuple(w)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rainbowtable.games.rainbows.win_fit")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    rows = collect(args.games, args.first_seed)
    train = [r for r in rows if r[0] % 5]
    held = [r for r in rows if not r[0] % 5]
    weights = fit(train)
    print("weights:", ", ".join(f"{w:.5f}" for w in weights))
    for name, w in (("fitted", weights), ("current", win_chance.WEIGHTS)):
        loss, named = _log_loss(held, w)
        print(f"{name}: held-out log loss {loss:.4f}, favourite won {named:.3f} ({len(held)} positions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
