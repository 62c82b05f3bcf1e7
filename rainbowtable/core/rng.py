"""The seeded generator behind every chance event: SplitMix64, whose whole state is one 64-bit integer.

Why not `random.Random`: its state is 625 integers and only `random()` is promised stable across Python
versions. SplitMix64 is tiny, fast, passes BigCrush, and its state saves as 16 hex digits. A golden test pins
the sequence so saves replay identically forever. Holds no notion of games; see ARCHITECTURE.md §5.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MASK_64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """A SplitMix64 stream. Mutable on purpose: the match owns one and records its state after each step."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK_64

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        # Mix the seed once so that nearby game numbers (1, 2, 3) start far apart.
        rng = cls(seed)
        rng.state = rng.next_u64()
        return rng

    @classmethod
    def from_hex(cls, text: str) -> Rng:
        return cls(int(text, 16))

    @property
    def state_hex(self) -> str:
        return f"{self.state:016x}"

    def copy(self) -> Rng:
        return Rng(self.state)

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN_GAMMA) & MASK_64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK_64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK_64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def roll(self, sides: int = 6) -> int:
        """One die: 1..sides."""
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffle of a copy."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def fork(self, label: str) -> Rng:
        """An independent stream derived from this one's state and a label (AI per seat, cosmetic dice)."""
        mixed = self.state
        for byte in label.encode():
            mixed = ((mixed ^ byte) * 0x100000001B3) & MASK_64
        return Rng.from_seed(mixed)
