"""Where a replay stands and how it moves: the position shown (0, the set-up, to the replay's length), a
jump to any position (shown at once), a step forward animated by the game's `BoardMotion` (and sounded), and
play/pause, which steps forward at the animation pace the settings choose until the last move."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rainbowtable.core.replay import Replay
from rainbowtable.ui.context import Context
from rainbowtable.ui.table.view import Animation, GameView, Look

STEP_PAUSE_S = 0.7
"""While playing, a step waits this long after the one before has landed (at animation speed 1: quicker at
a faster speed), long enough to see what changed."""
STEP_UNANIMATED_S = 0.9
"""With animation off, steps come this often while playing: still one at a time, readable."""


class Playback:
    def __init__(
        self,
        ctx: Context,
        replay: Replay,
        view: GameView,
        seen: Callable[[int], Any],
        position: int | None = None,
    ) -> None:
        """`seen(position)`: the board's state at a position as the replay shows it (hidden information as
        the viewing seat saw it). Starts at `position`, else at the end (where the game stands)."""
        self.ctx = ctx
        self.replay = replay
        self.view = view
        self.seen = seen
        self.position = replay.length if position is None else max(0, min(position, replay.length))
        self.playing = False
        self.animation: Animation | None = None
        self.wait_s = 0.0

    @property
    def at_end(self) -> bool:
        return self.position >= self.replay.length

    def speed(self) -> float:
        return self.ctx.settings.animation_speed

    def go(self, position: int) -> bool:
        """Show `position` at once (a jump: no animation); True when it changed."""
        position = max(0, min(position, self.replay.length))
        self.animation = None
        self.wait_s = 0.0
        if position == self.position:
            return False
        self.position = position
        return True

    def step(self, look: Callable[[], Look], *, animate: bool = True) -> bool:
        """One move forward, animated and sounded where the game's view has them (`look`: the look the
        animation starts from); False at the end."""
        if self.at_end:
            return False
        before = self.position
        self.go(before + 1)
        action = self.replay.steps[before].action
        speed = self.speed()
        if animate and speed > 0:
            self.animation = self.view.motion.animation_for(
                self.seen(before), action, self.seen(before + 1), speed, look()
            )
        sound = self.view.motion.sound_for(action) if animate else None
        if sound:
            self.ctx.play_sound(sound)
        return True

    def toggle(self) -> None:
        """Play or pause; play at the last move starts again from the set-up."""
        if self.playing:
            self.playing = False
            return
        if self.at_end:
            self.go(0)
        self.playing = True
        self.wait_s = 0.0  # the first step comes at once

    def stop(self) -> None:
        self.playing = False

    def pause(self) -> float:
        """How long a playing replay waits between two steps."""
        speed = self.speed()
        return STEP_PAUSE_S / speed if speed > 0 else STEP_UNANIMATED_S

    def update(self, dt: float, look: Callable[[], Look]) -> bool:
        """Move on by `dt`: the animation, or the next step while playing; True when the board changed."""
        if self.animation is not None:
            self.animation.update(dt)
            if self.animation.done:
                self.animation = None
            return True
        if not self.playing:
            return False
        self.wait_s -= dt
        if self.wait_s > 0:
            return False
        self.step(look)
        self.wait_s = self.pause()
        if self.at_end:
            self.playing = False
        return True
