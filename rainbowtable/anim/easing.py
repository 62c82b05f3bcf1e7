"""Named easing curves: `ease(name, t)` maps a clamped progress t in [0, 1] to an eased fraction.

The curves themselves come from pytweening, bar the bounces (`_out_bounce`); this module gives them short
snake_case names (the ones a scene or a setting can spell) and guarantees the ends: `ease(name, 0) == 0.0`
and `ease(name, 1) == 1.0` exactly, so a tween always lands on its end value. Overshooting curves
(`out_back`, `out_elastic`) may leave [0, 1] in between. Deliberately holds no clock, no pygame and no
notion of what is being animated.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

import pytweening

EasingFn = Callable[[float], float]


def _out_bounce(t: float) -> float:
    """Penner's bounce. pytweening's `easeOutBounce` puts its last bounce's peak at 2.65/2.75 rather than
    2.625/2.75, so it rises to 1.007 just past t = 0.909 before it falls back: a bounce that overshoots
    the floor."""
    if t < 1 / 2.75:
        return 7.5625 * t * t
    if t < 2 / 2.75:
        t -= 1.5 / 2.75
        return 7.5625 * t * t + 0.75
    if t < 2.5 / 2.75:
        t -= 2.25 / 2.75
        return 7.5625 * t * t + 0.9375
    t -= 2.625 / 2.75
    return 7.5625 * t * t + 0.984375


def _in_out_bounce(t: float) -> float:
    return (1 - _out_bounce(1 - 2 * t)) / 2 if t < 0.5 else (1 + _out_bounce(2 * t - 1)) / 2


EASINGS: Mapping[str, EasingFn] = MappingProxyType(
    {
        "linear": pytweening.linear,
        "in_quad": pytweening.easeInQuad,
        "out_quad": pytweening.easeOutQuad,
        "in_out_quad": pytweening.easeInOutQuad,
        "in_cubic": pytweening.easeInCubic,
        "out_cubic": pytweening.easeOutCubic,
        "in_out_cubic": pytweening.easeInOutCubic,
        "out_quart": pytweening.easeOutQuart,
        "in_out_quart": pytweening.easeInOutQuart,
        "in_sine": pytweening.easeInSine,
        "out_sine": pytweening.easeOutSine,
        "in_out_sine": pytweening.easeInOutSine,
        "out_expo": pytweening.easeOutExpo,
        "out_circ": pytweening.easeOutCirc,
        "in_back": pytweening.easeInBack,
        "out_back": pytweening.easeOutBack,
        "in_out_back": pytweening.easeInOutBack,
        "out_bounce": _out_bounce,
        "in_out_bounce": _in_out_bounce,
        "out_elastic": pytweening.easeOutElastic,
    }
)


def clamp01(t: float) -> float:
    """t limited to [0, 1]; NaN counts as 0 so a bad dt can never poison a tween."""
    if t != t:  # NaN is the only float unequal to itself.
        return 0.0
    return 0.0 if t < 0.0 else 1.0 if t > 1.0 else t


def easing_fn(name: str) -> EasingFn:
    """The raw curve for a name; ValueError names the choices when the name is unknown."""
    try:
        return EASINGS[name]
    except KeyError:
        raise ValueError(f"unknown easing {name!r}; choose one of {sorted(EASINGS)}") from None


def ease(name: str, t: float) -> float:
    """The eased fraction for progress t (clamped to [0, 1]); exactly 0.0 and 1.0 at the ends."""
    fn = easing_fn(name)
    t = clamp01(t)
    if t <= 0.0:
        return 0.0
    if t >= 1.0:
        return 1.0
    return float(fn(t))


def lerp(a: float, b: float, f: float) -> float:
    """a + (b - a) * f, returning b exactly when f == 1 (plain lerp can miss it by one ulp)."""
    if f == 1.0:
        return float(b)
    return a + (b - a) * f
