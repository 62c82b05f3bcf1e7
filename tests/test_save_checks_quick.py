"""The checks every save and load runs over the whole file answer the common case, nothing wrong, in one
quick pass (issue 40): the text check (`check_all_text`, issue 9) must still refuse exactly what checking
each string and key on its own refuses, and name the same culprit; the nesting cap must still find exactly
the depth the bracket-by-bracket count found."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rainbowtable.core.text import MAX_ID_LEN, MAX_TEXT_LEN, all_fit, text_problem
from rainbowtable.storage.json_file import nesting_exceeds
from rainbowtable.storage.save_errors import SaveShapeError
from rainbowtable.storage.save_format import check_all_text

# Mostly drawable text, sometimes a character no text may hold, sometimes right at a length limit.
_CHARS = st.one_of(
    st.characters(codec="utf-8"),
    st.sampled_from(["\x00", "\t", "\n", "\r", "\x1f", "\x7f", "\x85", "\x9f", "\ud800", "\udfff", "\u2028"]),
    st.sampled_from(["a", "é", "€", "😀", "\u00a0", "\ufeff"]),
)
_TEXT = st.one_of(
    st.text(_CHARS, max_size=8),
    st.sampled_from(["x" * MAX_ID_LEN, "x" * (MAX_ID_LEN + 1), "y" * MAX_TEXT_LEN, "y" * (MAX_TEXT_LEN + 1)]),
)
_LEAF = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), _TEXT)
_VALUE = st.recursive(
    _LEAF,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(_TEXT, inner, max_size=4),
    ),
    max_leaves=30,
)


def _first_problem(value: object) -> str | None:
    """The check as it read before issue 40: every string and key on its own, in `check_all_text`'s order;
    what is wrong with the first culprit, or None."""
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            problem = text_problem(item, max_len=MAX_TEXT_LEN)
            if problem is not None:
                return problem
        elif isinstance(item, dict):
            for key, child in item.items():
                problem = text_problem(key, max_len=MAX_ID_LEN)
                if problem is not None:
                    return problem
                stack.append(child)
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return None


@settings(max_examples=400, deadline=None)
@given(_VALUE)
def test_the_quick_check_refuses_exactly_what_each_string_on_its_own_refuses(value: object) -> None:
    """save_format.py docstring: every text in a save is drawable and capped (issue 40: quicker)."""
    problem = _first_problem(value)
    if problem is None:
        check_all_text(value)
    else:
        with pytest.raises(SaveShapeError) as refused:
            check_all_text(value)
        assert problem in refused.value.detail


def test_a_refusal_still_names_where_the_text_sits() -> None:
    """save_format.py docstring: errors name the path (`log[1].action.colour`)."""
    body = {"log": [{"action": {"colour": "red"}}, {"action": {"colour": "re\x00d"}}]}
    with pytest.raises(SaveShapeError) as refused:
        check_all_text(body)
    assert refused.value.where == "log[1].action.colour"
    assert "U+0000" in refused.value.message
    body = {"options": {"x" * (MAX_ID_LEN + 1): 1}}
    with pytest.raises(SaveShapeError) as refused:
        check_all_text(body)
    assert refused.value.where == "options"


def test_a_key_that_is_not_text_is_refused() -> None:
    """save_format.py docstring: object keys are text too (a body built in code could hold another key)."""
    with pytest.raises(SaveShapeError):
        check_all_text({"options": {3: "three"}})


@pytest.mark.parametrize(
    ("texts", "fit"),
    [
        ([], True),
        (["red", "blue"], True),
        (["a" * 10, "b" * 11], False),
        (["fine", "tab\there"], False),
        (["\ud83d", "\ude00"], False),  # two lone surrogates joined stay two: still refused
    ],
)
def test_all_fit_is_text_problem_over_a_list(texts: list[str], fit: bool) -> None:
    """core/text.py: refused everywhere, control characters, lone surrogates, too long."""
    assert all_fit(texts, max_len=10) is fit
    assert all(text_problem(text, max_len=10) is None for text in texts) is fit


def _deeper_than(data: bytes, limit: int) -> bool:
    """The nesting cap as it read before issue 40: strings taken out by the regex, then bracket by bracket."""
    depth = 0
    for byte in re.sub(rb'"[^"\\]*(?:\\.[^"\\]*)*"', b"", data):
        if byte in b"[{":
            depth += 1
            if depth > limit:
                return True
        elif byte in b"]}":
            depth -= 1
    return False


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from([b"[", b"]", b"{", b"}", b'"', b"\\", b"a", b":", b","]), max_size=60),
    st.integers(0, 6),
)
def test_the_nesting_cap_counts_as_before(pieces: list[bytes], limit: int) -> None:
    """json_file.py: nesting capped before parsing, brackets inside strings aside (escaped quotes too)."""
    data = b"".join(pieces)
    assert nesting_exceeds(data, limit) is _deeper_than(data, limit)


def test_the_nesting_cap_on_a_real_save_and_a_hostile_one() -> None:
    """json_file.py: a save of a whole game is far below the cap; 65 levels, or brackets in a string, are
    told apart."""
    assert not nesting_exceeds(b'{"log": [[1, 2], {"a": "[[[[[["}]}', 3)
    assert nesting_exceeds(b"[" * 65 + b"]" * 65, 64)
    assert not nesting_exceeds(b"[" * 64 + b"]" * 64, 64)
    assert nesting_exceeds(b"]]]" + b"[" * 68, 64)  # what the count says, even where JSON would not parse
    assert not nesting_exceeds(b'["\\"[[[["]', 1)
