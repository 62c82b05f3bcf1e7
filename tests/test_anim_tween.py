"""Tweens and timelines: exact ends under fixed dt steps, delays, and the animation-speed setting."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rainbowtable.anim.tween import Timeline, Tween, scale_duration

DT = 1 / 60


def step(timeline: Timeline, frames: int, dt: float = DT) -> None:
    for _ in range(frames):
        timeline.update(dt)


def test_scalar_tween_starts_at_start_and_ends_exactly_at_end() -> None:
    tween = Tween(3.0, 11.0, 1.0, "out_back")
    assert tween.value_at(0.0) == 3.0
    assert tween.value_at(1.0) == 11.0
    assert tween.value_at(99.0) == 11.0


def test_tuple_tween_interpolates_each_component() -> None:
    tween = Tween((0.0, 100.0), (10.0, 0.0), 2.0, "linear")
    assert tween.point_at(1.0) == pytest.approx((5.0, 50.0))
    assert tween.point_at(2.0) == (10.0, 0.0)


def test_delay_holds_the_start_value() -> None:
    tween = Tween(0.0, 1.0, 0.5, "linear", delay_s=0.25)
    assert tween.scalar_at(0.2) == 0.0
    assert tween.scalar_at(0.5) == pytest.approx(0.5)
    assert tween.total_s == 0.75


def test_timeline_stepping_sixty_frames_of_a_sixtieth_lands_exactly_on_the_end() -> None:
    timeline = Timeline({"x": Tween(0.0, 1.0, 1.0), "pos": Tween((0.0, 0.0), (640.0, 360.0), 1.0)})
    step(timeline, 59)
    assert not timeline.done
    step(timeline, 1)
    assert timeline.done
    assert timeline.scalar("x") == 1.0
    assert timeline.point("pos") == (640.0, 360.0)


@given(
    st.floats(0.0, 5.0),
    st.floats(0.0, 2.0),
    st.floats(0.001, 0.5),
    st.sampled_from(["linear", "out_cubic", "out_back", "out_bounce", "in_out_quad"]),
)
def test_any_tween_reaches_its_end_exactly_once_its_time_has_passed(
    duration: float, delay: float, dt: float, easing: str
) -> None:
    timeline = Timeline({"v": Tween(-2.5, 7.25, duration, easing, delay)})
    frames = 0
    while not timeline.done:
        timeline.update(dt)
        frames += 1
        assert frames < 100_000
    assert timeline.value("v") == 7.25
    assert timeline.elapsed_s >= duration + delay - 1e-6


def test_speed_zero_means_everything_is_at_its_end_at_once() -> None:
    timeline = Timeline({"a": Tween(0.0, 5.0, 3.0, delay_s=1.0), "b": Tween((1.0,), (2.0,), 0.5)}, speed=0.0)
    assert timeline.done
    assert timeline.value("a") == 5.0
    assert timeline.value("b") == (2.0,)


def test_speed_two_halves_every_duration() -> None:
    timeline = Timeline({"a": Tween(0.0, 1.0, 1.0, "linear", delay_s=0.5)}, speed=2.0)
    step(timeline, 45)  # 0.75 s of real time is 1.5 s of animation time
    assert timeline.done
    half = Timeline({"a": Tween(0.0, 1.0, 1.0, "linear")}, speed=2.0)
    half.update(0.25)
    assert half.scalar("a") == pytest.approx(0.5)


def test_a_tween_added_later_starts_when_it_is_added() -> None:
    timeline = Timeline({"first": Tween(0.0, 1.0, 0.5, "linear")})
    timeline.update(0.5)
    timeline.add("second", Tween(0.0, 1.0, 0.5, "linear"))
    assert timeline.scalar("second") == 0.0
    timeline.update(0.25)
    assert timeline.scalar("second") == pytest.approx(0.5)
    assert timeline.end_s == pytest.approx(1.0)


def test_finish_jumps_to_the_end_and_negative_dt_is_ignored() -> None:
    timeline = Timeline({"a": Tween(0.0, 1.0, 2.0)})
    timeline.update(-5.0)
    timeline.update(float("nan"))
    assert timeline.elapsed_s == 0.0
    timeline.finish()
    assert timeline.done and timeline.scalar("a") == 1.0


def test_empty_timeline_is_done() -> None:
    assert Timeline().done


def test_bad_tweens_and_speeds_are_refused() -> None:
    with pytest.raises(ValueError):
        Tween((0.0, 0.0), (1.0,), 1.0)
    with pytest.raises(ValueError):
        Tween(0.0, (1.0,), 1.0)
    with pytest.raises(ValueError):
        Tween(0.0, 1.0, -1.0)
    with pytest.raises(ValueError):
        Tween(0.0, 1.0, 1.0, "out_wobble")
    with pytest.raises(ValueError):
        Timeline(speed=-1.0)
    with pytest.raises(KeyError):
        Timeline().value("missing")
    with pytest.raises(TypeError):
        Tween(0.0, 1.0, 1.0).point_at(0.5)


def test_scale_duration() -> None:
    assert scale_duration(0.9, 1.0) == 0.9
    assert scale_duration(0.9, 3.0) == pytest.approx(0.3)
    assert scale_duration(0.9, 0.0) == 0.0


def test_anim_imports_without_pygame() -> None:
    """ARCHITECTURE.md §2: anim is pure maths and never imports pygame."""
    code = (
        "import sys; sys.modules['pygame'] = None; sys.modules['pygame_gui'] = None\n"
        "import rainbowtable.anim.easing, rainbowtable.anim.tween\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[1])
