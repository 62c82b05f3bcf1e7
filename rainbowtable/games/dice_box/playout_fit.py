"""Fit the Dice Box playout's odds (`ai.PLAYOUT_WEIGHTS`) to the choices of a search with plain random
playouts.

Run `python -m rainbowtable.games.dice_box.playout_fit --games 300 --simulations 3000` (about half an
hour of processor time). It plays seeded two-seat games between searches with Hard's hooks but uniformly
random playouts, and records at every placement with a choice what the seat to move holds by (colour
class, value), how many open cells take each value, and how the search's root visits fell by (colour
class, value). It then fits a log-linear choice model, one odds per (class, value), in which a pair
(die, cell) is chosen in proportion to its die's odds, to those visit shares by maximum likelihood,
and prints the table. Holds the measuring only; nothing here is used by the app. (The shipped table
came from the same games and model run before the playout drew its die and cell with separate numbers,
so a rerun's playouts differ and its table agrees up to the noise of the sample.)
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from dataclasses import dataclass

from rainbowtable.ai.search import SearchTree, search_with_why
from rainbowtable.core.game import Chance, Finished
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.dice_box import ai
from rainbowtable.games.dice_box.model import DiceBoxState, Phase, PlaceDie
from rainbowtable.games.dice_box.rules import RULES

CLASSES = ("own", "opponent's", "nobody's")
UNIFORM_ODDS: tuple[tuple[float, ...], ...] = ((0.0,) + (1.0,) * 6,) * len(CLASSES)
Table = list[list[float]]  # class -> value (index 0 unused)


@dataclass(frozen=True)
class Decision:
    """One placement decision: the mover's dice by (class, value), the open cells taking each value and
    the search's root visits by (class, value)."""

    held: tuple[tuple[int, ...], ...]
    taking: tuple[int, ...]
    visits: tuple[tuple[int, ...], ...]


def decision(state: DiceBoxState, seat: int, counts: Sequence[tuple[object, int, float]]) -> Decision:
    """What a search's root `counts` at `state` say, by (class, value)."""
    kinds = ai.holder_classes(ai.colour_classes(state), seat)
    dice = {d.id: d for d in state.hands[seat]}
    held = [[0] * 7 for _ in CLASSES]
    for die in state.hands[seat]:
        held[kinds[ai.COLOUR_INDEX[die.colour]]][die.value] += 1
    taking = [0] * 7
    for mask in ai._vacancies(ai._values(state)).values():
        for value in ai.MASK_VALUES[mask]:
            taking[value] += 1
    visits = [[0] * 7 for _ in CLASSES]
    for action, n, _mean in counts:
        if isinstance(action, PlaceDie):
            die = dice[action.die]
            visits[kinds[ai.COLOUR_INDEX[die.colour]]][die.value] += n
    return Decision(tuple(map(tuple, held)), tuple(taking), tuple(map(tuple, visits)))


def collect(games: int, simulations: int, first_seed: int = 0) -> list[Decision]:
    """Seeded two-seat games between searches of `simulations` a move with uniform playouts (each seat
    keeping its tree, as Hard does); every placement with more than one move tried is a decision."""
    out: list[Decision] = []
    for seed in range(first_seed, first_seed + games):
        state: DiceBoxState = RULES.new_game(RULES.default_options(), 2)
        match_rng = Rng.from_seed(seed)
        rngs = [match_rng.fork(f"ai-{seat}") for seat in range(2)]
        trees = [SearchTree(), SearchTree()]
        while not isinstance(who := RULES.to_act(state), Finished):
            if isinstance(who, Chance):
                state = RULES.apply(state, RULES.sample_chance(state, match_rng))
                continue
            seat = who.seats[0]
            if state.phase is not Phase.PLAY:
                action = ai.choose_action(state, seat, Level.MEDIUM, rngs[seat])
            else:
                hooks = ai.hard_hooks(rngs[seat], odds=UNIFORM_ODDS)
                result = search_with_why(
                    RULES, state, seat, rngs[seat], hooks, simulations=simulations, tree=trees[seat]
                )
                action = result.action
                if len(result.counts) > 1:
                    out.append(decision(state, seat, result.counts))
            state = RULES.apply(state, action)
    return out


def log_likelihood(decisions: Sequence[Decision], table: Table) -> float:
    """Mean log likelihood of the visit shares under `table`'s odds (per decision)."""
    total = 0.0
    for d in decisions:
        probs = _probabilities(d, [[math.log(w) if w > 0 else -math.inf for w in row] for row in table])
        seen = sum(map(sum, d.visits))
        total += sum(d.visits[k][v] / seen * math.log(p) for (k, v), p in probs.items() if d.visits[k][v])
    return total / len(decisions)


def _probabilities(d: Decision, theta: Sequence[Sequence[float]]) -> dict[tuple[int, int], float]:
    """The model's chance of each (class, value) with pairs: held x cells taking it x odds, normalised."""
    logits = {
        (k, v): math.log(d.held[k][v] * d.taking[v]) + theta[k][v]
        for k in range(len(CLASSES))
        for v in range(1, 7)
        if d.held[k][v] and d.taking[v]
    }
    top = max(logits.values())
    weights = {kv: math.exp(x - top) for kv, x in logits.items()}
    norm = sum(weights.values())
    return {kv: w / norm for kv, w in weights.items()}


def fit(decisions: Sequence[Decision], iterations: int = 400, step: float = 5.0) -> Table:
    """The odds that maximise the mean log likelihood of the visit shares (gradient ascent on the log
    odds, a little L2 to pin what the data never shows); scaled so the largest is 1."""
    theta = [[0.0] * 7 for _ in CLASSES]
    usable = [d for d in decisions if sum(map(sum, d.visits))]
    for _ in range(iterations):
        grad = [[-1e-4 * theta[k][v] for v in range(7)] for k in range(len(CLASSES))]
        for d in usable:
            seen = sum(map(sum, d.visits))
            for (k, v), p in _probabilities(d, theta).items():
                grad[k][v] += (d.visits[k][v] / seen - p) / len(usable)
        for k in range(len(CLASSES)):
            for v in range(1, 7):
                theta[k][v] += step * grad[k][v]
    top = max(theta[k][v] for k in range(len(CLASSES)) for v in range(1, 7))
    return [[0.0] + [math.exp(theta[k][v] - top) for v in range(1, 7)] for k in range(len(CLASSES))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="self-play games (default 300)")
    parser.add_argument("--simulations", type=int, default=3000, help="a search's simulations a move")
    parser.add_argument("--first-seed", type=int, default=5000, help="the first game's seed")
    args = parser.parse_args(argv)
    decisions = collect(args.games, args.simulations, args.first_seed)
    table = fit(decisions)
    print(f"{len(decisions)} decisions")
    print(
        f"log likelihood per decision: fitted {log_likelihood(decisions, table):.3f}, "
        f"uniform {log_likelihood(decisions, [list(r) for r in UNIFORM_ODDS]):.3f}"
    )
    for name, row in zip(CLASSES, table, strict=True):
        print(f"    (0.0, {', '.join(f'{w:.3f}' for w in row[1:])}),  # {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
