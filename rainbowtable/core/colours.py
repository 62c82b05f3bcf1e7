"""The games' colour sets, as enums with str values, in their printed order.

Holds `RainbowColour` (the six rainbow colours, red to violet: Rainbows columns, De Regenboog cubes) and
`PassageColour` (the six faces of Rainbow Passage's colour dice, which are also the colours of its board
squares). They are different sets on purpose: rainbow_passage.md §1.1 and its seed name red, green, blue,
yellow, cyan and magenta, with no orange or violet. Each colour has a one-letter code for compact text
(diagrams, board files). Does not hold any screen colours or glyphs: those belong to `ui/`.
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


class PassageColour(StrEnum):
    """Rainbow Passage's dice faces and square colours, in the spec's order (rainbow_passage.md §1.1)."""

    RED = "red"
    GREEN = "green"
    BLUE = "blue"
    YELLOW = "yellow"
    CYAN = "cyan"
    MAGENTA = "magenta"

    @property
    def letter(self) -> str:
        return _PASSAGE_LETTERS[self]

    @classmethod
    def from_letter(cls, letter: str) -> PassageColour:
        try:
            return _PASSAGE_BY_LETTER[letter.upper()]
        except KeyError:
            raise ValueError(f"no Rainbow Passage colour has the letter {letter!r}") from None


_RAINBOW_LETTERS: dict[RainbowColour, str] = {
    RainbowColour.RED: "R",
    RainbowColour.ORANGE: "O",
    RainbowColour.YELLOW: "Y",
    RainbowColour.GREEN: "G",
    RainbowColour.BLUE: "B",
    RainbowColour.VIOLET: "V",
}
_RAINBOW_BY_LETTER: dict[str, RainbowColour] = {v: k for k, v in _RAINBOW_LETTERS.items()}

_PASSAGE_LETTERS: dict[PassageColour, str] = {
    PassageColour.RED: "R",
    PassageColour.GREEN: "G",
    PassageColour.BLUE: "B",
    PassageColour.YELLOW: "Y",
    PassageColour.CYAN: "C",
    PassageColour.MAGENTA: "M",
}
_PASSAGE_BY_LETTER: dict[str, PassageColour] = {v: k for k, v in _PASSAGE_LETTERS.items()}
