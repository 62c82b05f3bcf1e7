"""Named easings: exact ends, clamping, and the error for an unknown name (anim/easing.py)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rainbowtable.anim.easing import EASINGS, clamp01, ease, lerp


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_every_easing_hits_its_ends_exactly(name: str) -> None:
    assert ease(name, 0.0) == 0.0
    assert ease(name, 1.0) == 1.0


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_progress_outside_the_range_is_clamped(name: str) -> None:
    assert ease(name, -3.0) == 0.0
    assert ease(name, 7.5) == 1.0
    assert ease(name, math.inf) == 1.0
    assert ease(name, math.nan) == 0.0


def test_the_names_the_brief_promises_exist() -> None:
    for name in ("linear", "out_cubic", "out_back", "in_out_quad", "out_bounce"):
        assert name in EASINGS


def test_linear_is_the_identity_and_out_cubic_leads_it() -> None:
    assert ease("linear", 0.25) == pytest.approx(0.25)
    assert ease("out_cubic", 0.5) == pytest.approx(0.875)
    assert ease("out_cubic", 0.3) > ease("linear", 0.3)


def test_out_back_overshoots_in_between() -> None:
    assert max(ease("out_back", i / 100) for i in range(101)) > 1.0


def test_unknown_easing_names_the_choices() -> None:
    with pytest.raises(ValueError, match="out_cubic"):
        ease("out_wobble", 0.5)


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_clamp01_always_lands_in_the_unit_interval(t: float) -> None:
    assert 0.0 <= clamp01(t) <= 1.0


NON_OVERSHOOTING = ["linear", "out_cubic", "in_out_quad", "out_quad", "out_bounce", "in_out_bounce"]


@given(st.sampled_from(NON_OVERSHOOTING), st.floats(-5, 5))
def test_non_overshooting_easings_stay_in_range(name: str, t: float) -> None:
    assert 0.0 <= ease(name, t) <= 1.0


@pytest.mark.parametrize("name", NON_OVERSHOOTING)
def test_non_overshooting_easings_stay_in_range_at_every_step(name: str) -> None:
    """Every 1/100,000 of the way, not only where the examples above happen to fall: pytweening's own
    bounce rose to 1.007 just past t = 0.909 (found once in a few hundred runs)."""
    assert all(0.0 <= ease(name, i / 100_000) <= 1.0 for i in range(100_001))


def test_the_bounce_lands_where_it_bounces() -> None:
    """Penner's bounce touches the floor at the ends of its bounces and peaks below it in between."""
    for touch in (1 / 2.75, 2 / 2.75, 2.5 / 2.75):
        assert ease("out_bounce", touch) == pytest.approx(1.0)
    assert ease("out_bounce", 2.625 / 2.75) == pytest.approx(0.984375)


@given(st.floats(-1e6, 1e6), st.floats(-1e6, 1e6))
def test_lerp_returns_the_end_exactly_at_one(a: float, b: float) -> None:
    assert lerp(a, b, 1.0) == b
    assert lerp(a, b, 0.0) == a
