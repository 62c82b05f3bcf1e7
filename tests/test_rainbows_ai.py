"""The Rainbows computer opponent (rainbows.md §1.13): every level plays legal moves from what it may
observe, Medium's scores follow the spec's terms, deposits keep the last day's spending money, and the hint
hooks are registered. Strength is measured, not asserted (see the report / bench)."""

from __future__ import annotations

from typing import Any

import pytest

from rainbowtable.ai.hint import hooks_for
from rainbowtable.ai.search import SearchResult
from rainbowtable.core.game import Chance, Finished, IllegalAction
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.rainbows import ai
from rainbowtable.games.rainbows.diagram import card, position, space
from rainbowtable.games.rainbows.model import (
    BuyCard,
    Deposit,
    KeepCard,
    Phase,
    RainbowsOptions,
    RainbowsState,
)
from rainbowtable.games.rainbows.rules import RULES


def _play_to_end(options: RainbowsOptions, levels: tuple[Level, ...], seed: int) -> RainbowsState:
    """A seeded game with a quick Hard (20 simulations, no clock), checking every computer take is legal."""
    state = RULES.new_game(options, len(levels))
    rng = Rng.from_seed(seed)
    brains = [Rng.from_seed(seed + 1 + s) for s in range(len(levels))]
    old = ai.HARD_SIMULATIONS, ai.HARD_TIME_CAP_S
    ai.HARD_SIMULATIONS, ai.HARD_TIME_CAP_S = 20, 60.0
    try:
        while not isinstance(who := RULES.to_act(state), Finished):
            if isinstance(who, Chance):
                action = RULES.sample_chance(state, rng)
            else:
                seat = who.seats[0]
                action = ai.choose_action(state, seat, levels[seat], brains[seat])
                assert RULES.why_illegal(state, action) is None
            state = RULES.apply(state, action)
    finally:
        ai.HARD_SIMULATIONS, ai.HARD_TIME_CAP_S = old
    return state


def test_every_level_plays_a_whole_game_legally() -> None:
    """rainbows.md §1.13 levels: Easy, Medium and a quick Hard finish a 2-day game with the bank option."""
    state = _play_to_end(RainbowsOptions(bank_gold=True, days=2), (Level.EASY, Level.MEDIUM, Level.HARD), 5)
    assert len(state.results) == 2


def test_medium_links_rather_than_strands() -> None:
    """rainbows.md §1.13 Δboard: with a marker on R2, Medium buys O2 or O3 (a link, +30) over a far space."""
    state = position(
        3,
        markers={0: "R2"},
        gold=[15, 15, 15],
        kept={0: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]},
        offer="O5 B9 B8 B7",
    )
    action = ai.choose_action(state, 0, Level.MEDIUM, Rng.from_seed(1))
    assert isinstance(action, BuyCard) and action.space in (space("O1"), space("O2"), space("O3"))


def test_medium_prefers_a_money_run() -> None:
    """rainbows.md §1.13 Δmoney: kept {4, 5}: keeping the 6 completes a money rainbow."""
    state = position(3, kept={0: [4, 5]}, gold=[0, 15, 15], offer="G6 R1 O1 Y1")
    action = ai.choose_action(state, 0, Level.MEDIUM, Rng.from_seed(1))
    assert action == KeepCard(card("G6"))


def test_deposit_keeps_spending_money() -> None:
    """rainbows.md §1.13 Deposits: keep about 20 for the last day and deposit the rest."""
    state = position(3, options=RainbowsOptions(days=2), gold=[50, 10, 0], offer="")
    from dataclasses import replace

    state = replace(state, phase=Phase.DEPOSIT, deposit_order=(0, 1, 2))
    assert ai.choose_action(state, 0, Level.HARD, Rng.from_seed(1)) == Deposit(30)
    with pytest.raises(IllegalAction):
        ai.choose_action(state, 1, Level.MEDIUM, Rng.from_seed(1))


def test_expected_rounds_left_shrinks() -> None:
    """rainbows.md §1.13 λ: the expected rounds left fall as cards are drawn, and are 0 once the clover is
    out."""
    from dataclasses import replace

    early = replace(position(4, offer=""), drawn=0)
    late = replace(early, drawn=50)
    assert ai.expected_rounds_left(early) > ai.expected_rounds_left(late) > 0
    assert ai.expected_rounds_left(replace(late, clover_drawn=True)) == 0


def test_hint_hooks_registered() -> None:
    """The hint button uses Rainbows' search hooks (prior, rollout, evaluation, why)."""
    hooks = hooks_for(RULES, Rng.from_seed(1))
    assert hooks.prior is not None and hooks.rollout is not None and hooks.why is not None


def test_hard_plays_a_seeded_game_to_the_end() -> None:
    """rainbows.md §1.13 hard, issue 41: a seeded one-day game with Hard first to choose, at a 4-seat table,
    every take legal, to the end."""
    state = _play_to_end(RULES.default_options(), (Level.HARD, Level.MEDIUM, Level.EASY, Level.HARD), 41)
    assert state.phase is Phase.OVER


def test_win_chances_favour_the_leader_and_add_up() -> None:
    """rainbows.md §1.8 Winner, issue 41: Hard's cut-off evaluation is every seat's chance of winning (they
    sum to 1); late in the day a seat with a long rainbow is the favourite; a finished game gives the win
    shares, a tie split [RES-RB11]."""
    from dataclasses import replace

    from rainbowtable.games.rainbows import win_chance

    state = replace(position(3, markers={0: "R1 O1 Y1 G1", 1: "R3", 2: "V4"}, offer="R2 O2 Y2 G2"), drawn=52)
    chances = win_chance.win_chances(state)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] == max(chances) and chances[0] > 0.5
    over = replace(
        state,
        phase=Phase.OVER,
        players=tuple(replace(p, bank=b) for p, b in zip(state.players, (40, 40, 10), strict=True)),
    )
    assert win_chance.win_chances(over) == [0.5, 0.5, 0.0]


def test_hard_thinks_on_two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """rainbows.md §1.13 hard, issue 41: with HARD_SECOND_CORE and no fixed count, Hard's search runs on two
    cores (the second core's visits are added to the thread's own, `ai/second_core.py`) and its take is
    legal. The helper's half runs in this process here (as in the benchmark's workers), on processor time."""
    import time

    from rainbowtable.ai import second_core
    from rainbowtable.ai.budget import set_clock

    if not second_core.ENABLED:
        pytest.skip("one core: the helper is off")
    helpers: list[int] = []
    real_merge = second_core.merge

    def merge(own: SearchResult, theirs: tuple[tuple[object, int, float], ...], legal: Any) -> SearchResult:
        helpers.append(sum(n for _, n, _ in theirs))
        return real_merge(own, theirs, legal)

    monkeypatch.setattr(second_core, "merge", merge)
    monkeypatch.setattr(second_core, "IN_PROCESS", True)
    monkeypatch.setattr(ai, "HARD_SIMULATIONS", None)
    monkeypatch.setattr(ai, "HARD_SECOND_CORE", True)
    monkeypatch.setattr(ai, "HARD_TIME_CAP_S", 0.03)
    state = position(3, markers={0: "R2"}, gold=[15, 15, 15], offer="O5 B9 B8 Y7")
    previous = set_clock(time.thread_time)
    try:
        action = ai.choose_action(state, 0, Level.HARD, Rng.from_seed(3))
    finally:
        set_clock(previous)
    assert RULES.why_illegal(state, action) is None
    assert len(helpers) == 1 and helpers[0] > 0


@pytest.mark.parametrize(("bank_gold", "days"), [(False, 3), (True, 2), (True, 1)])
def test_the_result_cards_columns_add_up_to_each_bank(bank_gold: bool, days: int) -> None:
    """rainbows.md §1.8 (the winner: the highest bank) and §1.9 (deposits; banks start at 50 and lend):
    the result card's columns add up to each seat's total. A three-day game's day scores did not, as the
    deposits were nowhere on the card; now a Deposits column (or Start and Borrowing with the bank
    option) holds the rest."""
    state = _play_to_end(RainbowsOptions(bank_gold=bank_gold, days=days), (Level.MEDIUM,) * 3, 11)
    finished = RULES.to_act(state)
    assert isinstance(finished, Finished)
    outcome = finished.outcome
    labels = [label for label, _values in outcome.columns]
    expected = (["Start"] if bank_gold else []) + [f"Day {day}" for day in range(1, days + 1)]
    assert labels[: len(expected)] == expected
    for seat, total in enumerate(outcome.scores):
        assert sum(values[seat] for _label, values in outcome.columns) == total
    if days > 1:
        assert labels[-1] == ("Deposits, borrowing" if bank_gold else "Deposits"), labels
