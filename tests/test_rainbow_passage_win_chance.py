"""The fitted win chance that Hard's search uses as its cut-off evaluation in two-sided Rainbow Passage
(rainbow_passage.md §1.15 Hard, issue 10): the two sides' chances add up to one, it speaks only for two
seats, it sees a crossing ready to be made and whose roll comes first, and its fitting tool recovers a
known model. Its strength is measured, not asserted (see `win_chance.py` and `ai.py`)."""

from __future__ import annotations

import math
import random

import pytest

from rainbowtable.core.game import Chance, Finished
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.rainbow_passage import ai, win_chance, win_fit
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.diagram import painted_board, position
from rainbowtable.games.rainbow_passage.model import Pass, RainbowPassageState
from rainbowtable.games.rainbow_passage.rules import RULES
from rainbowtable.geometry.square import Cell

RED, GREEN = PassageColour.RED, PassageColour.GREEN


def _medium_game(seed: int, seat_count: int = 2) -> list[RainbowPassageState]:
    """Every position of a seeded game between Medium players."""
    state = RULES.new_game(RULES.default_options(), seat_count)
    rng = Rng.from_seed(seed)
    seen = [state]
    while not isinstance(who := RULES.to_act(state), Finished):
        if isinstance(who, Chance):
            action = RULES.sample_chance(state, rng)
        else:
            action = ai.choose_action(state, who.seats[0], Level.MEDIUM, rng.fork("ai"))
        state = RULES.apply(state, action)
        seen.append(state)
    return seen


def test_the_two_sides_chances_add_up_to_one() -> None:
    """Swapping the seats negates every feature, so the search's two values are each other's complement,
    and every value is a chance."""
    positions = [s for s in _medium_game(7) if win_chance.two_sided(s)]
    assert len(positions) > 50
    for state in positions:
        mine, theirs = win_chance.features(state, 0), win_chance.features(state, 1)
        assert len(mine) == len(win_chance.FEATURES) == len(win_chance.WEIGHTS)
        assert all(a == pytest.approx(-b) for a, b in zip(mine, theirs, strict=True))
        first, second = win_chance.win_chance(state, 0), win_chance.win_chance(state, 1)
        assert 0.0 < first < 1.0 and first + second == pytest.approx(1.0)
        assert list(ai.evaluate_for_search(state)) == pytest.approx([first, 1.0 - first])


def test_other_tables_keep_medium_s_score() -> None:
    """Three seats (and teams) were not fitted: their cut-off values stay the logistic of Medium's score."""
    state = next(s for s in _medium_game(3, seat_count=3) if s.phase.name == "TURN")
    assert not win_chance.two_sided(state)
    expected = [1.0 / (1.0 + math.exp(-ai.position_score(state, s) / ai.SEARCH_SCALE)) for s in range(3)]
    assert list(ai.evaluate_for_search(state)) == pytest.approx(expected)


def test_a_crossing_in_hand_and_the_first_roll_count() -> None:
    """A legal step onto the far row left this turn is nearly a win; a piece one step from its far row is
    worth more to the side that rolls before its enemy does."""
    board = painted_board(fill=RED, colours={Cell(4, 10): GREEN})
    pieces = [(0, Cell(4, 9), True), (0, Cell(2, 2), True), (1, Cell(8, 6), True), (1, Cell(6, 7), True)]
    ready = position(board, pieces, (GREEN, RED))
    assert win_chance.features(ready, 0)[win_chance.FEATURES.index("cross_now")] == 1.0
    assert win_chance.win_chance(ready, 0) > 0.99
    waiting = RULES.apply(position(board, pieces, (RED,)), Pass())  # seat 1 rolls next
    rolling = RULES.apply(position(board, pieces, (RED,), current=1), Pass())  # seat 0 rolls next
    assert win_chance.win_chance(rolling, 0) > win_chance.win_chance(waiting, 0) > 0.5


def test_the_fit_recovers_a_known_model() -> None:
    """`win_fit.fit`: results drawn from a known logistic model are fitted back to it (mirrored rows, no
    intercept), and its log loss on them beats a model that knows nothing."""
    truth = (1.5, -0.8, 0.3)
    rnd = random.Random(11)
    rows: list[win_fit.Row] = []
    for seed in range(6000):
        x = tuple(rnd.uniform(-2.0, 2.0) for _ in truth)
        p = 1.0 / (1.0 + math.exp(-sum(w * v for w, v in zip(truth, x, strict=True))))
        rows.append((seed, 1.0 if rnd.random() < p else 0.0, x))
    fitted = win_fit.fit(rows)
    assert fitted == pytest.approx(truth, abs=0.12)
    knowing_nothing = win_fit.log_loss(rows, (0.0, 0.0, 0.0))[0]
    assert knowing_nothing == pytest.approx(math.log(2.0))
    assert win_fit.log_loss(rows, fitted)[0] < knowing_nothing


def test_the_fit_collects_every_two_sided_position_with_its_result() -> None:
    """`win_fit.collect`: a seeded game gives a row per position where a seat rolls or moves, each with
    seat 0's result and the model's features."""
    rows = win_fit.collect(1, first_seed=2)
    assert len(rows) > 20
    assert {seed for seed, _y, _x in rows} == {2} and len({y for _s, y, _x in rows}) == 1
    assert all(len(x) == len(win_chance.FEATURES) for _s, _y, x in rows)
