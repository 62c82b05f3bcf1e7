"""core/text.py: the one check for text from outside (issue 9)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rainbowtable.core.text import (
    EXCERPT_LEN,
    MAX_NAME_LEN,
    TextProblem,
    check_text,
    clean_text,
    excerpt,
    text_problem,
)


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("Ana\x00", "control character (U+0000) at position 3"),
        ("\ud800", "lone surrogate"),
        ("a\nb", "line break"),
        ("x" * (MAX_NAME_LEN + 1), "more than the 40 allowed"),
        (12, "found a number"),
        (None, "found nothing"),
    ],
)
def test_check_text_refuses_with_where_and_why(value: object, words: str) -> None:
    """issue 9: names with NUL, lone surrogates, breaks, too long or not text are refused clearly."""
    with pytest.raises(TextProblem) as caught:
        check_text(value, max_len=MAX_NAME_LEN, where="seats[0].name")
    assert caught.value.where == "seats[0].name"
    assert words in caught.value.detail
    assert str(caught.value).startswith("seats[0].name: ")
    assert isinstance(caught.value, ValueError)


def test_check_text_passes_good_text_through() -> None:
    assert check_text("Zoë 🌈", max_len=10) == "Zoë 🌈"
    assert check_text("two\nlines", max_len=20, allow_newlines=True) == "two\nlines"


def test_a_huge_string_is_refused_for_its_length_first() -> None:
    """issue 9: a 30,000-character id is refused on its length before any scan."""
    assert "30000 characters" in (text_problem("\x00" * 30_000, max_len=64) or "")


def test_clean_text_and_excerpt_are_short_and_drawable() -> None:
    assert clean_text("Ana\x00\ud800\tx") == "Ana\ufffd\ufffd x"
    assert clean_text("abcdef", 4) == "abc…"
    quoted = excerpt("y" * 30_000)
    assert len(quoted) == EXCERPT_LEN + 2
    assert excerpt("bad\x00") == '"bad\ufffd"'
    assert len(excerpt(list(range(10_000)))) <= EXCERPT_LEN


@given(st.text(max_size=300), st.integers(min_value=1, max_value=120))
def test_cleaned_text_always_passes_the_check(value: str, limit: int) -> None:
    """issue 9: whatever clean_text returns is acceptable to check_text (same rules, one place)."""
    cleaned = clean_text(value, limit)
    assert check_text(cleaned, max_len=limit) == cleaned
    assert text_problem(excerpt(value), max_len=EXCERPT_LEN + 2) is None


def test_the_printable_shortcut_agrees_with_the_full_check_on_every_character() -> None:
    """core/text.py answers from `str.isprintable` before it compiles its patterns: for every character
    of the Basic Multilingual Plane (surrogates included), alone and between letters, the answers are the
    patterns' own."""
    import re

    from rainbowtable.core import text

    line = re.compile(text._PATTERNS["line"])
    block = re.compile(text._PATTERNS["block"])
    breaks = re.compile(text._PATTERNS["breaks"])
    for code in range(0x10000):
        value = f"a{chr(code)}b"
        assert (text.text_problem(value, max_len=10) is None) == (line.search(value) is None), hex(code)
        in_block = text.text_problem(value, max_len=10, allow_newlines=True) is None
        assert in_block == (block.search(value) is None), hex(code)
        assert text.clean_text(value) == line.sub("\ufffd", breaks.sub(" ", value)), hex(code)
        assert text.all_fit([value, "ok"], max_len=10) == (line.search(value) is None), hex(code)
