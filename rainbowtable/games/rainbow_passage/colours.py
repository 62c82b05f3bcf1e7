"""Rainbow Passage's six colours: the faces of its colour dice, which are also the colours of its board
squares (rainbow_passage.md §1.1: red, green, blue, yellow, cyan and magenta; no orange or violet).

Each colour has a one-letter code for compact text (diagrams, board files). Holds no screen colours or
glyphs: those belong to `ui/`.
"""

from __future__ import annotations

from enum import StrEnum


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


_PASSAGE_LETTERS: dict[PassageColour, str] = {
    PassageColour.RED: "R",
    PassageColour.GREEN: "G",
    PassageColour.BLUE: "B",
    PassageColour.YELLOW: "Y",
    PassageColour.CYAN: "C",
    PassageColour.MAGENTA: "M",
}
_PASSAGE_BY_LETTER: dict[str, PassageColour] = {v: k for k, v in _PASSAGE_LETTERS.items()}
