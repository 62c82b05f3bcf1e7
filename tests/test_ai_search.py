"""The generic search (rainbowtable/ai/search.py, issue 10) on tiny games made for the purpose: it finds a
forced win, weighs chance, plays hidden-information games from what its seat sees only (the same choice
whatever the true hidden card), scores teams and cooperative results, is reproducible for a seed and a
simulation count, stops when cancelled and keeps its deadline, and reuses the subtree after the moves played.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, TypeVar

import pytest

from rainbowtable.ai import search
from rainbowtable.ai.budget import cancelling, set_clock
from rainbowtable.ai.search import (
    SearchHooks,
    SearchTree,
    outcome_values,
    search_action,
    search_with_why,
    standings,
)
from rainbowtable.core.game import Chance, Finished, Outcome, Players, RulesBase, ToAct, Words
from rainbowtable.core.rng import Rng

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")


class _ToyRules(RulesBase[StateT, ActionT, None]):
    """What the small games below share: no options, one rules version."""

    rules_version = 1
    options_type: type[None] = type(None)

    def default_options(self) -> None:
        return None


# --- a take-away game: take 1-3 from a pile, who takes the last one wins --------------------------


@dataclass(frozen=True, slots=True)
class Pile:
    left: int
    current: int
    seats: int = 2


class TakeAway(_ToyRules[Pile, int]):
    id = "take_away"
    title = "Take away"
    seat_counts = range(2, 4)
    state_type = Pile
    action_types: tuple[type[Any], ...] = (int,)

    def new_game(self, options: None, seat_count: int) -> Pile:
        return Pile(9, 0, seat_count)

    def to_act(self, state: Pile) -> ToAct:
        if state.left == 0:
            winner = (state.current - 1) % state.seats
            scores = tuple(int(s == winner) for s in range(state.seats))
            return Finished(Outcome(scores, frozenset({winner}), "over"))
        return Players((state.current,))

    def legal_actions(self, state: Pile) -> list[int]:
        return [n for n in (1, 2, 3) if n <= state.left]

    def why_illegal(self, state: Pile, action: int) -> str | None:
        return None if action in self.legal_actions(state) else "no"

    def apply(self, state: Pile, action: int) -> Pile:
        return Pile(state.left - action, (state.current + 1) % state.seats, state.seats)

    def sample_chance(self, state: Pile, rng: Rng) -> int:
        raise ValueError("no chance here")

    def describe(self, state: Pile, action: int) -> Words:
        return ("takes",)

    def scores(self, state: Pile) -> tuple[int, ...]:
        return (0,) * state.seats


TAKE_AWAY = TakeAway()


# --- a hidden-card game: each seat holds a card; seat 0 shows down (higher card wins) or passes (a coin
# decides, but the coin favours the opponent 70:30). Seat 0 cannot see seat 1's card.


@dataclass(frozen=True, slots=True)
class Cards:
    hands: tuple[int, int]  # 0 = not dealt (or hidden from the observer)
    choice: str = ""
    coin: int = -1


class HiddenCard(_ToyRules[Cards, object]):
    id = "hidden_card"
    title = "Hidden card"
    seat_counts = range(2, 3)
    state_type = Cards
    action_types: tuple[type[Any], ...] = (str, tuple, int)
    hides_information = True

    def new_game(self, options: None, seat_count: int) -> Cards:
        return Cards((0, 0))

    def to_act(self, state: Cards) -> ToAct:
        if state.hands[0] == 0:
            return Chance("deal", "Dealing")
        if not state.choice:
            return Players((0,))
        if state.choice == "pass" and state.coin < 0:
            return Chance("coin", "Flipping")
        show = 0 if state.hands[0] > state.hands[1] else 1
        winner = show if state.choice == "show" else state.coin
        return Finished(Outcome((int(winner == 0), int(winner == 1)), frozenset({winner}), "over"))

    def legal_actions(self, state: Cards) -> list[object]:
        return ["show", "pass"] if isinstance(self.to_act(state), Players) else []

    def why_illegal(self, state: Cards, action: object) -> str | None:
        return None if action in self.legal_actions(state) else "no"

    def apply(self, state: Cards, action: object) -> Cards:
        if isinstance(action, tuple):
            return Cards((action[0], action[1]))
        if isinstance(action, int):
            return replace(state, coin=action)
        assert state.hands[1] != 0, "the search played on an unsampled hidden card"
        return replace(state, choice=str(action))

    def sample_chance(self, state: Cards, rng: Rng) -> object:
        if state.hands[0] == 0:
            a = rng.roll(9)
            b = rng.choice([v for v in range(1, 10) if v != a])
            return (a, b)
        return 0 if rng.random() < 0.3 else 1

    def chance_outcomes(self, state: Cards) -> Sequence[tuple[object, Fraction]] | None:
        if state.choice == "pass" and state.coin < 0:
            return [(0, Fraction(3, 10)), (1, Fraction(7, 10))]
        return None

    def observe(self, state: Cards, seat: int | None) -> Cards:
        if seat == 1:
            return replace(state, hands=(0, state.hands[1]))
        return replace(state, hands=(state.hands[0], 0))

    def determinise(self, observed: Cards, seat: int, rng: Rng) -> Cards:
        mine = observed.hands[0]
        return replace(observed, hands=(mine, rng.choice([v for v in range(1, 10) if v != mine])))

    def describe(self, state: Cards, action: object) -> Words:
        return ("acts",)

    def scores(self, state: Cards) -> tuple[int, ...]:
        return (0, 0)


HIDDEN_CARD = HiddenCard()


# --- a gamble at a table of three: seat 0 takes a sure second place, or a 40% chance of winning that
# otherwise leaves it last.


@dataclass(frozen=True, slots=True)
class Gamble:
    choice: str = ""
    coin: int = -1


GAMBLE_FINISH = {
    ("safe", -1): ((2, 3, 1), 1),
    ("gamble", 1): ((5, 3, 1), 0),
    ("gamble", 0): ((0, 3, 1), 1),
}


class ThreeSeatGamble(_ToyRules[Gamble, object]):
    id = "gamble"
    title = "Gamble"
    seat_counts = range(3, 4)
    state_type = Gamble
    action_types: tuple[type[Any], ...] = (str, int)

    def new_game(self, options: None, seat_count: int) -> Gamble:
        return Gamble()

    def to_act(self, state: Gamble) -> ToAct:
        if not state.choice:
            return Players((0,))
        if state.choice == "gamble" and state.coin < 0:
            return Chance("coin", "Flipping")
        scores, winner = GAMBLE_FINISH[(state.choice, state.coin)]
        return Finished(Outcome(scores, frozenset({winner}), "over"))

    def legal_actions(self, state: Gamble) -> list[object]:
        return ["safe", "gamble"]

    def why_illegal(self, state: Gamble, action: object) -> str | None:
        return None

    def apply(self, state: Gamble, action: object) -> Gamble:
        if isinstance(action, str):
            return Gamble(action)
        assert isinstance(action, int)
        return Gamble(state.choice, action)

    def sample_chance(self, state: Gamble, rng: Rng) -> int:
        return int(rng.random() < 0.4)

    def describe(self, state: Gamble, action: object) -> Words:
        return ("plays",)

    def scores(self, state: Gamble) -> tuple[int, ...]:
        return (0, 0, 0)


GAMBLE = ThreeSeatGamble()


def test_finds_the_forced_win() -> None:
    """Issue 10 (engine): from 9, taking 1 leaves a multiple of 4, the only winning move; from 6, take 2."""
    for left, best in ((9, 1), (6, 2), (7, 3)):
        action = search_action(TAKE_AWAY, Pile(left, 0), 0, Rng.from_seed(left), simulations=3000)
        assert action == best


def test_a_search_pauses_the_collector_and_leaves_what_the_table_froze() -> None:
    """The search keeps the garbage collector off while it runs (its tree would otherwise be walked by every
    full collection) and hands it back as it found it, whether it finished, was cancelled, or its
    evaluation raised; what the table froze at start-up stays frozen (issue 40: the search used to
    unfreeze the whole heap, handing the start-up objects back to every full collection)."""
    import gc

    def broken(state: Any) -> Sequence[float]:
        raise RuntimeError("evaluation failed")

    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        for on in (True, False):
            (gc.enable if on else gc.disable)()
            search_action(TAKE_AWAY, Pile(9, 0), 0, Rng.from_seed(1), simulations=200)
            assert gc.isenabled() is on and gc.get_freeze_count() >= frozen
            stop = threading.Event()
            stop.set()
            search_action(TAKE_AWAY, Pile(9, 0), 0, Rng.from_seed(1), budget_s=5.0, cancel=stop)
            assert gc.isenabled() is on
            with pytest.raises(RuntimeError):
                search_action(
                    TAKE_AWAY,
                    Pile(9, 0),
                    0,
                    Rng.from_seed(1),
                    SearchHooks(evaluate=broken, cutoff=0),
                    simulations=50,
                )
            assert gc.isenabled() is on and gc.get_freeze_count() >= frozen
    finally:
        gc.enable()
        gc.unfreeze()


def test_three_seats_each_maximise_their_own_result() -> None:
    """Issue 10 (multi-player): with 3 seats and 3 left, seat 0 takes all three and wins."""
    action = search_action(TAKE_AWAY, Pile(3, 0, 3), 0, Rng.from_seed(3), simulations=300)
    assert action == 3


def test_reproducible_for_a_seed_and_a_simulation_count() -> None:
    """Issue 10 (tests): the same seed and simulation count give the same move and the same statistics."""
    runs = [search_with_why(TAKE_AWAY, Pile(13, 0), 0, Rng.from_seed(5), simulations=400) for _ in range(3)]
    assert len({(r.action, r.visits, r.value) for r in runs}) == 1
    assert all(r.simulations == 400 for r in runs)


def test_hidden_card_is_never_read_the_choice_depends_on_what_the_seat_sees() -> None:
    """Issue 10 (hidden information): seat 0's choice is the same whatever seat 1's true card is, and it is
    the right one for its own card (show a 9 or an 8; pass a 1, where the coin is the better chance)."""
    for mine, expected in ((9, "show"), (8, "show"), (1, "pass")):
        picks = set()
        for theirs in range(1, 10):
            if theirs == mine:
                continue
            state = Cards((mine, theirs))
            picks.add(search_action(HIDDEN_CARD, state, 0, Rng.from_seed(11), simulations=600))
        assert picks == {expected}, (mine, picks)


def test_hidden_card_sees_only_the_observed_state() -> None:
    """Issue 10 (hidden information): the search asks `observe` for its seat and plays from samples: a
    state whose hidden card is masked plays exactly as the true state does."""
    true_state = Cards((7, 3))
    masked = HIDDEN_CARD.observe(true_state, 0)
    a = search_with_why(HIDDEN_CARD, true_state, 0, Rng.from_seed(2), simulations=200)
    b = search_with_why(HIDDEN_CARD, masked, 0, Rng.from_seed(2), simulations=200)
    assert (a.action, a.visits, a.value) == (b.action, b.visits, b.value)


def test_outcome_values_split_shared_wins_teams_and_cooperation() -> None:
    """Issue 10 (results): win 1, loss 0, a shared win split between sides, a team is one side, and a
    cooperative game gives everyone the table's result."""
    assert outcome_values(Outcome((3, 1), frozenset({0}), "")) == [1.0, 0.0]
    assert outcome_values(Outcome((3, 3, 1), frozenset({0, 1}), "")) == [0.5, 0.5, 0.0]
    teams = (frozenset({0, 2}), frozenset({1, 3}))
    assert outcome_values(Outcome((5, 2, 5, 2), frozenset({0, 2}), "", teams=teams)) == [1.0, 0.0, 1.0, 0.0]
    tied = Outcome((5, 5, 5, 5), frozenset({0, 1, 2, 3}), "", teams=teams)
    assert outcome_values(tied) == [0.5] * 4
    assert outcome_values(Outcome((1, 1, 1), frozenset({0, 1, 2}), "", cooperative=True)) == [1.0] * 3
    assert outcome_values(Outcome((0, 0, 0), frozenset(), "", cooperative=True)) == [0.0] * 3


def test_standings_read_a_three_seat_game_head_to_head() -> None:
    """Issue 10 (multi-player results, the ladder with three or more seats): the share of rivals each seat
    finished ahead of; a winner is ahead of everyone else, then scores decide, ties count half; team-mates
    are not rivals; two sides read as `outcome_values`, and so does a cooperative game."""
    assert standings(Outcome((7, 9, 7), frozenset({1}), "")) == [0.25, 1.0, 0.25]
    assert standings(Outcome((9, 7, 3), frozenset({0}), "")) == [1.0, 0.5, 0.0]
    teams = Outcome((3, 3, 5, 5), frozenset({2, 3}), "", teams=(frozenset({0, 1}), frozenset({2, 3})))
    assert standings(teams) == [0.0, 0.0, 1.0, 1.0]
    two = Outcome((3, 1), frozenset({0}), "")
    assert standings(two) == outcome_values(two)
    table = Outcome((4, 4, 4), frozenset({0, 1, 2}), "", cooperative=True)
    assert standings(table) == outcome_values(table) == [1.0] * 3


def test_the_results_hook_decides_what_a_finish_is_worth() -> None:
    """Issue 10 (multi-player results, `SearchHooks.results`): playing to win, seat 0 takes a 40% chance
    of winning over a sure second place; reading results as standings (second place beats last), the
    sure second place, worth 0.5 against the gamble's 0.4."""
    to_win = search_action(GAMBLE, Gamble(), 0, Rng.from_seed(1), simulations=400)
    to_place = search_action(
        GAMBLE, Gamble(), 0, Rng.from_seed(1), SearchHooks(results=standings), simulations=400
    )
    assert (to_win, to_place) == ("gamble", "safe")


def test_cancel_stops_at_once_with_a_legal_move() -> None:
    """Issue 10 (cancel): a set flag, given directly or by the worker thread's `cancelling`, ends the search
    before it simulates anything; the answer is still legal."""
    event = threading.Event()
    event.set()
    result = search_with_why(TAKE_AWAY, Pile(40, 0), 0, Rng.from_seed(1), budget_s=30.0, cancel=event)
    assert result.simulations == 0 and result.action in (1, 2, 3)
    with cancelling(event):
        result = search_with_why(TAKE_AWAY, Pile(40, 0), 0, Rng.from_seed(1), budget_s=30.0)
    assert result.simulations == 0


def test_cancel_from_another_thread_ends_a_long_search() -> None:
    """Issue 10 (cancel): setting the flag while a 60-second search runs returns it promptly (a generous
    bound, not a timing figure)."""
    event = threading.Event()
    out: list[object] = []
    thread = threading.Thread(
        target=lambda: out.append(
            search_action(TAKE_AWAY, Pile(400, 0), 0, Rng.from_seed(1), budget_s=60.0, cancel=event)
        )
    )
    thread.start()
    time.sleep(0.05)
    event.set()
    thread.join(10.0)
    assert not thread.is_alive() and out and out[0] in (1, 2, 3)


def test_returns_by_its_deadline() -> None:
    """Issue 10 (deadline): a 0.05 s search returns well within a generous bound and did some work."""
    started = time.perf_counter()
    result = search_with_why(TAKE_AWAY, Pile(400, 0), 0, Rng.from_seed(1), budget_s=0.05)
    assert time.perf_counter() - started < 2.0
    assert result.simulations > 0


def _timed_on_a_ticking_clock(budget_s: float) -> Any:
    """A timed search of the take-away game from 9 on a clock that moves 1 ms each time it is read, so
    that how far a timed search gets does not hang on the machine."""
    ticks = itertools.count()
    previous = set_clock(lambda: next(ticks) * 0.001)
    try:
        return search_with_why(TAKE_AWAY, Pile(9, 0), 0, Rng.from_seed(9), budget_s=budget_s)
    finally:
        set_clock(previous)


def test_a_timed_search_stops_once_its_answer_cannot_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 10 (deadline): once the most visited move leads by more than the simulations the time left
    allows, a timed search stops there with that move; looking less often, it searches the whole budget
    and answers the same."""
    settled = _timed_on_a_ticking_clock(2.0)
    monkeypatch.setattr(search, "SETTLED_EVERY", 10**9)
    whole = _timed_on_a_ticking_clock(2.0)
    assert settled.action == whole.action == 1
    assert 0 < settled.simulations < whole.simulations
    assert settled.elapsed_s < whole.elapsed_s


def test_a_fixed_count_is_never_cut_short() -> None:
    """Issue 10 (reproducible): a fixed simulation count runs to the last one however settled the answer."""
    result = search_with_why(TAKE_AWAY, Pile(9, 0), 0, Rng.from_seed(9), simulations=5000)
    assert result.action == 1 and result.simulations == 5000


def test_time_cap_stops_a_fixed_count() -> None:
    """Issue 10 (deadline): `time_cap_s` bounds a fixed simulation count."""
    result = search_with_why(TAKE_AWAY, Pile(400, 0), 0, Rng.from_seed(1), simulations=10**9, time_cap_s=0.05)
    assert 0 < result.simulations < 10**9


def test_hooks_are_used_prior_rollout_evaluate_and_why() -> None:
    """Issue 10 (hooks): a prior that points at the winning move, a rollout policy, an evaluation and why
    words all reach the search; with the evaluation cutting rollouts at once the search still finds it."""
    seen = {"rollout": 0, "evaluate": 0}

    def rollout(state: Pile, seat: int, rng: Rng) -> int:
        seen["rollout"] += 1
        return min(state.left, state.left % 4 or 1)

    def evaluate(state: Pile) -> Sequence[float]:
        seen["evaluate"] += 1
        mover_loses = state.left % 4 == 0
        return [float(mover_loses) if s != state.current else float(not mover_loses) for s in range(2)]

    hooks = SearchHooks(
        rollout=rollout,
        evaluate=evaluate,
        prior=lambda state, actions: [1.0 if (state.left - a) % 4 == 0 else 0.1 for a in actions],
        why=lambda state, action: f"leaves {state.left - action}",
        cutoff=2,
    )
    result = search_with_why(TAKE_AWAY, Pile(10, 0), 0, Rng.from_seed(4), hooks, simulations=200)
    assert result.action == 2 and result.why == "leaves 8"
    assert seen["rollout"] > 0 and seen["evaluate"] > 0


def test_chance_outcomes_listed_are_followed() -> None:
    """Issue 10 (chance): after a pass the listed coin (30:70 against) decides; the search values passing
    with a 5 near 0.3 rather than at an even chance."""
    state = Cards((5, 4), choice="")
    result = search_with_why(HIDDEN_CARD, state, 0, Rng.from_seed(8), simulations=2000)
    assert result.action == "show"


def test_subtree_is_reused_after_the_moves_played() -> None:
    """Issue 10 (reuse): after seat 0 takes and seat 1 replies, the next search starts from the old tree."""
    tree = SearchTree()
    first = search_action(TAKE_AWAY, Pile(21, 0), 0, Rng.from_seed(1), simulations=800, tree=tree)
    after = TAKE_AWAY.apply(TAKE_AWAY.apply(Pile(21, 0), first), 1)
    search_action(TAKE_AWAY, after, 0, Rng.from_seed(2), simulations=50, tree=tree)
    assert tree.reused_visits > 0


def test_refuses_a_position_where_the_seat_does_not_decide() -> None:
    with pytest.raises(ValueError):
        search_action(TAKE_AWAY, Pile(5, 1), 0, Rng.from_seed(1), simulations=10)


def test_moves_hook_limits_what_the_tree_tells_apart() -> None:
    """Issue 10 (hooks): with a `moves` hook the search chooses only among the moves it names."""
    hooks = SearchHooks(moves=lambda state: [a for a in TAKE_AWAY.legal_actions(state) if a != 1])
    result = search_with_why(TAKE_AWAY, Pile(9, 0), 0, Rng.from_seed(3), hooks, simulations=300)
    assert result.action in (2, 3)


def _take_keys(state: Pile, actions: Sequence[int]) -> list[int]:
    return list(actions)  # "take n" is the same move whatever the pile


def test_rave_counts_the_moves_made_later_and_still_finds_the_forced_win() -> None:
    """Issue 10 (engine, RAVE): with `rave` and `keys` each simulation also credits the moves its seat made
    later (the plain rollout lists them by `keys`); the root's all-moves-as-first counts fill up and the
    forced wins are still found."""
    hooks = SearchHooks(keys=_take_keys, rave=300.0, exploration=0.4)
    for left, best in ((9, 1), (6, 2), (7, 3)):
        tree = SearchTree()
        result = search_with_why(
            TAKE_AWAY, Pile(left, 0), 0, Rng.from_seed(left), hooks, simulations=3000, tree=tree
        )
        assert result.action == best
        assert tree.root is not None
        # Each key at most once per simulation at the root, and every move was made later in some.
        assert 0 < max(tree.root.amaf_n) <= 3000 and all(tree.root.amaf_n)


def test_rave_takes_an_evaluations_playout_moves() -> None:
    """Issue 10 (hooks, RAVE): with `evaluate_played` (cutoff 0) the moves the evaluation's own playout made
    are credited as well; the search is reproducible for a seed and count as without RAVE."""
    calls = [0]

    def evaluate_played(state: Pile) -> tuple[list[float], list[tuple[int, Any]]]:
        calls[0] += 1
        mover_loses = state.left % 4 == 0
        values = [float(mover_loses) if s != state.current else float(not mover_loses) for s in range(2)]
        return values, [(state.current, min(3, state.left))]

    hooks = SearchHooks(
        evaluate=lambda state: evaluate_played(state)[0],
        evaluate_played=evaluate_played,
        keys=_take_keys,
        rave=300.0,
        cutoff=0,
    )
    runs = []
    for _ in range(2):
        tree = SearchTree()
        result = search_with_why(
            TAKE_AWAY, Pile(10, 0), 0, Rng.from_seed(6), hooks, simulations=500, tree=tree
        )
        assert tree.root is not None
        runs.append((result.action, result.visits, tuple(tree.root.amaf_n)))
    assert runs[0] == runs[1] and runs[0][0] == 2
    assert calls[0] > 0 and sum(runs[0][2]) > 500  # the playout's moves counted beside the tree's own


def test_rave_is_left_out_where_information_is_hidden() -> None:
    """Issue 10 (hidden information): moves differ between samples there, so RAVE is not used; the search
    plays as it does without it."""
    hooks = SearchHooks(keys=lambda state, actions: list(actions), rave=300.0)
    state = Cards((9, 3))
    with_rave = search_with_why(HIDDEN_CARD, state, 0, Rng.from_seed(5), hooks, simulations=300)
    without = search_with_why(HIDDEN_CARD, state, 0, Rng.from_seed(5), SearchHooks(), simulations=300)
    assert (with_rave.action, with_rave.visits) == (without.action, without.visits)
