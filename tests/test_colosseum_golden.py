"""A golden Colosseum Offcuts playthrough (ARCHITECTURE.md §10): a seeded transcript of `describe` lines,
the final table and the outcome, so any rules change shows up as a diff.

To regenerate after a deliberate rules change, run
`python -m tests.test_colosseum_golden` from the project root and review the diff of tests/golden/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rainbowtable.core.game import Chance, Finished, render
from rainbowtable.core.rng import Rng
from rainbowtable.games.colosseum_offcuts.diagram import format_state
from rainbowtable.games.colosseum_offcuts.model import ColosseumOptions
from rainbowtable.games.colosseum_offcuts.rules import RULES

GOLDEN = Path(__file__).parent / "golden"
CASES = {  # file stem -> (seed, seat count, options)
    "colosseum_offcuts_seed_59": (59, 2, ColosseumOptions(no_capture_turn_limit=25)),  # ends by capture
    "colosseum_offcuts_seed_28": (28, 3, ColosseumOptions(no_capture_turn_limit=25)),  # an elimination
    "colosseum_offcuts_seed_5": (5, 5, ColosseumOptions(no_capture_turn_limit=6)),  # the stalemate draw
}


def transcript(seed: int, seat_count: int, options: ColosseumOptions) -> str:
    """Every decision is a random legal action from a stream forked off the match seed, so tuning the
    computer opponent never changes the transcript; only rules changes do."""
    state = RULES.new_game(options, seat_count)
    rng = Rng.from_seed(seed)
    chooser = Rng.from_seed(seed).fork("golden-choices")
    lines = [f"# Colosseum Offcuts, seed {seed}, {seat_count} players, random legal choices"]
    while not isinstance(who := RULES.to_act(state), Finished):
        action = (
            RULES.sample_chance(state, rng)
            if isinstance(who, Chance)
            else chooser.choice(RULES.legal_actions(state))
        )
        lines.append(render(RULES.describe(state, action), ()))
        state = RULES.apply(state, action)
    lines += ["", format_state(state), "", render(who.outcome.summary, ())]
    lines += [f"{label}: {render(text, ())}" for label, text in who.outcome.details]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("stem", sorted(CASES))
def test_golden_playthrough(stem: str) -> None:
    """A seeded random game, line by line (colosseum_offcuts.md §3.2–§3.8)."""
    expected = (GOLDEN / f"{stem}.txt").read_text(encoding="utf-8")
    assert transcript(*CASES[stem]) == expected


if __name__ == "__main__":
    for name, case in CASES.items():
        (GOLDEN / f"{name}.txt").write_text(transcript(*case), encoding="utf-8")
        print(f"wrote tests/golden/{name}.txt")
