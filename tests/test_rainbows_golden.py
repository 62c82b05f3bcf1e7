"""A golden Rainbows playthrough (ARCHITECTURE.md §10; rainbows.md §1.3–§1.9, [RES-RB5] [RES-RB12]): a
seeded transcript of `describe` lines, the final board and the outcome for 3 seats, 4 seats with the bank
option and 5 seats over 2 days with deposits, so any rules change shows up as a diff.

To regenerate after a deliberate rules change, run
`python -m tests.test_rainbows_golden` from the project root and review the diff of tests/golden/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rainbowtable.core.game import Chance, Finished, render
from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbows.diagram import format_state
from rainbowtable.games.rainbows.model import RainbowsOptions
from rainbowtable.games.rainbows.rules import RULES

GOLDEN = Path(__file__).parent / "golden"
CASES = {  # file stem -> (seed, seat count, options)
    "rainbows_seed_7": (7, 3, RainbowsOptions()),
    "rainbows_seed_8": (8, 4, RainbowsOptions(bank_gold=True)),
    "rainbows_seed_9": (9, 5, RainbowsOptions(bank_gold=True, days=2)),
}


def transcript(seed: int, seat_count: int, options: RainbowsOptions) -> str:
    """Every decision is a random legal action from a stream forked off the match seed, so tuning the
    computer opponent never changes the transcript; only rules changes do."""
    state = RULES.new_game(options, seat_count)
    rng = Rng.from_seed(seed)
    chooser = Rng.from_seed(seed).fork("golden-choices")
    lines = [f"# Rainbows, seed {seed}, {seat_count} players, random legal choices"]
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
    expected = (GOLDEN / f"{stem}.txt").read_text(encoding="utf-8")
    assert transcript(*CASES[stem]) == expected


if __name__ == "__main__":
    for name, case in CASES.items():
        (GOLDEN / f"{name}.txt").write_text(transcript(*case), encoding="utf-8")
        print(f"wrote tests/golden/{name}.txt")
