"""The colour enums: the rainbow (rainbows.md §1.1) and Rainbow Passage's dice colours (§1.1)."""

from __future__ import annotations

import pytest

from rainbowtable.core.colours import RainbowColour
from rainbowtable.games.rainbow_passage.colours import PassageColour


def test_rainbow_colours_in_rainbow_order() -> None:
    """rainbows.md §1.1: RED, ORANGE, YELLOW, GREEN, BLUE, VIOLET (columns 1..6)."""
    assert [c.value for c in RainbowColour] == ["red", "orange", "yellow", "green", "blue", "violet"]
    assert "".join(c.letter for c in RainbowColour) == "ROYGBV"
    assert all(RainbowColour.from_letter(c.letter.lower()) is c for c in RainbowColour)


def test_rp_1_1_passage_colours_are_the_dice_faces() -> None:
    """rainbow_passage.md §1.1: the six dice colours red, green, blue, yellow, cyan, magenta."""
    assert [c.value for c in PassageColour] == ["red", "green", "blue", "yellow", "cyan", "magenta"]
    assert all(PassageColour.from_letter(c.letter) is c for c in PassageColour)
    with pytest.raises(ValueError):
        PassageColour.from_letter("O")
