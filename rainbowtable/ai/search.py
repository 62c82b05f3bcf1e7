"""One search for every game: anytime Monte Carlo tree search over the game contract (core/game.py).

`search_action(rules, state, seat, rng, hooks, budget_s=..., simulations=..., cancel=...)` returns the
action `seat` should play. It reads the position only through `rules.observe(state, seat)`, so a computer
seat never sees what its player could not; when the game hides information every simulation starts from a
fresh `rules.determinise(observed, seat, rng)` sample and all samples share one tree (information-set MCTS:
a child counts how often it was legal, so actions that exist only in some samples are judged fairly).

- Decisions: UCT, or PUCT when the game gives a `prior`; each seat maximises its own result.
- Chance: outcomes drawn from `chance_outcomes` where the game lists them (cached per node), otherwise
  from `sample_chance`, always with the AI's own `rng`, never the match's.
- Every move and outcome a simulation plays came from the rules themselves, so it is applied with
  `rules.apply_legal` (`apply` without its legality check where the game has one, core/game.py).
- Results (`outcome_values`): a win is 1, a loss 0, a shared win is split between the winning sides (a team
  is one side and all its seats get the side's share), a cooperative game gives every seat 1 when the table
  won and 0 when it lost. A game of three or more seats may ask for `standings` instead (`SearchHooks.
  results`): the share of the other sides a seat finished ahead of, so second place is worth more than
  last. `evaluate` hooks speak the same scale.
- Rollouts: the game's `rollout` policy or uniformly random legal actions; with an `evaluate` hook they
  stop after `SearchHooks.cutoff` actions and the evaluation stands in for the rest of the game.
- RAVE (optional, `SearchHooks.rave`): each simulation also credits the moves its seats made later in it,
  and selection blends those all-moves-as-first means into the moves' own while they have few visits.
- Budget: a time budget it always meets (checked between simulations and every few rollout actions), or a
  fixed number of simulations (reproducible: same seed and count, same answer), and a cancel flag that
  stops it at once (`budget.py`). The most visited move is returned; with no simulation done, the prior's
  favourite or a random legal move.
- Reuse: pass the same `SearchTree` to successive decisions of one seat and the part of the last tree under
  the moves actually played is kept (games without hidden information).
- Judging a position rather than deciding (`estimate_position`, the review of issue 43): the same search
  from any position, a chance event's included, giving every seat's expected result and, where a seat
  decides, the move the search prefers.

Holds no game knowledge and no threads. `hint` (for the table's Hint button) is in `hint.py`.
"""

from __future__ import annotations

import math
import threading
from array import array
from bisect import bisect_right
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from rainbowtable.ai.budget import Budget
from rainbowtable.core.collector import collector_paused
from rainbowtable.core.game import AnyRules, Chance, Finished, Outcome, Players
from rainbowtable.core.rng import Rng

Rollout = Callable[[Any, int, Rng], Any]
"""(state, seat to act, rng) -> a legal action: a fast playout policy."""
Evaluate = Callable[[Any], Sequence[float]]
"""state -> one value in [0, 1] per seat (1 = certain win for that seat), for cut-off rollouts."""
Prior = Callable[[Any, Sequence[Any]], Sequence[float]]
"""(state, legal actions) -> one non-negative weight per action (need not sum to 1)."""
Why = Callable[[Any, Any], "str | None"]
"""(state, action) -> one line saying why the move is good, or None."""
Moves = Callable[[Any], Sequence[Any]]
"""state -> the legal actions worth telling apart (see `SearchHooks.moves`)."""
Keys = Callable[[Any, Sequence[Any]], Sequence[Hashable]]
"""(state, actions) -> each action's key as a move "played anywhere" (RAVE, see `SearchHooks.rave`)."""
Played = list[tuple[int, Hashable]]
"""The moves a simulation made after a node, in order: (seat, key)."""
EvaluatePlayed = Callable[[Any], tuple[Sequence[float], Played]]
"""state -> `Evaluate`'s values, and the moves the evaluation's own playout made (for RAVE)."""
Results = Callable[[Outcome], list[float]]
"""A finished game's outcome -> each seat's result in [0, 1] (`outcome_values` or `standings`)."""

UCT_EXPLORATION = 1.0
"""UCT's c with results in [0, 1] (1.0 searched deeper than textbook 1.4 in the Dice Box measurements)."""
PUCT_EXPLORATION = 1.5
MAX_ROLLOUT_ACTIONS = 2000
"""A safety net for games that could go on for ever under random play: the rollout is scored as it stands."""
CHECK_EVERY = 16
"""Rollout actions between two looks at the clock and the cancel flag."""
SETTLED_EVERY = 32
"""Simulations between two looks at whether the answer is settled (`_settled`): a timed search stops there."""
REUSE_DEPTH = 4
REUSE_STATES = 400
"""How far below the last root a reused tree is searched for the new position (each look is one `apply`)."""


@dataclass(frozen=True, slots=True)
class SearchHooks:
    """What a game may add to the search; every part is optional.

    rollout: a fast playout policy; evaluate: a static evaluation for cut-off rollouts (see `cutoff`);
    prior: move weights (the search then uses PUCT and tries likely moves first); why: words for a hint.
    cutoff: rollout actions before `evaluate` is asked (0: evaluate the new leaf at once).
    exploration: the UCT/PUCT constant, when the game wants its own.
    moves: the moves worth searching in a position where a seat decides: a non-empty subset of the legal
    actions, one of each set of moves that are the same to every player (twin dice, say), or only the few
    the game's own judgement shortlists (Rainbow Passage: the first steps of its best turns); the search
    then spends nothing on the rest. Rollouts still use all legal actions.
    rave, keys, evaluate_played: rapid action value estimation (Gelly and Silver, 2007) for games where a
    move is worth much the same a few turns earlier or later (a die placed on a cell): every simulation
    also counts, for each move of the tree, whether its player made the same move (by `keys`) anywhere
    later in that simulation, and selection blends that all-moves-as-first mean with the move's own mean,
    weight sqrt(rave / (3 visits + rave)): quick, rough estimates for every move while its own are
    still few. `evaluate_played` is `evaluate` that also lists its playout's moves (with `cutoff` 0; a
    plain rollout lists its moves by `keys` itself). Used in UCT selection (no `prior`) in games that
    hide nothing; 0 turns it off.
    results: how a finished game scores for each seat (default `outcome_values`, win or lose; `standings`
    for a game of three or more seats where finishing second rather than last matters).
    """

    rollout: Rollout | None = None
    evaluate: Evaluate | None = None
    prior: Prior | None = None
    why: Why | None = None
    cutoff: int = 10
    exploration: float | None = None
    moves: Moves | None = None
    rave: float = 0.0
    keys: Keys | None = None
    evaluate_played: EvaluatePlayed | None = None
    results: Results | None = None


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A decision and how it was reached: `why` is the game's words for it (None where it has none)."""

    action: Any
    why: str | None
    simulations: int
    visits: int
    value: float
    """The chosen move's mean result for the seat, 0..1 (0.5 when it was never simulated)."""
    elapsed_s: float
    counts: tuple[tuple[Any, int, float], ...] = ()
    """Every root move the search tried: (action, visits, mean result for the seat); a second search of
    the same position (`second_core.py`) adds its own before the move is chosen."""


def outcome_values(outcome: Outcome) -> list[float]:
    """Each seat's result in [0, 1]: win 1, loss 0, a shared win split between the winning sides (a team is
    one side; each of its seats gets the side's share); cooperative games: everyone 1 or everyone 0."""
    n = len(outcome.scores)
    winners = outcome.winners
    if outcome.cooperative:
        return [1.0 if winners else 0.0] * n
    if not winners:
        return [0.0] * n
    sides = {outcome.team_of(s) for s in winners}
    share = 1.0 / len(sides)
    return [share if s in winners else 0.0 for s in range(n)]


def standings(outcome: Outcome) -> list[float]:
    """Each seat's share of the other sides' seats it finished ahead of (a tie counts half; a winner is ahead
    of a non-winner, otherwise the higher score is); cooperative games as `outcome_values`. With two sides
    this is `outcome_values`; with three or more seats it is the head-to-head reading of a result, in which
    second place beats last (the benchmark's reading of "Hard beats Medium" at a table of three)."""
    n = len(outcome.scores)
    if outcome.cooperative:
        return outcome_values(outcome)
    shares: list[float] = []
    for seat in range(n):
        mine = (seat in outcome.winners, outcome.scores[seat])
        side = outcome.team_of(seat)
        points, rivals = 0.0, 0
        for other in range(n):
            if other in side:
                continue
            theirs = (other in outcome.winners, outcome.scores[other])
            points += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            rivals += 1
        shares.append(points / rivals if rivals else 0.5)
    return shares


_NO_COUNTS: array[int] = array("l")
_NO_SUMS: array[float] = array("d")
_ZERO_COUNT: array[int] = array("l", [0])
_ZERO_SUM: array[float] = array("d", [0.0])


class _Node:
    """A node of the tree: the position after the moves on the path from the root (in every sample).

    `totals[s]` sums seat s's results over the simulations through here; `avail` counts how often the node's
    move was legal when its parent chose (used with hidden information, where moves differ by sample).
    A decision node keeps its moves in `actions`, with `kids` and `prior` in the same order (lists, not
    dicts, because hashing actions was a fifth of the time); a chance node keeps `outcomes` by action.
    """

    __slots__ = (
        "actions",
        "amaf_index",
        "amaf_n",
        "amaf_q",
        "avail",
        "chance",
        "index",
        "keys",
        "kids",
        "mover",
        "outcomes",
        "prior",
        "state",
        "terminal",
        "totals",
        "tried",
        "visits",
        "who",
    )

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 0
        self.totals: list[float] | None = None
        self.mover = 0
        self.actions: list[Any] | None = None
        self.kids: list[_Node | None] = []
        self.index: dict[Any, int] | None = None
        self.prior: list[float] | None = None
        self.tried = 0
        self.outcomes: dict[Any, _Node] | None = None
        self.chance: tuple[list[Any], list[float]] | None = None
        self.terminal: list[float] | None = None
        self.amaf_index: dict[Hashable, int] | None = None
        """RAVE: each move's key -> its index in `actions`; `amaf_n` and `amaf_q` count and sum the
        mover's results of the simulations that made that move later (all-moves-as-first)."""
        self.keys: tuple[Hashable, ...] = ()
        self.amaf_n: array[int] = _NO_COUNTS
        self.amaf_q: array[float] = _NO_SUMS
        self.state: Any = None
        self.who: Any = None
        """The position here and who acts in it, kept when the game hides nothing (then both are the same in
        every simulation): a simulation walks down the tree without applying the moves again."""

    def mean(self, seat: int) -> float:
        if not self.visits or self.totals is None or seat >= len(self.totals):
            return 0.5
        return self.totals[seat] / self.visits

    def edges(self) -> list[tuple[Any, _Node]]:
        """Every (action, child) below this node, decisions and chance outcomes alike."""
        if self.outcomes is not None:
            return list(self.outcomes.items())
        if self.actions is None:
            return []
        return [(a, k) for a, k in zip(self.actions, self.kids, strict=True) if k is not None]

    def child(self, action: Any) -> _Node | None:
        for a, k in self.edges():
            if a == action:
                return k
        return None


class SearchTree:
    """A tree kept between one seat's decisions: the next search starts from the subtree under the moves
    actually played, when it can find them (games without hidden information; a few plies deep)."""

    def __init__(self) -> None:
        self.root: _Node | None = None
        self.state: Any = None
        self.rules_id: str | None = None
        self.seat: int | None = None
        self.chosen: Any = None
        self.reused_visits = 0
        """Simulations the last search inherited from the one before (for tests and the benchmark)."""

    def clear(self) -> None:
        self.root = None
        self.state = None

    def take(self, rules: AnyRules, state: Any, seat: int) -> _Node | None:
        """The stored node for `state`, or None; searches at most REUSE_DEPTH plies below the old root."""
        root, old = self.root, self.state
        if root is None or self.rules_id != rules.id or self.seat != seat or rules.hides_information:
            return None
        if old == state:
            return root
        # The move this tree chose was (almost always) played: look below it first, then anywhere.
        frontier: list[tuple[_Node, Any]] = [(root, old)]
        chosen = root.child(self.chosen) if self.chosen is not None else None
        if chosen is not None and chosen.visits:
            after = rules.apply(old, self.chosen)
            if after == state:
                return chosen
            frontier = [(chosen, after)]
        looked = 0
        for _ in range(REUSE_DEPTH):
            following: list[tuple[_Node, Any]] = []
            for node, at in frontier:
                for action, child in node.edges():
                    if not child.visits:
                        continue
                    looked += 1
                    if looked > REUSE_STATES:
                        return None
                    after = rules.apply(at, action)
                    if after == state:
                        return child
                    following.append((child, after))
            if not following:
                return None
            frontier = following
        return None


_UNLISTED: tuple[list[Any], list[float]] = ([], [])
"""`_Node.chance` of a chance node whose game samples its outcomes rather than listing them."""


def _sample_listed(node: _Node, rng: Rng) -> Any:
    assert node.chance is not None
    actions, cumulative = node.chance
    pick = bisect_right(cumulative, rng.random() * cumulative[-1])
    return actions[min(pick, len(actions) - 1)]


class _Search:
    def __init__(self, rules: AnyRules, seat: int, rng: Rng, hooks: SearchHooks, budget: Budget) -> None:
        self.rules = rules
        self.seat = seat
        self.rng = rng
        self.hooks = hooks
        self.budget = budget
        self.hidden = rules.hides_information
        self.results = hooks.results or outcome_values
        default_c = PUCT_EXPLORATION if hooks.prior is not None else UCT_EXPLORATION
        self.c = hooks.exploration if hooks.exploration is not None else default_c
        uses_rave = hooks.rave > 0 and hooks.keys is not None and hooks.prior is None and not self.hidden
        self.rave = hooks.rave if uses_rave else 0.0
        self._inverse_roots: list[float] = []
        self._betas: list[float] = []
        if self.rave:
            self._extend_tables(0)

    # --- one simulation ---------------------------------------------------------------------------

    def simulate(self, root: _Node, state: Any) -> bool:
        """Select, expand, roll out and back up once from `state` (a full state); False when the budget ran
        out mid-way (nothing is backed up then)."""
        rules = self.rules
        apply = rules.apply_legal  # every move and outcome here came from the rules themselves
        node = root
        path = [node]
        values: Sequence[float] | None = None
        keep = not self.hidden
        rave = self.rave > 0
        trail: Played = []  # RAVE: the moves made from the root down, then the playout's
        marks: list[tuple[_Node, int]] = []  # RAVE: each decision node passed and its move's place in `trail`
        while True:
            if node.terminal is not None:
                values = node.terminal
                break
            who = node.who
            if who is None:
                who = rules.to_act(state)
                if keep:
                    node.who = who
            if isinstance(who, Finished):
                values = self.results(who.outcome)
                if keep:
                    node.terminal = values
                break
            if isinstance(who, Chance):
                action = self._chance(node, state)
                outcomes = node.outcomes
                if outcomes is None:
                    outcomes = node.outcomes = {}
                child = outcomes.get(action)
                if child is None:
                    state = apply(state, action)
                    child = outcomes[action] = _Node()
                    if keep:
                        child.state = state
                    path.append(child)
                    break
                state = child.state if keep else apply(state, action)
                node = child
                path.append(node)
                continue
            mover = who.seats[0]
            node.mover = mover
            i, child, fresh = self._select(node, state, mover)
            assert node.actions is not None
            action = node.actions[i]
            if rave:
                marks.append((node, len(trail)))
                trail.append((mover, node.keys[i]))
            if not keep:
                state = apply(state, action)
            elif child.state is None:
                state = child.state = apply(state, action)
            else:
                state = child.state
            path.append(child)
            node = child
            if fresh:
                break
        if values is None:
            values = self._rollout(state, trail if rave else None, path[-1] if keep else None)
            if values is None:
                return False
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            if totals is None:
                visited.totals = list(values)
            else:
                for i, v in enumerate(values):
                    totals[i] += v
        for node, start in marks:
            mover = node.mover
            index = node.amaf_index
            assert index is not None
            result = values[mover]
            counts, sums = node.amaf_n, node.amaf_q
            # A set: a move made twice in a simulation counts once.
            for key in index.keys() & {key for seat, key in trail[start:] if seat == mover}:
                j = index[key]
                counts[j] += 1
                sums[j] += result
        return True

    def _chance(self, node: _Node, state: Any) -> Any:
        chance = node.chance
        if chance is not None and chance is not _UNLISTED:
            return _sample_listed(node, self.rng)
        if chance is None and not self.hidden:
            listed = self.rules.chance_outcomes(state)
            if listed:
                actions = [a for a, _ in listed]
                cumulative: list[float] = []
                total = 0.0
                for _, p in listed:
                    total += float(p)
                    cumulative.append(total)
                node.chance = (actions, cumulative)
                return _sample_listed(node, self.rng)
            # The game samples this one: asked once, not at every visit.
            node.chance = _UNLISTED
        return self.rules.sample_chance(state, self.rng)

    def _moves(self, node: _Node, state: Any) -> Sequence[int]:
        """The indexes into `node.actions` of the moves legal in `state` (all of them without hidden
        information, where they never change); new moves are added, with their prior."""
        actions = node.actions
        if actions is None:
            legal = list(self.legal(state))
            node.actions = legal
            node.kids = [None] * len(legal)
            if self.rave:
                assert self.hooks.keys is not None
                # Arrays and a tuple, not lists: they are not tracked by the cycle collector, whose
                # full passes over a kept tree of lists ran Hard's searches past their deadline.
                node.keys = tuple(self.hooks.keys(state, legal))
                node.amaf_index = {k: i for i, k in enumerate(node.keys)}
                node.amaf_n = _ZERO_COUNT * len(legal)
                node.amaf_q = _ZERO_SUM * len(legal)
            if self.hooks.prior is not None:
                node.prior = self._prior_of(state, legal)
            if self.hidden:
                node.index = {a: i for i, a in enumerate(legal)}
            return range(len(legal))
        if not self.hidden:
            return range(len(actions))
        legal = list(self.legal(state))
        index = node.index
        assert index is not None
        out: list[int] = []
        fresh = False
        for a in legal:
            i = index.get(a)
            if i is None:
                i = index[a] = len(actions)
                actions.append(a)
                node.kids.append(None)
                fresh = True
            out.append(i)
        if fresh and node.prior is not None:
            weights = self._prior_of(state, legal)
            known = len(node.prior)
            node.prior.extend([0.0] * (len(actions) - known))
            for i, w in zip(out, weights, strict=True):
                if i >= known:
                    node.prior[i] = w
        return out

    def legal(self, state: Any) -> Sequence[Any]:
        """The moves the tree tells apart where a seat decides (the game's `moves` hook, or every one)."""
        moves = self.hooks.moves
        chosen = moves(state) if moves is not None else None
        return chosen if chosen else self.rules.legal_actions(state)

    def _prior_of(self, state: Any, legal: Sequence[Any]) -> list[float]:
        assert self.hooks.prior is not None
        weights = [max(0.0, float(w)) for w in self.hooks.prior(state, legal)]
        total = sum(weights)
        if total <= 0:
            return [1.0 / len(legal)] * len(legal)
        return [w / total for w in weights]

    def _select(self, node: _Node, state: Any, mover: int) -> tuple[int, _Node, bool]:
        """The move to follow at a decision node: (its index in `node.actions`, child, whether the child is
        new)."""
        moves = self._moves(node, state)
        actions, kids = node.actions, node.kids
        assert actions is not None
        hidden = self.hidden
        if hidden:
            for i in moves:
                kid = kids[i]
                if kid is not None:
                    kid.avail += 1
        if len(moves) == 1:
            i = moves[0]
        elif node.prior is not None:
            i = self._puct(node, moves, mover)
        elif self.rave:
            i = self._uct_rave(node, mover)
        else:
            i = self._uct(node, moves, mover)
        kid = kids[i]
        if kid is None:
            kid = kids[i] = _Node()
            kid.avail = 1
            node.tried += 1
            return i, kid, True
        return i, kid, kid.visits == 0

    def _uct(self, node: _Node, moves: Sequence[int], mover: int) -> int:
        kids = node.kids
        if node.tried < len(kids):
            untried = [i for i in moves if kids[i] is None]
            if untried:
                return untried[self.rng.below(len(untried))]
        hidden = self.hidden
        c = self.c
        log_parent = math.log(max(1, node.visits))
        best_score = -math.inf
        best = moves[0]
        for i in moves:
            kid = kids[i]
            assert kid is not None
            n = kid.visits
            if n == 0 or kid.totals is None:
                return i
            log_n = math.log(kid.avail) if hidden else log_parent
            score = kid.totals[mover] / n + c * math.sqrt(log_n / n)
            if score > best_score:
                best_score, best = score, i
        return best

    def _uct_rave(self, node: _Node, mover: int) -> int:
        """UCT on the move's own mean blended with its all-moves-as-first mean (`SearchHooks.rave`). A move
        never made in any simulation yet counts as a win, so each is tried; an untried one that others made
        later stands on its all-moves-as-first mean. (RAVE runs only where nothing is hidden, so every move
        of the node is legal in every simulation: the loop walks them all, in step with their counts.)"""
        visits = node.visits
        if visits >= len(self._betas):  # no child has more visits than its parent
            self._extend_tables(visits)
        inverse_roots, betas = self._inverse_roots, self._betas
        explore = self.c * math.sqrt(math.log(visits + 1))
        untried = explore * inverse_roots[0]
        best_score = -math.inf
        best = 0
        for i, (kid, made, total) in enumerate(zip(node.kids, node.amaf_n, node.amaf_q, strict=True)):
            amaf = total / made if made else 1.0
            if kid is not None and (n := kid.visits) and kid.totals is not None:
                beta = betas[n]
                score = (1.0 - beta) * kid.totals[mover] / n + beta * amaf + explore * inverse_roots[n]
            else:
                score = amaf + untried
            if score > best_score:
                best_score, best = score, i
        return best

    def _extend_tables(self, n: int) -> None:
        """RAVE's per-visit-count factors, looked up rather than worked out at every move of every
        selection (a tenth of a Dice Box search): 1/sqrt(n + 1) and the weight sqrt(K / (3n + K))."""
        k = self.rave
        size = max(2 * len(self._betas), n + 1, 1024)
        self._inverse_roots = [1.0 / math.sqrt(m + 1) for m in range(size)]
        self._betas = [math.sqrt(k / (3 * m + k)) for m in range(size)]

    def _puct(self, node: _Node, moves: Sequence[int], mover: int) -> int:
        kids, prior = node.kids, node.prior
        assert prior is not None
        # The parent's count; with hidden information, the visits of the moves legal in this sample.
        total = sum(k.visits for i in moves if (k := kids[i]) is not None) if self.hidden else node.visits
        # Unvisited moves start from the node's own mean for the mover (first-play urgency).
        fpu = node.mean(mover)
        scale = self.c * math.sqrt(total + 1)
        best_score = -math.inf
        best = moves[0]
        for i in moves:
            kid = kids[i]
            if kid is None or kid.visits == 0 or kid.totals is None:
                score = fpu + scale * prior[i]
            else:
                n = kid.visits
                score = kid.totals[mover] / n + scale * prior[i] / (1 + n)
            if score > best_score:
                best_score, best = score, i
        return best

    def _rollout(
        self, state: Any, trail: Played | None = None, leaf: _Node | None = None
    ) -> Sequence[float] | None:
        """The result of playing on from `state` (a rollout, cut off for `evaluate`); with a `trail` (RAVE)
        the moves made are added to it. `leaf`, the node of `state` when the tree keeps positions, keeps
        who acts there for the simulations that pass through it later."""
        rules, rng, hooks = self.rules, self.rng, self.hooks
        apply = rules.apply_legal  # the policy's moves are legal ones (`Rollout`)
        policy, evaluate = hooks.rollout, hooks.evaluate
        evaluate_played = hooks.evaluate_played if trail is not None else None
        cut = evaluate is not None or evaluate_played is not None
        limit = hooks.cutoff if cut else MAX_ROLLOUT_ACTIONS
        budget = self.budget
        for done in range(MAX_ROLLOUT_ACTIONS + 1):
            who = rules.to_act(state)
            if leaf is not None:
                leaf.who, leaf = who, None
            if isinstance(who, Finished):
                return self.results(who.outcome)
            if done >= limit:
                break
            if done and done % CHECK_EVERY == 0 and (budget.cancelled or budget.out_of_time()):
                return None
            if isinstance(who, Chance):
                action = rules.sample_chance(state, rng)
            else:
                if policy is not None:
                    action = policy(state, who.seats[0], rng)
                else:
                    legal = rules.legal_actions(state)
                    action = legal[rng.below(len(legal))]
                if trail is not None and hooks.keys is not None:
                    trail.append((who.seats[0], hooks.keys(state, [action])[0]))
            state = apply(state, action)
        if evaluate_played is not None and trail is not None:
            values, played = evaluate_played(state)
            trail.extend(played)
            return [min(1.0, max(0.0, float(v))) for v in values]
        if evaluate is not None:
            return [min(1.0, max(0.0, float(v))) for v in evaluate(state)]
        return None if budget.cancelled else _even(rules, state)

    # --- the whole search -------------------------------------------------------------------------

    def run(self, root: _Node, observed: Any) -> int:
        done = 0
        budget = self.budget
        settle = budget.simulations is None and budget.deadline is not None
        while not budget.spent(done):
            state = self.rules.determinise(observed, self.seat, self.rng) if self.hidden else observed
            if self.simulate(root, state):
                done += 1
                if settle and done % SETTLED_EVERY == 0 and _settled(root, done, budget):
                    break
            elif budget.cancelled or budget.out_of_time():
                break
        return done


def _settled(root: _Node, done: int, budget: Budget) -> bool:
    """Whether the most visited root move leads the next by more visits than the simulations still to come
    in the time left (at the rate so far): the search's answer can no longer change, so the rest of the
    budget would buy nothing."""
    first = second = 0
    for kid in root.kids:
        if kid is not None:
            n = kid.visits
            if n > first:
                first, second = n, first
            elif n > second:
                second = n
    elapsed = budget.elapsed_s()
    left = budget.left_s()
    return elapsed > 0 and first - second > done * left / elapsed


def _even(rules: AnyRules, state: Any) -> list[float]:
    """An unfinished rollout cut by the safety net: every seat an equal share."""
    n = len(rules.scores(state))
    return [1.0 / n] * n if n else []


def _fallback(rules: AnyRules, state: Any, legal: Sequence[Any], hooks: SearchHooks, rng: Rng) -> Any:
    if hooks.prior is not None:
        weights = list(hooks.prior(state, legal))
        return legal[max(range(len(legal)), key=lambda i: weights[i])]
    return legal[rng.below(len(legal))]


def search_with_why(
    rules: AnyRules,
    state: Any,
    seat: int,
    rng: Rng,
    hooks: SearchHooks = SearchHooks(),
    *,
    budget_s: float = 0.25,
    simulations: int | None = None,
    cancel: threading.Event | None = None,
    tree: SearchTree | None = None,
    time_cap_s: float | None = None,
) -> SearchResult:
    """`search_action` with its reasons: the move, the game's words for it and how sure the search was.

    With `simulations` the search runs exactly that many (reproducible), unless `time_cap_s` is given and
    comes first; without, it thinks for `budget_s` seconds. `cancel` (or the thread's flag from
    `budget.cancelling`) stops it at once with the best move so far.
    """
    seconds = budget_s if simulations is None else time_cap_s
    budget = Budget(seconds=seconds, simulations=simulations, cancel=cancel)
    observed = rules.observe(state, seat)
    search = _Search(rules, seat, rng, hooks, budget)
    sample = rules.determinise(observed, seat, rng) if search.hidden else observed
    who = rules.to_act(sample)
    if isinstance(who, Finished | Chance) or seat not in who.seats:
        raise ValueError("search_action needs a position where this seat decides")
    legal = search.legal(sample)
    if not legal:
        raise ValueError("search_action needs at least one legal action")
    root = tree.take(rules, observed, seat) if tree is not None else None
    reused = root.visits if root is not None else 0
    if root is None:
        root = _Node()
    done = 0
    if len(legal) > 1:
        # The tree's thousands of nodes live until the search ends: full collections walking them and all
        # else the process holds cost Hard's openings up to a tenth of their budget.
        with collector_paused():
            done = search.run(root, observed)
    edges = dict(root.edges())
    candidates = [(a, c) for a in legal if (c := edges.get(a)) is not None and c.visits]
    if candidates:
        action, best = max(candidates, key=lambda item: (item[1].visits, item[1].mean(seat)))
        visits, value = best.visits, best.mean(seat)
    else:
        action = legal[0] if len(legal) == 1 else _fallback(rules, sample, legal, hooks, rng)
        visits, value = 0, 0.5
    if tree is not None:
        tree.root, tree.state, tree.rules_id, tree.seat = root, observed, rules.id, seat
        tree.chosen = action
        tree.reused_visits = reused
    why = hooks.why(sample, action) if hooks.why is not None else None
    counts = tuple((a, c.visits, c.mean(seat)) for a, c in candidates)
    return SearchResult(action, why, done, visits, value, budget.elapsed_s(), counts)


@dataclass(frozen=True, slots=True)
class PositionEstimate:
    """What the search makes of a position (`estimate_position`)."""

    values: tuple[float, ...]
    """Each seat's expected result in [0, 1] on the search's scale (`SearchHooks.results`, a win by
    default): after the preferred move where a seat decides, over the outcomes at a chance event, the
    result itself once the game is over."""
    action: Any
    """The move the search prefers where a seat decides (the most visited), else None."""
    simulations: int


def estimate_position(
    rules: AnyRules,
    state: Any,
    rng: Rng,
    hooks: SearchHooks = SearchHooks(),
    *,
    simulations: int,
    cancel: threading.Event | None = None,
) -> PositionEstimate | None:
    """Every seat's expected result from `state` after exactly `simulations` simulations of the search
    with `hooks` (reproducible: the same `rng` state gives the same answer), or None when `cancel` stopped
    it first. Unlike `search_with_why` it also judges a chance event (the outcomes drawn as in any other
    simulation) and a position with a single move. Where a seat decides, the values are those of the move
    it prefers, as a player's chances are those of the move they would make (the root's own mean counts
    every move tried). With hidden information it searches what the seat to act (seat 0 at a chance event)
    may see."""
    who = rules.to_act(state)
    results = hooks.results or outcome_values
    if isinstance(who, Finished):
        return PositionEstimate(tuple(results(who.outcome)), None, 0)
    seat = who.seats[0] if isinstance(who, Players) else 0
    budget = Budget(seconds=None, simulations=simulations, cancel=cancel)
    search = _Search(rules, seat, rng, hooks, budget)
    root = _Node()
    with collector_paused():  # as in `search_with_why`: the collector need not walk the growing tree
        done = search.run(root, rules.observe(state, seat))
    if budget.cancelled or root.totals is None or not root.visits:
        return None
    best: _Node = root
    action: Any = None
    if isinstance(who, Players) and root.actions is not None:
        visited = [(kid.visits, -i) for i, kid in enumerate(root.kids) if kid is not None and kid.visits]
        if visited:
            i = -max(visited)[1]
            kid = root.kids[i]
            assert kid is not None
            best, action = kid, root.actions[i]
    totals = best.totals
    assert totals is not None
    values = tuple(min(1.0, max(0.0, total / best.visits)) for total in totals)
    return PositionEstimate(values, action, done)


def search_action(
    rules: AnyRules,
    state: Any,
    seat: int,
    rng: Rng,
    hooks: SearchHooks = SearchHooks(),
    *,
    budget_s: float = 0.25,
    simulations: int | None = None,
    cancel: threading.Event | None = None,
    tree: SearchTree | None = None,
    time_cap_s: float | None = None,
) -> Any:
    """The action `seat` should play in `state` (which it must be to decide), searched with `hooks` for
    `budget_s` seconds or exactly `simulations` simulations; see `search_with_why`."""
    return search_with_why(
        rules,
        state,
        seat,
        rng,
        hooks,
        budget_s=budget_s,
        simulations=simulations,
        cancel=cancel,
        tree=tree,
        time_cap_s=time_cap_s,
    ).action
