"""The compiled playout (games/dice_box/fast_playout.pyx) is the Python playout's twin (issue 10): the same
tallies, board, placements and draws from the AI's generator, position by position, and so the same search
decisions. Under CI=true it must have been built (`setup.py`); elsewhere the tests skip without it."""

from __future__ import annotations

import os
import random
from collections.abc import Hashable

import pytest

from rainbowtable.ai.search import search_with_why
from rainbowtable.core.game import Chance, Finished, Players
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.dice_box import ai
from rainbowtable.games.dice_box.model import DiceBoxOptions, DiceBoxState, Phase
from rainbowtable.games.dice_box.rules import RULES

compiled = ai.fast_playout
if compiled is None and os.environ.get("CI") != "true":
    pytest.skip("the compiled playout is not built here (no C compiler)", allow_module_level=True)


def test_the_compiled_playout_is_built_and_used() -> None:
    """CI builds it (the install runs setup.py), and Hard plays out with it wherever it is built."""
    assert compiled is not None
    assert ai.COMPILED_PLAYOUT


def _positions(seat_count: int, seed: int) -> list[DiceBoxState]:
    """Every position of a seeded game between Easy players where someone is to place a die or re-roll:
    Easy plays loosely, so its games reach re-rolls, dead cells and early ends."""
    state: DiceBoxState = RULES.new_game(DiceBoxOptions(), seat_count)
    rng, ai_rng = Rng.from_seed(seed), Rng.from_seed(seed + 1000)
    out: list[DiceBoxState] = []
    while not isinstance(who := RULES.to_act(state), Finished):
        if state.phase is Phase.PLAY:
            out.append(state)
        if isinstance(who, Chance):
            action = RULES.sample_chance(state, rng)
        else:
            assert isinstance(who, Players)
            action = ai.choose_action(state, who.seats[0], Level.EASY, ai_rng)
        state = RULES.apply(state, action)
    return out


@pytest.mark.parametrize("seat_count", [2, 3, 4])
@pytest.mark.parametrize("record", [True, False])
def test_the_compiled_playout_plays_out_exactly_as_the_python_one(seat_count: int, record: bool) -> None:
    """From every position of six seeded games, several playouts each: the same final tallies and board, the
    same placements in the same order (RAVE's keys), and the generator left in the same state."""
    assert compiled is not None
    checked = 0
    for seed in range(6):
        for state in _positions(seat_count, 50 * seat_count + seed):
            deal = ai._deal(state)
            for draw in range(3):
                runs = []
                for fast in (False, True):
                    values, tally = ai._values_and_tally(state)
                    rnd = random.Random(seed * 1000 + draw)
                    played: list[tuple[int, Hashable]] | None = [] if record else None
                    args = (values, state.hands, tally, state.current, rnd, deal.odds, played, deal.classes)
                    if fast:
                        final = compiled.playout(*args, ai.COLOUR_INDEX, ai.MAX_PLAYOUT_TURNS)
                    else:
                        final = ai._playout(*args)
                    runs.append((final, values, played, rnd.getstate()))
                assert runs[0] == runs[1]
                checked += 1
    assert checked > 100


def test_the_search_decides_the_same_with_either_playout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard's search at a fixed count gives the same root counts with the compiled playout as with the
    Python one: a game, a replay or a test goes the same way on a machine without a C compiler."""
    for seed in range(3):
        decisions = [
            state
            for state in _positions(2, 700 + seed)
            if isinstance(RULES.to_act(state), Players) and len(RULES.legal_actions(state)) > 1
        ]
        for state in decisions[::5]:
            results = []
            for fast in (False, True):
                monkeypatch.setattr(ai, "COMPILED_PLAYOUT", fast)
                result = search_with_why(
                    RULES,
                    state,
                    state.current,
                    Rng.from_seed(seed),
                    ai.hard_hooks(Rng.from_seed(seed + 9)),
                    simulations=150,
                )
                results.append((result.action, result.counts))
            assert results[0] == results[1]
            assert sum(visits for _, visits, _ in results[0][1]) == 150
