"""The colour set games share, as an enum with str values, in its printed order.

Holds `RainbowColour` (the six rainbow colours, red to violet: Rainbows columns, De Regenboog cubes), with a
one-letter code for compact text. Rainbow Passage's own six colours (no orange or violet) live in its game
folder (`games/rainbow_passage/colours.py`). Does not hold any screen colours or glyphs: those belong to
`ui/`.
"""

from __future__ import annotations

from enum import StrEnum


class RainbowColour(StrEnum):
    """The rainbow, red to violet (rainbows.md §1.1: column 1..6 in this order)."""

    RED = "red"
    ORANGE = "orange"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    VIOLET = "violet"

    @property
    def letter(self) -> str:
        return _RAINBOW_LETTERS[self]

    @classmethod
    def from_letter(cls, letter: str) -> RainbowColour:
        try:
            return _RAINBOW_BY_LETTER[letter.upper()]
        except KeyError:
            raise ValueError(f"no rainbow colour has the letter {letter!r}") from None


_RAINBOW_LETTERS: dict[RainbowColour, str] = {
    RainbowColour.RED: "R",
    RainbowColour.ORANGE: "O",
    RainbowColour.YELLOW: "Y",
    RainbowColour.GREEN: "G",
    RainbowColour.BLUE: "B",
    RainbowColour.VIOLET: "V",
}
_RAINBOW_BY_LETTER: dict[str, RainbowColour] = {v: k for k, v in _RAINBOW_LETTERS.items()}
