"""Types of the compiled playout (fast_playout.pyx)."""

import random
from collections.abc import Hashable, Mapping, Sequence

from rainbowtable.games.dice_box.model import Colour, Die

def configure(neighbours: Sequence[Sequence[int]], fit_mask: Sequence[int]) -> None: ...
def playout(
    values: list[int],
    hands: Sequence[Sequence[Die]],
    tally: list[int],
    current: int,
    rnd: random.Random,
    odds: Sequence[Sequence[Sequence[float]]],
    played: list[tuple[int, Hashable]] | None,
    classes: Sequence[int],
    colour_index: Mapping[Colour, int],
    max_turns: int,
) -> list[int]: ...
