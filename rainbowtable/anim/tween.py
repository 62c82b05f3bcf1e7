"""Tweens and timelines driven by `dt`: the maths behind every animation, without pygame or a clock.

- `Tween`: an immutable description (start, end, duration, easing, delay); `value_at(elapsed_s)` is a pure
  function of elapsed time. Values are floats or tuples of floats (positions, colours), eased per component.
- `Timeline`: a set of named tweens plus an elapsed-time counter advanced only by `update(dt)`. Tests step a
  fixed dt; nothing here reads the wall clock.

Animation speed is a setting: a timeline built with `speed=s` divides every duration and delay by s, and
speed 0 means "no animation": every tween is at its end immediately and the timeline is `done` at once.
This module deliberately knows nothing about what is animated (dice, pieces, panels) or how it is drawn.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace

from rainbowtable.anim.easing import clamp01, ease, easing_fn, lerp

Value = float | tuple[float, ...]

# Accumulating many float dts (60 x 1/60) can fall a few ulps short of the total; a tween within this
# much of its end counts as finished so a fixed-step test lands on the end in the expected frame.
EPSILON_S = 1e-9


def scale_duration(seconds: float, speed: float) -> float:
    """A duration under an animation speed setting: divided by speed; 0 when speed is 0 (no animation)."""
    if speed < 0.0 or speed != speed:
        raise ValueError(f"animation speed must be >= 0, not {speed!r}")
    if speed == 0.0 or math.isinf(speed):
        return 0.0
    return seconds / speed


@dataclass(frozen=True, slots=True)
class Tween:
    """From `start` to `end` over `duration_s` after `delay_s`, shaped by a named easing."""

    start: Value
    end: Value
    duration_s: float
    easing: str = "out_cubic"
    delay_s: float = 0.0

    def __post_init__(self) -> None:
        if isinstance(self.start, tuple) != isinstance(self.end, tuple):
            raise ValueError("a tween goes from a number to a number or from a tuple to a tuple")
        if isinstance(self.start, tuple) and isinstance(self.end, tuple) and len(self.start) != len(self.end):
            raise ValueError(f"start has {len(self.start)} components but end has {len(self.end)}")
        if not self.duration_s >= 0.0 or not self.delay_s >= 0.0:
            raise ValueError("duration and delay must be >= 0")
        easing_fn(self.easing)  # Fail at construction, not mid-animation, on a misspelt easing.

    @property
    def total_s(self) -> float:
        """Delay plus duration: the elapsed time at which the tween reaches its end."""
        return self.delay_s + self.duration_s

    def scaled(self, speed: float) -> Tween:
        """The same tween under an animation speed (durations and delay divided by it; 0 => instant)."""
        return replace(
            self,
            duration_s=scale_duration(self.duration_s, speed),
            delay_s=scale_duration(self.delay_s, speed),
        )

    def is_done_at(self, elapsed_s: float) -> bool:
        return elapsed_s >= self.total_s - EPSILON_S

    def fraction_at(self, elapsed_s: float) -> float:
        """The eased fraction (0 before the delay ends, exactly 1 once done; may overshoot in between)."""
        if self.is_done_at(elapsed_s):
            return 1.0
        if self.duration_s <= 0.0:
            return 0.0
        return ease(self.easing, clamp01((elapsed_s - self.delay_s) / self.duration_s))

    def value_at(self, elapsed_s: float) -> Value:
        """The value after `elapsed_s` seconds: `start` up to the delay, exactly `end` once done."""
        if self.is_done_at(elapsed_s):
            return self.end
        f = self.fraction_at(elapsed_s)
        if isinstance(self.start, tuple) and isinstance(self.end, tuple):
            return tuple(lerp(a, b, f) for a, b in zip(self.start, self.end, strict=True))
        assert not isinstance(self.start, tuple) and not isinstance(self.end, tuple)
        return lerp(self.start, self.end, f)

    def scalar_at(self, elapsed_s: float) -> float:
        value = self.value_at(elapsed_s)
        if isinstance(value, tuple):
            raise TypeError("this tween animates a tuple; use point_at")
        return float(value)

    def point_at(self, elapsed_s: float) -> tuple[float, ...]:
        value = self.value_at(elapsed_s)
        if not isinstance(value, tuple):
            raise TypeError("this tween animates a number; use scalar_at")
        return value


class Timeline:
    """Named tweens on one elapsed-time counter. Mutable on purpose: a scene owns one per animation.

    A tween added later starts at the timeline's current time (its delay counts from then), so a scene can
    chain steps. Every tween is scaled by the timeline's `speed` when added.
    """

    __slots__ = ("_elapsed_s", "_entries", "speed")

    def __init__(self, tweens: Mapping[str, Tween] | None = None, *, speed: float = 1.0) -> None:
        scale_duration(1.0, speed)  # Validates the speed.
        self.speed = speed
        self._elapsed_s = 0.0
        self._entries: dict[str, tuple[float, Tween]] = {}
        for name, tween in (tweens or {}).items():
            self.add(name, tween)

    def add(self, name: str, tween: Tween) -> None:
        """Add (or replace) a tween that starts now; its durations are divided by the timeline's speed."""
        self._entries[name] = (self._elapsed_s, tween.scaled(self.speed))

    def remove(self, name: str) -> None:
        del self._entries[name]

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def elapsed_s(self) -> float:
        return self._elapsed_s

    @property
    def end_s(self) -> float:
        """The timeline time at which the last tween finishes (0 when empty)."""
        return max((begin + tween.total_s for begin, tween in self._entries.values()), default=0.0)

    def update(self, dt: float) -> None:
        """Advance by dt seconds; negative or NaN dt is ignored (time never runs backwards)."""
        if dt > 0.0:
            self._elapsed_s += dt

    def finish(self) -> None:
        """Jump to the end of every tween (a click that skips the animation)."""
        self._elapsed_s = max(self._elapsed_s, self.end_s)

    def _local(self, name: str) -> tuple[float, Tween]:
        try:
            begin, tween = self._entries[name]
        except KeyError:
            raise KeyError(f"no tween named {name!r} in this timeline") from None
        return self._elapsed_s - begin, tween

    def value(self, name: str) -> Value:
        local, tween = self._local(name)
        return tween.value_at(local)

    def scalar(self, name: str) -> float:
        local, tween = self._local(name)
        return tween.scalar_at(local)

    def point(self, name: str) -> tuple[float, ...]:
        local, tween = self._local(name)
        return tween.point_at(local)

    def is_done(self, name: str) -> bool:
        local, tween = self._local(name)
        return tween.is_done_at(local)

    @property
    def done(self) -> bool:
        """True once every tween has reached its end (an empty timeline is done)."""
        return all(tween.is_done_at(self._elapsed_s - begin) for begin, tween in self._entries.values())
