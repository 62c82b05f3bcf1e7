"""De Regenboog's engine answers exactly as before its speed-up (issue 40): on thousands of seeded random
positions of several option sets, the legal actions (in order), the state after each of them, `why_illegal`
for legal and illegal actions (asked right after `legal_actions` and cold, on an equal state that is another
object) and the chance outcomes and samples.

Two references. A plain one, written here from the contract: every action the rules could name in a
position (each ship to each field with each set of riders and clearing count, every load, share, exchange,
jettison and delivery count around the possible ones), and `legal_actions` must list exactly those
`why_illegal` accepts when asked cold. And the engine before the speed-up: `BEFORE` is the digest of every
answer above as the engine of commit 910870a gave it (`fingerprint()` run there), so a changed reason, order
or field of a next state shows here.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from itertools import combinations

from rainbowtable.core.game import Chance, Finished
from rainbowtable.core.rng import Rng
from rainbowtable.games.regenboog.board import board_for
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
from rainbowtable.games.regenboog.rules import RULES

CONFIGS: tuple[tuple[RegenboogOptions, int], ...] = (
    (RegenboogOptions(), 6),
    (RegenboogOptions(), 2),
    (RegenboogOptions(ships=3), 1),
    (RegenboogOptions(white_fuel=True, capacity=Capacity.UNIFORM), 3),
    (RegenboogOptions(capacity=Capacity.UNLIMITED, openings_passable=False), 4),
    (RegenboogOptions(large_board=True), 5),
)
"""Option sets and seat counts: the bench's table (six seats), the common ones, both fuels, every capacity,
openings closed, and the large board."""
GAMES_PER_CONFIG = 10
DECISIONS_PER_GAME = 80
"""Decisions followed in each seeded game (the chance events between them are checked too)."""
PLAIN_EVERY = 4
"""The plain reference (every nameable action asked cold) is checked at every fourth decision."""

BEFORE = "1311eeebfa1d73cd0f691e6642f0fc7242cb44c546bb07ffdd71a7123030a36c"


def _copy(state: RegenboogState) -> RegenboogState:
    """An equal state that is another object (what `why_illegal` remembers from `legal_actions` is not it)."""
    return replace(state)


def nameable_actions(state: RegenboogState) -> list[RegenboogAction]:
    """Every action of a ship, a pair of ships or the team that the rules could name here, and the counts
    just beyond the possible ones: a superset of the legal actions."""
    board = board_for(state.options.large_board, state.options.extra_segments)
    ships = state.ships
    out: list[RegenboogAction] = [EndPhase(), Concede(), *(Deliver(n) for n in range(0, 4))]
    for ship in ships:
        company = [s.id for s in ships if s.cell == ship.cell and s.id != ship.id]
        rider_sets = [c for k in range(len(company) + 1) for c in combinations(company, k)]
        for index, cell in enumerate(board.cells):
            for riders in rider_sets:
                out.extend(Travel(ship.id, cell.id, riders, n) for n in range(state.black[index] + 2))
        out.append(Travel(ship.id, "no such field"))
        out.extend(ClearHere(ship.id, n) for n in range(0, state.black[ship.cell] + 2))
        out.extend(Load(ship.id, n) for n in range(0, 8))
        out.extend(Share(ship.id, n) for n in range(0, 8))
        out.append(Pass(ship.id))
        for colour in Colour:
            held = ship.cubes[colour]
            out.extend(Jettison(ship.id, colour, n) for n in range(0, held + 2))
            for other in ships:
                if other.id != ship.id:
                    out.extend(Exchange(ship.id, other.id, colour, n) for n in range(0, held + 2))
    return out


def _walk(digest: hashlib._Hash, check_plain: bool) -> int:
    """Play the seeded games, feeding every answer into `digest`; with `check_plain`, assert the plain
    reference on the way. Returns the number of decisions seen."""
    decisions = 0
    for config, (options, seats) in enumerate(CONFIGS):
        for game in range(GAMES_PER_CONFIG):
            seed = 1000 * config + game
            rng = Rng.from_seed(seed)
            state = RULES.new_game(options, seats)
            seen = 0
            while seen < DECISIONS_PER_GAME:
                who = RULES.to_act(state)
                if isinstance(who, Finished):
                    break
                if isinstance(who, Chance):
                    outcomes = RULES.chance_outcomes(state)
                    digest.update(repr(outcomes).encode())
                    action = RULES.sample_chance(state, rng)
                    digest.update(repr((action, RULES.why_illegal(state, action))).encode())
                    assert RULES.why_illegal(_copy(state), action) is None, action
                    state = RULES.apply(state, action)
                    continue
                seen += 1
                decisions += 1
                legal = RULES.legal_actions(state)
                digest.update(repr(legal).encode())
                for action in legal:
                    digest.update(repr(RULES.why_illegal(state, action)).encode())
                    digest.update(repr(RULES.apply(state, action)).encode())
                cold = _copy(state)
                for action in legal:
                    assert RULES.why_illegal(cold, action) is None, action
                named = nameable_actions(state)
                listed = set(legal)
                refused = [a for a in named if a not in listed]
                for k in range(min(len(refused), 12)):
                    action = refused[rng.below(len(refused))] if k else refused[0]
                    RULES.legal_actions(state)
                    warm = RULES.why_illegal(state, action)
                    digest.update(repr((action, warm)).encode())
                    assert warm is not None and warm == RULES.why_illegal(cold, action), action
                if check_plain and decisions % PLAIN_EVERY == 0:
                    accepted = [a for a in named if RULES.why_illegal(cold, a) is None]
                    assert set(accepted) == listed, state
                    assert len(legal) == len(listed), "an action listed twice"
                # Deeper games than a random pick gives: giving up is taken only when nothing else is left.
                playable = [a for a in legal if not isinstance(a, Concede)] or legal
                state = RULES.apply(state, playable[rng.below(len(playable))])
    return decisions


def fingerprint() -> tuple[str, int]:
    digest = hashlib.sha256()
    decisions = _walk(digest, check_plain=False)
    return digest.hexdigest(), decisions


def test_engine_answers_as_the_plain_reference_and_as_before() -> None:
    """regenboog.md §2.6-§2.10 through the contract: legal actions, next states, reasons and chance, on
    the seeded positions, equal the plain reference and the engine before the speed-up (issue 40)."""
    digest = hashlib.sha256()
    decisions = _walk(digest, check_plain=True)
    assert decisions >= 1500
    assert digest.hexdigest() == BEFORE


if __name__ == "__main__":
    print(*fingerprint())
