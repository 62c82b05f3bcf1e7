"""The Rainbow Passage computer player (rainbow_passage.md §1.15): every level plays legal actions, Medium
and Hard take a winning step, the turn generator respects the move budget, and the search hooks speak the
shared search's scale. Win rates are measured, not asserted (see the report and `ai.py`)."""

from __future__ import annotations

import pytest

from rainbowtable.core.game import Chance, Finished
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.rainbow_passage import ai
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.diagram import painted_board, position
from rainbowtable.games.rainbow_passage.model import EndTurn, Pass, RainbowPassageAction, StepPiece
from rainbowtable.games.rainbow_passage.rules import RULES, move_allowance
from rainbowtable.geometry.square import Cell

RED, GREEN = PassageColour.RED, PassageColour.GREEN


def _plays_legally(levels: tuple[Level, ...], seed: int, actions: int) -> None:
    """A seeded game with these levels in its seats: every decision is legal."""
    state = RULES.new_game(RULES.default_options(), len(levels))
    rng, thinking = Rng.from_seed(seed), Rng.from_seed(seed + 1)
    for _ in range(actions):
        who = RULES.to_act(state)
        if isinstance(who, Finished):
            break
        if isinstance(who, Chance):
            action = RULES.sample_chance(state, rng)
        else:
            action = ai.choose_action(state, state.current, levels[state.current], thinking)
            assert RULES.why_illegal(state, action) is None
        state = RULES.apply(state, action)


@pytest.mark.parametrize("level", list(Level))
def test_every_level_plays_legal_actions_to_the_end(level: Level, monkeypatch: pytest.MonkeyPatch) -> None:
    """§1.15: each level's decisions are legal in a whole seeded game (3 players); Hard's search is given
    a short budget here (its figures come from the benchmark, not tests)."""
    monkeypatch.setattr(ai, "HARD_BUDGET_S", 0.01)
    _plays_legally((level, level, level), seed=4, actions=250)


def test_the_kept_lookahead_plays_legal_actions_to_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """§1.15's own Hard (`HARD_LOOKAHEAD`, kept for comparison): Medium's best turns scored by the
    opponent's best reply over sampled rolls, whole turns legal in a seeded two-player game."""
    monkeypatch.setattr(ai, "HARD_LOOKAHEAD", True)
    monkeypatch.setattr(ai, "HARD_ROLLS", 2)
    _plays_legally((Level.HARD, Level.MEDIUM), seed=6, actions=120)


@pytest.mark.parametrize("level", [Level.MEDIUM, Level.HARD])
def test_medium_and_hard_take_the_win(level: Level) -> None:
    """§1.15 evaluation: an immediate win is worth everything (RP-T07's capture onto the far row)."""
    board = painted_board(colours={Cell(4, 10): RED})
    state = position(
        board, [(0, Cell(4, 9), True), (1, Cell(4, 10), True), (1, Cell(8, 10), True)], (RED, GREEN)
    )
    action = ai.choose_action(state, 0, level, Rng.from_seed(1))
    assert action == StepPiece(0, Cell(4, 10))


def test_turn_plans_stay_within_the_dice() -> None:
    """§1.15 turn generation: at most M steps, deduplicated, plus stopping at once."""
    state = position(
        painted_board(fill=RED), [(0, Cell(4, 1), True), (1, Cell(8, 10), False)], (RED, RED, GREEN)
    )
    plans = ai.turn_plans(state)
    assert plans[0].actions == ()
    assert all(len(p.actions) <= move_allowance(state.dice) for p in plans)
    assert len({ai._key(p.state) for p in plans}) == len(plans)
    stop = ai._first_action(plans[0], state)
    assert stop == Pass() and ai._first_action(plans[0], RULES.apply(state, plans[1].actions[0])) == EndTurn()


def test_search_hooks() -> None:
    """The hooks registered for the shared search: values in [0, 1], a weight per action, words."""
    state = position(painted_board(fill=RED), [(0, Cell(4, 1), True), (1, Cell(4, 2), True)], (RED, RED))
    values = ai.evaluate_for_search(state)
    assert len(values) == 2 and all(0.0 <= v <= 1.0 for v in values)
    legal = RULES.legal_actions(state)
    assert len(ai.prior(state, legal)) == len(legal)
    assert ai.why(state, StepPiece(0, Cell(4, 2))) == "It captures a piece: its owner also loses a die."
    assert RULES.why_illegal(state, ai.rollout(state, 0, Rng.from_seed(2))) is None


def test_the_search_compares_medium_s_best_turns_and_plays_on_with_medium() -> None:
    """Hard's hooks: the moves searched are the first steps of Medium's best few turns (its favourite
    first, weighed FAVOURITE_WEIGHT by the prior), and a playout plays Medium's whole turn step by step,
    every step legal, ending it as Medium would."""
    state = position(
        painted_board(fill=RED),
        [(0, Cell(4, 1), True), (0, Cell(6, 1), True), (1, Cell(4, 8), True)],
        (RED, RED, RED),
    )
    searched = ai.moves(state)
    legal = RULES.legal_actions(state)
    assert 1 < len(searched) <= ai.HARD_CANDIDATES and all(a in legal for a in searched)
    medium = ai.choose_action(state, 0, Level.MEDIUM, Rng.from_seed(3))
    assert searched[0] == medium
    weights = ai.prior(state, searched)
    assert weights[0] == ai.FAVOURITE_WEIGHT and weights[1:] == [1.0] * (len(searched) - 1)
    here, played = state, list[RainbowPassageAction]()
    while RULES.to_act(here) == RULES.to_act(state) and len(played) < 10:
        action = ai.rollout(here, 0, Rng.from_seed(4))
        assert RULES.why_illegal(here, action) is None
        played.append(action)
        here = RULES.apply(here, action)
    assert isinstance(played[-1], EndTurn | Pass) and len(played) <= move_allowance(state.dice) + 1
    plan = ai._ranked(state, 0, node_cap=ai.ROLLOUT_NODES)[0][1]
    assert tuple(played[: len(plan.actions)]) == plan.actions


def test_the_emergency_counts_an_enemy_s_chance_of_crossing_on_its_next_roll() -> None:
    """§1.15 evaluation, an enemy one step from its far row: the danger term counts EMERGENCY times the
    chance that the enemy's k dice show the colour of an empty far-row square a step away."""
    board = painted_board(fill=RED, colours={Cell(3, 10): GREEN})
    pieces = [(0, Cell(4, 9), True), (0, Cell(8, 3), True), (1, Cell(8, 8), True)]
    state = RULES.apply(position(board, pieces, (RED,)), Pass())
    k = 3  # seat 0 has two pieces on the board
    chance = 1.0 - (4.0 / 6.0) ** k  # red or green: (3, 10), (4, 10) and (5, 10) are a step away
    assert ai._danger(state, {1}, ai._worths_by_seat(state)) == pytest.approx(ai.EMERGENCY * chance)
    assert ai._danger(state, {0}, ai._worths_by_seat(state)) == 0.0  # seat 1 is nowhere near its far row
    blocked = position(board, [*pieces, (1, Cell(3, 10), False), (1, Cell(5, 10), False)], (RED,))
    blocked = RULES.apply(blocked, Pass())
    only_red = 1.0 - (5.0 / 6.0) ** k  # (3, 10) and (5, 10) are taken (unmoved), (4, 10) is red
    assert ai._danger(blocked, {1}, ai._worths_by_seat(blocked)) == pytest.approx(ai.EMERGENCY * only_red)


@pytest.mark.parametrize("size", [(9, 9), (9, 13), (15, 11)])
def test_the_step_tables_say_what_the_facing_says(size: tuple[int, int]) -> None:
    """§1.2, [RES-RP3], §1.15: legal steps and the evaluation read each edge's rows and step targets from
    the rules' tables (`Reach`, built once per edge and board size) and piece worths from the AI's; they
    agree with `Facing` on every square."""
    from rainbowtable.games.rainbow_passage.components import Edge
    from rainbowtable.games.rainbow_passage.model import facing
    from rainbowtable.games.rainbow_passage.rules import _reach

    width, height = size
    for edge in Edge:
        face = facing(edge, width, height)
        reach = _reach(edge.value, width, height)
        worths = ai._worths(edge.value, width, height)
        assert (reach.star_row, reach.far_row) == (face.star_row, face.far_row)
        for y in range(height):
            for x in range(width):
                cell = Cell(x, y)
                assert reach.row[cell] == face.row(cell)
                assert worths[cell] == ai.PIECE_VALUE + ai._progress(face.row(cell), face.star_row)
                on_board = [
                    Cell(x + dx, y + dy)
                    for dx, dy in face.steps()
                    if 0 <= x + dx < width and 0 <= y + dy < height
                ]
                assert [to for to, _row in reach.steps[cell]] == on_board
                assert all(row == face.row(to) for to, row in reach.steps[cell])
