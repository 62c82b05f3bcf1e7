"""A golden Colosseum Offcuts playthrough (ARCHITECTURE.md §10): a seeded transcript of `describe` lines,
the final table and the outcome, so any rules change shows up as a diff.

To regenerate after a deliberate rules change, run
`python -m tests.test_colosseum_golden` from the project root and review the diff of tests/golden/.
"""

from __future__ import annotations

import pytest

from rainbowtable.games.colosseum_offcuts.diagram import format_state
from rainbowtable.games.colosseum_offcuts.model import ColosseumOptions
from rainbowtable.games.colosseum_offcuts.rules import RULES
from tests import golden

CASES = {  # file stem -> (seed, seat count, options)
    "colosseum_offcuts_seed_59": (59, 2, ColosseumOptions(no_capture_turn_limit=25)),  # ends by capture
    "colosseum_offcuts_seed_28": (28, 3, ColosseumOptions(no_capture_turn_limit=25)),  # an elimination
    "colosseum_offcuts_seed_5": (5, 5, ColosseumOptions(no_capture_turn_limit=6)),  # the stalemate draw
}


def transcript(seed: int, seat_count: int, options: ColosseumOptions) -> str:
    """Every decision is a random legal action from a stream forked off the match seed, so tuning the
    computer opponent never changes the transcript; only rules changes do."""
    return golden.transcript(RULES, seed, seat_count, options, format_state)


@pytest.mark.parametrize("stem", sorted(CASES))
def test_golden_playthrough(stem: str) -> None:
    """A seeded random game, line by line (colosseum_offcuts.md §3.2–§3.8)."""
    assert transcript(*CASES[stem]) == golden.expected(stem)


if __name__ == "__main__":
    golden.regenerate(CASES, transcript)
