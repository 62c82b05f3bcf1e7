"""The Colosseum Offcuts computer player (colosseum_offcuts.md §3.11): every level plays legal actions, the
stronger levels take a capture that is there, and the search hooks give a reason for a capture. Strength is
measured (see the report and ai.py), not asserted."""

from __future__ import annotations

from rainbowtable.core.game import Chance, Finished
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games.colosseum_offcuts.ai import choose_action, evaluate, why
from rainbowtable.games.colosseum_offcuts.diagram import position
from rainbowtable.games.colosseum_offcuts.model import Cell, ColosseumOptions, FlipCounter, MoveAttack
from rainbowtable.games.colosseum_offcuts.rules import RULES, board_of


def test_every_level_plays_legal_actions_to_the_end() -> None:
    """§3.11: a three-player game between the three levels ends, every decision legal."""
    state = RULES.new_game(ColosseumOptions(no_capture_turn_limit=20), 3)
    rng, ai = Rng.from_seed(4), Rng.from_seed(5)
    levels = (Level.EASY, Level.MEDIUM, Level.HARD)
    for _ in range(2000):
        who = RULES.to_act(state)
        if isinstance(who, Finished):
            break
        if isinstance(who, Chance):
            action = RULES.sample_chance(state, rng)
        else:
            seat = who.seats[0]
            action = choose_action(state, seat, levels[seat], ai)
            assert RULES.why_illegal(state, action) is None
        state = RULES.apply(state, action)
    assert isinstance(RULES.to_act(state), Finished)


def test_medium_and_hard_take_a_capture() -> None:
    """§3.11: +1000 per enemy Fortification captured: flip, then climb (CO-T15's position)."""
    for level in (Level.MEDIUM, Level.HARD):
        state = position({(0, 0): "1Fm", (1, 0): "2Fm", (1, 1): "2Bm", (2, 1): "2Fm"})
        first = choose_action(state, 0, level, Rng.from_seed(1))
        assert first == FlipCounter(board_of(state)[Cell(0, 0)][0].id)
        state = RULES.apply(state, first)
        second = choose_action(state, 0, level, Rng.from_seed(1))
        assert isinstance(second, MoveAttack) and second.to == Cell(1, 0)
        assert why(state, second) == "It captures a Fortification."


def test_evaluation_prefers_a_fortification_that_is_not_threatened() -> None:
    """§3.11 threats: an enemy Attack Fortification beside an own Fortification costs, for the player it
    threatens, when the attacker moves next."""
    safe = position({(0, 0): "1Fm", (0, 1): "1Bm", (1, 1): "2Bm", (2, 1): "2Bm", (3, 1): "2Fa"}, current=1)
    threatened = position({(0, 0): "1Fm", (1, 0): "2Fa", (0, 1): "1Bm", (1, 1): "2Bm"}, current=1)
    assert evaluate(safe, 0) > evaluate(threatened, 0)
