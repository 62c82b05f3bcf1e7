"""Golden De Regenboog playthroughs (ARCHITECTURE.md §10): seeded transcripts of `describe` lines, the final
position (diagram format) and the outcome, so any rules change shows up as a diff.

To regenerate after a deliberate rules change, run `python -m tests.test_regenboog_golden` from the project
root and review the diff of tests/golden/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rainbowtable.core.game import Chance, Finished, render
from rainbowtable.core.rng import Rng
from rainbowtable.games.regenboog.diagram import render as render_position
from rainbowtable.games.regenboog.model import (
    Capacity,
    ClearHere,
    EndPhase,
    Load,
    Pass,
    RegenboogOptions,
    Travel,
)
from rainbowtable.games.regenboog.rules import RULES

GOLDEN = Path(__file__).parent / "golden"
CASES = {  # file stem -> (seed, seat count, options)
    "regenboog_seed_7": (7, 4, RegenboogOptions()),
    "regenboog_seed_8": (8, 5, RegenboogOptions(large_board=True, white_fuel=True)),
    "regenboog_seed_9": (9, 1, RegenboogOptions(ships=3, openings_passable=False, capacity=Capacity.UNIFORM)),
}


def transcript(seed: int, seat_count: int, options: RegenboogOptions) -> str:
    """Decisions are random legal actions (ship turns mostly) from a stream forked off the match seed, so
    tuning the helper never changes the transcript; only rules changes do."""
    state = RULES.new_game(options, seat_count)
    rng = Rng.from_seed(seed)
    chooser = Rng.from_seed(seed).fork("golden-choices")
    lines = [f"# De Regenboog, seed {seed}, {seat_count} players, random legal choices"]
    while not isinstance(who := RULES.to_act(state), Finished):
        if isinstance(who, Chance):
            action = RULES.sample_chance(state, rng)
        else:
            legal = RULES.legal_actions(state)
            turns = [a for a in legal if isinstance(a, (Travel, Load, Pass, ClearHere, EndPhase))]
            action = chooser.choice(turns if turns and chooser.below(10) else legal)
        lines.append(render(RULES.describe(state, action), ()))
        state = RULES.apply(state, action)
    lines += ["", render_position(state), render(who.outcome.summary, ())]
    lines += [f"{label}: {render(text, ())}" for label, text in who.outcome.details]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("stem", sorted(CASES))
def test_golden_playthrough(stem: str) -> None:
    """Golden playthroughs, regenboog.md §2.5-§2.11."""
    expected = (GOLDEN / f"{stem}.txt").read_text(encoding="utf-8")
    assert transcript(*CASES[stem]) == expected


if __name__ == "__main__":
    for name, case in CASES.items():
        (GOLDEN / f"{name}.txt").write_text(transcript(*case), encoding="utf-8")
        print(f"wrote tests/golden/{name}.txt")
