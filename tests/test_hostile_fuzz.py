"""Issue 9 fuzz: every field of a real save mutated (types, lengths, control characters, lone surrogates,
extreme numbers, deletions), the bytes decoded through the loader. Each is either a clean refusal (a
`SaveError` whose message is short and drawable) or a game whose summary and play screen draw."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rainbowtable.core.text import text_problem
from rainbowtable.storage.save_errors import MAX_MESSAGE_LEN, SaveError
from rainbowtable.storage.save_format import parse_save_bytes
from rainbowtable.storage.save_replay import match_from_json
from rainbowtable.ui import draw
from rainbowtable.ui.scenes import navigation
from tests.hostile_files import real_save

Path_ = tuple[str | int, ...]

BASE = real_save()


def all_paths(value: Any, here: Path_ = ()) -> list[Path_]:
    """The path of every value inside `value` (dict keys and list indices), containers included."""
    found: list[Path_] = []
    children = (
        value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    )
    for key, child in children:
        found.append((*here, key))
        found.extend(all_paths(child, (*here, key)))
    return found


PATHS = all_paths(BASE)

hostile_text = st.one_of(
    st.text(max_size=30),
    st.text(alphabet=st.sampled_from(["\x00", "\ud800", "\udcff", "\n", "\x7f", "\x9b", "\u2028", "a", "é"])),
    st.integers(0, 30_000).map(lambda n: "x" * n),
)
hostile_number = st.one_of(
    st.integers(),
    st.sampled_from([0, -1, 1, 2**31, 2**63, 2**64, -(2**63) - 1, 10**30, 10**300]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1e300, -1e18, -0.0, 5e-324, 1.7976931348623157e308]),
)
hostile_value = st.one_of(
    st.none(),
    st.booleans(),
    hostile_number,
    hostile_text,
    st.lists(st.integers(-3, 3), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(-3, 3), max_size=2),
    st.just("DELETE"),
)


def mutated(path: Path_, value: Any) -> dict[str, Any]:
    body = json.loads(json.dumps(BASE))
    parent: Any = body
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if value == "DELETE":
        if isinstance(parent, dict):
            del parent[last]
        else:
            parent.pop(last)
    else:
        parent[last] = value
    return body


def check_refusal_or_drawing(ctx: Any, data: bytes) -> str:
    try:
        match = match_from_json(parse_save_bytes(data), find_game=ctx.rules_for)
    except SaveError as error:
        assert len(error.message) <= MAX_MESSAGE_LEN
        assert text_problem(error.message, max_len=MAX_MESSAGE_LEN) is None, error.message
        return "refused"
    surface = pygame.Surface(ctx.size)
    for text in (match.title, *(seat.name for seat in match.seats)):
        draw.text(surface, ctx.theme.font(18), draw.fit_text(ctx.theme.font(18), text, 300), (0, 0))
    navigation.open_play(ctx, match)
    ctx.scenes.top.draw(surface)
    navigation.open_title(ctx)
    return "drawn"


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(PATHS), value=hostile_value)
def test_every_field_mutated_is_refused_cleanly_or_draws(ctx: Any, path: Path_, value: Any) -> None:
    """issue 9 (Tests: mutate every field of a real save with hypothesis, decode through the loader)."""
    data = json.dumps(mutated(path, value), ensure_ascii=True).encode("ascii")
    check_refusal_or_drawing(ctx, data)


@pytest.mark.parametrize("path", PATHS, ids=[".".join(map(str, p)) for p in PATHS])
def test_each_field_with_a_nul_and_a_huge_number(ctx: Any, path: Path_) -> None:
    """issue 9: every single field, not only those hypothesis happens to pick, takes a NUL text and a
    1e300 without crashing the loader or the table."""
    for value in ("a\x00", 1e300, "DELETE"):
        check_refusal_or_drawing(ctx, json.dumps(mutated(path, value)).encode())
