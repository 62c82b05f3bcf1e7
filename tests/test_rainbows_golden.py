"""A golden Rainbows playthrough (ARCHITECTURE.md §10; rainbows.md §1.3–§1.9, [RES-RB5] [RES-RB12]): a
seeded transcript of `describe` lines, the final board and the outcome for 3 seats, 4 seats with the bank
option and 5 seats over 2 days with deposits, so any rules change shows up as a diff.

To regenerate after a deliberate rules change, run
`python -m tests.test_rainbows_golden` from the project root and review the diff of tests/golden/.
"""

from __future__ import annotations

import pytest

from rainbowtable.games.rainbows.diagram import format_state
from rainbowtable.games.rainbows.model import RainbowsOptions
from rainbowtable.games.rainbows.rules import RULES
from tests import golden

CASES = {  # file stem -> (seed, seat count, options)
    "rainbows_seed_7": (7, 3, RainbowsOptions()),
    "rainbows_seed_8": (8, 4, RainbowsOptions(bank_gold=True)),
    "rainbows_seed_9": (9, 5, RainbowsOptions(bank_gold=True, days=2)),
}


def transcript(seed: int, seat_count: int, options: RainbowsOptions) -> str:
    """Every decision is a random legal action from a stream forked off the match seed, so tuning the
    computer opponent never changes the transcript; only rules changes do."""
    return golden.transcript(RULES, seed, seat_count, options, format_state)


@pytest.mark.parametrize("stem", sorted(CASES))
def test_golden_playthrough(stem: str) -> None:
    assert transcript(*CASES[stem]) == golden.expected(stem)


if __name__ == "__main__":
    golden.regenerate(CASES, transcript)
