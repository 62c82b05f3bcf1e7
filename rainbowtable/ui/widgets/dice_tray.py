"""Dice animations: `DiceTumble` (a throw of several dice) and `SettleAnimation` (one die dropped on a cell).

Animation only shows a change the core has already made: a tumble is given every die's true final face up
front (it is already in the match log) and always settles exactly on it. The faces it flickers through on
the way, the spins, hops and stagger come from a *cosmetic* `Rng` passed in (never the match's stream), all
drawn when the tumble is built, so the same cosmetic seed gives the same tumble frame by frame.

Time advances only through `update(dt)`; `speed` is the animation-speed setting (durations divided by it,
0 = no animation: done at once, on the final faces). Deliberately not here: deciding faces, legality,
input handling, or where the dice live on the board (the scene passes start and end points).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import pygame

from rainbowtable.anim.tween import Timeline, Tween, scale_duration
from rainbowtable.core.rng import Rng
from rainbowtable.ui.glyphs import RGB
from rainbowtable.ui.widgets.die import DIE_BODIES, draw_colour_die, draw_pip_die

DieKind = Literal["pips", "colour"]


@dataclass(frozen=True, slots=True)
class TumbleDie:
    """One die in a throw. `final_face` is 1..6 for pip dice, a colour index 0..5 for colour dice."""

    key: object
    kind: DieKind
    final_face: int
    start: tuple[float, float]
    end: tuple[float, float]
    size: int
    body: RGB = DIE_BODIES["white"]
    mark: int | None = None
    palette: tuple[RGB, ...] | None = None
    glyph_of: tuple[int, ...] | None = None
    """A colour die's glyph for each palette colour (None: glyph i with colour i)."""

    def __post_init__(self) -> None:
        faces = _faces(self.kind)
        if self.final_face not in faces:
            raise ValueError(f"a {self.kind} die has faces {faces[0]}..{faces[-1]}, not {self.final_face!r}")


def _faces(kind: DieKind) -> tuple[int, ...]:
    return (1, 2, 3, 4, 5, 6) if kind == "pips" else (0, 1, 2, 3, 4, 5)


def draw_die(
    surface: pygame.Surface,
    kind: DieKind,
    face: int,
    center: tuple[float, float],
    size: int,
    body: RGB,
    *,
    angle: float = 0.0,
    lift: float = 0.0,
    mark: int | None = None,
    palette: Sequence[RGB] | None = None,
    moving: bool | None = None,
    glyph_of: Sequence[int] | None = None,
) -> pygame.Rect:
    """Draw either kind of die (the one switch the animations need)."""
    if kind == "pips":
        return draw_pip_die(
            surface, center, size, face, body, angle=angle, lift=lift, mark=mark, moving=moving
        )
    return draw_colour_die(
        surface, center, size, face, palette=palette, angle=angle, lift=lift, moving=moving, glyph_of=glyph_of
    )


@dataclass(frozen=True, slots=True)
class _Plan:
    """Everything random about one die's tumble, in unscaled seconds from the throw."""

    delay_s: float
    travel_s: float
    spin_deg: float
    hops: int
    hop_height: float
    face_times_s: tuple[float, ...]
    faces: tuple[int, ...]  # faces[i] shows from face_times_s[i]; the last one is the final face


# Faces change quickly at first and slow down, like a die losing energy; the final face lands at this
# fraction of the die's travel so it is readable while the die still slides and spins to rest.
_FIRST_FLICKER = 0.05
_FLICKER_GROWTH = 1.28
_FINAL_FACE_AT = 0.72


def _plan(die: TumbleDie, rng: Rng, duration_s: float) -> _Plan:
    delay = rng.random() * 0.14 * duration_s
    travel = duration_s - delay
    direction = -1.0 if rng.below(2) == 0 else 1.0
    spin = direction * (280.0 + rng.random() * 320.0)
    hops = 2 + rng.below(2)
    hop_height = 0.55 + rng.random() * 0.4
    faces_pool = _faces(die.kind)
    times: list[float] = []
    faces: list[int] = []
    t, step = 0.0, _FIRST_FLICKER
    previous = -1
    while t < _FINAL_FACE_AT:
        choices = [f for f in faces_pool if f != previous]
        previous = rng.choice(choices)
        times.append(delay + t * travel)
        faces.append(previous)
        t += step
        step *= _FLICKER_GROWTH
    # The face before the last differs from the final one, so the landing visibly changes the die.
    if faces[-1] == die.final_face:
        faces[-1] = rng.choice([f for f in faces_pool if f != die.final_face])
    times.append(delay + _FINAL_FACE_AT * travel)
    faces.append(die.final_face)
    return _Plan(delay, travel, spin, hops, hop_height, tuple(times), tuple(faces))


class DiceTumble:
    """N dice tumbling from their start points to their end points and settling on their final faces."""

    def __init__(
        self, dice: Sequence[TumbleDie], rng: Rng, duration_s: float = 0.9, speed: float = 1.0
    ) -> None:
        if duration_s <= 0.0:
            raise ValueError("a tumble needs a positive duration")
        self._dice = tuple(dice)
        self._index = {d.key: i for i, d in enumerate(self._dice)}
        if len(self._index) != len(self._dice):
            raise ValueError("tumble dice need distinct (hashable) keys")
        # Draw every random number now, in die order, whatever the speed: same seed => same tumble.
        self._plans = tuple(_plan(d, rng, duration_s) for d in self._dice)
        self._speed = speed
        self._time_scale = scale_duration(1.0, speed)  # seconds of plan per unscaled second; 0 = instant
        self._timeline = Timeline(speed=speed)
        for i, (d, plan) in enumerate(zip(self._dice, self._plans, strict=True)):
            self._timeline.add(f"pos{i}", Tween(d.start, d.end, plan.travel_s, "out_cubic", plan.delay_s))
            self._timeline.add(
                f"spin{i}", Tween(plan.spin_deg, 0.0, plan.travel_s, "out_cubic", plan.delay_s)
            )
            self._timeline.add(f"p{i}", Tween(0.0, 1.0, plan.travel_s, "linear", plan.delay_s))

    @property
    def dice(self) -> tuple[TumbleDie, ...]:
        return self._dice

    @property
    def done(self) -> bool:
        return self._timeline.done

    def update(self, dt: float) -> None:
        self._timeline.update(dt)

    def finish(self) -> None:
        """Skip to the end (a click during the throw)."""
        self._timeline.finish()

    def _i(self, key: object) -> int:
        try:
            return self._index[key]
        except KeyError:
            raise KeyError(f"no die {key!r} in this tumble") from None

    def face_of(self, key: object) -> int:
        """The face the die shows now (its final face once it has landed, and always once done)."""
        i = self._i(key)
        if self.done:
            return self._dice[i].final_face
        plan = self._plans[i]
        # Elapsed time in the plan's unscaled seconds.
        elapsed = self._timeline.elapsed_s / self._time_scale if self._time_scale > 0 else math.inf
        face = plan.faces[0]
        for when, shown in zip(plan.face_times_s, plan.faces, strict=True):
            if elapsed + 1e-9 >= when:
                face = shown
            else:
                break
        return face

    def position_of(self, key: object) -> tuple[float, float]:
        x, y = self._timeline.point(f"pos{self._i(key)}")
        return (x, y)

    def angle_of(self, key: object) -> float:
        return self._timeline.scalar(f"spin{self._i(key)}")

    def progress_of(self, key: object) -> float:
        """How far through its own travel a die is, linear 0..1 (0 while waiting for its stagger)."""
        return self._timeline.scalar(f"p{self._i(key)}")

    def lift_of(self, key: object) -> float:
        """Height in [0, 1]: a few hops shrinking to rest (0 before the throw starts and once landed)."""
        return self._lift(self._i(key), self.progress_of(key))

    def _lift(self, i: int, p: float) -> float:
        if p <= 0.0 or p >= 1.0:
            return 0.0
        plan = self._plans[i]
        # Hops end at 85% of the travel; the rest is a slide to rest.
        q = min(1.0, p / 0.85)
        return plan.hop_height * abs(math.sin(math.pi * plan.hops * q)) * math.pow(1.0 - q, 1.6)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Draw the dice; returns the rects drawn, so the table can restore just those next frame."""
        # Each die's tweens are read once a frame (they are the bulk of the Python work here).
        poses = []
        for i, d in enumerate(self._dice):
            progress = self.progress_of(d.key)
            poses.append((self._lift(i, progress), d, progress))
        # Higher dice are drawn last so they (and their shadows) pass over the ones on the table.
        poses.sort(key=lambda pose: pose[0])
        return [
            draw_die(
                surface,
                d.kind,
                self.face_of(d.key),
                self.position_of(d.key),
                d.size,
                d.body,
                angle=self.angle_of(d.key),
                lift=lift,
                mark=d.mark,
                palette=d.palette,
                glyph_of=d.glyph_of,
                # Thrown until it lands, even at the bottom of a hop or waiting for its turn to go: its
                # angle is about to change, so a smooth (costly) turn would be wasted.
                moving=progress < 1.0,
            )
            for lift, d, progress in poses
        ]


class SettleAnimation:
    """One die dropped onto a cell: it comes down from `from_lift`, a touch enlarged, and bounces once."""

    def __init__(
        self,
        kind: DieKind,
        face: int,
        center: tuple[float, float],
        size: int,
        body: RGB = DIE_BODIES["white"],
        *,
        duration_s: float = 0.35,
        speed: float = 1.0,
        from_lift: float = 0.7,
        from_angle: float = 0.0,
        mark: int | None = None,
        palette: tuple[RGB, ...] | None = None,
    ) -> None:
        if face not in _faces(kind):
            raise ValueError(f"a {kind} die cannot show {face!r}")
        self.kind: DieKind = kind
        self.face = face
        self.center = center
        self.size = size
        self.body = body
        self.mark = mark
        self.palette = palette
        self._timeline = Timeline(speed=speed)
        self._timeline.add("lift", Tween(from_lift, 0.0, duration_s, "out_bounce"))
        self._timeline.add("angle", Tween(from_angle, 0.0, duration_s * 0.8, "out_back"))

    @property
    def done(self) -> bool:
        return self._timeline.done

    @property
    def lift(self) -> float:
        return max(0.0, self._timeline.scalar("lift"))

    @property
    def angle(self) -> float:
        return self._timeline.scalar("angle")

    def update(self, dt: float) -> None:
        self._timeline.update(dt)

    def finish(self) -> None:
        self._timeline.finish()

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        return [
            draw_die(
                surface,
                self.kind,
                self.face,
                self.center,
                self.size,
                self.body,
                angle=self.angle,
                lift=self.lift,
                mark=self.mark,
                palette=self.palette,
            )
        ]
