"""Issue 9: text fitting is linear, so no string stalls a frame, and no drawn line is wider than asked or
holds a character pygame cannot render."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rainbowtable.core.text import text_problem
from rainbowtable.ui import draw


class CountingFont:
    """A stand-in font: every character 8 px wide; counts measurements and the characters measured."""

    def __init__(self) -> None:
        self.calls = 0
        self.measured = 0

    def size(self, text: str) -> tuple[int, int]:
        self.calls += 1
        self.measured += len(text)
        return 8 * len(text), 16


def test_fit_text_measures_a_few_times_however_long_the_text() -> None:
    """issue 9 (Found: a 20,000-character title froze the load screen for 13 s, fit_text was quadratic)."""
    font: Any = CountingFont()
    fitted = draw.fit_text(font, "long " * 4_000, 400)
    assert fitted.endswith("…") and 8 * len(fitted) <= 400
    assert font.calls <= 12 and font.measured <= 12 * 60


def test_wrap_breaks_a_huge_word_in_linear_time() -> None:
    """issue 9 (Found: a 30,000-character id in a message made a surface so wide pygame died): a word wider
    than a line is broken, each line fits, and only about a line's worth is measured per line."""
    font: Any = CountingFont()
    lines = draw.wrap(font, "x" * 30_000, 720)
    assert "".join(lines) == "x" * 30_000
    assert all(8 * len(line) <= 720 for line in lines)
    twice: Any = CountingFont()
    draw.wrap(twice, "x" * 60_000, 720)
    assert twice.measured <= 2.2 * font.measured


@pytest.mark.parametrize("bad", ["Ana\x00", "\ud800", "tab\there", "a\u2028b"])
def test_fit_and_wrap_replace_what_cannot_be_drawn(bad: str) -> None:
    """issue 9 (Found: a NUL reached font.render and raised): both return drawable text, and the real font
    renders it."""
    pygame.font.init()
    font = pygame.font.Font(None, 18)
    for line in [draw.fit_text(font, bad, 300), *draw.wrap(font, bad, 300)]:
        assert text_problem(line, max_len=100) is None
        font.render(line, True, (0, 0, 0))


def test_a_text_kept_to_a_few_lines_ends_with_an_ellipsis_when_it_goes_on() -> None:
    """A text kept to `most` lines (a status prompt, a resume note, a refusal) said nothing when it lost its
    end ("…, Christopher," with a fifth name gone): now its last line ends with an ellipsis, and each line
    fits; a text that fits keeps all its words."""
    font: Any = CountingFont()
    names = "Priya Ramaswamy, Bartholomew, Anna-Lena, Christopher, Maximiliaan"
    lines = draw.wrap_at_most(font, names, 8 * 24, 2, may_cut=True)
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert all(8 * len(line) <= 8 * 24 for line in lines)
    assert draw.wrap_at_most(font, names, 8 * 80, 2) == [names]
    assert draw.wrap_at_most(font, names, 8 * 24, 9) == draw.wrap(font, names, 8 * 24)


def test_a_number_does_not_start_a_line_alone() -> None:
    """Dice Box's log wrapped "… row 4, column" / "1." at 1920x1080: the "1." read as a list's number. A
    number goes down with the word before it; a line that holds only numbers still breaks between them."""
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    text = "Anna-Lena places a red die on row 4, column 1. Next one."
    width = font.size("Anna-Lena places a red die on row 4, column")[0] + 2
    assert draw.wrap(font, text, width) == ["Anna-Lena places a red die on row 4,", "column 1. Next one."]
    narrow = max(font.size(n)[0] for n in ("10", "20", "30"))
    assert draw.wrap(font, "10 20 30", narrow) == ["10", "20", "30"]


def test_a_separator_does_not_end_a_line() -> None:
    """Rainbow Passage's result wrapped "Crossed: … Christopher 0 ·" and Dice Box's "White: 12 ·": a line
    that would end with the "·" between items ends without it (the break parts them); within a line the
    separator stays."""
    font: Any = CountingFont()
    text = "Red: 9 · Yellow: 10 · White: 12 · Blue: 7"
    lines = draw.wrap(font, text, 8 * len("Red: 9 · Yellow: 10 · "))
    assert lines == ["Red: 9 · Yellow: 10", "White: 12 · Blue: 7"]
    assert draw.wrap(font, text, 8 * 80) == [text]
