"""De Regenboog over thousands of seeded random games (every option, every seat count, both boards): every
position saves and loads back equal (core/json_codec), `legal_actions` agrees with `why_illegal` both ways,
chance events are legal and listed outcomes sum to 1, and every game ends in a win or a loss."""

from __future__ import annotations

from fractions import Fraction

from rainbowtable.core.game import Chance, Finished, Players
from rainbowtable.core.json_codec import decode_action, encode_action, from_json_value, to_json_value
from rainbowtable.core.rng import Rng
from rainbowtable.games.regenboog import start
from rainbowtable.games.regenboog.model import (
    Capacity,
    ClearHere,
    Colour,
    Concede,
    Deliver,
    EndPhase,
    Exchange,
    Jettison,
    Load,
    Pass,
    RegenboogAction,
    RegenboogOptions,
    RegenboogState,
    Share,
    Travel,
)
from rainbowtable.games.regenboog.rules import RULES, legal_actions, why_illegal

GAMES = 2_000
MAX_STEPS = 3_000
CHECK_EVERY = 7


def random_options(rng: Rng) -> tuple[RegenboogOptions, int]:
    seats = rng.below(6) + 1
    ships = rng.choice(start.ALLOWED_SHIPS[seats])
    large = seats >= 4 and rng.below(2) == 0
    options = RegenboogOptions(
        ships=ships if rng.below(3) else 0 if ships == start.USUAL_SHIPS[seats] else ships,
        white_fuel=rng.below(2) == 0,
        large_board=large,
        capacity=rng.choice(list(Capacity)),
        openings_passable=rng.below(4) != 0,
        strand_limit=rng.below(3) + 1,
        max_cycles=rng.choice([0, 0, 3, 8, 15]),
    )
    return options, seats


def probes(state: RegenboogState, rng: Rng) -> list[RegenboogAction]:
    """Actions of every kind, mostly illegal here, to check that `why_illegal` refuses what is not listed."""
    board = start.board_of(state.options)
    n = len(state.ships)
    out: list[RegenboogAction] = [EndPhase(), Concede(), Deliver(1), Deliver(2)]
    for _ in range(6):
        ship = rng.below(n + 1)
        cell = board.cells[rng.below(len(board.cells))].id
        out.append(Travel(ship, cell, (), rng.below(3)))
        out.append(Travel(ship, cell, (rng.below(n),), 0))
        out.append(Load(ship, rng.below(8)))
        out.append(Pass(ship))
        out.append(Share(ship, rng.below(8)))
        out.append(ClearHere(ship, rng.below(3)))
        colour = Colour(rng.below(7))
        out.append(Exchange(ship, rng.below(n), colour, rng.below(7)))
        out.append(Jettison(ship, colour, rng.below(13)))
    return out


def _policy(legal: list[RegenboogAction], rng: Rng) -> RegenboogAction:
    # Mostly ship decisions; free actions and giving up now and then, so every kind is exercised.
    turns = [a for a in legal if isinstance(a, (Travel, Load, Pass, ClearHere, EndPhase, Share))]
    roll = rng.below(100)
    if roll == 0:
        return Concede()
    if turns and roll < 85:
        return rng.choice(turns)
    return rng.choice(legal)


def play_one(seed: int) -> RegenboogState:
    rng = Rng.from_seed(seed)
    options, seats = random_options(rng)
    assert RULES.option_problem(options, seats) is None, (options, seats)
    state = RULES.new_game(options, seats)
    for step in range(MAX_STEPS):
        if step % CHECK_EVERY == 0:
            assert from_json_value(to_json_value(state), RULES.state_type) == state
        who = RULES.to_act(state)
        if isinstance(who, Finished):
            return state
        if isinstance(who, Chance):
            action = RULES.sample_chance(state, rng)
            assert why_illegal(state, action) is None
            if step % CHECK_EVERY == 0:
                listed = RULES.chance_outcomes(state)
                if listed is not None:
                    assert sum((p for _, p in listed), Fraction(0)) == 1
                    assert action in [a for a, _ in listed]
        else:
            assert isinstance(who, Players)
            legal = legal_actions(state)
            assert legal
            if step % CHECK_EVERY == 0:
                listed_set = set(legal)
                for candidate in legal:
                    assert why_illegal(state, candidate) is None, candidate
                for candidate in probes(state, rng):
                    assert (why_illegal(state, candidate) is None) == (candidate in listed_set), candidate
            action = _policy(legal, rng)
            assert decode_action(encode_action(action), RULES.action_types) == action
        state = RULES.apply(state, action)
    raise AssertionError(f"seed {seed}: no end in {MAX_STEPS} steps")


def test_random_games_end_and_obey_the_contract() -> None:
    """≥ 2,000 seeded random games over every option, seat count and both boards."""
    large = 0
    for seed in range(GAMES):
        state = play_one(seed)
        assert isinstance(RULES.to_act(state), Finished)
        large += state.options.large_board
    assert large > 100
