"""A golden Dice Box playthrough (ARCHITECTURE.md §10): a seeded transcript of `describe` lines, the final
board and the outcome, so any rules change shows up as a diff.

To regenerate after a deliberate rules change, run
`python -m tests.test_dice_box_golden` from the project root and review the diff of tests/golden/.
"""

from __future__ import annotations

import pytest

from rainbowtable.games.dice_box.diagram import format_state
from rainbowtable.games.dice_box.model import DiceBoxOptions
from rainbowtable.games.dice_box.rules import RULES
from tests import golden

CASES = {  # file stem -> (seed, seat count, options)
    "dice_box_seed_7": (7, 2, DiceBoxOptions()),
    "dice_box_seed_8": (8, 3, DiceBoxOptions()),
    "dice_box_seed_9": (9, 4, DiceBoxOptions()),
}


def transcript(seed: int, seat_count: int, options: DiceBoxOptions) -> str:
    """Every decision is a random legal action from a stream forked off the match seed, so tuning the
    computer opponent never changes the transcript; only rules changes do."""
    return golden.transcript(RULES, seed, seat_count, options, format_state)


@pytest.mark.parametrize("stem", sorted(CASES))
def test_golden_playthrough(stem: str) -> None:
    assert transcript(*CASES[stem]) == golden.expected(stem)


if __name__ == "__main__":
    golden.regenerate(CASES, transcript)
