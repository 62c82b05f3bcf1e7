"""Golden De Regenboog playthroughs (ARCHITECTURE.md §10): seeded transcripts of `describe` lines, the final
position (diagram format) and the outcome, so any rules change shows up as a diff.

To regenerate after a deliberate rules change, run `python -m tests.test_regenboog_golden` from the project
root and review the diff of tests/golden/.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from rainbowtable.core.rng import Rng
from rainbowtable.games.regenboog.diagram import render as render_position
from rainbowtable.games.regenboog.model import (
    Capacity,
    ClearHere,
    EndPhase,
    Load,
    Pass,
    RegenboogOptions,
    Share,
    Travel,
)
from rainbowtable.games.regenboog.rules import RULES
from tests import golden

CASES = {  # file stem -> (seed, seat count, options)
    "regenboog_seed_7": (7, 4, RegenboogOptions()),
    "regenboog_seed_8": (8, 5, RegenboogOptions(large_board=True, white_fuel=True)),
    "regenboog_seed_9": (9, 1, RegenboogOptions(ships=3, openings_passable=False, capacity=Capacity.UNIFORM)),
}


def _choose(legal: Sequence[Any], chooser: Rng) -> Any:
    """Ship turns mostly, so the transcript shows play rather than a wall of free actions."""
    turns = [a for a in legal if isinstance(a, (Travel, Load, Pass, ClearHere, EndPhase, Share))]
    return chooser.choice(turns if turns and chooser.below(10) else legal)


def transcript(seed: int, seat_count: int, options: RegenboogOptions) -> str:
    """Decisions are random legal actions (ship turns mostly) from a stream forked off the match seed, so
    tuning the helper never changes the transcript; only rules changes do."""
    return golden.transcript(
        RULES, seed, seat_count, options, render_position, choose=_choose, gap_before_outcome=False
    )


@pytest.mark.parametrize("stem", sorted(CASES))
def test_golden_playthrough(stem: str) -> None:
    """Golden playthroughs, regenboog.md §2.5-§2.11."""
    assert transcript(*CASES[stem]) == golden.expected(stem)


if __name__ == "__main__":
    golden.regenerate(CASES, transcript)
