"""A golden Dice Box playthrough (ARCHITECTURE.md §10): a seeded transcript of `describe` lines, the final
board and the outcome, so any rules change shows up as a diff.

To regenerate after a deliberate rules change, run
`python -m tests.test_dice_box_golden` from the project root and review the diff of tests/golden/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rainbowtable.core.game import Chance, Finished, render
from rainbowtable.core.rng import Rng
from rainbowtable.games.dice_box.diagram import format_state
from rainbowtable.games.dice_box.model import DiceBoxOptions
from rainbowtable.games.dice_box.rules import RULES

GOLDEN = Path(__file__).parent / "golden"
CASES = {  # file stem -> (seed, seat count, options)
    "dice_box_seed_7": (7, 2, DiceBoxOptions()),
    "dice_box_seed_8": (8, 3, DiceBoxOptions()),
    "dice_box_seed_9": (9, 4, DiceBoxOptions()),
}


def transcript(seed: int, seat_count: int, options: DiceBoxOptions) -> str:
    """Every decision is a random legal action from a stream forked off the match seed, so tuning the
    computer opponent never changes the transcript; only rules changes do."""
    state = RULES.new_game(options, seat_count)
    rng = Rng.from_seed(seed)
    chooser = Rng.from_seed(seed).fork("golden-choices")
    lines = [f"# Dice Box, seed {seed}, {seat_count} players, random legal choices"]
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
