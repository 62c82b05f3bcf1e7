"""How a game went (issue 43): every seat's chance of winning after every move, and its turning points.

`review_replay` judges every position of a replay (the set-up, then after each step) with the shared search
(`search.estimate_position`) and the game's own search hooks with Hard's evaluation: those its Hint uses
(`hint.hooks_for`), unless the game registers others for its review (`register_review_hooks`: De Regenboog's
Hint scores rainbows delivered, its Hard the team's progress), for a fixed number of simulations a position
(the game's `GameEntry.review_simulations`, or what the caller asks): the same seed gives the same review.
A chance event is judged over its outcomes, a decision after the move the search prefers, a finished game
by its result. Each position's search has its own generator (forked from the seed by position), so a
review stopped and asked again gives the same numbers. It runs anywhere, a worker thread included
(`review_worker.py`), reports its progress and stops at once when cancelled.

The chances are per seat and per side: the seats of a team (Rainbow Passage's team play) share their
side's chance, and a cooperative game's seats all hold the team's (De Regenboog). A game's evaluation need
not speak in shares of one win (a logistic per seat, a margin added to the result): where the sides' values
add up to more than 1 they are scaled to add up to 1, so the chances of a competitive game never do. De
Regenboog's Hard scores the team's progress (rainbows delivered, sets and useful cubes held, fuel to get
home), 1 for a won game and 0 for a lost one: its "chance" is that progress as the search sees it, not a
fitted frequency of wins as Rainbows' and Rainbow Passage's evaluations are.

`turning_points` picks the steps where a side's chance moved most: a seat's own decision by its own side's
change, a chance event by the side it moved most; for a decision that cost its seat, the move the search
preferred there. `turning_point_words` words one for the table, seats as references. Holds no drawing and
no files (the cache beside a save is `storage/review_cache.py`).
"""

from __future__ import annotations

import string
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rainbowtable.ai.hint import hooks_for
from rainbowtable.ai.search import SearchHooks, estimate_position
from rainbowtable.core.game import AnyRules, Finished, Outcome, Players, SeatRef, Words
from rainbowtable.core.i18n import _
from rainbowtable.core.replay import Replay
from rainbowtable.core.rng import Rng
from rainbowtable.games.entry import DEFAULT_REVIEW_SIMULATIONS

REVIEW_SEED = 43
"""The review's own seed (never the match's): any fixed number makes a review reproducible."""
TURNING_POINTS = 5
"""How many turning points `turning_points` lists at most."""
MIN_SWING = 0.05
"""A change of a side's chance smaller than this is no turning point (the search's own noise is about 1-3
points at the default depths)."""
SIDES_PLAYOUT_LIMIT = 5000
"""Actions a random playout may take to find out who plays with whom in an unfinished game."""

Progress = Callable[[int, int], None]
"""(positions judged, positions in all): called after each position."""

_REVIEW_HOOKS: dict[str, SearchHooks] = {}
_lock = threading.Lock()


def register_review_hooks(game_id: str, hooks: SearchHooks) -> None:
    """Make `hooks` the ones the game's review searches with, where they differ from its Hint's (called
    from the game's `ai.py`)."""
    with _lock:
        _REVIEW_HOOKS[game_id] = hooks


def review_hooks(rules: AnyRules, rng: Rng) -> SearchHooks:
    """The hooks a position of `rules`' game is reviewed with, for a search with `rng`."""
    hint_hooks = hooks_for(rules, rng)  # loads the game's computer player, which registers both
    with _lock:
        return _REVIEW_HOOKS.get(rules.id, hint_hooks)


@dataclass(frozen=True, slots=True)
class Review:
    """Every position's chances (position 0 is the set-up; position k + 1 follows step k)."""

    simulations: int
    seed: int
    sides: tuple[tuple[int, ...], ...]
    """The seats that win or lose together, each seat in one side: one side per seat in a game without
    teams, every seat in one side in a cooperative game."""
    cooperative: bool
    chances: tuple[tuple[float, ...], ...]
    """Per position, each seat's chance of winning in [0, 1] (a team's seats share their side's)."""
    preferred: tuple[Any, ...]
    """Per position, the move the search prefers where a seat decides; None at a chance event or the end."""

    def side_of(self, seat: int) -> tuple[int, ...]:
        return next(side for side in self.sides if seat in side)

    def side_chances(self, position: int) -> tuple[float, ...]:
        """Each side's chance after `position` steps, in `sides`' order."""
        row = self.chances[position]
        return tuple(row[side[0]] for side in self.sides)


def review_simulations(rules: AnyRules) -> int:
    """The default depth of a game's review: its entry's `review_simulations` where it has one."""
    from rainbowtable.games import entry_by_id

    try:
        return entry_by_id(rules.id).review_simulations
    except KeyError:  # a game the registry does not list (the tests' throwaway games)
        return DEFAULT_REVIEW_SIMULATIONS


def sides_of(replay: Replay, rng: Rng | None = None) -> tuple[tuple[tuple[int, ...], ...], bool]:
    """(the sides, whether the game is cooperative), from the game's result when it is over; otherwise from
    the result of a random playout from its last position (with `rng`, never the match's), since a game
    says who plays with whom only in its `Outcome`. Without a result, every seat is a side of its own."""
    outcome = replay.outcome
    if outcome is None:
        outcome = _played_out(replay.rules, replay.final_state, rng or Rng.from_seed(REVIEW_SEED))
    seats = len(replay.seats)
    if outcome is None:
        return tuple((seat,) for seat in range(seats)), False
    if outcome.cooperative:
        return (tuple(range(seats)),), True
    sides: list[tuple[int, ...]] = []
    for seat in range(seats):
        side = tuple(sorted(outcome.team_of(seat)))
        if side not in sides:
            sides.append(side)
    return tuple(sides), False


def _played_out(rules: AnyRules, state: Any, rng: Rng) -> Outcome | None:
    for _step in range(SIDES_PLAYOUT_LIMIT):
        who = rules.to_act(state)
        if isinstance(who, Finished):
            return who.outcome
        if isinstance(who, Players):
            legal = rules.legal_actions(state)
            action = legal[rng.below(len(legal))]
        else:
            action = rules.sample_chance(state, rng)
        state = rules.apply(state, action)
    return None


def chances_from(
    values: Sequence[float], sides: Sequence[Sequence[int]], cooperative: bool
) -> tuple[float, ...]:
    """Each seat's chance from the search's values: a side's is the mean of its seats' values (they are
    equal when the game scores the side as one), clamped to [0, 1]; the sides of a competitive game are
    scaled down to add up to 1 where they add up to more."""
    per_side = [min(1.0, max(0.0, sum(values[s] for s in side) / len(side))) for side in sides]
    total = sum(per_side)
    if not cooperative and total > 1.0:
        per_side = [v / total for v in per_side]
    out = [0.0] * sum(len(side) for side in sides)
    for side, chance in zip(sides, per_side, strict=True):
        for seat in side:
            out[seat] = chance
    return tuple(out)


def review_replay(
    replay: Replay,
    *,
    simulations: int | None = None,
    seed: int = REVIEW_SEED,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
) -> Review | None:
    """The review of every position of `replay`, or None when `cancel` was set before it was done. Folds
    the log itself (it never moves the replay's own place, so a table may scrub it meanwhile)."""
    rules = replay.rules
    depth = simulations if simulations is not None else review_simulations(rules)
    if depth < 1:
        raise ValueError("a review needs at least one simulation a position")
    base = Rng.from_seed(seed)
    sides, cooperative = sides_of(replay, base.fork("sides"))
    chances: list[tuple[float, ...]] = []
    preferred: list[Any] = []
    total = replay.length + 1
    for position, state in enumerate(replay.states()):
        if cancel is not None and cancel.is_set():
            return None
        rng = base.fork(f"position {position}")
        estimate = estimate_position(
            rules, state, rng, review_hooks(rules, rng), simulations=depth, cancel=cancel
        )
        if estimate is None:
            return None
        chances.append(chances_from(estimate.values, sides, cooperative))
        preferred.append(estimate.action)
        if progress is not None:
            progress(position + 1, total)
    return Review(depth, seed, sides, cooperative, tuple(chances), tuple(preferred))


# --- turning points -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TurningPoint:
    """A step that moved a side's chance: step `step` (the table's move `step + 1`) took `side` (with
    `seat` to name it by) from `before` to `after`."""

    step: int
    seat: int
    side: tuple[int, ...]
    before: float
    after: float
    words: Words | str
    """The step's log line."""
    preferred: Words | str | None
    """The move the search preferred in the position before, as a log line, where the step was `seat`'s
    own decision, it cost `seat`'s side, and the search would have played something else; else None."""
    preferred_action: Any = None

    @property
    def swing(self) -> float:
        return self.after - self.before


def turning_points(review: Review, replay: Replay, count: int = TURNING_POINTS) -> list[TurningPoint]:
    """The at most `count` steps where a side's chance moved most (at least `MIN_SWING`), in the order they
    were played."""
    if len(review.chances) != replay.length + 1:
        raise ValueError("the review is not of this replay")
    found: list[tuple[float, int, int]] = []  # (size of the swing, step, seat)
    for step, logged in enumerate(replay.steps):
        before, after = review.chances[step], review.chances[step + 1]
        if logged.actor is not None:
            seat = logged.actor
        else:
            seat = max(range(len(before)), key=lambda s: (abs(after[s] - before[s]), -s))
        swing = abs(after[seat] - before[seat])
        if swing >= MIN_SWING:
            found.append((swing, step, seat))
    found.sort(key=lambda item: (-item[0], item[1]))
    points: list[TurningPoint] = []
    for _swing, step, seat in sorted(found[:count], key=lambda item: item[1]):
        logged = replay.steps[step]
        was, now = review.chances[step][seat], review.chances[step + 1][seat]
        preferred_action = review.preferred[step] if logged.actor == seat and now < was else None
        preferred: Words | str | None = None
        if preferred_action is not None:
            preferred = replay.rules.describe(replay.state_at(step), preferred_action)
            if preferred == logged.words:  # the same move (twin dice, say)
                preferred, preferred_action = None, None
        points.append(
            TurningPoint(
                step, seat, review.side_of(seat), was, now, logged.words, preferred, preferred_action
            )
        )
    return points


def percent(chance: float) -> str:
    return _("{percent}%").format(percent=round(chance * 100))


def turning_point_words(point: TurningPoint, cooperative: bool = False) -> Words:
    """The point in words, seats as references: "Move 23: Ada places red 4 at row 2, column 3. Ada's
    chance of winning fell from 54% to 31%. The search preferred: Ada places red 4 at row 4, column 2."."""
    fell = point.after < point.before
    if cooperative:
        # A cooperative game's "chance" is the team's progress as the search estimates it (see above), so
        # its words say so, as the graph's title does.
        template = (
            _("Move {move}: {line} The team's estimated progress fell from {before} to {after}.")
            if fell
            else _("Move {move}: {line} The team's estimated progress rose from {before} to {after}.")
        )
    else:
        template = (
            _("Move {move}: {line} {name}'s chance of winning fell from {before} to {after}.")
            if fell
            else _("Move {move}: {line} {name}'s chance of winning rose from {before} to {after}.")
        )
    words = compose(
        template,
        move=str(point.step + 1),
        line=point.words,
        name=_side_words(point.side, point.seat),
        before=percent(point.before),
        after=percent(point.after),
    )
    if point.preferred is not None:
        words += compose(_(" The search preferred: {line}"), line=point.preferred)
    return words


def _side_words(side: tuple[int, ...], seat: int) -> Words:
    """The seat, or the team as "Ada and Bo" (the seat first)."""
    others = [s for s in side if s != seat]
    if not others:
        return (SeatRef(seat),)
    return compose(_("{first} and {second}"), first=(SeatRef(seat),), second=(SeatRef(others[0]),))


def compose(template: str, **fields: str | Words) -> Words:
    """`template` (already translated) with its `{fields}` filled in: text as text, words (a log line with
    seat references) spliced in part by part, so the table can still name and colour the seats."""
    parts: list[str | SeatRef] = []
    for literal, name, _spec, _conversion in string.Formatter().parse(template):
        if literal:
            parts.append(literal)
        if name is None:
            continue
        value = fields[name]
        if isinstance(value, str):
            parts.append(value)
        else:
            parts.extend(value)
    return tuple(parts)
