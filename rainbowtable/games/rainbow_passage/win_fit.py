"""Fit the Rainbow Passage win-chance model (`win_chance.WEIGHTS`) to the outcomes of seeded games.

Run `python -m rainbowtable.games.rainbow_passage.win_fit --games 2400 --first-seed 20000` (about 20
minutes of processor time to play, a few more to fit). It plays seeded two-seat games between Medium
players, records the FEATURES of every position where a seat rolls or moves, from seat 0's side, with
who won, and fits a logistic model without an intercept by Newton's method: each row also enters
mirrored (the features negated, the result turned round), so the two sides' chances add up to one. Games
whose seed is a multiple of 5 are held out and scored. Holds the measuring only; the app reads the
weights from `win_chance.py`.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

from rainbowtable.core.game import Chance, Finished
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.rainbow_passage import ai, win_chance
from rainbowtable.games.rainbow_passage.model import RainbowPassageState
from rainbowtable.games.rainbow_passage.rules import RULES

Row = tuple[int, float, tuple[float, ...]]
"""(seed, seat 0's result: 1 a win, 0 a loss, features from seat 0's side)."""


def collect(games: int, first_seed: int = 0) -> list[Row]:
    """Every two-sided position of `games` seeded Medium-against-Medium games (a drawn game, at the turn
    limit, is left out)."""
    out: list[Row] = []
    for seed in range(first_seed, first_seed + games):
        state: RainbowPassageState = RULES.new_game(RULES.default_options(), 2)
        match_rng = Rng.from_seed(seed)
        rngs = [match_rng.fork(f"ai-{seat}") for seat in range(2)]
        seen: list[tuple[float, ...]] = []
        while not isinstance(who := RULES.to_act(state), Finished):
            if win_chance.two_sided(state):
                seen.append(win_chance.features(state, 0))
            if isinstance(who, Chance):
                action = RULES.sample_chance(state, match_rng)
            else:
                seat = who.seats[0]
                action = ai.choose_action(state, seat, Level.MEDIUM, rngs[seat])
            state = RULES.apply(state, action)
        if state.winners:
            result = 1.0 if 0 in state.winners else 0.0
            out.extend((seed, result, x) for x in seen)
    return out


def _chance(weights: Sequence[float], x: Sequence[float]) -> float:
    z = sum(w * v for w, v in zip(weights, x, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


def fit(rows: Sequence[Row], ridge: float = 1e-3, iterations: int = 30) -> tuple[float, ...]:
    """The weights that maximise the likelihood of the results (each row also mirrored), less
    `ridge`/2 · |w|²; Newton steps until they stop moving."""
    n = len(rows[0][2])
    w = [0.0] * n
    for _ in range(iterations):
        grad = [ridge * v for v in w]
        hess = [[ridge if i == j else 0.0 for j in range(n)] for i in range(n)]
        for _seed, y, x in rows:
            p = _chance(w, x)
            # The mirrored row (-x, 1 - y) has the same p(1 - p) and the same gradient: count it twice.
            g = 2.0 * (p - y)
            h = 2.0 * p * (1.0 - p)
            for i in range(n):
                xi = x[i]
                if not xi:
                    continue
                grad[i] += g * xi
                hx = h * xi
                row = hess[i]
                for j in range(i + 1):
                    row[j] += hx * x[j]
        for i in range(n):
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(map(abs, step)) < 1e-8:
            break
    return tuple(w)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a·x = b, by Gaussian elimination with partial pivoting (a is small, square and, with the
    ridge, positive definite)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                m[r] = [v - f * p for v, p in zip(m[r], m[col], strict=True)]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def log_loss(rows: Sequence[Row], weights: Sequence[float]) -> tuple[float, float]:
    """The mean log loss of `weights` on `rows`, and the share of rows whose winner they name."""
    loss = named = 0.0
    for _seed, y, x in rows:
        p = min(1.0 - 1e-12, max(1e-12, _chance(weights, x)))
        loss -= y * math.log(p) + (1.0 - y) * math.log(1.0 - p)
        named += (p > 0.5) == (y > 0.5)
    return loss / len(rows), named / len(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2400, help="self-play games (default 2400)")
    parser.add_argument("--first-seed", type=int, default=20000, help="the first game's seed")
    args = parser.parse_args(argv)
    rows = collect(args.games, args.first_seed)
    train = [r for r in rows if r[0] % 5]
    test = [r for r in rows if not r[0] % 5]
    weights = fit(train)
    loss, named = log_loss(test, weights)
    print(f"{len(rows)} positions; held out {len(test)}: log loss {loss:.4f}, winner named {named:.1%}")
    for name, weight in zip(win_chance.FEATURES, weights, strict=True):
        print(f"    {weight:.5f},  # {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
